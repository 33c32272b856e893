//! Destructive actions confirm without JavaScript: the first POST (without `confirm`) answers with a
//! page that says what will happen and carries the same fields back with `confirm=1`; only that
//! second POST acts. A "no" is a plain link back.

use super::render;
use crate::web::error::WebError;
use crate::web::extract::ctx::Ctx;
use actix_web::HttpResponse;
use askama::Template;

/// What to ask.
pub struct Confirm {
    pub title: String,
    /// What will happen, one sentence a line.
    pub details: Vec<String>,
    /// Where the confirmed form goes (the same address).
    pub action: String,
    /// The form's fields as sent (the CSRF token and any `confirm` are left out and added again).
    pub fields: Vec<(String, String)>,
    /// The button: says what it does ("Tak, wycofaj …").
    pub button: String,
    /// Where "no" goes.
    pub back: String,
}

#[derive(Template)]
#[template(path = "confirm.html")]
struct ConfirmPage<'a> {
    ctx: &'a Ctx,
    c: Confirm,
}

/// Whether the form carries the confirmation.
#[must_use]
pub fn confirmed(pairs: &[(String, String)]) -> bool {
    pairs.iter().any(|(k, v)| k == "confirm" && !v.is_empty())
}

/// The confirmation page.
///
/// # Errors
/// The template fails.
pub fn ask(ctx: &Ctx, mut c: Confirm) -> Result<HttpResponse, WebError> {
    c.fields.retain(|(k, _)| k != "csrf" && k != "confirm");
    render(&ConfirmPage { ctx, c })
}
