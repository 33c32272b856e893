//! A player's page of an online match, `/online/{token}` (issue 25): no account, the personal link
//! is the key (a revoked one answers 403). The page shows what the rules show this player and
//! nothing more: their own reserve, the opponent's reserve size, the public board, the moves in
//! words with what the opponent drew, selected or saw by Broken Cipher left out (and the card this
//! player pulled back, which nobody sees); the deal's SHA-256 from the start and the seed once the
//! game is over. The legal events are forms (`name="event"`, the `step` the page was drawn at, the
//! CSRF token), which the engine judges as the recorder's lines; the server plays the deal's draws
//! and pulls and every one-option decision itself. The clocks are the server's: the mover's stops
//! when the server accepts the move, and a fallen flag ends the game on time (`recorded::settle`).
//!
//! Both games of the match are played in turn, sides swapped; the page shows the one in play.

mod events;
mod referee;
mod view;

pub use events::{OnlineEvents, online_events};
pub use referee::{OnlineForm, online_referee_page, online_referee_post};

use crate::app::online::deal::Seed;
use crate::app::online::links;
use crate::app::online::moves::{self, MoveRefusal};
use crate::app::online::no_show::{self, Claimant};
use crate::engine::{Refusal, messages, notation};
use crate::outcome::Side;
use crate::store::games::GameRow;
use crate::store::online::Link;
use crate::store::recordings::{self, Recording, Status as RecStatus};
use crate::store::rounds::{MatchRow, Status as RoundStatus};
use crate::store::tournaments::Tournament;
use crate::store::{self, Store, StoreError, UserId};
use crate::web::error::WebError;
use crate::web::extract::ctx::Ctx;
use crate::web::forms::rules::rule_options;
use crate::web::read_model::deals::DealCache;
use crate::web::read_model::editions::EditionCache;
use crate::web::routes::see_other;
use crate::web::security::csrf::CsrfForm;
use crate::web::security::session::SessionConfig;
use crate::web::security::throttle::{self, Attempt};
use crate::web::table::recorded::{self, now_ms};
use crate::web::text::refusals::sentence;
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use serde::Deserialize;

/// A player's move.
#[derive(Deserialize, Default)]
pub struct MoveForm {
    /// The number of lines the page was drawn at.
    #[serde(default)]
    step: String,
    /// One offered event (see `app::online::moves::Offer::value`).
    #[serde(default)]
    event: String,
}

/// What a link opens: the tournament, the match, the player's side in each game, the games.
pub(crate) struct OnlineMatch {
    pub t: Tournament,
    pub m: MatchRow,
    pub link: Link,
    pub games: Vec<GameRow>,
    /// The one who marked the match online: the online games' lines are saved in their name.
    pub by: UserId,
}

impl OnlineMatch {
    /// The player's side in `game`.
    pub fn side_in(&self, game: &GameRow) -> Side {
        if game.red_player == self.link.player_id { Side::Red } else { Side::Polish }
    }

    /// The game in play: the first without a result, else the last.
    pub fn current(&self) -> Option<&GameRow> {
        self.games.iter().find(|g| !g.has_result()).or_else(|| self.games.last())
    }
}

/// The link's match, or 403 (revoked) / 404 (no such link). Links are throttled as logins are:
/// every request for a link that does not exist counts as a failed login from the client's address,
/// and while the address is locked every link request answers 429. The link, its match, the
/// match's games and the address's block are one read (`store::online::open_link`).
async fn open(
    ctx: &Ctx,
    req: &HttpRequest,
    config: &SessionConfig,
    db: &Store,
    token: &str,
) -> Result<OnlineMatch, WebError> {
    let addr = throttle::addr_key(throttle::client_addr(req, config.trust_proxy));
    let key = format!("ip:{addr}");
    let Some(opened) = links::open(db, token, &key).await? else {
        let attempt = Attempt { keys: vec![key.clone()], own_key: key };
        attempt.check(db, ctx.t("throttled")).await?;
        attempt.failed(db).await?;
        tracing::info!(%addr, "unknown online link");
        return Err(WebError::NotFound);
    };
    throttle::refuse_until(opened.blocked_until, ctx.t("throttled"))?;
    if opened.link.is_revoked() {
        return Err(WebError::Forbidden);
    }
    let mut link = opened.link;
    if link.present_since.is_none() {
        // The player's first opening after the match went online: they are present from now.
        store::online::mark_present(db, link.id).await?;
        link.present_since = Some(store::now());
    }
    let by = opened.marked_by.ok_or(WebError::NotFound)?;
    Ok(OnlineMatch { t: opened.tournament, m: opened.m, link, games: opened.games, by })
}

/// A game brought up to date (`bring_up`): its recording, if any, and whether bringing it up
/// finished it (the game's row changed then: its result).
pub(crate) struct Up {
    pub rec: Option<Recording>,
    pub finished: bool,
}

impl Up {
    fn not_started() -> Up {
        Up { rec: None, finished: false }
    }
}

/// Start the game in play if it can start (a published round, no walkover, both players
/// present), deal its opening hands (waking the game's streams: the player who waited sees it
/// start), and settle its clock; its recording, if any. The recording is read once, and again only
/// after a write.
async fn bring_up(
    db: &Store,
    editions: &EditionCache,
    deals: &DealCache,
    events: &OnlineEvents,
    o: &OnlineMatch,
    game: &GameRow,
) -> Result<Up, WebError> {
    let mut rec = recordings::get(db, game.id).await?;
    if rec.is_none()
        && !game.has_result()
        && o.m.forfeit.is_none()
        && o.m.round_status == RoundStatus::Published
        && store::online::presence(db, o.m.id).await?.is_some_and(|p| p.present() == [true, true])
    {
        match crate::app::online::start::start(db, &o.t, game.id, Side::Red, now_ms(), o.by).await {
            Ok(()) => {}
            // An earlier game unfinished, the round closed: the page says it waits.
            Err(crate::app::AppError::Refused(_)) => return Ok(Up::not_started()),
            Err(e) => return Err(e.into()),
        }
        rec = recordings::get(db, game.id).await?;
    }
    let Some(mut r) = rec else { return Ok(Up::not_started()) };
    let edition = editions.get(db, &r.edition).await?;
    let options = rule_options(&o.t.config());
    if r.status == RecStatus::Recording && r.steps == 0 {
        // The server deals: the opening hands from the seed, before anyone sees the page.
        let seed = seed_of(db, deals, game).await?;
        let start = crate::engine::GameState::new(&edition, options);
        let (lines, after) = moves::follow(&seed, start, 0);
        let text: Vec<String> = lines.iter().map(|l| notation::canonical(l, &edition).to_string()).collect();
        if !text.is_empty() {
            let clock = r.clock.switch(now_ms(), after.to_act());
            match recordings::append_lines(db, game.id, r.at(), &text, &clock, false, o.by).await {
                Ok(()) => events.notify(game.id, i64::try_from(text.len()).unwrap_or(0)),
                Err(StoreError::Conflict) => {}
                Err(e) => return Err(e.into()),
            }
            // Our lines, or those of the request that dealt first.
            let Some(again) = recordings::get(db, game.id).await? else { return Ok(Up::not_started()) };
            r = again;
        }
    }
    if r.status == RecStatus::Recording && !r.paused && r.clock.running.is_none() && r.steps > 0 {
        // The referee resumed a paused game on the recorder (which stops the clocks): the clock of
        // the side to act runs again from now.
        let replay = recorded::replay(&r, &edition, options)?;
        if let Some(side) = replay.current().to_act() {
            match recordings::set_clock(db, game.id, r.at(), &r.clock.switch(now_ms(), Some(side)), false)
                .await
            {
                Ok(()) | Err(StoreError::Conflict) => {}
                Err(e) => return Err(e.into()),
            }
            r = recordings::get(db, game.id).await?.ok_or(WebError::NotFound)?;
        }
    }
    if recorded::settle(db, &o.t, &o.m, game, &r, &edition, options).await? {
        return Ok(Up { rec: recordings::get(db, game.id).await?, finished: true });
    }
    Ok(Up { rec: Some(r), finished: false })
}

async fn seed_of(db: &Store, deals: &DealCache, game: &GameRow) -> Result<Seed, WebError> {
    let deal = deals.get(db, game.id).await?.ok_or(WebError::NotFound)?;
    Seed::parse(&deal.seed)
        .ok_or_else(|| WebError::internal(format!("game {}: a stored seed is not hex", game.id)))
}

/// The player's page.
#[allow(clippy::too_many_arguments)]
pub async fn online_page(
    ctx: Ctx,
    req: HttpRequest,
    config: web::Data<SessionConfig>,
    db: web::Data<Store>,
    editions: web::Data<EditionCache>,
    deals: web::Data<DealCache>,
    events: web::Data<OnlineEvents>,
    path: web::Path<String>,
) -> Result<HttpResponse, WebError> {
    let token = path.into_inner();
    let o = open(&ctx, &req, &config, &db, &token).await?;
    let tables = view::Tables { editions: &editions, deals: &deals, events: &events };
    view::page(&ctx, &db, tables, &o, &token, None, view::Said::default(), StatusCode::OK).await
}

/// The player present claims the match by the opponent's no-show (the waiting time over, no game
/// started, the opponent still absent: all checked in the walkover's transaction).
#[allow(clippy::too_many_arguments)]
pub async fn online_no_show(
    ctx: Ctx,
    req: HttpRequest,
    config: web::Data<SessionConfig>,
    db: web::Data<Store>,
    editions: web::Data<EditionCache>,
    deals: web::Data<DealCache>,
    events: web::Data<OnlineEvents>,
    path: web::Path<String>,
    _form: CsrfForm<NoShowForm>,
) -> Result<HttpResponse, WebError> {
    let token = path.into_inner();
    let o = open(&ctx, &req, &config, &db, &token).await?;
    match no_show::claim(&db, &o.t, &o.m, o.link.player_id, Claimant::Player, o.by).await {
        Ok(forfeit) => {
            tracing::info!(tournament = %o.t.id, r#match = %o.m.id, forfeit = forfeit.as_str(), "no-show claimed online");
            Ok(see_other(&format!("/online/{token}")))
        }
        Err(crate::app::AppError::Refused(r)) => {
            let said = view::Said { error: sentence(ctx.lang, &r), ..view::Said::default() };
            let o = open(&ctx, &req, &config, &db, &token).await?;
            let tables = view::Tables { editions: &editions, deals: &deals, events: &events };
            view::page(&ctx, &db, tables, &o, &token, None, said, StatusCode::CONFLICT).await
        }
        Err(e) => Err(e.into()),
    }
}

/// The no-show claim's form: only its CSRF token.
#[derive(Deserialize, Default)]
pub struct NoShowForm {}

/// The engine's refusal as a sentence in the page's language.
fn refusal_text(ctx: &Ctx, refusal: &Refusal) -> String {
    messages::capitalised(&refusal.render(ctx.lang)) + "."
}

/// A move: checked against the step the page was drawn at, the server's clock, and the engine.
/// A move refused before anything was written answers the page drawn from the recording it was
/// judged on (read once).
#[allow(clippy::too_many_arguments)]
pub async fn online_post(
    ctx: Ctx,
    req: HttpRequest,
    config: web::Data<SessionConfig>,
    db: web::Data<Store>,
    editions: web::Data<EditionCache>,
    deals: web::Data<DealCache>,
    events: web::Data<OnlineEvents>,
    path: web::Path<String>,
    form: CsrfForm<MoveForm>,
) -> Result<HttpResponse, WebError> {
    let token = path.into_inner();
    let o = open(&ctx, &req, &config, &db, &token).await?;
    let tables = view::Tables { editions: &editions, deals: &deals, events: &events };
    let again = |up: Option<Up>, said: view::Said, status: StatusCode| {
        let (ctx, db, o, token) = (&ctx, &db, &o, &token);
        async move { view::page(ctx, db, tables, o, token, up, said, status).await }
    };
    let refused = |error: String| view::Said { error, ..view::Said::default() };
    let Some(game) = o.current().cloned() else { return Err(WebError::NotFound) };
    let up = bring_up(&db, &editions, &deals, &events, &o, &game).await?;
    let Some(rec) = up.rec.clone() else {
        return again(Some(up), refused(ctx.t("on_not_started").to_string()), StatusCode::CONFLICT).await;
    };
    if rec.status != RecStatus::Recording {
        return again(Some(up), refused(ctx.t("on_game_over").to_string()), StatusCode::CONFLICT).await;
    }
    let f = &form.value;
    let stale = || view::Said { notice: ctx.t("on_stale").to_string(), ..view::Said::default() };
    if f.step.trim().parse::<i64>().ok() != Some(rec.steps) {
        return again(Some(up), stale(), StatusCode::CONFLICT).await;
    }
    if rec.paused {
        return again(Some(up), refused(ctx.t("on_paused").to_string()), StatusCode::CONFLICT).await;
    }
    let edition = editions.get(&db, &rec.edition).await?;
    let options = rule_options(&o.t.config());
    let replay = recorded::replay(&rec, &edition, options)?;
    let state = *replay.current();
    let side = o.side_in(&game);
    let seed = seed_of(&db, &deals, &game).await?;
    let lines_before = rec.lines.len();
    let unprocessable = StatusCode::UNPROCESSABLE_ENTITY;
    let mut line = match moves::resolve(&state, side, &f.event, &seed, lines_before) {
        Ok(line) => line,
        Err(MoveRefusal::Engine(r)) => {
            return again(Some(up), refused(refusal_text(&ctx, &r)), unprocessable).await;
        }
        Err(MoveRefusal::NotYourTurn) => {
            return again(Some(up), refused(ctx.t("on_not_your_turn").to_string()), unprocessable).await;
        }
        Err(MoveRefusal::NotOffered) => {
            return again(Some(up), refused(ctx.t("on_not_offered").to_string()), unprocessable).await;
        }
    };
    // The mover's clock stops now: its reading goes into the line (never 0:00, which is a fallen
    // flag: the settle above ended the game if it had fallen).
    let now = now_ms();
    // A player who resigns while the opponent thinks has no clock running: no reading then.
    line.clock = (state.to_act() == Some(side)).then(|| rec.clock.reading(side, now).max(1));
    let after = match state.apply_line(&line) {
        Ok(next) => next,
        Err(e) => return again(Some(up), refused(refusal_text(&ctx, &e.refusal)), unprocessable).await,
    };
    let (more, fin) = moves::follow(&seed, after, lines_before + 1);
    let mut text = vec![notation::canonical(&line, &edition).to_string()];
    text.extend(more.iter().map(|l| notation::canonical(l, &edition).to_string()));
    let clock = rec.clock.switch(now, if fin.is_over() { None } else { fin.to_act() });
    match recordings::append_lines(&db, game.id, rec.at(), &text, &clock, false, o.by).await {
        Ok(()) => {}
        // Another write landed first: the page is drawn from the recording as it is now.
        Err(StoreError::Conflict) => return again(None, stale(), StatusCode::CONFLICT).await,
        Err(e) => return Err(e.into()),
    }
    events.notify(game.id, rec.steps + i64::try_from(text.len()).unwrap_or(0));
    if fin.is_over() {
        let mut done = rec;
        done.steps += i64::try_from(text.len()).unwrap_or(0);
        done.lines.extend(text);
        done.clock = clock;
        recorded::finish(&db, &o.t, &o.m, &game, &done, &edition, options, o.by).await?;
    }
    Ok(see_other(&format!("/online/{token}")))
}
