//! A person's personal data erased (issue 41): by the season's coordinator with a reason, once
//! the season's last day has passed, or at any time on a guardian's request or a withdrawn consent
//! (their entries in events not over are withdrawn first, by the league's withdrawal rules: an
//! ongoing Swiss event withdraws the player, a group's remaining matches become their forfeits);
//! and by the service itself, a set number of days after the season ([`retention`]). The erasure
//! is `store::erasure::erase_person_in`, one transaction that re-checks the state, so the same
//! person erased twice at once (two processes on one PostgreSQL) is erased once.

use super::{AppResult, Refusal};
use crate::store::erasure::{Erasure, Reason, SeasonPerson};
use crate::store::persons::Person;
use crate::store::{self, PersonId, SeasonId, Store, StoreError, TournamentId, UserId};
use chrono::NaiveDate;

/// Erase `person`, who plays (or played) in `season`, asked by `by`, a coordinator of it (or an
/// administrator: `authority::season`).
///
/// # Errors
/// [`Refusal::NotACoordinator`]; [`StoreError::NotFound`] for a person without an entry in the
/// season; [`Refusal::SeasonNotOver`] (after the season only: an event of theirs not over on
/// `today`); [`Refusal::PersonGone`] (erased already, or merged into another); the database fails.
pub async fn erase(
    db: &Store,
    season: SeasonId,
    person: PersonId,
    reason: Reason,
    today: NaiveDate,
    by: UserId,
) -> AppResult<Erasure> {
    super::authority::season(db, season, by).await?;
    if !store::erasure::plays_in(db, season, person).await? {
        return Err(StoreError::NotFound.into());
    }
    if reason.on_request() {
        withdraw_open_entries(db, person, today, by).await?;
    }
    let mut tx = db.write().await?;
    let done = store::erasure::erase_person_in(&mut tx, person, reason, Some(season), today, by).await?;
    tx.commit().await?;
    let erasure = done.ok_or(Refusal::PersonGone)?;
    tracing::info!(person = %person, reason = reason.as_str(), by = %by, "personal data erased");
    Ok(erasure)
}

/// The person's entries in events not over on `today` withdrawn, each by the league's rules
/// (`stages::withdraw`: the flag, and a group's remaining matches forfeited).
async fn withdraw_open_entries(db: &Store, person: PersonId, today: NaiveDate, by: UserId) -> AppResult<()> {
    let open = {
        let mut tx = db.write().await?;
        store::erasure::open_entries(&mut tx, person, today).await?
    };
    for e in open {
        super::stages::withdraw::withdraw(db, e.tournament_id, e.player_id, by).await?;
    }
    Ok(())
}

/// The retention: every season whose setting's days after its last day have passed on `today`
/// has its persons erased (reason `retention`, in the name of the season's creator, who set it).
/// A person who also plays in an event not over yet (a later season) is left for that event's
/// season; the finished season keeps only their birth year then (`keep_birth_year_in`: the later
/// season's eligibility is by birth years), never the day and month. Safe to run from several processes at once: each erasure re-checks in its transaction.
/// The entries from schools of the season's events go too (`store::entries::erase_event_in`).
/// How many persons were erased.
///
/// # Errors
/// The database fails.
pub async fn retention(db: &Store, today: NaiveDate) -> AppResult<usize> {
    let mut erased = 0;
    for (season, person, by) in store::erasure::due(db, today).await? {
        let mut tx = db.write().await?;
        match store::erasure::erase_person_in(&mut tx, person, Reason::Retention, Some(season), today, by)
            .await
        {
            Ok(Some(_)) => {
                tx.commit().await?;
                tracing::info!(person = %person, season = %season, "personal data erased by the season's retention");
                erased += 1;
            }
            Err(StoreError::Refused(store::Refusal::SeasonNotOver)) => {
                // They play on in a later event: its eligibility needs the birth year, no more.
                let cut = store::erasure::keep_birth_year_in(&mut tx, person, season).await?;
                tx.commit().await?;
                if cut > 0 {
                    tracing::info!(person = %person, season = %season, "birth date cut to the year by the season's retention");
                }
            }
            Ok(None) | Err(StoreError::Refused(store::Refusal::PersonGone)) => {}
            Err(e) => return Err(e.into()),
        }
    }
    // Then what the entries from schools keep of people who never played (a pupil waiting for
    // consent, on the waiting list, withdrawn, refused or absent), and the teachers: one
    // transaction per event (its change counter moved, so no page keeps a name).
    for (season, t) in store::erasure::due_entry_events(db, today).await? {
        let mut tx = db.write_tournament(t).await?;
        let done = store::entries::erase_event_in(&mut tx, t).await?;
        tx.commit().await?;
        tracing::info!(season = %season, tournament = %t, pupils = done.pupils, schools = done.schools,
            "entries' personal data erased by the season's retention");
    }
    Ok(erased)
}

/// A season's retention: its persons' data erased `days` after its last day (`None`: never by
/// itself). Only a coordinator sets it.
///
/// # Errors
/// [`Refusal::NotACoordinator`]; the database fails.
pub async fn set_retention(db: &Store, season: SeasonId, days: Option<u32>, by: UserId) -> AppResult<()> {
    super::authority::season(db, season, by).await?;
    Ok(store::erasure::set_retention(db, season, days.map(i64::from)).await?)
}

/// The day the season's retention erases its persons (`None`: no retention set).
///
/// # Errors
/// The database fails.
pub async fn erase_on(db: &Store, season: SeasonId, last_day: NaiveDate) -> AppResult<Option<NaiveDate>> {
    Ok(store::erasure::retention(db, season).await?.and_then(|d| store::erasure::erase_on(last_day, d)))
}

/// The erasures of the season's persons, newest first.
///
/// # Errors
/// The database fails.
pub async fn of_season(db: &Store, season: SeasonId) -> AppResult<Vec<Erasure>> {
    Ok(store::erasure::of_season(db, season).await?)
}

/// The season's persons whose name contains `q` (at most 50), for the coordinator's search.
///
/// # Errors
/// [`Refusal::NotACoordinator`]; the database fails.
pub async fn find(db: &Store, season: SeasonId, q: &str, by: UserId) -> AppResult<Vec<SeasonPerson>> {
    super::authority::season(db, season, by).await?;
    if q.trim().is_empty() {
        return Ok(Vec::new());
    }
    Ok(store::erasure::persons_named(db, season, q, 50).await?)
}

/// A person of the season as the coordinator's person view shows them, with their entries there.
///
/// # Errors
/// [`Refusal::NotACoordinator`]; [`StoreError::NotFound`] for a person without an entry in the
/// season; the database fails.
pub async fn person(
    db: &Store,
    season: SeasonId,
    person: PersonId,
    by: UserId,
) -> AppResult<(Person, Vec<(TournamentId, String, bool, bool)>)> {
    super::authority::season(db, season, by).await?;
    if !store::erasure::plays_in(db, season, person).await? {
        return Err(StoreError::NotFound.into());
    }
    let p = store::persons::get(db, person).await?.ok_or(StoreError::NotFound)?;
    Ok((p, store::erasure::season_entries(db, season, person).await?))
}
