//! The server's clock decides: a recording whose running clock ran out ends on time (`<side> clock
//! {0:00}`, the league's time forfeit: the engine applies it and the Red-side points rule), and a
//! game over without its result saved (a restart between its last line and its result) is finished.
//! Nothing else ends a game on time, and nothing else is written here: a page or a stream that shows
//! a game calls this explicitly first (and a scheduled task may, with nobody looking), so a game is
//! never shown running past its flag, nor over without its result.

use super::finish::{Ended, finish};
use super::game::{Game, now_ms, replay};
use crate::app::AppResult;
use crate::app::editions::cache::EditionCache;
use crate::engine::notation;
use crate::outcome::Side;
use crate::store::recordings::{self, Status};
use crate::store::{Store, StoreError};

/// What [`flag`] found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flagged {
    /// Nothing to do: no recording, the game goes on, or it ended before.
    Running,
    /// The game ended now (on time, or its end was saved at last), or another request ended it a
    /// moment before: the game's rows changed, read them again.
    Ended,
}

/// Bring `game`'s recording up to date with the server's clock.
///
/// # Errors
/// The recording does not replay; the database fails.
pub async fn flag(db: &Store, editions: &EditionCache, game: &Game) -> AppResult<Flagged> {
    let Some(rec) = game.rec.as_ref().filter(|r| r.status == Status::Recording) else {
        return Ok(Flagged::Running);
    };
    let Some(by) = rec.started_by else { return Ok(Flagged::Running) };
    let edition = game.edition(db, editions).await?;
    let mut played = replay(rec, &edition, game.options())?;
    if played.state().is_over() {
        finish(db, game, rec, &edition, by).await?;
        return Ok(Flagged::Ended);
    }
    let now = now_ms();
    let Some(side) = rec.clock.flag(now).filter(|_| !rec.paused) else { return Ok(Flagged::Running) };
    // The flag fell while `side` was thinking: its reading is 0:00 and the game ends there.
    let text = format!("{side} clock {{0:00}}");
    let line = notation::parse(&text).ok().and_then(|log| log.events.into_iter().next());
    if let Some(refusal) = line.and_then(|l| played.push_line(&l).err()) {
        // The server's clock runs for a side the record does not wait for (a tablet pressed ahead
        // of the scribe): the game goes on until the record catches up.
        tracing::warn!(game = %game.row.id, %side, rule = ?refusal.rule, "a flag fell on a side the record does not wait for");
        return Ok(Flagged::Running);
    }
    let mut clock = rec.clock.switch(now, None);
    match side {
        Side::Red => clock.red_ms = 0,
        Side::Polish => clock.polish_ms = 0,
    }
    match recordings::append(db, game.row.id, rec.at(), &text, &clock, false, by).await {
        Ok(()) => {}
        // Another request noticed the flag first (or a step was recorded): it settles.
        Err(StoreError::Conflict) => return Ok(Flagged::Ended),
        Err(e) => return Err(e.into()),
    }
    tracing::info!(tournament = %game.t.id, game = %game.row.id, %side, "flag fell on the server's clock");
    let mut after = rec.clone();
    after.lines.push(text);
    after.steps += 1;
    after.clock = clock;
    if finish(db, game, &after, &edition, by).await? == Ended::Already {
        tracing::debug!(game = %game.row.id, "finished by another request");
    }
    Ok(Flagged::Ended)
}
