//! Accounts and roles: argon2 password hashes, the logged-in user kept in the encrypted session cookie,
//! and the per-tournament role check every organiser and referee route calls.

use super::error::WebError;
use crate::store::tournaments::Role;
use crate::store::{self, Db, TournamentId, UserId};
use actix_session::{Session, SessionExt};
use actix_web::dev::Payload;
use actix_web::{FromRequest, HttpRequest};
use argon2::Argon2;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use rand_core::{OsRng, RngCore};
use serde::{Deserialize, Serialize};
use std::future::{Ready, ready};

pub const SESSION_USER: &str = "user";

/// Who is logged in, as kept in the session.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct SessionUser {
    pub id: UserId,
    pub username: String,
    /// May create tournaments.
    pub is_admin: bool,
}

/// Hash a password with argon2id and a random salt (slow on purpose: call it off the async threads).
///
/// # Errors
/// Hashing fails (it does not with default parameters).
pub fn hash_password(password: &str) -> Result<String, WebError> {
    let salt = SaltString::generate(&mut OsRng);
    Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| WebError::Internal(format!("argon2: {e}")))
}

/// Does `password` match the stored hash?
#[must_use]
pub fn verify_password(hash: &str, password: &str) -> bool {
    PasswordHash::new(hash).is_ok_and(|h| Argon2::default().verify_password(password.as_bytes(), &h).is_ok())
}

/// A random password for a new account: 16 characters without look-alikes.
#[must_use]
pub fn random_password() -> String {
    const ALPHABET: &[u8] = b"abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
    let mut out = String::with_capacity(16);
    while out.len() < 16 {
        let b = (OsRng.next_u32() & 0xff) as usize;
        // Rejection sampling keeps every character equally likely.
        if b < ALPHABET.len() * (256 / ALPHABET.len()) {
            out.push(char::from(ALPHABET[b % ALPHABET.len()]));
        }
    }
    out
}

/// Create an account with a hashed password; `None` if the name is taken.
///
/// # Errors
/// Hashing or the insert fails.
pub async fn create_account(
    db: &Db,
    username: &str,
    password: &str,
    is_admin: bool,
) -> Result<Option<UserId>, WebError> {
    let password = password.to_string();
    let hash = actix_web::web::block(move || hash_password(&password))
        .await
        .map_err(|e| WebError::Internal(e.to_string()))??;
    Ok(store::users::create(db, username, &hash, is_admin).await?)
}

/// On first start (no accounts at all) create the organiser account `admin` with a random password,
/// returned so the caller prints it once. Never a fixed default.
///
/// # Errors
/// The database fails.
pub async fn ensure_first_organiser(db: &Db) -> Result<Option<(String, String)>, WebError> {
    if store::users::count(db).await? > 0 {
        return Ok(None);
    }
    let password = random_password();
    Ok(create_account(db, "admin", &password, true).await?.map(|_| ("admin".to_string(), password)))
}

/// Check a login; the user on success.
///
/// # Errors
/// The database fails.
pub async fn check_login(db: &Db, username: &str, password: &str) -> Result<Option<SessionUser>, WebError> {
    let Some(user) = store::users::by_username(db, username.trim()).await? else {
        // Hash anyway so that a wrong username takes as long as a wrong password.
        let password = password.to_string();
        let _ = actix_web::web::block(move || hash_password(&password)).await;
        return Ok(None);
    };
    let hash = user.password_hash.clone();
    let password = password.to_string();
    let ok = actix_web::web::block(move || verify_password(&hash, &password))
        .await
        .map_err(|e| WebError::Internal(e.to_string()))?;
    Ok(ok.then_some(SessionUser { id: user.id, username: user.username, is_admin: user.is_admin }))
}

/// Start a session for `user` (a fresh cookie, a fresh CSRF token).
///
/// # Errors
/// The session cannot be written.
pub fn log_in(session: &Session, user: &SessionUser) -> Result<(), WebError> {
    session.renew();
    session.remove("csrf");
    session.insert(SESSION_USER, user).map_err(|e| WebError::Internal(e.to_string()))
}

/// The logged-in user; [`WebError::LoginRequired`] (a redirect to the login page) otherwise.
pub struct LoggedIn(pub SessionUser);

impl FromRequest for LoggedIn {
    type Error = WebError;
    type Future = Ready<Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let user = req.get_session().get::<SessionUser>(SESSION_USER).ok().flatten();
        ready(user.map(LoggedIn).ok_or(WebError::LoginRequired))
    }
}

/// Refuse (403) unless `user` holds `role` in the tournament. Organisers may do what referees do
/// (they correct results); referees may not do what organisers do.
///
/// # Errors
/// [`WebError::Forbidden`]; the database fails.
pub async fn require(
    db: &Db,
    user: &SessionUser,
    tournament: TournamentId,
    role: Role,
) -> Result<(), WebError> {
    let organiser = store::tournaments::has_role(db, tournament, user.id, Role::Organiser).await?;
    let allowed = match role {
        Role::Organiser => organiser,
        Role::Referee => {
            organiser || store::tournaments::has_role(db, tournament, user.id, Role::Referee).await?
        }
    };
    if allowed { Ok(()) } else { Err(WebError::Forbidden) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passwords_verify_only_themselves() {
        let hash = hash_password("correct horse").unwrap();
        assert!(hash.starts_with("$argon2id$"));
        assert!(verify_password(&hash, "correct horse"));
        assert!(!verify_password(&hash, "correct hors"));
        assert!(!verify_password("not a hash", "x"));
    }

    #[test]
    fn random_passwords_differ_and_avoid_look_alikes() {
        let a = random_password();
        assert_eq!(a.len(), 16);
        assert_ne!(a, random_password());
        assert!(!a.contains(['0', 'O', '1', 'l', 'I']));
    }
}
