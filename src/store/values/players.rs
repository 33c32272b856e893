//! Players: the values this aggregate's writes take and the history records with them. A leaf (see
//! `store::values`).

pub use super::persons::PersonLink;
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

/// A player as registered (validated by the web layer: name not empty, age checked or overridden).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct NewPlayer {
    pub name: String,
    pub birth_date: NaiveDate,
    pub club: String,
    /// The region as the season names it (empty: none given; outside a season as typed).
    #[serde(skip)]
    pub region: String,
    pub knowledge_score: Option<i64>,
    /// The organiser accepted a player outside the 14-20 age range.
    pub age_override: bool,
    /// Which person the entry is (issue 20).
    #[serde(skip)]
    pub person: PersonLink,
}

/// What an organiser may change on a registered player.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerChange {
    pub withdrawn: bool,
    pub knowledge_score: Option<i64>,
}

/// The birth date an erased player or person keeps (the column cannot be empty; no one is that old).
#[must_use]
pub fn erased_birth_date() -> NaiveDate {
    NaiveDate::from_ymd_opt(1900, 1, 1).unwrap_or_default()
}
