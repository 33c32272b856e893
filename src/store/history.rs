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

/// One history row as the history page reads it: the values without their move logs (a busy
/// day's history holds megabytes of logs; the page links each one instead), whether a log was
/// there, and the match and round it concerns, when it concerns one.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Entry {
    pub id: i64,
    pub entity: String,
    pub entity_id: i64,
    pub action: String,
    pub username: Option<String>,
    pub at: String,
    pub old_value: String,
    pub new_value: String,
    pub old_log: bool,
    pub new_log: bool,
    pub match_id: Option<i64>,
    pub round_number: Option<i64>,
    pub table_no: Option<i64>,
    /// The game's number, for a game's row.
    pub game_no: Option<i64>,
    /// The match's players (A commands Red in game 1).
    pub player_a: Option<i64>,
    pub player_b: Option<i64>,
}

/// Which history rows a page shows.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Filter {
    /// Rows about this round (its pairings, matches, games, deck checks, status, referees).
    pub round: Option<i64>,
    /// Rows about this player (the player, their matches and games, their forbidden pairs).
    pub player: Option<super::PlayerId>,
    /// Rows about this match and its games only.
    pub match_id: Option<super::MatchId>,
}

/// The values of a row with `$.log_text` taken out (a JSON object's only), and whether it had one.
const WITHOUT_LOGS: &str = "SELECT h.id, h.entity, h.entity_id, h.action, u.username, h.at, \
     CASE WHEN json_valid(h.old_value) AND json_type(h.old_value) = 'object' \
          THEN json_remove(h.old_value, '$.log_text') ELSE h.old_value END AS old_value, \
     CASE WHEN json_valid(h.new_value) AND json_type(h.new_value) = 'object' \
          THEN json_remove(h.new_value, '$.log_text') ELSE h.new_value END AS new_value, \
     (json_valid(h.old_value) AND json_type(h.old_value) = 'object' \
          AND json_type(h.old_value, '$.log_text') = 'text') AS old_log, \
     (json_valid(h.new_value) AND json_type(h.new_value) = 'object' \
          AND json_type(h.new_value, '$.log_text') = 'text') AS new_log, \
     m.id AS match_id, r.number AS round_number, m.table_no, g.game_no, m.player_a, m.player_b \
     FROM history h LEFT JOIN users u ON u.id = h.user_id \
     LEFT JOIN games g ON h.entity = 'game' AND g.id = h.entity_id \
     LEFT JOIN matches m ON m.id = (CASE WHEN h.entity = 'game' THEN g.match_id \
          WHEN h.entity IN ('match', 'pairing', 'deck-check') THEN h.entity_id END) \
     LEFT JOIN rounds r ON r.id = (CASE WHEN h.entity = 'round' THEN h.entity_id ELSE m.round_id END) \
     WHERE h.tournament_id = ?1 \
       AND (?2 IS NULL OR r.number = ?2) \
       AND (?3 IS NULL OR m.player_a = ?3 OR m.player_b = ?3 \
            OR (h.entity IN ('player', 'forbidden-pair') AND h.entity_id = ?3)) \
       AND (?4 IS NULL OR m.id = ?4) ";

/// A page of a tournament's history, newest first: at most `limit` rows after skipping `offset`.
///
/// # Errors
/// The query fails.
pub async fn page(
    db: &super::Db,
    tournament: TournamentId,
    filter: Filter,
    offset: i64,
    limit: i64,
) -> Result<Vec<Entry>, StoreError> {
    Ok(sqlx::query_as::<_, Entry>(&format!("{WITHOUT_LOGS} ORDER BY h.id DESC LIMIT ?5 OFFSET ?6"))
        .bind(tournament)
        .bind(filter.round)
        .bind(filter.player)
        .bind(filter.match_id)
        .bind(limit)
        .bind(offset)
        .fetch_all(db)
        .await?)
}

/// Which value of a history row.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    Old,
    New,
}

/// The move log kept in one value of a history row (the log as it was then), if it has one.
///
/// # Errors
/// The query fails.
pub async fn log_of(
    db: &super::Db,
    tournament: TournamentId,
    id: i64,
    side: Side,
) -> Result<Option<String>, StoreError> {
    let column = match side {
        Side::Old => "old_value",
        Side::New => "new_value",
    };
    let row: Option<(Option<String>,)> = sqlx::query_as(&format!(
        "SELECT CASE WHEN json_valid({column}) AND json_type({column}) = 'object' \
         THEN json_extract({column}, '$.log_text') END FROM history WHERE id = ? AND tournament_id = ?"
    ))
    .bind(id)
    .bind(tournament)
    .fetch_optional(db)
    .await?;
    Ok(row.and_then(|(log,)| log))
}
