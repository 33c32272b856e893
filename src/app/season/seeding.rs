//! The final's group seeding from the qualifying events' placings (issue 20): each entry of the
//! event that came by an accepted qualifier's invitation takes its place in the stored final
//! ranking of the event it qualified from (and that event's level and ranked field); the league
//! orders them (`league::season::seed_by_placings`: higher level, better place, larger field,
//! registration), wildcards and entries made by hand after; the list is written as the
//! organiser's seed list (`app::stages::draw::set_seed_order`), which the groups' draw takes.

use super::super::snapshot::{Loaded, on_fresh_snapshot};
use super::super::stages::draw;
use super::super::{AppResult, Refusal};
use crate::league::season::{FromEvent, Placing, seed_by_placings};
use crate::store::seasons::flow::{self, InvitationKind, InvitationState};
use crate::store::{self, PlayerId, Store, TournamentId, UserId};

/// The seed list the qualifying placings give the event's entries (withdrawn players left out),
/// best first.
///
/// # Errors
/// [`Refusal::NotAnEvent`]; the database fails.
pub async fn by_placings(db: &Store, t: TournamentId) -> AppResult<Vec<PlayerId>> {
    placings_of(db, &Loaded::load_id(db, t).await?).await
}

/// [`by_placings`] for the entries of `data`, the invitations read after it (an acceptance since
/// moved the tournament's stamp: a write decided on `data` is refused then).
async fn placings_of(db: &Store, data: &Loaded) -> AppResult<Vec<PlayerId>> {
    let t = data.t.id;
    let event = store::seasons::event_of(db, t).await?.ok_or(Refusal::NotAnEvent)?;
    let s = super::season(db, event.season_id).await?;
    let invitations = flow::to(db, t).await?;
    let mut rankings = std::collections::HashMap::new();
    let mut entries = Vec::new();
    for p in data.players.iter().filter(|p| !p.withdrawn) {
        let came = invitations.iter().find(|i| {
            i.state == InvitationState::Accepted
                && i.kind == InvitationKind::Qualifier
                && i.player_id == Some(p.id)
        });
        let mut from = None;
        if let Some(i) = came
            && let (Some(source), Some(source_player)) = (i.source_id, i.source_player_id)
            && let Some(source_event) = store::seasons::event_of(db, source).await?
            && let Some(level) = s.level_index(source_event.level_id)
        {
            if let std::collections::hash_map::Entry::Vacant(e) = rankings.entry(source) {
                e.insert(flow::ranking(db, source).await?);
            }
            let ranking = &rankings[&source];
            if let Some(row) = ranking.iter().find(|r| r.player_id == source_player) {
                from = Some(FromEvent {
                    level,
                    place: u32::try_from(row.place).unwrap_or(u32::MAX),
                    field: u32::try_from(ranking.len()).unwrap_or(u32::MAX),
                });
            }
        }
        entries.push(Placing { entry: p.id, from });
    }
    Ok(seed_by_placings(&entries))
}

/// Write [`by_placings`] as the event's seed list (before the groups' draw).
///
/// # Errors
/// As [`by_placings`] and [`draw::set_seed_order`] (not a groups tournament, drawn already, the
/// stage closed); a conflict; the database fails.
pub async fn seed_from_placings(db: &Store, t: TournamentId, by: UserId) -> AppResult<Vec<PlayerId>> {
    on_fresh_snapshot(db, t, |data| async move {
        let order = placings_of(db, &data).await?;
        draw::write_seed_order(db, &data, &order, by).await?;
        Ok(order)
    })
    .await
}
