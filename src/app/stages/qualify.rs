//! Qualification into the knockout from the frozen group ranking (league `qualification`: the top
//! N of each group and the best M of the next place, then crossover or group-mates apart), and
//! the knockout's start: its layout and every player's origin ("A1") stored with its first round,
//! so the bracket is rebuilt from them and the results (`Loaded::knockout_bracket`); later rounds
//! are paired by `knockout::pair_next_round` as after a Swiss.

use super::super::knockout::{ready_matches, seeds};
use super::super::snapshot::{Loaded, Seeding, check_last_round_locked, next_number, on_fresh_snapshot};
use super::super::{AppResult, Refusal, StageRefusal};
use crate::league::Slot;
use crate::league::qualification::{self, QualifiedBracket};
use crate::store::rounds::Phase;
use crate::store::{self, Store, StoreError, TournamentId, UserId};

/// The bracket the frozen ranking qualifies into (`lot_seed`: the lots of the best of the next
/// place and of the extra games).
///
/// # Errors
/// [`StageRefusal::NotGroups`], [`StageRefusal::StageOpen`], [`Refusal::NoKnockout`],
/// [`StageRefusal::Qualification`].
pub fn bracket(data: &Loaded, lot_seed: u64) -> Result<QualifiedBracket, Refusal> {
    let (_, stage) = super::groups_stage(data)?;
    let frozen = super::frozen(data)?;
    let stages = super::stages_of(data)?;
    let k = stages.knockout().ok_or(Refusal::NoKnockout)?;
    let q =
        qualification::from_groups(&frozen, stage.qualify, lot_seed).map_err(StageRefusal::Qualification)?;
    qualification::into_knockout(&q, k.from, k.third_place, lot_seed)
        .map_err(|e| StageRefusal::Qualification(e).into())
}

/// The bracket the groups qualify into as they stand (issue 34, the bracket page before the
/// knockout): [`bracket`] once the stage is closed, else the same from the groups' standings now
/// (a preview: a result still to come may change it). The flag says whether the stage is closed.
///
/// # Errors
/// As [`bracket`]; [`StageRefusal::Qualification`] while a lot at a qualifying place is due.
pub fn bracket_now(data: &Loaded, lot_seed: u64) -> Result<(QualifiedBracket, bool), Refusal> {
    if super::frozen(data).is_ok() {
        return bracket(data, lot_seed).map(|b| (b, true));
    }
    let (_, stage) = super::groups_stage(data)?;
    let now = super::standings(data)?;
    let stages = super::stages_of(data)?;
    let k = stages.knockout().ok_or(Refusal::NoKnockout)?;
    let q = qualification::from_groups(&now, stage.qualify, lot_seed).map_err(StageRefusal::Qualification)?;
    let b = qualification::into_knockout(&q, k.from, k.third_place, lot_seed)
        .map_err(StageRefusal::Qualification)?;
    Ok((b, false))
}

/// Start the knockout from the groups: its first round as a draft; the round's number.
///
/// # Errors
/// [`Refusal::LockFirst`], [`StageRefusal::KnockoutStarted`], as [`bracket`]; a conflict; the
/// database fails.
pub async fn start_knockout(db: &Store, t: TournamentId, lot_seed: u64, by: UserId) -> AppResult<i64> {
    on_fresh_snapshot(db, t, |data| async move {
        check_last_round_locked(&data)?;
        if data.rounds.iter().any(|r| r.phase() == Phase::Knockout) {
            return Err(StageRefusal::KnockoutStarted.into());
        }
        let qb = bracket(&data, lot_seed)?;
        let layout = qb
            .bracket
            .rounds
            .first()
            .into_iter()
            .flatten()
            .flat_map(|m| m.slots)
            .map(|s| match s {
                Slot::Player { id, seed } => Some((id.0, seed)),
                Slot::Bye | Slot::Pending => None,
            })
            .collect();
        let seeding = Seeding {
            ranked: seeds(&qb.bracket).iter().map(|p| p.0).collect(),
            third_place: qb.bracket.third_place.is_some(),
            lot_seed,
            layout: Some(layout),
            origins: qb.entries.iter().map(|e| (e.player.0, e.origin)).collect(),
        };
        let ready = ready_matches(&data, &qb.bracket)?;
        let explanation = serde_json::to_string(&seeding).map_err(StoreError::from)?;
        let number = next_number(&data);
        store::rounds::create(db, t, Some(data.stamp), number, Phase::Knockout, &explanation, &ready, by)
            .await?;
        Ok(number)
    })
    .await
}
