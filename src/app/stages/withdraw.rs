//! Withdrawals from the groups (issue 19): the withdrawn player's remaining group matches are
//! forfeits (the league's `MatchPlay::Withdrawal`); what their results played come to is the
//! stage's withdrawal rule (`format::set_withdrawal_rule`: they stand, the default, or are
//! annulled when fewer than half were played), which the group standings apply.

use super::super::snapshot::{Loaded, MatchState};
use super::super::{AppResult, registration};
use crate::store::players::PlayerChange;
use crate::store::rounds::{Forfeit, Phase, Status};
use crate::store::{self, PlayerId, Store, StoreError, TournamentId, UserId};

/// Withdraw `player` and forfeit their group matches not yet played.
///
/// # Errors
/// [`StoreError::NotFound`]; a conflict; the database fails.
pub async fn withdraw(db: &Store, t: TournamentId, player: PlayerId, by: UserId) -> AppResult<()> {
    let p = registration::player(db, t, player).await?;
    let change = PlayerChange { withdrawn: true, knowledge_score: p.knowledge_score };
    registration::change(db, t, &p, p.version, &change, by).await?;
    forfeit_remaining(db, t, by).await
}

/// Every group match of a withdrawn player in a draft or published round that has no result
/// yet becomes their withdrawal (each write checks the round's status and the match's version in
/// its transaction).
///
/// # Errors
/// A conflict; the database fails.
pub async fn forfeit_remaining(db: &Store, t: TournamentId, by: UserId) -> AppResult<()> {
    let data = Loaded::load_id(db, t).await?;
    for m in data.matches.iter().filter(|m| m.phase == Phase::Groups && m.forfeit().is_none()) {
        if !FORFEITABLE.contains(&m.round_status) || !matches!(data.state(m), MatchState::Pending) {
            continue;
        }
        if let Some(f) = withdrawal_forfeit(&data, m) {
            match store::rounds::set_forfeit(db, t, m.id, m.version, Some(f), by, &FORFEITABLE).await {
                Ok(()) | Err(StoreError::Conflict) => {}
                Err(e) => return Err(e.into()),
            }
        }
    }
    Ok(())
}

/// The forfeit a withdrawn player's match gets (`None` if neither player withdrew).
#[must_use]
pub fn withdrawal_forfeit(data: &Loaded, m: &store::rounds::MatchRow) -> Option<Forfeit> {
    let b = m.player_b?;
    let withdrawn = |p| data.player(p).is_some_and(|p| p.withdrawn);
    match (withdrawn(m.player_a), withdrawn(b)) {
        (true, false) => Some(Forfeit::WithdrewA),
        (false, true) => Some(Forfeit::WithdrewB),
        (true, true) => Some(Forfeit::AbsentBoth),
        (false, false) => None,
    }
}

/// Statuses of the rounds whose unplayed matches a withdrawal forfeits.
pub const FORFEITABLE: [Status; 2] = [Status::Draft, Status::Published];
