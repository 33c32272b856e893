//! A tournament as a sequence of stages (issue 19, PRODUCT "Stages"): a Swiss or round-robin
//! groups, then optionally a knockout. [`Stages`] can only be built whole and checked
//! ([`Stages::new`]), so a knockout in the middle, a bracket that does not fit what the groups
//! qualify, or a crossover without pairs of groups cannot be represented past the constructor.
//!
//! Every stage plays the league's match (game and rematch, sides swapped, Red-side points); what
//! a level match comes to is the stage's [`DrawRule`]: it stands in a Swiss and in groups, the
//! knockout decides it (knowledge test, then the extra game).

use super::ids::DrawRule;
use super::round_robin::berger::{MAX_PLAYERS, MIN_PLAYERS};
use serde::{Deserialize, Serialize};
use std::fmt;

/// How players are drawn into groups (the organiser's choice, recorded with the stage).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Seeding {
    /// By seed, in a snake: with 16 in 4 groups, A gets seeds 1, 8, 9 and 16.
    Snake,
    /// Pots of as many seeds as there are groups; each group draws one player from each pot.
    Pots,
    /// The whole field by lot.
    Lot,
}

/// Who is kept apart in the group draw where the seeding allows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Separation {
    None,
    School,
    Region,
}

/// How many of each group go on: the top `per_group`, and the best `best_next` of the next
/// place across the groups (compared per match played, then tiebreaks).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GroupQualify {
    pub per_group: u32,
    pub best_next: u32,
}

/// Round-robin groups.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GroupStage {
    pub count: u32,
    /// A double round robin: every pair meets twice, once with each player commanding Red first.
    pub double: bool,
    pub seeding: Seeding,
    pub separation: Separation,
    pub qualify: GroupQualify,
}

/// How the qualified players enter the bracket.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum KnockoutEntry {
    /// The Swiss standings' top K, seeded 1 v K (as before stages existed).
    SwissStandings,
    /// Group winners against the runners-up of the paired group: A1-B2, B1-A2, C1-D2, D1-C2.
    Crossover,
    /// Players of one group in the bracket's opposite parts, so they meet as late as it allows.
    GroupMatesApart,
}

/// A knockout of `size` qualified players.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct KnockoutStage {
    pub size: u32,
    pub third_place: bool,
    pub from: KnockoutEntry,
}

/// One stage.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "kind")]
pub enum Stage {
    Swiss { rounds: u32 },
    Groups(GroupStage),
    Knockout(KnockoutStage),
}

impl Stage {
    /// League rules, "Match result": a level match stands in the Swiss (and in groups, which
    /// rank like it by match points); the knockout must decide it.
    #[must_use]
    pub fn draw_rule(&self) -> DrawRule {
        match self {
            Stage::Swiss { .. } | Stage::Groups(_) => DrawRule::Stands,
            Stage::Knockout(_) => DrawRule::MustBeDecided,
        }
    }
}

/// A sequence the constructor refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
pub enum StagesError {
    #[error("a tournament needs at least one stage")]
    Empty,
    #[error("a tournament starts with a Swiss or with groups, not with a knockout")]
    KnockoutFirst,
    #[error("the knockout (stage {0}) must be the last stage")]
    KnockoutNotLast(usize),
    #[error("one Swiss or groups stage, then at most a knockout (stage {0} is a second one)")]
    SecondOpeningStage(usize),
    #[error("a Swiss needs at least one round")]
    NoRounds,
    #[error("groups need at least one group")]
    NoGroups,
    #[error("at least one player of each group must go on to the knockout")]
    NobodyQualifies,
    #[error("the best of the next place are chosen among the {groups} groups, not {best_next}")]
    TooManyBestNext { best_next: u32, groups: u32 },
    #[error("a knockout needs at least 2 players, not {0}")]
    KnockoutTooSmall(u32),
    #[error("the knockout has {size} places but the groups qualify {qualified}")]
    SizeMismatch { size: u32, qualified: u32 },
    #[error("a knockout after groups enters them by crossover or group-mates apart")]
    SwissEntryAfterGroups,
    #[error("a knockout after a Swiss takes the top of its standings")]
    GroupEntryAfterSwiss,
    #[error("a crossover needs the top 2 of 2, 4, 8 ... groups and nobody from the third place")]
    CrossoverShape,
    #[error("a group has {MIN_PLAYERS} to {MAX_PLAYERS} players: {players} players in {groups} groups")]
    GroupSize { players: u32, groups: u32 },
    #[error("{qualifying} qualify from a group of {smallest}: the smallest group must keep one place")]
    GroupTooSmallToQualify { qualifying: u32, smallest: u32 },
}

/// A checked sequence of stages.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct Stages(Vec<Stage>);

impl Stages {
    /// Check a sequence as a whole: one Swiss or groups stage first, then at most a knockout,
    /// whose size is what the groups qualify (`count * per_group + best_next`) and whose entry
    /// fits the stage before it.
    ///
    /// # Errors
    /// [`StagesError`] naming the first rule the sequence breaks.
    pub fn new(stages: Vec<Stage>) -> Result<Stages, StagesError> {
        let Some(first) = stages.first() else { return Err(StagesError::Empty) };
        match first {
            Stage::Knockout(_) => return Err(StagesError::KnockoutFirst),
            Stage::Swiss { rounds: 0 } => return Err(StagesError::NoRounds),
            Stage::Groups(g) if g.count == 0 => return Err(StagesError::NoGroups),
            _ => {}
        }
        for (i, s) in stages.iter().enumerate().skip(1) {
            match s {
                Stage::Knockout(_) if i + 1 < stages.len() => {
                    return Err(StagesError::KnockoutNotLast(i + 1));
                }
                Stage::Knockout(k) => check_knockout(first, k)?,
                _ => return Err(StagesError::SecondOpeningStage(i + 1)),
            }
        }
        Ok(Stages(stages))
    }

    /// What every tournament was before stages: `rounds` of Swiss, then with `top` a knockout
    /// of the top K seeded 1 v K.
    ///
    /// # Errors
    /// No rounds, or a knockout of fewer than 2.
    pub fn swiss_then_knockout(
        rounds: u32,
        top: Option<u32>,
        third_place: bool,
    ) -> Result<Stages, StagesError> {
        let mut stages = vec![Stage::Swiss { rounds }];
        if let Some(size) = top {
            stages.push(Stage::Knockout(KnockoutStage {
                size,
                third_place,
                from: KnockoutEntry::SwissStandings,
            }));
        }
        Stages::new(stages)
    }

    #[must_use]
    pub fn stages(&self) -> &[Stage] {
        &self.0
    }

    /// The opening stage (a Swiss or groups).
    #[must_use]
    pub fn opening(&self) -> &Stage {
        &self.0[0]
    }

    #[must_use]
    pub fn knockout(&self) -> Option<&KnockoutStage> {
        match self.0.last() {
            Some(Stage::Knockout(k)) => Some(k),
            _ => None,
        }
    }
}

impl<'de> Deserialize<'de> for Stages {
    /// Stored sequences go through the same checks as new ones.
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let stages = Vec::<Stage>::deserialize(d)?;
        Stages::new(stages).map_err(serde::de::Error::custom)
    }
}

fn check_knockout(before: &Stage, k: &KnockoutStage) -> Result<(), StagesError> {
    if k.size < 2 {
        return Err(StagesError::KnockoutTooSmall(k.size));
    }
    match (before, k.from) {
        (Stage::Swiss { .. }, KnockoutEntry::SwissStandings) => Ok(()),
        (Stage::Swiss { .. }, _) => Err(StagesError::GroupEntryAfterSwiss),
        (Stage::Groups(_), KnockoutEntry::SwissStandings) => Err(StagesError::SwissEntryAfterGroups),
        (Stage::Groups(g), from) => {
            let q = g.qualify;
            if q.per_group == 0 {
                return Err(StagesError::NobodyQualifies);
            }
            if q.best_next >= g.count && q.best_next > 0 {
                return Err(StagesError::TooManyBestNext { best_next: q.best_next, groups: g.count });
            }
            let qualified = g.count * q.per_group + q.best_next;
            if qualified != k.size {
                return Err(StagesError::SizeMismatch { size: k.size, qualified });
            }
            let crossover_fits =
                q.per_group == 2 && q.best_next == 0 && g.count >= 2 && g.count.is_power_of_two();
            if from == KnockoutEntry::Crossover && !crossover_fits {
                return Err(StagesError::CrossoverShape);
            }
            Ok(())
        }
        (Stage::Knockout(_), _) => Err(StagesError::KnockoutFirst),
    }
}

impl GroupStage {
    /// The group sizes for `players`, larger first: they differ by at most one, as every draw
    /// (`round_robin::seeding`) deals them (which groups get the larger size is the draw's).
    ///
    /// # Errors
    /// A group outside the Berger tables' 3 to 16 players, or too small to keep a place below
    /// the qualifying ones.
    pub fn sizes(&self, players: u32) -> Result<Vec<u32>, StagesError> {
        let groups = self.count.max(1);
        let sizes: Vec<u32> =
            (0..groups).map(|g| players / groups + u32::from(g < players % groups)).collect();
        let smallest = sizes.iter().copied().min().unwrap_or(0);
        let largest = sizes.iter().copied().max().unwrap_or(0);
        if smallest < MIN_PLAYERS || largest > MAX_PLAYERS {
            return Err(StagesError::GroupSize { players, groups });
        }
        let qualifying = self.qualify.per_group + u32::from(self.qualify.best_next > 0);
        if qualifying >= smallest {
            return Err(StagesError::GroupTooSmallToQualify { qualifying, smallest });
        }
        Ok(sizes)
    }
}

/// A group's name: A to Z, then AA, AB, ... (64 groups of a 1,024-player qualifier).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct GroupLabel(pub u32);

impl fmt::Display for GroupLabel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let letter = |i: u32| char::from(b'A' + (i % 26) as u8);
        if self.0 < 26 {
            write!(f, "{}", letter(self.0))
        } else {
            write!(f, "{}{}", letter(self.0 / 26 - 1), letter(self.0))
        }
    }
}
