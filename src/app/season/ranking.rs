//! The season ranking (issue 20, PRODUCT "Season"): every person who entered an event of the
//! season once, with the best level they reached and their place there (league
//! `season_ranking`: the final's placings first, then the regional, then the local), and the
//! season's qualifiers (every invitation not withdrawn, with the place it came from), as the
//! season's pages and CSV exports show them. Names, schools and regions only.

use super::super::AppResult;
use crate::league::season::{SeasonEntry, season_ranking};
use crate::store::seasons::flow;
use crate::store::{PersonId, SeasonId, Store, TournamentId};
use std::collections::HashMap;

/// A person's line of the season ranking.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RankedPerson {
    /// Shared by persons with the same level and place.
    pub rank: u32,
    pub person: PersonId,
    pub name: String,
    pub school: String,
    pub region: String,
    /// The best level reached (0 the lowest) and its name.
    pub level: usize,
    pub level_name: String,
    /// The event of that level and the place there (none while it is open).
    pub event: TournamentId,
    pub place: Option<u32>,
    /// How many of the season's events the person entered.
    pub events: u32,
}

/// The season ranking, best first.
///
/// # Errors
/// [`crate::store::StoreError::NotFound`]; the database fails.
pub async fn of_season(db: &Store, id: SeasonId) -> AppResult<Vec<RankedPerson>> {
    let s = super::season(db, id).await?;
    let rows = flow::season_entries(db, id).await?;
    let mut field: HashMap<TournamentId, u32> = HashMap::new();
    for r in rows.iter().filter(|r| r.place.is_some()) {
        *field.entry(r.tournament_id).or_insert(0) += 1;
    }
    let entries: Vec<SeasonEntry<PersonId, usize>> = rows
        .iter()
        .enumerate()
        .filter_map(|(i, r)| {
            Some(SeasonEntry {
                person: r.person_id,
                event: i,
                level: s.level_index(r.level_id)?,
                place: r.place.and_then(|p| u32::try_from(p).ok()),
                field: field.get(&r.tournament_id).copied().unwrap_or(0),
            })
        })
        .collect();
    Ok(season_ranking(&entries)
        .into_iter()
        .map(|l| {
            let row = &rows[l.best.event];
            RankedPerson {
                rank: l.rank,
                person: row.person_id,
                name: row.name.clone(),
                school: row.school.clone(),
                region: row.region.clone(),
                level: l.best.level,
                level_name: s.season.levels().get(l.best.level).cloned().unwrap_or_default(),
                event: row.tournament_id,
                place: l.best.place,
                events: l.events,
            }
        })
        .collect())
}
