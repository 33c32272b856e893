//! Accounts made outside a request: the logins printed once at start (the first organiser, the
//! demo accounts) and the demo's accounts themselves. Requests hash passwords on the web's bounded
//! pool (`web::security::hashing`) and store the account here ([`create`]); a changed password is
//! stored here too ([`change_password`]).

use super::{AppError, AppResult};
use crate::store::{self, Store, StoreError, UserId};
use argon2::password_hash::{PasswordHasher as _, SaltString};

/// A login printed at start (the first organiser, the demo accounts).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Login {
    pub role: &'static str,
    pub username: String,
    pub password: String,
}

/// Hash a password as `web::security::hashing::hash_password` does (argon2id with argon2's
/// defaults, OWASP's minimum parameters, and a random salt), on a blocking thread.
async fn hash(password: &str) -> AppResult<String> {
    let password = password.to_string();
    let hashed = tokio::task::spawn_blocking(move || {
        let salt = SaltString::generate(&mut rand_core::OsRng);
        argon2::Argon2::default().hash_password(password.as_bytes(), &salt).map(|h| h.to_string())
    })
    .await
    .map_err(|e| AppError::Internal(format!("password hashing stopped: {e}")))?;
    hashed.map_err(|e| AppError::Internal(format!("password hashing failed: {e}")))
}

/// The account `username`: created with `password` if the name is free, otherwise the existing one
/// (its password kept).
///
/// # Errors
/// Hashing or the database fails.
pub async fn ensure(db: &Store, username: &str, password: &str, is_admin: bool) -> AppResult<UserId> {
    if let Some(existing) = store::users::by_username(db, username).await? {
        return Ok(existing.id);
    }
    match store::users::create(db, username, &hash(password).await?, is_admin).await? {
        Some(id) => Ok(id),
        // Taken meanwhile by a concurrent start.
        None => Ok(store::users::by_username(db, username).await?.ok_or(StoreError::NotFound)?.id),
    }
}

/// A new account made while serving (the password hashed by the caller, on the web's bounded pool);
/// `None` if the name is taken.
///
/// # Errors
/// The database fails.
pub async fn create(db: &Store, username: &str, hash: &str, is_admin: bool) -> AppResult<Option<UserId>> {
    Ok(store::users::create(db, username, hash, is_admin).await?)
}

/// A user changes their password (the new one hashed by the caller, on the web's bounded pool):
/// every session of theirs ends in the same transaction, so a stolen session dies with the old
/// password. Returns how many sessions ended.
///
/// # Errors
/// The database fails.
pub async fn change_password(db: &Store, user: UserId, hash: &str) -> AppResult<u64> {
    Ok(store::users::set_password(db, user, hash).await?)
}
