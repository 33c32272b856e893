//! Standings: one function for every page and export. Players are ordered by match points, then
//! by the configured tiebreaks, then by a stable final key (seed, then id), so the order is total.
//!
//! Every player's scorecard is built once ([`Scorecards`]); each tiebreak is one function per
//! FIDE C.07 article over the scorecards ([`super::c07`]), the league's own ones (games won,
//! Red-side points, knowledge test) read the same cards.

use super::c07;
use super::ids::{HalfPoints, PlayerId};
use super::rounds::RoundRecord;
use super::scorecard::{Participation, Scorecards};
use super::scoring::Scoring;
use super::tiebreak::{Tiebreak, TiebreakValue};
use serde::{Deserialize, Serialize};
use std::cmp::Reverse;
use std::collections::BTreeMap;

/// A player as the standings see them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct StandingPlayer {
    pub id: PlayerId,
    /// Seed / registration order (1 first): the final key of the total order.
    pub seed: u32,
    pub knowledge_test: Option<u32>,
    /// First round the player could be paired in (a late entry's earlier rounds are not played).
    #[serde(default = "first_round")]
    pub joined_round: u32,
    /// Withdrawn: the rounds after the last one the player was paired in were not played.
    #[serde(default)]
    pub withdrawn: bool,
}

fn first_round() -> u32 {
    1
}

impl StandingPlayer {
    /// A player registered before round 1 and still in the tournament.
    #[must_use]
    pub fn new(id: PlayerId, seed: u32) -> StandingPlayer {
        StandingPlayer { id, seed, knowledge_test: None, joined_round: 1, withdrawn: false }
    }
}

/// What the standings depend on.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StandingsInput {
    pub players: Vec<StandingPlayer>,
    pub rounds: Vec<RoundRecord>,
    pub scoring: Scoring,
    /// In order of application; [`Tiebreak::DEFAULT_ORDER`] by default.
    pub tiebreaks: Vec<Tiebreak>,
}

/// One line of the standings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StandingRow {
    /// 1-based and distinct: the order is total.
    pub rank: u32,
    pub player: PlayerId,
    pub match_points: HalfPoints,
    /// One value per configured tiebreak, in the configured order.
    pub tiebreaks: Vec<TiebreakValue>,
    pub seed: u32,
    /// Red-side points (the scorecard's, flag rule applied), whether or not a tiebreak.
    pub red_side_points: u32,
}

/// The scorecards of the standings' players.
#[must_use]
pub fn scorecards(input: &StandingsInput) -> Scorecards {
    let participation: Vec<Participation> = input
        .players
        .iter()
        .map(|p| Participation { player: p.id, joined_round: p.joined_round, withdrawn: p.withdrawn })
        .collect();
    Scorecards::build(&participation, &input.rounds, &input.scoring)
}

/// Compute the standings.
#[must_use]
pub fn compute(input: &StandingsInput) -> Vec<StandingRow> {
    compute_on(input, &scorecards(input))
}

/// Compute a round-robin group's standings: as [`compute`], the tiebreaks counting only the games
/// of the group's schedule (`c07::contributions` says how a round robin differs).
#[must_use]
pub fn compute_round_robin(input: &StandingsInput) -> Vec<StandingRow> {
    compute_on(input, &scorecards(input).round_robin())
}

fn compute_on(input: &StandingsInput, cards: &Scorecards) -> Vec<StandingRow> {
    let value_of = |p: &StandingPlayer, t: Tiebreak| -> i64 {
        let Some(card) = cards.get(p.id) else { return 0 };
        match t {
            Tiebreak::Buchholz => c07::buchholz(card, cards).0,
            Tiebreak::BuchholzCut1 => c07::buchholz_cut1(card, cards).0,
            Tiebreak::SonnebornBerger => c07::sonneborn_berger(card, cards),
            Tiebreak::GamesWon => i64::from(card.games_won()),
            Tiebreak::RedSidePoints => i64::from(card.red_side_points()),
            Tiebreak::KnowledgeTest => i64::from(p.knowledge_test.unwrap_or(0)),
            // Depends on who is still tied: filled in below.
            Tiebreak::DirectEncounter => 0,
        }
    };

    struct Row {
        player: StandingPlayer,
        score: HalfPoints,
        values: Vec<i64>,
    }
    let mut rows: Vec<Row> = input
        .players
        .iter()
        .map(|p| Row {
            player: *p,
            score: cards.get(p.id).map(|c| c.score).unwrap_or_default(),
            values: input.tiebreaks.iter().map(|&t| value_of(p, t)).collect(),
        })
        .collect();

    // Direct encounter among the players level on match points and on every tiebreak before it
    // (C.07 Art. 6). Its value is the number of those players it ranks below this one, so a
    // larger value is better, like every other tiebreak.
    for (k, &t) in input.tiebreaks.iter().enumerate() {
        if t != Tiebreak::DirectEncounter {
            continue;
        }
        let mut groups: BTreeMap<(HalfPoints, Vec<i64>), Vec<usize>> = BTreeMap::new();
        for (i, r) in rows.iter().enumerate() {
            groups.entry((r.score, r.values[..k].to_vec())).or_default().push(i);
        }
        for members in groups.values().filter(|g| g.len() > 1) {
            let ids: Vec<PlayerId> = members.iter().map(|&i| rows[i].player.id).collect();
            let classes = c07::direct_encounter(&ids, cards);
            let mut below = ids.len();
            for class in classes {
                below -= class.len();
                for id in class {
                    if let Some(&i) = members.iter().find(|&&i| rows[i].player.id == id) {
                        rows[i].values[k] = below as i64;
                    }
                }
            }
        }
    }

    let key = |r: &Row| {
        (
            Reverse(r.score),
            r.values.iter().map(|&v| Reverse(v)).collect::<Vec<_>>(),
            r.player.seed,
            r.player.id,
        )
    };
    rows.sort_by_cached_key(key);
    rows.into_iter()
        .enumerate()
        .map(|(i, r)| StandingRow {
            rank: u32::try_from(i + 1).unwrap_or(u32::MAX),
            player: r.player.id,
            match_points: r.score,
            tiebreaks: input
                .tiebreaks
                .iter()
                .zip(r.values.iter())
                .map(|(&tiebreak, &value)| TiebreakValue { tiebreak, value })
                .collect(),
            seed: r.player.seed,
            red_side_points: cards.get(r.player.id).map_or(0, |c| c.red_side_points()),
        })
        .collect()
}
