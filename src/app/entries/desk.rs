//! The desk on the day: a confirmed pupil ticked present (or the tick taken back); then round 1's
//! players seated: every checked-in confirmed entry becomes a player of the event, linked to the
//! person registry by the diacritic-blind matching (`store::persons::link_in`: the same name and
//! birth date is the same person; a near match makes a new person the organiser sees on the
//! persons page), the others absent. Round 1 pairs the event's players, so exactly the confirmed
//! entries present.

use crate::app::{AppResult, authority, registration};
use crate::store::{self, Store, TournamentId, UserId};

pub use crate::app::seating::seat;

/// The entries the desk may list (confirmed, and absent ones for latecomers), with only what a
/// line shows.
///
/// # Errors
/// The database fails.
pub async fn list(db: &Store, t: TournamentId) -> AppResult<Vec<store::entries::DeskEntry>> {
    Ok(store::entries::at_desk(db, t).await?)
}

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
    let player =
        store::entries::late_in(&mut tx, t, entry, by, crate::app::authority::links_without_asking).await?;
    tx.commit().await?;
    let draft = registration::rejoin_draft(db, t, 1, by).await?;
    tracing::info!(tournament = %t, entry, %player, ?draft, "a latecomer joined round 1");
    Ok(())
}
