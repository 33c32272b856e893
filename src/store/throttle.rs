//! Failed-login counters, kept in the database so that every server process sharing it sees the
//! same counts and a restart does not forgive an attacker. One row per key (the web layer chooses
//! the keys and the lockout rule, `web::throttle`); times are Unix milliseconds.

use super::{Store, StoreError};

/// The latest `blocked_until` among `keys` (0 if none is known).
///
/// # Errors
/// The query fails.
pub async fn blocked_until(db: &Store, keys: &[String]) -> Result<i64, StoreError> {
    let mut latest = 0;
    for key in keys {
        let row: Option<(i64,)> =
            on!(db, |c| sqlx::query_as("SELECT blocked_until FROM login_throttle WHERE key = $1")
                .bind(key)
                .fetch_optional(c)
                .await)?;
        latest = latest.max(row.map_or(0, |(b,)| b));
    }
    Ok(latest)
}

/// Count one more failure on each key, in one transaction. A key whose last failure is older than
/// `window` milliseconds starts again from zero. `lockout(key, failures)` gives the milliseconds the
/// key is then blocked for (0: not blocked).
///
/// The count moves in one statement (an upsert that reads the row it writes), which holds the key's
/// row until commit: two processes counting failures on one key at once both count (on PostgreSQL a
/// read-then-write would lose one), and the second sees the first's count.
///
/// # Errors
/// A statement fails; nothing is counted then.
pub async fn record_failure(
    db: &Store,
    keys: &[String],
    now: i64,
    window: i64,
    lockout: impl Fn(&str, i64) -> i64,
) -> Result<(), StoreError> {
    let mut tx = db.write().await?;
    for key in keys {
        let (failures,): (i64,) = on!(&mut tx, |c| {
            sqlx::query_as(
            "INSERT INTO login_throttle (key, failures, last_failure, blocked_until) VALUES ($1, 1, $2, 0) \
             ON CONFLICT (key) DO UPDATE SET \
             failures = CASE WHEN $2 - login_throttle.last_failure <= $3 THEN login_throttle.failures + 1 ELSE 1 END, \
             last_failure = $2 \
             RETURNING failures",
        )
        .bind(key)
        .bind(now)
        .bind(window)
        .fetch_one(c)
        .await
        })?;
        let blocked_until = now + lockout(key, failures);
        on!(&mut tx, |c| sqlx::query("UPDATE login_throttle SET blocked_until = $1 WHERE key = $2")
            .bind(blocked_until)
            .bind(key)
            .execute(c)
            .await
            .map(|r| r.rows_affected()))?;
    }
    tx.commit().await?;
    Ok(())
}

/// Forget a key's failures (a successful login from that client).
///
/// # Errors
/// The delete fails.
pub async fn clear(db: &Store, key: &str) -> Result<(), StoreError> {
    on!(db, |c| sqlx::query("DELETE FROM login_throttle WHERE key = $1")
        .bind(key)
        .execute(c)
        .await
        .map(|r| r.rows_affected()))?;
    Ok(())
}

/// Delete keys whose last failure is older than `before` (they would start from zero anyway).
///
/// # Errors
/// The delete fails.
pub async fn purge(db: &Store, before: i64) -> Result<u64, StoreError> {
    Ok(on!(db, |c| sqlx::query("DELETE FROM login_throttle WHERE last_failure < $1")
        .bind(before)
        .execute(c)
        .await
        .map(|r| r.rows_affected()))?)
}

/// Failures counted on a key (tests).
///
/// # Errors
/// The query fails.
pub async fn failures(db: &Store, key: &str) -> Result<i64, StoreError> {
    let row: Option<(i64,)> =
        on!(db, |c| sqlx::query_as("SELECT failures FROM login_throttle WHERE key = $1")
            .bind(key)
            .fetch_optional(c)
            .await)?;
    Ok(row.map_or(0, |(n,)| n))
}
