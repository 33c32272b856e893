//! When a read model may serve what it keeps without asking the database for a stamp again.
//!
//! The public pages are kept per change stamp, and a stamp is read from the database (one query,
//! coalesced). Under load that query is most of a page's cost, though nothing changed: a whole
//! league refreshing the standings between two results. Every stamp moves inside a committed
//! transaction, and the store counts this process's commits ([`Store::local_commits`]). So a stamp
//! read after the count last moved is still current for every write this process acknowledged:
//! it is read again only once the count moved, or after [`RECHECK`] for the writes of other
//! processes on the same database (a league runs several behind a proxy; they see each other's
//! writes within that time, well inside the second `tests/service/processes.rs` allows).

use crate::store::Store;
use std::time::{Duration, Instant};

/// How long a stamp read from the database stands for other processes' writes.
pub const RECHECK: Duration = Duration::from_millis(250);

/// The moment a stamp was read: this process's commit count, and the time, both taken just
/// before the read began (a commit that lands while the read runs moves the count, so the next
/// request reads again).
#[derive(Debug, Clone, Copy)]
pub struct Checked {
    commits: u64,
    at: Instant,
}

impl Checked {
    /// Taken just before a stamp is read.
    #[must_use]
    pub fn before_reading(db: &Store) -> Checked {
        Checked { commits: db.local_commits(), at: Instant::now() }
    }

    /// When it was taken.
    #[must_use]
    pub fn at(self) -> Instant {
        self.at
    }

    /// Whether the stamp read then still stands: no commit of this process since, and read less
    /// than [`RECHECK`] ago.
    #[must_use]
    pub fn still_current(self, db: &Store) -> bool {
        db.local_commits() == self.commits && self.at.elapsed() < RECHECK
    }
}
