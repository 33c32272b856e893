//! The server's clock with nobody looking (issue 35): an online game whose running clock reaches
//! zero is ended on time then, by a scheduled task, not by the next page that shows it (a clock once
//! ran out at 00:31 with both pages closed, and the loss was written at 01:02, when someone opened
//! the live page). The task calls [`sweep`] again within a second, or sooner when a clock is due
//! sooner; each game whose flag fell is ended by [`flag`](super::flag::flag), the same use case a
//! page calls: one compare-and-set on the recording as read (the flag line lands only if nothing
//! was written since), then the result saved from the record in the transaction that re-checks the
//! recording is still in play. Of this task, another process's and a player's page exactly one
//! writes the flag.
//!
//! At the table the players' chess clocks are the clocks (the scribe writes a flag): only online
//! games are swept.

use super::flag::{Flagged, flag};
use super::game::Game;
use crate::app::AppResult;
use crate::app::editions::cache::EditionCache;
use crate::store::recordings::{self, Running};
use crate::store::{self, GameId, Store, StoreError};

/// What a sweep did and found.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Swept {
    /// The games it ended on time, with their lines now (the caller wakes their pages).
    pub ended: Vec<(GameId, i64)>,
    /// Milliseconds until the next running clock runs out (`None`: no clock runs).
    pub next_due_ms: Option<i64>,
}

/// End on time every online game whose running clock has run out at `now` (ms since the epoch).
/// A game that cannot be ended (its record does not replay) is logged and left to the others.
///
/// # Errors
/// The database fails while reading the clocks.
pub async fn sweep(db: &Store, editions: &EditionCache, now: i64) -> AppResult<Swept> {
    let mut swept = Swept::default();
    for Running { tournament, game, clock } in recordings::running_online(db).await? {
        let Some(side) = clock.running else { continue };
        let left = clock.remaining(side, now);
        if left > 0 {
            swept.next_due_ms = Some(swept.next_due_ms.map_or(left, |n| n.min(left)));
            continue;
        }
        match end_on_time(db, editions, tournament, game).await {
            Ok(Some(steps)) => swept.ended.push((game, steps)),
            Ok(None) => {}
            Err(e) => tracing::warn!(%game, error = ?e, "a fallen flag could not be settled"),
        }
    }
    Ok(swept)
}

/// Flag one game; its lines now if it ended.
async fn end_on_time(
    db: &Store,
    editions: &EditionCache,
    tournament: store::TournamentId,
    game: GameId,
) -> AppResult<Option<i64>> {
    let t = store::tournaments::get(db, tournament).await?.ok_or(StoreError::NotFound)?;
    let g = Game::load(db, t, game).await?;
    if flag(db, editions, &g).await? == Flagged::Running {
        return Ok(None);
    }
    tracing::debug!(%game, "flag settled by the clock task");
    Ok(Some(recordings::get(db, game).await?.map_or(0, |r| r.steps)))
}
