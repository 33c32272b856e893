//! A round's pairings with their results, the organiser's round actions (publish, swap, lock) and
//! the referee assignment (drafts for organisers only).

use crate::app::next_step::RoundsPlan;
use crate::store::tournaments::{Role, Tournament};
use crate::store::{self, Store};
use crate::web::error::WebError;
use crate::web::extract::ctx::Ctx;
use crate::web::extract::public_page::PublicPage;
use crate::web::read_model::lines::{MatchLine, RoundHead, RoundState};
use crate::web::routes::public::roles;
use crate::web::text::names::Named;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use std::collections::BTreeMap;

#[derive(Template)]
#[template(path = "public/round.html")]
struct RoundPage<'a> {
    ctx: &'a Ctx,
    t: &'a Tournament,
    round: RoundHead,
    lines: Vec<&'a MatchLine>,
    organiser: bool,
    referee: bool,
    /// Assigned referee per table (shown to organisers and referees).
    table_refs: BTreeMap<i64, String>,
    /// The tournament's referees (the organiser's assignment form).
    referees: Vec<String>,
    /// What the rounds accept next (organisers: lock, open again).
    plan: Option<RoundsPlan>,
}

pub async fn pairings(
    req: HttpRequest,
    ctx: Ctx,
    db: web::Data<Store>,
    mut page: PublicPage,
    path: web::Path<(i64, i64)>,
) -> Result<HttpResponse, WebError> {
    if let Some(hit) = page.cached() {
        return Ok(hit);
    }
    let view = &page.view;
    let (organiser, referee) = roles(&ctx, &db, view.t()).await?;
    let round = view.round(path.1, organiser).ok_or(WebError::NotFound)?;
    let lines = view.lines_of_round(round).collect();
    let table_refs = if referee {
        store::assignments::of_round(&db, round.id)
            .await?
            .into_iter()
            .map(|a| (a.table_no, a.username))
            .collect()
    } else {
        BTreeMap::new()
    };
    let referees = if organiser {
        store::tournaments::holders(&db, view.t().id, Role::Referee).await?
    } else {
        Vec::new()
    };
    let plan = organiser.then(|| view.rounds_plan());
    page.render(
        &req,
        &RoundPage {
            ctx: &ctx,
            t: view.t(),
            round: RoundHead::new(round, view.round_stage(round)),
            lines,
            organiser,
            referee,
            table_refs,
            referees,
            plan,
        },
    )
}
