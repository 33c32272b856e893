//! Small `Copy` identifiers and fixed-size containers: the hot replay loop works on these, never on names.

use crate::outcome::Side;
use serde::{Deserialize, Serialize};

/// A unit (army token) of the edition, `0..12`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct UnitId(pub u8);

/// A board space of the edition, `0..MAX_HEXES`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct HexId(pub u8);

/// A command card: Red cards are `0..30`, Polish cards `30..60` (position in the card list minus one).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct CardId(pub u8);

/// Cards per deck (rulebook "Game Components": 30 Red and 30 Polish cards).
pub const DECK_SIZE: u8 = 30;
/// Units in the game (rulebook "Game Components": 6 Red, 6 Polish).
pub const UNIT_COUNT: usize = 12;
/// Upper bound on board spaces an edition may define (a `u128` bitset covers the board).
pub const MAX_HEXES: usize = 128;

impl CardId {
    /// The side whose deck holds this card.
    #[must_use]
    pub fn side(self) -> Side {
        if self.0 < DECK_SIZE { Side::Red } else { Side::Polish }
    }

    /// Position in its side's card list, `1..=30`.
    #[must_use]
    pub fn number(self) -> u8 {
        self.0 % DECK_SIZE + 1
    }

    /// The card at `number` (`1..=30`) of `side`'s list.
    #[must_use]
    pub fn of(side: Side, number: u8) -> Option<CardId> {
        if !(1..=DECK_SIZE).contains(&number) {
            return None;
        }
        let base = if side == Side::Red { 0 } else { DECK_SIZE };
        Some(CardId(base + number - 1))
    }

    /// The notation token: `R07`, `P12`.
    #[must_use]
    pub fn token(self) -> String {
        self.token_bytes().iter().map(|b| char::from(*b)).collect()
    }

    /// The notation token as ASCII bytes (no allocation: the parser spells every card with it).
    #[must_use]
    pub fn token_bytes(self) -> [u8; 3] {
        let letter = if self.side() == Side::Red { b'R' } else { b'P' };
        let n = self.number();
        [letter, b'0' + n / 10, b'0' + n % 10]
    }

    /// Parse a notation token (`R7`, `R07`, `p12`; the number as Rust reads a `u8`, so `R007` and
    /// `R+7` too, as always).
    #[must_use]
    pub fn parse_token(s: &str) -> Option<CardId> {
        let (first, rest) = s.as_bytes().split_first()?;
        let side = match first {
            b'R' | b'r' => Side::Red,
            b'P' | b'p' => Side::Polish,
            _ => return None,
        };
        let digits = rest.strip_prefix(b"+").unwrap_or(rest);
        if digits.is_empty() {
            return None;
        }
        let mut n: u16 = 0;
        for &b in digits {
            if !b.is_ascii_digit() {
                return None;
            }
            n = n * 10 + u16::from(b - b'0');
            if n > u16::from(u8::MAX) {
                return None;
            }
        }
        CardId::of(side, n as u8)
    }
}

/// A set of cards as a bitset over the 60 card ids.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct CardSet(pub u64);

impl CardSet {
    pub const EMPTY: CardSet = CardSet(0);

    /// Every card of one side's deck.
    #[must_use]
    pub fn full_deck(side: Side) -> CardSet {
        let red = (1u64 << DECK_SIZE) - 1;
        match side {
            Side::Red => CardSet(red),
            Side::Polish => CardSet(red << DECK_SIZE),
        }
    }
    #[must_use]
    pub fn single(c: CardId) -> CardSet {
        CardSet(1u64 << c.0)
    }
    #[must_use]
    pub fn contains(self, c: CardId) -> bool {
        self.0 & (1u64 << c.0) != 0
    }
    pub fn insert(&mut self, c: CardId) {
        self.0 |= 1u64 << c.0;
    }
    pub fn remove(&mut self, c: CardId) {
        self.0 &= !(1u64 << c.0);
    }
    #[must_use]
    pub fn len(self) -> u32 {
        self.0.count_ones()
    }
    #[must_use]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    #[must_use]
    pub fn union(self, o: CardSet) -> CardSet {
        CardSet(self.0 | o.0)
    }
    #[must_use]
    pub fn minus(self, o: CardSet) -> CardSet {
        CardSet(self.0 & !o.0)
    }
    #[must_use]
    pub fn intersect(self, o: CardSet) -> CardSet {
        CardSet(self.0 & o.0)
    }
    #[must_use]
    pub fn is_subset(self, o: CardSet) -> bool {
        self.0 & !o.0 == 0
    }
    /// Cards in ascending id order.
    pub fn iter(self) -> impl Iterator<Item = CardId> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let i = bits.trailing_zeros();
            bits &= bits - 1;
            Some(CardId(i as u8))
        })
    }
    /// The `n`-th card in ascending order.
    #[must_use]
    pub fn nth(self, n: usize) -> Option<CardId> {
        self.iter().nth(n)
    }
}

impl FromIterator<CardId> for CardSet {
    fn from_iter<I: IntoIterator<Item = CardId>>(iter: I) -> Self {
        let mut s = CardSet::EMPTY;
        for c in iter {
            s.insert(c);
        }
        s
    }
}

/// One value per side: `BySide { red, polish }` instead of indices.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash, Serialize, Deserialize)]
pub struct BySide<T> {
    pub red: T,
    pub polish: T,
}

impl<T> BySide<T> {
    #[must_use]
    pub fn get(&self, side: Side) -> &T {
        match side {
            Side::Red => &self.red,
            Side::Polish => &self.polish,
        }
    }
    pub fn get_mut(&mut self, side: Side) -> &mut T {
        match side {
            Side::Red => &mut self.red,
            Side::Polish => &mut self.polish,
        }
    }
}

/// Colour of a unit or a card (rulebook "Card Anatomy", "Attack Resolution": Red cards blue and green,
/// Polish cards red and yellow; white cards match every unit; the Warsaw Defenders have no colour).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Colour {
    Blue,
    Green,
    Red,
    Yellow,
    White,
    /// Only the Warsaw Defenders: every card fights for them.
    None,
}

impl Colour {
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Colour::Blue => "blue",
            Colour::Green => "green",
            Colour::Red => "red",
            Colour::Yellow => "yellow",
            Colour::White => "white",
            Colour::None => "none",
        }
    }
    #[must_use]
    pub fn parse(s: &str) -> Option<Colour> {
        Some(match s.trim().to_ascii_lowercase().as_str() {
            "blue" => Colour::Blue,
            "green" => Colour::Green,
            "red" => Colour::Red,
            "yellow" => Colour::Yellow,
            "white" => Colour::White,
            "none" | "" => Colour::None,
            _ => return None,
        })
    }
}

/// The six hex directions of a pointy-top grid (PRODUCT.md; the directions the flank rule names).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Direction {
    East,
    NorthEast,
    NorthWest,
    West,
    SouthWest,
    SouthEast,
}

impl Direction {
    pub const ALL: [Direction; 6] = [
        Direction::East,
        Direction::NorthEast,
        Direction::NorthWest,
        Direction::West,
        Direction::SouthWest,
        Direction::SouthEast,
    ];
    /// Axial offset `(dq, dr)`.
    #[must_use]
    pub fn delta(self) -> (i16, i16) {
        match self {
            Direction::East => (1, 0),
            Direction::NorthEast => (1, -1),
            Direction::NorthWest => (0, -1),
            Direction::West => (-1, 0),
            Direction::SouthWest => (-1, 1),
            Direction::SouthEast => (0, 1),
        }
    }
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Direction::East => "E",
            Direction::NorthEast => "NE",
            Direction::NorthWest => "NW",
            Direction::West => "W",
            Direction::SouthWest => "SW",
            Direction::SouthEast => "SE",
        }
    }
    /// One of W, NW, SW: the Polish flank directions (rulebook "Flank Attacks").
    #[must_use]
    pub fn is_westward(self) -> bool {
        matches!(self, Direction::West | Direction::NorthWest | Direction::SouthWest)
    }
    /// One of E, NE, SE: the Red flank directions.
    #[must_use]
    pub fn is_eastward(self) -> bool {
        !self.is_westward()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn card_tokens_round_trip() {
        for i in 0..60u8 {
            let c = CardId(i);
            assert_eq!(CardId::parse_token(&c.token()), Some(c));
        }
        assert_eq!(CardId::parse_token("R31"), None);
        assert_eq!(CardId::parse_token("r007"), CardId::of(Side::Red, 7));
        assert_eq!(CardId::parse_token("R+7"), CardId::of(Side::Red, 7), "as u8 parsing always read it");
        assert_eq!(CardId::parse_token("R"), None);
        assert_eq!(CardId::parse_token("R300"), None);
        assert_eq!(CardId::parse_token("R-7"), None);
        assert_eq!(CardId::parse_token("P0"), None);
        assert_eq!(CardId::parse_token("X01"), None);
    }

    #[test]
    fn card_sets_iterate_in_order() {
        let s: CardSet = [CardId(40), CardId(3), CardId(17)].into_iter().collect();
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![CardId(3), CardId(17), CardId(40)]);
        assert_eq!(s.len(), 3);
        assert_eq!(CardSet::full_deck(Side::Polish).len(), 30);
        assert!(CardSet::full_deck(Side::Red).intersect(CardSet::full_deck(Side::Polish)).is_empty());
    }
}
