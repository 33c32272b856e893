//! CSRF protection on every form. [`CsrfForm`] is the only way handlers read a URL-encoded POST
//! body, so no form can skip the check; `multipart/form-data` bodies go through `upload::read`,
//! which checks the same token before it reads any file. The token itself is made and checked in
//! `session` (a signed double-submit cookie bound to the session).

use crate::web::error::WebError;
use crate::web::extract::ctx::lang_of;
use crate::web::forms::field::BODY_LIMIT;
use crate::web::security::bodies::BodyRefusal;
use crate::web::security::session;
use crate::web::text::i18n::Lang;
use actix_web::dev::Payload;
use actix_web::error::PayloadError;
use actix_web::{FromRequest, HttpRequest, web};
use serde::de::DeserializeOwned;
use std::future::Future;
use std::pin::Pin;

pub use crate::web::security::mac::random_hex;

/// Check a token sent with a form against this request's session (for bodies [`CsrfForm`] does
/// not read, such as file uploads).
///
/// # Errors
/// [`WebError::Csrf`] if the token is missing or wrong.
pub fn check(req: &HttpRequest, sent: Option<&str>, lang: Lang) -> Result<(), WebError> {
    if session::current(req).csrf_ok(sent) { Ok(()) } else { Err(WebError::Csrf(lang.t("csrf").to_string())) }
}

/// A body-reading error as the user should see it: over the limit is a 413, anything else a 400.
#[must_use]
pub fn payload_error(e: &actix_web::Error) -> WebError {
    match e.as_error::<PayloadError>() {
        Some(PayloadError::Overflow) => WebError::TooLarge { limit: BODY_LIMIT },
        Some(p) => from_payload(p),
        None => WebError::BadRequest(e.to_string()),
    }
}

/// A body stream's error: past its deadline or over the budget (`bodies`), over the limit, or
/// malformed.
#[must_use]
pub fn from_payload(e: &PayloadError) -> WebError {
    match (BodyRefusal::of(e), e) {
        (Some(refusal), _) => refusal.web_error(),
        (None, PayloadError::Overflow) => WebError::TooLarge { limit: BODY_LIMIT },
        (None, e) => WebError::BadRequest(e.to_string()),
    }
}

/// A form the handler's type cannot read (a field missing, a number that is none): said in the
/// page's language, naming the missing field where the reader says which; the reader's own
/// English ("invalid digit found in string") goes to the log only (issue 36).
fn malformed(lang: Lang, e: &serde_urlencoded::de::Error) -> WebError {
    tracing::info!(error = %e, "a form the handler cannot read");
    let text = e.to_string();
    let missing = text.strip_prefix("missing field `").and_then(|r| r.strip_suffix('`'));
    let what = match missing {
        Some(field) => format!("{} ({field}).", lang.t("form_malformed")),
        None => format!("{}.", lang.t("form_malformed")),
    };
    WebError::BadRequest(format!("{what} {}", lang.t("form_reload")))
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
        // The app's `PayloadConfig` holds the limit; this is the same number, in case it is missing.
        let body = web::Bytes::from_request(&req, payload);
        Box::pin(async move {
            let lang = lang_of(&req);
            let body = body.await.map_err(|e| payload_error(&e))?;
            if body.len() > BODY_LIMIT {
                return Err(WebError::TooLarge { limit: BODY_LIMIT });
            }
            let pairs: Vec<(String, String)> =
                serde_urlencoded::from_bytes(&body).map_err(|e| malformed(lang, &e))?;
            let sent = pairs.iter().find(|(k, _)| k == "csrf").map(|(_, v)| v.as_str());
            check(&req, sent, lang)?;
            let value = serde_urlencoded::from_bytes::<T>(&body).map_err(|e| malformed(lang, &e))?;
            Ok(CsrfForm { value, pairs })
        })
    }
}
