//! "The tablet is the clock" (a tournament's option): a chess clock the server keeps, on a tablet
//! between the players. Each player presses their own half when done (their clock stops, the
//! opponent's runs); the referee pauses and resumes. The recorder then writes each line with its
//! player's reading at their last press ([`push`](super::push)), and a flag fall is the clock's own
//! ([`flag`](super::flag)).
//!
//! A press must never be lost: it is a compare-and-set on the recording's revision like every write
//! to it, decided again on the state a concurrent line or press left (a press decided on an old
//! state would charge the wrong player).

use super::game::{Game, now_ms};
use crate::app::AppResult;
use crate::app::RecordingRefusal;
use crate::outcome::Side;
use crate::store::recordings::{self, Status};
use crate::store::tournaments::TableClock;
use crate::store::{Store, StoreError};

/// How often a press is decided again on the state another write left.
const PRESS_TRIES: usize = 8;

/// What was pressed on the tablet.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Press {
    /// A player's half: their clock stops, the opponent's runs (nothing while paused: the referee
    /// stopped the game).
    Half(Side),
    /// The referee stops both clocks.
    Pause,
    /// The referee starts `Side`'s clock again.
    Resume(Side),
}

/// Press the clock of `game`, a game of a tournament whose tablet is the clock.
///
/// # Errors
/// [`StoreError::NotFound`] where the tablet is not the clock; [`RecordingRefusal::NotStarted`],
/// [`RecordingRefusal::Finished`], [`RecordingRefusal::Overtaken`] after [`PRESS_TRIES`] writes
/// landed first; the database fails.
pub async fn press(db: &Store, game: &Game, pressed: Press) -> AppResult<()> {
    if game.t.table_clock != TableClock::Tablet {
        return Err(StoreError::NotFound.into());
    }
    let mut rec = game.recording()?.clone();
    for _ in 0..PRESS_TRIES {
        if rec.status != Status::Recording {
            return Err(RecordingRefusal::Finished.into());
        }
        let now = now_ms();
        let (clock, paused) = match pressed {
            Press::Half(_) if rec.paused => (rec.clock, true),
            Press::Half(side) => (rec.clock.press(side, now), false),
            Press::Pause => (rec.clock.switch(now, None), true),
            Press::Resume(side) => (rec.clock.switch(now, Some(side)), false),
        };
        match recordings::set_clock(db, rec.game, rec.at(), &clock, paused).await {
            Ok(()) => return Ok(()),
            // A line or another press landed meanwhile: decide again on what it left.
            Err(StoreError::Conflict) => {
                rec = recordings::get(db, rec.game).await?.ok_or(StoreError::NotFound)?;
            }
            Err(e) => return Err(e.into()),
        }
    }
    Err(RecordingRefusal::Overtaken.into())
}
