//! An unchecked position with public fields (for tests, puzzles and analysis), and the fallible
//! constructor that turns it into a [`GameState`] only if it is consistent.

use super::edition::Edition;
use super::ids::{BySide, CardSet, HexId, MAX_HEXES, UNIT_COUNT, UnitId};
use super::ledger::Ledger;
use super::state::{Combat, EMPTY, GameState, Pending, RuleOptions, Status, UnitState};
use crate::outcome::Side;

/// One unit of a [`Setup`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UnitSetup {
    pub hex: Option<HexId>,
    pub status: Status,
    pub markers: u8,
}

/// A position in the operational phase, with `to_act` to act. Cards not in a hand or the discard pile
/// are in their deck.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Setup {
    pub round: u8,
    pub to_act: Side,
    pub units: [UnitSetup; UNIT_COUNT],
    pub hands: BySide<CardSet>,
    pub discard: CardSet,
    /// Attack markers already placed this round: (attacker, defender).
    pub attacks: Vec<(UnitId, UnitId)>,
    /// Units that attacked this round (their markers may since have vanished).
    pub attacked: Vec<UnitId>,
    pub passed: BySide<bool>,
    /// The round in which the Warsaw Defenders fell, if they did.
    pub defenders_fell: Option<u8>,
}

impl Setup {
    /// The edition's starting position after setup: every unit on its start with 1 marker (none for the
    /// Warsaw Defenders), empty hands, round 1, Red to act.
    #[must_use]
    pub fn start(edition: &Edition) -> Setup {
        let mut units = [UnitSetup { hex: None, status: Status::Eliminated, markers: 0 }; UNIT_COUNT];
        for u in edition.units() {
            units[u.id.0 as usize] = UnitSetup {
                hex: edition.start_of(u.id),
                status: Status::GoodOrder,
                markers: u8::from(!u.is_defenders),
            };
        }
        Setup {
            round: 1,
            to_act: Side::Red,
            units,
            hands: BySide::default(),
            discard: CardSet::EMPTY,
            attacks: Vec::new(),
            attacked: Vec::new(),
            passed: BySide::default(),
            defenders_fell: None,
        }
    }
}

impl<'e> GameState<'e> {
    /// Build a game state from a setup.
    ///
    /// # Errors
    /// A sentence saying what is inconsistent (two units on a space, an eliminated unit on the map, a card
    /// in two places, an attack between units that are not adjacent, ...).
    pub fn from_setup(
        edition: &'e Edition,
        options: RuleOptions,
        setup: &Setup,
    ) -> Result<GameState<'e>, String> {
        let mut state = GameState::new(edition, options);
        if !(1..=5).contains(&setup.round) {
            return Err(format!("round {} is not 1 to 5", setup.round));
        }
        let mut occupant = [EMPTY; MAX_HEXES];
        for u in edition.units() {
            let s = setup.units[u.id.0 as usize];
            match (s.hex, s.status) {
                (None, Status::Eliminated) | (Some(_), Status::GoodOrder | Status::Dispersed) => {}
                _ => return Err(format!("{}: on the map exactly when not eliminated", u.code)),
            }
            if u.is_defenders && (s.status == Status::Dispersed || s.markers > 0) {
                return Err("the Warsaw Defenders are never dispersed and never hold markers".into());
            }
            if let Some(h) = s.hex {
                if h.0 as usize >= edition.hex_count() {
                    return Err(format!("{}: no such space", u.code));
                }
                if occupant[h.0 as usize] != EMPTY {
                    return Err(format!("two units on {}", edition.hex(h).label));
                }
                occupant[h.0 as usize] = u.id.0;
            }
            state.units[u.id.0 as usize] = UnitState { hex: s.hex, status: s.status, markers: s.markers };
        }
        state.occupant = occupant;
        for side in Side::BOTH {
            let hand = *setup.hands.get(side);
            if !hand.is_subset(CardSet::full_deck(side)) {
                return Err(format!("the {side} hand holds cards of the other deck"));
            }
        }
        if !setup.discard.is_subset(CardSet::full_deck(Side::Red).union(CardSet::full_deck(Side::Polish))) {
            return Err("the discard pile holds cards no deck has".into());
        }
        let hand = setup.hands.red.union(setup.hands.polish);
        if !hand.intersect(setup.discard).is_empty() {
            return Err("a card is both in a hand and in the discard pile".into());
        }
        state.cards = Ledger::known(hand, setup.discard);
        for &(a, d) in &setup.attacks {
            let (ha, hd) = (state.position(a), state.position(d));
            let ok = edition.unit(a).side != edition.unit(d).side
                && matches!((ha, hd), (Some(x), Some(y)) if edition.adjacent(x, y))
                && state.attack_of[a.0 as usize].is_none();
            if !ok {
                return Err(format!(
                    "attack {}>{} is not between adjacent enemies",
                    edition.unit(a).code,
                    edition.unit(d).code
                ));
            }
            state.attack_of[a.0 as usize] = Some(d);
            state.attacked |= 1 << a.0;
        }
        for a in &setup.attacked {
            state.attacked |= 1 << a.0;
        }
        state.round = setup.round;
        state.passed = setup.passed;
        if *setup.passed.get(setup.to_act) {
            return Err(format!("{} has passed and cannot be the side to act", setup.to_act));
        }
        state.defenders_fell = setup.defenders_fell;
        state.combat = Combat::default();
        state.pending = Pending::Operational { side: setup.to_act };
        Ok(state)
    }
}
