//! Failed-login counters, kept in the database so that every server process sharing it sees the
//! same counts and a restart does not forgive an attacker. One row per key (the web layer chooses
//! the keys and the lockout rule, `web::throttle`); times are Unix milliseconds.

use super::{Db, StoreError};

/// The latest `blocked_until` among `keys` (0 if none is known).
///
/// # Errors
/// The query fails.
pub async fn blocked_until(db: &Db, keys: &[String]) -> Result<i64, StoreError> {
    let mut latest = 0;
    for key in keys {
        let row: Option<(i64,)> = sqlx::query_as("SELECT blocked_until FROM login_throttle WHERE key = ?")
            .bind(key)
            .fetch_optional(db)
            .await?;
        latest = latest.max(row.map_or(0, |(b,)| b));
    }
    Ok(latest)
}

/// Count one more failure on each key, in one transaction. A key whose last failure is older than
/// `window` milliseconds starts again from zero. `lockout(key, failures)` gives the milliseconds the
/// key is then blocked for (0: not blocked).
///
/// # Errors
/// A statement fails; nothing is counted then.
pub async fn record_failure(
    db: &Db,
    keys: &[String],
    now: i64,
    window: i64,
    lockout: impl Fn(&str, i64) -> i64,
) -> Result<(), StoreError> {
    let mut tx = super::write_tx(db).await?;
    for key in keys {
        let row: Option<(i64, i64)> =
            sqlx::query_as("SELECT failures, last_failure FROM login_throttle WHERE key = ?")
                .bind(key)
                .fetch_optional(&mut *tx)
                .await?;
        let before = match row {
            Some((failures, last)) if now - last <= window => failures,
            _ => 0,
        };
        let failures = before + 1;
        let blocked_until = now + lockout(key, failures);
        sqlx::query(
            "INSERT INTO login_throttle (key, failures, last_failure, blocked_until) VALUES (?, ?, ?, ?) \
             ON CONFLICT (key) DO UPDATE SET failures = excluded.failures, \
             last_failure = excluded.last_failure, blocked_until = excluded.blocked_until",
        )
        .bind(key)
        .bind(failures)
        .bind(now)
        .bind(blocked_until)
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await?;
    Ok(())
}

/// Forget a key's failures (a successful login from that client).
///
/// # Errors
/// The delete fails.
pub async fn clear(db: &Db, key: &str) -> Result<(), StoreError> {
    sqlx::query("DELETE FROM login_throttle WHERE key = ?").bind(key).execute(db).await?;
    Ok(())
}

/// Delete keys whose last failure is older than `before` (they would start from zero anyway).
///
/// # Errors
/// The delete fails.
pub async fn purge(db: &Db, before: i64) -> Result<u64, StoreError> {
    Ok(sqlx::query("DELETE FROM login_throttle WHERE last_failure < ?")
        .bind(before)
        .execute(db)
        .await?
        .rows_affected())
}

/// Failures counted on a key (tests).
///
/// # Errors
/// The query fails.
pub async fn failures(db: &Db, key: &str) -> Result<i64, StoreError> {
    let row: Option<(i64,)> = sqlx::query_as("SELECT failures FROM login_throttle WHERE key = ?")
        .bind(key)
        .fetch_optional(db)
        .await?;
    Ok(row.map_or(0, |(n,)| n))
}
