//! Login accounts. Passwords arrive here already hashed (argon2, in `web::auth`).

use super::{Db, StoreError, UserId, now};

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
pub async fn count(db: &Db) -> Result<i64, StoreError> {
    let (n,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM users").fetch_one(db).await?;
    Ok(n)
}

/// Create an account; `None` if the username is taken.
///
/// # Errors
/// The insert fails for another reason.
pub async fn create(
    db: &Db,
    username: &str,
    password_hash: &str,
    is_admin: bool,
) -> Result<Option<UserId>, StoreError> {
    let id: Option<(UserId,)> = sqlx::query_as(
        "INSERT INTO users (username, password_hash, is_admin, created_at) VALUES (?, ?, ?, ?) \
         ON CONFLICT (username) DO NOTHING RETURNING id",
    )
    .bind(username)
    .bind(password_hash)
    .bind(is_admin)
    .bind(now())
    .fetch_optional(db)
    .await?;
    Ok(id.map(|(id,)| id))
}

/// # Errors
/// The query fails.
pub async fn by_username(db: &Db, username: &str) -> Result<Option<User>, StoreError> {
    Ok(sqlx::query_as::<_, User>(
        "SELECT id, username, password_hash, is_admin FROM users WHERE username = ?",
    )
    .bind(username)
    .fetch_optional(db)
    .await?)
}

/// # Errors
/// The query fails.
pub async fn by_id(db: &Db, id: UserId) -> Result<Option<User>, StoreError> {
    Ok(sqlx::query_as::<_, User>("SELECT id, username, password_hash, is_admin FROM users WHERE id = ?")
        .bind(id)
        .fetch_optional(db)
        .await?)
}

/// Replace an account's password hash.
///
/// # Errors
/// [`StoreError::NotFound`] if there is no such account; the update fails.
#[tracing::instrument(skip(db, password_hash))]
pub async fn set_password(db: &Db, id: UserId, password_hash: &str) -> Result<(), StoreError> {
    let res = sqlx::query("UPDATE users SET password_hash = ? WHERE id = ?")
        .bind(password_hash)
        .bind(id)
        .execute(db)
        .await?;
    if res.rows_affected() == 0 {
        return Err(StoreError::NotFound);
    }
    Ok(())
}

/// Every account's id and username (the history page names who was assigned to a table).
///
/// # Errors
/// The query fails.
pub async fn all_names(db: &Db) -> Result<Vec<(i64, String)>, StoreError> {
    Ok(sqlx::query_as("SELECT id, username FROM users ORDER BY id").fetch_all(db).await?)
}
