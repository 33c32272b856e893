//! Deck checks (league rules, "Card list and deck checks"): before each game the referee counts
//! each deck (30 Red, 30 Polish); a short deck is swapped at once and the incomplete set is then
//! checked card by card against the edition's card list. The league takes the card list as plain
//! `(number, name)` pairs so it does not depend on the engine.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A card of the edition's list, or a number the list does not know (`name: None`).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct CardRef {
    pub number: u8,
    pub name: Option<String>,
}

/// The verdict on one deck.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "kind")]
pub enum DeckReport {
    Complete {
        cards: u32,
    },
    /// Only counted: the count differs from the card list's; check card by card to know which.
    WrongCount {
        expected: u32,
        counted: u32,
    },
    /// Checked card by card: what is missing, and what should not be there (a card of
    /// another deck, an unknown number, or a second copy).
    Incomplete {
        missing: Vec<CardRef>,
        extra: Vec<CardRef>,
    },
}

impl DeckReport {
    #[must_use]
    pub fn is_complete(&self) -> bool {
        matches!(self, DeckReport::Complete { .. })
    }
}

/// Check a deck by its count alone.
#[must_use]
pub fn check_count(card_list: &[(u8, &str)], counted: u32) -> DeckReport {
    let expected = u32::try_from(card_list.len()).unwrap_or(u32::MAX);
    if counted == expected {
        DeckReport::Complete { cards: counted }
    } else {
        DeckReport::WrongCount { expected, counted }
    }
}

/// Check a deck card by card: `present` lists the numbers of the cards found (in any order).
#[must_use]
pub fn check_cards(card_list: &[(u8, &str)], present: &[u8]) -> DeckReport {
    let mut expected: BTreeMap<u8, (usize, &str)> = BTreeMap::new();
    for &(number, name) in card_list {
        expected.entry(number).or_insert((0, name)).0 += 1;
    }
    let mut found: BTreeMap<u8, usize> = BTreeMap::new();
    for &n in present {
        *found.entry(n).or_default() += 1;
    }
    let name_of = |n: u8| expected.get(&n).map(|&(_, name)| name.to_string());
    let mut missing = Vec::new();
    for (&number, &(want, _)) in &expected {
        let have = found.get(&number).copied().unwrap_or(0);
        missing.extend(std::iter::repeat_n(
            CardRef { number, name: name_of(number) },
            want.saturating_sub(have),
        ));
    }
    let mut extra = Vec::new();
    for (&number, &have) in &found {
        let want = expected.get(&number).map_or(0, |e| e.0);
        extra.extend(std::iter::repeat_n(
            CardRef { number, name: name_of(number) },
            have.saturating_sub(want),
        ));
    }
    if missing.is_empty() && extra.is_empty() {
        DeckReport::Complete { cards: u32::try_from(present.len()).unwrap_or(u32::MAX) }
    } else {
        DeckReport::Incomplete { missing, extra }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LIST: [(u8, &str); 4] = [(1, "Okrutna bitwa"), (2, "Złamany szyfr"), (3, "Odwrót"), (4, "Marsz")];

    #[test]
    fn a_full_count_or_a_full_set_is_complete() {
        assert!(check_count(&LIST, 4).is_complete());
        assert_eq!(check_count(&LIST, 3), DeckReport::WrongCount { expected: 4, counted: 3 });
        assert_eq!(check_cards(&LIST, &[4, 2, 3, 1]), DeckReport::Complete { cards: 4 });
    }

    #[test]
    fn an_incomplete_set_names_missing_and_extra_cards() {
        let r = check_cards(&LIST, &[1, 3, 3, 9]);
        assert_eq!(
            r,
            DeckReport::Incomplete {
                missing: vec![
                    CardRef { number: 2, name: Some("Złamany szyfr".into()) },
                    CardRef { number: 4, name: Some("Marsz".into()) },
                ],
                extra: vec![
                    CardRef { number: 3, name: Some("Odwrót".into()) },
                    CardRef { number: 9, name: None }
                ],
            }
        );
        assert!(!r.is_complete());
        // The right number of cards can still be the wrong set.
        assert!(!check_cards(&LIST, &[1, 2, 3, 3]).is_complete());
    }
}
