//! The organiser's lot for a tie at a qualifying place of a group (issue 19): drawn only for a
//! tie that match points and every tiebreak left, only where it decides a qualifying place, only
//! once the group has played everything; its seed is recorded, so the lot can be drawn again.

use super::super::snapshot::on_fresh_snapshot;
use super::super::{AppResult, StageRefusal};
use crate::store::{self, Store, TournamentId, UserId};

/// Record the lot (seed `lot_seed`) for group `group` (0 for A).
///
/// # Errors
/// [`StageRefusal::NotGroups`], [`StageRefusal::StageClosed`], [`StageRefusal::GroupUnfinished`],
/// [`StageRefusal::NoTieToDraw`]; a conflict; the database fails.
pub async fn draw(db: &Store, t: TournamentId, group: u32, lot_seed: u64, by: UserId) -> AppResult<()> {
    on_fresh_snapshot(db, t, |data| async move {
        let stage = super::open_groups_stage(&data)?;
        let g = group as usize;
        if !super::group_finished(&data, &stage, g) {
            return Err(StageRefusal::GroupUnfinished { group }.into());
        }
        let standings = super::standings(&data)?;
        if !standings.get(g).is_some_and(|s| s.needs_lot()) {
            return Err(StageRefusal::NoTieToDraw { group }.into());
        }
        let seed = i64::try_from(lot_seed & (i64::MAX as u64)).unwrap_or(0);
        Ok(store::stages::draw_lot(db, t, data.stamp, super::OPENING, i64::from(group), seed, by).await?)
    })
    .await
}
