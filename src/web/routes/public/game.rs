//! The public game page: the result, the board and the move list in words. `?step=N` shows the position
//! after line N, server-rendered (so it works without JavaScript); `table.js` adds the arrow keys. A game
//! being recorded at the table is shown as it stands and followed live (`?frame=1` is the part the
//! script fetches again).
//!
//! The page reads the tournament's read model (`web::read_model::view`). Its plain form (no `?step`) may be shared
//! between anonymous visitors like every public page, except while the game is being recorded: a
//! recorded line does not move the tournament's stamp (it is not a result), so that page is rendered
//! per request.

use crate::app::editions::cache::EditionCache;
use crate::app::recording::flag::{Flagged, flag};
use crate::app::recording::game::{Game, now_ms, replay};
use crate::engine::{GameState, Recording, parse_log};
use crate::store::recordings::{self, Status as RecStatus};
use crate::store::tournaments::Tournament;
use crate::store::{self, GameId, Store, TournamentId};
use crate::web::board::Board;
use crate::web::error::WebError;
use crate::web::extract::ctx::Ctx;
use crate::web::forms::rules::rule_options;
use crate::web::read_model::cache::Views;
use crate::web::read_model::http::{Body, PageKey};
use crate::web::read_model::lines::{GameLine, LogShown, MatchLine};
use crate::web::routes::public::roles;
use crate::web::routes::render;
use crate::web::table::{ClockView, MoveView, awaited_text, clock_views, moves, phase_key, side_key};
use crate::web::text::log_error::LogErrorView;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use serde::Deserialize;

/// The board and move list at one step.
pub struct ReplayView {
    pub step: usize,
    pub steps: usize,
    pub board: String,
    pub list: Vec<String>,
    /// The landmarks and their spaces, shown under the board on phones (where the drawing leaves
    /// their names out to draw the coordinates at a readable size).
    pub places: String,
    pub moves: Vec<MoveView>,
    /// Links to the first, previous, next and last steps (`None` where there is none).
    pub first: Option<String>,
    pub prev: Option<String>,
    pub next: Option<String>,
    pub last: Option<String>,
    pub game_round: u8,
    pub phase: &'static str,
    pub decides: &'static str,
    pub awaited: String,
    /// Being recorded now.
    pub live: bool,
    pub clocks: Vec<ClockView>,
    /// The address the script fetches again (only at the last step of a game in progress).
    pub poll: String,
}

impl ReplayView {
    /// The view of `replay` at `step` (clamped), with step links under `href`.
    #[must_use]
    pub fn new(played: &Recording<'_>, step: Option<usize>, href: &str, ctx: &Ctx) -> ReplayView {
        let steps = played.line_count();
        let step = step.unwrap_or(steps).min(steps);
        let state: &GameState<'_> = played.state_after_lines(step).unwrap_or_else(|| played.state());
        let board = Board::of(state, "g");
        let link = |n: usize| Some(format!("{href}?step={n}"));
        ReplayView {
            step,
            steps,
            board: board.svg(ctx.lang),
            list: board.list(ctx.lang),
            places: board.places().join(", "),
            moves: moves(played, ctx.lang),
            first: if step > 0 { link(0) } else { None },
            prev: if step > 0 { link(step - 1) } else { None },
            next: if step < steps { link(step + 1) } else { None },
            last: if step < steps { link(steps) } else { None },
            game_round: state.round(),
            phase: phase_key(state),
            decides: state.to_act().map_or("", side_key),
            awaited: awaited_text(state, ctx.lang),
            live: false,
            clocks: Vec::new(),
            poll: String::new(),
        }
    }
}

#[derive(Template)]
#[template(path = "public/game.html")]
struct GamePage<'a> {
    ctx: &'a Ctx,
    t: &'a Tournament,
    line: &'a MatchLine,
    game: &'a GameLine,
    log: String,
    log_message: &'a str,
    /// An invalid log's first illegal event, in the page's language.
    log_error: Option<LogErrorView>,
    /// The edition the stored log was validated with, or the tournament's without a log: its name.
    edition: String,
    view: Option<ReplayView>,
    /// A referee of the tournament may open the recorder.
    referee: bool,
}

#[derive(Template)]
#[template(path = "partials/game_frame.html")]
struct GameFrame<'a> {
    ctx: &'a Ctx,
    view: &'a ReplayView,
}

#[derive(Deserialize)]
pub struct GameQuery {
    step: Option<usize>,
    frame: Option<String>,
}

/// A game with its log (the one page that loads a log, by id, only when rendering) or its recording.
pub async fn game_page(
    req: HttpRequest,
    ctx: Ctx,
    db: web::Data<Store>,
    views: web::Data<Views>,
    editions: web::Data<EditionCache>,
    path: web::Path<(i64, i64)>,
    query: web::Query<GameQuery>,
) -> Result<HttpResponse, WebError> {
    let (tid, gid) = (TournamentId(path.0), GameId(path.1));
    let mut view = views.get(&db, tid).await?;
    let recording = view.is_recording(gid);
    let shared = !recording && query.step.is_none() && query.frame.is_none();
    let key = if shared { PageKey::page(&req, &ctx) } else { None };
    if let Some(hit) = view.pages.cached(&req, key.as_ref()) {
        return Ok(hit);
    }
    let options = rule_options(&view.t().config());
    // A recording is brought up to date with the server's clock before it is shown (a fallen flag
    // saves the result, which moves the stamp: the view is read again).
    let mut rec = if recording { recordings::get(&db, gid).await? } else { None };
    if let Some(r) = &rec
        && let Some((m, row)) = view.game_row(gid).map(|(m, g)| (m.clone(), g.clone()))
    {
        let game = Game { t: view.t().clone(), m, row, rec: Some(r.clone()) };
        if flag(&db, &editions, &game).await? == Flagged::Ended {
            view = views.get(&db, tid).await?;
            rec = recordings::get(&db, gid).await?;
        }
    }
    let (organiser, referee) = roles(&ctx, &db, view.t()).await?;
    let (line, game) = view.visible_game(gid, organiser).ok_or(WebError::NotFound)?;
    // Read after the view: a log saved since is newer, never older, and its save moved the stamp.
    let log = store::games::log_text(&db, game.id).await?.unwrap_or_default();
    let code = game.edition.as_deref().unwrap_or(&view.t().edition);
    let edition = editions.get(&db, code).await?;
    let href = format!("/t/{}/game/{}", view.t().id, game.id);
    let in_progress = rec.as_ref().filter(|r| r.status == RecStatus::Recording);
    let replay_view = if let Some(r) = in_progress {
        let rec_edition = editions.get(&db, &r.edition).await?;
        let played = replay(r, &rec_edition, options)?;
        let mut v = ReplayView::new(&played, query.step, &href, &ctx);
        v.live = true;
        // An online game's lines name every card (issue 25): while it is played, the public sees the
        // board and the clocks, as at a table; the whole record once it ends.
        if store::online::is_online(&db, line.id).await? {
            v.moves.clear();
        }
        let m = view.match_row(line.id).ok_or(WebError::NotFound)?;
        let (red, polish) = names_of(m, game);
        v.clocks = clock_views(&r.clock, now_ms(), ctx.lang, [&red, &polish]);
        if v.step == v.steps {
            v.poll = format!("{href}?frame=1");
        }
        Some(v)
    } else if game.log_status == LogShown::Valid && !log.is_empty() {
        parse_log(&log)
            .ok()
            .and_then(|parsed| Recording::of_lines(&edition, options, &parsed.events).ok())
            .map(|played| ReplayView::new(&played, query.step, &href, &ctx))
    } else {
        None
    };
    if query.frame.is_some() {
        let Some(frame) = &replay_view else { return Err(WebError::NotFound) };
        return render(&GameFrame { ctx: &ctx, view: frame });
    }
    // The stored message is the English record; the page says it again in its own language.
    let log_error = (game.log_status == LogShown::Invalid && !log.is_empty())
        .then(|| crate::engine::validate_log(&log, &edition, &options).err())
        .flatten()
        .map(|e| LogErrorView::new(&e, ctx.lang));
    let page = GamePage {
        ctx: &ctx,
        t: view.t(),
        line,
        game,
        log,
        log_message: &game.log_message,
        log_error,
        edition: edition.name_in(ctx.lang).to_string(),
        view: replay_view,
        referee,
    };
    Ok(view.pages.serve(&req, key, Body::html(page.render()?)))
}

/// The players' names (Red, Polish) of a game of match `m`.
fn names_of(m: &crate::store::rounds::MatchRow, game: &GameLine) -> (String, String) {
    let b = m.b_name.clone().unwrap_or_default();
    if game.red_id == m.player_a { (m.a_name.clone(), b) } else { (b, m.a_name.clone()) }
}
