//! A recording starts: at the table when a referee taps "start" (both clocks at the time control,
//! stopped: the players' chess clock keeps the time), online when a player opens the game once both
//! have come (the clock of the first decision's side running from that moment, and the server deals
//! the opening hands from the game's seed at once, before anyone sees the page).

use super::deal::Seed;
use super::deals::DealCache;
use super::game::{Game, now_ms};
use super::push::seed_of;
use crate::app::AppResult;
use crate::app::results::open_statuses;
use crate::engine::{self, GameState, notation};
use crate::league::clock::LeagueClock;
use crate::outcome::Side;
use crate::store::recordings::{self, Status};
use crate::store::rounds::Status as RoundStatus;
use crate::store::tournaments::{Role, Tournament};
use crate::store::{self, GameId, Store, StoreError, UserId};

/// What a start found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Started {
    /// Started now.
    Now,
    /// Another request (another device) started it first: carry on there.
    Already,
}

/// Start recording `game` at the table, by a referee or organiser (`role`). The store re-checks in
/// its transaction that the game has no result, its round is open to `role` and its match is
/// played over the board (a result typed a moment ago is refused, never recorded over).
///
/// # Errors
/// [`crate::app::Refusal::RoundNotOpen`], [`crate::app::Refusal::MatchForfeited`],
/// [`crate::app::Refusal::ResultStands`]; the database fails.
pub async fn at_table(db: &Store, game: &Game, role: Role, by: UserId) -> AppResult<Started> {
    game.open_to(role)?;
    if game.rec.is_some() {
        return Ok(Started::Already);
    }
    let t = &game.t;
    let clock = LeagueClock::new(i64::from(t.rules.time_control_secs), now_ms());
    match recordings::start(db, t.id, game.row.id, &t.edition, clock, by, open_statuses(role)).await {
        Ok(()) => {
            tracing::info!(tournament = %t.id, game = %game.row.id, %by, "recording started");
            Ok(Started::Now)
        }
        Err(StoreError::Conflict) => Ok(Started::Already),
        Err(e) => Err(e.into()),
    }
}

/// Start an online game (`first`: the side whose clock runs first); another request starting it
/// first is a success.
///
/// # Errors
/// The match is not online, the round not open, a result or walkover stands, an earlier game is
/// unfinished; the database fails.
pub async fn online(db: &Store, t: &Tournament, game: GameId, first: Side, by: UserId) -> AppResult<Started> {
    let now = now_ms();
    let clock = LeagueClock::new(i64::from(t.rules.time_control_secs), now).switch(now, Some(first));
    let open = &[RoundStatus::Published];
    match store::online::start_game(db, t.id, game, &t.edition, clock, by, open, Seed::fresh().stored()).await
    {
        Ok(()) => Ok(Started::Now),
        Err(StoreError::Conflict) => Ok(Started::Already),
        Err(e) => Err(e.into()),
    }
}

/// The server deals an online game started with nothing recorded: the opening hands from the seed
/// (the engine's `follow` from the start), the clock of the first decision's side running from
/// now. Returns the recording's lines now; dealt by another request first is a success.
///
/// # Errors
/// The game has no deal; the database fails.
pub async fn deal(
    db: &Store,
    editions: &crate::app::editions::cache::EditionCache,
    deals: &DealCache,
    game: &Game,
    by: UserId,
) -> AppResult<i64> {
    let Some(rec) = game.rec.as_ref().filter(|r| r.status == Status::Recording && r.steps == 0) else {
        return Ok(game.rec.as_ref().map_or(0, |r| r.steps));
    };
    let seed = seed_of(db, deals, game).await?;
    let edition = game.edition(db, editions).await?;
    let start = GameState::new(&edition, game.options());
    let (lines, after) = engine::follow(start, &seed, 0);
    if lines.is_empty() {
        return Ok(0);
    }
    let text: Vec<String> = lines.iter().map(|l| notation::canonical(l, &edition).to_string()).collect();
    let clock = rec.clock.switch(now_ms(), after.to_act());
    match recordings::append_lines(db, game.row.id, rec.at(), &text, &clock, false, by).await {
        Ok(()) | Err(StoreError::Conflict) => Ok(i64::try_from(text.len()).unwrap_or(0)),
        Err(e) => Err(e.into()),
    }
}
