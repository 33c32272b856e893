//! Public pages that need no league computation: the tournament list and a tournament's front page.

use super::render;
use crate::store::rounds::{Round, Status};
use crate::store::tournaments::{Role, Tournament};
use crate::store::{self, Db, players::Player};
use crate::web::ctx::Ctx;
use crate::web::error::WebError;
use actix_web::{HttpResponse, web};
use askama::Template;

#[derive(Template)]
#[template(path = "index.html")]
struct IndexPage<'a> {
    ctx: &'a Ctx,
    tournaments: Vec<Tournament>,
}

pub async fn index(ctx: Ctx, db: web::Data<Db>) -> Result<HttpResponse, WebError> {
    let tournaments = store::tournaments::list(&db).await?;
    render(&IndexPage { ctx: &ctx, tournaments })
}

/// The one stylesheet, compiled in (no file server needed).
pub async fn stylesheet() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/css; charset=utf-8")
        .insert_header(("Cache-Control", "public, max-age=3600"))
        .body(include_str!("../../../static/style.css"))
}

#[derive(Template)]
#[template(path = "tournament.html")]
struct TournamentPage<'a> {
    ctx: &'a Ctx,
    t: Tournament,
    rounds: Vec<Round>,
    players: Vec<Player>,
    organiser: bool,
    referee: bool,
}

pub async fn tournament_page_data(
    ctx: &Ctx,
    db: &Db,
    t: &Tournament,
) -> Result<(Vec<Round>, bool, bool), WebError> {
    let (organiser, referee) = match &ctx.user {
        Some(u) => (
            store::tournaments::has_role(db, t.id, u.id, Role::Organiser).await?,
            store::tournaments::has_role(db, t.id, u.id, Role::Referee).await?,
        ),
        None => (false, false),
    };
    let rounds = store::rounds::list(db, t.id)
        .await?
        .into_iter()
        .filter(|r| organiser || r.status() != Status::Draft)
        .collect();
    Ok((rounds, organiser, referee))
}

pub async fn tournament(ctx: Ctx, db: web::Data<Db>, path: web::Path<i64>) -> Result<HttpResponse, WebError> {
    let t = super::tournament(&db, path.into_inner()).await?;
    let (rounds, organiser, referee) = tournament_page_data(&ctx, &db, &t).await?;
    let players = store::players::list(&db, t.id).await?;
    render(&TournamentPage { ctx: &ctx, t, rounds, players, organiser, referee })
}
