//! Accounts and roles: creating accounts (argon2 hashes, see `hashing`), the logged-in user of a
//! request (from its server-side session, see `session`), and the per-tournament role check the
//! route guard and the role extractors make (`holds`).

use crate::store::tournaments::Role;
use crate::store::{self, Store, TournamentId, UserId};
use crate::web::error::WebError;
use crate::web::security::hashing::{Hasher, hash_password};
use crate::web::security::session;
/// Who is logged in: the session's, named here too because logging in (`authenticate`) yields one.
pub use crate::web::security::session::SessionUser;
use actix_web::dev::Payload;
use actix_web::{FromRequest, HttpRequest};
use rand_core::{OsRng, RngCore};
use std::future::{Ready, ready};

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

/// Create an account at startup (the first organiser, demo accounts), hashing on a blocking thread;
/// `None` if the name is taken. Requests use [`create_account_with`] and the bounded pool instead.
///
/// # Errors
/// Hashing or the insert fails.
pub async fn create_account(
    db: &Store,
    username: &str,
    password: &str,
    is_admin: bool,
) -> Result<Option<UserId>, WebError> {
    let password = password.to_string();
    let hash = actix_web::web::block(move || hash_password(&password))
        .await
        .map_err(WebError::internal)?
        .map_err(|e| WebError::internal(e.to_string()))?;
    Ok(crate::app::accounts::create(db, username, &hash, is_admin).await?)
}

/// Create an account while serving, hashing on the bounded pool; `None` if the name is taken.
///
/// # Errors
/// The pool is busy; the insert fails.
pub async fn create_account_with(
    hasher: &Hasher,
    db: &Store,
    username: &str,
    password: &str,
    is_admin: bool,
) -> Result<Option<UserId>, WebError> {
    let hash = hasher.hash(password).await?;
    Ok(crate::app::accounts::create(db, username, &hash, is_admin).await?)
}

/// On first start (no accounts at all) create the organiser account `admin` with a random password,
/// returned so the caller prints it once. Never a fixed default.
///
/// # Errors
/// The database fails.
pub async fn ensure_first_organiser(db: &Store) -> Result<Option<(String, String)>, WebError> {
    if store::users::count(db).await? > 0 {
        return Ok(None);
    }
    let password = random_password();
    Ok(create_account(db, "admin", &password, true).await?.map(|_| ("admin".to_string(), password)))
}

/// Check a username and password on the bounded pool; the user on success. An unknown username
/// costs a check too (against a decoy hash), so timing does not tell which accounts exist.
///
/// # Errors
/// The pool is busy; the database fails.
pub async fn authenticate(
    hasher: &Hasher,
    db: &Store,
    username: &str,
    password: &str,
) -> Result<Option<SessionUser>, WebError> {
    let user = store::users::by_username(db, username.trim()).await?;
    let ok = hasher.verify(user.as_ref().map(|u| u.password_hash.clone()), password).await?;
    Ok(user.filter(|_| ok).map(|u| SessionUser { id: u.id, username: u.username, is_admin: u.is_admin }))
}

/// The logged-in user; [`WebError::LoginRequired`] (a redirect to the login page) otherwise.
pub struct LoggedIn(pub SessionUser);

impl FromRequest for LoggedIn {
    type Error = WebError;
    type Future = Ready<Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        ready(session::current(req).user().map(LoggedIn))
    }
}

/// Does `user` hold `role` in the tournament? Organisers may do what referees do (they correct
/// results); referees may not do what organisers do.
///
/// # Errors
/// The database fails.
pub async fn holds(db: &Store, user: UserId, tournament: TournamentId, role: Role) -> Result<bool, WebError> {
    let organiser = store::tournaments::has_role(db, tournament, user, Role::Organiser).await?;
    Ok(match role {
        Role::Organiser => organiser,
        Role::Referee => {
            organiser || store::tournaments::has_role(db, tournament, user, Role::Referee).await?
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_passwords_differ_and_avoid_look_alikes() {
        let a = random_password();
        assert_eq!(a.len(), 16);
        assert_ne!(a, random_password());
        assert!(!a.contains(['0', 'O', '1', 'l', 'I']));
    }
}
