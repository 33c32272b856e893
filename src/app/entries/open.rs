//! The organiser opens (or changes) an event's entries. An event of a season takes the season's
//! birth years at once (its eligibility: "roczniki"), whatever was typed.

use crate::app::AppResult;
use crate::league::season::Eligibility;
use crate::store::entries::{Opened, Rules};
use crate::store::{self, Store, TournamentId, UserId};
use chrono::Datelike;

/// Open entries with `rules` (the route's guard checked the organiser). The consent text's version.
///
/// # Errors
/// [`crate::store::entries::EntryRefusal::BadRules`]; the database fails.
pub async fn open(
    db: &Store,
    t: TournamentId,
    mut rules: Rules,
    by: UserId,
    mail: super::Compose<'_>,
) -> AppResult<i64> {
    if let Some((from, to)) = season_years(db, t).await? {
        (rules.born_from, rules.born_to) = (from, to);
    }
    Ok(store::entries::open(db, t, &rules, by, mail).await?)
}

/// The event's entry rules, if opened.
///
/// # Errors
/// The database fails.
pub async fn rules(db: &Store, t: TournamentId) -> AppResult<Option<Opened>> {
    Ok(store::entries::rules(db, t).await?)
}

/// The birth years the event's season admits (none outside a season): an age on a day becomes
/// the years that can have it.
///
/// # Errors
/// The database fails.
pub async fn season_years(db: &Store, t: TournamentId) -> AppResult<Option<(i32, i32)>> {
    let Some(event) = store::seasons::event_of(db, t).await? else { return Ok(None) };
    let Some(s) = store::seasons::get(db, event.season_id).await? else { return Ok(None) };
    Ok(Some(match s.season.eligibility() {
        Eligibility::BirthYears { from, to } => (from, to),
        Eligibility::AgeOn { on, min, max } => (on.year() - max - 1, on.year() - min),
    }))
}
