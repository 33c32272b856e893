//! Table cards: one printable card per match of a round (both players, who commands Red in game 1,
//! boxes for each game's result, the clocks and the deck check, signatures), two to an A4 page with
//! the print stylesheet. Read from the read model, like the pairings page; drafts for organisers.

use crate::outcome::Termination;
use crate::store::rounds::Round;
use crate::store::tournaments::Tournament;
use crate::store::{Store, TournamentId};
use crate::web::error::WebError;
use crate::web::extract::ctx::Ctx;
use crate::web::read_model::cache::Views;
use crate::web::read_model::http::{Body, PageKey};
use crate::web::read_model::lines::MatchLine;
use crate::web::routes::public::results::roles;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;

#[derive(Template)]
#[template(path = "public/cards.html")]
struct CardsPage<'a> {
    ctx: &'a Ctx,
    t: &'a Tournament,
    round: &'a Round,
    /// Matches over the board (byes need no card).
    lines: Vec<&'a MatchLine>,
    /// How a game can end, for the card's legend.
    terminations: Vec<&'static str>,
    /// Cards per deck, for the deck-check boxes.
    deck: u32,
    knockout: bool,
}

pub async fn table_cards(
    req: HttpRequest,
    ctx: Ctx,
    db: web::Data<Store>,
    views: web::Data<Views>,
    path: web::Path<(i64, i64)>,
) -> Result<HttpResponse, WebError> {
    let (tid, number) = path.into_inner();
    let view = views.get(&db, TournamentId(tid)).await?;
    let key = PageKey::page(&req, &ctx);
    if let Some(hit) = view.pages.cached(&req, key.as_ref()) {
        return Ok(hit);
    }
    let (organiser, _) = roles(&ctx, &db, view.t()).await?;
    let round = view.round(number, organiser).ok_or(WebError::NotFound)?;
    let page = CardsPage {
        ctx: &ctx,
        t: view.t(),
        round,
        lines: view.lines_of_round(round).filter(|l| !l.is_bye).collect(),
        terminations: Termination::ALL.iter().map(|t| t.as_str()).collect(),
        deck: crate::league::DECK_SIZE,
        knockout: round.phase == "knockout",
    };
    Ok(view.pages.serve(&req, key, Body::html(page.render()?)))
}
