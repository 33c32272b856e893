//! The groups' draw: a preview the organiser sees (league `round_robin::seeding::draw_groups`:
//! snake, pots or lot, separation of one school where the seeding allows, and where it could
//! not), then the same draw fixed. The seed order is the organiser's list ([`set_seed_order`],
//! stored with the stage; the registration order until it is set), withdrawn players left out;
//! the lot's seed is recorded with the draw, so the preview and the fixed draw are the same for
//! the same seed.

use super::super::snapshot::{Loaded, lp, on_fresh_snapshot, sp};
use super::super::{AppResult, Refusal, StageRefusal};
use crate::league::round_robin::seeding::{Affiliation, GroupDraw, SeedEntry, draw_groups};
use crate::league::stages::Separation;
use crate::store::stages::NewDraw;
use crate::store::{self, PlayerId, Store, TournamentId, UserId};
use std::collections::BTreeMap;

/// The players to draw, in seed order (the organiser's list, [`seed_order`]), with the school
/// (club) or the region (as registered: a season names it, `league::season::region_named`) to
/// keep apart when the stage separates by school or by region; a player with none is kept apart
/// from nobody.
#[must_use]
pub fn seed_entries(data: &Loaded, separation: Separation) -> Vec<SeedEntry> {
    let mut schools: BTreeMap<String, i64> = BTreeMap::new();
    seed_order(data)
        .into_iter()
        .filter_map(|id| data.player(id))
        .filter(|p| !p.withdrawn)
        .map(|p| {
            let club = match separation {
                Separation::School => p.club.trim().to_lowercase(),
                Separation::Region => crate::league::persons::fold(&p.region),
                Separation::None => String::new(),
            };
            let affiliation = (!club.is_empty()).then(|| {
                let next = i64::try_from(schools.len()).unwrap_or(i64::MAX);
                Affiliation(*schools.entry(club).or_insert(next))
            });
            SeedEntry { player: lp(p.id), affiliation }
        })
        .collect()
}

/// Every player in seed order: the organiser's stored list first (players since withdrawn or
/// erased from it skipped), then everyone it does not name, in registration order.
#[must_use]
pub fn seed_order(data: &Loaded) -> Vec<PlayerId> {
    let listed: Vec<PlayerId> = data
        .stage_rows
        .stages
        .iter()
        .find(|s| s.position == super::OPENING)
        .and_then(|s| s.seed_order.as_deref())
        .and_then(|json| serde_json::from_str::<Vec<i64>>(json).ok())
        .unwrap_or_default()
        .into_iter()
        .map(PlayerId)
        .filter(|&id| data.player(id).is_some())
        .collect();
    let mut order = Vec::with_capacity(data.players.len());
    for id in listed.into_iter().chain(data.players.iter().map(|p| p.id)) {
        if !order.contains(&id) {
            order.push(id);
        }
    }
    order
}

/// Set the organiser's seed list (best first; players it leaves out follow in registration
/// order; empty: back to the registration order), while the groups are not drawn.
///
/// # Errors
/// [`StageRefusal::NotGroups`], [`StageRefusal::StageClosed`], [`StageRefusal::AlreadyDrawn`],
/// [`StoreError::NotFound`] for a player of another tournament; a conflict; the database fails.
pub async fn set_seed_order(db: &Store, t: TournamentId, order: Vec<PlayerId>, by: UserId) -> AppResult<()> {
    on_fresh_snapshot(db, t, |data| {
        let order = order.clone();
        async move { write_seed_order(db, &data, &order, by).await }
    })
    .await
}

/// [`set_seed_order`] decided on `data` (a seed list computed from the same snapshot, as
/// `app::season::seeding` computes the placings'): written only if the tournament did not change
/// since (`StoreError::Conflict` otherwise: decide again).
///
/// # Errors
/// As [`set_seed_order`].
pub async fn write_seed_order(db: &Store, data: &Loaded, order: &[PlayerId], by: UserId) -> AppResult<()> {
    super::open_groups_stage(data)?;
    if data.stage_rows.draws.iter().any(|d| d.stage == super::OPENING) {
        return Err(StageRefusal::AlreadyDrawn.into());
    }
    if order.iter().any(|&id| data.player(id).is_none()) {
        return Err(store::StoreError::NotFound.into());
    }
    let list = (!order.is_empty()).then_some(order);
    Ok(store::stages::set_seed_order(db, data.t.id, data.stamp, super::OPENING, list, by).await?)
}

/// The draw as it would be fixed with `lot_seed` (nothing is stored).
///
/// # Errors
/// [`StageRefusal::NotGroups`], [`StageRefusal::StageClosed`], [`StageRefusal::AlreadyDrawn`],
/// [`StageRefusal::Invalid`] (group sizes), [`StageRefusal::Draw`].
pub fn preview(data: &Loaded, lot_seed: u64) -> Result<GroupDraw, Refusal> {
    let stage = super::open_groups_stage(data)?;
    if data.stage_rows.draws.iter().any(|d| d.stage == super::OPENING) {
        return Err(StageRefusal::AlreadyDrawn.into());
    }
    let entries = seed_entries(data, stage.separation);
    stage.sizes(u32::try_from(entries.len()).unwrap_or(u32::MAX)).map_err(StageRefusal::Invalid)?;
    draw_groups(&entries, stage.count, stage.seeding, stage.separation != Separation::None, lot_seed)
        .map_err(|e| StageRefusal::Draw(e).into())
}

/// Fix the draw `lot_seed` gives (the preview's), with its seeding and seed recorded.
///
/// # Errors
/// As [`preview`]; a conflict if the tournament kept changing; the database fails.
pub async fn fix(db: &Store, t: TournamentId, lot_seed: u64, by: UserId) -> AppResult<GroupDraw> {
    on_fresh_snapshot(db, t, |data| async move {
        let draw = preview(&data, lot_seed)?;
        let stage = super::open_groups_stage(&data)?;
        let new = NewDraw {
            seeding: stage.seeding,
            lot_seed: draw.lot_seed.map(|s| s as i64),
            clashes: serde_json::to_string(&draw.clashes).map_err(store::StoreError::from)?,
            groups: draw.groups.iter().map(|g| g.iter().map(|&p| sp(p)).collect()).collect(),
        };
        store::stages::fix_draw(db, t, data.stamp, super::OPENING, &new, by).await?;
        Ok(draw)
    })
    .await
}
