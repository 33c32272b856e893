//! A player opens their online game (a page or a move): the game in play is brought up to date
//! before anything is shown or decided. It starts once both players have come (a published round,
//! no walkover, no result): both clocks at the league's time control, Red's running; the server
//! deals the opening hands from the game's seed at once; and the server's clock is settled (a flag
//! that fell ends the game on time). Every write here is a use case of `app::recording`, called
//! explicitly: reading the page writes nothing else.

use crate::app::editions::cache::EditionCache;
use crate::app::recording::deals::DealCache;
use crate::app::recording::flag::{Flagged, flag};
use crate::app::recording::game::Game;
use crate::app::recording::start;
use crate::app::{AppError, AppResult};
use crate::outcome::Side;
use crate::store::games::GameRow;
use crate::store::rounds::{MatchRow, Status as RoundStatus};
use crate::store::tournaments::Tournament;
use crate::store::{self, Store, UserId};

/// The game in play as a player's request finds it once brought up.
#[derive(Debug, Clone)]
pub struct Up {
    pub game: Game,
    /// Bringing it up ended it (a flag fell): the match's games changed (a result), read them again.
    pub finished: bool,
    /// The server dealt the opening hands now: the game has this many lines (its streams are woken).
    pub dealt: Option<i64>,
}

/// Bring the game `row` of the online match `m` up to date (see the module); lines are saved in
/// the name of `by` (the one who marked the match online).
///
/// # Errors
/// The recording does not replay; the game has no deal; the database fails.
#[allow(clippy::too_many_arguments)]
pub async fn bring_up(
    db: &Store,
    editions: &EditionCache,
    deals: &DealCache,
    t: &Tournament,
    m: &MatchRow,
    row: &GameRow,
    by: UserId,
) -> AppResult<Up> {
    let load = || Game::with_recording(db, t.clone(), m.clone(), row.clone());
    let mut game = load().await?;
    if game.rec.is_none()
        && !row.has_result()
        && m.forfeit.is_none()
        && m.round_status == RoundStatus::Published
        && store::online::presence(db, m.id).await?.is_some_and(|p| p.present() == [true, true])
    {
        match start::online(db, t, row.id, Side::Red, by).await {
            Ok(_) => game = load().await?,
            // An earlier game unfinished, the round closed: the page says it waits.
            Err(AppError::Refused(_)) => return Ok(Up { game, finished: false, dealt: None }),
            Err(e) => return Err(e),
        }
    }
    let mut dealt = None;
    if game.rec.as_ref().is_some_and(|r| r.steps == 0) {
        let steps = start::deal(db, editions, deals, &game, by).await?;
        if steps > 0 {
            dealt = Some(steps);
            // Our lines, or those of the request that dealt first.
            game = load().await?;
        }
    }
    let finished = flag(db, editions, &game).await? == Flagged::Ended;
    if finished {
        game = load().await?;
    }
    Ok(Up { game, finished, dealt })
}
