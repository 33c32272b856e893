//! Rounds and their matches (pairings). A round is computed as a draft, shown to the organiser,
//! then published and finally locked. Creating a round creates its matches and their two games in
//! one transaction, with a history row per pairing.
//!
//! Here: rounds, their phase and status, and moving a round on; `draft`: storing, changing and
//! discarding a draft's pairings; `matches`: the matches as pages list them, and walkovers.

mod draft;
mod matches;

pub use super::values::rounds::{Forfeit, NewMatch, Phase, Status};
pub use draft::{create, discard_draft, swap_players};
pub(crate) use matches::set_forfeit_in;
pub use matches::{MatchRow, all_matches, all_matches_in, get_match, matches_of, set_forfeit};

use super::history::Change;
use super::{Conn, RoundId, Store, StoreError, TournamentId, UserId};

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Round {
    pub id: RoundId,
    pub tournament_id: TournamentId,
    pub number: i64,
    pub phase: Phase,
    pub status: Status,
    /// The pairing explanation ("why these pairings"), as rendered text lines.
    pub explanation: String,
    pub version: i64,
}

impl Round {
    #[must_use]
    pub fn phase(&self) -> Phase {
        self.phase
    }

    #[must_use]
    pub fn status(&self) -> Status {
        self.status
    }
}

const ROUND_SELECT: &str =
    "SELECT id, tournament_id, number, phase, status, explanation, version FROM rounds";

/// Move a round from `from` to `to` (publish, lock), if it is still in `from` (the first
/// publication's time is kept: an online match waits for its players from then), and, for a move
/// decided on a snapshot read at `seen` (locking a round whose results were all in), if nothing
/// changed since.
///
/// # Errors
/// [`StoreError::Conflict`] if the round is not in `from` or the tournament changed since `seen`;
/// the update fails.
#[tracing::instrument(skip(db))]
pub async fn advance(
    db: &Store,
    tournament: TournamentId,
    seen: Option<super::Stamp>,
    round: RoundId,
    from: Status,
    to: Status,
    by: UserId,
) -> Result<(), StoreError> {
    let mut tx = match seen {
        Some(seen) => db.write_tournament_unchanged(tournament, seen).await?,
        None => db.write_tournament(tournament).await?,
    };
    let updated = on!(&mut tx, |c| {
        sqlx::query(
            "UPDATE rounds SET status = $1, version = version + 1, \
         published_at = CASE WHEN $1 = $5 THEN COALESCE(published_at, $6) ELSE published_at END \
         WHERE id = $2 AND tournament_id = $3 AND status = $4 \
         AND ($1 <> $5 OR EXISTS (SELECT 1 FROM matches WHERE matches.round_id = $2))",
        )
        .bind(to)
        .bind(round)
        .bind(tournament)
        .bind(from)
        .bind(Status::Published)
        .bind(super::now())
        .execute(c)
        .await
        .map(|r| r.rows_affected())
    })?;
    if updated == 0 {
        return Err(StoreError::Conflict);
    }
    tx.record(tournament, by, &Change::RoundAdvanced { round, from, to }).await?;
    tx.commit().await?;
    Ok(())
}

/// Open a locked round again (back to published, for corrections), with the organiser's reason
/// logged, if it is still locked and no later round is paired: both checked by the update itself,
/// in the write's transaction, so a round paired meanwhile keeps the locked round locked.
///
/// # Errors
/// [`Refusal::NextRoundPaired`](super::Refusal::NextRoundPaired) if a later round exists (a
/// draft too); [`StoreError::Conflict`] if the round is not locked; [`StoreError::NotFound`]; the
/// update fails.
#[tracing::instrument(skip(db))]
pub async fn unlock(
    db: &Store,
    tournament: TournamentId,
    round: RoundId,
    reason: &str,
    by: UserId,
) -> Result<(), StoreError> {
    let mut tx = db.write_tournament(tournament).await?;
    let updated = on!(&mut tx, |c| {
        sqlx::query(
            "UPDATE rounds SET status = $1, version = version + 1 WHERE id = $2 AND tournament_id = $3 \
             AND status = $4 AND NOT EXISTS (SELECT 1 FROM rounds later \
             WHERE later.tournament_id = $3 AND later.number > rounds.number) \
             AND NOT EXISTS (SELECT 1 FROM tournament_stages s \
             WHERE s.tournament_id = $3 AND s.kind = rounds.phase AND s.status = $5)",
        )
        .bind(Status::Published)
        .bind(round)
        .bind(tournament)
        .bind(Status::Locked)
        .bind(crate::store::stages::StageStatus::Closed)
        .execute(c)
        .await
        .map(|r| r.rows_affected())
    })?;
    if updated == 0 {
        let later: Option<(i64, i64)> = on!(&mut tx, |c| {
            sqlx::query_as(
                "SELECT COUNT(later.id), (SELECT COUNT(*) FROM tournament_stages s \
                 WHERE s.tournament_id = r.tournament_id AND s.kind = r.phase AND s.status = $3) \
                 FROM rounds r LEFT JOIN rounds later \
                 ON later.tournament_id = r.tournament_id AND later.number > r.number \
                 WHERE r.id = $1 AND r.tournament_id = $2 GROUP BY r.id, r.tournament_id, r.phase",
            )
            .bind(round)
            .bind(tournament)
            .bind(crate::store::stages::StageStatus::Closed)
            .fetch_optional(c)
            .await
        })?;
        return Err(match later {
            None => StoreError::NotFound,
            Some((n, _)) if n > 0 => StoreError::Refused(super::Refusal::NextRoundPaired),
            Some((_, closed)) if closed > 0 => StoreError::Refused(super::Refusal::StageClosed),
            Some(_) => StoreError::Conflict,
        });
    }
    let change = Change::RoundUnlocked { round, reason: reason.to_string() };
    tx.record(tournament, by, &change).await?;
    tx.commit().await?;
    Ok(())
}

/// Rounds of a tournament in order.
///
/// # Errors
/// The query fails.
pub async fn list(db: &Store, tournament: TournamentId) -> Result<Vec<Round>, StoreError> {
    list_in(&mut db.conn().await?, tournament).await
}

/// [`list`] inside the caller's transaction (the read model loads everything in one).
///
/// # Errors
/// The query fails.
pub async fn list_in(conn: &mut Conn, tournament: TournamentId) -> Result<Vec<Round>, StoreError> {
    Ok(on!(conn, |c| sqlx::query_as::<_, Round>(sqlx::AssertSqlSafe(format!(
        "{ROUND_SELECT} WHERE tournament_id = $1 ORDER BY number"
    )))
    .bind(tournament)
    .fetch_all(c)
    .await)?)
}

/// # Errors
/// The query fails.
pub async fn by_number(
    db: &Store,
    tournament: TournamentId,
    number: i64,
) -> Result<Option<Round>, StoreError> {
    Ok(on!(db, |c| sqlx::query_as::<_, Round>(sqlx::AssertSqlSafe(format!(
        "{ROUND_SELECT} WHERE tournament_id = $1 AND number = $2"
    )))
    .bind(tournament)
    .bind(number)
    .fetch_optional(c)
    .await)?)
}
