//! Qualification between stages (issue 19, "Qualification between stages"): the top N of each
//! group, optionally the best M of the next place across the groups, or the top K of a Swiss;
//! then into the knockout by crossover (A1-B2, B1-A2, C1-D2, D1-C2), with group-mates apart
//! (players of one group meet as late as the bracket allows), or 1 v K from a Swiss. Every
//! bracket entry keeps where the player came from ("A1").

use super::ids::PlayerId;
use super::knockout::{Bracket, KnockoutError};
use super::lot;
use super::round_robin::standings::{GroupRow, GroupStandings, across_groups};
use super::stages::{GroupLabel, GroupQualify, KnockoutEntry};
use super::standings::StandingRow;
use serde::{Deserialize, Serialize};
use std::cmp::Ordering;
use std::fmt;

/// Where a qualified player came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "kind")]
pub enum Origin {
    /// `place` (1-based) in `group`.
    Group { group: GroupLabel, place: u32 },
    /// `rank` in the Swiss standings.
    Swiss { rank: u32 },
}

impl fmt::Display for Origin {
    /// "A1" (group A's winner), "C3"; a Swiss rank as its number.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Origin::Group { group, place } => write!(f, "{group}{place}"),
            Origin::Swiss { rank } => write!(f, "{rank}"),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Qualifier {
    pub player: PlayerId,
    pub origin: Origin,
}

/// The players who go on, in seed order: every group's winner (A, B, ...), every runner-up,
/// ..., then the best of the next place, best first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Qualification {
    pub qualifiers: Vec<Qualifier>,
    /// The seed of the lot that chose among next-place players nothing else separated.
    pub best_next_lot: Option<u64>,
}

/// A bracket's player with their seed and origin.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct BracketEntry {
    pub player: PlayerId,
    pub seed: u32,
    pub origin: Origin,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct QualifiedBracket {
    pub bracket: Bracket,
    pub entries: Vec<BracketEntry>,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
pub enum QualificationError {
    #[error("group {0}: a tie at a qualifying place waits for the organiser's lot")]
    LotPending(GroupLabel),
    #[error("group {group} ranks {ranked} players; qualification needs {needed}")]
    GroupTooSmall { group: GroupLabel, ranked: usize, needed: usize },
    #[error("a crossover takes the top 2 of 2, 4, 8 ... groups")]
    CrossoverShape,
    #[error(transparent)]
    Bracket(#[from] KnockoutError),
}

/// The qualifiers of a groups stage; `groups[g]` is group `GroupLabel(g)`.
///
/// # Errors
/// A group still waiting for a lot, or too small for the places asked.
pub fn from_groups(
    groups: &[GroupStandings],
    qualify: GroupQualify,
    lot_seed: u64,
) -> Result<Qualification, QualificationError> {
    let needed = (qualify.per_group + u32::from(qualify.best_next > 0)) as usize;
    for (g, s) in groups.iter().enumerate() {
        let group = GroupLabel(g as u32);
        if s.needs_lot() {
            return Err(QualificationError::LotPending(group));
        }
        if s.rows.len() < needed {
            return Err(QualificationError::GroupTooSmall { group, ranked: s.rows.len(), needed });
        }
    }
    let mut qualifiers = Vec::new();
    for place in 1..=qualify.per_group {
        for (g, s) in groups.iter().enumerate() {
            let row = &s.rows[place as usize - 1];
            qualifiers.push(Qualifier {
                player: row.player,
                origin: Origin::Group { group: GroupLabel(g as u32), place },
            });
        }
    }
    let mut best_next_lot = None;
    if qualify.best_next > 0 {
        let place = qualify.per_group + 1;
        let mut next: Vec<(usize, &GroupRow)> =
            groups.iter().enumerate().map(|(g, s)| (g, &s.rows[place as usize - 1])).collect();
        next.sort_by(|a, b| across_groups(b.1, a.1).then(a.0.cmp(&b.0)));
        let m = qualify.best_next as usize;
        // A tie across the cut that nothing separates: the lot, over the tied players in group
        // order.
        let level = |i: usize, j: usize| across_groups(next[i].1, next[j].1) == Ordering::Equal;
        if m < next.len() && level(m - 1, m) {
            let first = (0..m).rev().take_while(|&i| level(i, m)).last().unwrap_or(m - 1);
            let last = (m..next.len()).take_while(|&i| level(i, m - 1)).last().unwrap_or(m);
            let seed = lot::derive(lot_seed, u64::from(place));
            next[first..=last].sort_by_key(|e| e.0);
            lot::shuffle(seed, &mut next[first..=last]);
            best_next_lot = Some(seed);
        }
        qualifiers.extend(next.into_iter().take(m).map(|(g, row)| Qualifier {
            player: row.player,
            origin: Origin::Group { group: GroupLabel(g as u32), place },
        }));
    }
    Ok(Qualification { qualifiers, best_next_lot })
}

/// The top `k` of the Swiss standings (withdrawn players left out by the caller).
#[must_use]
pub fn from_swiss(rows: &[StandingRow], k: usize) -> Qualification {
    let mut ranked: Vec<&StandingRow> = rows.iter().collect();
    ranked.sort_by_key(|r| r.rank);
    let qualifiers = ranked
        .into_iter()
        .take(k)
        .map(|r| Qualifier { player: r.player, origin: Origin::Swiss { rank: r.rank } })
        .collect();
    Qualification { qualifiers, best_next_lot: None }
}

/// Lay the qualifiers (in seed order) out in a bracket.
///
/// # Errors
/// A crossover of another shape than the top 2 of a power-of-two number of groups, or a bracket
/// that cannot be built (fewer than 2 players).
pub fn into_knockout(
    q: &Qualification,
    entry: KnockoutEntry,
    third_place: bool,
    lot_seed: u64,
) -> Result<QualifiedBracket, QualificationError> {
    let seeded = |order: Vec<&Qualifier>| -> Result<QualifiedBracket, QualificationError> {
        let ids: Vec<PlayerId> = order.iter().map(|q| q.player).collect();
        let bracket = Bracket::seeded(&ids, third_place, lot_seed)?;
        let entries = order
            .iter()
            .enumerate()
            .map(|(i, q)| BracketEntry { player: q.player, seed: i as u32 + 1, origin: q.origin })
            .collect();
        Ok(QualifiedBracket { bracket, entries })
    };
    match entry {
        KnockoutEntry::SwissStandings => seeded(q.qualifiers.iter().collect()),
        KnockoutEntry::Crossover => seeded(crossover(&q.qualifiers)?),
        KnockoutEntry::GroupMatesApart => {
            let layout = apart(&q.qualifiers);
            let entries: Vec<BracketEntry> = q
                .qualifiers
                .iter()
                .enumerate()
                .map(|(i, q)| BracketEntry { player: q.player, seed: i as u32 + 1, origin: q.origin })
                .collect();
            let slots: Vec<Option<(PlayerId, u32)>> =
                layout.iter().map(|s| s.map(|i| (entries[i].player, entries[i].seed))).collect();
            Ok(QualifiedBracket { bracket: Bracket::placed(&slots, third_place, lot_seed)?, entries })
        }
    }
}

/// Seeds for a crossover: group g's winner is seed g + 1, and the runner-up of its paired group
/// (A with B, C with D) takes the seed 1 v K puts against it, 2G - g. The 1 v K layout then
/// plays A1-B2, B1-A2, ... and keeps the two of a group in opposite halves.
fn crossover(qualifiers: &[Qualifier]) -> Result<Vec<&Qualifier>, QualificationError> {
    let g = qualifiers.len() / 2;
    if g < 2 || !g.is_power_of_two() || qualifiers.len() != 2 * g {
        return Err(QualificationError::CrossoverShape);
    }
    let mut order: Vec<Option<&Qualifier>> = vec![None; 2 * g];
    for q in qualifiers {
        let Origin::Group { group, place } = q.origin else { return Err(QualificationError::CrossoverShape) };
        let group = group.0 as usize;
        let seed = match place {
            1 => group + 1,
            2 => 2 * g - (group ^ 1),
            _ => return Err(QualificationError::CrossoverShape),
        };
        match order.get_mut(seed - 1) {
            Some(slot @ None) => *slot = Some(q),
            _ => return Err(QualificationError::CrossoverShape),
        }
    }
    order.into_iter().map(|q| q.ok_or(QualificationError::CrossoverShape)).collect()
}

/// Group-mates apart: split the field in halves, again and again, each group's players (and
/// the byes, as a group of their own, so no match is bye against bye) as evenly as possible
/// over the two halves: ⌊n/2⌋ or ⌈n/2⌉ of a group's n in each, which is always possible
/// together (the floors add up to at most half the places, the ceilings to at least half). With
/// `n` players of one group in a bracket of `2^r` places, they then meet no earlier than round
/// `r - ceil(log2 n)` (0 the first round): the latest any bracket allows. Players go in seed
/// order, each to the half with fewer of their group, then fewer players (seed 1 to the top,
/// seed 2 to the bottom), unless that would leave the even split impossible. Returns the
/// layout as indexes into `qualifiers`.
fn apart(qualifiers: &[Qualifier]) -> Vec<Option<usize>> {
    let size = qualifiers.len().next_power_of_two().max(2);
    let byes = u32::MAX as usize;
    let keys: Vec<usize> = (0..size)
        .map(|i| match qualifiers.get(i).map(|q| q.origin) {
            Some(Origin::Group { group, .. }) => group.0 as usize,
            // A Swiss rank has no group-mates: a key of its own.
            Some(Origin::Swiss { .. }) => byes + 1 + i,
            None => byes,
        })
        .collect();
    let items: Vec<usize> = (0..size).collect();
    let mut layout = Vec::with_capacity(size);
    split(&items, &keys, &mut layout);
    layout.into_iter().map(|i| (i < qualifiers.len()).then_some(i)).collect()
}

fn split(items: &[usize], keys: &[usize], out: &mut Vec<usize>) {
    if items.len() <= 1 {
        out.extend(items.first().copied());
        return;
    }
    let half = items.len() / 2;
    // Per group: players in all, still to place, placed in the top half.
    let mut count: std::collections::BTreeMap<usize, (usize, usize, usize)> =
        std::collections::BTreeMap::new();
    for &i in items {
        let e = count.entry(keys[i]).or_default();
        e.0 += 1;
        e.1 += 1;
    }
    let feasible = |count: &std::collections::BTreeMap<usize, (usize, usize, usize)>, top_room: usize| {
        let (mut lo, mut hi) = (0, 0);
        for &(n, left, top) in count.values() {
            if top > n.div_ceil(2) {
                return false;
            }
            lo += (n / 2).saturating_sub(top);
            hi += left.min(n.div_ceil(2) - top);
        }
        lo <= top_room && top_room <= hi
    };
    let (mut top, mut bottom): (Vec<usize>, Vec<usize>) = (Vec::new(), Vec::new());
    for &i in items {
        let k = keys[i];
        let mates = |side: &Vec<usize>| side.iter().filter(|&&j| keys[j] == k).count();
        let prefer_top = (mates(&top), top.len()) <= (mates(&bottom), bottom.len());
        // Whether the even split stays possible with this player in the top half or not.
        let fits = |in_top: bool| {
            let room = if in_top { half.checked_sub(top.len() + 1) } else { Some(half - top.len()) };
            let bottom_full = !in_top && bottom.len() >= half;
            let mut trial = count.clone();
            if let Some(e) = trial.get_mut(&k) {
                e.1 -= 1;
                e.2 += usize::from(in_top);
            }
            !bottom_full && room.is_some_and(|room| feasible(&trial, room))
        };
        let to_top = if fits(prefer_top) { prefer_top } else { !prefer_top };
        if let Some(e) = count.get_mut(&k) {
            e.1 -= 1;
            if to_top {
                e.2 += 1;
            }
        }
        if to_top { top.push(i) } else { bottom.push(i) }
    }
    split(&top, keys, out);
    split(&bottom, keys, out);
}
