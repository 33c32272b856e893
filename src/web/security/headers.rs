//! Security headers on every response, `Cache-Control: no-store` on pages behind a login and on a
//! player's personal link, and `HEAD` answered wherever `GET` is.
//!
//! OWASP HTTP Security Response Headers Cheat Sheet, X-Frame-Options: "Use Content Security Policy
//! (CSP) frame-ancestors directive if possible. Do not allow displaying of the page in a frame.
//! X-Frame-Options: DENY" (we send both: the header for browsers without CSP level 2); instead of
//! X-XSS-Protection: "Use a Content Security Policy (CSP) that disables the use of inline
//! JavaScript." Ours allows only this origin (`default-src 'self'`): no inline script, no inline
//! style, no `javascript:` links; scripts that enhance a page are files under `static/`. Also
//! `X-Content-Type-Options: nosniff` (the declared type is the type) and `Referrer-Policy:
//! strict-origin-when-cross-origin` (other sites see our origin at most, never a path).
//!
//! Every answer under `/online/` (a player's page shows their hidden hand, and its address is their
//! key, issue 35) is `Cache-Control: no-store` and `Referrer-Policy: no-referrer`: no cache keeps
//! the hand, and no request from the page, even to this origin, names the link.
//!
//! RFC 9110, 9.3.2: "The HEAD method is identical to GET except that the server MUST NOT send
//! content in the response." A `HEAD` request is routed as `GET`; the HTTP codec, which saw the
//! `HEAD`, sends the headers (with the GET's `Content-Length`) and no body.

use crate::web::security::guard::{Need, need, routed_path};
use crate::web::security::session::SessionConfig;
use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::Method;
use actix_web::http::header::{self, HeaderName, HeaderValue};
use actix_web::middleware::Next;
use actix_web::web;

/// The Content Security Policy of every page.
pub const CSP: &str =
    "default-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'; object-src 'none'";

const FIXED: [(&str, &str); 4] = [
    ("content-security-policy", CSP),
    ("x-content-type-options", "nosniff"),
    ("x-frame-options", "DENY"),
    ("referrer-policy", "strict-origin-when-cross-origin"),
];

/// Is this path a page behind a login (or the login form), whose answer no cache may keep?
#[must_use]
pub fn private(path: &str) -> bool {
    need(path) != Need::Nothing || path == "/login"
}

/// Is this path a player's personal link (its page, moves, stream), whose address is the key?
#[must_use]
pub fn personal_link(path: &str) -> bool {
    path.starts_with("/online/")
}

/// Add the headers; route `HEAD` as `GET`.
///
/// # Errors
/// The inner service fails.
pub async fn security_headers(
    mut req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    if req.method() == Method::HEAD {
        req.head_mut().method = Method::GET;
    }
    let secure = req.app_data::<web::Data<SessionConfig>>().is_some_and(|c| c.secure);
    let private = private(routed_path(&req));
    let link = personal_link(routed_path(&req));
    let mut res = next.call(req).await?;
    let headers = res.headers_mut();
    for (name, value) in FIXED {
        let name = HeaderName::from_static(name);
        if !headers.contains_key(&name) {
            headers.insert(name, HeaderValue::from_static(value));
        }
    }
    if secure && !headers.contains_key(header::STRICT_TRANSPORT_SECURITY) {
        headers.insert(header::STRICT_TRANSPORT_SECURITY, HeaderValue::from_static("max-age=31536000"));
    }
    if private || link {
        // Referee and organiser pages show minors' birth dates and results in progress; a
        // player's page their hand.
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
    if link {
        headers.insert(header::REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
    }
    Ok(res)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn login_pages_are_private_and_public_pages_are_not() {
        assert!(private("/admin/t/1") && private("/ref/t/1/match/2") && private("/me") && private("/login"));
        assert!(!private("/") && !private("/t/1/standings") && !private("/static/style.css"));
    }

    #[test]
    fn every_answer_under_a_personal_link_is_one() {
        assert!(personal_link("/online/ab12") && personal_link("/online/ab12/events"));
        assert!(
            !personal_link("/") && !personal_link("/ref/t/1/match/2/online") && !personal_link("/onlinex")
        );
    }
}
