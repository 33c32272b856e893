//! The tournament's format, chosen before anything is played: a preset ("Swiss + knockout",
//! "groups + knockout", "Swiss only", "groups only") or stage by stage, checked whole by the league
//! (`Stages::new`).

use super::super::snapshot::{Loaded, on_fresh_snapshot};
use super::super::{AppResult, Refusal, StageRefusal};
use crate::league::round_robin::standings::WithdrawalRule;
use crate::league::stages::{
    GroupQualify, GroupStage, KnockoutEntry, KnockoutStage, Seeding, Separation, Stage, Stages,
};
use crate::store::tournaments::Tournament;
use crate::store::{self, Store, TournamentId, UserId};

/// The formats the organiser picks from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Preset {
    SwissKnockout,
    GroupsKnockout,
    SwissOnly,
    GroupsOnly,
}

/// What a groups preset needs besides the tournament's configuration.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GroupsChoice {
    pub count: u32,
    pub double: bool,
    pub seeding: Seeding,
    pub separation: Separation,
    pub qualify: GroupQualify,
    /// The knockout after the groups (ignored by "groups only").
    pub entry: KnockoutEntry,
}

impl GroupsChoice {
    /// The national final's groups (PRODUCT "Stages"): 4 groups by snake with schools kept apart,
    /// the top 2 of each by crossover into the knockout. The organiser changes them before the draw.
    pub const FINAL: GroupsChoice = GroupsChoice {
        count: 4,
        double: false,
        seeding: Seeding::Snake,
        separation: Separation::School,
        qualify: GroupQualify { per_group: 2, best_next: 0 },
        entry: KnockoutEntry::Crossover,
    };
}

/// The stages of a preset: a Swiss takes its rounds and knockout from the configuration, groups
/// from `groups`; a knockout after groups is as large as the groups qualify.
#[must_use]
pub fn preset(p: Preset, t: &Tournament, groups: GroupsChoice) -> Vec<Stage> {
    let swiss = Stage::Swiss { rounds: u32::try_from(t.swiss_rounds).unwrap_or(0) };
    let g = GroupStage {
        count: groups.count,
        double: groups.double,
        seeding: groups.seeding,
        separation: groups.separation,
        qualify: groups.qualify,
    };
    let knockout =
        |size: u32, from| Stage::Knockout(KnockoutStage { size, third_place: t.third_place, from });
    match p {
        Preset::SwissKnockout => {
            vec![swiss, knockout(u32::try_from(t.knockout_size).unwrap_or(0), KnockoutEntry::SwissStandings)]
        }
        Preset::SwissOnly => vec![swiss],
        Preset::GroupsKnockout => {
            let size = g.count * g.qualify.per_group + g.qualify.best_next;
            vec![Stage::Groups(g), knockout(size, groups.entry)]
        }
        Preset::GroupsOnly => vec![Stage::Groups(g)],
    }
}

/// Whether the format may still change: no round paired, no group drawn.
///
/// # Errors
/// [`StageRefusal::FormatFixed`].
pub fn check_open(data: &Loaded) -> Result<(), Refusal> {
    if !data.rounds.is_empty() || !data.stage_rows.draws.is_empty() {
        return Err(StageRefusal::FormatFixed.into());
    }
    Ok(())
}

/// Choose the tournament's stages (checked whole by the league), before any round or draw.
///
/// # Errors
/// [`StageRefusal::Invalid`], [`StageRefusal::FormatFixed`]; a conflict if the tournament kept
/// changing; the database fails.
pub async fn choose(db: &Store, t: TournamentId, stages: Vec<Stage>, by: UserId) -> AppResult<Stages> {
    let checked = Stages::new(stages).map_err(StageRefusal::Invalid)?;
    on_fresh_snapshot(db, t, |data| {
        let checked = checked.clone();
        async move {
            check_open(&data)?;
            let before: Vec<Stage> = data.stage_rows.stages.iter().map(|s| s.definition).collect();
            store::stages::choose(db, t, data.stamp, &before, checked.stages(), by).await?;
            Ok(checked)
        }
    })
    .await
}

/// Set what happens to a withdrawn player's group results (while the stage is open).
///
/// # Errors
/// [`StageRefusal::NotGroups`], [`StageRefusal::StageClosed`]; a conflict; the database fails.
pub async fn set_withdrawal_rule(
    db: &Store,
    t: TournamentId,
    rule: WithdrawalRule,
    by: UserId,
) -> AppResult<()> {
    on_fresh_snapshot(db, t, |data| async move {
        super::open_groups_stage(&data)?;
        Ok(store::stages::set_withdrawal(db, t, data.stamp, super::OPENING, rule, by).await?)
    })
    .await
}

/// Set the groups' tiebreak order (applied in turn after match points; the organiser's lot last
/// where a tie decides a qualifying place), before the first group round.
///
/// # Errors
/// [`StageRefusal::NotGroups`], [`StageRefusal::StageClosed`], [`StageRefusal::TiebreaksFixed`];
/// a conflict; the database fails.
pub async fn set_group_tiebreaks(
    db: &Store,
    t: TournamentId,
    order: crate::league::TiebreakOrder,
    by: UserId,
) -> AppResult<()> {
    on_fresh_snapshot(db, t, |data| {
        let order = order.clone();
        async move {
            super::open_groups_stage(&data)?;
            if super::group_rounds(&data).next().is_some() {
                return Err(StageRefusal::TiebreaksFixed.into());
            }
            Ok(store::stages::set_tiebreaks(db, t, data.stamp, super::OPENING, &order, by).await?)
        }
    })
    .await
}
