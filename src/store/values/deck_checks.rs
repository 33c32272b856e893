//! Deck checks: the values this aggregate's writes take and the history records with them. A leaf (see
//! `store::values`).

use serde::{Deserialize, Serialize};

/// One deck check as recorded by a referee.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NewDeckCheck {
    pub set_label: String,
    pub red_count: i64,
    pub polish_count: i64,
    /// The set handed to the players instead, when this one was short.
    pub swapped_to: String,
    /// Missing cards as (number, name), found by the card-by-card check.
    pub missing_cards: Vec<(u32, String)>,
}
