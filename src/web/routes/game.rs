//! The public game page: the result, the board and the move list in words. `?step=N` shows the position
//! after line N, server-rendered (so it works without JavaScript); `table.js` adds the arrow keys. A game
//! being recorded at the table is shown as it stands and followed live (`?frame=1` is the part the
//! script fetches again). Also the digital table's stylesheet and script.

use super::render;
use super::results::{roles, visible_match};
use crate::engine::{GameState, parse_log};
use crate::store::recordings::{self, Status as RecStatus};
use crate::store::{self, Db, GameId};
use crate::web::board::Board;
use crate::web::ctx::Ctx;
use crate::web::editions::EditionCache;
use crate::web::error::WebError;
use crate::web::league_view::Loaded;
use crate::web::lines::{GameLine, MatchLine, match_line};
use crate::web::log_error::LogErrorView;
use crate::web::rules::rule_options;
use crate::web::table::recorded::{self, now_ms};
use crate::web::table::{ClockView, MoveView, Replay, awaited_text, clock_views, phase_key, side_key};
use actix_web::{HttpResponse, web};
use askama::Template;
use serde::Deserialize;

/// The stylesheet of the board, the recorder and the live page.
pub async fn stylesheet() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/css; charset=utf-8")
        .insert_header(("Cache-Control", "public, max-age=3600"))
        .body(include_str!("../../../static/table.css"))
}

/// The one script: clocks ticking, arrow keys on the replay, live pages fetching their part again, a
/// tapped target recorded at once. Every page works without it.
pub async fn script() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/javascript; charset=utf-8")
        .insert_header(("Cache-Control", "public, max-age=3600"))
        .body(include_str!("../../../static/table.js"))
}

/// The board and move list at one step.
pub struct ReplayView {
    pub step: usize,
    pub steps: usize,
    pub board: String,
    pub list: Vec<String>,
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
    pub fn new(replay: &Replay<'_>, step: Option<usize>, href: &str, ctx: &Ctx) -> ReplayView {
        let steps = replay.lines.len();
        let step = step.unwrap_or(steps).min(steps);
        let state: &GameState<'_> = &replay.states[step];
        let board = Board::of(state, "g");
        let link = |n: usize| Some(format!("{href}?step={n}"));
        ReplayView {
            step,
            steps,
            board: board.svg(ctx.lang),
            list: board.list(ctx.lang),
            moves: replay.moves(ctx.lang),
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
#[template(path = "game.html")]
struct GamePage<'a> {
    ctx: &'a Ctx,
    t: &'a crate::store::tournaments::Tournament,
    line: MatchLine,
    game: GameLine,
    log: String,
    log_message: String,
    /// An invalid log's first illegal event, in the page's language.
    log_error: Option<LogErrorView>,
    /// The edition the stored log was validated with, or the tournament's without a log: its name.
    edition: String,
    view: Option<ReplayView>,
    /// A referee of the tournament may open the recorder.
    referee: bool,
}

#[derive(Template)]
#[template(path = "game_frame.html")]
struct GameFrame<'a> {
    ctx: &'a Ctx,
    view: &'a ReplayView,
}

#[derive(Deserialize)]
pub struct GameQuery {
    step: Option<usize>,
    frame: Option<String>,
}

pub async fn game_page(
    ctx: Ctx,
    db: web::Data<Db>,
    editions: web::Data<EditionCache>,
    path: web::Path<(i64, i64)>,
    query: web::Query<GameQuery>,
) -> Result<HttpResponse, WebError> {
    let (tid, gid) = path.into_inner();
    let t = super::tournament(&db, tid).await?;
    let (organiser, referee) = roles(&ctx, &db, &t).await?;
    let (mut row, _) = store::games::get(&db, GameId(gid)).await?.ok_or(WebError::NotFound)?;
    let options = rule_options(&t.config());
    // A recording is brought up to date with the server's clock before it is shown.
    let mut rec = recordings::get(&db, row.id).await?;
    if let Some(r) = &rec
        && r.status == RecStatus::Recording
        && let Some(m) = store::rounds::get_match(&db, t.id, row.match_id).await?
    {
        let edition = editions.get(&db, &r.edition).await?;
        if recorded::settle(&db, &t, &m, &row, r, &edition, options).await? {
            rec = recordings::get(&db, row.id).await?;
        }
    }
    let data = Loaded::load(&db, t).await?;
    let m = visible_match(&data, row.match_id, organiser)?;
    let mut line = match_line(&data, m);
    let at = line.games.iter().position(|g| g.id == row.id).ok_or(WebError::NotFound)?;
    let game = line.games.swap_remove(at);
    let (fresh, log) = store::games::get(&db, row.id).await?.ok_or(WebError::NotFound)?;
    row = fresh;
    let code = row.edition.as_deref().unwrap_or(&data.t.edition);
    let edition = editions.get(&db, code).await?;
    let log = log.unwrap_or_default();
    let href = format!("/t/{}/game/{}", data.t.id, row.id);
    let in_progress = rec.as_ref().filter(|r| r.status == RecStatus::Recording);
    let view = if let Some(r) = in_progress {
        let rec_edition = editions.get(&db, &r.edition).await?;
        let replay = recorded::replay(r, &rec_edition, options)?;
        let mut v = ReplayView::new(&replay, query.step, &href, &ctx);
        v.live = true;
        let (red, polish) = recorded::names(m, &row);
        v.clocks = clock_views(&r.clock, now_ms(), ctx.lang, [&red, &polish]);
        if v.step == v.steps {
            v.poll = format!("{href}?frame=1");
        }
        Some(v)
    } else if row.log_status == "valid" && !log.is_empty() {
        parse_log(&log)
            .ok()
            .and_then(|parsed| Replay::of_log(parsed, &edition, options).ok())
            .map(|replay| ReplayView::new(&replay, query.step, &href, &ctx))
    } else {
        None
    };
    if query.frame.is_some() {
        let Some(view) = &view else { return Err(WebError::NotFound) };
        return render(&GameFrame { ctx: &ctx, view });
    }
    // The stored message is the English record; the page says it again in its own language.
    let log_error = (row.log_status == "invalid" && !log.is_empty())
        .then(|| crate::engine::validate_log(&log, &edition, &options).err())
        .flatten()
        .map(|e| LogErrorView::new(&e, ctx.lang));
    render(&GamePage {
        ctx: &ctx,
        t: &data.t,
        line,
        game,
        log,
        log_message: row.log_message,
        log_error,
        edition: edition.name().to_string(),
        view,
        referee,
    })
}
