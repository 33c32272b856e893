//! `/entries/school/{token}`: a school's page, opened by its private link (no account). The
//! school's pupils with their states (waiting for consent, confirmed, waiting list, withdrawn,
//! refused, absent), each pupil's guardian link to print or copy, the form adding a pupil (name,
//! birth date, class), a pupil withdrawn, and, where the organiser allows it, the teacher's
//! declaration of a guardian's signed paper form. Every pupil named is checked to be the school's.

use super::{not_locked, shown, text, today, unknown_link};
use crate::app::entries::{guardian_token, open, school};
use crate::store::entries::{Entry, NewPupil, School, State};
use crate::store::{Store, TournamentId};
use crate::web::error::WebError;
use crate::web::extract::ctx::Ctx;
use crate::web::forms::field::parse_date;
use crate::web::routes::{render_status, see_other};
use crate::web::security::csrf::CsrfForm;
use crate::web::text::refusals::sentence;
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use serde::Deserialize;

/// A pupil as the school's page shows them.
pub struct PupilLine {
    pub id: i64,
    pub name: String,
    pub born: String,
    pub class: String,
    pub state: State,
    pub state_text: &'static str,
    /// The guardian's page (while consent is awaited or given).
    pub guardian_link: Option<String>,
    /// The link in pieces of 16 characters, each a place a phone may break the line.
    pub guardian_pieces: Vec<String>,
    pub consent: String,
    /// A confirmed pupil's QR code for the desk (inline SVG): the desk's page of this entry.
    pub desk_qr: String,
}

/// The state in words.
pub fn state_text(ctx: &Ctx, s: State) -> &'static str {
    ctx.t(&format!("en_state_{}", s.as_str()))
}

/// How consent was given, in words ("online: Maria Nowak, 20.04.2026", "na papierze: ...").
pub fn consent_text(ctx: &Ctx, e: &Entry) -> String {
    match (e.how.as_deref(), &e.guardian) {
        (Some("paper"), Some(g)) => {
            format!("{}: {g}, {}", ctx.t("en_how_paper"), e.paper_date.map(shown).unwrap_or_default())
        }
        (Some(_), Some(g)) => format!(
            "{}: {g}, {}",
            ctx.t("en_how_online"),
            // The day of the consent in Polish time (a consent given at 00:30 on the 21st, Warsaw
            // time, is 23:30 UTC on the 20th).
            e.consent_at
                .as_deref()
                .map(|a| {
                    crate::web::text::when::parse(a).map_or_else(
                        || a.get(..10).unwrap_or(a).to_string(),
                        |t| shown(crate::web::text::when::warsaw(t).date()),
                    )
                })
                .unwrap_or_default()
        ),
        _ => String::new(),
    }
}

/// A long link cut into pieces of 16 characters (the page puts a line-break opportunity between
/// them, so a 64-digit token does not widen a phone's page).
pub fn pieces(link: &str) -> Vec<String> {
    link.chars().collect::<Vec<_>>().chunks(16).map(|c| c.iter().collect()).collect()
}

#[derive(Template)]
#[template(path = "entries/school.html")]
struct SchoolPage<'a> {
    ctx: &'a Ctx,
    token: String,
    school: School,
    event: String,
    t: i64,
    pupils: Vec<PupilLine>,
    paper_allowed: bool,
    form: PupilForm,
    problems: crate::web::routes::entries::Problems,
    /// Pupils promoted from the waiting list by the last withdrawal.
    promoted: Vec<String>,
}

#[derive(Deserialize, Default, Clone)]
pub struct PupilForm {
    #[serde(default)]
    name: String,
    #[serde(default)]
    born: String,
    #[serde(default)]
    class: String,
}

async fn opened(req: &HttpRequest, ctx: &Ctx, db: &Store, token: &str) -> Result<School, WebError> {
    not_locked(req, db, ctx.t("throttled")).await?;
    let Some(s) = school::open(db, token).await? else {
        return Err(unknown_link(req, db, ctx.t("throttled")).await);
    };
    if s.revoked_at.is_some() {
        return Err(WebError::Forbidden);
    }
    Ok(s)
}

async fn page(
    req: &HttpRequest,
    ctx: &Ctx,
    db: &Store,
    token: &str,
    s: School,
    (form, problems): (PupilForm, Vec<(&'static str, String)>),
    promoted: Vec<String>,
) -> Result<HttpResponse, WebError> {
    let t = crate::web::routes::tournament(db, s.tournament_id.0).await?;
    let rules = open::rules(db, TournamentId(t.id.0)).await?;
    let base = super::base_url(req);
    let pupils = school::entries(db, &s)
        .await?
        .into_iter()
        .map(|e| {
            let link = matches!(e.state, State::Consent | State::Confirmed | State::Waiting)
                .then(|| format!("/entries/consent/{}", guardian_token(token, e.id)));
            PupilLine {
                id: e.id,
                born: shown(e.birth_date),
                class: e.class.clone(),
                state: e.state,
                state_text: state_text(ctx, e.state),
                guardian_pieces: link.as_deref().map(pieces).unwrap_or_default(),
                guardian_link: link,
                consent: consent_text(ctx, &e),
                desk_qr: if e.state == State::Confirmed {
                    crate::web::qr::svg(&format!("{base}/ref/t/{}/desk?e={}", e.tournament_id, e.id))
                        .unwrap_or_default()
                } else {
                    String::new()
                },
                name: e.name,
            }
        })
        .collect();
    let status = if problems.is_empty() { StatusCode::OK } else { StatusCode::BAD_REQUEST };
    let p = SchoolPage {
        ctx,
        token: token.to_string(),
        event: t.name,
        t: t.id.0,
        school: s,
        pupils,
        paper_allowed: rules.is_some_and(|o| o.rules.paper_allowed),
        form,
        problems: crate::web::routes::entries::Problems(problems),
        promoted,
    };
    render_status(status, &p)
}

/// The school's page.
pub async fn school_page(
    ctx: Ctx,
    req: HttpRequest,
    db: web::Data<Store>,
    path: web::Path<String>,
) -> Result<HttpResponse, WebError> {
    let token = path.into_inner();
    let s = opened(&req, &ctx, &db, &token).await?;
    page(&req, &ctx, &db, &token, s, (PupilForm::default(), Vec::new()), Vec::new()).await
}

/// Add a pupil; refused: the form again with what was typed and why.
pub async fn add_pupil(
    ctx: Ctx,
    req: HttpRequest,
    db: web::Data<Store>,
    path: web::Path<String>,
    form: CsrfForm<PupilForm>,
) -> Result<HttpResponse, WebError> {
    let token = path.into_inner();
    let s = opened(&req, &ctx, &db, &token).await?;
    let f = form.value;
    let mut problems = Vec::new();
    let name = text(&f.name, 120);
    if name.as_ref().is_none_or(|n| n.split_whitespace().count() < 2) {
        problems.push(("name", ctx.t("en_name_two_words").to_string()));
    }
    let born = parse_date(&f.born);
    if born.is_none() {
        problems.push(("born", ctx.t("en_date_invalid").to_string()));
    }
    let class = text(&f.class, 20).unwrap_or_default();
    let (Some(name), Some(born)) = (name, born) else {
        return page(&req, &ctx, &db, &token, s, (f, problems), Vec::new()).await;
    };
    if !problems.is_empty() {
        return page(&req, &ctx, &db, &token, s, (f, problems), Vec::new()).await;
    }
    let p = NewPupil { name, birth_date: born, class };
    match school::add(&db, &token, &s, &p, today()).await {
        Ok(_) => Ok(see_other(&format!("/entries/school/{token}#pupils"))),
        Err(crate::app::AppError::Refused(r)) if crate::web::routes::entries::on_form(&r) => {
            let problems = vec![("form", sentence(ctx.lang, &r))];
            page(&req, &ctx, &db, &token, s, (f, problems), Vec::new()).await
        }
        Err(e) => Err(e.into()),
    }
}

/// Withdraw a pupil: the page again, naming the pupils promoted from the waiting list.
pub async fn withdraw(
    ctx: Ctx,
    req: HttpRequest,
    db: web::Data<Store>,
    path: web::Path<(String, i64)>,
    _form: CsrfForm<Empty>,
) -> Result<HttpResponse, WebError> {
    let (token, entry) = path.into_inner();
    let s = opened(&req, &ctx, &db, &token).await?;
    let mail = super::mail::Mailer::of(&req, &ctx);
    let promoted = school::withdraw(&db, &s, entry, mail.hook()).await?;
    let mut names = Vec::new();
    for id in promoted {
        if let Some(e) = crate::store::entries::entry(&db, id).await?.filter(|e| e.school_id == s.id) {
            names.push(e.name);
        }
    }
    page(&req, &ctx, &db, &token, s, (PupilForm::default(), Vec::new()), names).await
}

#[derive(Deserialize)]
pub struct Empty {}

#[derive(Deserialize)]
pub struct PaperForm {
    #[serde(default)]
    guardian: String,
    #[serde(default)]
    signed: String,
}

/// The teacher declares a guardian's signed paper form (the guardian's name and the form's date).
pub async fn declare_paper(
    ctx: Ctx,
    req: HttpRequest,
    db: web::Data<Store>,
    path: web::Path<(String, i64)>,
    form: CsrfForm<PaperForm>,
) -> Result<HttpResponse, WebError> {
    let (token, entry) = path.into_inner();
    let s = opened(&req, &ctx, &db, &token).await?;
    let f = form.value;
    let (Some(guardian), Some(signed)) = (text(&f.guardian, 120), parse_date(&f.signed)) else {
        let problems = vec![("form", ctx.t("en_paper_fields").to_string())];
        return page(&req, &ctx, &db, &token, s, (PupilForm::default(), problems), Vec::new()).await;
    };
    if signed > today() {
        let problems = vec![("form", ctx.t("en_paper_future").to_string())];
        return page(&req, &ctx, &db, &token, s, (PupilForm::default(), problems), Vec::new()).await;
    }
    let mail = super::mail::Mailer::of(&req, &ctx);
    match school::declare_paper(&db, &s, entry, &guardian, signed, mail.hook()).await {
        Ok(_) => Ok(see_other(&format!("/entries/school/{token}#pupils"))),
        Err(crate::app::AppError::Refused(r)) if crate::web::routes::entries::on_form(&r) => {
            let problems = vec![("form", sentence(ctx.lang, &r))];
            page(&req, &ctx, &db, &token, s, (PupilForm::default(), problems), Vec::new()).await
        }
        Err(e) => Err(e.into()),
    }
}
