//! The digital table's view models: the move list in words of a record the engine replayed, the clocks
//! as the pages show them, the phase and whose decision it is. The game page, the recorder, the online
//! page and the live page share them; the rules and the replay are the engine's, the clock arithmetic
//! the league's.

pub mod compose;
pub mod options;
pub(crate) mod taps;

use crate::engine::error::{Awaited, DrawOccasion};
use crate::engine::{GameState, Recording, narrate, notation};
use crate::league::clock::LeagueClock;
use crate::outcome::Side;
use crate::web::text::i18n::Lang;

/// The move list of a record replayed by the engine: each line as a sentence in `lang`, with its
/// notation.
#[must_use]
pub fn moves(rec: &Recording<'_>, lang: Lang) -> Vec<MoveView> {
    (0..rec.line_count()).filter_map(|i| move_view(rec, i, lang)).collect()
}

/// The last `n` lines, newest first, narrated alone: the recorder shows only these, and narrating a
/// whole long game on every tap cost more than the rest of its page.
#[must_use]
pub fn last_moves(rec: &Recording<'_>, lang: Lang, n: usize) -> Vec<MoveView> {
    (0..rec.line_count()).rev().take(n).filter_map(|i| move_view(rec, i, lang)).collect()
}

fn move_view(rec: &Recording<'_>, i: usize, lang: Lang) -> Option<MoveView> {
    let (line, before) = rec.line(i)?;
    Some(MoveView {
        step: i + 1,
        sentence: narrate::sentence(before, line, lang),
        notation: notation::canonical(line, before.edition()).to_string(),
        forced: false,
    })
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

/// The clocks as the table's chess clock last read them in the record (the time control where
/// nothing was read yet), stopped: the recorder keeps no clock of its own.
#[must_use]
pub fn read_clocks(rec: &Recording<'_>, time_control_secs: i64, now_ms: i64) -> LeagueClock {
    let ms = |side| rec.last_reading(side).map_or(time_control_secs, i64::from).max(0) * 1000;
    LeagueClock { red_ms: ms(Side::Red), polish_ms: ms(Side::Polish), running: None, since_ms: now_ms }
}

/// The clocks a page shows for a recording: the server's clock while it runs (a recording started
/// before the recorder left the time to the players' chess clock keeps its clock until its next
/// line), otherwise the readings written in the record.
#[must_use]
pub fn shown_clocks(
    clock: &LeagueClock,
    rec: &Recording<'_>,
    time_control_secs: i64,
    now_ms: i64,
) -> LeagueClock {
    if clock.running.is_some() { *clock } else { read_clocks(rec, time_control_secs, now_ms) }
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
    use crate::engine::{Edition, RuleOptions};

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
        let rec = Recording::of_lines(e, options, &log.events).expect("a random game replays");
        assert!(rec.line_count() > 20, "a game long enough to cut");
        for lang in [Lang::Pl, Lang::En] {
            let mut all = moves(&rec, lang);
            all.reverse();
            all.truncate(12);
            assert_eq!(last_moves(&rec, lang, 12), all);
            assert_eq!(last_moves(&rec, lang, 12)[0].step, rec.line_count());
        }
        assert_eq!(last_moves(&rec, Lang::Pl, 10_000).len(), rec.line_count());
    }
}
