//! Round 1's players seated from the entries of schools (issue 39): every checked-in confirmed
//! entry becomes a player, the others are absent. Round 1's pairing asks for it first
//! ([`seat_before_round_1`]), so this file depends on the store alone (the rounds call it; the
//! desk's use cases in `entries::desk` call the rounds).

use super::{AppError, AppResult, Refusal};
use crate::store::rounds::Status;
use crate::store::{self, PlayerId, Store, TournamentId, UserId};

/// The round a player registered now can first be paired in: the one after the last published (a
/// draft is not played yet: its players are re-paired with the newcomers, see
/// `registration::enter`).
///
/// # Errors
/// The database fails.
pub async fn next_round(db: &Store, t: TournamentId) -> AppResult<i64> {
    let rounds = store::rounds::list(db, t).await?;
    Ok(rounds.iter().filter(|r| r.status() != Status::Draft).map(|r| r.number).max().unwrap_or(0) + 1)
}

/// Before round 1 is paired: the players seated from the entries if the organiser has not closed
/// the desk's list yet (round 1 pairs exactly the checked-in confirmed entries; the others absent,
/// each with a history line). Nothing without entries, or once seated.
///
/// # Errors
/// The database fails.
pub async fn seat_before_round_1(db: &Store, t: TournamentId, by: UserId) -> AppResult<()> {
    let Some(o) = store::entries::rules(db, t).await? else { return Ok(()) };
    if o.seated || next_round(db, t).await? != 1 {
        return Ok(());
    }
    match seat(db, t, by).await {
        // Seated meanwhile by another request: as wanted.
        Err(AppError::Refused(Refusal::Entry(crate::store::entries::EntryRefusal::Seated))) => Ok(()),
        other => other.map(|_| ()),
    }
}

/// Seat round 1's players from the checked-in confirmed entries (one transaction). The players.
///
/// # Errors
/// Entries not open; seated already; the database fails.
pub async fn seat(db: &Store, t: TournamentId, by: UserId) -> AppResult<Vec<PlayerId>> {
    let joined = next_round(db, t).await?;
    let mut tx = db.write_tournament(t).await?;
    let players =
        store::entries::seat_in(&mut tx, t, joined, by, super::authority::links_without_asking).await?;
    tx.commit().await?;
    tracing::info!(tournament = %t, players = players.len(), "round 1's players seated from the entries");
    Ok(players)
}
