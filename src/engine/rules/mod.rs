//! The rules: `GameState::apply` checks an action against the rulebook and plays it, `apply_event` adds the
//! mover's clock reading. These are the only ways a game state changes. Each check names the rule and the
//! rulebook section; a refused action hands back the untouched state.

mod cards;
mod clock;
mod combat;
mod flow;
mod operational;

use super::action::{Action, CardPlay, CardRef, Event};
use super::error::{Checked, Kind, Rule, Section, refuse, require};
use super::ids::{CardId, CardSet, DECK_SIZE, HexId, UnitId};
use super::state::{AfterDraw, GameState, Pending, PlayError, opening_hand};
use crate::outcome::Side;

impl<'e> GameState<'e> {
    /// Play `action`: the next state, or the rule it breaks with this state handed back untouched.
    ///
    /// # Errors
    /// [`PlayError`] naming the rule, its detail and its rulebook section.
    pub fn apply(&self, action: &Action) -> Result<GameState<'e>, PlayError<'e>> {
        let mut next = *self;
        match next.act(action) {
            Ok(()) => Ok(next),
            Err(refusal) => Err(PlayError::new(refusal, *self)),
        }
    }

    /// Record one event (an action by `side`, or a clock reading alone, with the mover's clock after it):
    /// the step [`Recording::push`](super::Recording::push) and the replay take.
    ///
    /// # Errors
    /// [`PlayError`] naming the rule, its detail and its rulebook section.
    pub fn apply_event(&self, event: &Event) -> Result<GameState<'e>, PlayError<'e>> {
        let mut next = *self;
        match next.step(event) {
            Ok(()) => Ok(next),
            Err(refusal) => Err(PlayError::new(refusal, *self)),
        }
    }

    /// Does `apply` accept the action?
    #[must_use]
    pub fn is_legal(&self, action: &Action) -> bool {
        let mut next = *self;
        next.act(action).is_ok()
    }

    /// [`GameState::apply`] in place: on error `self` is left as it was.
    ///
    /// # Errors
    /// [`PlayError`] naming the rule, its detail and its rulebook section.
    pub fn play(&mut self, action: &Action) -> Result<(), PlayError<'e>> {
        *self = self.apply(action)?;
        Ok(())
    }

    /// One event, in place. May leave `self` half-changed when it fails: only the replay calls it
    /// directly (it rebuilds the state before a refused event for the report, which is cheaper than a
    /// copy per action on the path every valid log takes).
    pub(crate) fn step(&mut self, event: &Event) -> Checked {
        if self.is_over() {
            return refuse(Section::EndOfTheGame, Rule::GameOver);
        }
        match &event.action {
            Some(Action::Resign { side }) => {
                require(*side == event.side, Section::SequenceOfPlay, || Rule::NotYourDecision {
                    to_act: event.side,
                    side: *side,
                })?;
                self.resign(*side);
            }
            Some(action) => {
                require(self.ids_in_range(action), Section::Notation, || Rule::NotInEdition)?;
                if let Some(s) = action.side()
                    && s != event.side
                {
                    return refuse(
                        Section::SequenceOfPlay,
                        Rule::NotYourDecision { to_act: event.side, side: s },
                    );
                }
                // The side to act decides; at the very start either opening hand may be dealt first.
                let dealing = self.deal_polish_first(action);
                if let Some(actor) = self.to_act()
                    && actor != event.side
                    && !dealing
                {
                    return refuse(
                        Section::SequenceOfPlay,
                        Rule::NotYourDecision { to_act: actor, side: event.side },
                    );
                }
                self.dispatch(action, dealing)?;
            }
            None => self.clock_alone(event)?,
        }
        if let Some(reading) = event.clock {
            self.read_clock(event.side, reading)?;
        }
        Ok(())
    }

    /// The rulebook deals the Poles' 7 first, the engine's order is Red's 10 first: before any card is
    /// dealt, a Polish draw starts the Polish hand (rulebook "Game Preparation" 3).
    fn deal_polish_first(&self, action: &Action) -> bool {
        matches!(
            (self.pending, action),
            (Pending::Draw { side: Side::Red, left, then: AfterDraw::SetupPolish }, Action::Draw { side: Side::Polish, .. })
                if left == opening_hand(Side::Red)
        )
    }

    /// Play `action` in place (may leave `self` half-changed on error: callers work on a copy).
    pub(crate) fn act(&mut self, action: &Action) -> Checked {
        require(self.ids_in_range(action), Section::Notation, || Rule::NotInEdition)?;
        if let Action::Resign { side } = *action {
            if self.is_over() {
                return refuse(Section::EndOfTheGame, Rule::GameOver);
            }
            self.resign(side);
            return Ok(());
        }
        let dealing = self.deal_polish_first(action);
        if let Some(side) = action.side()
            && !dealing
        {
            match self.to_act() {
                None => return refuse(Section::EndOfTheGame, Rule::GameOver),
                Some(actor) => require(actor == side, Section::SequenceOfPlay, || Rule::NotYourDecision {
                    to_act: actor,
                    side,
                })?,
            }
        }
        self.dispatch(action, dealing)
    }

    /// The rule for the action in the decision awaited (ids and the side to act are checked).
    fn dispatch(&mut self, action: &Action, dealing_polish_first: bool) -> Checked {
        if dealing_polish_first {
            self.pending = Pending::Draw {
                side: Side::Polish,
                left: opening_hand(Side::Polish),
                then: AfterDraw::SetupRed,
            };
        }
        match (self.pending, *action) {
            (Pending::Over, _) => refuse(Section::EndOfTheGame, Rule::GameOver),
            (Pending::Draw { side, left, then }, Action::Draw { card, .. }) => {
                self.draw(side, left, then, card)
            }
            (Pending::ExtraMarkers, Action::ExtraMarkers { units }) => self.extra_markers(units),
            (Pending::Operational { side }, Action::Pass) => {
                *self.passed.get_mut(side) = true;
                self.next_turn(side);
                Ok(())
            }
            (Pending::Operational { side }, Action::Pillage { unit }) => self.pillage(side, unit),
            (Pending::Operational { side }, Action::March { unit, to }) => self.march(side, None, unit, to),
            (Pending::Commanding { side, unit: u }, Action::March { unit, to }) => {
                self.march(side, Some(u), unit, to)
            }
            (Pending::Operational { side }, Action::Attack { unit, target }) => {
                self.attack(side, None, unit, target)
            }
            (Pending::Commanding { side, unit: u }, Action::Attack { unit, target }) => {
                self.attack(side, Some(u), unit, target)
            }
            (Pending::Commanding { side, .. }, Action::Halt) => {
                self.next_turn(side);
                Ok(())
            }
            (Pending::Operational { side }, Action::Play { card, play }) => self.play_card(side, card, play),
            (Pending::ChooseCombat { side }, Action::Resolve { attacker }) => self.resolve(side, attacker),
            (Pending::Combat(stage), a) => self.combat_step(stage, a),
            (_, a) => self.not_now(&a),
        }
    }

    /// The action is not the kind of decision the game waits for.
    pub(crate) fn not_now<T>(&self, a: &Action) -> Checked<T> {
        let attempted = Kind::of(a);
        refuse(attempted.section(), Rule::NotNow { attempted, awaited: self.awaited() })
    }

    /// Every id in the action exists in the edition (actions are public values a caller can build).
    fn ids_in_range(&self, a: &Action) -> bool {
        let e = self.edition;
        let unit = |u: UnitId| (u.0 as usize) < e.unit_count();
        let hex = |h: HexId| (h.0 as usize) < e.hex_count();
        let card = |c: CardId| c.0 < 2 * DECK_SIZE;
        let card_ref = |c: CardRef| c.known().is_none_or(card);
        let cards = |s: CardSet| s.0 >> (2 * DECK_SIZE) == 0;
        match *a {
            Action::Draw { card: c, .. } | Action::Pull { card: c, .. } => card_ref(c),
            Action::SetAside { card: c, .. } | Action::FieldFortifications { card: c, .. } => card(c),
            Action::ExtraMarkers { units } => units.iter().all(|u| unit(*u)),
            Action::Pass
            | Action::Halt
            | Action::Strength { .. }
            | Action::Advance { .. }
            | Action::Resign { .. } => true,
            Action::Pillage { unit: u } | Action::Resolve { attacker: u } => unit(u),
            Action::March { unit: u, to } => unit(u) && hex(to),
            Action::Attack { unit: u, target } => unit(u) && unit(target),
            Action::Select { cards: s, .. } => cards(s),
            Action::Retreat { to } => hex(to),
            Action::Play { card: c, play } => {
                card(c)
                    && match play {
                        CardPlay::FighterEscadrille { reveal, discard } => cards(reveal) && cards(discard),
                        CardPlay::ArtillerySupport { target, discard } => {
                            unit(target) && discard.is_none_or(card)
                        }
                        CardPlay::RadioJamming { from, to } => unit(from) && unit(to),
                        CardPlay::BrokenCipher { look, .. } => cards(look),
                        CardPlay::Maneuver { unit: u } => unit(u),
                        CardPlay::GoWest { units } => units.iter().all(|u| unit(*u)),
                        CardPlay::Assault { target, by, retreat } => {
                            unit(target) && unit(by) && retreat.is_none_or(hex)
                        }
                    }
            }
        }
    }
}
