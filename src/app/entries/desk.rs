//! The desk on the day: a confirmed pupil ticked present (or the tick taken back); then round 1's
//! players seated: every checked-in confirmed entry becomes a player of the event, linked to the
//! person registry by the diacritic-blind matching (`store::persons::link_in`: the same name and
//! birth date is the same person; a near match makes a new person the organiser sees on the
//! persons page), the others absent. Round 1 pairs the event's players, so exactly the confirmed
//! entries present.

use crate::app::{AppResult, authority, registration};
use crate::store::{self, PlayerId, Store, TournamentId, UserId};

/// Tick `entry` present (or not). After round 1's players were seated and before round 1 is
/// published, an entry found absent ticked present is a latecomer: it becomes a player joining
/// round 1, whose draft is paired again with them.
///
/// # Errors
/// Not the event's entry; not confirmed (nor absent, for a latecomer); the list closed (round 1
/// published); the database fails.
pub async fn check_in(db: &Store, t: TournamentId, entry: i64, present: bool, by: UserId) -> AppResult<()> {
    authority::entry_of_event(db, t, entry).await?;
    let seated = store::entries::rules(db, t).await?.is_some_and(|o| o.seated);
    if !seated || !present {
        return Ok(store::entries::check_in(db, t, entry, present).await?);
    }
    let mut tx = db.write_tournament(t).await?;
    let player = store::entries::late_in(&mut tx, t, entry, by).await?;
    tx.commit().await?;
    let draft = registration::rejoin_draft(db, t, 1, by).await?;
    tracing::info!(tournament = %t, entry, %player, ?draft, "a latecomer joined round 1");
    Ok(())
}

/// Before round 1 is paired: the players seated from the entries if the organiser has not closed
/// the desk's list yet (round 1 pairs exactly the checked-in confirmed entries; the others absent,
/// each with a history line). Nothing without entries, or once seated.
///
/// # Errors
/// The database fails.
pub async fn seat_before_round_1(db: &Store, t: TournamentId, by: UserId) -> AppResult<()> {
    let Some(o) = store::entries::rules(db, t).await? else { return Ok(()) };
    if o.seated || registration::next_round(db, t).await? != 1 {
        return Ok(());
    }
    match seat(db, t, by).await {
        // Seated meanwhile by another request: as wanted.
        Err(crate::app::AppError::Refused(crate::app::Refusal::Entry(
            crate::store::entries::EntryRefusal::Seated,
        ))) => Ok(()),
        other => other.map(|_| ()),
    }
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
