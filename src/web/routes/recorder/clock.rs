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
use crate::app::editions::cache::EditionCache;
use crate::app::recording::clock::{Press, press};
use crate::app::recording::game::{Game, now_ms};
use crate::outcome::Side;
use crate::store::Store;
use crate::store::recordings::Status as RecStatus;
use crate::store::tournaments::TableClock;
use crate::web::error::WebError;
use crate::web::extract::ctx::Ctx;
use crate::web::extract::role::Refereeing;
use crate::web::routes::see_other;
use crate::web::security::csrf::CsrfForm;
use crate::web::table::{ClockView, clock_views};
use actix_web::{HttpResponse, web};
use askama::Template;
use serde::Deserialize;

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

/// The game of the path, of a tournament whose tablet is the clock, with its recording brought up
/// to date (a flag that fell ends the game).
async fn clock_of(
    db: &Store,
    editions: &EditionCache,
    referee: &Refereeing,
    gid: i64,
) -> Result<Game, WebError> {
    if referee.t.table_clock != TableClock::Tablet {
        return Err(WebError::NotFound);
    }
    let game = load(db, editions, referee, gid).await?;
    if game.rec.is_none() {
        return Err(WebError::NotFound);
    }
    Ok(game)
}

/// The clock: two large halves, each player's own, and the referee's pause.
pub async fn clock_page(
    ctx: Ctx,
    referee: Refereeing,
    db: web::Data<Store>,
    editions: web::Data<EditionCache>,
    path: web::Path<(i64, i64)>,
) -> Result<HttpResponse, WebError> {
    let (_, gid) = path.into_inner();
    let game = clock_of(&db, &editions, &referee, gid).await?;
    let (t, table, game_no) = (&game.t, game.m.table_no, game.row.game_no);
    let rec = game.recording()?;
    let recorder = base(t, rec.game);
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
    referee: Refereeing,
    db: web::Data<Store>,
    editions: web::Data<EditionCache>,
    path: web::Path<(i64, i64)>,
    form: CsrfForm<PressForm>,
) -> Result<HttpResponse, WebError> {
    let (_, gid) = path.into_inner();
    let game = clock_of(&db, &editions, &referee, gid).await?;
    let f = &form.value;
    let side = |name: &str| Side::BOTH.into_iter().find(|s| s.as_str() == name);
    let pressed = match (side(&f.press), f.action.as_str()) {
        (Some(s), _) => Press::Half(s),
        (None, "pause") => Press::Pause,
        (None, a) => match a.strip_prefix("resume-").and_then(side) {
            Some(s) => Press::Resume(s),
            None => {
                return Err(WebError::BadRequest(format!(
                    "{}: {}",
                    ctx.t("record_action"),
                    ctx.t("choose_one")
                )));
            }
        },
    };
    press(&db, &game, pressed).await?;
    Ok(see_other(&format!("/ref/t/{}/game/{}/clock", game.t.id, game.row.id)))
}
