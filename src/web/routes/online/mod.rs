//! A player's page of an online match, `/online/{token}` (issue 25): no account, the personal link
//! is the key (a revoked one answers 403). The page shows what the rules show this player and
//! nothing more: their own reserve, the opponent's reserve size, the public board, the moves in
//! words with what the opponent drew, selected or saw by Broken Cipher left out (and the card this
//! player pulled back, which nobody sees); the deal's SHA-256 from the start and the seed once the
//! game is over. The legal events are forms (`name="event"`, the `step` the page was drawn at, the
//! CSRF token), pushed as the recorder's lines are (`app::recording::push`, the engine judging); the
//! server plays the deal's draws and pulls and every one-option decision itself. The clocks are the server's: the mover's stops
//! when the server accepts the move, and a fallen flag ends the game on time (`app::recording::flag`,
//! called when the page or a move brings the game up).
//!
//! Both games of the match are played in turn, sides swapped; the page shows the one in play.

mod events;
mod referee;
mod view;

pub use events::{OnlineEvents, STREAMS_MAX, STREAMS_PER_LINK, connect_processes, online_events};
pub use referee::{OnlineForm, online_referee_page, online_referee_post};

use crate::app::AppError;
use crate::app::editions::cache::EditionCache;
use crate::app::online::links;
use crate::app::online::no_show::{self, Claimant};
use crate::app::online::play::{Up, bring_up};
use crate::app::recording::deals::DealCache;
use crate::app::recording::push::{Entry, push};
use crate::app::{RecordingRefusal, Refusal};
use crate::store::Store;
use crate::web::error::WebError;
use crate::web::extract::ctx::Ctx;
use crate::web::extract::player_link::PlayerLink;
use crate::web::routes::see_other;
use crate::web::security::csrf::CsrfForm;
use crate::web::text::recording::to_player;
use crate::web::text::refusals::sentence;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use serde::Deserialize;

/// A player's move.
#[derive(Deserialize, Default)]
pub struct MoveForm {
    /// The number of lines the page was drawn at.
    #[serde(default)]
    step: String,
    /// One offered event (see `app::recording::offers::Offer::value`).
    #[serde(default)]
    event: String,
}

/// The caches a player's page reads beside the database, and the streams a move wakes.
#[derive(Clone, Copy)]
pub(crate) struct Tables<'a> {
    pub editions: &'a EditionCache,
    pub deals: &'a DealCache,
    pub events: &'a OnlineEvents,
}

impl Tables<'_> {
    /// The game in play brought up to date (`app::online::play`): started once both came, dealt,
    /// its flag settled; a deal wakes the game's streams (the player who waited sees it start).
    async fn bring_up(&self, db: &Store, player: &PlayerLink) -> Result<Option<Up>, WebError> {
        let Some(row) = player.current() else { return Ok(None) };
        let up = bring_up(db, self.editions, self.deals, &player.t, &player.m, row, player.by).await?;
        if let Some(steps) = up.dealt {
            self.events.notify(row.id, steps);
        }
        Ok(Some(up))
    }
}

/// What a tap on the board or the hand carries without scripts: the things picked so far
/// (`u:R16A,h:e4`).
#[derive(Deserialize, Default)]
pub struct PickQuery {
    #[serde(default)]
    pick: String,
}

/// The player's page (`?pick=`: what was tapped so far, without scripts).
#[allow(clippy::too_many_arguments)]
pub async fn online_page(
    ctx: Ctx,
    mut player: PlayerLink,
    db: web::Data<Store>,
    editions: web::Data<EditionCache>,
    deals: web::Data<DealCache>,
    events: web::Data<OnlineEvents>,
    query: web::Query<PickQuery>,
) -> Result<HttpResponse, WebError> {
    links::arrive(&db, &mut player.link).await?;
    let tables = Tables { editions: &editions, deals: &deals, events: &events };
    let up = tables.bring_up(&db, &player).await?;
    let picks =
        query.pick.split(',').map(str::trim).filter(|p| !p.is_empty()).take(8).map(String::from).collect();
    let said = view::Said { picks, ..view::Said::default() };
    view::page(&ctx, &db, tables, &player, up, said, StatusCode::OK).await
}

/// The player present claims the match by the opponent's no-show (the waiting time over, no game
/// started, the opponent still absent: all checked in the walkover's transaction).
#[allow(clippy::too_many_arguments)]
pub async fn online_no_show(
    ctx: Ctx,
    mut player: PlayerLink,
    db: web::Data<Store>,
    editions: web::Data<EditionCache>,
    deals: web::Data<DealCache>,
    events: web::Data<OnlineEvents>,
    _form: CsrfForm<NoShowForm>,
) -> Result<HttpResponse, WebError> {
    links::arrive(&db, &mut player.link).await?;
    let (t, m) = (&player.t, &player.m);
    match no_show::claim(&db, t, m, player.link.player_id, Claimant::Player, player.by).await {
        Ok(forfeit) => {
            tracing::info!(tournament = %t.id, r#match = %m.id, forfeit = forfeit.as_str(), "no-show claimed online");
            Ok(see_other(&player.page()))
        }
        Err(AppError::Refused(r)) => {
            let said = view::Said { error: sentence(ctx.lang, &r), ..view::Said::default() };
            let tables = Tables { editions: &editions, deals: &deals, events: &events };
            let up = tables.bring_up(&db, &player).await?;
            view::page(&ctx, &db, tables, &player, up, said, StatusCode::CONFLICT).await
        }
        Err(e) => Err(e.into()),
    }
}

/// The no-show claim's form: only its CSRF token.
#[derive(Deserialize, Default)]
pub struct NoShowForm {}

/// A move: the game brought up to date first (`app::online::play`), then pushed as the page saw it
/// (`app::recording::push`: the step, the clock, the offers and the engine decide). A refused move
/// answers the page as the game stands, with why in the online page's words.
#[allow(clippy::too_many_arguments)]
pub async fn online_post(
    ctx: Ctx,
    mut player: PlayerLink,
    db: web::Data<Store>,
    editions: web::Data<EditionCache>,
    deals: web::Data<DealCache>,
    events: web::Data<OnlineEvents>,
    form: CsrfForm<MoveForm>,
) -> Result<HttpResponse, WebError> {
    links::arrive(&db, &mut player.link).await?;
    let tables = Tables { editions: &editions, deals: &deals, events: &events };
    let Some(up) = tables.bring_up(&db, &player).await? else { return Err(WebError::NotFound) };
    let f = &form.value;
    let seen = f.step.trim().parse::<i64>().unwrap_or(-1);
    let side = player.side_in(&up.game.row);
    let entry = Entry::Player { side, value: &f.event };
    let refusal = match push(&db, &editions, &deals, &up.game, seen, entry, player.by).await {
        Ok(pushed) => {
            events.notify(up.game.row.id, pushed.steps);
            return Ok(see_other(&player.page()));
        }
        Err(AppError::Refused(Refusal::Recording(r))) => r,
        Err(e) => return Err(e.into()),
    };
    let (said, status) = match &refusal {
        RecordingRefusal::Overtaken => (
            view::Said { notice: to_player(ctx.lang, &refusal), ..view::Said::default() },
            StatusCode::CONFLICT,
        ),
        RecordingRefusal::Illegal(_) | RecordingRefusal::NotOffered => (
            view::Said { error: to_player(ctx.lang, &refusal), ..view::Said::default() },
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        _ => (
            view::Said { error: to_player(ctx.lang, &refusal), ..view::Said::default() },
            StatusCode::CONFLICT,
        ),
    };
    // Another write landed first: the page is drawn from the recording as it is now.
    let up =
        if refusal == RecordingRefusal::Overtaken { tables.bring_up(&db, &player).await? } else { Some(up) };
    view::page(&ctx, &db, tables, &player, up, said, status).await
}
