//! The edition's card list as the deck-check checklist shows it (shared by the match page and the
//! deck-check form, so neither imports the other).

use crate::app::results::card_list;
use crate::engine::Edition;
use crate::outcome::Side;

/// One card of the edition's list, for the deck-check checklist.
pub struct CardView {
    pub side: Side,
    pub number: u8,
    pub name: String,
}

/// Every card of both decks of the tournament's edition, Red first, for the checklist.
pub fn checklist(edition: &Edition) -> Vec<CardView> {
    Side::BOTH
        .into_iter()
        .flat_map(|side| {
            card_list(edition, side).into_iter().map(move |(number, name)| CardView {
                side,
                number,
                name: name.to_string(),
            })
        })
        .collect()
}
