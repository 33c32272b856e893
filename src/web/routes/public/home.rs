//! Public pages that need no league computation: the tournament list and a tournament's front page.
//! Both come from the read model (the list is kept per fingerprint of the tournaments' versions).

use crate::store::rounds::Round;
use crate::store::tournaments::Tournament;
use crate::store::{self, Store, players::Player};
use crate::web::error::WebError;
use crate::web::extract::ctx::Ctx;
use crate::web::extract::public_page::PublicPage;
use crate::web::read_model::cache::Views;
use crate::web::read_model::http::{Body, PageKey};
use crate::web::routes::public::roles;
use crate::web::text::names::Named;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;

#[derive(Template)]
#[template(path = "public/index.html")]
struct IndexPage<'a> {
    ctx: &'a Ctx,
    tournaments: Vec<Tournament>,
}

pub async fn index(
    req: HttpRequest,
    ctx: Ctx,
    db: web::Data<Store>,
    views: web::Data<Views>,
) -> Result<HttpResponse, WebError> {
    let pages = views.home(&db).await?;
    let key = PageKey::page(&req, &ctx);
    if let Some(hit) = pages.cached(&req, key.as_ref()) {
        return Ok(hit);
    }
    let tournaments = store::tournaments::list(&db).await?;
    Ok(pages.serve(&req, key, Body::html(IndexPage { ctx: &ctx, tournaments }.render()?)))
}

#[derive(Template)]
#[template(path = "public/tournament.html")]
struct TournamentPage<'a> {
    ctx: &'a Ctx,
    t: &'a Tournament,
    rounds: Vec<&'a Round>,
    /// What each knockout round is, by its number.
    stages: std::collections::BTreeMap<i64, crate::league::BracketRound>,
    players: &'a [Player],
    organiser: bool,
    referee: bool,
    /// The groups' letters, when the tournament opens with groups (the stage switcher).
    groups: Vec<&'a str>,
    /// A knockout follows the groups.
    groups_knockout: bool,
}

pub async fn tournament(
    req: HttpRequest,
    ctx: Ctx,
    db: web::Data<Store>,
    mut page: PublicPage,
) -> Result<HttpResponse, WebError> {
    if let Some(hit) = page.cached() {
        return Ok(hit);
    }
    let view = &page.view;
    let t = view.t();
    let (organiser, referee) = roles(&ctx, &db, t).await?;
    let rounds: Vec<&Round> = view.visible_rounds(organiser).collect();
    let stages = rounds.iter().filter_map(|r| Some((r.number, view.round_stage(r)?))).collect();
    page.render(
        &req,
        &TournamentPage {
            ctx: &ctx,
            t,
            rounds,
            stages,
            players: view.players(),
            organiser,
            referee,
            groups: view.groups().groups.iter().map(|g| g.letter.as_str()).collect(),
            groups_knockout: view.groups().knockout,
        },
    )
}
