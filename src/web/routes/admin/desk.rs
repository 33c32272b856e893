//! `/admin/t/{t}/desk`: the check-in desk on the day (issue 39), on a phone. The confirmed pupils
//! by name (Polish letters and case ignored in the search, `?q=`), each with "obecny" (present) or
//! "cofnij" (take the tick back); then "Zamknij listę i przygotuj rundę 1": the checked-in
//! confirmed entries become the event's players (linked to persons), the others absent, each with
//! a history line (pairing round 1 closes the list too, if nobody did). Until round 1 is
//! published, an absent pupil who comes late is ticked present and joins round 1 (paired again).
//! The event's organisers use the desk; its referees too at `/ref/t/{t}/desk` when the organiser
//! allowed it in the entries' rules (closing the list stays the organiser's).

use crate::app::entries::desk;
use crate::league::persons::fold;
use crate::store::entries::State;
use crate::store::tournaments::Tournament;
use crate::store::{Store, UserId};
use crate::web::error::WebError;
use crate::web::extract::ctx::Ctx;
use crate::web::extract::role::{Organising, Refereeing};
use crate::web::routes::{render_status, see_other};
use crate::web::security::csrf::CsrfForm;
use crate::web::text::refusals::sentence;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;
use serde::Deserialize;

struct DeskLine {
    id: i64,
    name: String,
    school: String,
    class: String,
    present: bool,
    /// Found absent when the list closed, and may still join round 1.
    late: bool,
}

/// Who is at the desk: an organiser, or a referee the organiser let in.
struct AtDesk {
    t: Tournament,
    by: UserId,
    organiser: bool,
}

impl AtDesk {
    /// The desk's address for this visitor.
    fn base(&self) -> String {
        let scope = if self.organiser { "admin" } else { "ref" };
        format!("/{scope}/t/{}/desk", self.t.id)
    }
}

fn organising(org: Organising) -> AtDesk {
    AtDesk { by: org.by(), t: org.t, organiser: true }
}

/// A referee at the desk, if the event's organiser allowed referees there (else 403).
async fn refereeing(db: &Store, r: Refereeing) -> Result<AtDesk, WebError> {
    let allowed = r.organiser
        || crate::app::entries::open::rules(db, r.t.id).await?.is_some_and(|o| o.rules.desk_referees);
    if !allowed {
        return Err(WebError::Forbidden);
    }
    Ok(AtDesk { by: r.by(), organiser: r.organiser, t: r.t })
}

#[derive(Template)]
#[template(path = "admin/desk.html")]
struct DeskPage<'a> {
    ctx: &'a Ctx,
    t: i64,
    name: String,
    base: String,
    organiser: bool,
    q: String,
    lines: Vec<DeskLine>,
    present: usize,
    confirmed: usize,
    seated: bool,
    /// Seated, round 1 not published: latecomers may still join it.
    late_open: bool,
    error: Option<String>,
    /// One pupil shown (the QR code's address): a link back to the whole list.
    one: bool,
    /// The CSRF token, signed once for the page's forms (a line's each: 400 on a regional
    /// qualifier's list).
    csrf: String,
}

#[derive(Deserialize)]
pub struct Search {
    q: Option<String>,
    /// One entry (the pupil's QR code on the teacher's printout).
    e: Option<i64>,
}

async fn page(
    ctx: &Ctx,
    db: &Store,
    at: &AtDesk,
    q: &str,
    only: Option<i64>,
    error: Option<String>,
) -> Result<HttpResponse, WebError> {
    let entries = desk::list(db, at.t.id).await?;
    let seated = crate::app::entries::open::rules(db, at.t.id).await?.is_some_and(|o| o.seated);
    let late_open = seated && crate::app::registration::next_round(db, at.t.id).await? == 1;
    let shown: Vec<_> = entries
        .into_iter()
        .filter(|e| e.state == State::Confirmed || (late_open && e.state == State::Absent))
        .collect();
    let needle = fold(q);
    let mut lines: Vec<DeskLine> = shown
        .iter()
        .filter(|e| only.is_none_or(|id| e.id == id))
        .filter(|e| needle.is_empty() || fold(&e.name).contains(&needle) || fold(&e.school).contains(&needle))
        .map(|e| DeskLine {
            id: e.id,
            name: e.name.clone(),
            school: e.school.clone(),
            class: e.class.clone(),
            present: e.checked_in_at.is_some(),
            late: e.state == State::Absent,
        })
        .collect();
    lines.sort_by_cached_key(|l| (fold(&l.name), l.id));
    let confirmed: Vec<_> = shown.iter().filter(|e| e.state == State::Confirmed).collect();
    let status = if error.is_some() { StatusCode::BAD_REQUEST } else { StatusCode::OK };
    let p = DeskPage {
        ctx,
        t: at.t.id.0,
        name: at.t.name.clone(),
        base: at.base(),
        organiser: at.organiser,
        q: q.to_string(),
        present: confirmed.iter().filter(|e| e.checked_in_at.is_some()).count(),
        confirmed: confirmed.len(),
        seated,
        late_open,
        lines,
        error,
        csrf: ctx.csrf(),
        one: only.is_some(),
    };
    render_status(status, &p)
}

/// The desk's list (organisers).
pub async fn desk_page(
    ctx: Ctx,
    org: Organising,
    db: web::Data<Store>,
    q: web::Query<Search>,
) -> Result<HttpResponse, WebError> {
    page(&ctx, &db, &organising(org), q.q.as_deref().unwrap_or(""), q.e, None).await
}

/// The desk's list (a referee the organiser let in).
pub async fn referee_desk_page(
    ctx: Ctx,
    r: Refereeing,
    db: web::Data<Store>,
    q: web::Query<Search>,
) -> Result<HttpResponse, WebError> {
    let at = refereeing(&db, r).await?;
    page(&ctx, &db, &at, q.q.as_deref().unwrap_or(""), q.e, None).await
}

#[derive(Deserialize)]
pub struct TickForm {
    present: String,
    #[serde(default)]
    q: String,
}

async fn tick_at(
    ctx: &Ctx,
    db: &Store,
    at: &AtDesk,
    entry: i64,
    form: &TickForm,
) -> Result<HttpResponse, WebError> {
    let present = form.present == "1";
    match desk::check_in(db, at.t.id, entry, present, at.by).await {
        Ok(()) => {
            let q = &form.q;
            let query = if q.is_empty() { String::new() } else { format!("?q={}", urlencoding(q)) };
            Ok(see_other(&format!("{}{query}#entry-{entry}", at.base())))
        }
        Err(crate::app::AppError::Refused(r)) if crate::web::routes::entries::on_form(&r) => {
            page(ctx, db, at, &form.q, None, Some(sentence(ctx.lang, &r))).await
        }
        Err(e) => Err(e.into()),
    }
}

/// Tick a pupil present (`present=1`) or take it back (`present=0`); back to the list, the search kept.
pub async fn tick(
    ctx: Ctx,
    org: Organising,
    db: web::Data<Store>,
    path: web::Path<(i64, i64)>,
    form: CsrfForm<TickForm>,
) -> Result<HttpResponse, WebError> {
    tick_at(&ctx, &db, &organising(org), path.1, &form.value).await
}

/// [`tick`] by a referee the organiser let in.
pub async fn referee_tick(
    ctx: Ctx,
    r: Refereeing,
    db: web::Data<Store>,
    path: web::Path<(i64, i64)>,
    form: CsrfForm<TickForm>,
) -> Result<HttpResponse, WebError> {
    let at = refereeing(&db, r).await?;
    tick_at(&ctx, &db, &at, path.1, &form.value).await
}

/// The search kept in the address (letters and digits as they are, the rest percent-encoded).
fn urlencoding(s: &str) -> String {
    s.bytes()
        .map(|b| if b.is_ascii_alphanumeric() { (b as char).to_string() } else { format!("%{b:02X}") })
        .collect()
}

#[derive(Deserialize)]
pub struct Empty {}

/// Close the desk's list: the players of round 1 seated from the pupils present.
pub async fn seat(
    ctx: Ctx,
    org: Organising,
    db: web::Data<Store>,
    _form: CsrfForm<Empty>,
) -> Result<HttpResponse, WebError> {
    let at = organising(org);
    match desk::seat(&db, at.t.id, at.by).await {
        Ok(_) => Ok(see_other(&format!("/admin/t/{}", at.t.id))),
        Err(crate::app::AppError::Refused(r)) if crate::web::routes::entries::on_form(&r) => {
            page(&ctx, &db, &at, "", None, Some(sentence(ctx.lang, &r))).await
        }
        Err(e) => Err(e.into()),
    }
}
