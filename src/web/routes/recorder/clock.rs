//! "The tablet is the clock" (`/ref/t/{t}/game/{g}/clock`): in a tournament that chose it, a chess
//! clock the server keeps, for a tablet between the players. Each player presses their own half when
//! done (their clock stops, the opponent's runs); the referee pauses and resumes. The recorder then
//! writes each event with its player's reading at their last press, never the moment the scribe taps,
//! and a flag fall is the clock's own (the next page view ends the game on time).
//!
//! A press must never be lost: it is a compare-and-set on the recording's revision like every write
//! to it, retried on the state a concurrent line or press left (a press decided on an old state would
//! charge the wrong player).

use super::{base, load};
use crate::outcome::Side;
use crate::store::recordings::{self, Recording, Status as RecStatus};
use crate::store::tournaments::{TableClock, Tournament};
use crate::store::{Store, StoreError};
use crate::web::error::WebError;
use crate::web::extract::ctx::Ctx;
use crate::web::forms::rules::rule_options;
use crate::web::read_model::editions::EditionCache;
use crate::web::routes::see_other;
use crate::web::security::auth::LoggedIn;
use crate::web::security::csrf::CsrfForm;
use crate::web::table::recorded::{self, now_ms};
use crate::web::table::{ClockView, clock_views};
use actix_web::{HttpResponse, web};
use askama::Template;
use serde::Deserialize;

/// How often a press is tried again on the state another write left.
const PRESS_TRIES: usize = 8;

#[derive(Template)]
#[template(path = "referee/clock.html")]
struct ClockPage<'a> {
    ctx: &'a Ctx,
    table: i64,
    game_no: i64,
    recorder: String,
    /// This page's address (each half posts here).
    action: String,
    clocks: Vec<ClockView>,
    paused: bool,
    /// The game ended (on the board or on the clock).
    over: bool,
}

#[derive(Deserialize, Default)]
pub struct PressForm {
    /// `red` / `polish`: whose half was pressed.
    #[serde(default)]
    press: String,
    /// `pause`, or `resume-red` / `resume-polish` (whose clock runs again).
    #[serde(default)]
    action: String,
}

/// The recording of a game of a tournament whose tablet is the clock, brought up to date (a flag
/// that fell ends the game).
async fn clock_of(
    db: &Store,
    editions: &EditionCache,
    user: &LoggedIn,
    tid: i64,
    gid: i64,
) -> Result<(Tournament, i64, i64, Recording), WebError> {
    let (t, m, game, _) = load(db, user, tid, gid).await?;
    if t.table_clock != TableClock::Tablet {
        return Err(WebError::NotFound);
    }
    let rec = recordings::get(db, game.id).await?.ok_or(WebError::NotFound)?;
    let edition = editions.get(db, &rec.edition).await?;
    let rec = if recorded::settle(db, &t, &m, &game, &rec, &edition, rule_options(&t.config())).await? {
        recordings::get(db, game.id).await?.ok_or(WebError::NotFound)?
    } else {
        rec
    };
    Ok((t, m.table_no, game.game_no, rec))
}

/// The clock: two large halves, each player's own, and the referee's pause.
pub async fn clock_page(
    ctx: Ctx,
    user: LoggedIn,
    db: web::Data<Store>,
    editions: web::Data<EditionCache>,
    path: web::Path<(i64, i64)>,
) -> Result<HttpResponse, WebError> {
    let (tid, gid) = path.into_inner();
    let (t, table, game_no, rec) = clock_of(&db, &editions, &user, tid, gid).await?;
    let recorder = base(&t, rec.game);
    let names = [ctx.t("side_red_plural"), ctx.t("side_polish_plural")];
    let page = ClockPage {
        ctx: &ctx,
        table,
        game_no,
        action: format!("/ref/t/{}/game/{}/clock", t.id, rec.game),
        recorder,
        clocks: clock_views(&rec.clock, now_ms(), ctx.lang, ["", ""])
            .into_iter()
            .zip(names)
            .map(|(mut c, n)| {
                c.who = n.to_string();
                c
            })
            .collect(),
        paused: rec.paused,
        over: rec.status != RecStatus::Recording,
    };
    crate::web::routes::render_status(actix_web::http::StatusCode::OK, &page)
}

/// A press of one half, or the referee's pause or resume; answered with the clock again.
pub async fn clock_post(
    ctx: Ctx,
    user: LoggedIn,
    db: web::Data<Store>,
    editions: web::Data<EditionCache>,
    path: web::Path<(i64, i64)>,
    form: CsrfForm<PressForm>,
) -> Result<HttpResponse, WebError> {
    let (tid, gid) = path.into_inner();
    let (t, _, _, mut rec) = clock_of(&db, &editions, &user, tid, gid).await?;
    let f = &form.value;
    let side = |name: &str| Side::BOTH.into_iter().find(|s| s.as_str() == name);
    for _ in 0..PRESS_TRIES {
        if rec.status != RecStatus::Recording {
            return Err(WebError::BadRequest(ctx.t("record_finished").to_string()));
        }
        let now = now_ms();
        let (clock, paused) = match (side(&f.press), f.action.as_str()) {
            // A press while paused changes nothing: the referee stopped the game.
            (Some(_), _) if rec.paused => (rec.clock, true),
            (Some(s), _) => (rec.clock.press(s, now), false),
            (None, "pause") => (rec.clock.switch(now, None), true),
            (None, a) => match a.strip_prefix("resume-").and_then(side) {
                Some(s) => (rec.clock.switch(now, Some(s)), false),
                None => {
                    return Err(WebError::BadRequest(format!(
                        "{}: {}",
                        ctx.t("record_action"),
                        ctx.t("choose_one")
                    )));
                }
            },
        };
        match recordings::set_clock(&db, rec.game, rec.at(), &clock, paused).await {
            Ok(()) => return Ok(see_other(&format!("/ref/t/{}/game/{}/clock", t.id, rec.game))),
            // A line or another press landed meanwhile: decide again on what it left.
            Err(StoreError::Conflict) => {
                rec = recordings::get(&db, rec.game).await?.ok_or(WebError::NotFound)?;
            }
            Err(e) => return Err(e.into()),
        }
    }
    Err(WebError::Conflict(ctx.t("record_conflict").to_string()))
}
