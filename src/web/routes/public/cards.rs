//! Table cards: one printable card per match of a round (both players, who commands Red in game 1,
//! boxes for each game's result, the clocks and the deck check, signatures), two to an A4 page with
//! the print stylesheet. Read from the read model, like the pairings page; drafts for organisers.
//! Each card carries a QR code of its match page's address (the configured public address, or the
//! one the request came to: such a page is never kept for another visitor, whose address may differ).

use crate::outcome::Termination;
use crate::store::Store;
use crate::store::rounds::{Phase, Round};
use crate::store::tournaments::Tournament;
use crate::web::error::WebError;
use crate::web::extract::ctx::Ctx;
use crate::web::extract::public_page::PublicPage;
use crate::web::read_model::cache::Views;
use crate::web::read_model::http::PageKey;
use crate::web::read_model::lines::MatchLine;
use crate::web::routes::public::roles;
use crate::web::settings::PublicUrl;
use crate::web::text::names::Named;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;

#[derive(Template)]
#[template(path = "public/cards.html")]
struct CardsPage<'a> {
    ctx: &'a Ctx,
    t: &'a Tournament,
    round: &'a Round,
    /// Matches over the board (byes need no card), each with its match page's address and QR code.
    cards: Vec<Card<'a>>,
    /// How a game can end, for the card's legend.
    terminations: &'static [Termination],
    /// Cards per deck, for the deck-check boxes.
    deck: u32,
    knockout: bool,
}

/// One table's card: its match and the address its QR code holds.
struct Card<'a> {
    line: &'a MatchLine,
    /// The match page, absolute (printed under the code too, for typing).
    url: String,
    /// The QR code of `url` as inline SVG (`web::qr` writes it; no visitor's text is in it).
    qr: String,
}

pub async fn table_cards(
    req: HttpRequest,
    ctx: Ctx,
    db: web::Data<Store>,
    views: web::Data<Views>,
    public_url: Option<web::Data<PublicUrl>>,
    path: web::Path<(i64, i64)>,
) -> Result<HttpResponse, WebError> {
    let configured = public_url.and_then(|u| u.0.clone()).filter(|u| !u.trim().is_empty());
    // Kept for the next visitor only when every visitor is given the same address.
    let key = if configured.is_some() { PageKey::page(&req, &ctx) } else { None };
    let tournament = crate::store::TournamentId(path.0);
    let mut page = PublicPage::open(&req, &db, &views, tournament, key).await?;
    if let Some(hit) = page.cached() {
        return Ok(hit);
    }
    let base = match configured {
        Some(u) => u.trim().trim_end_matches('/').to_string(),
        None => {
            let info = req.connection_info();
            format!("{}://{}", info.scheme(), info.host())
        }
    };
    let view = &page.view;
    let (organiser, _) = roles(&ctx, &db, view.t()).await?;
    let round = view.round(path.1, organiser).ok_or(WebError::NotFound)?;
    let cards = view
        .lines_of_round(round)
        .filter(|l| !l.is_bye)
        .map(|line| {
            let url = format!("{base}/t/{}/match/{}", view.t().id, line.id);
            let qr = crate::web::qr::svg(&url).unwrap_or_default();
            Card { line, url, qr }
        })
        .collect();
    page.render(
        &req,
        &CardsPage {
            ctx: &ctx,
            t: view.t(),
            round,
            cards,
            terminations: &Termination::ALL,
            deck: crate::league::DECK_SIZE,
            knockout: round.phase == Phase::Knockout,
        },
    )
}
