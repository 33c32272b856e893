//! The scribe confirms the result of a game at the table that a flag or a resignation ended (issue
//! 37: nothing ends a game in one tap by mistake). Until then the end is a line like any other,
//! taken back by [`undo`](super::undo); confirmed, the log and result are saved as for any game
//! that ended ([`finish`]).

use super::finish::{Ended, finish};
use super::flag::awaits_confirmation;
use super::game::{Game, replay};
use crate::app::AppResult;
use crate::app::RecordingRefusal;
use crate::app::editions::cache::EditionCache;
use crate::store::recordings::Status;
use crate::store::tournaments::Role;
use crate::store::{self, Store, UserId};

/// Confirm the end of `game` as the device saw it with `seen` lines, by a referee or organiser
/// (`role`): its log and result are saved.
///
/// # Errors
/// [`RecordingRefusal`]: not started, an online game, finished, overtaken, the game not over (or
/// over on the board: saved already); the round is not open to `role`; the database fails.
pub async fn confirm(
    db: &Store,
    editions: &EditionCache,
    game: &Game,
    seen: i64,
    role: Role,
    by: UserId,
) -> AppResult<Ended> {
    game.open_to(role)?;
    let rec = game.recording()?;
    if store::online::is_online(db, game.m.id).await? {
        return Err(RecordingRefusal::PlayersWriteOnline.into());
    }
    if rec.status != Status::Recording {
        return Err(RecordingRefusal::Finished.into());
    }
    if seen != rec.steps {
        return Err(RecordingRefusal::Overtaken.into());
    }
    let edition = game.edition(db, editions).await?;
    let played = replay(rec, &edition, game.options())?;
    if !awaits_confirmation(played.state().outcome()) {
        return Err(RecordingRefusal::NotOver.into());
    }
    let ended = finish(db, game, rec, &edition, by).await?;
    tracing::info!(game = %game.row.id, ?ended, "the scribe confirmed the game's end");
    Ok(ended)
}
