//! Storage through sqlx: one small module per aggregate, one [`Store`] handle, two databases.
//!
//! The backend is chosen from the URL at start: `sqlite:` (the embedded default: a file created and
//! migrated at start, WAL journal, foreign keys on) or `postgres://` (a league's server, shared by
//! several web processes). Every query is written once, in SQL both speak (`$n` placeholders,
//! `RETURNING`, `ON CONFLICT`, `TRUE`/`FALSE`), and compiled once per backend by [`on!`], which
//! runs it on whichever database the handle holds. Migrations are embedded per backend
//! (`migrations/sqlite/`, `migrations/postgres/`: the same versions; a test compares the schemas).
//!
//! Writes: every write touching more than one row runs in one transaction, with its [`history`] rows;
//! rows that two people may edit at once carry a `version` checked on update
//! ([`StoreError::Conflict`]). A write to a tournament's data opens with [`Store::write_tournament`]
//! and records what it changed with [`Conn::record`] (both in [`transaction`], the one module that
//! writes history rows), which bumps the tournament's change counter first: that row lock serialises
//! the tournament's writers on PostgreSQL as SQLite's single writer does (so a check made inside the
//! transaction still holds at commit: no lost update, no result beside a walkover), and the counter
//! is the change stamp the read model is cached by ([`view`]).
//!
//! Layers inside the store, one way only (`tests/layout.rs` forbids cycles between its folders):
//! this root (handles, connections, `on!`), then [`values`] (what the writes take and history
//! records carry), then [`history`] (a change as a typed value, its columns, the reads of the
//! history pages), then [`transaction`] (tournament write transactions and their history rows), then
//! the aggregates, which write their rows and hand their changes to the transaction.

/// Run one statement on whichever database `$on` (a `&Store` or a `&mut Conn`) holds: the body is
/// the same text for both, type-checked and compiled once per backend.
macro_rules! on {
    ($on:expr, |$c:ident| $body:expr) => {
        match $crate::store::Target::target($on) {
            $crate::store::Either::Sqlite($c) => $body,
            $crate::store::Either::Postgres($c) => $body,
        }
    };
}

/// Map an enum to the TEXT column it is stored in, on both backends: written as its `as_str()`,
/// read back only if it is one of its values (an unknown stored value is an error, never a default).
macro_rules! stored_as_text {
    ($($ty:ty),* $(,)?) => {$(
        impl<DB: sqlx::Database> sqlx::Type<DB> for $ty
        where
            str: sqlx::Type<DB>,
        {
            fn type_info() -> DB::TypeInfo {
                <str as sqlx::Type<DB>>::type_info()
            }
            fn compatible(ty: &DB::TypeInfo) -> bool {
                <str as sqlx::Type<DB>>::compatible(ty)
            }
        }

        impl<'q, DB: sqlx::Database> sqlx::Encode<'q, DB> for $ty
        where
            &'q str: sqlx::Encode<'q, DB>,
        {
            fn encode_by_ref(
                &self,
                buf: &mut DB::ArgumentBuffer,
            ) -> Result<sqlx::encode::IsNull, sqlx::error::BoxDynError> {
                <&'q str as sqlx::Encode<'q, DB>>::encode(self.as_str(), buf)
            }
        }

        impl<'r, DB: sqlx::Database> sqlx::Decode<'r, DB> for $ty
        where
            &'r str: sqlx::Decode<'r, DB>,
        {
            fn decode(value: DB::ValueRef<'r>) -> Result<Self, sqlx::error::BoxDynError> {
                let text = <&'r str as sqlx::Decode<'r, DB>>::decode(value)?;
                <$ty as $crate::store::StoredText>::ALL
                    .iter()
                    .copied()
                    .find(|v| v.as_str() == text)
                    .ok_or_else(|| format!("unknown {} stored: {text:?}", stringify!($ty)).into())
            }
        }
    )*};
}

pub mod assignments;
pub mod backup;
pub mod changes;
pub mod deck_checks;
pub mod editions;
pub mod entries;
pub mod erasure;
pub mod games;
pub mod history;
pub mod ids;
pub mod online;
pub mod outbox;
pub mod persons;
pub mod players;
pub mod recordings;
pub mod rounds;
pub mod seasons;
pub mod secrets;
pub mod sessions;
pub mod stages;
pub mod throttle;
pub mod tournaments;
pub mod transaction;
pub mod users;
pub mod values;
pub mod view;
pub mod wake;

pub use ids::{
    GameId, LevelId, MatchId, MergeId, PersonId, PlayerId, ProposalId, RegionId, RoundId, SeasonId,
    TournamentId, UserId,
};
pub use transaction::{refuse_closed_event_in, touch_tournament_in};

use crate::outcome::{Side, Termination};
use sqlx::pool::PoolConnection;
use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{PgConnection, PgPool, Postgres, Sqlite, SqliteConnection, SqlitePool, Transaction};
use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

/// A tournament's change stamp: configuration version and change counter (read with the rows by
/// [`view`]; a write decided on them checks it with [`Store::write_tournament_unchanged`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Stamp {
    pub config: i64,
    pub changes: i64,
}

impl Stamp {
    /// Data read at `self` is at least as new as data read at `other` (both parts only grow).
    #[must_use]
    pub fn covers(self, other: Stamp) -> bool {
        self.config >= other.config && self.changes >= other.changes
    }
}

/// The values an enum stored as text can take (see `stored_as_text!`).
pub trait StoredText: Sized + Copy + 'static {
    const ALL: &'static [Self];
    fn as_str(self) -> &'static str;
}

impl StoredText for Side {
    const ALL: &'static [Side] = &Side::BOTH;
    fn as_str(self) -> &'static str {
        Side::as_str(self)
    }
}

impl StoredText for Termination {
    const ALL: &'static [Termination] = &Termination::ALL;
    fn as_str(self) -> &'static str {
        Termination::as_str(self)
    }
}

stored_as_text!(Side, Termination);

/// Which database a [`Store`] holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// The database handle every handler shares (cheap to clone: a pool).
#[derive(Clone, Debug)]
pub struct Store {
    pool: Pool,
    /// SQLite's commit marker, readable without a query (`None` on PostgreSQL).
    changes: Option<Arc<changes::Changes>>,
    /// SQLite's writers of this process, in line (first come, first served) before `BEGIN
    /// IMMEDIATE`: SQLite's own busy handler makes a waiting writer sleep and poll (up to 100 ms a
    /// nap), so 16 clients writing at once saw p99 of 59-353 ms for writes of 3 ms; in line, each
    /// waits only for the writes ahead of it. Other processes on the same file still meet at the
    /// busy timeout.
    writers: Arc<tokio::sync::Mutex<()>>,
}

#[derive(Clone, Debug)]
enum Pool {
    Sqlite(SqlitePool),
    Postgres(PgPool),
}

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
    /// The database URL names no database this program speaks, or a tool it needs is missing.
    #[error("{0}")]
    Setup(String),
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
    /// Results, walkovers and table referees go only into rounds open to the writer (a published
    /// round; a locked one for an organiser's correction), checked in the write's transaction so a
    /// result cannot slip into a round locked meanwhile.
    RoundNotOpen,
    /// A locked round opens again only while no later round is paired (the later pairing counted
    /// its results).
    NextRoundPaired,
    /// A closed stage's ranking is frozen from its rounds' results: until the stage is reopened,
    /// none of its rounds unlocks and no result or walkover of it changes (not even the
    /// organiser's correction of a locked round).
    StageClosed,
    /// A typed result for a game being recorded at the table (the recording writes its result; the
    /// organiser may end the recording first).
    BeingRecorded { game: GameId },
    /// A typed result for a game whose recording ended where a result stood: which stands is asked
    /// on the recorder first.
    RecordingAwaitsChoice { game: GameId },
    /// A recording of a game that has a result already (it would replace it).
    ResultStands,
    /// A person merged into themselves.
    SamePerson,
    /// A person merged into another or erased: they take no entry and no merge.
    PersonGone,
    /// Two persons with entries in one tournament are two people (a merge would make one person
    /// play twice there).
    PersonsInOneTournament,
    /// A merge undone already.
    MergeUndone,
    /// A merge asked from a tournament's persons page where neither person has an entry.
    PersonNotHere,
    /// Merged, one person would hold two invitations into one event (or one into an event they
    /// play in): one of them is declined first.
    InvitedTwice,
    /// The tournament is a closed event of a season: its final ranking is stored and its
    /// qualifiers invited, so no result, round, entry or setting of it changes until it is
    /// reopened (checked in the write's transaction, as [`Refusal::StageClosed`] is).
    EventFrozen,
    /// An online match's write refused (issue 25).
    Online(online::OnlineRefusal),
    /// An entry's step refused (issue 39).
    Entry(entries::EntryRefusal),
}

/// Connections per process. SQLite: readers beside its one writer. PostgreSQL: each web process
/// holds up to this many, so N processes need N × 10 of the server's `max_connections` (100 by
/// default).
const SQLITE_CONNECTIONS: u32 = 8;
const POSTGRES_CONNECTIONS: u32 = 10;

/// How long a request waits for a PostgreSQL connection before the database counts as away (503
/// with `Retry-After`, `web::error::database_away`): while the server is down or restarting every
/// new connection is refused, and nobody should stare at a hanging page for 10 s meanwhile.
const ACQUIRE_TIMEOUT: Duration = Duration::from_secs(2);

/// SQLite's connections are waited for as long as its busy timeout.
const SQLITE_ACQUIRE_TIMEOUT: Duration = Duration::from_secs(10);

/// The pool's check on every connection given back: only one outside any transaction goes back.
///
/// A transaction dropped without commit (an error on the way) queues its `ROLLBACK`; the ping
/// runs it. A failed `COMMIT` (SQLite's `SQLITE_FULL` on a full disk, a PostgreSQL connection
/// lost) leaves sqlx counting the transaction open, and if the database rolled back by itself the
/// queued `ROLLBACK` fails too: such a connection is closed, not pooled (pooled, it refused every
/// later `BEGIN` with "attempted to call begin_with at non-zero transaction depth", or held
/// SQLite's write lock, until a restart: issue 23). The pool opens a fresh one in its place.
async fn out_of_transaction<C: sqlx::Connection>(conn: &mut C) -> Result<bool, sqlx::Error> {
    if !conn.is_in_transaction() {
        return Ok(true);
    }
    conn.ping().await?;
    let clean = !conn.is_in_transaction();
    if !clean {
        tracing::warn!("a connection still inside a transaction was closed instead of pooled");
    }
    Ok(clean)
}

/// Which backend a URL names.
///
/// # Errors
/// [`StoreError::Setup`] for any other scheme.
pub fn backend_of(url: &str) -> Result<Backend, StoreError> {
    if url.starts_with("sqlite:") {
        Ok(Backend::Sqlite)
    } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
        Ok(Backend::Postgres)
    } else {
        Err(StoreError::Setup(format!(
            "unsupported database URL {:?}: use sqlite://FILE or postgres://USER:PASSWORD@HOST/DATABASE",
            url.split('@').next_back().unwrap_or(url)
        )))
    }
}

/// The database URL as it may be printed or logged: a password in it is replaced by `***`.
#[must_use]
pub fn display_url(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else { return url.to_string() };
    let (authority, path) = rest.split_once('/').map_or((rest, None), |(a, p)| (a, Some(p)));
    let authority = match authority.rsplit_once('@') {
        Some((user_info, host)) => match user_info.split_once(':') {
            Some((user, _password)) => format!("{user}:***@{host}"),
            None => format!("{user_info}@{host}"),
        },
        None => authority.to_string(),
    };
    match path {
        Some(path) => format!("{scheme}://{authority}/{path}"),
        None => format!("{scheme}://{authority}"),
    }
}

/// Open (creating a SQLite file if missing) and migrate the database named by `url`.
///
/// # Errors
/// The URL is malformed or unsupported, the database cannot be reached, or a migration fails.
pub async fn connect(url: &str) -> Result<Store, StoreError> {
    Store::connect(url).await
}

impl Store {
    /// Open and migrate the database named by `url` (`sqlite:…` or `postgres://…`). Several processes
    /// may start at once on one PostgreSQL database: sqlx's migrator holds an advisory lock.
    ///
    /// # Errors
    /// The URL is malformed or unsupported, the database cannot be reached, or a migration fails.
    pub async fn connect(url: &str) -> Result<Store, StoreError> {
        let mut changes = None;
        let pool = match backend_of(url)? {
            Backend::Sqlite => {
                let options = SqliteConnectOptions::from_str(url)?
                    .create_if_missing(true)
                    .journal_mode(SqliteJournalMode::Wal)
                    // WAL + NORMAL keeps every committed transaction across a process crash.
                    .synchronous(SqliteSynchronous::Normal)
                    .foreign_keys(true)
                    .busy_timeout(Duration::from_secs(10))
                    // sqlx hands rows from its SQLite thread over a bounded channel (50 by default):
                    // loading a big tournament's read model (thousands of rows) stalled on it at
                    // every 50th row.
                    .row_buffer_size(4096);
                let pool = SqlitePoolOptions::new()
                    .max_connections(SQLITE_CONNECTIONS)
                    // A wait for one of SQLite's connections is contention for its one writer (a
                    // full disk fails at once, never by waiting): as long as the busy timeout.
                    .acquire_timeout(SQLITE_ACQUIRE_TIMEOUT)
                    .after_release(|c, _| Box::pin(out_of_transaction(c)))
                    .connect_with(options.clone())
                    .await?;
                sqlx::migrate!("./migrations/sqlite").run(&pool).await?;
                changes = Some(Arc::new(changes::Changes::sqlite(options.get_filename())));
                Pool::Sqlite(pool)
            }
            Backend::Postgres => {
                let options = PgConnectOptions::from_str(url)?.application_name("bitwa");
                let pool = PgPoolOptions::new()
                    .max_connections(POSTGRES_CONNECTIONS)
                    .acquire_timeout(ACQUIRE_TIMEOUT)
                    .after_release(|c, _| Box::pin(out_of_transaction(c)))
                    .connect_with(options)
                    .await?;
                sqlx::migrate!("./migrations/postgres").run(&pool).await?;
                Pool::Postgres(pool)
            }
        };
        Ok(Store { pool, changes, writers: Arc::new(tokio::sync::Mutex::new(())) })
    }

    /// A marker of everything committed to the database by any process, read without a query
    /// ([`changes::Token`]): equal tokens mean nothing was committed between them. `None` where
    /// there is none (PostgreSQL) or it cannot be read: then ask the database.
    #[must_use]
    pub fn change_token(&self) -> Option<changes::Token> {
        self.changes.as_ref()?.token()
    }

    #[must_use]
    pub fn backend(&self) -> Backend {
        match self.pool {
            Pool::Sqlite(_) => Backend::Sqlite,
            Pool::Postgres(_) => Backend::Postgres,
        }
    }

    /// Close every connection (tests, the end of `bitwa demo`).
    pub async fn close(&self) {
        match &self.pool {
            Pool::Sqlite(p) => p.close().await,
            Pool::Postgres(p) => p.close().await,
        }
    }

    /// A connection outside any transaction (each statement on its own).
    ///
    /// # Errors
    /// No connection within the pool's timeout.
    pub async fn conn(&self) -> Result<Conn, StoreError> {
        Ok(Conn(
            match &self.pool {
                Pool::Sqlite(p) => Inner::Sqlite(p.acquire().await?),
                Pool::Postgres(p) => Inner::Postgres(p.acquire().await?),
            },
            None,
        ))
    }

    /// A read-only transaction that sees one consistent snapshot, whatever writers commit meanwhile
    /// (SQLite: a WAL reader's view from its first read; PostgreSQL: `REPEATABLE READ`, whose snapshot
    /// is taken at the first statement).
    ///
    /// # Errors
    /// No connection within the pool's timeout.
    pub async fn snapshot(&self) -> Result<Conn, StoreError> {
        Ok(Conn(
            match &self.pool {
                Pool::Sqlite(p) => Inner::SqliteTx(p.begin().await?),
                Pool::Postgres(p) => {
                    Inner::PostgresTx(p.begin_with("BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY").await?)
                }
            },
            None,
        ))
    }

    /// A transaction that will write rows of no one tournament (accounts, editions, login counters,
    /// a new tournament). SQLite: `BEGIN IMMEDIATE` takes the write lock at once, so two writers
    /// queue on the busy timeout instead of one failing when it upgrades a read lock (SQLITE_BUSY).
    /// PostgreSQL: `READ COMMITTED`; such writes lock the rows they check (see their modules).
    ///
    /// SQLite's writers of one process wait in line for their turn first (`writers`), holding no
    /// connection meanwhile; the turn ends when the transaction does.
    ///
    /// # Errors
    /// No connection, or SQLite's lock (or the turn) is not obtained within the busy timeout.
    pub async fn write(&self) -> Result<Conn, StoreError> {
        Ok(match &self.pool {
            Pool::Sqlite(p) => {
                let turn = tokio::time::timeout(SQLITE_ACQUIRE_TIMEOUT, self.writers.clone().lock_owned())
                    .await
                    .map_err(|_| sqlx::Error::PoolTimedOut)?;
                Conn(Inner::SqliteTx(p.begin_with("BEGIN IMMEDIATE").await?), Some(turn))
            }
            Pool::Postgres(p) => Conn(Inner::PostgresTx(p.begin().await?), None),
        })
    }
}

/// One connection from the pool, plain or in a transaction (dropping a transaction rolls it back),
/// with the SQLite writer's turn it holds (released after the transaction ends: fields drop in order).
pub struct Conn(Inner, #[allow(dead_code)] Option<tokio::sync::OwnedMutexGuard<()>>);

enum Inner {
    Sqlite(PoolConnection<Sqlite>),
    SqliteTx(Transaction<'static, Sqlite>),
    Postgres(PoolConnection<Postgres>),
    PostgresTx(Transaction<'static, Postgres>),
}

impl Conn {
    /// Commit the transaction (a plain connection has nothing to commit).
    ///
    /// # Errors
    /// The commit fails; nothing was written then.
    pub async fn commit(self) -> Result<(), StoreError> {
        match self.0 {
            Inner::SqliteTx(tx) => tx.commit().await?,
            Inner::PostgresTx(tx) => tx.commit().await?,
            Inner::Sqlite(_) | Inner::Postgres(_) => {}
        }
        Ok(())
    }

    /// End a transaction without writing (a read snapshot's end).
    ///
    /// # Errors
    /// The rollback fails.
    pub async fn rollback(self) -> Result<(), StoreError> {
        match self.0 {
            Inner::SqliteTx(tx) => tx.rollback().await?,
            Inner::PostgresTx(tx) => tx.rollback().await?,
            Inner::Sqlite(_) | Inner::Postgres(_) => {}
        }
        Ok(())
    }
}

/// What [`on!`] runs a statement on: one of two executors.
#[doc(hidden)]
pub enum Either<S, P> {
    Sqlite(S),
    Postgres(P),
}

/// A handle [`on!`] can run statements on: the pool itself, or one connection.
#[doc(hidden)]
pub trait Target {
    type S;
    type P;
    fn target(self) -> Either<Self::S, Self::P>;
}

impl<'a> Target for &'a Store {
    type S = &'a SqlitePool;
    type P = &'a PgPool;
    fn target(self) -> Either<Self::S, Self::P> {
        match &self.pool {
            Pool::Sqlite(p) => Either::Sqlite(p),
            Pool::Postgres(p) => Either::Postgres(p),
        }
    }
}

impl<'a> Target for &'a mut Conn {
    type S = &'a mut SqliteConnection;
    type P = &'a mut PgConnection;
    fn target(self) -> Either<Self::S, Self::P> {
        match &mut self.0 {
            Inner::Sqlite(c) => Either::Sqlite(&mut **c),
            Inner::SqliteTx(t) => Either::Sqlite(&mut **t),
            Inner::Postgres(c) => Either::Postgres(&mut **c),
            Inner::PostgresTx(t) => Either::Postgres(&mut **t),
        }
    }
}

/// The current time as stored (RFC 3339, UTC, seconds).
#[must_use]
pub fn now() -> String {
    chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

/// A unique key taken by a concurrent writer becomes [`StoreError::Conflict`]; any other failure
/// stays what it is.
pub(crate) fn conflict_on_unique(e: sqlx::Error) -> StoreError {
    match e.as_database_error() {
        Some(d) if d.is_unique_violation() => StoreError::Conflict,
        _ => StoreError::Sqlx(e),
    }
}

/// For upgrade tests: a SQLite database in a fresh folder migrated only up to (not including)
/// `before_version`, as a league running an older release has it. Returns the folder (remove it
/// when done), the database's URL and a pool on the old schema for the test's rows.
#[cfg(test)]
pub(crate) async fn older_sqlite_database(
    name: &str,
    before_version: &str,
) -> (std::path::PathBuf, String, sqlx::SqlitePool) {
    let dir = std::env::temp_dir().join(format!("bitwa-{name}-{}", std::process::id()));
    let old = dir.join("migrations");
    std::fs::create_dir_all(&old).expect("temp dir");
    let all = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("migrations").join("sqlite");
    for entry in std::fs::read_dir(&all).expect("migrations") {
        let path = entry.expect("entry").path();
        let file = path.file_name().and_then(|n| n.to_str()).unwrap_or("").to_string();
        if file.as_str() < before_version {
            std::fs::copy(&path, old.join(&file)).expect("copy");
        }
    }
    let url = format!("sqlite://{}?mode=rwc", dir.join("old.db").display());
    let pool = sqlx::SqlitePool::connect(&url).await.expect("open");
    sqlx::migrate::Migrator::new(old.as_path()).await.expect("read").run(&pool).await.expect("old schema");
    (dir, url, pool)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_name_their_backend_and_print_without_a_password() {
        assert_eq!(backend_of("sqlite://bitwa.db").ok(), Some(Backend::Sqlite));
        assert_eq!(backend_of("sqlite::memory:").ok(), Some(Backend::Sqlite));
        assert_eq!(backend_of("postgres://u:p@db/league").ok(), Some(Backend::Postgres));
        assert_eq!(backend_of("postgresql://db/league").ok(), Some(Backend::Postgres));
        let refused = backend_of("mysql://root:secret@db/league").expect_err("not spoken");
        assert!(refused.to_string().contains("postgres://"), "{refused}");
        assert!(!refused.to_string().contains("secret"), "{refused}");
        assert_eq!(
            display_url("postgres://bitwa:s3cr:et@10.0.0.5:5432/league?sslmode=require"),
            "postgres://bitwa:***@10.0.0.5:5432/league?sslmode=require"
        );
        assert_eq!(display_url("postgres://bitwa@db/league"), "postgres://bitwa@db/league");
        assert_eq!(display_url("sqlite:///var/lib/bitwa/league.db"), "sqlite:///var/lib/bitwa/league.db");
        assert_eq!(display_url("sqlite://bitwa.db"), "sqlite://bitwa.db");
    }
}
