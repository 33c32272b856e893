//! Public pages that need no league computation: the tournament list and a tournament's front page.
//! Both come from the read model (the list is kept per fingerprint of the tournaments' versions).

use crate::store::rounds::{Round, Status};
use crate::store::tournaments::{Role, Tournament};
use crate::store::{self, Store, TournamentId, players::Player};
use crate::web::error::WebError;
use crate::web::extract::ctx::Ctx;
use crate::web::read_model::cache::Views;
use crate::web::read_model::http::{Body, PageKey};
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
    players: &'a [Player],
    organiser: bool,
    referee: bool,
}

pub async fn tournament(
    req: HttpRequest,
    ctx: Ctx,
    db: web::Data<Store>,
    views: web::Data<Views>,
    path: web::Path<i64>,
) -> Result<HttpResponse, WebError> {
    let view = views.get(&db, TournamentId(path.into_inner())).await?;
    let key = PageKey::page(&req, &ctx);
    if let Some(hit) = view.pages.cached(&req, key.as_ref()) {
        return Ok(hit);
    }
    let t = view.t();
    let (organiser, referee) = match &ctx.user {
        Some(u) => (
            store::tournaments::has_role(&db, t.id, u.id, Role::Organiser).await?,
            store::tournaments::has_role(&db, t.id, u.id, Role::Referee).await?,
        ),
        None => (false, false),
    };
    let rounds = view.data.rounds.iter().filter(|r| organiser || r.status() != Status::Draft).collect();
    let page = TournamentPage { ctx: &ctx, t, rounds, players: &view.data.players, organiser, referee };
    Ok(view.pages.serve(&req, key, Body::html(page.render()?)))
}
