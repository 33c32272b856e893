//! A season's personal data, the coordinator's pages (issue 41). `/admin/season/{id}/privacy`: the
//! retention setting (the service erases the season's persons N days after its last day) with the
//! day it falls on, a search for a person of the season by name, and the erasures' log (pseudonym,
//! reason, when: never the erased data). `/admin/season/{id}/person/{p}`: the coordinator's person
//! view (name, birth date, school, entries: the page is not public), with what an erasure removes,
//! what it keeps and why, and the "Usuń dane osobowe" form (a reason, a ticked confirmation). Every
//! handler takes the `Coordinating` extractor: anyone but the season's coordinators gets 403, a
//! visitor without an account the login; a person without an entry in the season is 404.

use crate::app;
use crate::store::erasure::{Erasure, Reason, SeasonPerson};
use crate::store::{PersonId, Store};
use crate::web::error::WebError;
use crate::web::extract::ctx::Ctx;
use crate::web::extract::role::Coordinating;
use crate::web::forms::field;
use crate::web::routes::{render_status, see_other};
use crate::web::security::csrf::CsrfForm;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;
use chrono::NaiveDate;
use serde::Deserialize;

/// A day as the coordinator's pages show it.
fn shown(day: NaiveDate) -> String {
    day.format("%d.%m.%Y").to_string()
}

fn today() -> NaiveDate {
    chrono::Utc::now().date_naive()
}

/// The sentence about the season's retention: when the data goes (or went), or that it stays.
async fn retention_line(ctx: &Ctx, db: &Store, co: &Coordinating) -> Result<String, WebError> {
    let last = co.season.season.last_day();
    Ok(match app::erasure::erase_on(db, co.season.id, last).await? {
        Some(day) if day > today() => format!("{} {}.", ctx.t("er_warning"), shown(day)),
        Some(day) => format!("{} {}.", ctx.t("er_warning_done"), shown(day)),
        None => ctx.t("er_no_retention").to_string(),
    })
}

/// The warning the coordinator's season page shows (`None`: no retention set).
///
/// # Errors
/// The database fails.
pub async fn warning(ctx: &Ctx, db: &Store, co: &Coordinating) -> Result<Option<String>, WebError> {
    let last = co.season.season.last_day();
    Ok(app::erasure::erase_on(db, co.season.id, last).await?.map(|day| {
        let key = if day > today() { "er_warning" } else { "er_warning_done" };
        format!("{} {}.", ctx.t(key), shown(day))
    }))
}

struct LogLine {
    pseudonym: String,
    reason: &'static str,
    at: String,
}

fn reason_text(ctx: &Ctx, r: Reason) -> &'static str {
    ctx.t(&format!("er_reason_{}", r.as_str()))
}

fn log_lines(ctx: &Ctx, log: Vec<Erasure>) -> Vec<LogLine> {
    log.into_iter()
        .map(|e| LogLine {
            pseudonym: e.pseudonym,
            reason: reason_text(ctx, e.reason),
            at: crate::web::text::when::stored(ctx.lang, &e.at),
        })
        .collect()
}

#[derive(Template)]
#[template(path = "admin/season_privacy.html")]
struct PrivacyPage<'a> {
    ctx: &'a Ctx,
    id: i64,
    name: &'a str,
    retention: String,
    /// The days as typed (kept when refused).
    days: String,
    days_error: Option<&'static str>,
    q: String,
    found: Vec<SeasonPerson>,
    log: Vec<LogLine>,
}

#[derive(Deserialize)]
pub struct Search {
    q: Option<String>,
}

async fn privacy(
    ctx: &Ctx,
    db: &Store,
    co: &Coordinating,
    q: &str,
    days: Option<String>,
    status: StatusCode,
) -> Result<HttpResponse, WebError> {
    let s = &co.season;
    let stored = crate::store::erasure::retention(db, s.id).await?.map(|d| d.to_string()).unwrap_or_default();
    let page = PrivacyPage {
        ctx,
        id: s.id.0,
        name: s.season.name(),
        retention: retention_line(ctx, db, co).await?,
        days_error: days.as_ref().map(|_| ctx.t("er_days_invalid")),
        days: days.unwrap_or(stored),
        q: q.to_string(),
        found: app::erasure::find(db, s.id, q, co.by()).await?,
        log: log_lines(ctx, app::erasure::of_season(db, s.id).await?),
    };
    render_status(status, &page)
}

/// The season's personal data: the retention, the search, the erasures' log.
pub async fn privacy_page(
    ctx: Ctx,
    co: Coordinating,
    db: web::Data<Store>,
    query: web::Query<Search>,
) -> Result<HttpResponse, WebError> {
    let q = query.q.clone().unwrap_or_default();
    privacy(&ctx, &db, &co, &q, None, StatusCode::OK).await
}

#[derive(Deserialize)]
pub struct RetentionForm {
    days: String,
}

/// The retention typed: empty (never by itself) or 0 to 3650 days.
fn parse_days(s: &str) -> Result<Option<u32>, ()> {
    let s = s.trim();
    if s.is_empty() {
        return Ok(None);
    }
    match s.parse::<u32>() {
        Ok(d) if d <= 3650 => Ok(Some(d)),
        _ => Err(()),
    }
}

/// Set the season's retention; a wrong number is shown again with what to fix.
pub async fn set_retention(
    ctx: Ctx,
    co: Coordinating,
    db: web::Data<Store>,
    form: CsrfForm<RetentionForm>,
) -> Result<HttpResponse, WebError> {
    let Ok(days) = parse_days(&form.value.days) else {
        return privacy(&ctx, &db, &co, "", Some(form.value.days.clone()), StatusCode::BAD_REQUEST).await;
    };
    app::erasure::set_retention(&db, co.season.id, days, co.by()).await?;
    tracing::info!(season = %co.season.id, days = ?days, "season retention set");
    Ok(see_other(&format!("/admin/season/{}/privacy#retention", co.season.id)))
}

#[derive(Template)]
#[template(path = "admin/season_person.html")]
struct PersonPage<'a> {
    ctx: &'a Ctx,
    id: i64,
    person: crate::store::persons::Person,
    born: String,
    /// (tournament, name, withdrawn, closed).
    entries: Vec<(i64, String, bool, bool)>,
    reasons: Vec<(&'static str, &'static str)>,
    /// The reason chosen (kept when refused).
    chosen: String,
    error: Option<String>,
}

async fn person_view(
    ctx: &Ctx,
    db: &Store,
    co: &Coordinating,
    p: PersonId,
    chosen: &str,
    error: Option<String>,
) -> Result<HttpResponse, WebError> {
    let (person, entries) = app::erasure::person(db, co.season.id, p, co.by()).await?;
    let reasons = [Reason::SeasonOver, Reason::GuardianRequest, Reason::ConsentWithdrawn]
        .into_iter()
        .map(|r| (r.as_str(), reason_text(ctx, r)))
        .collect();
    let status = if error.is_some() { StatusCode::BAD_REQUEST } else { StatusCode::OK };
    let page = PersonPage {
        ctx,
        id: co.season.id.0,
        born: if person.erased_at.is_some() { String::new() } else { shown(person.birth_date) },
        person,
        entries: entries.into_iter().map(|(t, n, w, c)| (t.0, n, w, c)).collect(),
        reasons,
        chosen: chosen.to_string(),
        error,
    };
    render_status(status, &page)
}

/// The coordinator's person view.
pub async fn person_page(
    ctx: Ctx,
    co: Coordinating,
    db: web::Data<Store>,
    path: web::Path<(i64, i64)>,
) -> Result<HttpResponse, WebError> {
    let (_, p) = path.into_inner();
    person_view(&ctx, &db, &co, PersonId(p), "", None).await
}

#[derive(Deserialize)]
pub struct EraseForm {
    reason: Option<String>,
    confirm: Option<String>,
}

/// "Usuń dane osobowe": the person erased with the reason chosen (logged without the erased data).
pub async fn erase_person(
    ctx: Ctx,
    co: Coordinating,
    db: web::Data<Store>,
    path: web::Path<(i64, i64)>,
    form: CsrfForm<EraseForm>,
) -> Result<HttpResponse, WebError> {
    let p = PersonId(path.into_inner().1);
    let chosen = form.value.reason.clone().unwrap_or_default();
    let reason = Reason::parse(&chosen).filter(|r| *r != Reason::Retention);
    let Some(reason) = reason else {
        return person_view(&ctx, &db, &co, p, &chosen, Some(ctx.t("er_reason_needed").to_string())).await;
    };
    if !field::checkbox(form.value.confirm.as_ref()) {
        return person_view(&ctx, &db, &co, p, &chosen, Some(ctx.t("er_confirm_needed").to_string())).await;
    }
    match app::erasure::erase(&db, co.season.id, p, reason, today(), co.by()).await {
        Ok(_) => Ok(see_other(&format!("/admin/season/{}/privacy#erasures", co.season.id))),
        Err(app::AppError::Refused(r)) => {
            let said = crate::web::text::refusals::sentence(ctx.lang, &r);
            person_view(&ctx, &db, &co, p, &chosen, Some(said)).await
        }
        Err(e) => Err(e.into()),
    }
}
