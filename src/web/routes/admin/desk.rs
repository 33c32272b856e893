//! `/admin/t/{t}/desk`: the check-in desk on the day (issue 39), on a phone. The confirmed pupils
//! by name (Polish letters and case ignored in the search, `?q=`), each with "obecny" (present) or
//! "cofnij" (take the tick back); then "Zamknij listę i przygotuj rundę 1": the checked-in
//! confirmed entries become the event's players (linked to persons), the others absent; round 1
//! is then paired from those players only. The event's organisers (its referees help at the desk
//! through an organiser's account).

use crate::app::entries::{desk, organiser};
use crate::league::persons::fold;
use crate::store::Store;
use crate::store::entries::State;
use crate::web::error::WebError;
use crate::web::extract::ctx::Ctx;
use crate::web::extract::role::Organising;
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
}

#[derive(Template)]
#[template(path = "admin/desk.html")]
struct DeskPage<'a> {
    ctx: &'a Ctx,
    t: i64,
    name: String,
    q: String,
    lines: Vec<DeskLine>,
    present: usize,
    confirmed: usize,
    seated: bool,
    error: Option<String>,
}

#[derive(Deserialize)]
pub struct Search {
    q: Option<String>,
}

async fn page(
    ctx: &Ctx,
    db: &Store,
    org: &Organising,
    q: &str,
    error: Option<String>,
) -> Result<HttpResponse, WebError> {
    let (_, entries) = organiser::entries(db, org.t.id).await?;
    let confirmed: Vec<_> = entries.into_iter().filter(|e| e.state == State::Confirmed).collect();
    let needle = fold(q);
    let mut lines: Vec<DeskLine> = confirmed
        .iter()
        .filter(|e| needle.is_empty() || fold(&e.name).contains(&needle) || fold(&e.school).contains(&needle))
        .map(|e| DeskLine {
            id: e.id,
            name: e.name.clone(),
            school: e.school.clone(),
            class: e.class.clone(),
            present: e.checked_in_at.is_some(),
        })
        .collect();
    lines.sort_by(|a, b| fold(&a.name).cmp(&fold(&b.name)).then(a.id.cmp(&b.id)));
    let status = if error.is_some() { StatusCode::BAD_REQUEST } else { StatusCode::OK };
    let p = DeskPage {
        ctx,
        t: org.t.id.0,
        name: org.t.name.clone(),
        q: q.to_string(),
        present: confirmed.iter().filter(|e| e.checked_in_at.is_some()).count(),
        confirmed: confirmed.len(),
        seated: crate::app::entries::open::rules(db, org.t.id).await?.is_some_and(|o| o.seated),
        lines,
        error,
    };
    render_status(status, &p)
}

/// The desk's list.
pub async fn desk_page(
    ctx: Ctx,
    org: Organising,
    db: web::Data<Store>,
    q: web::Query<Search>,
) -> Result<HttpResponse, WebError> {
    page(&ctx, &db, &org, q.q.as_deref().unwrap_or(""), None).await
}

#[derive(Deserialize)]
pub struct TickForm {
    present: String,
    #[serde(default)]
    q: String,
}

/// Tick a pupil present (`present=1`) or take it back (`present=0`); back to the list, the search kept.
pub async fn tick(
    ctx: Ctx,
    org: Organising,
    db: web::Data<Store>,
    path: web::Path<(i64, i64)>,
    form: CsrfForm<TickForm>,
) -> Result<HttpResponse, WebError> {
    let (_, entry) = path.into_inner();
    let present = form.value.present == "1";
    match desk::check_in(&db, org.t.id, entry, present).await {
        Ok(()) => {
            let q = &form.value.q;
            let query = if q.is_empty() { String::new() } else { format!("?q={}", urlencoding(q)) };
            Ok(see_other(&format!("/admin/t/{}/desk{query}#entry-{entry}", org.t.id)))
        }
        Err(crate::app::AppError::Refused(r)) if crate::web::routes::entries::on_form(&r) => {
            page(&ctx, &db, &org, &form.value.q, Some(sentence(ctx.lang, &r))).await
        }
        Err(e) => Err(e.into()),
    }
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
    match desk::seat(&db, org.t.id, org.by()).await {
        Ok(_) => Ok(see_other(&format!("/admin/t/{}", org.t.id))),
        Err(crate::app::AppError::Refused(r)) if crate::web::routes::entries::on_form(&r) => {
            page(&ctx, &db, &org, "", Some(sentence(ctx.lang, &r))).await
        }
        Err(e) => Err(e.into()),
    }
}
