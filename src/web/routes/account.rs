//! Logging in and out, changing one's password, the language switch, and the dashboard of one's
//! tournaments.

use super::{render, render_status};
use crate::store::{self, Store, TournamentId};
use crate::web::error::WebError;
use crate::web::extract::ctx::{Ctx, LANG_COOKIE};
use crate::web::security::auth::{self, LoggedIn};
use crate::web::security::csrf::CsrfForm;
use crate::web::security::hashing::Hasher;
use crate::web::security::password_policy::{self, MAX_CHARS};
use crate::web::security::redirect::{return_path, same_site_path};
use crate::web::security::session::{self, SESSION_COOKIE, SessionConfig};
use crate::web::security::throttle::{self, Attempt, DEVICE_COOKIE};
use crate::web::text::i18n::Lang;
use actix_web::cookie::Cookie;
use actix_web::http::{StatusCode, header};
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use serde::Deserialize;

/// The longest username (as the appoint form allows).
pub const USERNAME_MAX: usize = 60;

#[derive(Template)]
#[template(path = "account/login.html")]
struct LoginPage<'a> {
    ctx: &'a Ctx,
    error: Option<&'a str>,
    /// Where to go after logging in (a path on this site), carried by the form.
    next: Option<String>,
}

#[derive(Deserialize)]
pub struct NextQuery {
    next: Option<String>,
}

/// A path on this site to come back to after logging in, from a form or a query.
fn next_of(next: Option<&str>) -> Option<String> {
    next.and_then(return_path).map(str::to_string)
}

pub async fn login_form(ctx: Ctx, query: web::Query<NextQuery>) -> Result<HttpResponse, WebError> {
    render(&LoginPage { ctx: &ctx, error: None, next: next_of(query.next.as_deref()) })
}

#[derive(Deserialize)]
pub struct LoginForm {
    username: String,
    password: String,
    #[serde(default)]
    next: Option<String>,
}

/// Who is attempting, as the throttle keys them.
fn attempt(req: &HttpRequest, config: &SessionConfig, username: &str) -> Attempt {
    let device = req.cookie(DEVICE_COOKIE);
    Attempt::new(
        &config.secret,
        username,
        throttle::client_addr(req, config.trust_proxy),
        device.as_ref().map(Cookie::value),
    )
}

/// Log in: throttled per client address and account (429 with `Retry-After` while locked), the
/// password checked on the bounded hashing pool (503 with `Retry-After` when it is saturated), a
/// fresh server-side session on success.
pub async fn login(
    ctx: Ctx,
    req: HttpRequest,
    db: web::Data<Store>,
    hasher: web::Data<Hasher>,
    config: web::Data<SessionConfig>,
    form: CsrfForm<LoginForm>,
) -> Result<HttpResponse, WebError> {
    let f = &form.value;
    let username = f.username.trim();
    // No account is named with a control character (PostgreSQL's text cannot even hold NUL, which
    // the throttle's key would carry): such a login is a wrong one, said as every wrong one is.
    if username.chars().count() > USERNAME_MAX
        || username.chars().any(char::is_control)
        || f.password.chars().count() > MAX_CHARS
    {
        return render_status(
            StatusCode::UNAUTHORIZED,
            &LoginPage { ctx: &ctx, error: Some(ctx.t("bad_login")), next: next_of(f.next.as_deref()) },
        );
    }
    let attempt = attempt(&req, &config, username);
    if let Err(WebError::TooManyRequests { retry_after, message }) =
        attempt.check(&db, ctx.t("throttled")).await
    {
        tracing::warn!(%username, addr = %throttle::addr_key(throttle::client_addr(&req, config.trust_proxy)), retry_after, "login throttled");
        let mut res = render_status(
            StatusCode::TOO_MANY_REQUESTS,
            &LoginPage { ctx: &ctx, error: Some(&message), next: next_of(f.next.as_deref()) },
        )?;
        res.headers_mut().insert(header::RETRY_AFTER, header::HeaderValue::from(retry_after));
        return Ok(res);
    }
    match auth::authenticate(&hasher, &db, username, &f.password).await? {
        Some(user) => {
            attempt.succeeded(&db).await?;
            let cookie = session::start(&db, &config, user.id).await?;
            tracing::info!(username = %user.username, "login");
            Ok(HttpResponse::SeeOther()
                .insert_header((
                    header::LOCATION,
                    next_of(f.next.as_deref()).unwrap_or_else(|| "/me".to_string()),
                ))
                .cookie(cookie)
                .cookie(throttle::device_cookie(&config, &user.username))
                .finish())
        }
        None => {
            attempt.failed(&db).await?;
            tracing::info!(%username, addr = %throttle::addr_key(throttle::client_addr(&req, config.trust_proxy)), "failed login");
            render_status(
                StatusCode::UNAUTHORIZED,
                &LoginPage { ctx: &ctx, error: Some(ctx.t("bad_login")), next: next_of(f.next.as_deref()) },
            )
        }
    }
}

#[derive(Deserialize)]
pub struct Empty {}

/// Log out: the session row is deleted, so the cookie (and any copy of it) stops working.
pub async fn logout(
    req: HttpRequest,
    db: web::Data<Store>,
    config: web::Data<SessionConfig>,
    _form: CsrfForm<Empty>,
) -> Result<HttpResponse, WebError> {
    let current = session::current(&req);
    if let Some(hash) = &current.id_hash {
        session::end(&db, hash).await?;
        if let Some(u) = &current.user {
            tracing::info!(username = %u.username, "logout");
        }
    }
    Ok(HttpResponse::SeeOther()
        .insert_header((header::LOCATION, "/"))
        .cookie(config.removal(SESSION_COOKIE))
        .finish())
}

#[derive(Template)]
#[template(path = "account/password.html")]
struct PasswordPage<'a> {
    ctx: &'a Ctx,
    error: Option<String>,
}

pub async fn password_form(ctx: Ctx, _user: LoggedIn) -> Result<HttpResponse, WebError> {
    render(&PasswordPage { ctx: &ctx, error: None })
}

#[derive(Deserialize)]
pub struct PasswordForm {
    current: String,
    new: String,
    repeat: String,
}

/// Change one's own password: the current one is checked (throttled like a login), the new one
/// must pass the policy; then every session of the account ends (other browsers are logged out)
/// and this browser gets a fresh one.
pub async fn change_password(
    ctx: Ctx,
    req: HttpRequest,
    user: LoggedIn,
    db: web::Data<Store>,
    hasher: web::Data<Hasher>,
    config: web::Data<SessionConfig>,
    form: CsrfForm<PasswordForm>,
) -> Result<HttpResponse, WebError> {
    let f = &form.value;
    let again = |status: StatusCode, error: String| {
        render_status(status, &PasswordPage { ctx: &ctx, error: Some(error) })
    };
    if f.current.chars().count() > MAX_CHARS {
        return again(StatusCode::BAD_REQUEST, ctx.t("password_current_wrong").to_string());
    }
    let attempt = attempt(&req, &config, &user.0.username);
    if let Err(WebError::TooManyRequests { retry_after, message }) =
        attempt.check(&db, ctx.t("throttled")).await
    {
        let mut res = again(StatusCode::TOO_MANY_REQUESTS, message)?;
        res.headers_mut().insert(header::RETRY_AFTER, header::HeaderValue::from(retry_after));
        return Ok(res);
    }
    if auth::authenticate(&hasher, &db, &user.0.username, &f.current).await?.is_none() {
        attempt.failed(&db).await?;
        tracing::info!(username = %user.0.username, "password change: wrong current password");
        return again(StatusCode::BAD_REQUEST, ctx.t("password_current_wrong").to_string());
    }
    if let Err(weak) = password_policy::check(&user.0.username, &f.new) {
        return again(
            StatusCode::BAD_REQUEST,
            format!("{}: {}", ctx.t("password_new"), weak.message(ctx.lang)),
        );
    }
    if f.new != f.repeat {
        return again(StatusCode::BAD_REQUEST, ctx.t("password_repeat_differs").to_string());
    }
    let hash = hasher.hash(&f.new).await?;
    let ended = crate::app::accounts::change_password(&db, user.0.id, &hash).await?;
    attempt.succeeded(&db).await?;
    let cookie = session::start(&db, &config, user.0.id).await?;
    tracing::info!(username = %user.0.username, sessions_ended = ended, "password changed");
    Ok(HttpResponse::SeeOther()
        .insert_header((header::LOCATION, "/me?changed=password"))
        .cookie(cookie)
        .finish())
}

#[derive(Deserialize)]
pub struct Back {
    back: Option<String>,
}

/// Set the language cookie and go back where the visitor was (a path on this site only: no open
/// redirect).
pub async fn switch_language(path: web::Path<String>, query: web::Query<Back>) -> HttpResponse {
    let lang = Lang::from_code(&path);
    let back = query.back.as_deref().and_then(same_site_path).unwrap_or("/");
    let mut cookie = Cookie::new(LANG_COOKIE, lang.code());
    cookie.set_path("/");
    cookie.set_max_age(actix_web::cookie::time::Duration::days(365));
    HttpResponse::SeeOther().cookie(cookie).insert_header((header::LOCATION, back)).finish()
}

/// One line of the dashboard: a tournament and my role in it.
pub struct MyRole {
    pub tournament: TournamentId,
    pub name: String,
    /// I organise it (else I referee it): the line links its administration.
    pub organiser: bool,
}

#[derive(Template)]
#[template(path = "account/dashboard.html")]
struct Dashboard<'a> {
    ctx: &'a Ctx,
    roles: Vec<MyRole>,
    is_admin: bool,
    password_changed: bool,
}

#[derive(Deserialize)]
pub struct DashboardQuery {
    changed: Option<String>,
}

pub async fn dashboard(
    ctx: Ctx,
    user: LoggedIn,
    db: web::Data<Store>,
    query: web::Query<DashboardQuery>,
) -> Result<HttpResponse, WebError> {
    let roles = store::tournaments::roles_of(&db, user.0.id)
        .await?
        .into_iter()
        .map(|(tournament, name, role)| MyRole {
            tournament,
            name,
            organiser: role == crate::store::tournaments::Role::Organiser,
        })
        .collect();
    let password_changed = query.changed.as_deref() == Some("password");
    render(&Dashboard { ctx: &ctx, roles, is_admin: user.0.is_admin, password_changed })
}
