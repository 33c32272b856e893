//! The players to pair this round, in pairing order, with the facts the criteria need: score,
//! score group, who met whom, who had the bye, who wants to command Red first.

use super::weights::{Bounds, EdgeCosts};
use super::{PairingError, PairingInput, PlayerStatus};
use crate::league::ids::{HalfPoints, PlayerId};
use crate::league::rounds::match_points;
use std::collections::{BTreeMap, BTreeSet};

#[derive(Debug, Clone)]
pub(crate) struct Entrant {
    pub id: PlayerId,
    pub score: HalfPoints,
    /// Index into `Field::groups`.
    pub group: usize,
    pub pos_in_group: usize,
    pub had_bye: bool,
    /// `Some(true)`: commanded Red second in their last match, so should be Red first now.
    pub wants_red_first: Option<bool>,
    pub red_first_count: u32,
}

pub(crate) struct Field {
    /// Ordered by score (highest first), then rank, then id.
    pub entrants: Vec<Entrant>,
    /// Score groups in order: the score and the entrants' indices.
    pub groups: Vec<(HalfPoints, Vec<usize>)>,
    /// Every player ever paired against each other (ids, smaller first), entrants or not.
    met: BTreeSet<(PlayerId, PlayerId)>,
    forbidden: BTreeSet<(PlayerId, PlayerId)>,
    /// The same two relations between entrants, as bit matrices by entrant index (the pairing
    /// asks them for every pair of a large field).
    met_bits: BitMatrix,
    forbidden_bits: BitMatrix,
    index: BTreeMap<PlayerId, usize>,
    min_score: HalfPoints,
    /// The distinct positive score differences between the score groups, smallest first
    /// (half-points): the score-difference criteria, one per entry.
    pub levels: Vec<u64>,
    /// `group_level[g][h]`: index into `levels` plus one of the difference between groups `g`
    /// and `h` (0 for the same group).
    group_level: Vec<Vec<usize>>,
    /// Players not paired this round and why (withdrawn, not yet joined).
    pub left_out: Vec<(PlayerId, PlayerStatus, u32)>,
}

pub(crate) fn key(a: PlayerId, b: PlayerId) -> (PlayerId, PlayerId) {
    (a.min(b), a.max(b))
}

impl Field {
    pub(crate) fn new(input: &PairingInput) -> Result<Field, PairingError> {
        let mut seen = BTreeSet::new();
        for p in &input.players {
            if !seen.insert(p.id) {
                return Err(PairingError::DuplicatePlayer(p.id));
            }
        }
        let scores = match_points(&input.history, &input.scoring);
        let mut met = BTreeSet::new();
        let mut byes = BTreeSet::new();
        let mut last_red_first: BTreeMap<PlayerId, bool> = BTreeMap::new();
        let mut red_first_count: BTreeMap<PlayerId, u32> = BTreeMap::new();
        let mut history: Vec<_> = input.history.iter().collect();
        history.sort_by_key(|r| r.round);
        for r in history {
            for m in &r.matches {
                met.insert(key(m.red_first, m.other));
                // Only a match played at the table says who commanded Red first.
                if m.played_over_the_board() {
                    last_red_first.insert(m.red_first, true);
                    last_red_first.insert(m.other, false);
                    *red_first_count.entry(m.red_first).or_default() += 1;
                }
            }
            byes.extend(r.byes.iter().copied());
        }
        let forbidden =
            input.forbidden.iter().filter(|f| f.applies_in(input.round)).map(|f| key(f.a, f.b)).collect();

        let mut left_out = Vec::new();
        let mut active = Vec::new();
        for p in &input.players {
            if p.status == PlayerStatus::Active && p.joined_round <= input.round {
                active.push(p);
            } else {
                left_out.push((p.id, p.status, p.joined_round));
            }
        }
        let score_of = |id: PlayerId| scores.get(&id).copied().unwrap_or_default();
        active.sort_by_key(|p| (std::cmp::Reverse(score_of(p.id)), p.rank, p.id));

        let mut entrants: Vec<Entrant> = Vec::with_capacity(active.len());
        let mut groups: Vec<(HalfPoints, Vec<usize>)> = Vec::new();
        for (i, p) in active.iter().enumerate() {
            let score = score_of(p.id);
            if groups.last().is_none_or(|g| g.0 != score) {
                groups.push((score, Vec::new()));
            }
            let group = groups.len() - 1;
            let members = &mut groups[group].1;
            members.push(i);
            entrants.push(Entrant {
                id: p.id,
                score,
                group,
                pos_in_group: members.len() - 1,
                had_bye: byes.contains(&p.id),
                wants_red_first: last_red_first.get(&p.id).map(|&was| !was),
                red_first_count: red_first_count.get(&p.id).copied().unwrap_or(0),
            });
        }
        let index: BTreeMap<PlayerId, usize> = entrants.iter().enumerate().map(|(i, e)| (e.id, i)).collect();
        let min_score = entrants.last().map(|e| e.score).unwrap_or_default();
        let bits = |pairs: &BTreeSet<(PlayerId, PlayerId)>| {
            let mut m = BitMatrix::new(entrants.len());
            for (a, b) in pairs {
                if let (Some(&i), Some(&j)) = (index.get(a), index.get(b)) {
                    m.set(i, j);
                }
            }
            m
        };
        let (met_bits, forbidden_bits) = (bits(&met), bits(&forbidden));
        let diff = |g: usize, h: usize| (groups[g].0 - groups[h].0).0.unsigned_abs();
        let mut levels: Vec<u64> = (0..groups.len())
            .flat_map(|g| (g + 1..groups.len()).map(move |h| (g, h)))
            .map(|(g, h)| diff(g, h))
            .filter(|&d| d > 0)
            .collect();
        levels.sort_unstable();
        levels.dedup();
        let group_level = (0..groups.len())
            .map(|g| {
                (0..groups.len()).map(|h| levels.binary_search(&diff(g, h)).map_or(0, |k| k + 1)).collect()
            })
            .collect();
        Ok(Field {
            entrants,
            groups,
            met,
            forbidden,
            met_bits,
            forbidden_bits,
            index,
            min_score,
            levels,
            group_level,
            left_out,
        })
    }

    pub(crate) fn len(&self) -> usize {
        self.entrants.len()
    }

    pub(crate) fn index_of(&self, id: PlayerId) -> Option<usize> {
        self.index.get(&id).copied()
    }

    pub(crate) fn have_met_ids(&self, a: PlayerId, b: PlayerId) -> bool {
        self.met.contains(&key(a, b))
    }

    pub(crate) fn have_met(&self, i: usize, j: usize) -> bool {
        self.met_bits.get(i, j)
    }

    pub(crate) fn is_forbidden_ids(&self, a: PlayerId, b: PlayerId) -> bool {
        self.forbidden.contains(&key(a, b))
    }

    fn group_size(&self, i: usize) -> usize {
        self.groups[self.entrants[i].group].1.len()
    }

    /// Costs of pairing entrants `i` and `j` (see `weights`).
    pub(crate) fn pair_costs(&self, i: usize, j: usize) -> EdgeCosts {
        let (i, j) = (i.min(j), i.max(j));
        let (a, b) = (&self.entrants[i], &self.entrants[j]);
        let half_split = if a.group == b.group {
            let distance = b.pos_in_group - a.pos_in_group;
            distance.abs_diff(self.group_size(i) / 2) as u64
        } else {
            // The floater should come from the bottom of the higher group and meet the top of
            // the lower one.
            (self.group_size(i) - 1 - a.pos_in_group + b.pos_in_group) as u64
        };
        EdgeCosts {
            forbidden: self.forbidden_bits.get(i, j),
            level: self.group_level[a.group][b.group],
            half_split,
            red_clash: a.wants_red_first.is_some() && a.wants_red_first == b.wants_red_first,
            ..EdgeCosts::default()
        }
    }

    /// Costs of giving entrant `i` the bye.
    pub(crate) fn bye_costs(&self, i: usize) -> EdgeCosts {
        EdgeCosts {
            bye_score: (self.entrants[i].score - self.min_score).0.unsigned_abs(),
            bye_rank: (self.len() - 1 - i) as u64,
            ..EdgeCosts::default()
        }
    }

    /// The most a whole matching can total on each criterion (the packing needs bounds, not
    /// the exact maxima, so it can weigh edges one at a time; tighter bounds leave more room for
    /// the score differences).
    pub(crate) fn bounds(&self) -> Bounds {
        let n = self.len();
        let pairs = ((n + n % 2) / 2) as u64;
        let odd = n % 2 == 1;
        let entrant_forbidden = self
            .forbidden
            .iter()
            .filter(|(a, b)| self.index.contains_key(a) && self.index.contains_key(b))
            .count() as u64;
        let mut levels = vec![0u64; self.levels.len()];
        for g in 0..self.groups.len() {
            for h in g + 1..self.groups.len() {
                let k = self.group_level[g][h];
                if k > 0 {
                    let most = self.groups[g].1.len().min(self.groups[h].1.len()) as u64;
                    levels[k - 1] = (levels[k - 1] + most).min(pairs);
                }
            }
        }
        let largest_group = self.groups.iter().map(|g| g.1.len()).max().unwrap_or(0) as u64;
        Bounds {
            pairs,
            forbidden: entrant_forbidden.min(pairs),
            bye_score: if odd {
                (self.entrants.first().map_or(self.min_score, |e| e.score) - self.min_score).0.unsigned_abs()
            } else {
                0
            },
            levels,
            bye_rank: if odd { n as u64 } else { 0 },
            // A pair inside a group costs at most half the group; across two groups, at most
            // the two sizes.
            half_split: pairs.saturating_mul(2 * largest_group),
            red_clash: pairs,
        }
    }

    /// Which of the pair commands Red in game 1: each player's wish from their last match (they
    /// alternate); if both wish the same or neither has played, the one who was Red first less
    /// often, then the higher-ranked player's wish; in round 1, the higher-ranked player on odd
    /// tables and the lower-ranked on even ones.
    pub(crate) fn red_first(&self, i: usize, j: usize, table: u32) -> (usize, usize) {
        let (i, j) = (i.min(j), i.max(j));
        let (a, b) = (&self.entrants[i], &self.entrants[j]);
        let a_red = match (a.wants_red_first, b.wants_red_first) {
            (Some(x), Some(y)) if x != y => x,
            (Some(x), None) => x,
            (None, Some(y)) => !y,
            (wish, _) => {
                if a.red_first_count != b.red_first_count {
                    a.red_first_count < b.red_first_count
                } else if let Some(x) = wish {
                    x
                } else {
                    table % 2 == 1
                }
            }
        };
        if a_red { (i, j) } else { (j, i) }
    }
}

/// A symmetric relation between entrants, one bit per pair.
struct BitMatrix {
    n: usize,
    bits: Vec<u64>,
}

impl BitMatrix {
    fn new(n: usize) -> BitMatrix {
        BitMatrix { n, bits: vec![0; (n * n).div_ceil(64)] }
    }

    fn set(&mut self, i: usize, j: usize) {
        for k in [i * self.n + j, j * self.n + i] {
            self.bits[k / 64] |= 1 << (k % 64);
        }
    }

    fn get(&self, i: usize, j: usize) -> bool {
        let k = i * self.n + j;
        self.bits[k / 64] & (1 << (k % 64)) != 0
    }
}
