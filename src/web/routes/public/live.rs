//! The live page (`/t/{t}/live`), for the venue's projector and anyone's phone: the tables of the current
//! round whose games are being recorded, each with a small board, the game round and phase, both clocks
//! and the score of the match so far. `table.js` fetches `?frame=1` every few seconds and swaps it in (no
//! reload flicker); without JavaScript the page has a plain reload link.

use crate::store::recordings::{self, Status as RecStatus};
use crate::store::{Store, TournamentId};
use crate::web::board::Board;
use crate::web::error::WebError;
use crate::web::extract::ctx::Ctx;
use crate::web::forms::rules::rule_options;
use crate::web::read_model::cache::Views;
use crate::web::read_model::editions::EditionCache;
use crate::web::read_model::http::live_answer;
use crate::web::routes::render;
use crate::web::table::recorded::{self, now_ms};
use crate::web::table::{ClockView, clock_views, phase_key, side_key};
use actix_web::{HttpResponse, web};
use askama::Template;
use serde::Deserialize;

/// One game in play.
pub struct LiveTable {
    pub table: i64,
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
    tables: Vec<LiveTable>,
    poll: String,
}

#[derive(Template)]
#[template(path = "partials/live_frame.html")]
struct LiveFrame<'a> {
    ctx: &'a Ctx,
    t: &'a crate::store::tournaments::Tournament,
    round: Option<i64>,
    tables: Vec<LiveTable>,
}

#[derive(Deserialize)]
pub struct LiveQuery {
    frame: Option<String>,
}

pub async fn live_page(
    ctx: Ctx,
    db: web::Data<Store>,
    views: web::Data<Views>,
    editions: web::Data<EditionCache>,
    path: web::Path<i64>,
    query: web::Query<LiveQuery>,
) -> Result<HttpResponse, WebError> {
    // The read model for the round's rows (recorded lines are read per game: they do not move the
    // tournament's stamp). Rendered per request: the clocks change every second.
    let view = views.get(&db, TournamentId(path.into_inner())).await?;
    let options = rule_options(&view.t().config());
    let t = view.t();
    let round = view.round_in_play();
    let mut tables = Vec::new();
    if let Some(r) = round {
        for m in view.match_rows_of_round(r).filter(|m| m.player_b.is_some()) {
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
            for g in games {
                let Some(mut rec) = recordings::get(&db, g.id).await? else { continue };
                if rec.status != RecStatus::Recording {
                    continue;
                }
                let edition = editions.get(&db, &rec.edition).await?;
                if recorded::settle(&db, t, m, g, &rec, &edition, options).await? {
                    match recordings::get(&db, g.id).await? {
                        Some(r) if r.status == RecStatus::Recording => rec = r,
                        _ => continue,
                    }
                }
                let replay = recorded::replay(&rec, &edition, options)?;
                let state = replay.current();
                let (red_name, polish_name) = recorded::names(m, g);
                let mut board = Board::of(state, &format!("t{}", g.id));
                board.small = true;
                tables.push(LiveTable {
                    table: m.table_no,
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
                    steps: replay.lines.len(),
                });
            }
        }
    }
    let round = round.map(|r| r.number);
    let logged_in = ctx.user.is_some();
    if query.frame.is_some() {
        return Ok(live_answer(render(&LiveFrame { ctx: &ctx, t, round, tables })?, logged_in));
    }
    let poll = format!("/t/{}/live?frame=1", t.id);
    Ok(live_answer(render(&LivePage { ctx: &ctx, t, round, tables, poll })?, logged_in))
}
