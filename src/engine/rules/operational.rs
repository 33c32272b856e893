//! Rulebook "Operational Phase": Pillage, Command a Unit (march, attack), Attack Markers.

use super::{IllegalAction, require};
use crate::engine::ids::{HexId, UnitId};
use crate::engine::state::{AfterDraw, GameState, Pending};
use crate::outcome::Side;

impl GameState<'_> {
    /// Pillage (Red only): discard 2 command markers from one Red unit and draw 1 card.
    pub(super) fn pillage(&mut self, side: Side, unit: UnitId) -> Result<(), IllegalAction> {
        self.may_pillage(side, unit)?;
        self.unit_mut(unit).markers -= 2;
        self.pending = Pending::Draw { side, left: 1, then: AfterDraw::Resume(side) };
        self.settle();
        Ok(())
    }

    /// May `side` pillage with `unit`? The unit need not be free to command: Pillage is not a command
    /// (register R4), unless the league's `pillage_by_free_units_only` says otherwise.
    pub(crate) fn may_pillage(&self, side: Side, unit: UnitId) -> Result<(), IllegalAction> {
        require(side == Side::Red, "Pillage", || "only the Red player may pillage".into())?;
        self.require_own(side, unit, "Pillage")?;
        require(self.unit(unit).markers >= 2, "Pillage", || {
            format!(
                "{} has {} command marker(s); Pillage discards 2",
                self.code(unit),
                self.unit(unit).markers
            )
        })?;
        if self.options.pillage_by_free_units_only {
            require(!self.engaged(unit), "Pillage", || {
                format!(
                    "{} is engaged in combat; this league allows Pillage only by free units",
                    self.code(unit)
                )
            })?;
            require(self.attacked & (1 << unit.0) == 0, "Pillage", || {
                format!(
                    "{} attacked this round; this league allows Pillage only by free units",
                    self.code(unit)
                )
            })?;
        }
        Ok(())
    }

    pub(crate) fn code(&self, u: UnitId) -> &str {
        &self.edition.unit(u).code
    }

    pub(super) fn require_own(
        &self,
        side: Side,
        u: UnitId,
        section: &'static str,
    ) -> Result<(), IllegalAction> {
        let spec = self.edition.unit(u);
        require(spec.side == side, section, || format!("{} is not a {side} unit", spec.code))?;
        require(self.unit(u).hex.is_some(), section, || format!("{} has been eliminated", spec.code))
    }

    /// Command a Unit: one of the player's units with a command marker, not engaged, not having attacked
    /// this round. `commanding` is the unit of the command in progress, if any.
    fn require_commandable(
        &self,
        side: Side,
        commanding: Option<UnitId>,
        u: UnitId,
    ) -> Result<(), IllegalAction> {
        const S: &str = "Command a Unit";
        if let Some(c) = commanding {
            require(c == u, S, || {
                format!(
                    "markers may be discarded from only one unit per action; {} is being commanded",
                    self.code(c)
                )
            })?;
        }
        self.require_own(side, u, S)?;
        require(!self.edition.unit(u).is_defenders, S, || {
            "the Warsaw Defenders never move or attack".into()
        })?;
        require(!self.engaged(u), S, || {
            format!("{} is engaged in combat (an attack marker touches it)", self.code(u))
        })?;
        require(self.attacked & (1 << u.0) == 0, S, || {
            format!("{} attacked this round: attacking ends a unit's actions for the round", self.code(u))
        })?;
        require(self.unit(u).markers >= 1, S, || format!("{} has no command marker left", self.code(u)))
    }

    /// March: discard 1 marker, move to an adjacent empty space.
    pub(super) fn march(
        &mut self,
        side: Side,
        commanding: Option<UnitId>,
        unit: UnitId,
        to: HexId,
    ) -> Result<(), IllegalAction> {
        const S: &str = "Command a Unit";
        self.require_commandable(side, commanding, unit)?;
        require((to.0 as usize) < self.edition.hex_count(), S, || "no such space".into())?;
        let from = self.unit(unit).hex.unwrap_or(to);
        require(self.edition.adjacent(from, to), S, || {
            format!("{} is not adjacent to {} (or the hex side is blocked)", self.label(to), self.label(from))
        })?;
        if let Some(o) = self.occupant(to) {
            return super::illegal(
                S,
                format!(
                    "a unit cannot enter a space occupied by another unit ({} is in {})",
                    self.code(o),
                    self.label(to)
                ),
            );
        }
        self.unit_mut(unit).markers -= 1;
        self.pending = Pending::Commanding { side, unit };
        self.move_unit(unit, to);
        Ok(())
    }

    pub(crate) fn label(&self, h: HexId) -> &str {
        &self.edition.hex(h).label
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
    ) -> Result<(), IllegalAction> {
        const S: &str = "Command a Unit";
        self.require_commandable(side, commanding, unit)?;
        let t = self.edition.unit(target);
        require(t.side != side, S, || format!("{} is not an enemy unit", t.code))?;
        let (Some(a), Some(d)) = (self.unit(unit).hex, self.unit(target).hex) else {
            return super::illegal(S, format!("{} has been eliminated", t.code));
        };
        require(self.edition.adjacent(a, d), S, || {
            format!(
                "{} in {} is not adjacent to {} in {}",
                t.code,
                self.label(d),
                self.code(unit),
                self.label(a)
            )
        })?;
        self.unit_mut(unit).markers -= 1;
        self.unit_mut(target).markers = 0;
        self.attack_of[unit.0 as usize] = Some(target);
        self.attacked |= 1 << unit.0;
        self.next_turn(side);
        Ok(())
    }
}
