//! The live page (`/t/{t}/live`), for the venue's projector and anyone's phone: every table of the
//! current round, in table order: in play (each game being recorded with its board, the game round
//! and phase, whose decision, both clocks with the running one marked), finished (the match's result
//! sentence) or not started. `table.js` fetches `?frame=1` every few seconds and swaps it in (no
//! reload flicker); without JavaScript the page has a plain reload link.
//!
//! Served from the read model like every public page: an anonymous visitor's body is kept in the
//! tournament's page store at its stamp (`PageStore::serve_live`), with the revision of every
//! recording in play (a recorded line does not move the stamp; while the view knows a game being
//! recorded, one read by key, shared by concurrent requests, finds them; otherwise none) and,
//! while a clock runs, for a second at most (its reading ages, and a flag that falls is noticed by the
//! next render). A logged-in visitor's page is rendered for them and never stored.

use crate::app::editions::cache::EditionCache;
use crate::app::recording::flag::{Flagged, flag};
use crate::app::recording::game::{Game, names, now_ms, replay};
use crate::app::snapshot::MatchState;
use crate::store::recordings::{self, Status as RecStatus};
use crate::store::{Store, TournamentId};
use crate::web::board::Board;
use crate::web::error::{WebError, database_away, database_unavailable};
use crate::web::extract::ctx::Ctx;
use crate::web::forms::rules::rule_options;
use crate::web::read_model::cache::Views;
use crate::web::read_model::http::{Body, LiveAt, PageKey, live_answer, to_canonical};
use crate::web::read_model::view::TournamentView;
use crate::web::table::{ClockView, clock_views, phase_key, side_key};
use crate::web::text::sentences::match_sentence;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use serde::Deserialize;
use std::sync::Arc;

/// How long a body showing a running clock is kept: its reading is at most this old.
const RUNNING_CLOCK_MS: i64 = 1_000;

/// Where a table of the round stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TableState {
    /// A game is being recorded, or the match is under way (a game's result is in, not decided).
    InPlay,
    /// The match is decided (or waits only for the knowledge test).
    Finished,
    /// No game has a result and none is being recorded.
    NotStarted,
}

impl TableState {
    /// The `i18n` key of the state's word.
    #[must_use]
    pub fn key(self) -> &'static str {
        match self {
            TableState::InPlay => "live_match_in_play",
            TableState::Finished => "live_finished",
            TableState::NotStarted => "live_not_started",
        }
    }

    /// The CSS class (and the state's name in the page, for tests and styles).
    #[must_use]
    pub fn class(self) -> &'static str {
        match self {
            TableState::InPlay => "in-play",
            TableState::Finished => "finished",
            TableState::NotStarted => "not-started",
        }
    }
}

/// One table (match) of the round.
pub struct LiveMatch {
    pub table: i64,
    pub match_id: i64,
    pub a_name: String,
    pub b_name: String,
    pub state: TableState,
    /// The match's result sentence (the same as on the round's page).
    pub sentence: String,
    /// Its games being recorded now.
    pub games: Vec<LiveTable>,
}

/// One game in play.
pub struct LiveTable {
    pub game_id: i64,
    pub game_no: i64,
    pub red_name: String,
    pub polish_name: String,
    /// Games won so far in the match: `Anna 1 : 0 Bartek`.
    pub score: String,
    pub board: String,
    pub game_round: u8,
    pub phase: &'static str,
    pub decides: &'static str,
    pub steps: usize,
    pub clocks: Vec<ClockView>,
}

#[derive(Template)]
#[template(path = "public/live.html")]
struct LivePage<'a> {
    ctx: &'a Ctx,
    t: &'a crate::store::tournaments::Tournament,
    round: Option<i64>,
    tables: Vec<LiveMatch>,
    poll: String,
}

#[derive(Template)]
#[template(path = "partials/live_frame.html")]
struct LiveFrame<'a> {
    ctx: &'a Ctx,
    t: &'a crate::store::tournaments::Tournament,
    round: Option<i64>,
    tables: Vec<LiveMatch>,
}

#[derive(Deserialize)]
pub struct LiveQuery {
    frame: Option<String>,
}

pub async fn live_page(
    req: HttpRequest,
    ctx: Ctx,
    db: web::Data<Store>,
    views: web::Data<Views>,
    editions: web::Data<EditionCache>,
    path: web::Path<i64>,
    query: web::Query<LiveQuery>,
) -> Result<HttpResponse, WebError> {
    if let Some(redirect) = to_canonical(&req) {
        return Ok(redirect);
    }
    let id = TournamentId(path.into_inner());
    let view = views.get(&db, id).await?;
    let frame = query.frame.is_some();
    let logged_in = ctx.user.is_some();
    let key = if logged_in { None } else { PageKey::shared(&req, &ctx, if frame { "frame" } else { "" }) };
    // No game recorded at this stamp (starting and finishing a recording move it): no query at all.
    // Otherwise only those recordings' revisions, one read shared by the requests arriving meanwhile.
    let games = view.recording_games();
    let revisions: Vec<(i64, i64)> = if games.is_empty() {
        Vec::new()
    } else {
        view.live_revisions
            .get(|| async { recordings::revisions_of(&db, &games).await.map(Arc::new).map_err(Arc::new) })
            .await
            .map_err(|e| {
                if database_away(&e) { database_unavailable(e.as_ref()) } else { WebError::internal(e) }
            })?
            .iter()
            .map(|&(g, r)| (g.0, r))
            .collect()
    };
    if let Some(hit) = view.pages.cached_live(&req, key.as_ref(), &revisions, now_ms()) {
        return Ok(live_answer(hit, logged_in));
    }
    let recording: std::collections::HashSet<i64> = revisions.iter().map(|&(g, _)| g).collect();
    let (tables, until_ms) = tables(&ctx, &db, &editions, &view, &recording).await?;
    let t = view.t();
    let round = view.round_in_play().map(|r| r.number);
    let html = if frame {
        LiveFrame { ctx: &ctx, t, round, tables }.render()?
    } else {
        let poll = format!("/t/{}/live?frame=1", t.id);
        LivePage { ctx: &ctx, t, round, tables, poll }.render()?
    };
    let at = LiveAt { revisions, until_ms };
    Ok(live_answer(view.pages.serve_live(&req, key, at, Body::html(html)), logged_in))
}

/// Every table of the round in play, and until when the page shows them as they are.
async fn tables(
    ctx: &Ctx,
    db: &Store,
    editions: &EditionCache,
    view: &TournamentView,
    recording: &std::collections::HashSet<i64>,
) -> Result<(Vec<LiveMatch>, i64), WebError> {
    let options = rule_options(&view.t().config());
    let t = view.t();
    let mut until_ms = i64::MAX;
    let mut tables = Vec::new();
    let Some(r) = view.round_in_play() else { return Ok((tables, until_ms)) };
    let lines: std::collections::HashMap<_, _> = view.lines_of_round(r).map(|l| (l.id, l)).collect();
    for m in view.match_rows_of_round(r).filter(|m| m.player_b.is_some()) {
        let Some(line) = lines.get(&m.id) else { continue };
        let games = view.game_rows(m.id);
        let won = |player| {
            games
                .iter()
                .filter(|g| {
                    crate::app::snapshot::outcome_of(g).is_some_and(|o| {
                        let red_won = o.winner == crate::outcome::Side::Red;
                        (g.red_player == player) == red_won
                    })
                })
                .count()
        };
        let score = match m.player_b {
            Some(b) => format!(
                "{} {} : {} {}",
                m.a_name,
                won(m.player_a),
                won(b),
                m.b_name.clone().unwrap_or_default()
            ),
            None => String::new(),
        };
        let mut in_play = Vec::new();
        for g in games {
            if !recording.contains(&g.id.0) {
                continue;
            }
            let Some(rec) = recordings::get(db, g.id).await? else { continue };
            if rec.status != RecStatus::Recording {
                continue;
            }
            let edition = editions.get(db, &rec.edition).await?;
            // The server's clock first: a fallen flag ends the game on time.
            let game = Game { t: t.clone(), m: m.clone(), row: g.clone(), rec: Some(rec) };
            let rec = if flag(db, editions, &game).await? == Flagged::Ended {
                match recordings::get(db, g.id).await? {
                    Some(r) if r.status == RecStatus::Recording => r,
                    _ => continue,
                }
            } else {
                let Some(rec) = game.rec else { continue };
                rec
            };
            let played = replay(&rec, &edition, options)?;
            let state = played.state();
            let (red_name, polish_name) = names(m, g);
            let mut board = Board::of(state, &format!("t{}", g.id));
            board.small = true;
            if rec.clock.running.is_some() && !rec.paused {
                until_ms = until_ms.min(now_ms().saturating_add(RUNNING_CLOCK_MS));
            }
            in_play.push(LiveTable {
                game_id: g.id.0,
                game_no: g.game_no,
                clocks: clock_views(&rec.clock, now_ms(), ctx.lang, [&red_name, &polish_name]),
                red_name,
                polish_name,
                score: score.clone(),
                board: board.svg(ctx.lang),
                game_round: state.round(),
                phase: phase_key(state),
                decides: state.to_act().map_or("", side_key),
                steps: played.line_count(),
            });
        }
        let state = if !in_play.is_empty() {
            TableState::InPlay
        } else {
            match line.state {
                MatchState::Decided(_) | MatchState::NeedsKnowledgeTest => TableState::Finished,
                MatchState::Pending if !line.started() => TableState::NotStarted,
                _ => TableState::InPlay,
            }
        };
        tables.push(LiveMatch {
            table: m.table_no,
            match_id: m.id.0,
            a_name: line.a_name.clone(),
            b_name: line.b_name.clone(),
            state,
            sentence: match_sentence(&ctx.lang, line),
            games: in_play,
        });
    }
    Ok((tables, until_ms))
}
