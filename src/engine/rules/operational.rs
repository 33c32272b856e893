//! Rulebook "Operational Phase": Pillage, Command a Unit (march, attack), Attack Markers.

use super::{Checked, Rule, Section, refuse, require};
use crate::engine::ids::{HexId, UnitId};
use crate::engine::notation::Tok;
use crate::engine::state::{AfterDraw, GameState, Pending};
use crate::outcome::Side;

impl GameState<'_> {
    /// Pillage (Red only): discard 2 command markers from one Red unit and draw 1 card.
    pub(super) fn pillage(&mut self, side: Side, unit: UnitId) -> Checked {
        self.may_pillage(side, unit)?;
        self.unit_mut(unit).markers -= 2;
        self.pending = Pending::Draw { side, left: 1, then: AfterDraw::Resume(side) };
        self.settle();
        Ok(())
    }

    /// May `side` pillage with `unit`? The unit need not be free to command: Pillage is not a command
    /// (register R4), unless the league's `pillage_by_free_units_only` says otherwise.
    pub(crate) fn may_pillage(&self, side: Side, unit: UnitId) -> Checked {
        const S: Section = Section::Pillage;
        require(side == Side::Red, S, || Rule::PillageRedOnly)?;
        self.require_own(side, unit, S)?;
        let markers = self.unit(unit).markers;
        require(markers >= 2, S, || Rule::PillageMarkers { unit: self.code(unit), markers })?;
        if self.options.pillage_by_free_units_only {
            require(!self.engaged(unit), S, || Rule::PillageEngaged { unit: self.code(unit) })?;
            require(self.attacked & (1 << unit.0) == 0, S, || Rule::PillageAttacked {
                unit: self.code(unit),
            })?;
        }
        Ok(())
    }

    /// A unit's notation code, for messages.
    pub(crate) fn code(&self, u: UnitId) -> Tok {
        Tok::new(&self.edition.unit(u).code).unwrap_or_default()
    }

    pub(super) fn require_own(&self, side: Side, u: UnitId, section: Section) -> Checked {
        let spec = self.edition.unit(u);
        require(spec.side == side, section, || Rule::NotYourUnit { unit: self.code(u), side })?;
        require(self.unit(u).hex.is_some(), section, || Rule::Eliminated { unit: self.code(u) })
    }

    /// Command a Unit: one of the player's units with a command marker, not engaged, not having attacked
    /// this round. `commanding` is the unit of the command in progress, if any.
    fn require_commandable(&self, side: Side, commanding: Option<UnitId>, u: UnitId) -> Checked {
        const S: Section = Section::CommandAUnit;
        if let Some(c) = commanding {
            require(c == u, S, || Rule::OneUnitPerAction { commanding: self.code(c) })?;
        }
        self.require_own(side, u, S)?;
        require(!self.edition.unit(u).is_defenders, S, || Rule::DefendersNeverMove)?;
        require(!self.engaged(u), S, || Rule::Engaged { unit: self.code(u) })?;
        require(self.attacked & (1 << u.0) == 0, S, || Rule::AttackedThisRound { unit: self.code(u) })?;
        require(self.unit(u).markers >= 1, S, || Rule::NoMarkerLeft { unit: self.code(u) })
    }

    /// March: discard 1 marker, move to an adjacent empty space.
    pub(super) fn march(
        &mut self,
        side: Side,
        commanding: Option<UnitId>,
        unit: UnitId,
        to: HexId,
    ) -> Checked {
        const S: Section = Section::CommandAUnit;
        self.require_commandable(side, commanding, unit)?;
        let from = self.unit(unit).hex.unwrap_or(to);
        require(self.edition.adjacent(from, to), S, || Rule::NotAdjacent {
            to: self.label(to),
            from: self.label(from),
        })?;
        if let Some(o) = self.occupant(to) {
            return refuse(S, Rule::Occupied { occupant: self.code(o), space: self.label(to) });
        }
        self.unit_mut(unit).markers -= 1;
        self.pending = Pending::Commanding { side, unit };
        self.move_unit(unit, to);
        Ok(())
    }

    /// A space's notation label, for messages.
    pub(crate) fn label(&self, h: HexId) -> Tok {
        Tok::new(&self.edition.hex(h).label).unwrap_or_default()
    }

    /// Attack: discard 1 marker, place an attack marker; the attacked unit loses all its markers
    /// (rulebook "Attack Markers"); the attacker's actions end for the round but it keeps other markers
    /// (league FAQ).
    pub(super) fn attack(
        &mut self,
        side: Side,
        commanding: Option<UnitId>,
        unit: UnitId,
        target: UnitId,
    ) -> Checked {
        const S: Section = Section::CommandAUnit;
        self.require_commandable(side, commanding, unit)?;
        let t = self.edition.unit(target);
        require(t.side != side, S, || Rule::NotAnEnemy { unit: self.code(target) })?;
        let (Some(a), Some(d)) = (self.unit(unit).hex, self.unit(target).hex) else {
            return refuse(S, Rule::Eliminated { unit: self.code(target) });
        };
        require(self.edition.adjacent(a, d), S, || Rule::TargetNotAdjacent {
            target: self.code(target),
            target_space: self.label(d),
            unit: self.code(unit),
            space: self.label(a),
        })?;
        self.unit_mut(unit).markers -= 1;
        self.unit_mut(target).markers = 0;
        self.attack_of[unit.0 as usize] = Some(target);
        self.attacked |= 1 << unit.0;
        self.next_turn(side);
        Ok(())
    }
}
