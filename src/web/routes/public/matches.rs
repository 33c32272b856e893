//! A match's page: its outcome in one sentence, its games, the deck checks, and (for referees and
//! organisers) its history in words.

use crate::store::deck_checks::DeckCheck;
use crate::store::tournaments::Tournament;
use crate::store::{self, MatchId, Store};
use crate::web::error::WebError;
use crate::web::extract::ctx::Ctx;
use crate::web::extract::public_page::PublicPage;
use crate::web::read_model::lines::{LogShown, MatchLine};
use crate::web::routes::public::roles;
use crate::web::text::history::HistoryLine;
use crate::web::text::names::Named;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;

#[derive(Template)]
#[template(path = "public/match.html")]
struct MatchPage<'a> {
    ctx: &'a Ctx,
    t: &'a Tournament,
    line: &'a MatchLine,
    decks: &'a [DeckCheck],
    /// The match's changes, in words (referees and organisers).
    history: Vec<HistoryLine>,
    referee: bool,
}

pub async fn match_page(
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
    let line = view.visible_line(MatchId(path.1), organiser).ok_or(WebError::NotFound)?;
    let history = if referee {
        let filter = store::history::Filter { match_id: Some(line.id), ..Default::default() };
        crate::web::routes::admin::history_lines(&ctx, &db, view.t(), filter, 0, 200).await?
    } else {
        Vec::new()
    };
    let decks = view.decks_of(line.id);
    page.render(&req, &MatchPage { ctx: &ctx, t: view.t(), line, decks, history, referee })
}
