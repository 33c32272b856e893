//! The season's events and who runs them (issue 20, the coordinator's page): the events nobody
//! but the season's coordinators organises yet, and the coordinator appointing an organiser of one
//! of the season's events (an existing account; the tournament's own page can make one).

use super::super::{AppResult, Refusal};
use crate::store::tournaments::Role;
use crate::store::{self, SeasonId, Store, StoreError, TournamentId, UserId};

/// The season's events with no organiser but its coordinators, by tournament.
///
/// # Errors
/// [`Refusal::NotACoordinator`]; the database fails.
pub async fn without_organisers(db: &Store, season: SeasonId, by: UserId) -> AppResult<Vec<TournamentId>> {
    super::check_coordinator(db, season, by).await?;
    Ok(store::seasons::flow::events_without_organisers(db, season).await?)
}

/// The coordinator makes `user` an organiser of the season's event `t` (appointing one twice is
/// a success).
///
/// # Errors
/// [`Refusal::NotACoordinator`], [`Refusal::NotThisSeason`] (the tournament is no event of this
/// season); [`StoreError::NotFound`] for no such user; the database fails.
pub async fn appoint(
    db: &Store,
    season: SeasonId,
    t: TournamentId,
    user: UserId,
    by: UserId,
) -> AppResult<()> {
    super::check_coordinator(db, season, by).await?;
    match store::seasons::event_of(db, t).await? {
        Some(e) if e.season_id == season => {}
        _ => return Err(Refusal::NotThisSeason.into()),
    }
    store::users::by_id(db, user).await?.ok_or(StoreError::NotFound)?;
    Ok(store::tournaments::grant(db, t, user, Role::Organiser).await?)
}
