//! Setup, the order of play, phase changes, clean-up, unit movement and the end of the game.

use super::{Checked, Rule, Section, require};
use crate::engine::action::CardRef;
use crate::engine::error::Refusal;
use crate::engine::ids::{HexId, UnitId};
use crate::engine::state::{AfterDraw, Combat, EMPTY, GameState, Pending, Status, opening_hand};
use crate::outcome::{Side, Termination};

/// The last round (rulebook "Sequence of Play": 5 rounds, August 13-17).
pub(crate) const LAST_ROUND: u8 = 5;

impl GameState<'_> {
    /// A card drawn from a deck into the reserve: a named card must be one the deck can still hold (not
    /// in a reserve, the discard pile or the combat, and of this deck).
    pub(super) fn draw(&mut self, side: Side, left: u8, then: AfterDraw, card: CardRef) -> Checked {
        let section = then.occasion().section();
        if let CardRef::Known(c) = card {
            require(c.side() == side, section, || Rule::WrongDeck { card: c, side })?;
            self.cards
                .draw(side, Some(c))
                .map_err(|place| Refusal::new(section, Rule::NotInDeck { card: c, side, place }))?;
        } else {
            // `settle` never leaves a draw pending from an empty deck.
            let _ = self.cards.draw(side, None);
        }
        self.pending = Pending::Draw { side, left: left - 1, then };
        self.settle();
        Ok(())
    }

    /// Rulebook "Game Preparation" 5: Red places 2 additional markers on Red units (both on one unit allowed).
    pub(super) fn extra_markers(&mut self, units: [UnitId; 2]) -> Checked {
        require(units[0] <= units[1], Section::Notation, || Rule::NotAscending)?;
        for u in units {
            self.require_markable(Side::Red, u, Section::GamePreparation)?;
        }
        for u in units {
            self.unit_mut(u).markers += 1;
        }
        self.start_round(1);
        Ok(())
    }

    /// A unit of `side` on the map that can receive command markers (never the Warsaw Defenders).
    pub(super) fn require_markable(&self, side: Side, u: UnitId, section: Section) -> Checked {
        let spec = self.edition.unit(u);
        require(spec.side == side, section, || Rule::NotYourUnit { unit: self.code(u), side })?;
        require(!spec.is_defenders, section, || Rule::DefendersNoMarkers)?;
        require(self.unit(u).hex.is_some(), section, || Rule::Eliminated { unit: self.code(u) })
    }

    /// Who goes first this round, before Broken cipher: Red, or the Poles from the round after the Warsaw
    /// Defenders fell (rulebook "Eliminating the Warsaw Defenders"; league: White = Red moves first).
    pub(crate) fn base_first(&self) -> Side {
        match self.defenders_fell {
            Some(r) if r < self.round => Side::Polish,
            _ => Side::Red,
        }
    }

    pub(super) fn start_round(&mut self, round: u8) {
        self.round = round;
        self.passed.red = false;
        self.passed.polish = false;
        self.attacked = 0;
        self.cipher_combat = None;
        let first = self.cipher_next_round.take().unwrap_or_else(|| self.base_first());
        self.pending = Pending::Operational { side: first };
    }

    /// After `side` acted: the opponent acts unless they passed (rulebook "Operational Phase").
    pub(super) fn next_turn(&mut self, side: Side) {
        if self.is_over() {
            return;
        }
        let other = side.opponent();
        if !*self.passed.get(other) {
            self.pending = Pending::Operational { side: other };
        } else if !*self.passed.get(side) {
            self.pending = Pending::Operational { side };
        } else {
            self.next_chooser = self.cipher_combat.unwrap_or_else(|| self.base_first());
            self.next_combat();
        }
    }

    /// The next attack to choose, or the end of the combat phase (rulebook "Combat Phase").
    pub(super) fn next_combat(&mut self) {
        self.combat = Combat::default();
        if self.attack_of.iter().any(Option::is_some) {
            self.pending = Pending::ChooseCombat { side: self.next_chooser };
        } else if self.round == LAST_ROUND {
            self.radzymin_check();
        } else {
            self.cleanup();
        }
    }

    /// Rulebook "Cleanup Phase": 1 marker on every unit but the Warsaw Defenders, Poles draw 3, Red 2.
    fn cleanup(&mut self) {
        for u in self.edition.units() {
            if !u.is_defenders && self.unit(u.id).hex.is_some() {
                self.unit_mut(u.id).markers += 1;
            }
        }
        self.pending = Pending::Draw { side: Side::Polish, left: 3, then: AfterDraw::CleanupRed };
        self.settle();
    }

    /// Rulebook "End of the Game": after round 5, a Red unit in Radzymin wins for Red.
    fn radzymin_check(&mut self) {
        let red_in_radzymin =
            self.occupant(self.edition.radzymin()).is_some_and(|u| self.side_of(u) == Side::Red);
        let winner = if red_in_radzymin { Side::Red } else { Side::Polish };
        self.finish(winner, Termination::RadzyminCheck);
    }

    pub(super) fn finish(&mut self, winner: Side, how: Termination) {
        self.outcome = Some((winner, how));
        self.pending = Pending::Over;
    }

    /// Automatic steps: a draw from an empty deck draws nothing; a finished draw moves the game on;
    /// combat steps with nothing to decide are skipped.
    pub(crate) fn settle(&mut self) {
        loop {
            match self.pending {
                Pending::Draw { side, left, then } if left == 0 || self.cards.deck_size(side) == 0 => {
                    match then {
                        AfterDraw::SetupPolish => {
                            self.pending = Pending::Draw {
                                side: Side::Polish,
                                left: opening_hand(Side::Polish),
                                then: AfterDraw::SetupMarkers,
                            };
                        }
                        AfterDraw::SetupRed => {
                            self.pending = Pending::Draw {
                                side: Side::Red,
                                left: opening_hand(Side::Red),
                                then: AfterDraw::SetupMarkers,
                            };
                        }
                        AfterDraw::SetupMarkers => self.pending = Pending::ExtraMarkers,
                        AfterDraw::Resume(s) => self.next_turn(s),
                        AfterDraw::CombatPolish => {
                            self.pending =
                                Pending::Draw { side: Side::Polish, left: 1, then: AfterDraw::CombatDone };
                        }
                        AfterDraw::CombatDone => self.next_combat(),
                        AfterDraw::CleanupRed => {
                            self.pending =
                                Pending::Draw { side: Side::Red, left: 2, then: AfterDraw::NewRound };
                        }
                        AfterDraw::NewRound => self.start_round(self.round + 1),
                    }
                }
                Pending::Combat(stage) => {
                    if !self.skip_stage(stage) {
                        return;
                    }
                }
                _ => return,
            }
        }
    }

    /// Move a unit (march, retreat, advance), keep attack markers only between adjacent units (rulebook
    /// "Moving Attack Markers"), and check whether Red entered Warsaw.
    pub(crate) fn move_unit(&mut self, u: UnitId, to: HexId) {
        self.place(u, to);
        self.prune_attacks();
        self.check_victory();
    }

    /// Move a unit without adjusting attack markers yet (Szturm moves two units, then adjusts).
    pub(crate) fn place(&mut self, u: UnitId, to: HexId) {
        if let Some(from) = self.unit(u).hex {
            self.occupant[from.0 as usize] = EMPTY;
        }
        self.occupant[to.0 as usize] = u.0;
        self.unit_mut(u).hex = Some(to);
    }

    /// Rulebook "Unit Status": a good-order unit that loses is dispersed, a dispersed one eliminated; the
    /// Warsaw Defenders are eliminated at once.
    pub(crate) fn hit(&mut self, u: UnitId) {
        let defenders = self.edition.unit(u).is_defenders;
        let st = self.unit_mut(u);
        if st.status == Status::GoodOrder && !defenders {
            st.status = Status::Dispersed;
            self.check_victory();
            return;
        }
        st.status = Status::Eliminated;
        st.markers = 0;
        if let Some(h) = st.hex.take() {
            self.occupant[h.0 as usize] = EMPTY;
        }
        if defenders && self.defenders_fell.is_none() {
            self.defenders_fell = Some(self.round);
        }
        self.prune_attacks();
        self.check_victory();
    }

    /// Remove attack markers whose units are gone or no longer adjacent.
    pub(crate) fn prune_attacks(&mut self) {
        for a in 0..self.attack_of.len() {
            if let Some(d) = self.attack_of[a] {
                let keep = match (self.units[a].hex, self.unit(d).hex) {
                    (Some(x), Some(y)) => self.edition.adjacent(x, y),
                    _ => false,
                };
                if !keep {
                    self.attack_of[a] = None;
                }
            }
        }
    }

    /// Rulebook "End of the Game": the immediate victories.
    pub(crate) fn check_victory(&mut self) {
        if self.outcome.is_some() {
            return;
        }
        if self.occupant(self.edition.warsaw()).is_some_and(|u| self.side_of(u) == Side::Red) {
            return self.finish(Side::Red, Termination::WarsawEntered);
        }
        let (mut eliminated, mut on_map, mut dispersed) = (0, 0, 0);
        for u in self.edition.units().filter(|u| u.side == Side::Red) {
            match self.unit(u.id).status {
                Status::Eliminated => eliminated += 1,
                Status::Dispersed => {
                    on_map += 1;
                    dispersed += 1;
                }
                Status::GoodOrder => on_map += 1,
            }
        }
        if eliminated >= 3 {
            self.finish(Side::Polish, Termination::ThreeRedEliminated);
        } else if on_map > 0 && dispersed == on_map {
            self.finish(Side::Polish, Termination::AllRedDispersed);
        }
    }

    /// Empty spaces the defender may retreat to: away from the attacker (not adjacent to it) when possible,
    /// else any empty adjacent space (rules-interpretation register R2).
    pub(crate) fn retreat_options(&self, defender: UnitId, attacker: UnitId) -> Vec<HexId> {
        let (Some(from), Some(att)) = (self.unit(defender).hex, self.unit(attacker).hex) else {
            return Vec::new();
        };
        let empty: Vec<HexId> =
            self.edition.neighbours(from).filter(|h| self.occupant(*h).is_none()).collect();
        let away: Vec<HexId> = empty.iter().copied().filter(|h| !self.edition.adjacent(*h, att)).collect();
        if away.is_empty() { empty } else { away }
    }
}
