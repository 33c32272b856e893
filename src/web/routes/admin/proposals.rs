//! The registry owner's page (issue 36): `/admin/proposals` lists the proposed merges (and "different
//! persons") that the visitor may decide: an administrator every one, a coordinator those that
//! concern their seasons. Each shows both persons with their birth dates (the page is not public),
//! schools, regions and events, with "Potwierdź" and "Odrzuć" (POSTs with the CSRF token).
//! Deciding is `app::proposals`'s.

use crate::app;
use crate::app::proposals::Decided;
use crate::store::persons::Person;
use crate::store::persons::proposals::ProposalKind;
use crate::store::{self, ProposalId, Store};
use crate::web::error::WebError;
use crate::web::extract::ctx::Ctx;
use crate::web::routes::admin::invitations::NoFields;
use crate::web::routes::see_other;
use crate::web::security::auth::LoggedIn;
use crate::web::security::csrf::CsrfForm;
use actix_web::{HttpResponse, web};
use askama::Template;
use chrono::NaiveDate;
use serde::Deserialize;

/// A person of a proposal as the owners see them.
struct Side {
    id: i64,
    name: String,
    birth_date: NaiveDate,
    school: String,
    region: String,
    /// The tournaments they play in, by name.
    events: Vec<String>,
}

struct Line {
    id: i64,
    /// "ta sama osoba" or "różne osoby".
    what: &'static str,
    kept: Side,
    merged: Side,
    asked: String,
    /// The seasons still to confirm, by name (empty: this confirmation completes it).
    waiting_for: Vec<String>,
}

#[derive(Template)]
#[template(path = "admin/proposals.html")]
struct ProposalsPage<'a> {
    ctx: &'a Ctx,
    lines: Vec<Line>,
    /// The outcome of the decision just made (a text key; empty on a plain visit).
    said: &'static str,
}

async fn side(db: &Store, p: &Person) -> Result<Side, WebError> {
    let mut events = Vec::new();
    for e in app::persons::entries(db, p.id).await? {
        if let Some(t) = store::tournaments::get(db, e.tournament_id).await? {
            events.push(t.name);
        }
    }
    Ok(Side {
        id: p.id.0,
        name: p.name.clone(),
        birth_date: p.birth_date,
        school: p.school.clone(),
        region: p.region.clone(),
        events,
    })
}

#[derive(Deserialize)]
pub struct Said {
    #[serde(default)]
    said: String,
}

pub async fn proposals_page(
    ctx: Ctx,
    user: LoggedIn,
    db: web::Data<Store>,
    query: web::Query<Said>,
) -> Result<HttpResponse, WebError> {
    let mut lines = Vec::new();
    for o in app::proposals::open_for(&db, user.0.id).await? {
        let mut waiting_for = Vec::new();
        for s in &o.waiting_for {
            if let Some(season) = store::seasons::get(&db, *s).await? {
                waiting_for.push(season.season.name().to_string());
            }
        }
        lines.push(Line {
            id: o.proposal.id.0,
            what: ctx.t(match o.proposal.kind {
                ProposalKind::Merge => "proposal_merge",
                ProposalKind::Apart => "proposal_apart",
            }),
            kept: side(&db, &o.kept).await?,
            merged: side(&db, &o.merged).await?,
            asked: crate::web::routes::admin::season::shown_time(ctx.lang, &o.proposal.proposed_at),
            waiting_for,
        });
    }
    let said = match query.said.as_str() {
        "done" => "proposal_done",
        "partly" => "proposal_partly",
        "refused" => "proposal_refused",
        _ => "",
    };
    crate::web::routes::render(&ProposalsPage { ctx: &ctx, lines, said })
}

/// "Potwierdź": the visitor's seasons confirm it; carried out once every season involved has.
pub async fn confirm(
    user: LoggedIn,
    db: web::Data<Store>,
    path: web::Path<i64>,
    _form: CsrfForm<NoFields>,
) -> Result<HttpResponse, WebError> {
    let id = ProposalId(path.into_inner());
    let decided = app::proposals::confirm(&db, id, user.0.id).await?;
    tracing::info!(proposal = %id, by = %user.0.username, ?decided, "proposal confirmed");
    Ok(see_other(match decided {
        Decided::Done => "/admin/proposals?said=done",
        Decided::Waiting(_) => "/admin/proposals?said=partly",
    }))
}

/// "Odrzuć": closed, nothing changes.
pub async fn refuse(
    user: LoggedIn,
    db: web::Data<Store>,
    path: web::Path<i64>,
    _form: CsrfForm<NoFields>,
) -> Result<HttpResponse, WebError> {
    let id = ProposalId(path.into_inner());
    app::proposals::refuse(&db, id, user.0.id).await?;
    tracing::info!(proposal = %id, by = %user.0.username, "proposal refused");
    Ok(see_other("/admin/proposals?said=refused"))
}
