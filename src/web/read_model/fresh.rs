//! When a read model may serve what it keeps without asking the database for a stamp again.
//!
//! The public pages are kept per change stamp, and a stamp is read from the database (one query,
//! coalesced). Under load that query was most of a page's cost, though nothing changed: a whole
//! league refreshing the standings between two results. On SQLite the store can tell without a
//! query whether any process committed anything since a moment ([`Store::change_token`]: the
//! wal-index header every commit rewrites before it returns). A stamp read after the token was
//! taken stands while the token is the same, and is read again as soon as anyone, in this process
//! or another on the same file, commits. Where there is no token (PostgreSQL), every request asks,
//! as before.

use crate::store::Store;
use crate::store::changes::Token;

/// The moment a stamp was read: the database's change token taken just before the read began (a
/// commit that lands while the read runs changes the token, so the next request reads again).
#[derive(Debug, Clone, Copy)]
pub struct Checked {
    token: Option<Token>,
}

impl Checked {
    /// Taken just before a stamp is read.
    #[must_use]
    pub fn before_reading(db: &Store) -> Checked {
        Checked { token: db.change_token() }
    }

    /// Whether the stamp read then still stands: nothing was committed since, by anyone.
    #[must_use]
    pub fn still_current(self, db: &Store) -> bool {
        self.token.is_some() && db.change_token() == self.token
    }
}
