//! The one error type of the web boundary.
//!
//! Policy: the user sees a clear page (404, 403, 400 saying what to fix, 409 for an edit conflict, 500
//! without internals); the log sees the cause (`tracing::error!` for 500s). Handlers write
//! `BadRequest` messages in the page's language, since they know it.

use crate::store::StoreError;
use actix_web::http::{StatusCode, header};
use actix_web::{HttpResponse, ResponseError};
use askama::Template;

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
    /// Somebody else changed the record first (optimistic version check).
    #[error("conflict: {0}")]
    Conflict(String),
    /// Something broke on our side; the cause goes to the log only.
    #[error("internal error: {0}")]
    Internal(String),
}

impl From<StoreError> for WebError {
    fn from(e: StoreError) -> Self {
        match e {
            StoreError::Conflict => WebError::Conflict(
                "Ktoś inny zapisał tę zmianę przed Tobą. Wczytaj stronę ponownie i sprawdź. / \
                 Someone else saved a change first: reload the page and check."
                    .into(),
            ),
            StoreError::NotFound => WebError::NotFound,
            other => WebError::Internal(other.to_string()),
        }
    }
}

impl From<askama::Error> for WebError {
    fn from(e: askama::Error) -> Self {
        WebError::Internal(format!("template: {e}"))
    }
}

#[derive(Template)]
#[template(path = "error.html")]
struct ErrorPage<'a> {
    code: u16,
    title_pl: &'a str,
    title_en: &'a str,
    message: &'a str,
}

impl ResponseError for WebError {
    fn status_code(&self) -> StatusCode {
        match self {
            WebError::NotFound => StatusCode::NOT_FOUND,
            WebError::Forbidden | WebError::Csrf(_) => StatusCode::FORBIDDEN,
            WebError::LoginRequired => StatusCode::SEE_OTHER,
            WebError::BadRequest(_) => StatusCode::BAD_REQUEST,
            WebError::Conflict(_) => StatusCode::CONFLICT,
            WebError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    fn error_response(&self) -> HttpResponse {
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
            WebError::BadRequest(m) => ("Błędne dane", "Bad request", m.as_str()),
            WebError::Conflict(m) => ("Konflikt zapisu", "Edit conflict", m.as_str()),
            WebError::Internal(cause) => {
                tracing::error!(%cause, "internal error");
                (
                    "Błąd serwera",
                    "Server error",
                    "Coś poszło nie tak po naszej stronie. / Something went wrong on our side.",
                )
            }
        };
        if !matches!(self, WebError::Internal(_)) {
            tracing::info!(error = %self, "request refused");
        }
        let page = ErrorPage { code: self.status_code().as_u16(), title_pl, title_en, message };
        let body = page.render().unwrap_or_else(|_| format!("{} {title_en}: {message}", page.code));
        HttpResponse::build(self.status_code()).content_type("text/html; charset=utf-8").body(body)
    }
}
