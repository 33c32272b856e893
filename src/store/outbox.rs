//! The mail outbox (issue 39, item 7): a mail is queued in the transaction of the change that
//! causes it ([`queue_in`]), so a change rolled back sends nothing and a change committed is never
//! without its mail; the sender (`app::mail`) takes what is due, leases it ([`lease`]: `next_at`
//! moved on, so two processes sharing a PostgreSQL never both send it), and marks it sent or failed.

use super::{Conn, Store, StoreError, now};

/// A mail to queue.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutMail {
    /// What caused it (`school-link`, `consent`, `promoted`).
    pub kind: &'static str,
    pub to: String,
    pub subject: String,
    pub body: String,
}

/// A queued mail as the sender (and the tests) read it.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct Queued {
    pub id: i64,
    pub kind: String,
    pub recipient: String,
    pub subject: String,
    pub body: String,
    pub next_at: String,
    pub attempts: i64,
    pub last_error: String,
    pub sent_at: Option<String>,
    pub failed_at: Option<String>,
}

/// Queue `m` in the caller's transaction, due at once.
///
/// # Errors
/// A statement fails.
pub async fn queue_in(tx: &mut Conn, m: &OutMail) -> Result<(), StoreError> {
    let at = now();
    on!(&mut *tx, |c| {
        sqlx::query(
        "INSERT INTO mail_outbox (kind, recipient, subject, body, created_at, next_at) VALUES ($1, $2, $3, $4, $5, $5)"
    )
    .bind(m.kind)
    .bind(&m.to)
    .bind(&m.subject)
    .bind(&m.body)
    .bind(&at)
    .execute(c)
    .await
    .map(|r| r.rows_affected())
    })?;
    Ok(())
}

const QUEUED: &str = "SELECT id, kind, recipient, subject, body, next_at, attempts, last_error, sent_at, failed_at \
     FROM mail_outbox";

/// The mails due at `at` (an RFC 3339 time as [`now`] writes it), oldest first, at most `limit`.
///
/// # Errors
/// The query fails.
pub async fn due(db: &Store, at: &str, limit: i64) -> Result<Vec<Queued>, StoreError> {
    let sql = format!(
        "{QUEUED} WHERE sent_at IS NULL AND failed_at IS NULL AND next_at <= $1 ORDER BY next_at, id LIMIT $2"
    );
    Ok(on!(db, |c| sqlx::query_as::<_, Queued>(sqlx::AssertSqlSafe(sql.clone()))
        .bind(at)
        .bind(limit)
        .fetch_all(c)
        .await)?)
}

/// Every mail queued, oldest first (the tests and the operator's look).
///
/// # Errors
/// The query fails.
pub async fn all(db: &Store) -> Result<Vec<Queued>, StoreError> {
    let sql = format!("{QUEUED} ORDER BY id");
    Ok(on!(db, |c| sqlx::query_as::<_, Queued>(sqlx::AssertSqlSafe(sql.clone())).fetch_all(c).await)?)
}

/// Take `m` for sending: its `next_at` moved to `until` if nobody moved it since it was read.
/// Whether this process has it.
///
/// # Errors
/// The statement fails.
pub async fn lease(db: &Store, m: &Queued, until: &str) -> Result<bool, StoreError> {
    let n = on!(db, |c| {
        sqlx::query(
        "UPDATE mail_outbox SET next_at = $1 WHERE id = $2 AND next_at = $3 AND sent_at IS NULL AND failed_at IS NULL"
    )
    .bind(until)
    .bind(m.id)
    .bind(&m.next_at)
    .execute(c)
    .await
    .map(|r| r.rows_affected())
    })?;
    Ok(n == 1)
}

/// `id` handed to the relay.
///
/// # Errors
/// The statement fails.
pub async fn sent(db: &Store, id: i64) -> Result<(), StoreError> {
    on!(db, |c| sqlx::query("UPDATE mail_outbox SET sent_at = $1 WHERE id = $2")
        .bind(now())
        .bind(id)
        .execute(c)
        .await
        .map(|r| r.rows_affected()))?;
    Ok(())
}

/// A try of `id` failed with `error`: tried again at `retry_at`, or given up (`None`).
///
/// # Errors
/// The statement fails.
pub async fn failed(db: &Store, id: i64, error: &str, retry_at: Option<&str>) -> Result<(), StoreError> {
    let at = now();
    on!(db, |c| sqlx::query(
        "UPDATE mail_outbox SET attempts = attempts + 1, last_error = $1, next_at = COALESCE($2, next_at), \
         failed_at = CASE WHEN $2 IS NULL THEN $3 ELSE NULL END WHERE id = $4"
    )
    .bind(error)
    .bind(retry_at)
    .bind(&at)
    .bind(id)
    .execute(c)
    .await
    .map(|r| r.rows_affected()))?;
    Ok(())
}
