//! A game of an online match starts when one of its players first opens it after the match's
//! earlier games ended: both clocks at the league's time control, and the clock of the first
//! decision's side running from that moment (the server deals the opening hands at once).

use super::deal::Seed;
use crate::app::AppResult;
use crate::league::clock::LeagueClock;
use crate::outcome::Side;
use crate::store::rounds::Status;
use crate::store::tournaments::Tournament;
use crate::store::{self, GameId, Store, StoreError, UserId};

/// Start the game (`first`: the side whose clock runs first); another request starting it first
/// is a success.
///
/// # Errors
/// The match is not online, the round not open, a result or walkover stands, an earlier game is
/// unfinished; the database fails.
pub async fn start(
    db: &Store,
    t: &Tournament,
    game: GameId,
    first: Side,
    now_ms: i64,
    by: UserId,
) -> AppResult<()> {
    let clock = LeagueClock::new(i64::from(t.rules.time_control_secs), now_ms).switch(now_ms, Some(first));
    match store::online::start_game(
        db,
        t.id,
        game,
        &t.edition,
        clock,
        by,
        &[Status::Published],
        Seed::fresh().stored(),
    )
    .await
    {
        Ok(()) | Err(StoreError::Conflict) => Ok(()),
        Err(e) => Err(e.into()),
    }
}
