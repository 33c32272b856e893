//! Closing the groups stage: once every group round is paired and locked and no tie at a
//! qualifying place waits for a lot, the ranking is frozen (stored with the stage); the knockout
//! qualifies from it. Reopening (a correction) needs the organiser's reason, goes into the
//! history, and is refused once the knockout started.

use super::super::snapshot::{Loaded, check_last_round_locked, on_fresh_snapshot};
use super::super::{AppResult, Refusal, StageRefusal};
use crate::league::round_robin::standings::GroupStandings;
use crate::store::rounds::Phase;
use crate::store::stages::StageStatus;
use crate::store::{self, Store, StoreError, TournamentId, UserId};

/// Close the groups stage, freezing its ranking.
///
/// # Errors
/// [`StageRefusal::NotGroups`], [`StageRefusal::StageClosed`], [`StageRefusal::NotDrawn`],
/// [`StageRefusal::GroupUnfinished`], [`Refusal::LockFirst`], [`StageRefusal::LotPending`];
/// a conflict; the database fails.
pub async fn close(db: &Store, t: TournamentId, by: UserId) -> AppResult<()> {
    on_fresh_snapshot(db, t, |data| async move {
        let standings = closable(&data)?;
        let ranking = serde_json::to_string(&standings).map_err(StoreError::from)?;
        Ok(store::stages::set_status(db, t, data.stamp, super::OPENING, Some(&ranking), None, by).await?)
    })
    .await
}

/// Whether the groups stage may close now, and the ranking it would freeze: every group round
/// paired and locked, every match decided, no tie at a qualifying place waiting for a lot.
///
/// # Errors
/// As [`close`], without the conflict and the database.
pub fn closable(data: &Loaded) -> Result<Vec<GroupStandings>, Refusal> {
    let stage = super::open_groups_stage(data)?;
    let groups = super::drawn_groups(data);
    if groups.is_empty() {
        return Err(StageRefusal::NotDrawn.into());
    }
    for g in 0..groups.len() {
        if !super::group_finished(data, &stage, g) {
            return Err(StageRefusal::GroupUnfinished { group: u32::try_from(g).unwrap_or(0) }.into());
        }
    }
    check_last_round_locked(data)?;
    let standings = super::standings(data)?;
    if let Some(g) = standings.iter().position(GroupStandings::needs_lot) {
        return Err(StageRefusal::LotPending { group: u32::try_from(g).unwrap_or(0) }.into());
    }
    Ok(standings)
}

/// Open the closed groups stage again, with the organiser's reason in the history. Opening an
/// open stage is a success.
///
/// # Errors
/// [`Refusal::ReasonRequired`], [`StageRefusal::NotGroups`], [`StageRefusal::KnockoutStarted`];
/// a conflict; the database fails.
pub async fn reopen(db: &Store, t: TournamentId, reason: &str, by: UserId) -> AppResult<()> {
    let reason = reason.trim().to_string();
    if reason.is_empty() {
        return Err(Refusal::ReasonRequired.into());
    }
    on_fresh_snapshot(db, t, |data| {
        let reason = reason.clone();
        async move {
            let (row, _) = super::groups_stage(&data)?;
            if row.status == StageStatus::Open {
                return Ok(());
            }
            if data.rounds.iter().any(|r| r.phase() == Phase::Knockout) {
                return Err(StageRefusal::KnockoutStarted.into());
            }
            Ok(store::stages::set_status(db, t, data.stamp, super::OPENING, None, Some(&reason), by).await?)
        }
    })
    .await
}
