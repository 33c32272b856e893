//! Request handlers, one file per resource. Each handler: extract (who asks, as a typed role; what
//! they sent, parsed into values), call the use case (`crate::app`), render or redirect.

pub mod account;
pub mod admin;
pub mod confirm;
pub mod entries;
pub mod online;
pub mod public;
pub mod recorder;
pub mod referee;

use super::error::WebError;
use crate::store::tournaments::Tournament;
use crate::store::{self, Store, TournamentId};
use actix_web::HttpResponse;
use actix_web::http::header;
use askama::Template;

/// Render a page as HTML.
///
/// # Errors
/// The template fails to render.
pub fn render<T: Template>(page: &T) -> Result<HttpResponse, WebError> {
    Ok(HttpResponse::Ok().content_type("text/html; charset=utf-8").body(page.render()?))
}

/// Render a page with a non-200 status (a form shown again with what to fix).
///
/// # Errors
/// The template fails to render.
pub fn render_status<T: Template>(
    status: actix_web::http::StatusCode,
    page: &T,
) -> Result<HttpResponse, WebError> {
    Ok(HttpResponse::build(status).content_type("text/html; charset=utf-8").body(page.render()?))
}

/// Redirect after a successful POST (post/redirect/get).
#[must_use]
pub fn see_other(location: &str) -> HttpResponse {
    HttpResponse::SeeOther().insert_header((header::LOCATION, location)).finish()
}

/// The tournament, or 404.
///
/// # Errors
/// [`WebError::NotFound`]; the database fails.
pub async fn tournament(db: &Store, id: i64) -> Result<Tournament, WebError> {
    store::tournaments::get(db, TournamentId(id)).await?.ok_or(WebError::NotFound)
}
