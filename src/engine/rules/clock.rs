//! League rules on thinking time: "Czas gry wynosi 15 minut na gracza ... Przekroczenie przez gracza
//! dozwolonego czasu gry oznacza jego automatyczną przegraną i utratę punktów z partii." (15 minutes per
//! player; a player who exceeds the time loses automatically and loses the points of the game.) The time
//! control is the league's (`RuleOptions::time_control_secs`), never the log's.

use super::{Checked, Rule, Section, refuse, require};
use crate::engine::action::Event;
use crate::engine::state::GameState;
use crate::outcome::{Side, Termination};

impl GameState<'_> {
    /// A reading with no action: only the clock that runs can be read alone, and that is the clock of the
    /// side whose decision the game waits for (a player cannot stop the opponent's time by writing it).
    pub(super) fn clock_alone(&mut self, event: &Event) -> Checked {
        if event.clock.is_none() {
            return refuse(Section::Notation, Rule::NoActionNoReading);
        }
        let running = self.to_act();
        require(running == Some(event.side), Section::LeagueThinkingTime, || Rule::ClockNotRunning {
            side: event.side,
            running,
        })
    }

    /// The mover's remaining time after its event: it never rises; 0:00 or below loses on time at once
    /// (unless the event itself ended the game).
    pub(super) fn read_clock(&mut self, side: Side, reading: i32) -> Checked {
        let was = self.clock(side);
        require(reading <= was, Section::LeagueThinkingTime, || Rule::ClockRises { side, was, reading })?;
        *self.clocks.get_mut(side) = reading;
        if reading <= 0 && !self.is_over() {
            self.time_forfeit(side);
        }
        Ok(())
    }

    /// `side` resigns: the opponent wins at once. The league rules say nothing of resigning: the game
    /// counts as lost on the board, so Red's points are the position's (`outcome`), as after any ending
    /// but a flag.
    pub(super) fn resign(&mut self, side: Side) {
        self.finish(side.opponent(), Termination::Resignation);
    }

    /// The flagged player loses; the Red-side points follow in `outcome` (0 if Red flagged).
    fn time_forfeit(&mut self, side: Side) {
        self.flagged = Some(side);
        self.finish(side.opponent(), Termination::TimeForfeit);
    }
}
