//! The server's clock decides: a recording whose running clock ran out ends on time (`<side> clock
//! {0:00}`, the league's time forfeit: the engine applies it and the Red-side points rule), and a
//! game over without its result saved (a restart between its last line and its result) is finished.
//! Nothing else ends a game on time, and nothing else is written here: a page or a stream that shows
//! a game calls this explicitly first (and a scheduled task may, with nobody looking), so a game is
//! never shown running past its flag, nor over without its result, except a game at the table that
//! a scribe's flag or resignation ended: its result waits for the scribe's confirmation
//! ([`awaits_confirmation`], [`confirm`](super::confirm)), undoable until then.
//!
//! Also here, pure: how the server reckons the flag of the side to act ([`watch`]), which the
//! recorder's "flag fell" asks before it is offered ([`fall`](super::fall)).

use super::finish::{Ended, finish};
use super::game::{Game, now_ms, replay};
use crate::app::AppResult;
use crate::app::editions::cache::EditionCache;
use crate::engine::{self, notation};
use crate::outcome::{GameOutcome, Side, Termination};
use crate::store::recordings::{self, Recording, Status};
use crate::store::{self, Store, StoreError};

/// How near 0:00 a side's clock must be by the server's reckoning for the recorder to offer "the
/// flag fell" at once (issue 37): the scribe writes a line some seconds after the table's event, so
/// the server's reckoning runs behind the table's clock by about that much. Further from 0:00 the
/// recorder asks for the table's reading first (a reading of 0:00 is the flag).
pub const NEAR_ZERO_MS: i64 = 30_000;

/// The flag of the side whose clock runs at the table, as the server reckons it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FlagWatch {
    /// The side to act (only its clock runs, so only its flag can fall).
    pub side: Side,
    /// Its remaining time by the server's reckoning (may be negative).
    pub remaining_ms: i64,
    /// At or near 0:00 ([`NEAR_ZERO_MS`]): the flag may be said to have fallen without a reading.
    pub ready: bool,
}

/// Where the players drive the chess clock, the server keeps no running clock; it reckons the side
/// to act's time as its last reading in the record (the time control before any) less the time
/// since the last line was written (its clock has run at least since then). Where the tablet is the
/// clock, the server's clock itself. `None` when nobody is to act (the game is over).
#[must_use]
pub fn watch(
    rec: &Recording,
    played: &engine::Recording<'_>,
    time_control_secs: i64,
    tablet: bool,
    now: i64,
) -> Option<FlagWatch> {
    let side = played.state().to_act()?;
    let remaining_ms = if tablet {
        rec.clock.remaining(side, now)
    } else {
        let last = played.last_reading(side).map_or(time_control_secs, i64::from).max(0) * 1000;
        let ran = if rec.paused { 0 } else { (now - rec.clock.since_ms).max(0) };
        last - ran
    };
    Some(FlagWatch { side, remaining_ms, ready: remaining_ms <= NEAR_ZERO_MS })
}

/// Whether a game recorded at the table that ended so waits for the scribe to confirm its result
/// (issue 37: nothing ends a game in one tap by mistake): a flag or a resignation is a tap (or a
/// line) of the scribe's, taken back like any line until the result is confirmed
/// ([`confirm`](super::confirm)). A game the rules end on the board is over by the position itself.
#[must_use]
pub fn awaits_confirmation(outcome: Option<GameOutcome>) -> bool {
    outcome.is_some_and(|o| matches!(o.termination, Termination::TimeForfeit | Termination::Resignation))
}

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
        // A flag or resignation the scribe wrote waits for the scribe's confirmation (an online
        // game's end is its players' and the server's: saved at once).
        if awaits_confirmation(played.state().outcome()) && !store::online::is_online(db, game.m.id).await? {
            return Ok(Flagged::Running);
        }
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
