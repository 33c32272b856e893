//! A result from a finished recording: when the game ended on the recorder where a result already
//! stood (typed by an older version), someone says which stands: the recording's (a correction, the
//! typed one kept in history) or the typed one (the recorded one kept in history). Both stay in
//! history; nothing is replaced silently.

use super::game::{Game, entry_of};
use crate::app::AppResult;
use crate::app::RecordingRefusal;
use crate::app::editions::cache::EditionCache;
use crate::store::recordings::{self, Stands, Status};
use crate::store::tournaments::Role;
use crate::store::{Store, StoreError, UserId};

/// Say which result of `game` stands, by a referee or organiser (`role`).
///
/// # Errors
/// Not started; [`RecordingRefusal::Overtaken`] if the recording does not wait for the choice (or
/// someone chose first); the round is not open to `role`; the database fails.
pub async fn settle(
    db: &Store,
    editions: &EditionCache,
    game: &Game,
    stands: Stands,
    role: Role,
    by: UserId,
) -> AppResult<()> {
    game.open_to(role)?;
    let rec = game.recording()?;
    if rec.status != Status::Awaiting {
        return Err(RecordingRefusal::Overtaken.into());
    }
    let edition = game.edition(db, editions).await?;
    let entry = entry_of(game, rec, &edition)?;
    match recordings::choose(db, game.t.id, game.row.id, stands, &entry, by).await {
        Ok(()) => {
            tracing::info!(tournament = %game.t.id, game = %game.row.id, ?stands, "result that stands chosen");
            Ok(())
        }
        Err(StoreError::Conflict) => Err(RecordingRefusal::Overtaken.into()),
        Err(e) => Err(e.into()),
    }
}
