//! The draw of players into groups (issue 19, "Seeding into groups"): snake, pots or lot, then
//! separation of players of one school (or region) where the seeding allows.
//!
//! Every draw deals the field in tiers of as many players as there are groups (by seed for a
//! snake or pots, after a recorded lot for a lot): each group gets one player of each tier, so
//! group sizes differ by at most one. Separation only moves a player to another group within
//! their tier (their row of the snake, their pot), so the seeding's strength balance stays.
//!
//! Keeping a school apart within tiers is an edge colouring: players are edges between their
//! tier and their school, groups are colours, and no two edges at one tier (the tier's rule) or
//! one school (separation) may share a colour. A bipartite graph whose nodes have at most `g`
//! edges can always be coloured with `g` colours (König's theorem), so separation succeeds
//! whenever no school has more players than there are groups; a larger school is split into
//! parts of `g` players, which is the least any draw can do (a group then holds at most
//! ⌈school / g⌉ of it). Colours are chosen edge by edge in seed order, keeping the seeding's own
//! group whenever it is free, and otherwise freeing a colour by swapping two colours along an
//! alternating path (a Kempe chain), which moves other players only within their tiers.

use super::super::ids::PlayerId;
use super::super::lot;
use super::super::stages::Seeding;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A school or region, by the store's id: only equality matters to the draw.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Affiliation(pub i64);

/// A player to draw, in seed order (best first).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeedEntry {
    pub player: PlayerId,
    /// The school or region to keep apart (`None`: nothing to keep apart).
    pub affiliation: Option<Affiliation>,
}

/// Players of one school or region the draw had to put in one group.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clash {
    /// 0 for group A.
    pub group: u32,
    pub affiliation: Affiliation,
    pub players: Vec<PlayerId>,
}

/// The groups as drawn.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GroupDraw {
    /// `groups[g]` in tier order (the group's best seed first): that order is the players'
    /// numbers in the group's Berger table.
    pub groups: Vec<Vec<PlayerId>>,
    /// The recorded seed of the lot, for pots and lot (a snake draws no lot).
    pub lot_seed: Option<u64>,
    /// Where separation could not keep a school (or region) apart: empty when it could.
    pub clashes: Vec<Clash>,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
pub enum SeedingError {
    #[error("a draw needs at least one group")]
    NoGroups,
    #[error("player {0} is listed twice")]
    DuplicatePlayer(PlayerId),
}

/// Draw `entries` (in seed order) into `count` groups.
///
/// # Errors
/// No groups, or a player listed twice.
pub fn draw_groups(
    entries: &[SeedEntry],
    count: u32,
    seeding: Seeding,
    separate: bool,
    lot_seed: u64,
) -> Result<GroupDraw, SeedingError> {
    if count == 0 {
        return Err(SeedingError::NoGroups);
    }
    let mut seen = std::collections::BTreeSet::new();
    for e in entries {
        if !seen.insert(e.player) {
            return Err(SeedingError::DuplicatePlayer(e.player));
        }
    }
    let g = count as usize;
    let mut order: Vec<SeedEntry> = entries.to_vec();
    if seeding == Seeding::Lot {
        lot::shuffle(lot_seed, &mut order);
    }
    // The seeding's own group for every entry of every tier.
    let mut dealt: Vec<(usize, usize)> = Vec::with_capacity(order.len()); // (tier, group)
    for (t, tier) in order.chunks(g).enumerate() {
        let mut groups: Vec<usize> = (0..g).collect();
        match seeding {
            Seeding::Snake if t % 2 == 1 => groups.reverse(),
            Seeding::Pots => lot::shuffle(lot::derive(lot_seed, t as u64), &mut groups),
            Seeding::Snake | Seeding::Lot => {}
        }
        dealt.extend(groups.into_iter().take(tier.len()).map(|group| (t, group)));
    }
    let placed: Vec<usize> =
        if separate { separated(&order, &dealt, g) } else { dealt.iter().map(|&(_, group)| group).collect() };
    let mut groups: Vec<Vec<PlayerId>> = vec![Vec::new(); g];
    for (e, &group) in order.iter().zip(&placed) {
        groups[group].push(e.player);
    }
    let clashes = clashes(&order, &placed, g);
    Ok(GroupDraw { groups, lot_seed: (seeding != Seeding::Snake).then_some(lot_seed), clashes })
}

/// Colour the tier-school graph with `g` colours, entry by entry (see the module's comment).
fn separated(order: &[SeedEntry], dealt: &[(usize, usize)], g: usize) -> Vec<usize> {
    let tiers = dealt.iter().map(|&(t, _)| t + 1).max().unwrap_or(0);
    // School nodes: a school's players in parts of g (seed order); a player without one is a
    // node of their own.
    let mut parts: BTreeMap<Affiliation, usize> = BTreeMap::new();
    let mut node_of_school: BTreeMap<(Affiliation, usize), usize> = BTreeMap::new();
    let mut nodes = tiers;
    let school: Vec<usize> = order
        .iter()
        .map(|e| match e.affiliation {
            Some(a) => {
                let seen = parts.entry(a).or_insert(0);
                let part = *seen / g;
                *seen += 1;
                *node_of_school.entry((a, part)).or_insert_with(|| {
                    nodes += 1;
                    nodes - 1
                })
            }
            None => {
                nodes += 1;
                nodes - 1
            }
        })
        .collect();
    // at[node][colour]: the entry holding that colour at that node.
    let mut at: Vec<Vec<Option<usize>>> = vec![vec![None; g]; nodes];
    let mut colour: Vec<usize> = vec![usize::MAX; order.len()];
    for e in 0..order.len() {
        let (tier, wanted) = dealt[e];
        let (u, v) = (school[e], tier);
        let free = |at: &Vec<Vec<Option<usize>>>, x: usize, c: usize| at[x][c].is_none();
        let c = if free(&at, u, wanted) && free(&at, v, wanted) {
            wanted
        } else if let Some(c) = (0..g).find(|&c| free(&at, u, c) && free(&at, v, c)) {
            c
        } else {
            // a is free at the school, b at the tier: swap a and b along the path from the
            // tier that starts with its a edge, which frees a at the tier and never reaches
            // the school (it reaches schools only through a edges, and a is free there).
            let a = (0..g).find(|&c| free(&at, u, c)).unwrap_or(0);
            let b = (0..g).find(|&c| free(&at, v, c)).unwrap_or(0);
            let mut path = Vec::new();
            let (mut node, mut want) = (v, a);
            while let Some(edge) = at[node][want] {
                path.push(edge);
                node = if school[edge] == node { dealt[edge].0 } else { school[edge] };
                want = if want == a { b } else { a };
            }
            for &edge in &path {
                at[school[edge]][colour[edge]] = None;
                at[dealt[edge].0][colour[edge]] = None;
            }
            for &edge in &path {
                colour[edge] = if colour[edge] == a { b } else { a };
                at[school[edge]][colour[edge]] = Some(edge);
                at[dealt[edge].0][colour[edge]] = Some(edge);
            }
            a
        };
        colour[e] = c;
        at[u][c] = Some(e);
        at[v][c] = Some(e);
    }
    colour
}

fn clashes(order: &[SeedEntry], placed: &[usize], g: usize) -> Vec<Clash> {
    let mut by: BTreeMap<(usize, Affiliation), Vec<PlayerId>> = BTreeMap::new();
    for (e, &group) in order.iter().zip(placed) {
        if let Some(a) = e.affiliation {
            by.entry((group, a)).or_default().push(e.player);
        }
    }
    debug_assert!(by.keys().all(|&(group, _)| group < g));
    by.into_iter()
        .filter(|(_, players)| players.len() > 1)
        .map(|((group, affiliation), players)| Clash { group: group as u32, affiliation, players })
        .collect()
}
