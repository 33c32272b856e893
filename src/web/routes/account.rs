//! Logging in and out, the language switch, and the dashboard of one's tournaments.

use super::{render, render_status, see_other};
use crate::store::{self, Db, TournamentId};
use crate::web::auth::{self, LoggedIn};
use crate::web::csrf::CsrfForm;
use crate::web::ctx::{Ctx, LANG_COOKIE};
use crate::web::error::WebError;
use crate::web::i18n::Lang;
use actix_session::Session;
use actix_web::cookie::Cookie;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;
use serde::Deserialize;

#[derive(Template)]
#[template(path = "login.html")]
struct LoginPage<'a> {
    ctx: &'a Ctx,
    error: Option<&'a str>,
}

pub async fn login_form(ctx: Ctx) -> Result<HttpResponse, WebError> {
    render(&LoginPage { ctx: &ctx, error: None })
}

#[derive(Deserialize)]
pub struct LoginForm {
    username: String,
    password: String,
}

pub async fn login(
    ctx: Ctx,
    session: Session,
    db: web::Data<Db>,
    form: CsrfForm<LoginForm>,
) -> Result<HttpResponse, WebError> {
    match auth::check_login(&db, &form.value.username, &form.value.password).await? {
        Some(user) => {
            tracing::info!(username = %user.username, "login");
            auth::log_in(&session, &user)?;
            Ok(see_other("/me"))
        }
        None => {
            tracing::info!(username = %form.value.username, "failed login");
            render_status(StatusCode::UNAUTHORIZED, &LoginPage { ctx: &ctx, error: Some(ctx.t("bad_login")) })
        }
    }
}

#[derive(Deserialize)]
pub struct Empty {}

pub async fn logout(session: Session, _form: CsrfForm<Empty>) -> HttpResponse {
    session.purge();
    see_other("/")
}

#[derive(Deserialize)]
pub struct Back {
    back: Option<String>,
}

/// Set the language cookie and go back where the visitor was (local paths only: no open redirect).
pub async fn switch_language(path: web::Path<String>, query: web::Query<Back>) -> HttpResponse {
    let lang = Lang::from_code(&path);
    let back = query
        .back
        .as_deref()
        .filter(|b| b.starts_with('/') && !b.starts_with("//") && !b.contains('\\'))
        .unwrap_or("/");
    let mut cookie = Cookie::new(LANG_COOKIE, lang.code());
    cookie.set_path("/");
    cookie.set_max_age(actix_web::cookie::time::Duration::days(365));
    HttpResponse::SeeOther().cookie(cookie).insert_header(("Location", back)).finish()
}

/// One line of the dashboard: a tournament and my role in it.
pub struct MyRole {
    pub tournament: TournamentId,
    pub name: String,
    pub role: String,
}

#[derive(Template)]
#[template(path = "dashboard.html")]
struct Dashboard<'a> {
    ctx: &'a Ctx,
    roles: Vec<MyRole>,
    is_admin: bool,
}

pub async fn dashboard(ctx: Ctx, user: LoggedIn, db: web::Data<Db>) -> Result<HttpResponse, WebError> {
    let roles = store::tournaments::roles_of(&db, user.0.id)
        .await?
        .into_iter()
        .map(|(tournament, name, role)| MyRole { tournament, name, role })
        .collect();
    render(&Dashboard { ctx: &ctx, roles, is_admin: user.0.is_admin })
}
