//! Server-side sessions: one row per logged-in browser, keyed by the SHA-256 of the random id the
//! cookie carries. Nothing about a session lives in a server process, so several processes can
//! share one database and a logout or a password change ends a session everywhere at once.
//!
//! Times are Unix seconds. The expiry rules (idle and absolute timeouts) are the caller's
//! parameters; this module only stores, reads and deletes.

use super::{Db, StoreError, UserId};

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
pub async fn create(db: &Db, id_hash: &str, user: UserId, now: i64) -> Result<(), StoreError> {
    sqlx::query("INSERT INTO sessions (id_hash, user_id, created_at, last_seen_at) VALUES (?, ?, ?, ?)")
        .bind(id_hash)
        .bind(user)
        .bind(now)
        .bind(now)
        .execute(db)
        .await?;
    Ok(())
}

/// The session with this id hash, if it exists (expired or not: the caller decides).
///
/// # Errors
/// The query fails.
pub async fn get(db: &Db, id_hash: &str) -> Result<Option<SessionRow>, StoreError> {
    Ok(sqlx::query_as::<_, SessionRow>(
        "SELECT s.user_id, u.username, u.is_admin, s.created_at, s.last_seen_at \
         FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.id_hash = ?",
    )
    .bind(id_hash)
    .fetch_optional(db)
    .await?)
}

/// Record activity (the idle timeout counts from here).
///
/// # Errors
/// The update fails.
pub async fn touch(db: &Db, id_hash: &str, now: i64) -> Result<(), StoreError> {
    sqlx::query("UPDATE sessions SET last_seen_at = ? WHERE id_hash = ? AND last_seen_at < ?")
        .bind(now)
        .bind(id_hash)
        .bind(now)
        .execute(db)
        .await?;
    Ok(())
}

/// End one session (logout, expiry).
///
/// # Errors
/// The delete fails.
#[tracing::instrument(skip(db, id_hash))]
pub async fn delete(db: &Db, id_hash: &str) -> Result<(), StoreError> {
    sqlx::query("DELETE FROM sessions WHERE id_hash = ?").bind(id_hash).execute(db).await?;
    Ok(())
}

/// End every session of `user` (a password change ends the other browsers' sessions); how many.
///
/// # Errors
/// The delete fails.
#[tracing::instrument(skip(db))]
pub async fn delete_for_user(db: &Db, user: UserId) -> Result<u64, StoreError> {
    Ok(sqlx::query("DELETE FROM sessions WHERE user_id = ?").bind(user).execute(db).await?.rows_affected())
}

/// Delete sessions idle since before `idle_before` or created before `created_before`.
///
/// # Errors
/// The delete fails.
pub async fn purge_expired(db: &Db, idle_before: i64, created_before: i64) -> Result<u64, StoreError> {
    Ok(sqlx::query("DELETE FROM sessions WHERE last_seen_at < ? OR created_at < ?")
        .bind(idle_before)
        .bind(created_before)
        .execute(db)
        .await?
        .rows_affected())
}

/// How many sessions `user` has (tests and the account page).
///
/// # Errors
/// The query fails.
pub async fn count_for_user(db: &Db, user: UserId) -> Result<i64, StoreError> {
    let (n,): (i64,) =
        sqlx::query_as("SELECT COUNT(*) FROM sessions WHERE user_id = ?").bind(user).fetch_one(db).await?;
    Ok(n)
}
