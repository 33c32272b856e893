//! CSRF protection: a random token kept in the (encrypted) session and sent back by every form as the
//! hidden field `csrf`. [`CsrfForm`] is the only way handlers read a POST body, so no form can skip
//! the check.

use super::ctx::lang_of;
use super::error::WebError;
use actix_session::{Session, SessionExt};
use actix_web::dev::Payload;
use actix_web::{FromRequest, HttpRequest, web};
use rand_core::{OsRng, RngCore};
use serde::de::DeserializeOwned;
use std::future::Future;
use std::pin::Pin;

const SESSION_KEY: &str = "csrf";
/// Largest accepted form body (a pasted move log or CSV import fits easily).
const MAX_BODY: usize = 2 * 1024 * 1024;

/// Random hex string of `bytes` random bytes, from the operating system's generator.
#[must_use]
pub fn random_hex(bytes: usize) -> String {
    let mut buf = vec![0u8; bytes];
    OsRng.fill_bytes(&mut buf);
    buf.iter().map(|b| format!("{b:02x}")).collect()
}

/// The session's token, created on first use.
#[must_use]
pub fn token(session: &Session) -> String {
    if let Ok(Some(t)) = session.get::<String>(SESSION_KEY) {
        return t;
    }
    let t = random_hex(32);
    if let Err(e) = session.insert(SESSION_KEY, &t) {
        tracing::error!(error = %e, "could not store the CSRF token");
    }
    t
}

/// Compare without an early exit, so timing does not leak how much of a guess was right.
fn same(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// Check a token sent with a form against the session's (for bodies [`CsrfForm`] does not read,
/// such as file uploads).
///
/// # Errors
/// [`WebError::Csrf`] if the token is missing or wrong.
pub fn check(session: &Session, sent: Option<&str>, lang: super::i18n::Lang) -> Result<(), WebError> {
    let expected = session.get::<String>(SESSION_KEY).ok().flatten();
    match (sent, expected) {
        (Some(s), Some(e)) if same(s, &e) => Ok(()),
        _ => Err(WebError::Csrf(lang.t("csrf").to_string())),
    }
}

/// A URL-encoded form whose `csrf` field matched the session's token.
pub struct CsrfForm<T> {
    pub value: T,
    /// Every field as sent, in order (for repeated or dynamic field names such as checklists).
    pub pairs: Vec<(String, String)>,
}

impl<T: DeserializeOwned + 'static> FromRequest for CsrfForm<T> {
    type Error = WebError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, Self::Error>>>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let req = req.clone();
        let body = web::Bytes::from_request(&req, payload);
        Box::pin(async move {
            let lang = lang_of(&req);
            let body = body.await.map_err(|e| WebError::BadRequest(e.to_string()))?;
            if body.len() > MAX_BODY {
                return Err(WebError::BadRequest("form too large".into()));
            }
            let pairs: Vec<(String, String)> =
                serde_urlencoded::from_bytes(&body).map_err(|e| WebError::BadRequest(e.to_string()))?;
            let sent = pairs.iter().find(|(k, _)| k == "csrf").map(|(_, v)| v.as_str());
            let expected = req.get_session().get::<String>(SESSION_KEY).ok().flatten();
            match (sent, expected) {
                (Some(s), Some(e)) if same(s, &e) => {}
                _ => return Err(WebError::Csrf(lang.t("csrf").to_string())),
            }
            let value =
                serde_urlencoded::from_bytes::<T>(&body).map_err(|e| WebError::BadRequest(e.to_string()))?;
            Ok(CsrfForm { value, pairs })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comparison_needs_every_byte() {
        assert!(same("abcd", "abcd"));
        assert!(!same("abcd", "abce"));
        assert!(!same("abc", "abcd"));
        assert_eq!(random_hex(32).len(), 64);
        assert_ne!(random_hex(16), random_hex(16));
    }
}
