//! The rules: `GameState::apply` checks an action against the rulebook and plays it. Each check names the
//! rule and the rulebook section; a refused action leaves the state untouched.

mod cards;
mod combat;
mod flow;
mod operational;

use super::action::Action;
use super::ids::{CardId, CardSet, DECK_SIZE, HexId, UnitId};
use super::state::{GameState, Pending};
use crate::outcome::Side;

/// An action the rules do not allow here.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{rule} (rulebook: {section})")]
pub struct IllegalAction {
    /// What the rule says, in a short sentence specific to this case.
    pub rule: String,
    /// The rulebook section (or "League rules", "Notation").
    pub section: &'static str,
}

pub(crate) fn illegal<T>(section: &'static str, rule: impl Into<String>) -> Result<T, IllegalAction> {
    Err(IllegalAction { rule: rule.into(), section })
}

/// Check a condition, or refuse with the rule.
pub(crate) fn require(
    ok: bool,
    section: &'static str,
    rule: impl FnOnce() -> String,
) -> Result<(), IllegalAction> {
    if ok { Ok(()) } else { illegal(section, rule()) }
}

impl<'e> GameState<'e> {
    /// Play `action`: the next state, or the rule it breaks (and `self` is unchanged).
    ///
    /// # Errors
    /// [`IllegalAction`] naming the rule and its rulebook section.
    pub fn apply(&self, action: &Action) -> Result<GameState<'e>, IllegalAction> {
        let mut next = *self;
        next.apply_in_place(action)?;
        Ok(next)
    }

    /// Does `apply` accept the action?
    #[must_use]
    pub fn is_legal(&self, action: &Action) -> bool {
        self.apply(action).is_ok()
    }

    /// Play `action` on `self`; on error `self` is left as it was.
    ///
    /// # Errors
    /// [`IllegalAction`] naming the rule and its rulebook section.
    pub fn play(&mut self, action: &Action) -> Result<(), IllegalAction> {
        let mut next = *self;
        next.apply_in_place(action)?;
        *self = next;
        Ok(())
    }

    /// Mutates even when it fails: only call on a copy (the replay loop keeps one for its error report).
    pub(crate) fn apply_in_place(&mut self, action: &Action) -> Result<(), IllegalAction> {
        require(self.ids_in_range(action), "Notation", || {
            format!("{action:?} names a unit, space or card the edition does not have")
        })?;
        if let Some(side) = action_side(action) {
            let actor = self.to_act();
            require(actor.is_none() || actor == Some(side), "Sequence of Play", || {
                format!("it is {}'s decision, not {side}'s", actor.map_or("nobody", Side::as_str))
            })?;
        }
        match (self.pending, *action) {
            (Pending::Over, _) => illegal("End of the Game", "the game is over"),
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
            (pending, a) => illegal(
                pending_section(pending),
                format!("{} now; expected {}", describe(&a), expected(pending)),
            ),
        }
    }
}

impl GameState<'_> {
    /// Every id in the action exists in the edition (actions are public values a caller can build).
    fn ids_in_range(&self, a: &Action) -> bool {
        use super::action::CardPlay;
        let e = self.edition;
        let unit = |u: UnitId| (u.0 as usize) < e.unit_count();
        let hex = |h: HexId| (h.0 as usize) < e.hex_count();
        let card = |c: CardId| c.0 < 2 * DECK_SIZE;
        let cards = |s: CardSet| s.0 >> (2 * DECK_SIZE) == 0;
        match *a {
            Action::Draw { card: c, .. }
            | Action::SetAside { card: c, .. }
            | Action::Pull { card: c, .. }
            | Action::FieldFortifications { card: c, .. } => card(c),
            Action::ExtraMarkers { units } => units.iter().all(|u| unit(*u)),
            Action::Pass | Action::Halt | Action::Strength { .. } | Action::Advance { .. } => true,
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
                        CardPlay::BrokenCipher { look } => cards(look),
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

/// The side an action names, when it names one (checked against the side to act).
fn action_side(a: &Action) -> Option<Side> {
    match *a {
        Action::Draw { side, .. }
        | Action::Select { side, .. }
        | Action::SetAside { side, .. }
        | Action::Pull { side, .. }
        | Action::FieldFortifications { side, .. } => Some(side),
        _ => None,
    }
}

fn pending_section(p: Pending) -> &'static str {
    match p {
        Pending::Draw { .. } | Pending::ExtraMarkers => "Game Preparation",
        Pending::Operational { .. } | Pending::Commanding { .. } => "Operational Phase",
        Pending::ChooseCombat { .. } | Pending::Combat(_) => "Combat Phase",
        Pending::Over => "End of the Game",
    }
}

fn describe(a: &Action) -> &'static str {
    match a {
        Action::Draw { .. } => "no card is drawn",
        Action::ExtraMarkers { .. } => "extra markers are not placed",
        Action::Pass => "passing is not possible",
        Action::Pillage { .. } => "Pillage is not possible",
        Action::March { .. } => "a march is not possible",
        Action::Attack { .. } => "an attack is not possible",
        Action::Halt => "there is no command to end",
        Action::Play { .. } => "an action card cannot be played",
        Action::Resolve { .. } => "no attack is chosen",
        Action::Select { .. } => "no cards are selected",
        Action::SetAside { .. } => "no card is set aside",
        Action::Pull { .. } => "no card is drawn from the opponent",
        Action::FieldFortifications { .. } => "Field fortifications is not in play",
        Action::Strength { .. } => "strengths are not compared",
        Action::Retreat { .. } => "no unit retreats",
        Action::Advance { .. } => "no unit advances",
    }
}

fn expected(p: Pending) -> String {
    match p {
        Pending::Draw { side, left, .. } => format!("{side} to draw {left} more card(s)"),
        Pending::ExtraMarkers => "Red's 2 additional command markers".into(),
        Pending::Operational { side } => format!("an action by {side}"),
        Pending::Commanding { side, .. } => format!("{side} to continue or end the command"),
        Pending::ChooseCombat { side } => format!("{side} to choose the next attack to resolve"),
        Pending::Combat(stage) => format!("the combat step {stage:?}"),
        Pending::Over => "nothing".into(),
    }
}
