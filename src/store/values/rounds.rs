//! Rounds and their matches: the values this aggregate's writes take and the history records with them. A leaf (see
//! `store::values`).

use crate::store::PlayerId;
use crate::store::StoredText;
use serde::{Deserialize, Serialize};

stored_as_text!(Phase, Status);

stored_as_text!(Forfeit);

/// Swiss, a round of round-robin groups, or knockout (the stage a round belongs to).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Phase {
    Swiss,
    /// A round of every group's Berger schedule (issue 19): its matches name their group.
    Groups,
    Knockout,
}

impl Phase {
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Phase::Swiss => "swiss",
            Phase::Groups => "groups",
            Phase::Knockout => "knockout",
        }
    }

    #[must_use]
    pub fn parse(s: &str) -> Option<Phase> {
        Phase::ALL.iter().copied().find(|p| p.as_str() == s)
    }
}

impl StoredText for Phase {
    const ALL: &'static [Phase] = &[Phase::Swiss, Phase::Groups, Phase::Knockout];
    fn as_str(self) -> &'static str {
        Phase::as_str(self)
    }
}

/// Where a round is in its life.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Status {
    /// Computed, visible only to the organiser.
    Draft,
    /// Public; results are being entered.
    Published,
    /// Finished; no more edits.
    Locked,
}

impl Status {
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Draft => "draft",
            Status::Published => "published",
            Status::Locked => "locked",
        }
    }

    #[must_use]
    pub fn parse(s: &str) -> Option<Status> {
        Status::ALL.iter().copied().find(|v| v.as_str() == s)
    }
}

impl StoredText for Status {
    const ALL: &'static [Status] = &[Status::Draft, Status::Published, Status::Locked];
    fn as_str(self) -> &'static str {
        Status::as_str(self)
    }
}

/// A match not played over the board (`a` commands Red in game 1, `b` is the other player).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Forfeit {
    AbsentA,
    AbsentB,
    AbsentBoth,
    WithdrewA,
    WithdrewB,
}

impl Forfeit {
    pub const ALL: [Forfeit; 5] =
        [Forfeit::AbsentA, Forfeit::AbsentB, Forfeit::AbsentBoth, Forfeit::WithdrewA, Forfeit::WithdrewB];

    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Forfeit::AbsentA => "absent-a",
            Forfeit::AbsentB => "absent-b",
            Forfeit::AbsentBoth => "absent-both",
            Forfeit::WithdrewA => "withdrew-a",
            Forfeit::WithdrewB => "withdrew-b",
        }
    }

    #[must_use]
    pub fn parse(s: &str) -> Option<Forfeit> {
        Forfeit::ALL.into_iter().find(|f| f.as_str() == s)
    }
}

impl StoredText for Forfeit {
    const ALL: &'static [Forfeit] = &Forfeit::ALL;
    fn as_str(self) -> &'static str {
        Forfeit::as_str(self)
    }
}

/// A pairing to store: `player_a` commands Red in game 1; `player_b` `None` is a bye.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NewMatch {
    pub table_no: i64,
    pub player_a: PlayerId,
    pub player_b: Option<PlayerId>,
    pub bracket_slot: Option<i64>,
    /// The group of a group round's match (0 for A); left out of history while `None`, so rows
    /// read as those written before groups existed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub group_no: Option<i64>,
}
