//! Server secrets kept in the database, so that a restart keeps sessions valid.

use super::{Store, StoreError};

/// The session cookie key (64 bytes, hex), created on first start.
///
/// # Errors
/// The query fails.
pub async fn session_key(db: &Store, fresh: impl FnOnce() -> String) -> Result<String, StoreError> {
    let candidate = fresh();
    // Insert-if-absent then read: two processes starting together agree on one key.
    on!(db, |c| sqlx::query(
        "INSERT INTO app_secrets (name, value) VALUES ('session_key', $1) ON CONFLICT (name) DO NOTHING",
    )
    .bind(&candidate)
    .execute(c)
    .await
    .map(|r| r.rows_affected()))?;
    let (value,): (String,) =
        on!(db, |c| sqlx::query_as("SELECT value FROM app_secrets WHERE name = 'session_key'")
            .fetch_one(c)
            .await)?;
    Ok(value)
}
