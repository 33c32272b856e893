//! The words of a recorded game's refusals ([`RecordingRefusal`]), said two ways: to the scribe at
//! the table (who sees the whole table: the engine's reason for an illegal line in full), and to a
//! player online (in the online page's words; the one place that decides what of the engine's
//! reason a player is told).

use crate::app::RecordingRefusal;
use crate::engine::{Refusal, messages};
use crate::lang::Lang;

/// The engine's refusal as one sentence.
fn rule_sentence(lang: Lang, r: &Refusal) -> String {
    messages::capitalised(&r.render(lang)) + "."
}

/// A refusal as the recorder says it.
#[must_use]
pub fn to_scribe(lang: Lang, r: &RecordingRefusal) -> String {
    let t = |key: &str| lang.t(key).to_string();
    match r {
        RecordingRefusal::NotStarted => t("record_not_started"),
        RecordingRefusal::Finished => t("record_finished"),
        RecordingRefusal::Overtaken => t("record_conflict"),
        RecordingRefusal::TimeUp => t("record_time_up"),
        RecordingRefusal::Empty => t("record_empty"),
        RecordingRefusal::NotOneLine => t("record_one_line"),
        RecordingRefusal::Illegal(rule) => rule_sentence(lang, rule),
        RecordingRefusal::NothingToUndo => t("record_nothing_to_undo"),
        RecordingRefusal::TabletKeepsTime => t("tablet_clock_help"),
        RecordingRefusal::PlayersWriteOnline => t("record_online_no_lines"),
        RecordingRefusal::NotOffered => t("on_not_offered"),
        RecordingRefusal::Paused => t("on_paused"),
        RecordingRefusal::FlagNotOut { remaining_secs } if *remaining_secs < 0 => t("record_flag_not_to_act"),
        RecordingRefusal::FlagNotOut { remaining_secs } => {
            let clock = format!("{}:{:02}", remaining_secs / 60, remaining_secs % 60);
            lang.t("record_flag_not_out").replace("{clock}", &clock)
        }
        RecordingRefusal::NotOver => t("record_not_over"),
    }
}

/// A refusal as a player's online page says it.
#[must_use]
pub fn to_player(lang: Lang, r: &RecordingRefusal) -> String {
    let t = |key: &str| lang.t(key).to_string();
    match r {
        RecordingRefusal::NotStarted => t("on_not_started"),
        RecordingRefusal::Finished | RecordingRefusal::TimeUp => t("on_game_over"),
        RecordingRefusal::Overtaken => t("on_stale"),
        // The engine's reasons are never a player's (they depend on the whole state, the
        // opponent's hidden cards included): an event the page did not offer gets one sentence.
        RecordingRefusal::Illegal(_) | RecordingRefusal::NotOffered => t("on_not_offered"),
        other => to_scribe(lang, other),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Rule, Section};

    #[test]
    fn every_refusal_is_said_in_both_languages_to_both() {
        let all = [
            RecordingRefusal::NotStarted,
            RecordingRefusal::Finished,
            RecordingRefusal::Overtaken,
            RecordingRefusal::TimeUp,
            RecordingRefusal::Empty,
            RecordingRefusal::NotOneLine,
            RecordingRefusal::Illegal(Refusal::new(Section::EndOfTheGame, Rule::GameOver)),
            RecordingRefusal::NothingToUndo,
            RecordingRefusal::TabletKeepsTime,
            RecordingRefusal::PlayersWriteOnline,
            RecordingRefusal::NotOffered,
            RecordingRefusal::Paused,
            RecordingRefusal::FlagNotOut { remaining_secs: -1 },
            RecordingRefusal::FlagNotOut { remaining_secs: 852 },
            RecordingRefusal::NotOver,
        ];
        for r in &all {
            for say in [to_scribe, to_player] {
                let (pl, en) = (say(Lang::Pl, r), say(Lang::En, r));
                assert!(!pl.is_empty() && !en.is_empty() && pl != en, "{r:?}: {pl} / {en}");
            }
        }
    }
}
