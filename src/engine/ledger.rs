//! The card ledger: where every card is, as far as the log knows. A log may write `?` for a card nobody at
//! the table saw (a draw, a card drawn back in combat), so a reserve holds known cards and a count of unseen
//! ones; a deck is face down and only counted. The cards whose place is not known ("unplaced") are exactly
//! the cards of the decks and the unseen cards of the reserves, in some order: nothing observable ever
//! tells one unseen card from another, so a named card is consistent with everything known exactly when
//! the zone it is said to be in holds a card of its place or an unseen card it could be. That is the one
//! consistency check, [`Ledger::place_of`]; every move of a card goes through it.

use super::error::Place;
use super::ids::{BySide, CardId, CardSet, DECK_SIZE};
use crate::outcome::Side;

/// Every card of both decks, with unseen ones counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Ledger {
    /// Cards known to be in a reserve (both sides: a card's side is in its id).
    hand: CardSet,
    /// The discard piles (always known: discarded cards are face up).
    discard: CardSet,
    /// Cards committed to the attack being resolved (face down, set aside, or face up).
    combat: CardSet,
    /// Cards in each reserve whose identity the log does not know.
    hand_unseen: BySide<u8>,
    /// Cards left in each deck.
    deck: BySide<u8>,
    /// A selected card written `?`: counted in its reserve until the opponent draws it back unseen, so
    /// the reserve keeps it (rulebook: it "goes back (unrevealed)").
    committed_unseen: BySide<u8>,
}

/// Where a named card can be: a known place, or unplaced (in the deck or among a reserve's unseen cards).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Whereabouts {
    Known(Place),
    Unplaced,
}

impl Ledger {
    /// Both decks full, nothing else anywhere.
    pub(crate) fn new() -> Ledger {
        Ledger {
            hand: CardSet::EMPTY,
            discard: CardSet::EMPTY,
            combat: CardSet::EMPTY,
            hand_unseen: BySide::default(),
            deck: BySide { red: DECK_SIZE, polish: DECK_SIZE },
            committed_unseen: BySide::default(),
        }
    }

    /// A fully known position (`Setup`): the given reserves and discard pile; the decks hold the rest.
    pub(crate) fn known(hand: CardSet, discard: CardSet) -> Ledger {
        let mut l = Ledger { hand, discard, ..Ledger::new() };
        for side in Side::BOTH {
            *l.deck.get_mut(side) = l.unplaced(side).len() as u8;
        }
        l
    }

    /// The known cards of a reserve.
    pub(crate) fn hand(&self, side: Side) -> CardSet {
        self.hand.intersect(CardSet::full_deck(side))
    }
    pub(crate) fn hand_unseen(&self, side: Side) -> u8 {
        *self.hand_unseen.get(side)
    }
    /// Cards in a reserve, seen or not (a selected `?` still counts until drawn back).
    pub(crate) fn hand_size(&self, side: Side) -> u32 {
        self.hand(side).len() + u32::from(self.hand_unseen(side))
    }
    /// Cards a side can still commit: its reserve less a selected `?` that is counted there.
    pub(crate) fn available(&self, side: Side) -> u32 {
        self.hand_size(side) - u32::from(*self.committed_unseen.get(side))
    }
    pub(crate) fn deck_size(&self, side: Side) -> u8 {
        *self.deck.get(side)
    }
    pub(crate) fn discard(&self) -> CardSet {
        self.discard
    }
    pub(crate) fn combat(&self) -> CardSet {
        self.combat
    }
    pub(crate) fn combat_of(&self, side: Side) -> CardSet {
        self.combat.intersect(CardSet::full_deck(side))
    }
    pub(crate) fn committed_unseen(&self, side: Side) -> u8 {
        *self.committed_unseen.get(side)
    }
    /// Cards of `side` whose place the log does not know: the deck and the reserve's unseen cards.
    pub(crate) fn unplaced(&self, side: Side) -> CardSet {
        CardSet::full_deck(side).minus(self.hand).minus(self.discard).minus(self.combat)
    }

    /// The one consistency check: where `card` (of `side`'s deck) is as far as the log knows.
    pub(crate) fn place_of(&self, card: CardId) -> Whereabouts {
        if self.hand.contains(card) {
            Whereabouts::Known(Place::Reserve)
        } else if self.discard.contains(card) {
            Whereabouts::Known(Place::DiscardPile)
        } else if self.combat.contains(card) {
            Whereabouts::Known(Place::Combat)
        } else {
            Whereabouts::Unplaced
        }
    }

    /// The place to name in a message for a card that is not where it was said to be: an unplaced card
    /// refused from a reserve is in the deck (the reserve has no unseen card it could be).
    pub(crate) fn place_for_message(&self, card: CardId) -> Place {
        match self.place_of(card) {
            Whereabouts::Known(p) => p,
            Whereabouts::Unplaced => Place::Deck,
        }
    }

    /// Can `card` be in its side's reserve? (Known there, or unplaced while the reserve has an unseen card.)
    pub(crate) fn may_be_in_hand(&self, card: CardId) -> bool {
        match self.place_of(card) {
            Whereabouts::Known(Place::Reserve) => true,
            Whereabouts::Unplaced => self.hand_unseen(card.side()) > 0,
            _ => false,
        }
    }

    /// A draw from `side`'s deck into its reserve: `None` for an unseen card. The caller checks the
    /// deck is not empty. Refused with the card's place if a named card cannot be in the deck.
    pub(crate) fn draw(&mut self, side: Side, card: Option<CardId>) -> Result<(), Place> {
        match card {
            None => *self.hand_unseen.get_mut(side) += 1,
            Some(c) => {
                if self.place_of(c) != Whereabouts::Unplaced {
                    return Err(self.place_for_message(c));
                }
                self.hand.insert(c);
            }
        }
        *self.deck.get_mut(side) -= 1;
        Ok(())
    }

    /// Make a named card of the reserve known (it was seen there), so it can be moved. Refused with its
    /// place if it cannot be in the reserve.
    pub(crate) fn identify_in_hand(&mut self, card: CardId) -> Result<(), Place> {
        match self.place_of(card) {
            Whereabouts::Known(Place::Reserve) => Ok(()),
            Whereabouts::Unplaced if self.hand_unseen(card.side()) > 0 => {
                *self.hand_unseen.get_mut(card.side()) -= 1;
                self.hand.insert(card);
                Ok(())
            }
            _ => Err(self.place_for_message(card)),
        }
    }

    /// Reserve to discard pile (a played card, a discarded one).
    pub(crate) fn discard_from_hand(&mut self, card: CardId) -> Result<(), Place> {
        self.identify_in_hand(card)?;
        self.hand.remove(card);
        self.discard.insert(card);
        Ok(())
    }

    /// Reserve to combat (a selected card).
    pub(crate) fn commit(&mut self, card: CardId) -> Result<(), Place> {
        self.identify_in_hand(card)?;
        self.hand.remove(card);
        self.combat.insert(card);
        Ok(())
    }

    /// A selected card written `?`: it stays counted in the reserve until drawn back.
    pub(crate) fn commit_unseen(&mut self, side: Side) {
        *self.committed_unseen.get_mut(side) += 1;
    }

    /// The selected `?` is named (set aside, or drawn back by name): it was `card`, from the reserve.
    pub(crate) fn name_committed(&mut self, card: CardId) -> Result<(), Place> {
        self.identify_in_hand(card)?;
        *self.committed_unseen.get_mut(card.side()) -= 1;
        Ok(())
    }

    /// The selected `?` goes back to its reserve unseen (where it was counted all along).
    pub(crate) fn return_committed(&mut self, side: Side) {
        *self.committed_unseen.get_mut(side) -= 1;
    }

    /// Combat to reserve (drawn back, mismatched, Field fortifications).
    pub(crate) fn return_to_hand(&mut self, card: CardId) {
        self.combat.remove(card);
        self.hand.insert(card);
    }

    /// Combat to discard pile, after the attack.
    pub(crate) fn discard_combat(&mut self) {
        self.discard = self.discard.union(self.combat);
        self.combat = CardSet::EMPTY;
    }

    /// Every card in one place, and the unplaced cards exactly fill the decks and the unseen slots.
    pub(crate) fn consistent(&self) -> bool {
        let all = CardSet(((1u128 << (2 * DECK_SIZE)) - 1) as u64);
        let disjoint = self.hand.intersect(self.discard).is_empty()
            && self.hand.intersect(self.combat).is_empty()
            && self.discard.intersect(self.combat).is_empty();
        disjoint
            && self.hand.union(self.discard).union(self.combat).is_subset(all)
            && Side::BOTH.iter().all(|&s| {
                self.unplaced(s).len() == u32::from(self.deck_size(s)) + u32::from(self.hand_unseen(s))
                    && u32::from(self.committed_unseen(s)) <= self.hand_size(s)
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(t: &str) -> CardId {
        CardId::parse_token(t).expect("card")
    }

    #[test]
    fn an_unseen_draw_leaves_every_unplaced_card_possible_in_the_reserve() {
        let mut l = Ledger::new();
        for _ in 0..10 {
            l.draw(Side::Red, None).expect("deck has cards");
        }
        assert_eq!((l.deck_size(Side::Red), l.hand_size(Side::Red)), (20, 10));
        assert!(l.may_be_in_hand(c("R07")));
        l.discard_from_hand(c("R07")).expect("one of the unseen cards");
        assert_eq!(
            (l.hand_unseen(Side::Red), l.place_of(c("R07"))),
            (9, Whereabouts::Known(Place::DiscardPile))
        );
        // Played once, it cannot be played again, nor drawn.
        assert_eq!(l.discard_from_hand(c("R07")), Err(Place::DiscardPile));
        assert_eq!(l.draw(Side::Red, Some(c("R07"))), Err(Place::DiscardPile));
        assert!(l.consistent());
    }

    #[test]
    fn a_reserve_with_no_unseen_card_holds_only_its_known_cards() {
        let mut l = Ledger::new();
        l.draw(Side::Polish, Some(c("P03"))).expect("in the deck");
        assert!(!l.may_be_in_hand(c("P04")));
        assert_eq!(l.commit(c("P04")), Err(Place::Deck));
        l.commit(c("P03")).expect("known in the reserve");
        assert_eq!(l.place_of(c("P03")), Whereabouts::Known(Place::Combat));
        assert_eq!(l.draw(Side::Polish, Some(c("P03"))), Err(Place::Combat));
        assert!(l.consistent());
    }

    #[test]
    fn a_selected_unseen_card_stays_counted_in_its_reserve_until_drawn_back() {
        let mut l = Ledger::new();
        for _ in 0..4 {
            l.draw(Side::Red, None).expect("deck");
        }
        l.commit(c("R01")).expect("unseen");
        l.commit_unseen(Side::Red);
        assert_eq!((l.hand_size(Side::Red), l.available(Side::Red)), (3, 2));
        l.return_committed(Side::Red);
        assert_eq!((l.hand_size(Side::Red), l.available(Side::Red)), (3, 3));
        assert!(l.consistent());
    }
}
