//! Rulebook "Combat Phase" and "Attack Resolution", with "Fortifications", "Flank Attacks" and the
//! combat cards of the "Summary of Cards".

use super::cards::with_effect;
use super::{Checked, Rule, Section, refuse, require};
use crate::engine::action::{Action, CardRef};
use crate::engine::edition::CardEffect;
use crate::engine::error::Refusal;
use crate::engine::ids::{CardId, CardSet, Colour, UnitId};
use crate::engine::options::Encirclement;
use crate::engine::state::{AfterDraw, Combat, GameState, Pending, Stage, Status};
use crate::outcome::Side;

const R: Section = Section::AttackResolution;

impl GameState<'_> {
    /// Choose the next attack to resolve (rulebook "Combat Phase": chosen alternately).
    pub(super) fn resolve(&mut self, side: Side, attacker: UnitId) -> Checked {
        let Some(defender) = self.attack_of.get(attacker.0 as usize).copied().flatten() else {
            return refuse(Section::CombatPhase, Rule::NoAttackToResolve { unit: self.code(attacker) });
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
            Stage::Select(s) => self.cards.available(s) == 0,
            Stage::SetAside(s) => {
                let applies = if s == def { self.combat.fortified } else { self.combat.flank };
                !applies || (self.cards.combat_of(s).is_empty() && self.cards.committed_unseen(s) == 0)
            }
            Stage::Pull(s) => {
                let owner = s.opponent();
                self.pullable(owner).is_empty() && self.cards.committed_unseen(owner) == 0
            }
            Stage::FieldFortifications(s) => {
                if !self.combat.revealed {
                    self.reveal();
                }
                with_effect(self, self.cards.combat_of(s), CardEffect::FieldFortifications).is_empty()
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

    /// Named face-down cards of `owner` the opponent may draw back (not the set-aside card; a selected
    /// `?` is counted apart, in the ledger).
    pub(crate) fn pullable(&self, owner: Side) -> CardSet {
        let mut s = self.cards.combat_of(owner);
        if let Some(c) = *self.combat.aside.get(owner) {
            s.remove(c);
        }
        if self.combat.revealed { CardSet::EMPTY } else { s }
    }

    pub(super) fn combat_step(&mut self, stage: Stage, action: Action) -> Checked {
        let (att, def) = self.sides();
        match (stage, action) {
            (Stage::Select(s), Action::Select { cards, unseen, .. }) => self.select(s, cards, unseen)?,
            (Stage::SetAside(s), Action::SetAside { card, .. }) => {
                let section = if s == def { Section::Fortifications } else { Section::FlankAttacks };
                self.set_aside(s, card, section)?;
            }
            (Stage::Pull(s), Action::Pull { card, .. }) => self.pull(s, card)?,
            (Stage::FieldFortifications(_), Action::FieldFortifications { card, .. }) => {
                require(
                    self.cards.combat().contains(card),
                    Section::CombatCard(CardEffect::FieldFortifications),
                    || Rule::NotFaceUp { card },
                )?;
                self.cards.return_to_hand(card);
            }
            (Stage::Strength, Action::Strength { attacker, defender }) => {
                let (a, d) = (self.strength(att), self.strength(def));
                require((attacker, defender) == (a, d), R, || Rule::Strengths {
                    attacker: a,
                    defender: d,
                    claimed_attacker: attacker,
                    claimed_defender: defender,
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
                    return self.not_now(&action);
                };
                let options = self.retreat_options(d, a);
                require(options.contains(&to), R, || Rule::RetreatTo {
                    unit: self.code(d),
                    options: options.iter().map(|h| self.label(*h)).collect(),
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
                require(advance || !self.options.compulsory_advance, Section::LeagueRules, || {
                    Rule::MustAdvance
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
            _ => return self.not_now(&action),
        }
        self.pending = Pending::Combat(self.after(stage));
        self.settle();
        Ok(())
    }

    /// Rulebook "Attack Resolution" 1: 4 cards from the reserve, or all if fewer. A `?` stands for the
    /// card the opponent draws back unseen (so at most one).
    fn select(&mut self, s: Side, cards: CardSet, unseen: u8) -> Checked {
        let n = self.cards.available(s).min(4);
        if let Some(c) = cards.minus(CardSet::full_deck(s)).iter().next() {
            return refuse(R, Rule::WrongDeck { card: c, side: s });
        }
        // Commit the named cards on a copy: every card that cannot be in the reserve is named.
        let mut ledger = self.cards;
        let bad: Vec<_> = cards.iter().filter_map(|c| ledger.commit(c).err().map(|p| (c, p))).collect();
        if !bad.is_empty() {
            return refuse(R, Rule::SelectedNotInReserve { side: s, cards: bad });
        }
        require(unseen <= 1, R, || Rule::TooManyUnseenSelected { side: s, unseen })?;
        let got = cards.len() + u32::from(unseen);
        require(got == n, R, || Rule::SelectCount { side: s, need: n, got })?;
        self.cards = ledger;
        if unseen == 1 {
            self.cards.commit_unseen(s);
        }
        Ok(())
    }

    /// Fortifications / Flank Attacks: one selected card revealed and set aside. It is seen, so a `?` in
    /// the selection may turn out to be it.
    fn set_aside(&mut self, s: Side, card: CardId, section: Section) -> Checked {
        if self.cards.combat_of(s).contains(card) {
            *self.combat.aside.get_mut(s) = Some(card);
            return Ok(());
        }
        let names_the_unseen =
            card.side() == s && self.cards.committed_unseen(s) > 0 && self.cards.may_be_in_hand(card);
        require(names_the_unseen, section, || Rule::SetAsideNotSelected { card, side: s })?;
        self.cards
            .name_committed(card)
            .map_err(|_| Refusal::new(section, Rule::SetAsideNotSelected { card, side: s }))?;
        self.cards
            .commit(card)
            .map_err(|_| Refusal::new(section, Rule::SetAsideNotSelected { card, side: s }))?;
        *self.combat.aside.get_mut(s) = Some(card);
        Ok(())
    }

    /// Attack Resolution 3: one of the opponent's face-down cards goes back, unrevealed. A selected `?`
    /// is never revealed, so it must be the card drawn back (written `?`, or named by someone who knows).
    fn pull(&mut self, s: Side, card: CardRef) -> Checked {
        let owner = s.opponent();
        let unseen = self.cards.committed_unseen(owner) > 0;
        match card {
            CardRef::Unseen => {
                require(unseen, R, || Rule::PullUnseenButAllNamed { side: s, owner })?;
                self.cards.return_committed(owner);
            }
            CardRef::Known(c) if unseen => {
                require(!self.pullable(owner).contains(c), R, || Rule::PullMustTakeTheUnseen {
                    side: s,
                    owner,
                })?;
                let could_be = c.side() == owner && self.cards.may_be_in_hand(c);
                require(could_be, R, || Rule::PullNotFaceDown {
                    side: s,
                    owner,
                    card: c,
                    set_aside: *self.combat.aside.get(owner) == Some(c),
                })?;
                self.cards
                    .name_committed(c)
                    .map_err(|_| Refusal::new(R, Rule::PullMustTakeTheUnseen { side: s, owner }))?;
            }
            CardRef::Known(c) => {
                require(self.pullable(owner).contains(c), R, || Rule::PullNotFaceDown {
                    side: s,
                    owner,
                    card: c,
                    set_aside: *self.combat.aside.get(owner) == Some(c),
                })?;
                self.cards.return_to_hand(c);
            }
        }
        Ok(())
    }

    /// Reveal: mismatched cards return to the reserve; white cards always stay; every card fights for
    /// the Warsaw Defenders; Komisarz makes its owner's cards white (register R7). A selected `?` has been
    /// drawn back by now (the pulls refuse to leave it).
    fn reveal(&mut self) {
        debug_assert!(Side::BOTH.iter().all(|s| self.cards.committed_unseen(*s) == 0));
        self.combat.revealed = true;
        for side in Side::BOTH {
            let unit = if Some(side) == self.combat.attacker.map(|a| self.side_of(a)) {
                self.combat.attacker
            } else {
                self.combat.defender
            };
            let Some(unit) = unit else { continue };
            let colour = self.edition.unit(unit).colour;
            let chosen = self.cards.combat_of(side);
            let commissar = !with_effect(self, chosen, CardEffect::Commissar).is_empty();
            for c in chosen.iter() {
                let cc = self.edition.card(c).colour;
                let stays = colour == Colour::None || commissar || cc == Colour::White || cc == colour;
                if !stays {
                    self.cards.return_to_hand(c);
                }
            }
        }
    }

    /// Combat strength of `side`'s remaining cards (Doborowe oddziały: 1s count 3; Grupa pościgowa: 5
    /// during an encircling maneuver, register R8).
    pub(crate) fn strength(&self, side: Side) -> u8 {
        let cards = self.cards.combat_of(side);
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
        let severe = self.severe_fighting_hits();
        for _ in 0..severe {
            for u in [att, defn] {
                if !self.edition.unit(u).is_defenders && !gone(self, u) {
                    self.hit(u);
                }
            }
            if self.is_over() {
                return;
            }
        }
        if severe > 0 && (gone(self, att) || gone(self, defn)) {
            // Severe fighting eliminated a unit: no comparison (register R7).
            if gone(self, defn) {
                self.combat.vacated = dhex;
            }
            return;
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

impl GameState<'_> {
    /// How many times Okrutna bitwa hits both units: once if any card of it is still fighting, however
    /// many (register R26); with the league's `severe_fighting_each_card`, once per card.
    fn severe_fighting_hits(&self) -> u32 {
        let cards = with_effect(self, self.in_combat(), CardEffect::SevereFighting).len();
        if self.options.severe_fighting_each_card { cards } else { cards.min(1) }
    }

    /// End of an attack: cards to the discard piles, each player draws 1 (Red first).
    pub(crate) fn end_combat(&mut self) {
        self.cards.discard_combat();
        self.pending = Pending::Draw { side: Side::Red, left: 1, then: AfterDraw::CombatPolish };
    }
}
