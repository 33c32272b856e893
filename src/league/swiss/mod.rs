//! Swiss pairing as a maximum-weight matching (PRODUCT "Swiss pairing"; the approach of the
//! FIDE-endorsed bbpPairings): the graph holds every allowed pair (never a rematch, the bye only
//! for players who have not had one), each edge weighted by the criteria of [`weights`] packed
//! lexicographically; the matching of maximum weight is the pairing. Deterministic: the same
//! input gives the same pairing.

mod explain;
mod field;
mod solve;
mod weights;

pub use explain::{
    ByeNote, ByeReason, Explanation, FloatDirection, FloatReason, Floater, NotPaired, NotPairedReason,
    ScoreGroup,
};

use super::ids::PlayerId;
use super::matching::{EdmondsBlossom, MatchingSolver, WeightedEdge};
use super::rounds::RoundRecord;
use super::scoring::Scoring;
use field::Field;
use serde::{Deserialize, Serialize};
use weights::Packer;

/// Whether a player takes part in the next round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PlayerStatus {
    Active,
    /// Withdrawn players are not paired (their past results stay).
    Withdrawn,
}

/// A registered player as the pairing sees them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct PairingPlayer {
    pub id: PlayerId,
    pub status: PlayerStatus,
    /// First round the player is paired in (1 for everyone registered before the start; a late
    /// entry joins with 0 points).
    pub joined_round: u32,
    /// Current rank order (standings position, or the seed before round 1): 1 is the best.
    /// Orders players inside a score group.
    pub rank: u32,
}

/// How long an organiser's forbidden pair holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "kind", content = "round")]
pub enum ForbiddenUntil {
    Always,
    /// Forbidden in rounds 1 to N inclusive.
    Round(u32),
}

/// Two players the organiser would rather not pair (same school or club): respected where a
/// pairing without it exists, never at the price of a rematch.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ForbiddenPair {
    pub a: PlayerId,
    pub b: PlayerId,
    pub until: ForbiddenUntil,
}

impl ForbiddenPair {
    #[must_use]
    pub fn applies_in(&self, round: u32) -> bool {
        match self.until {
            ForbiddenUntil::Always => true,
            ForbiddenUntil::Round(n) => round <= n,
        }
    }
}

/// Everything the pairing of one round depends on.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PairingInput {
    /// The round to pair (1-based).
    pub round: u32,
    pub players: Vec<PairingPlayer>,
    /// The finished rounds.
    pub history: Vec<RoundRecord>,
    pub forbidden: Vec<ForbiddenPair>,
    pub scoring: Scoring,
}

/// One line of a round's pairing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "kind")]
pub enum Pairing {
    /// `red_first` commands Red in game 1, `other` in game 2.
    Match {
        table: u32,
        red_first: PlayerId,
        other: PlayerId,
    },
    Bye {
        player: PlayerId,
    },
}

/// A round's pairing and why.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RoundPairing {
    pub round: u32,
    /// Matches by table (table 1 first), then the bye.
    pub pairings: Vec<Pairing>,
    pub explanation: Explanation,
}

/// Why no pairing was made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
pub enum PairingError {
    #[error("player {0} is listed twice")]
    DuplicatePlayer(PlayerId),
    #[error(
        "no pairing without a rematch exists for round {round}: players {} cannot all be paired (or given the bye) with someone they have not met",
        list(.unpaired)
    )]
    NoPairingWithoutRematch { round: u32, unpaired: Vec<PlayerId> },
    #[error("{players} players are too many for the pairing weights to fit")]
    TooLarge { players: usize },
}

fn list(ids: &[PlayerId]) -> String {
    ids.iter().map(ToString::to_string).collect::<Vec<_>>().join(", ")
}

/// Pair one Swiss round with the default solver.
///
/// # Errors
/// [`PairingError::NoPairingWithoutRematch`] when every pairing would repeat a match (or give a
/// second bye): the organiser must decide; there is never a silent rematch.
pub fn pair_round(input: &PairingInput) -> Result<RoundPairing, PairingError> {
    pair_round_with(input, &EdmondsBlossom)
}

/// Pair one Swiss round with a chosen matching solver.
///
/// # Errors
/// As [`pair_round`].
pub fn pair_round_with(
    input: &PairingInput,
    solver: &dyn MatchingSolver,
) -> Result<RoundPairing, PairingError> {
    pair(input, solver, Strategy::Auto)
}

/// Pair on the whole graph of allowed pairs, never the sparse graph with its certificate: the
/// reference the tests compare [`pair_round`] against for large fields.
///
/// # Errors
/// As [`pair_round`].
pub fn pair_round_on_full_graph(input: &PairingInput) -> Result<RoundPairing, PairingError> {
    pair(input, &EdmondsBlossom, Strategy::FullGraph)
}

fn pair(
    input: &PairingInput,
    solver: &dyn MatchingSolver,
    strategy: Strategy,
) -> Result<RoundPairing, PairingError> {
    let field = Field::new(input)?;
    let weigher = Weigher::new(&field)?;
    let mates = solve::solve(&weigher, solver, strategy);
    let n = field.len();
    let unpaired: Vec<PlayerId> =
        (0..n).filter(|&i| mates.get(i).copied().flatten().is_none()).map(|i| field.entrants[i].id).collect();
    if !unpaired.is_empty() || (weigher.has_bye() && mates.get(n).copied().flatten().is_none()) {
        return Err(PairingError::NoPairingWithoutRematch { round: input.round, unpaired });
    }
    let mut pairs = Vec::new();
    let mut bye = None;
    for (i, m) in mates.iter().enumerate().take(n) {
        match *m {
            Some(j) if j == n => bye = Some(i),
            Some(j) if i < j => pairs.push((i, j)),
            _ => {}
        }
    }
    // Table 1 for the highest scores, then by the better player's position.
    pairs.sort_by_key(|&(i, j)| i.min(j));
    let mut pairings = Vec::with_capacity(pairs.len() + 1);
    for (t, &(i, j)) in pairs.iter().enumerate() {
        let table = u32::try_from(t + 1).unwrap_or(u32::MAX);
        let (red, other) = field.red_first(i, j, table);
        pairings.push(Pairing::Match {
            table,
            red_first: field.entrants[red].id,
            other: field.entrants[other].id,
        });
    }
    if let Some(b) = bye {
        pairings.push(Pairing::Bye { player: field.entrants[b].id });
    }
    let explanation = explain::explain(input, &field, &pairs, bye);
    Ok(RoundPairing { round: input.round, pairings, explanation })
}

/// The total packed weight of a given pairing under this input's criteria, or `None` if it is
/// not an allowed pairing (a rematch, a second bye, a player left out or paired twice). The
/// pairing made by [`pair_round`] has the largest weight of all allowed pairings; tests check
/// that against brute force.
#[must_use]
pub fn pairing_weight(input: &PairingInput, pairings: &[Pairing]) -> Option<i128> {
    PairingScorer::new(input).ok()?.weight(pairings)
}

/// [`pairing_weight`] for many candidate pairings of one input (the field is built once).
pub struct PairingScorer {
    field: Field,
}

impl PairingScorer {
    /// # Errors
    /// As [`pair_round`] for inputs that cannot be weighed.
    pub fn new(input: &PairingInput) -> Result<PairingScorer, PairingError> {
        Ok(PairingScorer { field: Field::new(input)? })
    }

    /// The pairing's total weight, or `None` if it is not allowed.
    #[must_use]
    pub fn weight(&self, pairings: &[Pairing]) -> Option<i128> {
        let field = &self.field;
        let weigher = Weigher::new(field).ok()?;
        let mut seen = vec![false; field.len()];
        let mut total = 0i128;
        let mut take = |id: PlayerId| -> Option<usize> {
            let i = field.index_of(id)?;
            if std::mem::replace(&mut seen[i], true) { None } else { Some(i) }
        };
        for p in pairings {
            let (i, j) = match *p {
                Pairing::Match { red_first, other, .. } => (take(red_first)?, take(other)?),
                Pairing::Bye { player } => (take(player)?, field.len()),
            };
            total += weigher.weight(i.min(j), i.max(j))?;
        }
        seen.iter().all(|&s| s).then_some(total)
    }
}

/// Which graph the matching is solved on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Strategy {
    /// The whole graph for small fields; for large ones a sparse graph grown until the solver's
    /// dual certificate proves the matching optimal for the whole graph.
    Auto,
    FullGraph,
}

/// The allowed edges and their packed weights. Vertices `0..n` are the entrants in field order,
/// vertex `n` the bye (odd fields only).
pub(crate) struct Weigher<'a> {
    pub field: &'a Field,
    packer: Packer,
}

impl<'a> Weigher<'a> {
    fn new(field: &'a Field) -> Result<Weigher<'a>, PairingError> {
        let n = field.len();
        let vertex_count = n + n % 2;
        let pairs = u64::try_from(vertex_count / 2).unwrap_or(u64::MAX);
        let packer = Packer::new(pairs, &field.max_costs()).ok_or(PairingError::TooLarge { players: n })?;
        Ok(Weigher { field, packer })
    }

    pub(crate) fn players(&self) -> usize {
        self.field.len()
    }

    pub(crate) fn has_bye(&self) -> bool {
        self.field.len() % 2 == 1
    }

    pub(crate) fn vertex_count(&self) -> usize {
        self.players() + usize::from(self.has_bye())
    }

    /// The weight of edge `i`-`j` (`i < j`; `j == n` is the bye), or `None` if not allowed.
    pub(crate) fn weight(&self, i: usize, j: usize) -> Option<i128> {
        let n = self.players();
        if j == n {
            let allowed = self.has_bye() && !self.field.entrants[i].had_bye;
            return allowed.then(|| self.packer.weight(&self.field.bye_costs(i)));
        }
        (!self.field.have_met(i, j)).then(|| self.packer.weight(&self.field.pair_costs(i, j)))
    }

    pub(crate) fn edge(&self, i: usize, j: usize) -> Option<WeightedEdge> {
        self.weight(i, j).map(|weight| WeightedEdge { a: i, b: j, weight })
    }
}
