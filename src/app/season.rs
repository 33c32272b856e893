//! A league season (issue 20): create it (its levels and regions, the defaults or edited), make a
//! tournament one of its events (at a level, in a region, with its qualification rule), and who may
//! play in an event (the season's eligibility; outside a season the league's 14 to 20 on the first
//! day). The season pages, the coordinator's role and the qualification flow come with stored
//! stages (issue 19).

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
/// [`Refusal::FinalHasNoRegion`], [`Refusal::NoQualifyingPlaces`]; [`StoreError::Conflict`] if the
/// tournament is an event already; [`StoreError::NotFound`]; the database fails.
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
    let event = Event {
        tournament_id: tournament,
        season_id: id,
        level_id: level,
        region_id: region,
        places: i64::from(rule.places),
        per_school: rule.per_school.map(i64::from),
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
