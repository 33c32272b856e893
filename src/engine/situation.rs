//! A position as people read it, for error reports: owned (no edition needed to render it), in Polish or
//! English, short (the phase, the attack being resolved, the reserves' sizes) or in full (every unit,
//! attack marker, reserve, deck and clock).

use super::error::Awaited;
use super::ids::{BySide, CardId};
use super::notation::Tok;
use super::state::{GameState, Status};
use crate::outcome::Side;

/// How much of the position to show.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Detail {
    /// The phase and decision awaited, the attack being resolved, the reserves' sizes.
    Short,
    /// Everything: units, attack markers, reserves, decks, clocks.
    Full,
}

/// One unit where it stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UnitLine {
    pub code: Tok,
    /// `None` once eliminated.
    pub space: Option<Tok>,
    pub markers: u8,
    pub status: Status,
}

/// A reserve: the cards the log names, and how many it wrote `?`.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Reserve {
    pub known: Vec<CardId>,
    pub unseen: u8,
}

impl Reserve {
    #[must_use]
    pub fn size(&self) -> usize {
        self.known.len() + usize::from(self.unseen)
    }
}

/// The position, in plain values.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Situation {
    pub round: u8,
    pub awaited: Awaited,
    /// The attack being resolved: (attacker, defender).
    pub combat: Option<(Tok, Tok)>,
    pub units: Vec<UnitLine>,
    pub attacks: Vec<(Tok, Tok)>,
    pub reserves: BySide<Reserve>,
    pub decks: BySide<u8>,
    pub clocks: BySide<i32>,
}

impl GameState<'_> {
    /// The position as people read it.
    #[must_use]
    pub fn situation(&self) -> Situation {
        let e = self.edition();
        let code = |u| self.code(u);
        let units = e
            .units()
            .map(|u| UnitLine {
                code: code(u.id),
                space: self.position(u.id).map(|h| self.label(h)),
                markers: self.markers(u.id),
                status: self.status(u.id),
            })
            .collect();
        let reserve =
            |side: Side| Reserve { known: self.hand(side).iter().collect(), unseen: self.hand_unseen(side) };
        let combat = match (self.combat.attacker, self.combat.defender) {
            (Some(a), Some(d))
                if !self.is_over() && matches!(self.pending, super::state::Pending::Combat(_)) =>
            {
                Some((code(a), code(d)))
            }
            _ => None,
        };
        Situation {
            round: self.round(),
            awaited: self.awaited(),
            combat,
            units,
            attacks: self.attacks().map(|(a, d)| (code(a), code(d))).collect(),
            reserves: BySide { red: reserve(Side::Red), polish: reserve(Side::Polish) },
            decks: BySide { red: self.deck_size(Side::Red), polish: self.deck_size(Side::Polish) },
            clocks: BySide { red: self.clock(Side::Red), polish: self.clock(Side::Polish) },
        }
    }
}
