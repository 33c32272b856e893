//! "Why these pairings": the facts an organiser can show a doubting player (score groups,
//! floaters and why, the bye and why), as structured data the web page translates, and as
//! short plain English text.

use super::field::Field;
use super::{PairingInput, PlayerStatus};
use crate::league::ids::{HalfPoints, PlayerId};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The explanation of one round's pairing.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Explanation {
    pub round: u32,
    /// Score groups, highest first; players in pairing order.
    pub score_groups: Vec<ScoreGroup>,
    /// Every pair of players from different score groups.
    pub floaters: Vec<Floater>,
    pub bye: Option<ByeNote>,
    /// Organiser-forbidden pairs that had to be paired anyway (no pairing avoided them).
    pub forbidden_paired: Vec<(PlayerId, PlayerId)>,
    pub not_paired: Vec<NotPaired>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScoreGroup {
    pub score: HalfPoints,
    pub players: Vec<PlayerId>,
}

/// Whether the player moved to a lower or a higher score group.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum FloatDirection {
    Down,
    Up,
}

/// A pair across score groups: `down` left the higher group, `up` left the lower one.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Floater {
    pub down: PlayerId,
    pub down_score: HalfPoints,
    pub up: PlayerId,
    pub up_score: HalfPoints,
    /// Facts about `down`'s own score group (and the groups between the two) that kept them
    /// from being paired nearer.
    pub reasons: Vec<FloatReason>,
}

impl Floater {
    /// How far apart the two are: the score difference the pairing criteria weigh first.
    #[must_use]
    pub fn difference(&self) -> HalfPoints {
        self.down_score - self.up_score
    }
}

/// Why a player was paired outside their score group.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "kind")]
pub enum FloatReason {
    /// The group had an odd number of players: one of them has to float.
    OddGroup { group_size: u32 },
    /// The player had already met these members of the group (no rematches).
    AlreadyMet { players: Vec<PlayerId> },
    /// The organiser forbade pairing the player with these members of the group.
    Forbidden { players: Vec<PlayerId> },
    /// The pair skips these score groups (highest first): nobody there could play the player
    /// without a rematch or a larger score difference elsewhere in the field.
    SkippedGroups { scores: Vec<HalfPoints> },
    /// No fact about the player's own group: pairing the rest of the field without rematches
    /// (and with the smallest score differences) needed it.
    RestOfField,
}

/// Why the bye went to this player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ByeReason {
    /// The lowest-ranked player who had not had a bye.
    LowestRankedWithoutBye,
    /// Lower-ranked players without a bye were passed over: giving them the bye would have
    /// forced a rematch, a forbidden pair or larger score differences (the criteria that come
    /// before the bye's rank).
    LowerRankedCouldNotTakeIt,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ByeNote {
    pub player: PlayerId,
    pub score: HalfPoints,
    pub reason: ByeReason,
    /// Ranked lower but already had a bye.
    pub lower_ranked_had_bye: Vec<PlayerId>,
    /// Ranked lower, no bye yet, passed over.
    pub lower_ranked_passed_over: Vec<PlayerId>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "kind", content = "round")]
pub enum NotPairedReason {
    Withdrawn,
    /// A late entry who joins in this round.
    JoinsInRound(u32),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct NotPaired {
    pub player: PlayerId,
    pub reason: NotPairedReason,
}

pub(crate) fn explain(
    input: &PairingInput,
    field: &Field,
    pairs: &[(usize, usize)],
    bye: Option<usize>,
) -> Explanation {
    let e = &field.entrants;
    let score_groups = field
        .groups
        .iter()
        .map(|(score, members)| ScoreGroup {
            score: *score,
            players: members.iter().map(|&i| e[i].id).collect(),
        })
        .collect();
    let mut floaters = Vec::new();
    let mut forbidden_paired = Vec::new();
    for &(i, j) in pairs {
        let (hi, lo) = (i.min(j), i.max(j));
        if field.is_forbidden_ids(e[hi].id, e[lo].id) {
            forbidden_paired.push((e[hi].id, e[lo].id));
        }
        if e[hi].group == e[lo].group {
            continue;
        }
        let members = &field.groups[e[hi].group].1;
        let others = members.iter().filter(|&&m| m != hi).map(|&m| e[m].id);
        let met: Vec<PlayerId> = others.clone().filter(|&o| field.have_met_ids(e[hi].id, o)).collect();
        let forbidden: Vec<PlayerId> = others.filter(|&o| field.is_forbidden_ids(e[hi].id, o)).collect();
        let mut reasons = Vec::new();
        if members.len() % 2 == 1 {
            reasons
                .push(FloatReason::OddGroup { group_size: u32::try_from(members.len()).unwrap_or(u32::MAX) });
        }
        if !met.is_empty() {
            reasons.push(FloatReason::AlreadyMet { players: met });
        }
        if !forbidden.is_empty() {
            reasons.push(FloatReason::Forbidden { players: forbidden });
        }
        let between: Vec<HalfPoints> =
            field.groups[e[hi].group + 1..e[lo].group].iter().map(|(score, _)| *score).collect();
        if !between.is_empty() {
            reasons.push(FloatReason::SkippedGroups { scores: between });
        }
        if reasons.is_empty() {
            reasons.push(FloatReason::RestOfField);
        }
        floaters.push(Floater {
            down: e[hi].id,
            down_score: e[hi].score,
            up: e[lo].id,
            up_score: e[lo].score,
            reasons,
        });
    }
    let bye = bye.map(|b| {
        let below = &e[b + 1..];
        let lower_ranked_had_bye: Vec<PlayerId> = below.iter().filter(|x| x.had_bye).map(|x| x.id).collect();
        let lower_ranked_passed_over: Vec<PlayerId> =
            below.iter().filter(|x| !x.had_bye).map(|x| x.id).collect();
        let reason = if lower_ranked_passed_over.is_empty() {
            ByeReason::LowestRankedWithoutBye
        } else {
            ByeReason::LowerRankedCouldNotTakeIt
        };
        ByeNote { player: e[b].id, score: e[b].score, reason, lower_ranked_had_bye, lower_ranked_passed_over }
    });
    let not_paired = field
        .left_out
        .iter()
        .map(|&(player, status, joined)| NotPaired {
            player,
            reason: if status == PlayerStatus::Withdrawn {
                NotPairedReason::Withdrawn
            } else {
                NotPairedReason::JoinsInRound(joined)
            },
        })
        .collect();
    Explanation { round: input.round, score_groups, floaters, bye, forbidden_paired, not_paired }
}

fn ids(list: &[PlayerId]) -> String {
    list.iter().map(ToString::to_string).collect::<Vec<_>>().join(", ")
}

fn points(p: HalfPoints) -> String {
    let unit = if p == HalfPoints::ONE { "point" } else { "points" };
    format!("{p} {unit}")
}

impl fmt::Display for FloatReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FloatReason::OddGroup { group_size } => {
                write!(f, "the group has an odd number of players ({group_size})")
            }
            FloatReason::AlreadyMet { players } => write!(f, "already met {} of the group", ids(players)),
            FloatReason::Forbidden { players } => {
                write!(f, "the organiser forbade pairing with {} of the group", ids(players))
            }
            FloatReason::SkippedGroups { scores } => {
                let scores: Vec<String> = scores.iter().map(|&p| points(p)).collect();
                write!(
                    f,
                    "nobody in the score groups between ({}) could play them without a rematch or a larger difference elsewhere",
                    scores.join(", ")
                )
            }
            FloatReason::RestOfField => {
                f.write_str("pairing the rest of the field without rematches, at the smallest score differences, needed it")
            }
        }
    }
}

impl fmt::Display for Explanation {
    /// Short plain text, one fact a line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Round {}.", self.round)?;
        let groups: Vec<String> =
            self.score_groups.iter().map(|g| format!("{}: {}", points(g.score), ids(&g.players))).collect();
        writeln!(f, "Score groups: {}.", groups.join("; "))?;
        for fl in &self.floaters {
            let why: Vec<String> = fl.reasons.iter().map(ToString::to_string).collect();
            writeln!(
                f,
                "Player {} ({}) plays {} ({}) outside their score group, {} apart: {}.",
                fl.down,
                points(fl.down_score),
                fl.up,
                points(fl.up_score),
                points(fl.difference()),
                why.join("; ")
            )?;
        }
        if self.floaters.is_empty() {
            writeln!(f, "Everyone plays inside their score group.")?;
        }
        if let Some(b) = &self.bye {
            write!(f, "Bye: player {} ({}), ", b.player, points(b.score))?;
            match b.reason {
                ByeReason::LowestRankedWithoutBye => f.write_str("the lowest-ranked player without a bye")?,
                ByeReason::LowerRankedCouldNotTakeIt => write!(
                    f,
                    "because giving it to {} (ranked lower) would have forced a rematch, a forbidden pair or larger score differences",
                    ids(&b.lower_ranked_passed_over)
                )?,
            }
            if !b.lower_ranked_had_bye.is_empty() {
                write!(f, "; {} ranked lower but already had one", ids(&b.lower_ranked_had_bye))?;
            }
            writeln!(f, ".")?;
        }
        for (a, b) in &self.forbidden_paired {
            writeln!(
                f,
                "Players {a} and {b} are paired although the organiser forbade it: no pairing avoids it."
            )?;
        }
        for np in &self.not_paired {
            match np.reason {
                NotPairedReason::Withdrawn => writeln!(f, "Player {} is not paired: withdrawn.", np.player)?,
                NotPairedReason::JoinsInRound(r) => {
                    writeln!(f, "Player {} is not paired: joins in round {r}.", np.player)?;
                }
            }
        }
        Ok(())
    }
}
