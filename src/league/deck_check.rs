//! Deck checks (league rules, "Card list and deck checks"): "Before every game, and before
//! shuffling, the players count the cards of each deck. The Red Army deck and the Polish Army deck
//! have 30 cards each (60 in all). If cards are missing, the referees hand the players a new set (so
//! as not to delay the game), and then check the incomplete set against the card list." A count
//! above 30 is a wrong set too (a card of another set or deck), but not an incomplete one. The
//! league takes the card list as plain `(number, name)` pairs so it does not depend on the engine.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Cards in each deck (league rules: "The Red Army deck and the Polish Army deck have 30 cards
/// each"); an edition's loader checks its lists against it.
pub const DECK_SIZE: u32 = 30;

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
    /// Only counted: fewer cards than the list; check card by card to know which are missing.
    Short {
        expected: u32,
        counted: u32,
    },
    /// Only counted: more cards than the list (a card that belongs elsewhere); nothing is missing.
    TooMany {
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
    match counted.cmp(&expected) {
        std::cmp::Ordering::Equal => DeckReport::Complete { cards: counted },
        std::cmp::Ordering::Less => DeckReport::Short { expected, counted },
        std::cmp::Ordering::Greater => DeckReport::TooMany { expected, counted },
    }
}

/// A deck check that contradicts itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum DeckCheckError {
    /// Missing cards listed for a deck counted at its full size or above.
    #[error("{counted} cards counted, yet cards are listed as missing")]
    MissingButNotShort { counted: u32 },
    /// More cards listed as missing than the count lacks.
    #[error("{counted} cards counted lack {short}, yet {listed} are listed as missing")]
    MoreMissingThanShort { counted: u32, short: u32, listed: u32 },
}

/// Check one deck as the referee reports it: the count, and the numbers of the cards found missing
/// (only for a short deck, at most as many as the count lacks; fewer is allowed when a card of
/// another set took a place).
///
/// # Errors
/// The report contradicts itself ([`DeckCheckError`]).
pub fn check_deck(
    card_list: &[(u8, &str)],
    counted: u32,
    missing: &[u8],
) -> Result<DeckReport, DeckCheckError> {
    let by_count = check_count(card_list, counted);
    if missing.is_empty() {
        return Ok(by_count);
    }
    let DeckReport::Short { expected, counted } = by_count else {
        return Err(DeckCheckError::MissingButNotShort { counted });
    };
    let listed = u32::try_from(missing.len()).unwrap_or(u32::MAX);
    if listed > expected - counted {
        return Err(DeckCheckError::MoreMissingThanShort { counted, short: expected - counted, listed });
    }
    let present: Vec<u8> = card_list.iter().map(|&(n, _)| n).filter(|n| !missing.contains(n)).collect();
    Ok(check_cards(card_list, &present))
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
        assert_eq!(check_count(&LIST, 3), DeckReport::Short { expected: 4, counted: 3 });
        assert_eq!(check_count(&LIST, 5), DeckReport::TooMany { expected: 4, counted: 5 });
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

    #[test]
    fn a_reported_deck_must_agree_with_itself() {
        // Full count: nothing may be listed missing (the "30 with every card missing").
        assert_eq!(check_deck(&LIST, 4, &[]), Ok(DeckReport::Complete { cards: 4 }));
        assert_eq!(
            check_deck(&LIST, 4, &[1, 2, 3, 4]),
            Err(DeckCheckError::MissingButNotShort { counted: 4 })
        );
        // One card too many is "too many", not incomplete, and lists nothing missing.
        assert_eq!(check_deck(&LIST, 5, &[]), Ok(DeckReport::TooMany { expected: 4, counted: 5 }));
        assert_eq!(check_deck(&LIST, 5, &[2]), Err(DeckCheckError::MissingButNotShort { counted: 5 }));
        // Short by two: up to two cards may be listed.
        assert_eq!(check_deck(&LIST, 2, &[]), Ok(DeckReport::Short { expected: 4, counted: 2 }));
        assert_eq!(
            check_deck(&LIST, 2, &[2, 4]),
            Ok(DeckReport::Incomplete {
                missing: vec![
                    CardRef { number: 2, name: Some("Złamany szyfr".into()) },
                    CardRef { number: 4, name: Some("Marsz".into()) },
                ],
                extra: vec![],
            })
        );
        assert_eq!(
            check_deck(&LIST, 2, &[1, 2, 4]),
            Err(DeckCheckError::MoreMissingThanShort { counted: 2, short: 2, listed: 3 })
        );
    }
}
