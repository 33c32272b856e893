//! A tournament's stages (issue 19), one use case per step: the format ([`format`]), the groups'
//! draw with its preview ([`draw`]), a group round from the Berger tables ([`group_round`]), the
//! organiser's lot for a tie at a qualifying place ([`lot`]), withdrawals ([`withdraw`]),
//! closing and reopening a stage ([`close`]), qualification into the knockout ([`qualify`]).
//! Results go through `app::results` as for every match (a level group match stands).
//!
//! Each step decides on a snapshot and saves with the snapshot's stamp
//! (`Store::write_tournament_unchanged`): the state it was decided on (no round paired, the
//! groups not drawn, a stage open, the last round locked) still holds when the write commits.
//! The reads below are the bridge from the stored rows to the league's pure functions.

pub mod close;
pub mod draw;
pub mod format;
pub mod group_round;
pub mod lot;
pub mod qualify;
pub mod withdraw;

use super::snapshot::{Loaded, MatchState, lp, scoring};
use super::{Refusal, StageRefusal};
use crate::league::RoundRecord;
use crate::league::round_robin::berger::{self, Schedule};
use crate::league::round_robin::standings::{
    self as group_standings, DEFAULT_TIEBREAKS, GroupPlayer, GroupStandings, GroupStandingsInput,
};
use crate::league::stages::{GroupStage, Stage, Stages};
use crate::store::PlayerId;
use crate::store::rounds::{Phase, Round};
use crate::store::stages::{StageRow, StageStatus};

/// The position of the opening stage (the groups, when there are any).
pub const OPENING: i64 = 1;

/// The tournament's stages, as the league checks them.
///
/// # Errors
/// [`StageRefusal::Invalid`] if the stored sequence breaks a rule of the league.
pub fn stages_of(data: &Loaded) -> Result<Stages, Refusal> {
    Stages::new(data.stage_rows.stages.iter().map(|s| s.definition).collect())
        .map_err(|e| StageRefusal::Invalid(e).into())
}

/// The groups stage's row and definition.
///
/// # Errors
/// [`StageRefusal::NotGroups`].
pub fn groups_stage(data: &Loaded) -> Result<(&StageRow, GroupStage), Refusal> {
    match data.stage_rows.stages.first() {
        Some(row @ StageRow { definition: Stage::Groups(g), .. }) => Ok((row, *g)),
        _ => Err(StageRefusal::NotGroups.into()),
    }
}

/// The groups stage, open.
///
/// # Errors
/// [`StageRefusal::NotGroups`], [`StageRefusal::StageClosed`].
pub fn open_groups_stage(data: &Loaded) -> Result<GroupStage, Refusal> {
    let (row, g) = groups_stage(data)?;
    if row.status == StageStatus::Closed {
        return Err(StageRefusal::StageClosed.into());
    }
    Ok(g)
}

/// The drawn groups, each in Berger-number order (empty before the draw).
#[must_use]
pub fn drawn_groups(data: &Loaded) -> Vec<Vec<PlayerId>> {
    let mut groups: Vec<Vec<PlayerId>> = Vec::new();
    for m in data.stage_rows.members.iter().filter(|m| m.stage == OPENING) {
        let g = usize::try_from(m.group_no).unwrap_or(0);
        if groups.len() <= g {
            groups.resize(g + 1, Vec::new());
        }
        groups[g].push(m.player_id);
    }
    groups
}

/// Each group's Berger schedule.
#[must_use]
pub fn schedules(data: &Loaded, stage: &GroupStage) -> Vec<Schedule> {
    drawn_groups(data)
        .iter()
        .filter_map(|g| berger::schedule(u32::try_from(g.len()).unwrap_or(0), stage.double).ok())
        .collect()
}

/// The group rounds paired so far, in order.
pub fn group_rounds(data: &Loaded) -> impl Iterator<Item = &Round> {
    data.rounds.iter().filter(|r| r.phase() == Phase::Groups)
}

/// Whether group `g` has played every match of its schedule (every round paired, every match
/// decided).
#[must_use]
pub fn group_finished(data: &Loaded, stage: &GroupStage, g: usize) -> bool {
    let Some(schedule) = schedules(data, stage).into_iter().nth(g) else { return false };
    group_rounds(data).count() >= schedule.rounds.len()
        && data
            .matches
            .iter()
            .filter(|m| m.phase == Phase::Groups && m.group_no == i64::try_from(g).ok())
            .all(|m| matches!(data.state(m), MatchState::Bye | MatchState::Decided(_)))
}

/// The places whose boundary decides qualification (a tie across it goes to the lot).
#[must_use]
pub fn deciding_places(stage: &GroupStage) -> Vec<u32> {
    let q = stage.qualify;
    let mut places = vec![q.per_group];
    if q.best_next > 0 {
        places.push(q.per_group + 1);
    }
    places
}

/// Every group's standings now (league `round_robin::standings`: match points, the default
/// group tiebreaks, the organiser's lot where one is recorded), over the public group rounds'
/// decided matches.
///
/// # Errors
/// [`StageRefusal::NotGroups`].
pub fn standings(data: &Loaded) -> Result<Vec<GroupStandings>, Refusal> {
    Ok(group_inputs(data)?.iter().map(group_standings::compute).collect())
}

/// Every group's standings input (its players in Berger-number order, the decided matches and byes
/// of its public rounds that its own schedule has, the scoring, tiebreaks, withdrawal rule and lot), what [`standings`] computes
/// from and the group's TRF writes.
///
/// # Errors
/// [`StageRefusal::NotGroups`].
pub fn group_inputs(data: &Loaded) -> Result<Vec<GroupStandingsInput>, Refusal> {
    let (row, stage) = groups_stage(data)?;
    let schedules = schedules(data, &stage);
    let rounds: Vec<&Round> = data.public_rounds().filter(|r| r.phase() == Phase::Groups).collect();
    Ok(drawn_groups(data)
        .iter()
        .enumerate()
        .map(|(g, members)| {
            let group_no = i64::try_from(g).ok();
            let players = members
                .iter()
                .zip(1..)
                .map(|(&id, number)| {
                    let p = data.player(id);
                    GroupPlayer {
                        id: lp(id),
                        number,
                        knowledge_test: p.and_then(|p| p.knowledge_score).and_then(|k| u32::try_from(k).ok()),
                        withdrawn: p.is_some_and(|p| p.withdrawn),
                    }
                })
                .collect();
            // Only the group's own schedule: a smaller group's schedule ends before the larger
            // groups' last rounds, which are no rounds of its own (not absences).
            let own = schedules.get(g).map_or(0, |s| s.rounds.len());
            let records = rounds
                .iter()
                .take(own)
                .zip(1..)
                .map(|(r, number)| {
                    let mut record = RoundRecord { round: number, matches: Vec::new(), byes: Vec::new() };
                    for m in data.matches_of_round(r).filter(|m| m.group_no == group_no) {
                        match data.state(m) {
                            MatchState::Bye => record.byes.push(lp(m.player_a)),
                            MatchState::Decided(result) => record.matches.push(result),
                            _ => {}
                        }
                    }
                    record
                })
                .collect();
            let lot_seed = data
                .stage_rows
                .lots
                .iter()
                .find(|l| l.stage == OPENING && l.group_no == group_no.unwrap_or(-1))
                .map(|l| l.lot_seed as u64);
            GroupStandingsInput {
                players,
                rounds: records,
                scoring: scoring(&data.t),
                tiebreaks: tiebreaks(row),
                withdrawal: row.withdrawal,
                matches_per_player: schedules.get(g).map_or(0, Schedule::matches_per_player),
                deciding: deciding_places(&stage),
                lot_seed,
            }
        })
        .collect())
}

/// The groups' tiebreak order: the organiser's ([`format::set_group_tiebreaks`]), else the
/// league's default for a round robin.
#[must_use]
pub fn tiebreaks(row: &StageRow) -> Vec<crate::league::Tiebreak> {
    match &row.tiebreaks {
        Some(order) => order.to_vec(),
        None => DEFAULT_TIEBREAKS.to_vec(),
    }
}

/// The frozen ranking of a closed groups stage.
///
/// # Errors
/// [`StageRefusal::StageOpen`] while the stage is open.
pub fn frozen(data: &Loaded) -> Result<Vec<GroupStandings>, Refusal> {
    let (row, _) = groups_stage(data)?;
    match (&row.status, &row.ranking) {
        (StageStatus::Closed, Some(json)) => {
            serde_json::from_str(json).map_err(|_| StageRefusal::StageOpen.into())
        }
        _ => Err(StageRefusal::StageOpen.into()),
    }
}
