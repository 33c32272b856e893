//! The history of every change to a result, pairing or player: who, when, old and new value as JSON.
//! Nothing is overwritten silently: the old value is always kept here.

use super::{StoreError, TournamentId, UserId, now};
use serde::Serialize;
use sqlx::SqliteConnection;

/// One recorded change, as the correction pages show it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Change {
    pub entity: String,
    pub entity_id: i64,
    pub action: String,
    pub username: Option<String>,
    pub at: String,
    pub old_value: String,
    pub new_value: String,
}

/// What changed: a row of some kind in a tournament.
#[derive(Debug, Clone, Copy)]
pub struct Subject<'a> {
    pub tournament: TournamentId,
    /// `player`, `pairing`, `game`, `round`, `deck-check`, `forbidden-pair`.
    pub entity: &'a str,
    pub id: i64,
}

/// Record one change inside the caller's transaction.
///
/// # Errors
/// The insert fails or a value cannot be encoded.
pub async fn record<O: Serialize, N: Serialize>(
    conn: &mut SqliteConnection,
    Subject { tournament, entity, id: entity_id }: Subject<'_>,
    action: &str,
    user: Option<UserId>,
    old: &O,
    new: &N,
) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO history (tournament_id, entity, entity_id, action, user_id, at, old_value, new_value) \
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
    )
    .bind(tournament)
    .bind(entity)
    .bind(entity_id)
    .bind(action)
    .bind(user)
    .bind(now())
    .bind(serde_json::to_string(old)?)
    .bind(serde_json::to_string(new)?)
    .execute(conn)
    .await?;
    Ok(())
}

/// The changes to one entity, oldest first.
///
/// # Errors
/// The query fails.
pub async fn for_entity(db: &super::Db, entity: &str, entity_id: i64) -> Result<Vec<Change>, StoreError> {
    Ok(sqlx::query_as::<_, Change>(
        "SELECT h.entity, h.entity_id, h.action, u.username, h.at, h.old_value, h.new_value \
         FROM history h LEFT JOIN users u ON u.id = h.user_id \
         WHERE h.entity = ? AND h.entity_id = ? ORDER BY h.id",
    )
    .bind(entity)
    .bind(entity_id)
    .fetch_all(db)
    .await?)
}

/// Every change in a tournament, newest first (the organiser's audit page).
///
/// # Errors
/// The query fails.
pub async fn for_tournament(db: &super::Db, tournament: TournamentId) -> Result<Vec<Change>, StoreError> {
    Ok(sqlx::query_as::<_, Change>(
        "SELECT h.entity, h.entity_id, h.action, u.username, h.at, h.old_value, h.new_value \
         FROM history h LEFT JOIN users u ON u.id = h.user_id \
         WHERE h.tournament_id = ? ORDER BY h.id DESC",
    )
    .bind(tournament)
    .fetch_all(db)
    .await?)
}
