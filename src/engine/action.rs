//! One decision or one revealed card: the unit of replay. A line of the notation holds one action, or
//! several for draws and for a command's marches (see `notation`). An [`Event`] is what the table records:
//! an action or a clock reading, by one side.

use super::ids::{CardId, CardSet, HexId, UnitId};
use crate::outcome::Side;

/// A card as the log names it: by its number, or unseen (`?`) when nobody at the table saw it (a draw,
/// the card drawn back in a combat, the cards Broken Cipher shows).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CardRef {
    Known(CardId),
    Unseen,
}

impl CardRef {
    #[must_use]
    pub fn known(self) -> Option<CardId> {
        match self {
            CardRef::Known(c) => Some(c),
            CardRef::Unseen => None,
        }
    }
}

/// Everything that can happen in a game, one variant per kind of decision.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Action {
    /// A card drawn from `side`'s deck into its reserve (setup, Pillage, after combat, clean-up).
    Draw { side: Side, card: CardRef },
    /// Red's 2 additional command markers at setup (units in ascending order; may repeat).
    ExtraMarkers { units: [UnitId; 2] },
    /// The player to act passes for the rest of the operational phase.
    Pass,
    /// Red discards 2 markers from `unit` to draw a card (the draw follows as a `Draw`).
    Pillage { unit: UnitId },
    /// March one space (starts or continues a command of `unit`).
    March { unit: UnitId, to: HexId },
    /// Attack an adjacent enemy (starts or ends a command of `unit`).
    Attack { unit: UnitId, target: UnitId },
    /// End the current command without attacking.
    Halt,
    /// Play an action card from the reserve.
    Play { card: CardId, play: CardPlay },
    /// Choose the attack (given by its attacking unit) to resolve next.
    Resolve { attacker: UnitId },
    /// The cards `side` commits to the combat (4, or all if fewer): the named ones, and `unseen` more
    /// written `?` (at most one: the card the opponent draws back without anyone seeing it).
    Select { side: Side, cards: CardSet, unseen: u8 },
    /// Fortifications / flank attack: `side` reveals and sets aside one selected card.
    SetAside { side: Side, card: CardId },
    /// `side` draws one of the opponent's face-down cards at random; it returns to its owner's reserve
    /// (unseen: it is the card written `?` in the owner's selection).
    Pull { side: Side, card: CardRef },
    /// Field fortifications (Umocnienia polowe): `side` returns a face-up card to its owner's reserve.
    FieldFortifications { side: Side, card: CardId },
    /// The combat strengths, attacker's then defender's, as the players announce them.
    Strength { attacker: u8, defender: u8 },
    /// The losing defender retreats to `to`.
    Retreat { to: HexId },
    /// The winning attacker advances into the vacated space, or holds.
    Advance { advance: bool },
    /// `side` resigns: the game ends at once, the opponent wins (at any moment of the game, whoever is
    /// to act; never among the legal actions offered, so random games never resign).
    Resign { side: Side },
}

/// The choices that come with an action card, per effect.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CardPlay {
    /// The opponent reveals `reveal` (their choice), then `discard` are discarded at random from the rest.
    FighterEscadrille { reveal: CardSet, discard: CardSet },
    /// `target` loses its markers and is dispersed unless its owner discards `discard`.
    ArtillerySupport { target: UnitId, discard: Option<CardId> },
    /// Move all command markers from one enemy unit to another.
    RadioJamming { from: UnitId, to: UnitId },
    /// The cards seen at random in the opponent's reserve: the named ones and `unseen` more (`?`).
    BrokenCipher { look: CardSet, unseen: u8 },
    /// 2 markers on `unit`, which may then be commanded at once.
    Maneuver { unit: UnitId },
    /// 3 markers over one to three units (ascending order, may repeat).
    GoWest { units: [UnitId; 3] },
    /// `target` (attacked by `by`) retreats to `retreat` and `by` advances; `None` if it cannot retreat.
    Assault { target: UnitId, by: UnitId, retreat: Option<HexId> },
}

impl Action {
    /// A coarse key used by the random player to choose uniformly first among kinds of decision
    /// (which card to play, which unit to command), then among the details.
    #[must_use]
    pub fn head(&self) -> (u8, u8) {
        match *self {
            Action::Pass => (0, 0),
            Action::Pillage { unit } => (1, unit.0),
            Action::March { unit, .. } | Action::Attack { unit, .. } => (2, unit.0),
            Action::Halt => (3, 0),
            Action::Play { card, .. } => (4, card.0),
            _ => (5, 0),
        }
    }

    /// The side the action names, when it names one (it must be the side to act).
    #[must_use]
    pub fn side(&self) -> Option<Side> {
        match *self {
            Action::Draw { side, .. }
            | Action::Select { side, .. }
            | Action::SetAside { side, .. }
            | Action::Pull { side, .. }
            | Action::FieldFortifications { side, .. }
            | Action::Resign { side } => Some(side),
            _ => None,
        }
    }

    /// Does the action write a card as unseen (`?`)? A digital game never does.
    #[must_use]
    pub fn has_unseen(&self) -> bool {
        match *self {
            Action::Draw { card, .. } | Action::Pull { card, .. } => card == CardRef::Unseen,
            Action::Select { unseen, .. } => unseen > 0,
            Action::Play { play: CardPlay::BrokenCipher { unseen, .. }, .. } => unseen > 0,
            _ => false,
        }
    }
}

/// One thing recorded at the table: `side` takes `action`, or only reads its clock (`action: None`, e.g.
/// the flag fell while thinking); `clock` is `side`'s remaining time in seconds after it, if read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Event {
    pub side: Side,
    pub action: Option<Action>,
    pub clock: Option<i32>,
}

impl Event {
    /// `side` takes `action` (no clock reading).
    #[must_use]
    pub fn act(side: Side, action: Action) -> Event {
        Event { side, action: Some(action), clock: None }
    }
    /// A clock reading alone: only the side whose clock runs may make one.
    #[must_use]
    pub fn clock(side: Side, secs: i32) -> Event {
        Event { side, action: None, clock: Some(secs) }
    }
    /// The same event with the mover's remaining time after it.
    #[must_use]
    pub fn with_clock(self, secs: i32) -> Event {
        Event { clock: Some(secs), ..self }
    }
}
