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
use super::matching::{Weight, WeightedEdge, Wide};
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

/// Pair one Swiss round.
///
/// # Errors
/// [`PairingError::NoPairingWithoutRematch`] when every pairing would repeat a match (or give a
/// second bye): the organiser must decide; there is never a silent rematch.
pub fn pair_round(input: &PairingInput) -> Result<RoundPairing, PairingError> {
    pair(input, Strategy::Auto)
}

/// Pair on the whole graph of allowed pairs, never the sparse graph with its certificate: the
/// reference the tests compare [`pair_round`] against for large fields.
///
/// # Errors
/// As [`pair_round`].
pub fn pair_round_on_full_graph(input: &PairingInput) -> Result<RoundPairing, PairingError> {
    pair(input, Strategy::FullGraph)
}

/// How a round was solved (for the benchmark and the docs: what the criteria cost).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct SolveReport {
    /// Distinct score differences in the field (one criterion each).
    pub score_differences: u32,
    /// How many of them (the smallest) had their own criterion; the rest were packed as one
    /// count and the optimum checked to have no pair that far apart (see `weights`).
    pub exact_differences: u32,
    /// Bits of the largest packed weight.
    pub weight_bits: u32,
    /// Whether 512-bit weights were needed.
    pub wide: bool,
}

/// [`pair_round`] plus how it was solved.
///
/// # Errors
/// As [`pair_round`].
pub fn pair_round_reported(input: &PairingInput) -> Result<(RoundPairing, SolveReport), PairingError> {
    pair_reported(input, Strategy::Auto)
}

fn pair(input: &PairingInput, strategy: Strategy) -> Result<RoundPairing, PairingError> {
    pair_reported(input, strategy).map(|(p, _)| p)
}

fn pair_reported(
    input: &PairingInput,
    strategy: Strategy,
) -> Result<(RoundPairing, SolveReport), PairingError> {
    let field = Field::new(input)?;
    let n = field.len();
    let (mates, report) = solve_field(&field, strategy)?;
    let has_bye = n % 2 == 1;
    let unpaired: Vec<PlayerId> =
        (0..n).filter(|&i| mates.get(i).copied().flatten().is_none()).map(|i| field.entrants[i].id).collect();
    if !unpaired.is_empty() || (has_bye && mates.get(n).copied().flatten().is_none()) {
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
    Ok((RoundPairing { round: input.round, pairings, explanation }, report))
}

/// Solve with `i128` weights holding every criterion if they fit; else with the largest score
/// differences packed as one count, checked (see `weights`); else, or if the check fails, with
/// 512-bit weights.
fn solve_field(field: &Field, strategy: Strategy) -> Result<(Vec<Option<usize>>, SolveReport), PairingError> {
    let bounds = field.bounds();
    let levels = field.levels.len();
    let count = |k: usize| u32::try_from(k).unwrap_or(u32::MAX);
    let report = |p_bits: u32, exact: usize, wide: bool| SolveReport {
        score_differences: count(levels),
        exact_differences: count(exact),
        weight_bits: p_bits,
        wide,
    };
    let narrow = (0..=levels).rev().find_map(|exact| Packer::<i128>::new(&bounds, exact));
    if let Some(packer) = narrow {
        let exact = packer.exact_levels;
        let bits = packer.bits;
        let mates = solve::solve(&Weigher { field, packer }, strategy);
        let too_far = (0..field.len()).any(|i| match mates[i] {
            Some(j) if i < j && j < field.len() => field.pair_costs(i, j).level > exact,
            _ => false,
        });
        if !too_far {
            return Ok((mates, report(bits, exact, false)));
        }
    }
    let packer =
        Packer::<Wide>::new(&bounds, levels).ok_or(PairingError::TooLarge { players: field.len() })?;
    let bits = packer.bits;
    Ok((solve::solve(&Weigher { field, packer }, strategy), report(bits, levels, true)))
}

/// The criterion totals of a given pairing in priority order (see `weights::totals`: lower is
/// better, compared lexicographically), or `None` if it is not an allowed pairing (a rematch, a
/// second bye, a player left out or paired twice). The pairing made by [`pair_round`] has the
/// smallest totals of all allowed pairings; tests check that against brute force.
#[must_use]
pub fn pairing_costs(input: &PairingInput, pairings: &[Pairing]) -> Option<Vec<u64>> {
    PairingScorer::new(input).ok()?.costs(pairings)
}

/// [`pairing_costs`] for many candidate pairings of one input (the field is built once).
pub struct PairingScorer {
    field: Field,
}

impl PairingScorer {
    /// # Errors
    /// As [`pair_round`] for inputs that cannot be weighed.
    pub fn new(input: &PairingInput) -> Result<PairingScorer, PairingError> {
        Ok(PairingScorer { field: Field::new(input)? })
    }

    /// The pairing's criterion totals, or `None` if it is not allowed.
    #[must_use]
    pub fn costs(&self, pairings: &[Pairing]) -> Option<Vec<u64>> {
        let field = &self.field;
        let n = field.len();
        let mut seen = vec![false; n];
        let mut costs = Vec::with_capacity(pairings.len());
        let mut take = |id: PlayerId| -> Option<usize> {
            let i = field.index_of(id)?;
            if std::mem::replace(&mut seen[i], true) { None } else { Some(i) }
        };
        for p in pairings {
            match *p {
                Pairing::Match { red_first, other, .. } => {
                    let (i, j) = (take(red_first)?, take(other)?);
                    if field.have_met(i, j) {
                        return None;
                    }
                    costs.push(field.pair_costs(i, j));
                }
                Pairing::Bye { player } => {
                    let i = take(player)?;
                    if n.is_multiple_of(2) || field.entrants[i].had_bye {
                        return None;
                    }
                    costs.push(field.bye_costs(i));
                }
            }
        }
        seen.iter().all(|&s| s).then(|| weights::totals(field.levels.len(), &costs))
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
pub(crate) struct Weigher<'a, W: Weight> {
    pub field: &'a Field,
    packer: Packer<W>,
}

impl<W: Weight> Weigher<'_, W> {
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
    pub(crate) fn weight(&self, i: usize, j: usize) -> Option<W> {
        let n = self.players();
        if j == n {
            let allowed = self.has_bye() && !self.field.entrants[i].had_bye;
            return allowed.then(|| self.packer.weight(&self.field.bye_costs(i)));
        }
        (!self.field.have_met(i, j)).then(|| self.packer.weight(&self.field.pair_costs(i, j)))
    }

    pub(crate) fn edge(&self, i: usize, j: usize) -> Option<WeightedEdge<W>> {
        self.weight(i, j).map(|weight| WeightedEdge { a: i, b: j, weight })
    }
}
