//! Rulebook "Summary of Cards: Action Cards". The text names Red and Polish; the engine reads "the
//! opponent" for the cards aimed at the other side and "your" for the others, so an edition may put a
//! card in either deck (register R9).

use super::{Checked, Rule, Section, refuse, require};
use crate::engine::action::CardPlay;
use crate::engine::edition::CardEffect;
use crate::engine::error::Refusal;
use crate::engine::ids::{CardId, CardSet, Colour, HexId, UnitId};
use crate::engine::state::{GameState, Pending};
use crate::outcome::Side;

const PLAY: Section = Section::PlayAnActionCard;

impl GameState<'_> {
    pub(super) fn play_card(&mut self, side: Side, card: CardId, play: CardPlay) -> Checked {
        require(card.side() == side, PLAY, || Rule::WrongDeck { card, side })?;
        require(self.cards.may_be_in_hand(card), PLAY, || Rule::NotInReserve {
            card,
            side,
            place: self.cards.place_for_message(card),
        })?;
        let spec = self.edition.card(card);
        let effect = spec.effect.filter(|e| e.is_action());
        let Some(effect) = effect else {
            return refuse(PLAY, Rule::NotAnActionCard { card, name: spec.name.clone() });
        };
        require(effect == play_effect(&play), PLAY, || Rule::WrongEffect {
            card,
            name: spec.name.clone(),
            effect,
            claimed: play_effect(&play),
        })?;
        let _ = self.cards.discard_from_hand(card);
        let section = Section::ActionCard(effect);
        let opp = side.opponent();
        match play {
            CardPlay::FighterEscadrille { reveal, discard } => {
                // The owner shows `reveal` (their choice), then 2 of the rest are discarded at random.
                let size = self.cards.hand_size(opp);
                let n_reveal = size.min(2);
                let shown = reveal.len() == n_reveal && self.identify_all(opp, reveal);
                require(shown, section, || Rule::EscadrilleReveal { opponent: opp, count: n_reveal })?;
                let n_discard = (size - n_reveal).min(2);
                let mut ledger = self.cards;
                let discarded = discard.len() == n_discard
                    && discard.intersect(reveal).is_empty()
                    && discard.is_subset(CardSet::full_deck(opp))
                    && discard.iter().all(|c| ledger.discard_from_hand(c).is_ok());
                require(discarded, section, || Rule::EscadrilleDiscard { opponent: opp, count: n_discard })?;
                self.cards = ledger;
            }
            CardPlay::ArtillerySupport { target, discard } => {
                self.require_own(opp, target, section)?;
                let at = self.unit(target).hex;
                let near = self.units_of(side).any(|u| match (self.unit(u).hex, at) {
                    (Some(a), Some(b)) => self.edition.adjacent(a, b),
                    _ => false,
                });
                require(near, section, || Rule::ArtilleryNotAdjacent { target: self.code(target), side })?;
                match discard {
                    Some(c) => {
                        let colour = self.edition.unit(target).colour;
                        let cs = self.edition.card(c);
                        require(c.side() == opp, section, || Rule::WrongDeck { card: c, side: opp })?;
                        require(self.cards.may_be_in_hand(c), section, || Rule::NotInReserve {
                            card: c,
                            side: opp,
                            place: self.cards.place_for_message(c),
                        })?;
                        require(
                            cs.strength >= 2 && (cs.colour == colour || cs.colour == Colour::White),
                            section,
                            || Rule::ArtilleryDiscard { card: c, colour },
                        )?;
                        self.cards.discard_from_hand(c).map_err(|place| {
                            Refusal::new(section, Rule::NotInReserve { card: c, side: opp, place })
                        })?;
                    }
                    None => {
                        self.unit_mut(target).markers = 0;
                        self.hit(target);
                    }
                }
            }
            CardPlay::RadioJamming { from, to } => {
                // "Move all command markers from one Red unit to another Red unit": from a unit without
                // markers that moves none, and the card is spent all the same (register R27).
                self.require_markable(opp, from, section)?;
                self.require_markable(opp, to, section)?;
                require(from != to, section, || Rule::RadioSameUnit)?;
                let m = std::mem::take(&mut self.unit_mut(from).markers);
                self.unit_mut(to).markers += m;
            }
            CardPlay::BrokenCipher { look, unseen } => {
                // The cards seen are named if the scribe saw them too, `?` otherwise.
                let n = self.cards.hand_size(opp).min(4);
                let ok = look.len() + u32::from(unseen) == n && self.identify_all(opp, look);
                require(ok, section, || Rule::CipherLook { opponent: opp, count: n })?;
                self.cipher_combat = Some(side);
                self.cipher_next_round = Some(side);
            }
            CardPlay::Maneuver { unit } => {
                self.require_markable(side, unit, section)?;
                self.unit_mut(unit).markers += 2;
                self.pending = Pending::Commanding { side, unit };
                return Ok(());
            }
            CardPlay::GoWest { units } => {
                require(units[0] <= units[1] && units[1] <= units[2], Section::Notation, || {
                    Rule::NotAscending
                })?;
                for u in units {
                    self.require_markable(side, u, section)?;
                }
                for u in units {
                    self.unit_mut(u).markers += 1;
                }
            }
            CardPlay::Assault { target, by, retreat } => self.assault(side, target, by, retreat)?,
        }
        self.next_turn(side);
        Ok(())
    }

    /// The named cards are in `side`'s reserve (each known there, or one of its unseen cards, which it
    /// then becomes): all or nothing.
    fn identify_all(&mut self, side: Side, cards: CardSet) -> bool {
        let mut ledger = self.cards;
        let ok = cards.is_subset(CardSet::full_deck(side))
            && cards.iter().all(|c| ledger.identify_in_hand(c).is_ok());
        if ok {
            self.cards = ledger;
        }
        ok
    }

    /// Szturm: the attacked unit retreats 1 space if possible and the chosen attacker advances into its space.
    fn assault(&mut self, side: Side, target: UnitId, by: UnitId, retreat: Option<HexId>) -> Checked {
        let section = Section::ActionCard(CardEffect::Assault);
        self.require_own(side.opponent(), target, section)?;
        require(!self.edition.unit(target).is_defenders, section, || Rule::AssaultDefenders)?;
        require(self.attack_of[by.0 as usize] == Some(target), section, || Rule::AssaultNoMarker {
            by: self.code(by),
            target: self.code(target),
        })?;
        let options = self.retreat_options(target, by);
        match retreat {
            None => require(options.is_empty(), section, || Rule::AssaultMustRetreat {
                target: self.code(target),
            }),
            Some(h) => {
                require(options.contains(&h), section, || Rule::AssaultRetreatTo {
                    target: self.code(target),
                    to: self.label(h),
                })?;
                // Both units move, then the attack markers are adjusted (rulebook "Moving Attack Markers").
                let from = self.unit(target).hex;
                self.place(target, h);
                if let Some(f) = from {
                    self.place(by, f);
                }
                self.prune_attacks();
                self.check_victory();
                Ok(())
            }
        }
    }
}

pub(crate) fn play_effect(p: &CardPlay) -> CardEffect {
    match p {
        CardPlay::FighterEscadrille { .. } => CardEffect::FighterEscadrille,
        CardPlay::ArtillerySupport { .. } => CardEffect::ArtillerySupport,
        CardPlay::RadioJamming { .. } => CardEffect::RadioJamming,
        CardPlay::BrokenCipher { .. } => CardEffect::BrokenCipher,
        CardPlay::Maneuver { .. } => CardEffect::Maneuver,
        CardPlay::GoWest { .. } => CardEffect::GoWest,
        CardPlay::Assault { .. } => CardEffect::Assault,
    }
}

/// Cards of `set` with `effect`.
pub(crate) fn with_effect(state: &GameState<'_>, set: CardSet, effect: CardEffect) -> CardSet {
    set.iter().filter(|c| state.edition.card(*c).effect == Some(effect)).collect()
}
