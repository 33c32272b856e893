//! A recorded game that ended saves its log and result exactly as a valid submitted log is (the same
//! validation, history and standings), in one transaction that re-checks the game has no result: if
//! one stands (typed by an older version), nothing is replaced and the recorder asks which stands
//! ([`settle`](super::settle)). Another request finishing it first is a success. Called by the steps
//! that end a game ([`push`](super::push), [`flag`](super::flag)) and, for a game over whose result
//! was never saved (a restart between its last line and its result), by anyone reading it.

use super::game::{Game, entry_of, now_ms};
use crate::app::AppResult;
use crate::engine::Edition;
use crate::store::recordings::{self, Finished, Recording};
use crate::store::{Store, StoreError, UserId};

/// What became of the game's end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ended {
    /// Its log and result are the game's now.
    Saved,
    /// A result stood already: the recording waits for the choice of which stands.
    ResultStood,
    /// Another request finished it first.
    Already,
}

/// Save `rec` (the recording as the caller left it: its game over) as the game's result.
///
/// # Errors
/// [`crate::app::AppError::Internal`] if the whole log does not validate; the database fails.
pub async fn finish(
    db: &Store,
    game: &Game,
    rec: &Recording,
    edition: &Edition,
    by: UserId,
) -> AppResult<Ended> {
    let entry = entry_of(game, rec, edition)?;
    let clock = rec.clock.switch(now_ms(), None);
    let (t, id) = (game.t.id, game.row.id);
    match recordings::finish(db, t, id, &clock, &entry, by).await {
        Ok(Finished::Saved) => {
            tracing::info!(tournament = %t, game = %id, winner = ?entry.winner, termination = ?entry.termination, "recorded game finished");
            Ok(Ended::Saved)
        }
        Ok(Finished::ResultStood) => {
            tracing::warn!(tournament = %t, game = %id, "recorded game finished where a result stood: which stands is asked");
            Ok(Ended::ResultStood)
        }
        Err(StoreError::Conflict) => Ok(Ended::Already),
        Err(e) => Err(e.into()),
    }
}
