//! Entries from schools (issue 39), the pages without an account: the event's "Zgłoś szkołę"
//! form (`sign_up`), the school's page opened by its private link (`school`), and a guardian's
//! consent page opened by the pupil's link (`consent`). A link that opens nothing is 404 and
//! counts against the client's address as a failed login does (the throttle), a revoked school
//! link is 403. Every form refused comes back with what was typed and the reason in the page's
//! language.

pub mod consent;
pub mod mail;
pub mod school;
pub mod sign_up;

use crate::web::error::WebError;
use crate::web::security::session::SessionConfig;
use crate::web::security::throttle::{self, Attempt};
use actix_web::{HttpRequest, web};

/// The client's throttle key (`kind:ADDR`).
fn client_key(req: &HttpRequest, kind: &str) -> String {
    let trust_proxy = req.app_data::<web::Data<SessionConfig>>().is_some_and(|c| c.trust_proxy);
    format!("{kind}:{}", throttle::addr_key(throttle::client_addr(req, trust_proxy)))
}

/// A link that opens nothing: counted against the client's address (a guessing client is slowed
/// down as a password guesser is), then 404.
async fn unknown_link(req: &HttpRequest, db: &crate::store::Store, message: &str) -> WebError {
    let key = client_key(req, "ip");
    let attempt = Attempt { keys: vec![key.clone()], own_key: key };
    if let Err(e) = attempt.check(db, message).await {
        return e;
    }
    if let Err(e) = attempt.failed(db).await {
        return e;
    }
    WebError::NotFound
}

/// Refuse (429) a client locked by earlier unknown links.
async fn not_locked(req: &HttpRequest, db: &crate::store::Store, message: &str) -> Result<(), WebError> {
    let key = client_key(req, "ip");
    Attempt { keys: vec![key.clone()], own_key: key }.check(db, message).await
}

/// The address people use, for links printed or mailed: `BITWA_PUBLIC_URL` when set, else the
/// address the request came to.
#[must_use]
pub fn base_url(req: &HttpRequest) -> String {
    let configured = req
        .app_data::<web::Data<crate::web::settings::PublicUrl>>()
        .and_then(|u| u.0.clone())
        .filter(|u| !u.trim().is_empty());
    configured.map_or_else(
        || {
            let info = req.connection_info();
            format!("{}://{}", info.scheme(), info.host())
        },
        |u| u.trim().trim_end_matches('/').to_string(),
    )
}

/// A day as the entries' pages show it.
fn shown(day: chrono::NaiveDate) -> String {
    day.format("%d.%m.%Y").to_string()
}

fn today() -> chrono::NaiveDate {
    chrono::Utc::now().date_naive()
}

/// A typed text trimmed, at most `max` characters; `None` if empty.
fn text(s: &str, max: usize) -> Option<String> {
    let t: String = s.trim().chars().take(max).collect();
    (!t.is_empty()).then_some(t)
}

/// Whether a refusal is said on the refused form (a 400 with the input kept); anything else (an
/// object that is not the actor's: 403; a conflict: 409) goes to the error page with its status.
#[must_use]
pub fn on_form(r: &crate::app::Refusal) -> bool {
    crate::web::error::refusal_status(r) == actix_web::http::StatusCode::BAD_REQUEST
}

/// A refused form's problems, each with its field (`form`: the whole form's).
pub struct Problems(pub Vec<(&'static str, String)>);

impl Problems {
    /// The first problem of `field`.
    #[must_use]
    pub fn of(&self, field: &str) -> Option<&str> {
        self.0.iter().find(|(f, _)| *f == field).map(|(_, p)| p.as_str())
    }
}
