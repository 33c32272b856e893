//! Take back the last line of a game recorded at the table (kept in history). From the recorder's
//! own page the steps that followed by themselves go with the line that led to them, so an undo
//! never lands where the recorder would write again at once. A game a scribe's flag or resignation
//! ended is taken back so too until its result is confirmed ([`confirm`](super::confirm)).

use super::flag::awaits_confirmation;
use super::game::{Game, check_in_play, now_ms, replay};
use crate::app::AppResult;
use crate::app::RecordingRefusal;
use crate::app::editions::cache::EditionCache;
use crate::engine::{self, Unseen};
use crate::store::recordings::{self, Status};
use crate::store::tournaments::{Role, TableClock};
use crate::store::{self, Store, StoreError, UserId};

/// How many lines an undo from the recorder's page takes back: the forced steps at the end, and
/// the line before them (the scribe's).
fn taken_back(played: &engine::Recording<'_>) -> usize {
    let n = played.line_count();
    let mut k = n;
    while k > 0
        && played.line(k - 1).is_some_and(|(line, before)| engine::is_forced(before, line, &Unseen, k - 1))
    {
        k -= 1;
    }
    (n - k.saturating_sub(1)).max(1)
}

/// Take back the last line (`auto`: from the recorder's page, with the steps that followed it by
/// themselves) of `game` as the device saw it with `seen` lines, by a referee or organiser (`role`).
/// Returns the lines taken back.
///
/// # Errors
/// [`RecordingRefusal`]: not started, an online game, overtaken, the flag fell first, finished,
/// nothing to undo; the round is not open to `role`; the database fails.
pub async fn undo(
    db: &Store,
    editions: &EditionCache,
    game: &Game,
    seen: i64,
    auto: bool,
    role: Role,
    by: UserId,
) -> AppResult<usize> {
    game.open_to(role)?;
    let rec = game.recording()?;
    if store::online::is_online(db, game.m.id).await? {
        return Err(RecordingRefusal::PlayersWriteOnline.into());
    }
    if seen != rec.steps {
        return Err(RecordingRefusal::Overtaken.into());
    }
    let edition = game.edition(db, editions).await?;
    let played = replay(rec, &edition, game.options())?;
    let now = now_ms();
    // A flag or a resignation the scribe wrote is taken back like any line until it is confirmed.
    if rec.status != Status::Recording || !awaits_confirmation(played.state().outcome()) {
        check_in_play(rec, played.state(), now)?;
    }
    if rec.steps < 1 {
        return Err(RecordingRefusal::NothingToUndo.into());
    }
    let count = if auto { taken_back(&played) } else { 1 };
    // The tablet's clock runs by the presses alone; the players' is never the recorder's.
    let clock =
        if game.t.table_clock == TableClock::Tablet { rec.clock } else { rec.clock.switch(now, None) };
    let n = i64::try_from(count).unwrap_or(1);
    match recordings::undo_lines(db, game.t.id, game.row.id, rec.at(), n, &clock, rec.paused, by).await {
        Ok(_) => Ok(count),
        Err(StoreError::Conflict) => Err(RecordingRefusal::Overtaken.into()),
        Err(e) => Err(e.into()),
    }
}
