//! An organiser ends a recording before its game ends, so that a result can be typed on the match
//! page: a decision kept in history with the lines recorded.

use super::game::Game;
use crate::app::RecordingRefusal;
use crate::app::{AppResult, Refusal};
use crate::store::recordings;
use crate::store::tournaments::Role;
use crate::store::{Store, StoreError, UserId};

/// End `game`'s recording now (an organiser's decision).
///
/// # Errors
/// [`Refusal::OrganisersEndRecordings`] for a referee; not started; [`RecordingRefusal::Overtaken`]
/// if it is no longer being recorded; the round is not open to `role`; the database fails.
pub async fn end(db: &Store, game: &Game, role: Role, by: UserId) -> AppResult<()> {
    game.open_to(role)?;
    game.recording()?;
    if role != Role::Organiser {
        return Err(Refusal::OrganisersEndRecordings.into());
    }
    match recordings::end(db, game.t.id, game.row.id, by).await {
        Ok(()) => {
            tracing::info!(tournament = %game.t.id, game = %game.row.id, %by, "recording ended before the game ended");
            Ok(())
        }
        Err(StoreError::Conflict) => Err(RecordingRefusal::Overtaken.into()),
        Err(e) => Err(e.into()),
    }
}
