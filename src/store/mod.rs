//! Storage through sqlx: one small module per aggregate; migrations embedded in the binary.
//!
//! SQLite is the embedded default (file created and migrated at start, WAL journal, foreign keys
//! on). The SQL stays portable (no SQLite-only types; new ids come back through `RETURNING id`, which
//! PostgreSQL shares) so that PostgreSQL can follow without a redesign. Every write touching more than one row
//! runs in one transaction; every change to a result, pairing or player writes a [`history`] row;
//! rows that two people may edit at once carry a `version` checked on update ([`StoreError::Conflict`]).

pub mod assignments;
pub mod deck_checks;
pub mod editions;
pub mod games;
pub mod history;
pub mod ids;
pub mod players;
pub mod recordings;
pub mod rounds;
pub mod secrets;
pub mod sessions;
pub mod throttle;
pub mod tournaments;
pub mod users;
pub mod view;

pub use ids::{GameId, MatchId, PlayerId, RoundId, TournamentId, UserId};

use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use std::str::FromStr;
use std::time::Duration;

/// The connection pool every handler shares.
pub type Db = sqlx::SqlitePool;

/// A storage failure, as the web layer needs to tell them apart.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// Someone else saved this row since it was loaded (optimistic version check).
    #[error("the record was changed by someone else since you loaded it")]
    Conflict,
    #[error("record not found")]
    NotFound,
    #[error("database error: {0}")]
    Sqlx(#[from] sqlx::Error),
    #[error("database migration failed: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    #[error("stored value could not be encoded: {0}")]
    Json(#[from] serde_json::Error),
    /// The write is not allowed in the stored state (checked inside the write's transaction, so a
    /// concurrent change cannot slip between the check and the write).
    #[error("refused: {0:?}")]
    Refused(Refusal),
}

/// Why a write was refused; the web layer says it in the page's language.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// Game results on a match recorded as a walkover or withdrawal (clear that first).
    MatchForfeited,
    /// Deck checks are recorded only on published rounds (not drafts, not locked rounds).
    RoundNotPublished,
    /// Personal data is erased only after the tournament's last day.
    SeasonNotOver,
}

/// Open (creating if missing) and migrate the database named by `url`.
///
/// # Errors
/// The URL is malformed, the file cannot be created, or a migration fails.
pub async fn connect(url: &str) -> Result<Db, StoreError> {
    let options = SqliteConnectOptions::from_str(url)?
        .create_if_missing(true)
        .journal_mode(SqliteJournalMode::Wal)
        // WAL + NORMAL keeps every committed transaction across a process crash.
        .synchronous(SqliteSynchronous::Normal)
        .foreign_keys(true)
        .busy_timeout(Duration::from_secs(10))
        // sqlx hands rows from its SQLite thread over a bounded channel (50 by default): loading a
        // big tournament's read model (thousands of rows) stalled on it at every 50th row.
        .row_buffer_size(4096);
    let pool = SqlitePoolOptions::new().max_connections(8).connect_with(options).await?;
    sqlx::migrate!("./migrations").run(&pool).await?;
    Ok(pool)
}

/// The current time as stored (RFC 3339, UTC, seconds).
#[must_use]
pub fn now() -> String {
    chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

/// Begin a transaction that will write: `BEGIN IMMEDIATE` takes SQLite's write lock at once, so two
/// concurrent writers queue on the busy timeout instead of one failing when it upgrades a read lock
/// (SQLITE_BUSY). On PostgreSQL this is a plain `BEGIN`.
///
/// # Errors
/// No connection, or the lock is not obtained within the busy timeout.
pub async fn write_tx(db: &Db) -> Result<sqlx::Transaction<'static, sqlx::Sqlite>, StoreError> {
    Ok(db.begin_with("BEGIN IMMEDIATE").await?)
}
