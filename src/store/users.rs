//! Login accounts. Passwords arrive here already hashed (argon2, in `web::auth`).

use super::{Store, StoreError, UserId, now};

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct User {
    pub id: UserId,
    pub username: String,
    pub password_hash: String,
    /// May create tournaments (the first organiser account and accounts it creates as organisers).
    pub is_admin: bool,
}

/// How many accounts exist (zero on first start).
///
/// # Errors
/// The query fails.
pub async fn count(db: &Store) -> Result<i64, StoreError> {
    let (n,): (i64,) = on!(db, |c| sqlx::query_as("SELECT COUNT(*) FROM users").fetch_one(c).await)?;
    Ok(n)
}

/// Create an account; `None` if the username is taken.
///
/// # Errors
/// The insert fails for another reason.
pub async fn create(
    db: &Store,
    username: &str,
    password_hash: &str,
    is_admin: bool,
) -> Result<Option<UserId>, StoreError> {
    let id: Option<(UserId,)> = on!(db, |c| sqlx::query_as(
        "INSERT INTO users (username, password_hash, is_admin, created_at) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (username) DO NOTHING RETURNING id",
    )
    .bind(username)
    .bind(password_hash)
    .bind(is_admin)
    .bind(now())
    .fetch_optional(c)
    .await)?;
    Ok(id.map(|(id,)| id))
}

/// No user is named with a NUL character (PostgreSQL's text cannot hold one, and every form that
/// names users refuses control characters): such a name finds nobody instead of failing the query.
///
/// # Errors
/// The query fails.
pub async fn by_username(db: &Store, username: &str) -> Result<Option<User>, StoreError> {
    if username.contains('\0') {
        return Ok(None);
    }
    Ok(on!(db, |c| sqlx::query_as::<_, User>(
        "SELECT id, username, password_hash, is_admin FROM users WHERE username = $1",
    )
    .bind(username)
    .fetch_optional(c)
    .await)?)
}

/// # Errors
/// The query fails.
pub async fn by_id(db: &Store, id: UserId) -> Result<Option<User>, StoreError> {
    Ok(on!(db, |c| sqlx::query_as::<_, User>(
        "SELECT id, username, password_hash, is_admin FROM users WHERE id = $1"
    )
    .bind(id)
    .fetch_optional(c)
    .await)?)
}

/// Replace an account's password hash and end every session of the account, in one transaction
/// (no session outlives the password it logged in with); how many sessions ended.
///
/// # Errors
/// [`StoreError::NotFound`] if there is no such account (nothing changes); a statement fails.
#[tracing::instrument(skip(db, password_hash))]
pub async fn set_password(db: &Store, id: UserId, password_hash: &str) -> Result<u64, StoreError> {
    let mut tx = db.write().await?;
    let updated = on!(&mut tx, |c| sqlx::query("UPDATE users SET password_hash = $1 WHERE id = $2")
        .bind(password_hash)
        .bind(id)
        .execute(c)
        .await
        .map(|r| r.rows_affected()))?;
    if updated == 0 {
        return Err(StoreError::NotFound);
    }
    let ended = on!(&mut tx, |c| sqlx::query("DELETE FROM sessions WHERE user_id = $1")
        .bind(id)
        .execute(c)
        .await
        .map(|r| r.rows_affected()))?;
    tx.commit().await?;
    Ok(ended)
}

/// Every account's id and username (the history page names who was assigned to a table).
///
/// # Errors
/// The query fails.
pub async fn all_names(db: &Store) -> Result<Vec<(i64, String)>, StoreError> {
    Ok(on!(db, |c| sqlx::query_as("SELECT id, username FROM users ORDER BY id").fetch_all(c).await)?)
}
