//! Table cards: one printable card per match of a round (both players, who commands Red in game 1,
//! boxes for each game's result, the clocks and the deck check, signatures), two to an A4 page with
//! the print stylesheet. Read from the read model, like the pairings page; drafts for organisers.

use crate::outcome::Termination;
use crate::store::Store;
use crate::store::rounds::{Phase, Round};
use crate::store::tournaments::Tournament;
use crate::web::error::WebError;
use crate::web::extract::ctx::Ctx;
use crate::web::extract::public_page::PublicPage;
use crate::web::read_model::lines::MatchLine;
use crate::web::routes::public::roles;
use crate::web::text::names::Named;
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
    terminations: &'static [Termination],
    /// Cards per deck, for the deck-check boxes.
    deck: u32,
    knockout: bool,
}

pub async fn table_cards(
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
    let (organiser, _) = roles(&ctx, &db, view.t()).await?;
    let round = view.round(path.1, organiser).ok_or(WebError::NotFound)?;
    page.render(
        &req,
        &CardsPage {
            ctx: &ctx,
            t: view.t(),
            round,
            lines: view.lines_of_round(round).filter(|l| !l.is_bye).collect(),
            terminations: &Termination::ALL,
            deck: crate::league::DECK_SIZE,
            knockout: round.phase == Phase::Knockout,
        },
    )
}
