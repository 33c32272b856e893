//! The knockout as the bracket page shows it: typed lines built once per change stamp from the
//! league's `Bracket` (or, before the knockout starts, from the standings: who would play it if it
//! started now). No words here: the page names rounds and byes in its language.

use crate::app::snapshot::{Loaded, slot_of, sp};
use crate::league::stages::KnockoutEntry;
use crate::league::{Bracket, BracketMatch, Slot};
use crate::store::{MatchId, PlayerId};
use crate::web::read_model::lines::StandingLine;

/// Where the knockout stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Knockout {
    /// Not seeded yet: how it would start now.
    Before(BeforeKnockout),
    /// The league cannot rebuild the stored knockout (its message).
    Problem(String),
    /// Seeded: the bracket with the results so far.
    Drawn(DrawnBracket),
}

/// The bracket page before the knockout: its first round's seed pairs and the top K now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BeforeKnockout {
    /// Seed pairs of the first round (a top seed facing nobody has a bye).
    pub pairs: Vec<SeedPair>,
    /// The top K of the standings now (withdrawn players left out).
    pub top: Vec<(PlayerId, String)>,
    pub after_round: Option<i64>,
    /// The knockout of a tournament that opens with groups (its `t.knockout_size` is 0).
    pub groups: Option<FromGroups>,
}

/// Before the knockout of a tournament that opens with groups (issue 34): when and how it starts,
/// and its first round (app `stages::qualify::bracket_now`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FromGroups {
    /// Qualify from each group, and the best of the next place in addition.
    pub per_group: u32,
    pub best_next: u32,
    /// Players in the knockout.
    pub size: u32,
    pub entry: KnockoutEntry,
    pub third_place: bool,
    /// The groups stage is closed: the first round below is the one the knockout starts with
    /// (otherwise: as the groups stand now).
    pub closed: bool,
    /// The first round, each player with where they come from ("A1"); empty while a lot at a
    /// qualifying place is due.
    pub first_round: Vec<BracketLine>,
}

/// One pairing of seeds in the first knockout round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SeedPair {
    /// Seed `0` plays seed `1` (`1–8`, ...).
    Match(usize, usize),
    /// The seed goes through without playing.
    Bye(usize),
}

/// The seeded bracket: its rounds (the last one the final), the third-place match, the champion.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DrawnBracket {
    pub rounds: Vec<Vec<BracketLine>>,
    pub third_place: Option<BracketLine>,
    pub champion: Option<String>,
}

/// One match of the bracket: its two sides, and the stored match once it is paired and public.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BracketLine {
    pub slots: Vec<SlotLine>,
    pub stored: Option<MatchId>,
}

/// One side of a bracket match.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SlotLine {
    Player {
        id: PlayerId,
        name: String,
        seed: u32,
        winner: bool,
        /// Where the player came from ("A1": group A's winner) when the knockout follows groups;
        /// `None` after a Swiss (the seed says it).
        origin: Option<String>,
    },
    /// Nobody: the other side goes through.
    Bye,
    /// Decided by a match still to be played.
    Pending,
}

impl Knockout {
    /// The knockout of `data`: `bracket` is the league's rebuilt bracket (`None` before seeding),
    /// `standings` the Swiss lines (the preview's top K).
    #[must_use]
    pub fn of(
        data: &Loaded,
        bracket: Option<&Result<Bracket, String>>,
        standings: &[StandingLine],
        after_round: Option<i64>,
    ) -> Knockout {
        match bracket {
            None => Knockout::Before(before(data, standings, after_round)),
            Some(Err(e)) => Knockout::Problem(e.clone()),
            Some(Ok(b)) => Knockout::Drawn(drawn(data, b)),
        }
    }
}

fn before(data: &Loaded, standings: &[StandingLine], after_round: Option<i64>) -> BeforeKnockout {
    let k = usize::try_from(data.t.knockout_size).unwrap_or(0);
    let top = standings.iter().filter(|l| !l.withdrawn).take(k).map(|l| (l.player, l.name.clone())).collect();
    BeforeKnockout { pairs: seed_pairs(k), top, after_round, groups: from_groups(data) }
}

/// The knockout after groups, before it starts (`None`: the tournament does not open with groups,
/// or has no knockout).
fn from_groups(data: &Loaded) -> Option<FromGroups> {
    use crate::app::stages;
    if !crate::app::snapshot::opens_with_groups(data) {
        return None;
    }
    let k = *stages::stages_of(data).ok()?.knockout()?;
    let (_, g) = stages::groups_stage(data).ok()?;
    let (first_round, closed) = match stages::qualify::bracket_now(data, 0) {
        Ok((qb, closed)) => {
            let origin = |id: crate::league::PlayerId| {
                qb.entries.iter().find(|e| e.player == id).map(|e| e.origin.to_string())
            };
            let lines = qb
                .bracket
                .rounds
                .first()
                .into_iter()
                .flatten()
                .map(|m| BracketLine {
                    slots: m
                        .slots
                        .iter()
                        .map(|s| match *s {
                            Slot::Player { id, seed } => SlotLine::Player {
                                id: sp(id),
                                name: data.name(sp(id)),
                                seed,
                                winner: false,
                                origin: origin(id),
                            },
                            Slot::Bye => SlotLine::Bye,
                            Slot::Pending => SlotLine::Pending,
                        })
                        .collect(),
                    stored: None,
                })
                .collect();
            (lines, closed)
        }
        Err(_) => (Vec::new(), stages::frozen(data).is_ok()),
    };
    Some(FromGroups {
        per_group: g.qualify.per_group,
        best_next: g.qualify.best_next,
        size: k.size,
        entry: k.from,
        third_place: k.third_place,
        closed,
        first_round,
    })
}

/// The first round of a knockout of `k` seeds: the bracket has the next power of two places, seed
/// `i` meets seed `size + 1 - i`, and a top seed whose opponent would not exist has a bye.
fn seed_pairs(k: usize) -> Vec<SeedPair> {
    let size = k.next_power_of_two();
    (1..=size / 2)
        .map(|i| match size + 1 - i {
            j if j <= k => SeedPair::Match(i, j),
            _ => SeedPair::Bye(i),
        })
        .collect()
}

fn drawn(data: &Loaded, b: &Bracket) -> DrawnBracket {
    let stored: Vec<(MatchId, i64)> = data
        .knockout_matches()
        .filter(|(m, _)| data.is_public(m))
        .map(|(m, at)| (m.id, slot_of(at)))
        .collect();
    let origins: Vec<(i64, String)> = data
        .seeding()
        .map(|s| s.origins.iter().map(|(p, o)| (*p, o.to_string())).collect())
        .unwrap_or_default();
    let origin_of = |id: PlayerId| origins.iter().find(|(p, _)| *p == id.0).map(|(_, o)| o.clone());
    let line = |m: &BracketMatch| {
        let winner = m.winner();
        BracketLine {
            slots: m
                .slots
                .iter()
                .map(|s| match *s {
                    Slot::Player { id, seed } => SlotLine::Player {
                        id: sp(id),
                        name: data.name(sp(id)),
                        seed,
                        winner: winner == Some(*s),
                        origin: origin_of(sp(id)),
                    },
                    Slot::Bye => SlotLine::Bye,
                    Slot::Pending => SlotLine::Pending,
                })
                .collect(),
            stored: stored.iter().find(|(_, slot)| *slot == slot_of(m.at)).map(|(id, _)| *id),
        }
    };
    DrawnBracket {
        rounds: b.rounds.iter().map(|r| r.iter().map(line).collect()).collect(),
        third_place: b.third_place.as_ref().map(line),
        champion: b.champion().map(|p| data.name(sp(p))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeds_pair_best_with_worst_and_the_top_seeds_fill_the_missing_places_with_byes() {
        use SeedPair::{Bye, Match};
        assert_eq!(seed_pairs(8), [Match(1, 8), Match(2, 7), Match(3, 6), Match(4, 5)]);
        assert_eq!(seed_pairs(6), [Bye(1), Bye(2), Match(3, 6), Match(4, 5)]);
        assert_eq!(seed_pairs(2), [Match(1, 2)]);
        assert_eq!(seed_pairs(3), [Bye(1), Match(2, 3)]);
        assert!(seed_pairs(0).is_empty(), "no knockout");
    }
}
