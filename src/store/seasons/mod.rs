//! Seasons (issue 20): a season with its levels and regions (rows of their own, in order), and its
//! events: tournaments at a level and region with their qualification rule. A season is stored as
//! `league::season::Season` checked it and read back through the same check. The qualification
//! flow (closing an event, invitations, the season's log and coordinators) is in [`flow`].

pub mod flow;
pub mod listing;

use super::{LevelId, RegionId, SeasonId, Store, StoreError, TournamentId, UserId, conflict_on_unique, now};
use crate::league::season::{Eligibility, QualificationRule, Season, SeasonDraft};
use chrono::NaiveDate;

/// A stored season: the checked model, with the ids of its levels and regions (in its order).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredSeason {
    pub id: SeasonId,
    pub season: Season,
    pub levels: Vec<LevelId>,
    pub regions: Vec<RegionId>,
    pub version: i64,
}

impl StoredSeason {
    /// The level's position (0 the lowest).
    #[must_use]
    pub fn level_index(&self, id: LevelId) -> Option<usize> {
        self.levels.iter().position(|l| *l == id)
    }

    #[must_use]
    pub fn region_index(&self, id: RegionId) -> Option<usize> {
        self.regions.iter().position(|r| *r == id)
    }
}

/// A tournament as an event of a season.
#[derive(Debug, Clone, Copy, PartialEq, Eq, sqlx::FromRow)]
pub struct Event {
    pub tournament_id: TournamentId,
    pub season_id: SeasonId,
    pub level_id: LevelId,
    pub region_id: Option<RegionId>,
    pub places: i64,
    pub per_school: Option<i64>,
    /// Closed: its final ranking is stored and its qualifiers invited (`flow`).
    pub closed: bool,
    /// The event of the level above its qualifiers go to, as the coordinator chose it (none: the
    /// one open event of the region there, or the final: `app::season::next_event`).
    pub next_id: Option<TournamentId>,
    /// The organiser's lot for a tie at a qualifying place (issue 34), its seed recorded.
    pub lot_seed: Option<i64>,
}

impl Event {
    /// The event's qualification rule (negative counts never stored: checked on the way in).
    #[must_use]
    pub fn rule(&self) -> QualificationRule {
        QualificationRule {
            places: u32::try_from(self.places).unwrap_or(0),
            per_school: self.per_school.and_then(|c| u32::try_from(c).ok()),
        }
    }
}

/// Store a checked season with its levels and regions, in one transaction.
///
/// # Errors
/// A statement fails.
#[tracing::instrument(skip(db, season))]
pub async fn create(db: &Store, season: &Season, by: UserId) -> Result<SeasonId, StoreError> {
    let mut tx = db.write().await?;
    let (id,): (SeasonId,) = on!(&mut tx, |c| sqlx::query_as(
        "INSERT INTO seasons (name, first_day, last_day, edition, eligibility, created_by, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id"
    )
    .bind(season.name())
    .bind(season.first_day())
    .bind(season.last_day())
    .bind(season.edition())
    .bind(serde_json::to_string(&season.eligibility())?)
    .bind(by)
    .bind(now())
    .fetch_one(c)
    .await)?;
    const LEVEL: &str = "INSERT INTO season_levels (season_id, position, name) VALUES ($1, $2, $3)";
    const REGION: &str = "INSERT INTO season_regions (season_id, position, name) VALUES ($1, $2, $3)";
    for (sql, names) in [(LEVEL, season.levels()), (REGION, season.regions())] {
        for (i, name) in names.iter().enumerate() {
            let position = i64::try_from(i).unwrap_or(i64::MAX);
            on!(&mut tx, |c| sqlx::query(sql)
                .bind(id)
                .bind(position)
                .bind(name)
                .execute(c)
                .await
                .map(|r| r.rows_affected()))?;
        }
    }
    tx.commit().await?;
    Ok(id)
}

/// A season with its levels and regions in order.
///
/// # Errors
/// A query fails, or the stored season no longer passes the model's check (a decode error).
pub async fn get(db: &Store, id: SeasonId) -> Result<Option<StoredSeason>, StoreError> {
    type Row = (String, NaiveDate, NaiveDate, String, String, i64);
    let row: Option<Row> = on!(db, |c| sqlx::query_as(
        "SELECT name, first_day, last_day, edition, eligibility, version FROM seasons WHERE id = $1"
    )
    .bind(id)
    .fetch_optional(c)
    .await)?;
    let Some((name, first_day, last_day, edition, eligibility, version)) = row else { return Ok(None) };
    let levels: Vec<(LevelId, String)> = on!(db, |c| sqlx::query_as(
        "SELECT id, name FROM season_levels WHERE season_id = $1 ORDER BY position"
    )
    .bind(id)
    .fetch_all(c)
    .await)?;
    let regions: Vec<(RegionId, String)> = on!(db, |c| sqlx::query_as(
        "SELECT id, name FROM season_regions WHERE season_id = $1 ORDER BY position"
    )
    .bind(id)
    .fetch_all(c)
    .await)?;
    let eligibility: Eligibility = serde_json::from_str(&eligibility)?;
    let draft = SeasonDraft {
        name,
        first_day,
        last_day,
        edition,
        eligibility,
        levels: levels.iter().map(|(_, n)| n.clone()).collect(),
        regions: regions.iter().map(|(_, n)| n.clone()).collect(),
    };
    let season = Season::new(draft).map_err(|e| StoreError::Sqlx(sqlx::Error::Decode(Box::new(e))))?;
    Ok(Some(StoredSeason {
        id,
        season,
        levels: levels.into_iter().map(|(l, _)| l).collect(),
        regions: regions.into_iter().map(|(r, _)| r).collect(),
        version,
    }))
}

/// Make a tournament an event of a season (the caller checked level, region and rule against the
/// season).
///
/// # Errors
/// [`StoreError::Conflict`] if the tournament is an event already; a statement fails.
pub async fn add_event(db: &Store, e: &Event) -> Result<(), StoreError> {
    // The tournament's pages show their season (issue 37): its change counter moves with it.
    let mut tx = db.write_tournament(e.tournament_id).await?;
    on!(&mut tx, |c| sqlx::query(
        "INSERT INTO season_events (tournament_id, season_id, level_id, region_id, places, per_school, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7)"
    )
    .bind(e.tournament_id)
    .bind(e.season_id)
    .bind(e.level_id)
    .bind(e.region_id)
    .bind(e.places)
    .bind(e.per_school)
    .bind(now())
    .execute(c)
    .await
    .map(|r| r.rows_affected()))
    .map_err(conflict_on_unique)?;
    tx.commit().await?;
    Ok(())
}

/// The season's events, by level, region and tournament.
///
/// # Errors
/// The query fails.
pub async fn events(db: &Store, season: SeasonId) -> Result<Vec<Event>, StoreError> {
    Ok(on!(db, |c| {
        sqlx::query_as::<_, Event>(
        "SELECT tournament_id, season_id, level_id, region_id, places, per_school, closed_at IS NOT NULL AS closed, \
         next_id, lot_seed FROM season_events e \
         WHERE e.season_id = $1 ORDER BY \
         (SELECT position FROM season_levels l WHERE l.id = e.level_id), \
         (SELECT position FROM season_regions r WHERE r.id = e.region_id), e.tournament_id"
    )
    .bind(season)
    .fetch_all(c)
    .await
    })?)
}

const EVENT: &str = "SELECT tournament_id, season_id, level_id, region_id, places, per_school, \
     closed_at IS NOT NULL AS closed, next_id, lot_seed FROM season_events WHERE tournament_id = $1";

/// The event a tournament is, if it is one (a tournament outside a season is none).
///
/// # Errors
/// The query fails.
pub async fn event_of(db: &Store, t: TournamentId) -> Result<Option<Event>, StoreError> {
    Ok(on!(db, |c| sqlx::query_as::<_, Event>(EVENT).bind(t).fetch_optional(c).await)?)
}

/// [`event_of`] inside the caller's transaction (a write that depends on whether it is closed).
///
/// # Errors
/// The query fails.
pub async fn event_in(tx: &mut super::Conn, t: TournamentId) -> Result<Option<Event>, StoreError> {
    Ok(on!(tx, |c| sqlx::query_as::<_, Event>(EVENT).bind(t).fetch_optional(c).await)?)
}

/// Record the coordinator's choice of the event `source`'s qualifiers go to (none: the default).
///
/// # Errors
/// [`StoreError::NotFound`] if `source` is no event; the statement fails.
pub async fn set_next(
    db: &Store,
    source: TournamentId,
    next: Option<TournamentId>,
) -> Result<(), StoreError> {
    let n = on!(db, |c| sqlx::query("UPDATE season_events SET next_id = $2 WHERE tournament_id = $1")
        .bind(source)
        .bind(next)
        .execute(c)
        .await
        .map(|r| r.rows_affected()))?;
    if n == 0 {
        return Err(StoreError::NotFound);
    }
    Ok(())
}
