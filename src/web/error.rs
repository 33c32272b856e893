//! The one error type of the web boundary, and the error policy (as crates.io's `util/errors.rs`
//! states its own):
//!
//! - The user sees a clear page: 404, 403, 400 saying what to fix (a refused field or a use case's
//!   [`Refusal`], carried as values and said in the page's language by `web::text::refusals`; each
//!   refusal's status is [`refusal_status`], here and nowhere else), 409 only for an edit conflict
//!   (someone saved first), 413 for a body over the one documented limit, 429 and 503 with
//!   `Retry-After`, 500 without internals.
//! - The log keeps the typed cause: [`WebError::Internal`] holds its source error (the whole chain is
//!   logged at `error`), other refusals are logged at `info`.
//! - A database failure is never reported as a conflict: only [`StoreError::Conflict`] (a version
//!   check, a unique key taken by a concurrent writer) becomes 409; every other store failure is a
//!   500 whose cause goes to the log.

use crate::app::RecordingRefusal;
use crate::app::{AppError, Refusal};
use crate::store::StoreError;
use crate::web::forms::field::FieldProblem;
use crate::web::text::i18n::Lang;
use crate::web::text::refusals;
use actix_web::http::{StatusCode, header};
use actix_web::{HttpResponse, ResponseError};
use askama::Template;

/// A boxed cause kept by [`WebError::Internal`].
pub type Cause = Box<dyn std::error::Error + Send + Sync + 'static>;

#[derive(Debug, thiserror::Error)]
pub enum WebError {
    #[error("not found")]
    NotFound,
    #[error("forbidden")]
    Forbidden,
    /// A form without the session's CSRF token (403, the message says to reload).
    #[error("CSRF token missing or wrong")]
    Csrf(String),
    /// Not logged in: send the visitor to the login page.
    #[error("login required")]
    LoginRequired,
    /// The request is wrong; the message says what to fix.
    #[error("bad request: {0}")]
    BadRequest(String),
    /// A field's value refused (400, "Label: what to fix" in the page's language).
    #[error("bad request: {0:?}")]
    Field(FieldProblem),
    /// A use case refused the request (its status: [`refusal_status`]).
    #[error("refused: {0:?}")]
    Refused(Refusal),
    /// Somebody else changed the record first (optimistic version check).
    #[error("conflict: {0}")]
    Conflict(String),
    /// The request body is over the documented limit (bytes).
    #[error("request body over {limit} bytes")]
    TooLarge { limit: usize },
    /// Too many failed attempts from this client or on this account: try again later.
    #[error("too many requests: retry after {retry_after} s")]
    TooManyRequests { retry_after: u64, message: String },
    /// Every password check is busy and the queue's deadline passed: try again shortly.
    #[error("busy: retry after {retry_after} s")]
    Busy { retry_after: u64 },
    /// A request body did not arrive within its deadline (`web::security::bodies`): 408.
    #[error("request body timed out")]
    BodyTimeout,
    /// Something the service needs is away for a while (the database, room to read bodies): 503
    /// with `Retry-After`, a page saying which, and nothing acknowledged before is lost.
    #[error("unavailable ({why:?}): retry after {retry_after} s")]
    Unavailable { retry_after: u64, why: Away },
    /// Something broke on our side; the cause (with its source chain) goes to the log only.
    #[error("internal error: {0}")]
    Internal(#[source] Cause),
}

/// What is away while the service answers 503.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Away {
    /// The database: unreachable, out of space or out of connections.
    Database,
    /// The budget of request bodies being read at once is taken (`web::security::bodies`).
    Bodies,
    /// The process holds its most live streams of online pages (`routes::online::events`).
    Streams,
}

/// Seconds a visitor is asked to wait while the database is away.
pub const DATABASE_RETRY_AFTER: u64 = 5;

/// Is this failure the database being away for a while (full, unreachable, restarting, out of
/// connections), as opposed to a fault of ours? Such failures end by themselves: the answer is
/// 503 with `Retry-After`, and the pool replaces the connections they broke.
///
/// SQLite's primary result codes: `SQLITE_BUSY` (5), `SQLITE_LOCKED` (6), `SQLITE_IOERR` (10 and
/// its extended codes), `SQLITE_FULL` (13, "Insertion failed because database is full"),
/// `SQLITE_CANTOPEN` (14). PostgreSQL's SQLSTATE classes (Appendix A): `08` Connection Exception,
/// `53` Insufficient Resources (`53100` disk_full), `57P01`-`57P03` (admin_shutdown,
/// crash_shutdown, cannot_connect_now), `58` System Error (`58030` io_error).
#[must_use]
pub fn database_away(e: &StoreError) -> bool {
    let StoreError::Sqlx(e) = e else { return false };
    match e {
        sqlx::Error::PoolTimedOut | sqlx::Error::Io(_) | sqlx::Error::WorkerCrashed => true,
        sqlx::Error::Database(d) => {
            if let Some(sqlite) = d.try_downcast_ref::<sqlx::sqlite::SqliteError>() {
                let primary = sqlx::error::DatabaseError::code(sqlite)
                    .and_then(|c| c.parse::<i64>().ok())
                    .map(|c| c & 0xff);
                matches!(primary, Some(5 | 6 | 10 | 13 | 14))
            } else {
                let code = d.code().unwrap_or_default();
                code.starts_with("08")
                    || code.starts_with("53")
                    || code.starts_with("58")
                    || matches!(code.as_ref(), "57P01" | "57P02" | "57P03")
            }
        }
        _ => false,
    }
}

/// When the database's absence was last logged: once a minute at most, however many requests
/// meet it (a log line per request would bury the cause).
static AWAY_LOGGED: std::sync::Mutex<Option<std::time::Instant>> = std::sync::Mutex::new(None);
const AWAY_LOG_EVERY: std::time::Duration = std::time::Duration::from_secs(60);

/// The 503 for a database away, its cause logged once a minute at most.
#[must_use]
pub fn database_unavailable(cause: &(dyn std::error::Error + 'static)) -> WebError {
    let mut last = AWAY_LOGGED.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    if last.is_none_or(|t| t.elapsed() >= AWAY_LOG_EVERY) {
        *last = Some(std::time::Instant::now());
        tracing::warn!(
            cause = %chain(cause),
            "the database is unavailable: answering 503 until it is back (logged once a minute)"
        );
    }
    WebError::Unavailable { retry_after: DATABASE_RETRY_AFTER, why: Away::Database }
}

impl WebError {
    /// An internal error keeping `cause` for the log.
    pub fn internal(cause: impl Into<Cause>) -> WebError {
        WebError::Internal(cause.into())
    }
}

/// A store's edit conflict without the page's language at hand: both languages (the error page
/// middleware, `web::error_page`, says it again in the page's language).
pub const STORE_CONFLICT: &str = "Ktoś inny zapisał tę zmianę przed Tobą. Wczytaj stronę ponownie i sprawdź. / \
     Someone else saved a change first: reload the page and check.";

/// The status of each refusal: a request the rules refuse is a 400, except a lot someone else drew
/// a moment before and a result beside a recording (conflicts with the stored state, 409), and a
/// referee ending a recording (an organiser's decision, 403).
#[must_use]
pub fn refusal_status(refusal: &Refusal) -> StatusCode {
    match refusal {
        Refusal::ExtraGameDrawnMeanwhile
        | Refusal::BeingRecorded { .. }
        | Refusal::RecordingAwaitsChoice { .. }
        | Refusal::ResultStands
        | Refusal::Recording(RecordingRefusal::Overtaken)
        | Refusal::InvitationNotOpen
        | Refusal::ProposalDecided => StatusCode::CONFLICT,
        Refusal::OrganisersEndRecordings | Refusal::NotACoordinator | Refusal::NotYours => {
            StatusCode::FORBIDDEN
        }
        _ => StatusCode::BAD_REQUEST,
    }
}

impl From<AppError> for WebError {
    fn from(e: AppError) -> Self {
        match e {
            AppError::Refused(r) => WebError::Refused(r),
            AppError::Store(e) => e.into(),
            AppError::Internal(cause) => WebError::internal(cause),
        }
    }
}

impl From<Refusal> for WebError {
    fn from(r: Refusal) -> Self {
        WebError::Refused(r)
    }
}

impl From<FieldProblem> for WebError {
    fn from(p: FieldProblem) -> Self {
        WebError::Field(p)
    }
}

impl From<StoreError> for WebError {
    fn from(e: StoreError) -> Self {
        match e {
            StoreError::Conflict => WebError::Conflict(STORE_CONFLICT.into()),
            StoreError::NotFound => WebError::NotFound,
            StoreError::Refused(r) => WebError::Refused(r.into()),
            other if database_away(&other) => database_unavailable(&other),
            other => WebError::Internal(Box::new(other)),
        }
    }
}

impl From<askama::Error> for WebError {
    fn from(e: askama::Error) -> Self {
        WebError::Internal(Box::new(e))
    }
}

/// The words of what is away (followed by the seconds to wait).
#[must_use]
pub fn unavailable_key(why: Away) -> &'static str {
    match why {
        Away::Database => "unavailable_database",
        Away::Bodies => "unavailable_bodies",
        Away::Streams => "unavailable_streams",
    }
}

#[derive(Template)]
#[template(path = "error.html")]
struct ErrorPage<'a> {
    /// The stylesheet's URL (this page has no `Ctx`).
    stylesheet: &'static str,
    code: u16,
    title_pl: &'a str,
    title_en: &'a str,
    message: &'a str,
}

/// The cause and its sources, one after another (what the log keeps for a 500).
#[must_use]
pub fn chain(e: &(dyn std::error::Error + 'static)) -> String {
    let mut out = e.to_string();
    let mut next = e.source();
    while let Some(source) = next {
        out.push_str(": ");
        out.push_str(&source.to_string());
        next = source.source();
    }
    out
}

impl ResponseError for WebError {
    fn status_code(&self) -> StatusCode {
        match self {
            WebError::NotFound => StatusCode::NOT_FOUND,
            WebError::Forbidden | WebError::Csrf(_) => StatusCode::FORBIDDEN,
            WebError::LoginRequired => StatusCode::SEE_OTHER,
            WebError::BadRequest(_) | WebError::Field(_) => StatusCode::BAD_REQUEST,
            WebError::Refused(r) => refusal_status(r),
            WebError::Conflict(_) => StatusCode::CONFLICT,
            WebError::TooLarge { .. } => StatusCode::PAYLOAD_TOO_LARGE,
            WebError::TooManyRequests { .. } => StatusCode::TOO_MANY_REQUESTS,
            WebError::Busy { .. } | WebError::Unavailable { .. } => StatusCode::SERVICE_UNAVAILABLE,
            WebError::BodyTimeout => StatusCode::REQUEST_TIMEOUT,
            WebError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    fn error_response(&self) -> HttpResponse {
        let owned;
        let (title_pl, title_en, message) = match self {
            WebError::LoginRequired => {
                return HttpResponse::SeeOther().insert_header((header::LOCATION, "/login")).finish();
            }
            WebError::NotFound => ("Nie znaleziono", "Not found", "Nie ma takiej strony. / No such page."),
            WebError::Forbidden => (
                "Brak dostępu",
                "Forbidden",
                "Twoje konto nie ma uprawnień do tej strony. / Your account may not use this page.",
            ),
            WebError::Csrf(m) => ("Brak dostępu", "Forbidden", m.as_str()),
            WebError::BadRequest(m) => {
                (Lang::Pl.t("error_bad_request"), Lang::En.t("error_bad_request"), m.as_str())
            }
            // Without the page's language at hand: both (the error page middleware says it in one).
            WebError::Field(p) => {
                owned = format!("{} / {}", refusals::labelled(Lang::Pl, p), refusals::labelled(Lang::En, p));
                (Lang::Pl.t("error_bad_request"), Lang::En.t("error_bad_request"), owned.as_str())
            }
            WebError::Refused(r) => {
                owned = format!("{} / {}", refusals::sentence(Lang::Pl, r), refusals::sentence(Lang::En, r));
                if refusal_status(r) == StatusCode::CONFLICT {
                    ("Konflikt zapisu", "Edit conflict", owned.as_str())
                } else {
                    (Lang::Pl.t("error_refused"), Lang::En.t("error_refused"), owned.as_str())
                }
            }
            WebError::Conflict(m) => ("Konflikt zapisu", "Edit conflict", m.as_str()),
            WebError::TooLarge { limit } => {
                let kib = limit / 1024;
                owned = format!(
                    "{} {kib} KiB. / {} {kib} KiB.",
                    Lang::Pl.t("body_too_large"),
                    Lang::En.t("body_too_large"),
                );
                ("Za duże dane", "Request too large", owned.as_str())
            }
            WebError::TooManyRequests { message, .. } => {
                ("Zbyt wiele prób", "Too many attempts", message.as_str())
            }
            WebError::Busy { retry_after } => {
                owned = format!(
                    "{} {retry_after} s. / {} {retry_after} s.",
                    Lang::Pl.t("busy_retry"),
                    Lang::En.t("busy_retry")
                );
                ("Serwer zajęty", "Server busy", owned.as_str())
            }
            WebError::BodyTimeout => {
                owned = format!("{} / {}", Lang::Pl.t("body_timeout"), Lang::En.t("body_timeout"));
                ("Przekroczony czas", "Request timed out", owned.as_str())
            }
            WebError::Unavailable { retry_after, why } => {
                let key = unavailable_key(*why);
                owned =
                    format!("{} {retry_after} s. / {} {retry_after} s.", Lang::Pl.t(key), Lang::En.t(key));
                ("Serwis chwilowo niedostępny", "Service briefly unavailable", owned.as_str())
            }
            WebError::Internal(cause) => {
                tracing::error!(cause = %chain(cause.as_ref()), "internal error");
                (
                    "Błąd serwera",
                    "Server error",
                    "Coś poszło nie tak po naszej stronie. / Something went wrong on our side.",
                )
            }
        };
        if !matches!(self, WebError::Internal(_) | WebError::Unavailable { why: Away::Database, .. }) {
            tracing::info!(error = %self, "request refused");
        }
        let page = ErrorPage {
            stylesheet: crate::web::assets::stylesheet(),
            code: self.status_code().as_u16(),
            title_pl,
            title_en,
            message,
        };
        let body = page.render().unwrap_or_else(|_| format!("{} {title_en}: {message}", page.code));
        let mut res = HttpResponse::build(self.status_code());
        res.content_type("text/html; charset=utf-8");
        if let WebError::TooManyRequests { retry_after, .. }
        | WebError::Busy { retry_after }
        | WebError::Unavailable { retry_after, .. } = self
        {
            res.insert_header((header::RETRY_AFTER, retry_after.to_string()));
        }
        res.body(body)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_database_failure_is_a_500_that_keeps_its_cause_and_a_version_clash_is_a_409() {
        let db = StoreError::Sqlx(sqlx::Error::RowNotFound);
        let web: WebError = db.into();
        assert_eq!(web.status_code(), StatusCode::INTERNAL_SERVER_ERROR);
        let logged = chain(&web);
        assert!(logged.contains("database error") && logged.contains("no rows"), "{logged}");
        let conflict: WebError = StoreError::Conflict.into();
        assert_eq!(conflict.status_code(), StatusCode::CONFLICT);
    }

    #[test]
    fn a_database_away_is_a_503_with_retry_after() {
        for away in [sqlx::Error::PoolTimedOut, sqlx::Error::Io(std::io::Error::other("connection refused"))]
        {
            let web: WebError = StoreError::Sqlx(away).into();
            assert_eq!(web.status_code(), StatusCode::SERVICE_UNAVAILABLE);
            let res = web.error_response();
            assert_eq!(res.headers().get(header::RETRY_AFTER).unwrap(), "5");
        }
        assert!(!database_away(&StoreError::Conflict));
        assert!(!database_away(&StoreError::Sqlx(sqlx::Error::RowNotFound)));
    }

    #[test]
    fn waiting_answers_carry_retry_after() {
        let busy = WebError::Busy { retry_after: 3 }.error_response();
        assert_eq!(busy.status(), StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(busy.headers().get(header::RETRY_AFTER).unwrap(), "3");
        let many = WebError::TooManyRequests { retry_after: 8, message: "x".into() }.error_response();
        assert_eq!(many.status(), StatusCode::TOO_MANY_REQUESTS);
        assert_eq!(many.headers().get(header::RETRY_AFTER).unwrap(), "8");
    }
}
