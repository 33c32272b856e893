//! Rulebook "Combat Phase" and "Attack Resolution", with "Fortifications", "Flank Attacks" and the
//! combat cards of the "Summary of Cards".

use super::cards::with_effect;
use super::{IllegalAction, illegal, require};
use crate::engine::action::Action;
use crate::engine::edition::CardEffect;
use crate::engine::ids::{CardSet, Colour, UnitId};
use crate::engine::options::Encirclement;
use crate::engine::state::{AfterDraw, Combat, GameState, Pending, Stage, Status};
use crate::outcome::Side;

const R: &str = "Attack Resolution";

impl GameState<'_> {
    /// Choose the next attack to resolve (rulebook "Combat Phase": chosen alternately).
    pub(super) fn resolve(&mut self, side: Side, attacker: UnitId) -> Result<(), IllegalAction> {
        let Some(defender) = self.attack_of.get(attacker.0 as usize).copied().flatten() else {
            return illegal(
                "Combat Phase",
                format!("{} has no attack marker to resolve", self.code(attacker)),
            );
        };
        let attackers = self.attack_of.iter().filter(|d| **d == Some(defender)).count();
        self.attack_of[attacker.0 as usize] = None;
        let (a, d) = (self.unit(attacker).hex, self.unit(defender).hex);
        let fortified = self.options.fortifications && d.is_some_and(|h| self.edition.hex(h).fortified);
        // The flank geometry; the `flank_attacks` switch decides whether a card is set aside.
        let flanking = match (a, d) {
            (Some(a), Some(d)) => {
                let dir = self.edition.direction(a, d);
                let shaded = self.edition.hex(a).red_shading;
                match self.side_of(attacker) {
                    Side::Polish => shaded && dir.is_some_and(|x| x.is_westward()),
                    Side::Red => !shaded && dir.is_some_and(|x| x.is_eastward()),
                }
            }
            _ => false,
        };
        let flank = self.options.flank_attacks && flanking;
        // Grupa pościgowa's encircling maneuver (register R8).
        let encircled = match self.options.encirclement {
            Encirclement::TwoAttackers => attackers >= 2,
            Encirclement::FlankAttack => flanking,
        };
        self.combat = Combat {
            attacker: Some(attacker),
            defender: Some(defender),
            encircled,
            fortified,
            flank,
            ..Combat::default()
        };
        self.next_chooser = side.opponent();
        self.pending = Pending::Combat(Stage::Select(self.side_of(attacker)));
        self.settle();
        Ok(())
    }

    fn sides(&self) -> (Side, Side) {
        let a = self.combat.attacker.map_or(Side::Red, |u| self.side_of(u));
        (a, a.opponent())
    }

    /// The stage after `stage` in the fixed order of attack resolution.
    fn after(&self, stage: Stage) -> Stage {
        let (att, def) = self.sides();
        match stage {
            Stage::Select(s) if s == att => Stage::Select(def),
            Stage::Select(_) => Stage::SetAside(def),
            Stage::SetAside(s) if s == def => Stage::SetAside(att),
            Stage::SetAside(_) => Stage::Pull(att),
            Stage::Pull(s) if s == att => Stage::Pull(def),
            Stage::Pull(_) => Stage::FieldFortifications(att),
            Stage::FieldFortifications(s) if s == att => Stage::FieldFortifications(def),
            Stage::FieldFortifications(_) => Stage::Strength,
            Stage::Strength => Stage::Retreat,
            Stage::Retreat => Stage::Advance,
            Stage::Advance => Stage::Advance,
        }
    }

    /// Skip a stage with nothing to decide; returns whether the stage was skipped.
    pub(crate) fn skip_stage(&mut self, stage: Stage) -> bool {
        let def = self.sides().1;
        let skip = match stage {
            Stage::Select(s) => self.hand(s).is_empty(),
            Stage::SetAside(s) => {
                let applies = if s == def { self.combat.fortified } else { self.combat.flank };
                !applies || self.combat.chosen.get(s).is_empty()
            }
            Stage::Pull(s) => self.pullable(s.opponent()).is_empty(),
            Stage::FieldFortifications(s) => {
                if !self.combat.revealed {
                    self.reveal();
                }
                with_effect(self, *self.combat.chosen.get(s), CardEffect::FieldFortifications).is_empty()
            }
            Stage::Strength => false,
            Stage::Retreat => {
                // A surviving loser with no empty space to retreat to stays, and nobody advances (register R2;
                // with `no_retreat_eliminates` it was eliminated in `decide` and is gone by now).
                let (Some(a), Some(d)) = (self.combat.attacker, self.combat.defender) else { return false };
                !self.combat.defender_lost
                    || self.unit(d).hex.is_none()
                    || self.retreat_options(d, a).is_empty()
            }
            Stage::Advance => {
                let can = self.combat.attacker.is_some_and(|a| self.unit(a).hex.is_some())
                    && self.combat.vacated.is_some_and(|h| self.occupant(h).is_none());
                if can {
                    return false;
                }
                self.end_combat();
                return true;
            }
        };
        if skip {
            self.pending = Pending::Combat(self.after(stage));
        }
        skip
    }

    /// Face-down cards of `owner` the opponent may draw back (not the set-aside card).
    fn pullable(&self, owner: Side) -> CardSet {
        let mut s = *self.combat.chosen.get(owner);
        if let Some(c) = *self.combat.aside.get(owner) {
            s.remove(c);
        }
        if self.combat.revealed { CardSet::EMPTY } else { s }
    }

    pub(super) fn combat_step(&mut self, stage: Stage, action: Action) -> Result<(), IllegalAction> {
        let (att, def) = self.sides();
        match (stage, action) {
            (Stage::Select(s), Action::Select { cards, .. }) => {
                let hand = self.hand(s);
                let n = hand.len().min(4);
                require(cards.is_subset(hand), R, || {
                    let bad: Vec<String> = cards
                        .minus(hand)
                        .iter()
                        .map(|c| format!("{} ({})", c.token(), self.whereabouts(c)))
                        .collect();
                    format!("selected cards must come from the {s} reserve: {}", bad.join(", "))
                })?;
                require(cards.len() == n, R, || {
                    format!(
                        "a player must select 4 cards, or all if fewer: {s} must select {n}, not {}",
                        cards.len()
                    )
                })?;
                self.hand = self.hand.minus(cards);
                *self.combat.chosen.get_mut(s) = cards;
            }
            (Stage::SetAside(s), Action::SetAside { card, .. }) => {
                let section = if s == def { "Fortifications" } else { "Flank Attacks" };
                require(self.combat.chosen.get(s).contains(card), section, || {
                    format!("{} is not among the cards {s} selected", card.token())
                })?;
                *self.combat.aside.get_mut(s) = Some(card);
            }
            (Stage::Pull(s), Action::Pull { card, .. }) => {
                let owner = s.opponent();
                require(self.pullable(owner).contains(card), R, || {
                    let why =
                        if *self.combat.aside.get(owner) == Some(card) { " (it was set aside)" } else { "" };
                    format!(
                        "{s} can draw only one of {owner}'s face-down selected cards; {} is not{why}",
                        card.token()
                    )
                })?;
                self.combat.chosen.get_mut(owner).remove(card);
                self.hand.insert(card);
            }
            (Stage::FieldFortifications(s), Action::FieldFortifications { card, .. }) => {
                let owner = card.side();
                require(
                    self.combat.chosen.get(owner).contains(card),
                    "Combat Cards: Umocnienia polowe",
                    || format!("{} is not a face-up card in this battle", card.token()),
                )?;
                let _ = s;
                self.combat.chosen.get_mut(owner).remove(card);
                self.hand.insert(card);
            }
            (Stage::Strength, Action::Strength { attacker, defender }) => {
                let (a, d) = (self.strength(att), self.strength(def));
                require((attacker, defender) == (a, d), R, || {
                    format!(
                        "the combat strengths are {a} (attacker) and {d} (defender), not {attacker} and {defender}"
                    )
                })?;
                self.decide(a, d);
                if self.is_over() {
                    return Ok(());
                }
                self.pending = Pending::Combat(Stage::Retreat);
                self.settle();
                return Ok(());
            }
            (Stage::Retreat, Action::Retreat { to }) => {
                let (Some(a), Some(d)) = (self.combat.attacker, self.combat.defender) else {
                    return self.stage_error(stage);
                };
                let options = self.retreat_options(d, a);
                require(options.contains(&to), R, || {
                    let list: Vec<&str> = options.iter().map(|h| self.label(*h)).collect();
                    format!(
                        "{} must retreat away from the attacker to an empty adjacent space: {}",
                        self.code(d),
                        list.join(" or ")
                    )
                })?;
                self.combat.vacated = self.unit(d).hex;
                self.move_unit(d, to);
                if self.is_over() {
                    return Ok(());
                }
                self.pending = Pending::Combat(Stage::Advance);
                self.settle();
                return Ok(());
            }
            (Stage::Advance, Action::Advance { advance }) => {
                require(advance || !self.options.compulsory_advance, R, || {
                    "the winning attacker must advance into the vacated space (league rule)".into()
                })?;
                if advance && let (Some(a), Some(h)) = (self.combat.attacker, self.combat.vacated) {
                    self.move_unit(a, h);
                    if self.is_over() {
                        return Ok(());
                    }
                }
                self.end_combat();
                self.settle();
                return Ok(());
            }
            _ => {
                return illegal(
                    R,
                    format!("{action:?} is not the next step; the combat awaits {}", describe(stage)),
                );
            }
        }
        self.pending = Pending::Combat(self.after(stage));
        self.settle();
        Ok(())
    }

    /// Reveal: mismatched cards return to the reserve; white cards always stay; every card fights for
    /// the Warsaw Defenders; Komisarz makes its owner's cards white (register R7).
    fn reveal(&mut self) {
        self.combat.revealed = true;
        for side in Side::BOTH {
            let unit = if Some(side) == self.combat.attacker.map(|a| self.side_of(a)) {
                self.combat.attacker
            } else {
                self.combat.defender
            };
            let Some(unit) = unit else { continue };
            let colour = self.edition.unit(unit).colour;
            let chosen = *self.combat.chosen.get(side);
            let commissar = !with_effect(self, chosen, CardEffect::Commissar).is_empty();
            for c in chosen.iter() {
                let cc = self.edition.card(c).colour;
                let stays = colour == Colour::None || commissar || cc == Colour::White || cc == colour;
                if !stays {
                    self.combat.chosen.get_mut(side).remove(c);
                    self.hand.insert(c);
                }
            }
        }
    }

    /// Combat strength of `side`'s remaining cards (Doborowe oddziały: 1s count 3; Grupa pościgowa: 5
    /// during an encircling maneuver, register R8).
    pub(crate) fn strength(&self, side: Side) -> u8 {
        let cards = *self.combat.chosen.get(side);
        let elite = !with_effect(self, cards, CardEffect::EliteTroops).is_empty();
        let attacking = self.combat.attacker.is_some_and(|a| self.side_of(a) == side);
        cards
            .iter()
            .map(|c| {
                let spec = self.edition.card(c);
                if spec.effect == Some(CardEffect::PursuitGroup) && attacking && self.combat.encircled {
                    5
                } else if elite && spec.strength == 1 {
                    3
                } else {
                    spec.strength
                }
            })
            .sum()
    }

    /// Okrutna bitwa first, then the higher total wins; a tie has no loser (register R1).
    fn decide(&mut self, a: u8, d: u8) {
        let (Some(att), Some(defn)) = (self.combat.attacker, self.combat.defender) else { return };
        let dhex = self.unit(defn).hex;
        let gone = |s: &Self, u: UnitId| s.unit(u).status == Status::Eliminated;
        if !with_effect(self, self.in_combat(), CardEffect::SevereFighting).is_empty() {
            for u in [att, defn] {
                if !self.edition.unit(u).is_defenders {
                    self.hit(u);
                }
            }
            if self.is_over() {
                return;
            }
            if gone(self, att) || gone(self, defn) {
                // Severe fighting eliminated a unit: no comparison (register R7).
                if gone(self, defn) {
                    self.combat.vacated = dhex;
                }
                return;
            }
        }
        if a > d {
            self.hit(defn);
            self.combat.defender_lost = true;
            if self.options.no_retreat_eliminates
                && !self.is_over()
                && !gone(self, defn)
                && self.retreat_options(defn, att).is_empty()
            {
                // No space to retreat to: eliminated instead of staying (register R2, league switch).
                self.hit(defn);
            }
            if gone(self, defn) {
                self.combat.vacated = dhex;
            }
        } else if d > a {
            self.hit(att);
        }
    }
}

fn describe(stage: Stage) -> String {
    match stage {
        Stage::Select(s) => format!("{s}'s selection of cards"),
        Stage::SetAside(s) => format!("{s}'s card set aside"),
        Stage::Pull(s) => format!("{s}'s random draw from the opponent's cards"),
        Stage::FieldFortifications(s) => format!("{s}'s Field fortifications choice"),
        Stage::Strength => "the strengths".into(),
        Stage::Retreat => "the defender's retreat".into(),
        Stage::Advance => "the attacker's advance or hold".into(),
    }
}

impl GameState<'_> {
    /// End of an attack: cards to the discard piles, each player draws 1 (Red first).
    pub(crate) fn end_combat(&mut self) {
        let used = self.in_combat();
        self.discard = self.discard.union(used);
        self.combat.chosen = Default::default();
        self.pending = Pending::Draw { side: Side::Red, left: 1, then: AfterDraw::CombatPolish };
    }
}
