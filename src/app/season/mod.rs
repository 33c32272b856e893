//! A league season (issue 20): create it (its levels and regions, the defaults or edited), make a
//! tournament one of its events (at a level, in a region, with its qualification rule), and who may
//! play in an event (the season's eligibility; outside a season the league's 14 to 20 on the first
//! day). The qualification flow: closing an event and reopening it ([`close`]), the invitations
//! into the next level and the coordinator's wildcards ([`invitations`]). Who coordinates a
//! season: its creator, and the users a coordinator appoints ([`is_coordinator`]).

pub mod close;
pub mod duplicates;
pub mod invitations;
pub mod organisers;
pub mod ranking;
pub mod seeding;
pub mod unfilled;

use super::{AppResult, Refusal};
use crate::league::season::{Eligibility, QualificationRule, Season, SeasonDraft};
use crate::store::seasons::{Event, StoredSeason};
use crate::store::{self, LevelId, RegionId, SeasonId, Store, StoreError, TournamentId, UserId};

/// Create a season as typed.
///
/// # Errors
/// [`Refusal::Season`] with what is wrong with it; the database fails.
pub async fn create(db: &Store, draft: SeasonDraft, by: UserId) -> AppResult<SeasonId> {
    let season = Season::new(draft).map_err(Refusal::Season)?;
    Ok(store::seasons::create(db, &season, by).await?)
}

/// # Errors
/// [`StoreError::NotFound`]; the database fails.
pub async fn season(db: &Store, id: SeasonId) -> AppResult<StoredSeason> {
    Ok(store::seasons::get(db, id).await?.ok_or(StoreError::NotFound)?)
}

/// Make `tournament` an event of the season at `level`, in `region` (none for the final, one for
/// every other level), qualifying by `rule` to the next level (the final's rule qualifies nobody).
///
/// # Errors
/// [`Refusal::NotThisSeason`] (a level or region of another season), [`Refusal::RegionNeeded`],
/// [`Refusal::FinalHasNoRegion`], [`Refusal::NoQualifyingPlaces`], [`Refusal::AlreadyAnEvent`];
/// [`StoreError::Conflict`] if the same tournament was made an event concurrently;
/// [`StoreError::NotFound`]; the database fails.
pub async fn add_event(
    db: &Store,
    id: SeasonId,
    tournament: TournamentId,
    level: LevelId,
    region: Option<RegionId>,
    rule: QualificationRule,
) -> AppResult<()> {
    let s = season(db, id).await?;
    let index = s.level_index(level).ok_or(Refusal::NotThisSeason)?;
    let is_final = s.season.is_final(index);
    match region {
        Some(r) if s.region_index(r).is_none() => return Err(Refusal::NotThisSeason.into()),
        Some(_) if is_final => return Err(Refusal::FinalHasNoRegion.into()),
        None if !is_final => return Err(Refusal::RegionNeeded.into()),
        _ => {}
    }
    let rule = if is_final { QualificationRule { places: 0, per_school: None } } else { rule };
    if !is_final && rule.places == 0 {
        return Err(Refusal::NoQualifyingPlaces.into());
    }
    store::tournaments::get(db, tournament).await?.ok_or(StoreError::NotFound)?;
    // An event already: said as such (a 409 is only for a concurrent insert of the same event).
    if store::seasons::event_of(db, tournament).await?.is_some() {
        return Err(Refusal::AlreadyAnEvent.into());
    }
    let event = Event {
        tournament_id: tournament,
        season_id: id,
        level_id: level,
        region_id: region,
        places: i64::from(rule.places),
        per_school: rule.per_school.map(i64::from),
        closed: false,
        next_id: None,
        lot_seed: None,
    };
    Ok(store::seasons::add_event(db, &event).await?)
}

/// The season's events, by level and region.
///
/// # Errors
/// The database fails.
pub async fn events(db: &Store, id: SeasonId) -> AppResult<Vec<Event>> {
    Ok(store::seasons::events(db, id).await?)
}

/// Who may play in a tournament: its season's eligibility, or outside a season the league's 14 to
/// 20 on its first day.
///
/// # Errors
/// [`StoreError::NotFound`]; the database fails.
pub async fn eligibility(db: &Store, tournament: TournamentId) -> AppResult<Eligibility> {
    let t = store::tournaments::get(db, tournament).await?.ok_or(StoreError::NotFound)?;
    match store::seasons::event_of(db, tournament).await? {
        Some(e) => Ok(season(db, e.season_id).await?.season.eligibility()),
        None => Ok(Eligibility::outside_a_season(t.first_day)),
    }
}

/// The regions a tournament's entries name: its season's (in order), none outside a season
/// (there a region is kept as typed).
///
/// # Errors
/// The database fails.
pub async fn regions_of(db: &Store, tournament: TournamentId) -> AppResult<Vec<String>> {
    match store::seasons::event_of(db, tournament).await? {
        Some(e) => Ok(season(db, e.season_id).await?.season.regions().to_vec()),
        None => Ok(Vec::new()),
    }
}

/// Whether `user` may act for the season: its creator, appointed, or an administrator
/// (`app::authority`).
///
/// # Errors
/// The database fails.
pub async fn is_coordinator(db: &Store, id: SeasonId, user: UserId) -> AppResult<bool> {
    super::authority::coordinates(db, id, user).await
}

/// Refuse unless `user` may act for the season (`app::authority::season`).
///
/// # Errors
/// [`Refusal::NotACoordinator`]; the database fails.
pub async fn check_coordinator(db: &Store, id: SeasonId, user: UserId) -> AppResult<()> {
    super::authority::season(db, id, user).await
}

/// A coordinator appoints another user coordinator of the season.
///
/// # Errors
/// [`Refusal::NotACoordinator`] for `by`; [`StoreError::NotFound`] for no such user; the database
/// fails.
pub async fn appoint(db: &Store, id: SeasonId, user: UserId, by: UserId) -> AppResult<()> {
    check_coordinator(db, id, by).await?;
    store::users::by_id(db, user).await?.ok_or(StoreError::NotFound)?;
    Ok(store::seasons::flow::appoint(db, id, user).await?)
}

/// The seasons `user` coordinates, newest first.
///
/// # Errors
/// The database fails.
pub async fn coordinated_by(db: &Store, user: UserId) -> AppResult<Vec<(SeasonId, String)>> {
    Ok(store::seasons::flow::coordinated_by(db, user).await?)
}

/// The event a tournament is, if any.
///
/// # Errors
/// The database fails.
pub async fn event_of(db: &Store, t: TournamentId) -> AppResult<Option<Event>> {
    Ok(store::seasons::event_of(db, t).await?)
}

/// The event that `event`'s qualifiers are invited into (the final's own event qualifies into
/// nothing: `Ok(None)`). A region may hold several events at one level (two regional qualifiers
/// of a large voivodeship, a local elimination per school): the one the coordinator chose for
/// this source event ([`choose_next`]) if any, else the one event of the next level for the region
/// (or the final) if there is only one, else the one of them still open. Several open and none
/// chosen is refused rather than guessed.
///
/// # Errors
/// [`Refusal::NoNextEvent`], [`Refusal::NextEventToChoose`], [`Refusal::NotThisSeason`]; the
/// database fails.
pub async fn next_event(db: &Store, s: &StoredSeason, event: &Event) -> AppResult<Option<Event>> {
    let level = s.level_index(event.level_id).ok_or(Refusal::NotThisSeason)?;
    let Some(next) = s.season.next_level(level) else { return Ok(None) };
    let candidates = candidates_above(db, s, event, next).await?;
    if let Some(chosen) = event.next_id {
        return candidates
            .into_iter()
            .find(|e| e.tournament_id == chosen)
            .map(Some)
            .ok_or_else(|| Refusal::NotTheNextLevel.into());
    }
    if candidates.len() == 1 {
        return Ok(candidates.into_iter().next());
    }
    let mut open = candidates.into_iter().filter(|e| !e.closed);
    match (open.next(), open.next()) {
        (Some(only), None) => Ok(Some(only)),
        (None, _) => Err(Refusal::NoNextEvent.into()),
        (Some(_), Some(_)) => Err(Refusal::NextEventToChoose.into()),
    }
}

/// The events of level `next` that `event`'s qualifiers may go to: its region's (every one at
/// the final).
async fn candidates_above(db: &Store, s: &StoredSeason, event: &Event, next: usize) -> AppResult<Vec<Event>> {
    let next_id = s.levels[next];
    let is_final = s.season.is_final(next);
    Ok(store::seasons::events(db, s.id)
        .await?
        .into_iter()
        .filter(|e| e.level_id == next_id && (is_final || e.region_id == event.region_id))
        .collect())
}

/// The coordinator chooses the event of the level above that `source`'s qualifiers go to (one of
/// its region's, or the final's), or clears the choice (`None`). Chosen while `source` is open:
/// a closed event invited already (reopen it to send its qualifiers elsewhere).
///
/// # Errors
/// [`Refusal::NotACoordinator`], [`Refusal::NotAnEvent`], [`Refusal::NotThisSeason`],
/// [`Refusal::NotTheNextLevel`], [`Refusal::EventClosed`]; the database fails.
pub async fn choose_next(
    db: &Store,
    id: SeasonId,
    source: TournamentId,
    next: Option<TournamentId>,
    by: UserId,
) -> AppResult<()> {
    check_coordinator(db, id, by).await?;
    let event = event_of(db, source).await?.ok_or(Refusal::NotAnEvent)?;
    if event.season_id != id {
        return Err(Refusal::NotThisSeason.into());
    }
    if event.closed {
        return Err(Refusal::EventClosed.into());
    }
    if let Some(next) = next {
        let s = season(db, id).await?;
        let level = s.level_index(event.level_id).ok_or(Refusal::NotThisSeason)?;
        let above = s.season.next_level(level).ok_or(Refusal::NotTheNextLevel)?;
        let candidates = candidates_above(db, &s, &event, above).await?;
        if !candidates.iter().any(|e| e.tournament_id == next) {
            return Err(Refusal::NotTheNextLevel.into());
        }
    }
    Ok(store::seasons::set_next(db, source, next).await?)
}
