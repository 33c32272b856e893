//! Game results: the values this aggregate's writes take and the history records with them. A leaf (see
//! `store::values`).

use crate::outcome::{Side, Termination};
use crate::store::StoredText;
use serde::{Deserialize, Serialize};

stored_as_text!(LogStatus);

/// What became of a game's move log: none submitted, validated by the engine, or refused by it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum LogStatus {
    None,
    Valid,
    Invalid,
}

impl LogStatus {
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            LogStatus::None => "none",
            LogStatus::Valid => "valid",
            LogStatus::Invalid => "invalid",
        }
    }
}

impl std::fmt::Display for LogStatus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl StoredText for LogStatus {
    const ALL: &'static [LogStatus] = &[LogStatus::None, LogStatus::Valid, LogStatus::Invalid];
    fn as_str(self) -> &'static str {
        LogStatus::as_str(self)
    }
}

/// The result a referee saves. `log_text` is stored as submitted.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, sqlx::FromRow)]
pub struct ResultEntry {
    pub winner: Option<Side>,
    pub termination: Option<Termination>,
    pub red_points: Option<i64>,
    pub red_clock_secs: Option<i64>,
    pub polish_clock_secs: Option<i64>,
    pub log_text: Option<String>,
    pub log_status: LogStatus,
    pub log_message: String,
    /// The edition the log was validated with (kept with the log; `None` without one).
    pub log_edition: Option<String>,
}

impl ResultEntry {
    /// No result at all (a result cleared again).
    pub const NONE: ResultEntry = ResultEntry {
        winner: None,
        termination: None,
        red_points: None,
        red_clock_secs: None,
        polish_clock_secs: None,
        log_text: None,
        log_status: LogStatus::None,
        log_message: String::new(),
        log_edition: None,
    };

    /// A result typed without a move log (the clocks as read, if they were).
    #[must_use]
    pub fn typed(
        winner: Side,
        termination: Termination,
        red_points: i64,
        red_clock_secs: Option<i64>,
        polish_clock_secs: Option<i64>,
    ) -> ResultEntry {
        ResultEntry {
            winner: Some(winner),
            termination: Some(termination),
            red_points: Some(red_points),
            red_clock_secs,
            polish_clock_secs,
            ..ResultEntry::NONE
        }
    }
}
