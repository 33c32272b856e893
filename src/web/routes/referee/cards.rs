//! The edition's card list as the deck-check checklist shows it (shared by the match page and the
//! deck-check form, so neither imports the other).

use crate::app::results::card_list;
use crate::engine::Edition;
use crate::outcome::Side;
use std::fmt;

/// An army as the referee's pages show it (the outcome's [`Side`]): its form value (`red`,
/// `polish`, the stored name) and, in the checklist, its letter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Army {
    Red,
    Polish,
}

impl From<Side> for Army {
    fn from(s: Side) -> Army {
        match s {
            Side::Red => Army::Red,
            Side::Polish => Army::Polish,
        }
    }
}

impl fmt::Display for Army {
    /// The form value, the side's stored name.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Army::Red => Side::Red.as_str(),
            Army::Polish => Side::Polish.as_str(),
        })
    }
}

/// One card of the edition's list, for the deck-check checklist.
pub struct CardView {
    pub side: Army,
    pub number: u8,
    pub name: String,
}

/// Every card of both decks of the tournament's edition, Red first, for the checklist.
pub fn checklist(edition: &Edition) -> Vec<CardView> {
    Side::BOTH
        .into_iter()
        .flat_map(|side| {
            card_list(edition, side).into_iter().map(move |(number, name)| CardView {
                side: side.into(),
                number,
                name: name.to_string(),
            })
        })
        .collect()
}
