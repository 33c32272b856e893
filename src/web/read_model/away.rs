//! Whether the database was found away (unreachable, its pool timing out), shared by the read
//! model (which asks it again at most every 200 ms, `read_model::cache::Views`) and the session
//! read (which then waits only briefly for it, `security::session`). A leaf: it names nothing of
//! the service, so the session middleware reads it without depending on the pages.

use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::Instant;

/// When the database was last asked while found away (`None`: it answered last time).
#[derive(Debug, Default)]
pub struct Outage(Mutex<Option<Instant>>);

impl Outage {
    /// The state itself, for a caller that probes (reads, then sets or clears it).
    pub fn lock(&self) -> MutexGuard<'_, Option<Instant>> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Whether the database was away when last asked.
    #[must_use]
    pub fn is_away(&self) -> bool {
        self.lock().is_some()
    }

    /// A read found the database away: the next requests are answered without waiting for it.
    pub fn found_away(&self) {
        self.lock().get_or_insert_with(Instant::now);
    }
}
