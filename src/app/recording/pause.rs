//! The referee's pause of a recorded game, and its resumption. At the table the players' chess
//! clock is stopped by hand and the recorder notes it; online the server's clocks stop, and on
//! resuming the clock of the side to act runs again from that moment. Where the tablet is the
//! clock it is paused on the clock itself ([`clock`](super::clock)).

use super::game::{Game, check_in_play, now_ms, replay};
use crate::app::AppResult;
use crate::app::RecordingRefusal;
use crate::app::editions::cache::EditionCache;
use crate::store::recordings;
use crate::store::tournaments::{Role, TableClock};
use crate::store::{self, Store, StoreError};

/// Pause (`paused`) or resume `game` as the device saw it with `seen` lines, by a referee or
/// organiser (`role`).
///
/// # Errors
/// [`RecordingRefusal`]: not started, overtaken, the flag fell first, finished, the tablet keeps the
/// time; the round is not open to `role`; the database fails.
pub async fn pause(
    db: &Store,
    editions: &EditionCache,
    game: &Game,
    seen: i64,
    paused: bool,
    role: Role,
) -> AppResult<()> {
    game.open_to(role)?;
    let rec = game.recording()?;
    if seen != rec.steps {
        return Err(RecordingRefusal::Overtaken.into());
    }
    let edition = game.edition(db, editions).await?;
    let played = replay(rec, &edition, game.options())?;
    let now = now_ms();
    check_in_play(rec, played.state(), now)?;
    if game.t.table_clock == TableClock::Tablet {
        return Err(RecordingRefusal::TabletKeepsTime.into());
    }
    // Online the server's clock of the side to act runs again; at the table no clock of the
    // recorder's runs.
    let runs = if !paused && store::online::is_online(db, game.m.id).await? {
        played.state().to_act()
    } else {
        None
    };
    match recordings::set_clock(db, game.row.id, rec.at(), &rec.clock.switch(now, runs), paused).await {
        Ok(()) => Ok(()),
        Err(StoreError::Conflict) => Err(RecordingRefusal::Overtaken.into()),
        Err(e) => Err(e.into()),
    }
}
