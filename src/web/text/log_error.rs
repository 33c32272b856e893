//! A refused move log, as the referee and game pages show it: the line, the event as written, one plain
//! sentence in the page's language (with the rulebook section), and the position behind a "details"
//! toggle. The words come from the engine's message catalogue; nothing here decides anything.

use crate::engine::{Detail, LogError, messages::capitalised};
use crate::lang::Lang;

/// What a page shows of a [`LogError`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LogErrorView {
    pub line: usize,
    /// The event as written (canonical spelling); empty for a header or JSON problem.
    pub event: String,
    /// The rule broken, one sentence ending with its rulebook section.
    pub sentence: String,
    /// The whole position before the event (empty when the log was not replayed that far).
    pub state: String,
}

impl LogErrorView {
    #[must_use]
    pub fn new(err: &LogError, lang: Lang) -> LogErrorView {
        LogErrorView {
            line: err.line,
            event: err.event.clone(),
            sentence: capitalised(&err.refusal.render(lang)) + ".",
            state: capitalised(&err.state(lang, Detail::Full)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Edition, RuleOptions, validate_log};

    #[test]
    fn a_refused_log_reads_in_the_pages_language() {
        let text = "red draw R01 R02 R03 R04 R05 R06 R07 R08 R09 R10\npolish draw P01 P02\nred pass\n";
        let err = validate_log(text, Edition::builtin(), &RuleOptions::default()).expect_err("out of turn");
        let pl = LogErrorView::new(&err, Lang::Pl);
        assert_eq!((pl.line, pl.event.as_str()), (3, "red pass"));
        assert_eq!(pl.sentence, "Teraz decyduje strona polska, nie czerwona (instrukcja: Przebieg gry).");
        assert!(
            pl.state.starts_with("Runda 1, gra czeka na dobranie przez stronę polską jeszcze 5 kart"),
            "{}",
            pl.state
        );
        let en = LogErrorView::new(&err, Lang::En);
        assert_eq!(en.sentence, "It is polish's decision, not red's (rulebook: Sequence of Play).");
    }
}
