//! Rulebook "Summary of Cards: Action Cards". The text names Red and Polish; the engine reads "the
//! opponent" for the cards aimed at the other side and "your" for the others, so an edition may put a
//! card in either deck (register R9).

use super::{IllegalAction, illegal, require};
use crate::engine::action::CardPlay;
use crate::engine::edition::CardEffect;
use crate::engine::ids::{CardId, CardSet, Colour, UnitId};
use crate::engine::state::{GameState, Pending};
use crate::outcome::Side;

const PLAY: &str = "Play an Akcja (Action) Card";

impl GameState<'_> {
    pub(super) fn play_card(
        &mut self,
        side: Side,
        card: CardId,
        play: CardPlay,
    ) -> Result<(), IllegalAction> {
        require(self.hand(side).contains(card), PLAY, || {
            format!("{} is not in the {side} reserve (it is {})", card.token(), self.whereabouts(card))
        })?;
        let spec = self.edition.card(card);
        let effect = spec.effect.filter(|e| e.is_action());
        let Some(effect) = effect else {
            return illegal(PLAY, format!("{} ({}) is not an Akcja card", card.token(), spec.name));
        };
        require(effect == play_effect(&play), PLAY, || {
            format!(
                "{} is {} ({}), not {}",
                card.token(),
                spec.name,
                effect.as_str(),
                play_effect(&play).as_str()
            )
        })?;
        self.hand.remove(card);
        self.discard.insert(card);
        let section = section(effect);
        let opp = side.opponent();
        match play {
            CardPlay::FighterEscadrille { reveal, discard } => {
                let hand = self.hand(opp);
                let n_reveal = hand.len().min(2);
                require(reveal.is_subset(hand) && reveal.len() == n_reveal, section, || {
                    format!("{opp} must reveal {n_reveal} card(s) of their reserve")
                })?;
                let rest = hand.minus(reveal);
                let n_discard = rest.len().min(2);
                require(discard.is_subset(rest) && discard.len() == n_discard, section, || {
                    format!("{n_discard} card(s) must be discarded from {opp}'s unexposed reserve")
                })?;
                self.hand = self.hand.minus(discard);
                self.discard = self.discard.union(discard);
            }
            CardPlay::ArtillerySupport { target, discard } => {
                self.require_own(opp, target, section)?;
                let at = self.unit(target).hex;
                let near = self.units_of(side).any(|u| match (self.unit(u).hex, at) {
                    (Some(a), Some(b)) => self.edition.adjacent(a, b),
                    _ => false,
                });
                require(near, section, || format!("{} is not adjacent to a {side} unit", self.code(target)))?;
                match discard {
                    Some(c) => {
                        let colour = self.edition.unit(target).colour;
                        let cs = self.edition.card(c);
                        require(self.hand(opp).contains(c), section, || {
                            format!("{} is not in the {opp} reserve", c.token())
                        })?;
                        require(
                            cs.strength >= 2 && (cs.colour == colour || cs.colour == Colour::White),
                            section,
                            || {
                                format!(
                                    "{} is not a {} or white card of strength 2 or more",
                                    c.token(),
                                    colour.as_str()
                                )
                            },
                        )?;
                        self.hand.remove(c);
                        self.discard.insert(c);
                    }
                    None => {
                        self.unit_mut(target).markers = 0;
                        self.hit(target);
                    }
                }
            }
            CardPlay::RadioJamming { from, to } => {
                self.require_markable(opp, from, section)?;
                self.require_markable(opp, to, section)?;
                require(from != to, section, || "markers move to another unit".into())?;
                require(self.unit(from).markers > 0, section, || {
                    format!("{} has no markers", self.code(from))
                })?;
                let m = std::mem::take(&mut self.unit_mut(from).markers);
                self.unit_mut(to).markers += m;
            }
            CardPlay::BrokenCipher { look } => {
                let hand = self.hand(opp);
                let n = hand.len().min(4);
                require(look.is_subset(hand) && look.len() == n, section, || {
                    format!("{n} card(s) of the {opp} reserve are looked at")
                })?;
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
                require(units[0] <= units[1] && units[1] <= units[2], "Notation", || {
                    "list the units in ascending order".into()
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

    /// Szturm: the attacked unit retreats 1 space if possible and the chosen attacker advances into its space.
    fn assault(
        &mut self,
        side: Side,
        target: UnitId,
        by: UnitId,
        retreat: Option<crate::engine::ids::HexId>,
    ) -> Result<(), IllegalAction> {
        let section = section(CardEffect::Assault);
        self.require_own(side.opponent(), target, section)?;
        require(!self.edition.unit(target).is_defenders, section, || "not the Warsaw Defenders".into())?;
        require(self.attack_of[by.0 as usize] == Some(target), section, || {
            format!("{} has no attack marker against {}", self.code(by), self.code(target))
        })?;
        let options = self.retreat_options(target, by);
        match retreat {
            None => require(options.is_empty(), section, || {
                format!("{} can retreat, so it must", self.code(target))
            }),
            Some(h) => {
                require(options.contains(&h), section, || {
                    format!(
                        "{} cannot retreat to {} (it must retreat away from the attacker if possible)",
                        self.code(target),
                        self.label(h)
                    )
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

fn section(e: CardEffect) -> &'static str {
    match e {
        CardEffect::FighterEscadrille => "Action Cards: 13 Eskadra Myśliwska",
        CardEffect::ArtillerySupport => "Action Cards: Wsparcie artylerii",
        CardEffect::RadioJamming => "Action Cards: Zagłuszanie radiostacji",
        CardEffect::BrokenCipher => "Action Cards: Złamany szyfr",
        CardEffect::Maneuver => "Action Cards: Manewr",
        CardEffect::GoWest => "Action Cards: Na Zachód!",
        CardEffect::Assault => "Action Cards: Szturm",
        _ => "Combat Cards",
    }
}

/// Cards of `set` with `effect`.
pub(crate) fn with_effect(state: &GameState<'_>, set: CardSet, effect: CardEffect) -> CardSet {
    set.iter().filter(|c| state.edition.card(*c).effect == Some(effect)).collect()
}
