//! `/entries/consent/{token}`: a guardian's page, opened by the pupil's link (no account). The
//! information clause (the consent text of the version in force, or the one consent was given on),
//! the consent form (taking part and the processing of the listed data, required; publishing the
//! name and photos, each optional; the guardian's name), and once given, the record and "Wycofuję
//! zgodę", which withdraws the entry and erases the pupil's data.

use super::{not_locked, shown, text, today, unknown_link};
use crate::app::entries::consent;
use crate::store::Store;
use crate::store::entries::{Entry, State};
use crate::web::error::WebError;
use crate::web::extract::ctx::Ctx;
use crate::web::forms::field::checkbox;
use crate::web::routes::entries::school::{consent_text, state_text};
use crate::web::routes::{render_status, see_other};
use crate::web::security::csrf::CsrfForm;
use crate::web::text::refusals::sentence;
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use serde::Deserialize;

#[derive(Template)]
#[template(path = "entries/consent.html")]
struct ConsentPage<'a> {
    ctx: &'a Ctx,
    token: String,
    event: String,
    pupil: String,
    born: String,
    school: String,
    clause: String,
    version: i64,
    state: State,
    state_text: &'static str,
    /// The guardian may withdraw: consent given, or an absent pupil's consent still kept.
    withdrawable: bool,
    given: String,
    guardian: String,
    error: Option<String>,
}

async fn opened(
    req: &HttpRequest,
    ctx: &Ctx,
    db: &Store,
    token: &str,
) -> Result<(Entry, String, i64), WebError> {
    not_locked(req, db, ctx.t("throttled")).await?;
    match consent::open(db, token).await? {
        Some(found) => Ok(found),
        None => Err(unknown_link(req, db, ctx.t("throttled")).await),
    }
}

async fn page(
    ctx: &Ctx,
    db: &Store,
    token: &str,
    (e, clause, version): (Entry, String, i64),
    guardian: String,
    error: Option<String>,
) -> Result<HttpResponse, WebError> {
    let t = crate::web::routes::tournament(db, e.tournament_id.0).await?;
    let status = if error.is_some() { StatusCode::BAD_REQUEST } else { StatusCode::OK };
    let p = ConsentPage {
        ctx,
        token: token.to_string(),
        event: t.name,
        born: if e.state == State::Withdrawn { String::new() } else { shown(e.birth_date) },
        school: e.school.clone(),
        clause,
        version,
        state: e.state,
        state_text: state_text(ctx, e.state),
        withdrawable: e.state.consented() || (e.state == State::Absent && !consent_text(ctx, &e).is_empty()),
        given: consent_text(ctx, &e),
        pupil: e.name,
        guardian,
        error,
    };
    render_status(status, &p)
}

/// The guardian's page.
pub async fn consent_page(
    ctx: Ctx,
    req: HttpRequest,
    db: web::Data<Store>,
    path: web::Path<String>,
) -> Result<HttpResponse, WebError> {
    let token = path.into_inner();
    let found = opened(&req, &ctx, &db, &token).await?;
    page(&ctx, &db, &token, found, String::new(), None).await
}

#[derive(Deserialize)]
pub struct ConsentForm {
    #[serde(default)]
    guardian: String,
    take_part: Option<String>,
    publish_name: Option<String>,
    photos: Option<String>,
}

/// The guardian consents; refused: the form again with the name kept and why.
pub async fn give(
    ctx: Ctx,
    req: HttpRequest,
    db: web::Data<Store>,
    path: web::Path<String>,
    form: CsrfForm<ConsentForm>,
) -> Result<HttpResponse, WebError> {
    let token = path.into_inner();
    let found = opened(&req, &ctx, &db, &token).await?;
    let f = form.value;
    let Some(guardian) = text(&f.guardian, 120).filter(|g| g.split_whitespace().count() >= 2) else {
        return page(&ctx, &db, &token, found, f.guardian, Some(ctx.t("en_guardian_name").to_string())).await;
    };
    if !checkbox(f.take_part.as_ref()) {
        return page(&ctx, &db, &token, found, guardian, Some(ctx.t("en_take_part_needed").to_string()))
            .await;
    }
    let mail = super::mail::Mailer::of(&req, &ctx);
    match consent::give(
        &db,
        &found.0,
        &guardian,
        checkbox(f.publish_name.as_ref()),
        checkbox(f.photos.as_ref()),
        mail.hook(),
    )
    .await
    {
        Ok(_) => Ok(see_other(&format!("/entries/consent/{token}"))),
        Err(crate::app::AppError::Refused(r)) if crate::web::routes::entries::on_form(&r) => {
            let why = sentence(ctx.lang, &r);
            page(&ctx, &db, &token, found, guardian, Some(why)).await
        }
        Err(e) => Err(e.into()),
    }
}

#[derive(Deserialize)]
pub struct WithdrawForm {
    confirm: Option<String>,
}

/// The guardian withdraws consent (confirmed by a tick): the entry withdrawn, the data erased.
pub async fn withdraw(
    ctx: Ctx,
    req: HttpRequest,
    db: web::Data<Store>,
    path: web::Path<String>,
    form: CsrfForm<WithdrawForm>,
) -> Result<HttpResponse, WebError> {
    let token = path.into_inner();
    let found = opened(&req, &ctx, &db, &token).await?;
    if !checkbox(form.value.confirm.as_ref()) {
        return page(&ctx, &db, &token, found, String::new(), Some(ctx.t("en_withdraw_confirm").to_string()))
            .await;
    }
    let by = crate::store::entries::opened_by(&db, found.0.tournament_id).await?.ok_or(WebError::NotFound)?;
    let mail = super::mail::Mailer::of(&req, &ctx);
    match consent::withdraw(&db, &found.0, today(), by, mail.hook()).await {
        Ok(()) => Ok(see_other(&format!("/entries/consent/{token}"))),
        Err(crate::app::AppError::Refused(r)) if crate::web::routes::entries::on_form(&r) => {
            let why = sentence(ctx.lang, &r);
            page(&ctx, &db, &token, found, String::new(), Some(why)).await
        }
        Err(e) => Err(e.into()),
    }
}
