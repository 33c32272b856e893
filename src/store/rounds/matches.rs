//! Matches as every page lists them (with their round and players' names), and walkovers: a match
//! recorded as not played over the board.

use super::{Forfeit, Phase, Status};
use crate::store::history::Change;
use crate::store::{Conn, MatchId, PlayerId, RoundId, Store, StoreError, TournamentId, UserId};

/// A match with its round and player names, as every page lists them.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct MatchRow {
    pub id: MatchId,
    pub round_id: RoundId,
    pub round_number: i64,
    pub phase: Phase,
    pub round_status: Status,
    pub table_no: i64,
    pub player_a: PlayerId,
    pub player_b: Option<PlayerId>,
    pub a_name: String,
    pub b_name: Option<String>,
    pub bracket_slot: Option<i64>,
    pub version: i64,
    /// Not played over the board: see [`Forfeit`]; `None` when the games decide.
    pub forfeit: Option<Forfeit>,
    /// A group round's match: its group (0 for A).
    pub group_no: Option<i64>,
}

impl MatchRow {
    /// The stored no-show or withdrawal, if any.
    #[must_use]
    pub fn forfeit(&self) -> Option<Forfeit> {
        self.forfeit
    }
}

const MATCH_SELECT: &str = "SELECT m.id, m.round_id, r.number AS round_number, r.phase, r.status AS round_status, \
     m.table_no, m.player_a, m.player_b, pa.name AS a_name, pb.name AS b_name, m.bracket_slot, m.version, m.forfeit, m.group_no \
     FROM matches m JOIN rounds r ON r.id = m.round_id JOIN players pa ON pa.id = m.player_a \
     LEFT JOIN players pb ON pb.id = m.player_b";

/// Record (or clear, with `None`) a no-show or withdrawal for a match still at `version` whose
/// round is in one of the `open` statuses, with its history row, in one transaction (so a walkover
/// cannot slip into a round locked meanwhile).
///
/// # Errors
/// [`StoreError::Conflict`] if the match changed since it was loaded, [`StoreError::NotFound`],
/// [`StoreError::Refused`] (`Refusal::RoundNotOpen`).
#[tracing::instrument(skip(db))]
pub async fn set_forfeit(
    db: &Store,
    tournament: TournamentId,
    m: MatchId,
    version: i64,
    forfeit: Option<Forfeit>,
    by: UserId,
    open: &[Status],
) -> Result<(), StoreError> {
    let mut tx = db.write_tournament(tournament).await?;
    set_forfeit_in(&mut tx, tournament, m, version, forfeit, by, open).await?;
    tx.commit().await?;
    Ok(())
}

/// [`set_forfeit`] inside the caller's write transaction (an online match's no-show claim checks
/// its own state in the same one, `store::online::claim_no_show`).
///
/// # Errors
/// As [`set_forfeit`].
pub(crate) async fn set_forfeit_in(
    tx: &mut Conn,
    tournament: TournamentId,
    m: MatchId,
    version: i64,
    forfeit: Option<Forfeit>,
    by: UserId,
    open: &[Status],
) -> Result<(), StoreError> {
    let old: Option<(Option<Forfeit>, i64, Status, bool)> = on!(&mut *tx, |c| sqlx::query_as(
        "SELECT m.forfeit, m.version, r.status, EXISTS (SELECT 1 FROM tournament_stages s \
         WHERE s.tournament_id = r.tournament_id AND s.kind = r.phase AND s.status = 'closed') \
         FROM matches m JOIN rounds r ON r.id = m.round_id WHERE m.id = $1 AND r.tournament_id = $2",
    )
    .bind(m)
    .bind(tournament)
    .fetch_optional(c)
    .await)?;
    let Some((old, current, status, stage_closed)) = old else { return Err(StoreError::NotFound) };
    if current != version {
        return Err(StoreError::Conflict);
    }
    if !open.contains(&status) {
        return Err(StoreError::Refused(crate::store::Refusal::RoundNotOpen));
    }
    if stage_closed {
        return Err(StoreError::Refused(crate::store::Refusal::StageClosed));
    }
    let updated = on!(&mut *tx, |c| sqlx::query(
        "UPDATE matches SET forfeit = $1, version = version + 1 WHERE id = $2 AND version = $3"
    )
    .bind(forfeit)
    .bind(m)
    .bind(version)
    .execute(c)
    .await
    .map(|r| r.rows_affected()))?;
    if updated == 0 {
        return Err(StoreError::Conflict);
    }
    let change = Change::ForfeitChanged { match_id: m, before: old, after: forfeit };
    tx.record(tournament, by, &change).await?;
    Ok(())
}

/// Matches of one round by table.
///
/// # Errors
/// The query fails.
pub async fn matches_of(db: &Store, round: RoundId) -> Result<Vec<MatchRow>, StoreError> {
    Ok(on!(db, |c| sqlx::query_as::<_, MatchRow>(sqlx::AssertSqlSafe(format!(
        "{MATCH_SELECT} WHERE m.round_id = $1 \
         ORDER BY CASE WHEN m.player_b IS NULL THEN 1 ELSE 0 END, m.table_no, m.id"
    )))
    .bind(round)
    .fetch_all(c)
    .await)?)
}

/// Every match of a tournament, by round then table (standings, exports, player pages).
///
/// # Errors
/// The query fails.
pub async fn all_matches(db: &Store, tournament: TournamentId) -> Result<Vec<MatchRow>, StoreError> {
    all_matches_in(&mut db.conn().await?, tournament).await
}

/// [`all_matches`] inside the caller's transaction (the read model loads everything in one).
///
/// # Errors
/// The query fails.
pub async fn all_matches_in(conn: &mut Conn, tournament: TournamentId) -> Result<Vec<MatchRow>, StoreError> {
    Ok(on!(conn, |c| sqlx::query_as::<_, MatchRow>(sqlx::AssertSqlSafe(format!(
        "{MATCH_SELECT} WHERE r.tournament_id = $1 \
         ORDER BY r.number, CASE WHEN m.player_b IS NULL THEN 1 ELSE 0 END, m.table_no, m.id"
    )))
    .bind(tournament)
    .fetch_all(c)
    .await)?)
}

/// One match, checked to belong to the tournament.
///
/// # Errors
/// The query fails.
pub async fn get_match(
    db: &Store,
    tournament: TournamentId,
    id: MatchId,
) -> Result<Option<MatchRow>, StoreError> {
    Ok(on!(db, |c| sqlx::query_as::<_, MatchRow>(sqlx::AssertSqlSafe(format!(
        "{MATCH_SELECT} WHERE r.tournament_id = $1 AND m.id = $2"
    )))
    .bind(tournament)
    .bind(id)
    .fetch_optional(c)
    .await)?)
}
