//! The scribe says a flag fell at the table (issue 37): only the side to act's (only its clock
//! runs), and only when the server reckons that clock at or near 0:00 ([`watch`]); further from
//! it the scribe writes the table's reading first (a reading of 0:00 is the flag, as in any log).
//! The flag is then a line like any other ([`push`]): the game waits for the scribe to confirm its
//! result ([`confirm`](super::confirm)) and the flag is taken back by an undo until then.

use super::deals::DealCache;
use super::flag::watch;
use super::game::{Game, now_ms, replay};
use super::push::{Entry, Pushed, push};
use crate::app::AppResult;
use crate::app::RecordingRefusal;
use crate::app::editions::cache::EditionCache;
use crate::outcome::Side;
use crate::store::tournaments::{Role, TableClock};
use crate::store::{Store, UserId};

/// `side`'s flag fell on `game` as the device saw it with `seen` lines, by a referee or organiser
/// (`role`).
///
/// # Errors
/// [`RecordingRefusal::FlagNotOut`]: `side` is not to act, or its clock is not near 0:00 by the
/// server's reckoning (the reading first); the refusals of [`push`]; the database fails.
#[allow(clippy::too_many_arguments)]
pub async fn fall(
    db: &Store,
    editions: &EditionCache,
    deals: &DealCache,
    game: &Game,
    seen: i64,
    side: Side,
    role: Role,
    by: UserId,
) -> AppResult<Pushed> {
    game.open_to(role)?;
    let rec = game.recording()?;
    let edition = game.edition(db, editions).await?;
    let played = replay(rec, &edition, game.options())?;
    let tablet = game.t.table_clock == TableClock::Tablet;
    let tc = i64::from(game.t.rules.time_control_secs);
    if let Some(w) = watch(rec, &played, tc, tablet, now_ms()).filter(|w| !w.ready || w.side != side) {
        let remaining_secs = if w.side == side { w.remaining_ms.max(0) / 1000 } else { -1 };
        return Err(RecordingRefusal::FlagNotOut { remaining_secs }.into());
    }
    let text = format!("{side} clock {{0:00}}");
    push(db, editions, deals, game, seen, Entry::Table { text: &text, reading: None, auto: true, role }, by)
        .await
}
