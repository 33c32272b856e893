//! The referee's match page, in the order of the day: the deck check, game 1, game 2 (and the
//! extra game of a level knockout match), then a walkover or withdrawal. Each form can come back
//! with what was typed and its problems ([`GameForm`], [`DeckForm`], [`ForfeitForm`]).

use super::cards::{CardView, checklist};
use super::open_for;
use crate::app::results::card_list;
use crate::engine::Edition;
use crate::outcome::{Side, Termination};
use crate::store::deck_checks::DeckCheck;
use crate::store::tournaments::Tournament;
use crate::store::{self, GameId, MatchId, Store};
use crate::web::error::WebError;
use crate::web::extract::ctx::Ctx;
use crate::web::extract::role::Refereeing;
use crate::web::forms::problems::Problems;
use crate::web::read_model::editions::EditionCache;
use crate::web::read_model::lines::{GameLine, MatchLine, match_line};
use crate::web::read_model::loaded::Loaded;
use crate::web::text::log_error::LogErrorView;
use crate::web::text::sentences::clock_text;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;
use serde::Deserialize;
use std::collections::BTreeSet;

/// One game's result form: the values shown (stored, or as typed when refused) and its problems.
#[derive(Debug, Clone)]
pub struct GameForm {
    pub game: GameId,
    pub version: i64,
    pub winner: String,
    pub termination: String,
    pub red_points: String,
    /// `m:ss` (or as typed).
    pub red_clock: String,
    pub polish_clock: String,
    pub log: String,
    pub accept_invalid: bool,
    pub problems: Problems,
    /// What was wrong with the form as a whole (a log that contradicts the typed result, a match
    /// recorded as a walkover).
    pub message: Option<String>,
    /// The move log's first illegal event.
    pub log_error: Option<LogErrorView>,
    /// Someone saved this game first: what is stored now, in one sentence.
    pub conflict: Option<String>,
}

impl GameForm {
    /// The stored result, as the form shows it.
    #[must_use]
    pub fn stored(g: &GameLine) -> GameForm {
        GameForm {
            game: g.id,
            version: g.version,
            winner: g.winner.clone(),
            termination: g.termination.clone(),
            red_points: g.red_points.clone(),
            red_clock: clock_text(&g.red_clock),
            polish_clock: clock_text(&g.polish_clock),
            ..GameForm::empty(g.id, g.version)
        }
    }

    /// A form with nothing in it yet.
    #[must_use]
    pub fn empty(game: GameId, version: i64) -> GameForm {
        GameForm {
            game,
            version,
            winner: String::new(),
            termination: String::new(),
            red_points: String::new(),
            red_clock: String::new(),
            polish_clock: String::new(),
            log: String::new(),
            accept_invalid: false,
            problems: Problems::default(),
            message: None,
            log_error: None,
            conflict: None,
        }
    }
}

/// The deck-check form: as typed, with its problems (empty on a fresh page).
#[derive(Debug, Clone, Default)]
pub struct DeckForm {
    pub set_label: String,
    pub red_count: String,
    pub polish_count: String,
    pub swapped_to: String,
    /// Ticked checkboxes (`missing_red_7`, ...).
    pub ticked: BTreeSet<String>,
    pub problems: Problems,
}

/// The walkover form: the choice shown and its problem.
#[derive(Debug, Clone, Default)]
pub struct ForfeitForm {
    pub choice: String,
    pub version: i64,
    pub problems: Problems,
}

/// What the page shows, and which form (if any) came back refused.
#[derive(Default)]
pub struct Refused {
    pub game: Option<GameForm>,
    pub deck: Option<DeckForm>,
    pub forfeit: Option<ForfeitForm>,
}

#[derive(Template)]
#[template(path = "referee/match.html")]
struct MatchPage<'a> {
    ctx: &'a Ctx,
    t: &'a Tournament,
    line: MatchLine,
    terminations: Vec<&'static str>,
    editable: bool,
    /// Which form was just saved (`deck`, `game-1`, `forfeit`, ...).
    saved: Option<String>,
    games: Vec<(GameLine, GameForm)>,
    deck: DeckForm,
    forfeit: ForfeitForm,
    cards: Vec<CardView>,
    decks: Vec<DeckCheck>,
    full_deck: usize,
    /// The tournament's edition (its name; the card list above is its).
    edition: String,
}

/// Load the match and render its page with `refused` forms (status `status`).
#[allow(clippy::too_many_arguments)]
pub async fn render_match(
    ctx: &Ctx,
    db: &Store,
    edition: &Edition,
    t: Tournament,
    m: MatchId,
    organiser: bool,
    saved: Option<String>,
    refused: Refused,
    status: StatusCode,
) -> Result<HttpResponse, WebError> {
    let data = Loaded::load(db, t).await?;
    let row = data.matches.iter().find(|r| r.id == m).ok_or(WebError::NotFound)?;
    let line = match_line(&data, row);
    let games = line
        .games
        .iter()
        .map(|g| {
            let form = match &refused.game {
                Some(f) if f.game == g.id => f.clone(),
                _ => GameForm::stored(g),
            };
            (g.clone(), form)
        })
        .collect();
    let forfeit = refused.forfeit.unwrap_or_else(|| ForfeitForm {
        choice: line.forfeit.clone(),
        version: line.version,
        ..Default::default()
    });
    let page = MatchPage {
        ctx,
        t: &data.t,
        terminations: Termination::ALL.iter().map(|t| t.as_str()).collect(),
        editable: open_for(row, organiser),
        saved,
        games,
        deck: refused.deck.unwrap_or_default(),
        forfeit,
        cards: checklist(edition),
        decks: store::deck_checks::of_match(db, m).await?,
        full_deck: card_list(edition, Side::Red).len(),
        edition: edition.name_in(ctx.lang).to_string(),
        line,
    };
    crate::web::routes::render_status(status, &page)
}

#[derive(Deserialize)]
pub struct Saved {
    saved: Option<String>,
}

/// The match page: forms for the deck check, every game, and a walkover or withdrawal.
pub async fn match_form(
    ctx: Ctx,
    referee: Refereeing,
    db: web::Data<Store>,
    editions: web::Data<EditionCache>,
    path: web::Path<(i64, i64)>,
    query: web::Query<Saved>,
) -> Result<HttpResponse, WebError> {
    let (_, mid) = path.into_inner();
    let (t, organiser) = (referee.t, referee.organiser);
    let edition = editions.get(&db, &t.edition).await?;
    // Only the names of our own forms come back in the notice.
    let saved = query.saved.as_deref().map(|s| {
        if s == "deck" || s == "forfeit" || s.starts_with("game-") {
            s.to_string()
        } else {
            "match".to_string()
        }
    });
    render_match(&ctx, &db, &edition, t, MatchId(mid), organiser, saved, Refused::default(), StatusCode::OK)
        .await
}
