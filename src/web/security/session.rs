//! Server-side sessions and the CSRF token, as one middleware that runs before every handler.
//!
//! The session cookie holds only a random id (256 bits); the session itself is a database row
//! (`store::sessions`) keyed by the id's SHA-256. Logout deletes the row, so a copied cookie stops
//! working at once, in every server process. OWASP ASVS 4.0, 7.2.3: "Verify that if reference
//! tokens are used to represent user sessions, they are unique and generated using a
//! cryptographically secure pseudo-random number generator (CSPRNG) and possess at least 128 bits
//! of entropy." Ours come from the operating system's generator, 256 bits. As OWASP's Session
//! Management Cheat Sheet lists them: an idle timeout, an absolute timeout, a new session id at
//! login (no fixation), a logout that ends the session on the server.
//!
//! CSRF: the Signed Double-Submit Cookie of OWASP's CSRF Prevention Cheat Sheet. A random nonce
//! lives in its own cookie (created when a page first renders a form, so anonymous readers get no
//! cookie); every form carries `HMAC(server secret, nonce, session id)`, which an attacker can
//! neither read nor compute. The token changes with the session, so a login invalidates old forms.

use crate::store::{self, Store, StoreError, UserId};
use crate::web::error::WebError;
use crate::web::read_model::away::Outage;
use crate::web::security::mac::{Secret, random_hex, sha256_hex};
use actix_web::body::MessageBody;
use actix_web::cookie::{Cookie, SameSite};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::middleware::Next;
use actix_web::{HttpMessage, HttpRequest, web};
use std::cell::{Cell, OnceCell};
use std::rc::Rc;

pub const SESSION_COOKIE: &str = "bitwa_session";
pub const CSRF_COOKIE: &str = "bitwa_csrf";

/// How sessions behave (from the settings).
#[derive(Debug, Clone)]
pub struct SessionConfig {
    /// A session unused for this many seconds ends (default 12 h).
    pub idle_secs: i64,
    /// A session ends this many seconds after login, however active (default 24 h).
    pub absolute_secs: i64,
    /// Cookies only over HTTPS (`BITWA_PUBLIC_URL` starts with `https://`).
    pub secure: bool,
    /// Signs CSRF tokens and device cookies.
    pub secret: Secret,
    /// Take the client's address from `X-Forwarded-For`/`Forwarded` (behind a proxy that sets them).
    pub trust_proxy: bool,
}

impl SessionConfig {
    /// Activity is written back at most this often (a write per request would make every page a
    /// database write); well under the idle timeout.
    fn touch_every(&self) -> i64 {
        (self.idle_secs / 4).min(60)
    }

    /// A cookie with the service's attributes: `HttpOnly`, `SameSite=Lax`, path `/`, `Secure` when
    /// served over HTTPS. No `Max-Age`: the browser forgets it when it closes (OWASP prefers such
    /// non-persistent cookies for sessions), the server forgets it on expiry or logout.
    #[must_use]
    pub fn cookie(&self, name: &'static str, value: String) -> Cookie<'static> {
        let mut c = Cookie::new(name, value);
        c.set_path("/");
        c.set_http_only(true);
        c.set_same_site(SameSite::Lax);
        c.set_secure(self.secure);
        c
    }

    /// A cookie that tells the browser to forget `name`.
    #[must_use]
    pub fn removal(&self, name: &'static str) -> Cookie<'static> {
        let mut c = self.cookie(name, String::new());
        c.make_removal();
        c
    }
}

/// Seconds since the Unix epoch.
#[must_use]
pub fn unix_now() -> i64 {
    chrono::Utc::now().timestamp()
}

/// The CSRF seed of one request: the nonce cookie's value, or a fresh nonce made on first use.
struct CsrfSeed {
    existing: Option<String>,
    fresh: OnceCell<String>,
    used: Cell<bool>,
}

impl CsrfSeed {
    fn nonce(&self) -> &str {
        self.used.set(true);
        match &self.existing {
            Some(n) => n,
            None => self.fresh.get_or_init(|| random_hex(32)),
        }
    }
}

/// Who is logged in, as the session row and its account say.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SessionUser {
    pub id: UserId,
    pub username: String,
    /// May create tournaments.
    pub is_admin: bool,
}

/// What the middleware found for this request (kept in the request's extensions).
#[derive(Clone)]
pub struct Current {
    pub user: Option<SessionUser>,
    /// SHA-256 of the session id, when logged in.
    pub id_hash: Option<String>,
    /// A session cookie came while the database was away: not read (no user), so a page that
    /// needs the login answers 503 at once instead of asking for a login (`Current::user`).
    pub unread: bool,
    seed: Rc<CsrfSeed>,
    secret: Option<Secret>,
}

impl Current {
    fn anonymous(secret: Option<Secret>, nonce: Option<String>) -> Current {
        Current {
            user: None,
            id_hash: None,
            unread: false,
            seed: Rc::new(CsrfSeed { existing: nonce, fresh: OnceCell::new(), used: Cell::new(false) }),
            secret,
        }
    }

    /// The logged-in user, or why there is none: a login to ask for, or (the session could not
    /// be read, the database being away) the 503 with `Retry-After` at once.
    ///
    /// # Errors
    /// [`WebError::LoginRequired`] or [`WebError::Unavailable`].
    pub fn user(&self) -> Result<SessionUser, WebError> {
        match (&self.user, self.unread) {
            (Some(user), _) => Ok(user.clone()),
            (None, true) => Err(crate::web::error::database_unavailable(&std::io::Error::other(
                "the session was not read: the database is away",
            ))),
            (None, false) => Err(WebError::LoginRequired),
        }
    }

    /// The CSRF token for this request's forms (creates the nonce cookie if there is none yet).
    #[must_use]
    pub fn csrf_token(&self) -> String {
        let nonce = self.seed.nonce().to_string();
        match &self.secret {
            Some(s) => s.sign("csrf", &[&nonce, self.id_hash.as_deref().unwrap_or("")]),
            None => String::new(),
        }
    }

    /// Does a token sent with a form match this request's nonce cookie and session?
    #[must_use]
    pub fn csrf_ok(&self, sent: Option<&str>) -> bool {
        match (&self.secret, &self.seed.existing, sent) {
            (Some(s), Some(nonce), Some(sent)) => {
                s.verify("csrf", &[nonce, self.id_hash.as_deref().unwrap_or("")], sent)
            }
            _ => false,
        }
    }
}

/// This request's session and CSRF state (anonymous, with no token, if the middleware did not run).
#[must_use]
pub fn current(req: &HttpRequest) -> Current {
    req.extensions().get::<Current>().cloned().unwrap_or_else(|| Current::anonymous(None, None))
}

/// A nonce cookie we made looks like this (anything else is ignored and replaced).
fn valid_nonce(v: &str) -> bool {
    v.len() == 64 && v.bytes().all(|b| b.is_ascii_hexdigit())
}

/// Load the session (if the cookie names a live one), refuse expired ones, and after the handler
/// set the CSRF nonce cookie if a form used a fresh one.
///
/// # Errors
/// The database fails while reading the session.
pub async fn middleware(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let config = req.app_data::<web::Data<SessionConfig>>().cloned();
    let db = req.app_data::<web::Data<Store>>().cloned();
    let (Some(config), Some(db)) = (config, db) else { return next.call(req).await };
    // The path as routed (see `guard::routed_path`).
    if req.match_info().as_str().starts_with("/static/") {
        // Files for everyone: no session to read, no form to sign.
        return next.call(req).await;
    }
    let nonce = req.cookie(CSRF_COOKIE).map(|c| c.value().to_string()).filter(|v| valid_nonce(v));
    let mut current = Current::anonymous(Some(config.secret.clone()), nonce);
    let mut clear_session = false;
    if let Some(id) = req.cookie(SESSION_COOKIE).map(|c| c.value().to_string()) {
        // While the database is away the session is read only if it answers at once; otherwise
        // a public page answers from memory as to anyone, and a page that needs the login says
        // 503 (see `Current::user`).
        let outage = req.app_data::<web::Data<Outage>>().cloned();
        let loaded = if outage.as_ref().is_some_and(|o| o.is_away()) {
            tokio::time::timeout(SESSION_PATIENCE, load(&db, &config, &id)).await.ok()
        } else {
            Some(load(&db, &config, &id).await)
        };
        match loaded {
            Some(Ok(Some((user, hash)))) => {
                current.user = Some(user);
                current.id_hash = Some(hash);
            }
            Some(Ok(None)) => clear_session = true,
            Some(Err(e)) if crate::web::error::database_away(&e) => {
                if let Some(outage) = &outage {
                    outage.found_away();
                }
                current.unread = true;
            }
            Some(Err(e)) => return Err(WebError::from(e).into()),
            None => current.unread = true,
        }
    }
    let seed = Rc::clone(&current.seed);
    req.extensions_mut().insert(current);
    let mut res = next.call(req).await?;
    let sets = |res: &ServiceResponse<_>, name: &str| res.response().cookies().any(|c| c.name() == name);
    if seed.used.get()
        && let Some(fresh) = seed.fresh.get()
        && !sets(&res, CSRF_COOKIE)
    {
        res.response_mut().add_cookie(&config.cookie(CSRF_COOKIE, fresh.clone()))?;
    }
    if clear_session && !sets(&res, SESSION_COOKIE) {
        res.response_mut().add_cookie(&config.removal(SESSION_COOKIE))?;
    }
    Ok(res)
}

/// While the database is away, how long a request with a session waits for it before the session
/// is left unread (a new connection to a database that is back takes a few milliseconds: the
/// first save after an outage lands; during it a logged-in page says 503 after this long).
const SESSION_PATIENCE: std::time::Duration = std::time::Duration::from_millis(300);

/// The live session a cookie names, with its user; an expired one is deleted.
async fn load(
    db: &Store,
    config: &SessionConfig,
    id: &str,
) -> Result<Option<(SessionUser, String)>, StoreError> {
    if id.len() != 64 || !id.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Ok(None);
    }
    let hash = sha256_hex(id);
    let Some(row) = store::sessions::get(db, &hash).await? else { return Ok(None) };
    let now = unix_now();
    if now - row.last_seen_at > config.idle_secs || now - row.created_at > config.absolute_secs {
        tracing::info!(username = %row.username, "session expired");
        store::sessions::delete(db, &hash).await?;
        return Ok(None);
    }
    if now - row.last_seen_at >= config.touch_every() {
        store::sessions::touch(db, &hash, now).await?;
    }
    Ok(Some((SessionUser { id: row.user_id, username: row.username, is_admin: row.is_admin }, hash)))
}

/// Start a session for `user`: a new random id (so an id planted before login is worthless), its
/// row, and the cookie to send. Expired sessions of everyone are swept at the same time.
///
/// # Errors
/// The database fails.
pub async fn start(db: &Store, config: &SessionConfig, user: UserId) -> Result<Cookie<'static>, StoreError> {
    let id = random_hex(32);
    let now = unix_now();
    store::sessions::purge_expired(db, now - config.idle_secs, now - config.absolute_secs).await?;
    store::sessions::create(db, &sha256_hex(&id), user, now).await?;
    Ok(config.cookie(SESSION_COOKIE, id))
}

/// End the session whose id hashes to `id_hash` (log out): its row is deleted, so the cookie (and
/// any copy of it) stops working.
///
/// # Errors
/// The database fails.
pub async fn end(db: &Store, id_hash: &str) -> Result<(), StoreError> {
    store::sessions::delete(db, id_hash).await
}

#[cfg(test)]
mod tests {
    use super::*;

    fn current(secret: &Secret, nonce: Option<&str>, session: Option<&str>) -> Current {
        let mut c = Current::anonymous(Some(secret.clone()), nonce.map(str::to_string));
        c.id_hash = session.map(str::to_string);
        c
    }

    #[test]
    fn a_csrf_token_needs_the_nonce_cookie_and_the_same_session() {
        let secret = Secret::new(vec![3; 64]).unwrap();
        let nonce = "a".repeat(64);
        let anon = current(&secret, Some(&nonce), None);
        let token = anon.csrf_token();
        assert!(anon.csrf_ok(Some(&token)));
        assert!(!anon.csrf_ok(None));
        assert!(!anon.csrf_ok(Some("x")));
        // Logged in: the anonymous token no longer works; a token for this session does.
        let logged = current(&secret, Some(&nonce), Some("s1"));
        assert!(!logged.csrf_ok(Some(&token)));
        assert!(logged.csrf_ok(Some(&logged.csrf_token())));
        assert!(!current(&secret, Some(&nonce), Some("s2")).csrf_ok(Some(&logged.csrf_token())));
        // Without a nonce cookie nothing passes (a fresh nonce is not yet the browser's).
        let fresh = current(&secret, None, None);
        assert!(!fresh.csrf_ok(Some(&fresh.csrf_token())));
        // Another server secret: nothing passes.
        let other = Secret::new(vec![4; 64]).unwrap();
        assert!(!current(&other, Some(&nonce), None).csrf_ok(Some(&token)));
    }

    #[test]
    fn nonces_and_session_ids_have_one_shape() {
        assert!(valid_nonce(&random_hex(32)));
        assert!(!valid_nonce("abc") && !valid_nonce(&"g".repeat(64)));
    }
}
