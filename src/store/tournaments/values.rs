//! Tournaments' configuration: the values this aggregate's writes take and the history records with them. A leaf:
//! `store::history` names these, so they name nothing that writes history.

use crate::engine::{Encirclement, RuleOptions};
use chrono::NaiveDate;
use serde::Serialize;

/// What the organiser configures (validated by the web layer before it gets here).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TournamentConfig {
    pub name: String,
    pub venue: String,
    pub first_day: NaiveDate,
    pub last_day: NaiveDate,
    pub swiss_rounds: i64,
    /// Size of the knockout bracket after the Swiss rounds; 0: no knockout.
    pub knockout_size: i64,
    pub third_place: bool,
    /// Match points in integer half-points.
    pub score_win: i64,
    pub score_draw: i64,
    pub score_loss: i64,
    pub score_bye: i64,
    /// Tiebreak names in order, comma-separated (league names).
    pub tiebreaks: String,
    /// The code of the edition the tournament plays (`store::editions`; a log's `Edition` tag).
    pub edition: String,
    /// The engine's switches for the tournament's games, stored as one JSON column (their serde
    /// form: a switch the engine adds later keeps its default until it is stored).
    pub rules: RuleOptions,
}

impl TournamentConfig {
    /// The stored name of the encirclement reading (the form's choice).
    #[must_use]
    pub fn encirclement(&self) -> &'static str {
        match self.rules.encirclement {
            Encirclement::TwoAttackers => "two-attackers",
            Encirclement::FlankAttack => "flank-attack",
        }
    }
}
