//! Server-side sessions: one row per logged-in browser, keyed by the SHA-256 of the random id the
//! cookie carries. Nothing about a session lives in a server process, so several processes can
//! share one database and a logout or a password change ends a session everywhere at once.
//!
//! Times are Unix seconds. The expiry rules (idle and absolute timeouts) are the caller's
//! parameters; this module only stores, reads and deletes.

use super::{Store, StoreError, UserId};

/// A live session joined with its account.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct SessionRow {
    pub user_id: UserId,
    pub username: String,
    pub is_admin: bool,
    pub created_at: i64,
    pub last_seen_at: i64,
}

/// Store a new session for `user`.
///
/// # Errors
/// The insert fails (for example an id collision, which 256 random bits make impossible in practice).
#[tracing::instrument(skip(db, id_hash))]
pub async fn create(db: &Store, id_hash: &str, user: UserId, now: i64) -> Result<(), StoreError> {
    on!(db, |c| sqlx::query(
        "INSERT INTO sessions (id_hash, user_id, created_at, last_seen_at) VALUES ($1, $2, $3, $4)"
    )
    .bind(id_hash)
    .bind(user)
    .bind(now)
    .bind(now)
    .execute(c)
    .await
    .map(|r| r.rows_affected()))?;
    Ok(())
}

/// The session with this id hash, if it exists (expired or not: the caller decides).
///
/// # Errors
/// The query fails.
pub async fn get(db: &Store, id_hash: &str) -> Result<Option<SessionRow>, StoreError> {
    Ok(on!(db, |c| sqlx::query_as::<_, SessionRow>(
        "SELECT s.user_id, u.username, u.is_admin, s.created_at, s.last_seen_at \
         FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.id_hash = $1",
    )
    .bind(id_hash)
    .fetch_optional(c)
    .await)?)
}

/// Record activity (the idle timeout counts from here).
///
/// # Errors
/// The update fails.
pub async fn touch(db: &Store, id_hash: &str, now: i64) -> Result<(), StoreError> {
    on!(db, |c| sqlx::query(
        "UPDATE sessions SET last_seen_at = $1 WHERE id_hash = $2 AND last_seen_at < $3"
    )
    .bind(now)
    .bind(id_hash)
    .bind(now)
    .execute(c)
    .await
    .map(|r| r.rows_affected()))?;
    Ok(())
}

/// End one session (logout, expiry).
///
/// # Errors
/// The delete fails.
#[tracing::instrument(skip(db, id_hash))]
pub async fn delete(db: &Store, id_hash: &str) -> Result<(), StoreError> {
    on!(db, |c| sqlx::query("DELETE FROM sessions WHERE id_hash = $1")
        .bind(id_hash)
        .execute(c)
        .await
        .map(|r| r.rows_affected()))?;
    Ok(())
}

/// Delete sessions idle since before `idle_before` or created before `created_before`.
///
/// # Errors
/// The delete fails.
pub async fn purge_expired(db: &Store, idle_before: i64, created_before: i64) -> Result<u64, StoreError> {
    Ok(on!(db, |c| sqlx::query("DELETE FROM sessions WHERE last_seen_at < $1 OR created_at < $2")
        .bind(idle_before)
        .bind(created_before)
        .execute(c)
        .await
        .map(|r| r.rows_affected()))?)
}

/// How many sessions `user` has (tests and the account page).
///
/// # Errors
/// The query fails.
pub async fn count_for_user(db: &Store, user: UserId) -> Result<i64, StoreError> {
    let (n,): (i64,) = on!(db, |c| sqlx::query_as("SELECT COUNT(*) FROM sessions WHERE user_id = $1")
        .bind(user)
        .fetch_one(c)
        .await)?;
    Ok(n)
}
