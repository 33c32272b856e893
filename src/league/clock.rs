//! The league clock of a game recorded at the table: two clocks of the league's time control, one running
//! at a time, kept by the server. League rules: "Czas gry wynosi 15 minut na gracza ... Przekroczenie przez
//! gracza dozwolonego czasu gry oznacza jego automatyczną przegraną" (15 minutes per player; a player who
//! exceeds the time loses automatically). Pure arithmetic over millisecond timestamps the caller reads
//! from its clock: which side runs is the caller's to say (the side whose decision the game waits for).

use crate::outcome::Side;

/// Both clocks: each side's remaining milliseconds as of `since_ms`, and the side whose clock runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LeagueClock {
    pub red_ms: i64,
    pub polish_ms: i64,
    /// The clock that runs (`None`: both stopped, before the first decision or while paused).
    pub running: Option<Side>,
    /// When the running clock last started (or the clocks were last charged), in ms since the epoch.
    pub since_ms: i64,
}

impl LeagueClock {
    /// Both clocks at the time control, stopped.
    #[must_use]
    pub fn new(time_control_secs: i64, now_ms: i64) -> LeagueClock {
        let ms = time_control_secs.saturating_mul(1000);
        LeagueClock { red_ms: ms, polish_ms: ms, running: None, since_ms: now_ms }
    }

    /// `side`'s remaining milliseconds at `now_ms` (negative once its flag has fallen).
    #[must_use]
    pub fn remaining(&self, side: Side, now_ms: i64) -> i64 {
        let stored = match side {
            Side::Red => self.red_ms,
            Side::Polish => self.polish_ms,
        };
        if self.running == Some(side) { stored - (now_ms - self.since_ms).max(0) } else { stored }
    }

    /// The side whose flag has fallen at `now_ms`: its clock runs and shows 0:00 or less.
    #[must_use]
    pub fn flag(&self, now_ms: i64) -> Option<Side> {
        self.running.filter(|&s| self.remaining(s, now_ms) <= 0)
    }

    /// The clocks at `now_ms` with the running one charged and `next` running from now: a saved event
    /// stops the mover's clock and starts the other's (or the same one's, if it decides again).
    #[must_use]
    pub fn switch(&self, now_ms: i64, next: Option<Side>) -> LeagueClock {
        LeagueClock {
            red_ms: self.remaining(Side::Red, now_ms),
            polish_ms: self.remaining(Side::Polish, now_ms),
            running: next,
            since_ms: now_ms,
        }
    }

    /// A player's press of their half of a chess clock at `now_ms`: their clock stops and the
    /// opponent's runs. A press while the opponent's clock runs already changes nothing (a second
    /// tap); the first press starts the opponent's clock.
    #[must_use]
    pub fn press(&self, side: Side, now_ms: i64) -> LeagueClock {
        if self.running == Some(side.opponent()) { *self } else { self.switch(now_ms, Some(side.opponent())) }
    }

    /// `side`'s reading at its last press, whole seconds rounded up: its clock has not run since
    /// (or has run only from the opponent's press on, which charged nothing to it before), so the
    /// stored remaining time is what the clock showed when the player pressed.
    #[must_use]
    pub fn at_last_press(&self, side: Side) -> i32 {
        let frozen = LeagueClock { running: None, ..*self };
        frozen.reading(side, self.since_ms)
    }

    /// The reading written into the log for `side` at `now_ms`: whole seconds, rounded up, so that a
    /// clock that has not run out never reads 0:00 (which the notation takes for a fallen flag).
    #[must_use]
    pub fn reading(&self, side: Side, now_ms: i64) -> i32 {
        let ms = self.remaining(side, now_ms);
        let secs = if ms > 0 { (ms + 999) / 1000 } else { ms / 1000 };
        i32::try_from(secs).unwrap_or(if secs > 0 { i32::MAX } else { i32::MIN })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const T0: i64 = 1_000_000;

    #[test]
    fn only_the_running_clock_loses_time() {
        let c = LeagueClock::new(900, T0).switch(T0, Some(Side::Red));
        assert_eq!(c.remaining(Side::Red, T0 + 12_345), 900_000 - 12_345);
        assert_eq!(c.remaining(Side::Polish, T0 + 12_345), 900_000);
        // The clock never runs backwards if the caller's clock does.
        assert_eq!(c.remaining(Side::Red, T0 - 500), 900_000);
    }

    #[test]
    fn saving_an_event_stops_the_movers_clock_and_starts_the_others() {
        let c = LeagueClock::new(900, T0).switch(T0, Some(Side::Red));
        let c = c.switch(T0 + 10_000, Some(Side::Polish));
        assert_eq!((c.red_ms, c.polish_ms, c.running), (890_000, 900_000, Some(Side::Polish)));
        assert_eq!(c.remaining(Side::Red, T0 + 70_000), 890_000, "Red's clock stopped");
        assert_eq!(c.remaining(Side::Polish, T0 + 70_000), 840_000, "Polish clock ran a minute");
        let paused = c.switch(T0 + 70_000, None);
        assert_eq!(paused.remaining(Side::Polish, T0 + 999_000), 840_000, "stopped clocks keep their time");
    }

    #[test]
    fn readings_round_up_and_the_flag_falls_at_zero() {
        let c = LeagueClock::new(900, T0).switch(T0, Some(Side::Red));
        assert_eq!(c.reading(Side::Red, T0 + 400), 900, "899.6 s reads 15:00");
        assert_eq!(c.reading(Side::Red, T0 + 899_001), 1, "0.999 s left reads 0:01, not a fallen flag");
        assert_eq!(c.flag(T0 + 899_999), None);
        assert_eq!(c.flag(T0 + 900_000), Some(Side::Red));
        assert_eq!(c.reading(Side::Red, T0 + 900_000), 0);
        assert_eq!(c.reading(Side::Red, T0 + 903_500), -3);
        assert_eq!(c.flag(T0 + 10_000_000).map(Side::opponent), Some(Side::Polish));
    }

    /// A chess clock pressed at known times: each press stops the presser's clock at what it shows
    /// then, and that reading stays whatever happens on the opponent's clock afterwards.
    #[test]
    fn a_press_stops_the_pressers_clock_at_its_reading() {
        let c = LeagueClock::new(900, T0);
        // The Poles start Red's clock; Red thinks 40 s and presses.
        let c = c.press(Side::Polish, T0);
        assert_eq!(c.running, Some(Side::Red));
        let c = c.press(Side::Red, T0 + 40_000);
        assert_eq!(c.running, Some(Side::Polish));
        assert_eq!(c.at_last_press(Side::Red), 14 * 60 + 20);
        // A second tap of Red's does not restart anything.
        assert_eq!(c.press(Side::Red, T0 + 45_000), c);
        // Red's reading at its press, read later while the Poles think: still 14:20.
        assert_eq!(c.at_last_press(Side::Red), 860);
        assert_eq!(c.remaining(Side::Polish, T0 + 70_000), 870_000);
        // The Poles press after 30 s; then Red thinks again, and its last press is still 14:20.
        let c = c.press(Side::Polish, T0 + 70_000);
        assert_eq!((c.at_last_press(Side::Polish), c.at_last_press(Side::Red)), (870, 860));
        assert_eq!(c.remaining(Side::Red, T0 + 80_000), 850_000);
    }
}
