//! Stages: the values this aggregate's writes take and the history records with them. A leaf (see
//! `store::values`).

use crate::league::round_robin::standings::WithdrawalRule;
use crate::league::stages::Seeding;
use crate::store::StoredText;
use serde::{Deserialize, Serialize};

/// A stage open for play, or closed with its ranking frozen.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum StageStatus {
    Open,
    Closed,
}

impl StoredText for StageStatus {
    const ALL: &'static [StageStatus] = &[StageStatus::Open, StageStatus::Closed];
    fn as_str(self) -> &'static str {
        match self {
            StageStatus::Open => "open",
            StageStatus::Closed => "closed",
        }
    }
}

/// The league's kind of a stage, as the `kind` column names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum StageKind {
    Swiss,
    Groups,
    Knockout,
}

impl StoredText for StageKind {
    const ALL: &'static [StageKind] = &[StageKind::Swiss, StageKind::Groups, StageKind::Knockout];
    fn as_str(self) -> &'static str {
        match self {
            StageKind::Swiss => "swiss",
            StageKind::Groups => "groups",
            StageKind::Knockout => "knockout",
        }
    }
}

impl StoredText for WithdrawalRule {
    const ALL: &'static [WithdrawalRule] = &[WithdrawalRule::ResultsStand, WithdrawalRule::AnnulUnderHalf];
    fn as_str(self) -> &'static str {
        match self {
            WithdrawalRule::ResultsStand => "results-stand",
            WithdrawalRule::AnnulUnderHalf => "annul-under-half",
        }
    }
}

impl StoredText for Seeding {
    const ALL: &'static [Seeding] = &[Seeding::Snake, Seeding::Pots, Seeding::Lot];
    fn as_str(self) -> &'static str {
        match self {
            Seeding::Snake => "snake",
            Seeding::Pots => "pots",
            Seeding::Lot => "lot",
        }
    }
}

stored_as_text!(StageStatus, StageKind, WithdrawalRule, Seeding);

/// What happened to a stage, as its history row records it (`stage`, the action of each).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "kind")]
pub enum StageEvent {
    /// The tournament's stages chosen (the league's serde form of each `Stage`), before any round.
    Chosen { before: serde_json::Value, after: serde_json::Value },
    /// Groups drawn and fixed: the seeding, its lot's seed, every group's players in Berger order.
    Drawn { seeding: Seeding, lot_seed: Option<i64>, groups: Vec<Vec<i64>> },
    /// The organiser's lot for a tie at a qualifying place of a group (0 for A).
    LotDrawn { group: i64, lot_seed: i64 },
    /// What happens to a withdrawn player's results.
    Withdrawal { rule: String },
    /// Closed: its ranking frozen.
    Closed,
    /// Opened again, with the organiser's reason.
    Reopened { reason: String },
    /// The organiser's seed list for the draw (player ids, best first; empty: registration order).
    SeedOrder { players: Vec<i64> },
    /// The groups' tiebreak order (the league's names, comma-separated).
    Tiebreaks { order: String },
}

impl StageEvent {
    /// The history row's action.
    #[must_use]
    pub fn action(&self) -> &'static str {
        match self {
            StageEvent::Chosen { .. } => "choose",
            StageEvent::Drawn { .. } => "draw",
            StageEvent::LotDrawn { .. } => "lot",
            StageEvent::Withdrawal { .. } => "withdrawal",
            StageEvent::Closed => "close",
            StageEvent::Reopened { .. } => "reopen",
            StageEvent::SeedOrder { .. } => "seed order",
            StageEvent::Tiebreaks { .. } => "tiebreaks",
        }
    }

    pub const ACTIONS: [&'static str; 8] =
        ["choose", "draw", "lot", "withdrawal", "close", "reopen", "seed order", "tiebreaks"];
}

/// A group draw to fix: `groups[g]` in Berger-number order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NewDraw {
    pub seeding: Seeding,
    pub lot_seed: Option<i64>,
    /// The league's clashes (where separation could not keep a school apart), as JSON.
    pub clashes: String,
    pub groups: Vec<Vec<crate::store::PlayerId>>,
}
