//! The digital table's view models: a record replayed into the position after each line, the move list
//! in words, the clocks as the pages show them, the phase and whose decision it is. The game page, the
//! recorder and the live page share them; the rules are the engine's, the clock arithmetic the league's.

pub mod compose;
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
        let e = lang;
        self.lines
            .iter()
            .enumerate()
            .map(|(i, line)| MoveView {
                step: i + 1,
                sentence: narrate::sentence(&self.states[i], line, e),
                notation: notation::canonical(line, self.states[i].edition()).to_string(),
            })
            .collect()
    }
}

/// One line of the move list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveView {
    /// 1-based: the position after it is `?step=N`.
    pub step: usize,
    pub sentence: String,
    pub notation: String,
}

/// The clock that runs in a position: the side whose decision the game waits for, except while the
/// opening hands are dealt (dealing is not thinking) and once the game is over.
#[must_use]
pub fn clock_side(state: &GameState<'_>) -> Option<Side> {
    match state.awaited() {
        Awaited::Draw { occasion: DrawOccasion::Setup, .. } | Awaited::Nothing => None,
        _ => state.to_act(),
    }
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
    fn no_clock_runs_while_the_opening_hands_are_dealt() {
        let e = Edition::builtin();
        let log = notation::parse("red draw ? ? ? ? ? ? ? ? ? ?\npolish draw ? ? ? ? ? ? ?\n").unwrap();
        let r = Replay::of_log(log, e, RuleOptions::default()).unwrap();
        assert_eq!(clock_side(&r.states[0]), None);
        assert_eq!(clock_side(&r.states[1]), None, "the Poles still being dealt");
        assert_eq!(clock_side(&r.states[2]), Some(Side::Red), "Red places its extra markers");
        assert_eq!(phase_key(&r.states[2]), "phase_setup");
    }
}
