//! The desk on the day: a confirmed pupil ticked present (or the tick taken back); then round 1's
//! players seated: every checked-in confirmed entry becomes a player of the event, linked to the
//! person registry by the diacritic-blind matching (`store::persons::link_in`: the same name and
//! birth date is the same person; a near match makes a new person the organiser sees on the
//! persons page), the others absent. Round 1 pairs the event's players, so exactly the confirmed
//! entries present.

use crate::app::{AppResult, authority, registration};
use crate::store::{self, PlayerId, Store, TournamentId, UserId};

/// Tick `entry` present (or not).
///
/// # Errors
/// Not the event's entry; not confirmed; the list closed; the database fails.
pub async fn check_in(db: &Store, t: TournamentId, entry: i64, present: bool) -> AppResult<()> {
    authority::entry_of_event(db, t, entry).await?;
    Ok(store::entries::check_in(db, t, entry, present).await?)
}

/// Seat round 1's players from the checked-in confirmed entries (one transaction). The players.
///
/// # Errors
/// Entries not open; seated already; the database fails.
pub async fn seat(db: &Store, t: TournamentId, by: UserId) -> AppResult<Vec<PlayerId>> {
    let joined = registration::next_round(db, t).await?;
    let mut tx = db.write_tournament(t).await?;
    let players = store::entries::seat_in(&mut tx, t, joined, by).await?;
    tx.commit().await?;
    tracing::info!(tournament = %t, players = players.len(), "round 1's players seated from the entries");
    Ok(players)
}
