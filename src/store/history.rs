//! The history of every change to a result, pairing or player: who, when, old and new value as JSON.
//! Nothing is overwritten silently: the old value is always kept here.

use super::{Conn, Store, StoreError, TournamentId, UserId, now};
use serde::Serialize;

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

/// Record one change inside the caller's transaction (a [`Store::write_tournament`] one: the change
/// counter moved with it).
///
/// # Errors
/// The insert fails or a value cannot be encoded.
pub async fn record<O: Serialize, N: Serialize>(
    conn: &mut Conn,
    Subject { tournament, entity, id: entity_id }: Subject<'_>,
    action: &str,
    user: Option<UserId>,
    old: &O,
    new: &N,
) -> Result<(), StoreError> {
    let (old, new) = (serde_json::to_string(old)?, serde_json::to_string(new)?);
    on!(conn, |c| sqlx::query(
        "INSERT INTO history (tournament_id, entity, entity_id, action, user_id, at, old_value, new_value) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    )
    .bind(tournament)
    .bind(entity)
    .bind(entity_id)
    .bind(action)
    .bind(user)
    .bind(now())
    .bind(&old)
    .bind(&new)
    .execute(c)
    .await
    .map(|r| r.rows_affected()))?;
    Ok(())
}

/// The changes to one entity, oldest first.
///
/// # Errors
/// The query fails.
pub async fn for_entity(db: &Store, entity: &str, entity_id: i64) -> Result<Vec<Change>, StoreError> {
    Ok(on!(db, |c| sqlx::query_as::<_, Change>(
        "SELECT h.entity, h.entity_id, h.action, u.username, h.at, h.old_value, h.new_value \
         FROM history h LEFT JOIN users u ON u.id = h.user_id \
         WHERE h.entity = $1 AND h.entity_id = $2 ORDER BY h.id",
    )
    .bind(entity)
    .bind(entity_id)
    .fetch_all(c)
    .await)?)
}

/// Every change in a tournament, newest first (the organiser's audit page).
///
/// # Errors
/// The query fails.
pub async fn for_tournament(db: &Store, tournament: TournamentId) -> Result<Vec<Change>, StoreError> {
    Ok(on!(db, |c| sqlx::query_as::<_, Change>(
        "SELECT h.entity, h.entity_id, h.action, u.username, h.at, h.old_value, h.new_value \
         FROM history h LEFT JOIN users u ON u.id = h.user_id \
         WHERE h.tournament_id = $1 ORDER BY h.id DESC",
    )
    .bind(tournament)
    .fetch_all(c)
    .await)?)
}
