//! A small cache of computed standings, keyed by the tournament's stamp (`store::tournaments::stamp`):
//! one indexed query decides whether the cached lines are still right, so the public standings page
//! (the busiest page of a tournament day) skips loading every result and recomputing the tiebreaks.
//! Pages are still rendered per request (the header shows who is logged in).

use super::lines::StandingLine;
use crate::store::TournamentId;
use crate::store::tournaments::Tournament;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// Standings as computed for one stamp.
pub struct CachedStandings {
    pub tournament: Tournament,
    pub columns: Vec<String>,
    pub lines: Vec<StandingLine>,
}

/// The stamp a cached value was computed for (see `store::tournaments::stamp`).
type Stamp = (i64, i64);

#[derive(Default)]
pub struct StandingsCache {
    entries: Mutex<HashMap<TournamentId, (Stamp, Arc<CachedStandings>)>>,
}

impl StandingsCache {
    /// The cached standings if computed for exactly this stamp.
    #[must_use]
    pub fn get(&self, id: TournamentId, stamp: Stamp) -> Option<Arc<CachedStandings>> {
        let entries = self.entries.lock().ok()?;
        entries.get(&id).filter(|(s, _)| *s == stamp).map(|(_, c)| Arc::clone(c))
    }

    pub fn put(&self, id: TournamentId, stamp: Stamp, value: Arc<CachedStandings>) {
        if let Ok(mut entries) = self.entries.lock() {
            entries.insert(id, (stamp, value));
        }
    }
}
