//! The digital table's view models: a record replayed into the position after each line, the move list
//! in words, the clocks as the pages show them, the phase and whose decision it is. The game page, the
//! recorder and the live page share them; the rules are the engine's, the clock arithmetic the league's.

pub mod compose;
pub mod forced;
pub mod options;
pub mod recorded;

use crate::engine::error::{Awaited, DrawOccasion};
use crate::engine::notation::{self, GameLog};
use crate::engine::{Edition, GameState, Refusal, RuleOptions, narrate};
use crate::league::clock::LeagueClock;
use crate::outcome::Side;
use crate::web::text::i18n::Lang;

/// A record replayed: the lines and the position after each (`states[0]` is the start).
#[derive(Debug, Clone)]
pub struct Replay<'e> {
    pub lines: Vec<notation::Event>,
    pub states: Vec<GameState<'e>>,
}

impl<'e> Replay<'e> {
    /// Replay a parsed record line by line (each line through the engine's one step).
    ///
    /// # Errors
    /// The 1-based number of the first line the rules refuse, and why.
    pub fn of_log(
        log: GameLog,
        edition: &'e Edition,
        options: RuleOptions,
    ) -> Result<Replay<'e>, (usize, Refusal)> {
        let mut state = GameState::new(edition, options);
        let mut states = Vec::with_capacity(log.events.len() + 1);
        states.push(state);
        for (i, line) in log.events.iter().enumerate() {
            state = state.apply_line(line).map_err(|e| (i + 1, e.refusal))?;
            states.push(state);
        }
        Ok(Replay { lines: log.events, states })
    }

    /// Replay recorded lines (one notation line each).
    ///
    /// # Errors
    /// A line that does not parse or that the rules refuse: its number and the reason in English (a
    /// stored recording was accepted line by line, so this means the data changed under us).
    pub fn of_lines(
        lines: &[String],
        edition: &'e Edition,
        options: RuleOptions,
    ) -> Result<Replay<'e>, String> {
        let log =
            notation::parse(&lines.join("\n")).map_err(|e| format!("line {}: {:?}", e.line, e.syntax))?;
        Replay::of_log(log, edition, options).map_err(|(n, r)| format!("line {n}: {}", r.render(Lang::En)))
    }

    /// The position now.
    #[must_use]
    pub fn current(&self) -> &GameState<'e> {
        // `states` always holds the start.
        &self.states[self.states.len() - 1]
    }

    /// The move list: each line as a sentence in `lang`, with its notation.
    #[must_use]
    pub fn moves(&self, lang: Lang) -> Vec<MoveView> {
        (0..self.lines.len()).map(|i| self.move_view(i, lang)).collect()
    }

    /// The last `n` lines, newest first, narrated alone: the recorder shows only these, and
    /// narrating a whole long game on every tap cost more than the rest of its page.
    #[must_use]
    pub fn last_moves(&self, lang: Lang, n: usize) -> Vec<MoveView> {
        (0..self.lines.len()).rev().take(n).map(|i| self.move_view(i, lang)).collect()
    }

    fn move_view(&self, i: usize, lang: Lang) -> MoveView {
        let line = &self.lines[i];
        MoveView {
            step: i + 1,
            sentence: narrate::sentence(&self.states[i], line, lang),
            notation: notation::canonical(line, self.states[i].edition()).to_string(),
            forced: false,
        }
    }
}

/// One line of the move list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveView {
    /// 1-based: the position after it is `?step=N`.
    pub step: usize,
    pub sentence: String,
    pub notation: String,
    /// Written by the recorder by itself (`forced`): the table offered no choice (the recorder marks
    /// its last lines so; other pages leave it `false`).
    pub forced: bool,
}

impl Replay<'_> {
    /// The last reading of `side`'s clock written in the record (seconds), if any: at the table the
    /// players' chess clock keeps the time, and the record holds what the scribe read from it.
    #[must_use]
    pub fn last_reading(&self, side: Side) -> Option<i32> {
        self.lines.iter().rev().filter(|e| e.side == side).find_map(|e| e.clock)
    }

    /// The clocks as the table's chess clock last read them in the record (the time control where
    /// nothing was read yet), stopped: the recorder keeps no clock of its own.
    #[must_use]
    pub fn read_clocks(&self, time_control_secs: i64, now_ms: i64) -> LeagueClock {
        let ms = |side| self.last_reading(side).map_or(time_control_secs, i64::from).max(0) * 1000;
        LeagueClock { red_ms: ms(Side::Red), polish_ms: ms(Side::Polish), running: None, since_ms: now_ms }
    }
}

/// The clocks a page shows for a recording: the server's clock while it runs (a recording started
/// before the recorder left the time to the players' chess clock keeps its clock until its next
/// line), otherwise the readings written in the record.
#[must_use]
pub fn shown_clocks(
    clock: &LeagueClock,
    replay: &Replay<'_>,
    time_control_secs: i64,
    now_ms: i64,
) -> LeagueClock {
    if clock.running.is_some() { *clock } else { replay.read_clocks(time_control_secs, now_ms) }
}

/// `m:ss` of milliseconds left, rounded up as the log's readings are (0:00 only once time is up).
#[must_use]
pub fn clock_text(ms: i64) -> String {
    let secs = if ms > 0 { (ms + 999) / 1000 } else { 0 };
    format!("{}:{:02}", secs / 60, secs % 60)
}

/// One clock as a page shows it (the script ticks it from `ms` while `running`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClockView {
    /// `red` / `polish`.
    pub side: &'static str,
    /// The side and the player: `Czerwoni · Anna`.
    pub who: String,
    pub ms: i64,
    pub text: String,
    pub running: bool,
    /// Under a minute.
    pub low: bool,
    pub flag: bool,
}

/// Both clocks at `now_ms`, Red first.
#[must_use]
pub fn clock_views(clock: &LeagueClock, now_ms: i64, lang: Lang, names: [&str; 2]) -> Vec<ClockView> {
    Side::BOTH
        .into_iter()
        .zip(names)
        .map(|(side, name)| {
            let ms = clock.remaining(side, now_ms);
            let who = lang.t(match side {
                Side::Red => "side_red_plural",
                Side::Polish => "side_polish_plural",
            });
            ClockView {
                side: side.as_str(),
                who: if name.is_empty() { who.to_string() } else { format!("{who} · {name}") },
                ms,
                text: clock_text(ms),
                running: clock.running == Some(side),
                low: ms < 60_000,
                flag: ms <= 0,
            }
        })
        .collect()
}

/// The phase of the game, as a translation key.
#[must_use]
pub fn phase_key(state: &GameState<'_>) -> &'static str {
    match state.awaited() {
        Awaited::Draw { occasion: DrawOccasion::Setup, .. } | Awaited::ExtraMarkers => "phase_setup",
        Awaited::Action { .. } | Awaited::Command { .. } => "phase_operational",
        Awaited::Draw { occasion: DrawOccasion::Pillage, .. } => "phase_operational",
        Awaited::ChooseAttack { .. }
        | Awaited::Select { .. }
        | Awaited::SetAside { .. }
        | Awaited::Pull { .. }
        | Awaited::FieldFortifications { .. }
        | Awaited::Strength { .. }
        | Awaited::Retreat { .. }
        | Awaited::Advance { .. }
        | Awaited::Draw { occasion: DrawOccasion::AfterCombat, .. } => "phase_combat",
        Awaited::Draw { occasion: DrawOccasion::Cleanup, .. } => "phase_cleanup",
        Awaited::Nothing => "phase_over",
    }
}

/// `Czerwoni` / `Polacy` (`Red` / `the Poles`) for the side whose decision it is.
#[must_use]
pub fn side_key(side: Side) -> &'static str {
    match side {
        Side::Red => "side_red_plural",
        Side::Polish => "side_polish_plural",
    }
}

/// What the game waits for, as one sentence (the engine's words for the position, short).
#[must_use]
pub fn awaited_text(state: &GameState<'_>, lang: Lang) -> String {
    crate::engine::messages::capitalised(&state.situation().render(lang, crate::engine::Detail::Short))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_read_as_the_log_does() {
        assert_eq!(clock_text(900_000), "15:00");
        assert_eq!(clock_text(59_001), "1:00");
        assert_eq!(clock_text(1), "0:01");
        assert_eq!(clock_text(0), "0:00");
        assert_eq!(clock_text(-4_000), "0:00");
    }

    #[test]
    fn the_last_moves_are_the_move_list_newest_first() {
        let e = Edition::builtin();
        let options = RuleOptions::default();
        let log = crate::engine::random_game_with(7, e, &options, crate::engine::PlayStyle::Uniform);
        let replay = Replay::of_log(log, e, options).expect("a random game replays");
        assert!(replay.lines.len() > 20, "a game long enough to cut");
        for lang in [Lang::Pl, Lang::En] {
            let mut all = replay.moves(lang);
            all.reverse();
            all.truncate(12);
            assert_eq!(replay.last_moves(lang, 12), all);
            assert_eq!(replay.last_moves(lang, 12)[0].step, replay.lines.len());
        }
        assert_eq!(replay.last_moves(Lang::Pl, 10_000).len(), replay.lines.len());
    }
}
