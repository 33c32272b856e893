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
    /// The side preference (C.04's colour preference, "Red first" for White): `Some((true, _))`
    /// wants to command Red first; `None` before their first match played at the table.
    pub preference: Option<(bool, Preference)>,
    /// Red first minus Red second over the matches played at the table (C.04's colour
    /// difference).
    pub difference: i32,
    /// Whether they commanded Red first, by round, in the matches played at the table.
    pub sides: Vec<(u32, bool)>,
}

/// How strongly a player wants a side, as FIDE's Dutch system (C.04.3 A.6) grades colour
/// preferences; the order is the strength.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Preference {
    /// The difference is 0: alternate from the last match.
    Mild,
    /// The difference is +1 or -1: the side that evens it.
    Strong,
    /// The difference is beyond +1 or -1, or the same side in the last two matches.
    Absolute,
}

impl Preference {
    /// What not granting it costs in the pairing's lowest criterion (weighted so that one
    /// absolute preference outweighs four strong ones and one strong four mild ones).
    pub(crate) fn unmet_cost(self) -> u64 {
        match self {
            Preference::Mild => 1,
            Preference::Strong => 4,
            Preference::Absolute => 16,
        }
    }
}

/// C.04.3 A.6 over one player's sides (in round order): the side wanted and how strongly.
pub(crate) fn preference(sides: &[(u32, bool)]) -> Option<(bool, Preference)> {
    let &(_, last) = sides.last()?;
    let reds = sides.iter().filter(|s| s.1).count() as i64;
    let difference = 2 * reds - sides.len() as i64;
    let twice = sides.len() >= 2 && sides[sides.len() - 2].1 == last;
    Some(if difference.abs() > 1 {
        (difference < 0, Preference::Absolute)
    } else if twice {
        (!last, Preference::Absolute)
    } else if difference != 0 {
        (difference < 0, Preference::Strong)
    } else {
        (!last, Preference::Mild)
    })
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
        let mut sides: BTreeMap<PlayerId, Vec<(u32, bool)>> = BTreeMap::new();
        let mut history: Vec<_> = input.history.iter().collect();
        history.sort_by_key(|r| r.round);
        for r in history {
            for m in &r.matches {
                met.insert(key(m.red_first, m.other));
                // Only a match played at the table says who commanded Red first.
                if m.played_over_the_board() {
                    sides.entry(m.red_first).or_default().push((r.round, true));
                    sides.entry(m.other).or_default().push((r.round, false));
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
                preference: sides.get(&p.id).and_then(|s| preference(s)),
                difference: sides
                    .get(&p.id)
                    .map_or(0, |s| s.iter().map(|&(_, red)| if red { 1 } else { -1 }).sum()),
                sides: sides.get(&p.id).cloned().unwrap_or_default(),
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
            red_clash: match (a.preference, b.preference) {
                // Both want the same side: the weaker preference goes unmet (C.04.3 E.2).
                (Some((x, p)), Some((y, q))) if x == y => p.min(q).unmet_cost(),
                _ => 0,
            },
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
            red_clash: pairs.saturating_mul(Preference::Absolute.unmet_cost()),
        }
    }

    /// Which of the pair commands Red in game 1, by FIDE's colour allocation rules (C.04.3 E,
    /// Red first for White): both preferences granted when they differ (E.1); else the stronger
    /// preference, of two absolute ones the wider difference (E.2); else the sides alternate from
    /// the latest round in which the two had different sides (E.3); else the higher-ranked
    /// player's preference (E.4); with no preference at all (round 1), the higher-ranked player
    /// on odd tables and the lower-ranked on even ones.
    pub(crate) fn red_first(&self, i: usize, j: usize, table: u32) -> (usize, usize) {
        let (i, j) = (i.min(j), i.max(j));
        let (a, b) = (&self.entrants[i], &self.entrants[j]);
        let a_red = match (a.preference, b.preference) {
            (Some((x, _)), Some((y, _))) if x != y => x,
            (Some((x, _)), None) => x,
            (None, Some((y, _))) => !y,
            (None, None) => table % 2 == 1,
            (Some((x, p)), Some((_, q))) => {
                if p != q {
                    if p > q { x } else { !x }
                } else if p == Preference::Absolute && a.difference.abs() != b.difference.abs() {
                    if a.difference.abs() > b.difference.abs() { x } else { !x }
                } else if let Some(a_was_red) = latest_different(&a.sides, &b.sides) {
                    !a_was_red
                } else {
                    x
                }
            }
        };
        if a_red { (i, j) } else { (j, i) }
    }
}

/// The side `a` had in the latest round in which `a` and `b` both played at the table on
/// different sides (C.04.3 E.3), if any.
fn latest_different(a: &[(u32, bool)], b: &[(u32, bool)]) -> Option<bool> {
    a.iter().rev().find_map(|&(round, side)| {
        b.iter().find(|&&(r, _)| r == round).and_then(|&(_, other)| (other != side).then_some(side))
    })
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Sides by round from a string: `R` Red first, `O` the other side, `-` not at the table.
    fn sides(s: &str) -> Vec<(u32, bool)> {
        s.chars()
            .enumerate()
            .filter(|(_, c)| *c != '-')
            .map(|(i, c)| (u32::try_from(i).unwrap_or(0) + 1, c == 'R'))
            .collect()
    }

    #[test]
    fn side_preferences_follow_c04_colour_preferences() {
        use Preference::{Absolute, Mild, Strong};
        // Typed by hand from C.04.3 A.6 (R for White): none before a match at the table.
        assert_eq!(preference(&sides("")), None);
        assert_eq!(preference(&sides("--")), None);
        assert_eq!(preference(&sides("R")), Some((false, Strong)));
        assert_eq!(preference(&sides("RO")), Some((true, Mild)));
        assert_eq!(preference(&sides("ROR")), Some((false, Strong)));
        // The same side twice running: absolute, for the other side.
        assert_eq!(preference(&sides("ORR")), Some((false, Absolute)));
        assert_eq!(preference(&sides("RROO")), Some((true, Absolute)));
        // A difference beyond one: absolute, for the side that evens it.
        assert_eq!(preference(&sides("RRORO")), Some((false, Strong)));
        assert_eq!(preference(&sides("RRORRO")), Some((false, Absolute)));
        assert_eq!(preference(&sides("OO-O")), Some((true, Absolute)));
        // A round away from the table does not break alternation.
        assert_eq!(preference(&sides("R-O")), Some((true, Mild)));
        assert!(Absolute.unmet_cost() > 3 * Strong.unmet_cost());
        assert!(Strong.unmet_cost() > 3 * Mild.unmet_cost());
    }

    #[test]
    fn the_latest_round_with_different_sides_decides_between_equal_preferences() {
        // Round 3: a Red first, b the other side; round 4 both the other side.
        let a = sides("RORO");
        let b = sides("OROO");
        assert_eq!(latest_different(&a, &b), Some(true));
        assert_eq!(latest_different(&sides("RR"), &sides("RR")), None);
    }
}
