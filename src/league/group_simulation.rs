//! A groups tournament with random results (for `bitwa simulate --groups`, the tests and the
//! benchmark): the draw into groups, every group's Berger schedule played with results drawn
//! as in [`super::simulation`], the group standings, then the qualification and the knockout.
//! Seeded: the same configuration gives the same tournament on every machine. Where a tie at a
//! qualifying place needs the organiser's lot, the simulation draws it with its own seed.

use super::ids::{DrawRule, PlayerId};
use super::knockout::KnockoutError;
use super::qualification::{self, Qualification, QualificationError, QualifiedBracket};
use super::round_robin::berger::{self, BergerError, BergerPairing};
use super::round_robin::seeding::{GroupDraw, SeedEntry, SeedingError, draw_groups};
use super::round_robin::standings::{
    DEFAULT_TIEBREAKS, GroupPlayer, GroupStandings, GroupStandingsInput, WithdrawalRule, compute,
};
use super::rounds::RoundRecord;
use super::scoring::Scoring;
use super::simulation::{Sim, SimulationError, play_bracket};
use super::stages::{
    GroupLabel, GroupQualify, GroupStage, KnockoutEntry, KnockoutStage, Seeding, Separation, Stage, Stages,
    StagesError,
};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GroupSimulationConfig {
    pub players: u32,
    pub groups: u32,
    pub double: bool,
    pub seeding: Seeding,
    pub qualify: GroupQualify,
    /// The knockout's size (it must be what the groups qualify).
    pub knockout: Option<u32>,
    pub seed: u64,
}

/// One played round of one group.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GroupRound {
    pub pairings: Vec<BergerPairing>,
    pub record: RoundRecord,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SimulatedGroup {
    pub label: GroupLabel,
    /// `players[n - 1]` has number `n` in the group's Berger table.
    pub players: Vec<PlayerId>,
    pub rounds: Vec<GroupRound>,
    pub standings: GroupStandings,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GroupSimulation {
    pub stages: Stages,
    pub draw: GroupDraw,
    pub groups: Vec<SimulatedGroup>,
    pub qualification: Option<Qualification>,
    pub knockout: Option<QualifiedBracket>,
}

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum GroupSimulationError {
    #[error(transparent)]
    Stages(#[from] StagesError),
    #[error(transparent)]
    Seeding(#[from] SeedingError),
    #[error(transparent)]
    Berger(#[from] BergerError),
    #[error(transparent)]
    Qualification(#[from] QualificationError),
    #[error(transparent)]
    Knockout(#[from] KnockoutError),
    #[error(transparent)]
    Match(#[from] SimulationError),
}

/// The stage sequence a configuration describes: crossover when the groups pair up (top 2 of
/// 2, 4, 8 ... groups), group-mates apart otherwise.
///
/// # Errors
/// A sequence [`Stages::new`] refuses.
pub fn stages_of(cfg: &GroupSimulationConfig) -> Result<Stages, StagesError> {
    let groups = GroupStage {
        count: cfg.groups,
        double: cfg.double,
        seeding: cfg.seeding,
        separation: Separation::None,
        qualify: cfg.qualify,
    };
    let mut stages = vec![Stage::Groups(groups)];
    if let Some(size) = cfg.knockout {
        let pairs = cfg.qualify.per_group == 2
            && cfg.qualify.best_next == 0
            && cfg.groups >= 2
            && cfg.groups.is_power_of_two();
        let from = if pairs { KnockoutEntry::Crossover } else { KnockoutEntry::GroupMatesApart };
        stages.push(Stage::Knockout(KnockoutStage { size, third_place: true, from }));
    }
    Stages::new(stages)
}

/// Draw, schedule and play the groups, then qualify and play the knockout.
///
/// # Errors
/// A configuration the stages refuse (sizes, qualification), or a bracket that cannot be built.
pub fn simulate_groups(cfg: &GroupSimulationConfig) -> Result<GroupSimulation, GroupSimulationError> {
    let stages = stages_of(cfg)?;
    let Stage::Groups(stage) = *stages.opening() else { return Err(StagesError::NoGroups.into()) };
    stage.sizes(cfg.players)?;
    let mut sim = Sim::new(cfg.seed, cfg.players);
    let entries: Vec<SeedEntry> =
        (1..=cfg.players).map(|i| SeedEntry { player: PlayerId(i64::from(i)), affiliation: None }).collect();
    let draw = draw_groups(&entries, cfg.groups, cfg.seeding, false, cfg.seed)?;
    let per_group = cfg.qualify.per_group;
    let deciding: Vec<u32> =
        std::iter::once(per_group).chain((cfg.qualify.best_next > 0).then_some(per_group + 1)).collect();
    let mut groups = Vec::with_capacity(draw.groups.len());
    for (g, players) in draw.groups.iter().enumerate() {
        let schedule = berger::schedule(players.len() as u32, cfg.double)?;
        let by_number = |n: u32| players[n as usize - 1];
        let mut rounds = Vec::with_capacity(schedule.rounds.len());
        for (r, pairings) in schedule.rounds.iter().enumerate() {
            let mut record = RoundRecord { round: r as u32 + 1, matches: Vec::new(), byes: Vec::new() };
            for p in pairings {
                match *p {
                    BergerPairing::Match { red_first, other, .. } => {
                        let (a, b) = (by_number(red_first), by_number(other));
                        // A group match never needs an extra game.
                        let mut no_lot = || Ok(a);
                        record.matches.push(sim.match_result(a, b, DrawRule::Stands, 20_000, &mut no_lot)?);
                    }
                    BergerPairing::Bye { number } => record.byes.push(by_number(number)),
                }
            }
            rounds.push(GroupRound { pairings: pairings.clone(), record });
        }
        let input = GroupStandingsInput {
            players: players
                .iter()
                .enumerate()
                .map(|(i, &id)| GroupPlayer {
                    id,
                    number: i as u32 + 1,
                    knowledge_test: None,
                    withdrawn: false,
                })
                .collect(),
            rounds: rounds.iter().map(|r| r.record.clone()).collect(),
            scoring: Scoring::default(),
            tiebreaks: DEFAULT_TIEBREAKS.to_vec(),
            withdrawal: WithdrawalRule::ResultsStand,
            matches_per_player: schedule.matches_per_player(),
            deciding: deciding.clone(),
            lot_seed: Some(cfg.seed),
        };
        groups.push(SimulatedGroup {
            label: GroupLabel(g as u32),
            players: players.clone(),
            rounds,
            standings: compute(&input),
        });
    }
    let (qualification, knockout) = match stages.knockout() {
        Some(k) => {
            let standings: Vec<GroupStandings> = groups.iter().map(|g| g.standings.clone()).collect();
            let q = qualification::from_groups(&standings, cfg.qualify, cfg.seed)?;
            let mut bracket = qualification::into_knockout(&q, k.from, k.third_place, cfg.seed)?;
            play_bracket(&mut sim, &mut bracket.bracket)?;
            (Some(q), Some(bracket))
        }
        None => (None, None),
    };
    Ok(GroupSimulation { stages, draw, groups, qualification, knockout })
}
