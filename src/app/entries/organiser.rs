//! The organiser's side of the entries: every entry by school with its state, a waiting entry
//! accepted past the caps, an entry refused with a reason, a school's link revoked. Every entry
//! named is checked to be the event's (`authority::entry_of_event`).

use crate::app::{AppResult, Refusal, authority};
use crate::store::entries::{Entry, EntryRefusal, School, State};
use crate::store::{self, Store, TournamentId};

/// The event's entries, by school then arrival, and its schools.
///
/// # Errors
/// The database fails.
pub async fn entries(db: &Store, t: TournamentId) -> AppResult<(Vec<School>, Vec<Entry>)> {
    Ok((store::entries::schools(db, t).await?, store::entries::of_event(db, t).await?))
}

/// Move a waiting entry up past the caps, with the organiser's reason.
///
/// # Errors
/// Not the event's entry; not waiting; the database fails.
pub async fn accept(
    db: &Store,
    t: TournamentId,
    entry: i64,
    reason: &str,
    mail: super::Compose<'_>,
) -> AppResult<()> {
    authority::entry_of_event(db, t, entry).await?;
    Ok(store::entries::accept(db, t, entry, reason, mail).await?)
}

/// Refuse an entry with a reason: a place it held is promoted at once. The entries promoted.
///
/// # Errors
/// Not the event's entry; ended already; the database fails.
pub async fn refuse(
    db: &Store,
    t: TournamentId,
    entry: i64,
    reason: &str,
    mail: super::Compose<'_>,
) -> AppResult<Vec<i64>> {
    let e = authority::entry_of_event(db, t, entry).await?;
    if e.player_id.is_some() {
        return Err(Refusal::Entry(EntryRefusal::Seated).into());
    }
    Ok(store::entries::end(db, entry, State::Refused, reason, mail).await?)
}

/// Revoke a school's link.
///
/// # Errors
/// Not the event's school; the database fails.
pub async fn revoke_school(db: &Store, t: TournamentId, school: i64) -> AppResult<()> {
    Ok(store::entries::revoke_school(db, t, school).await?)
}
