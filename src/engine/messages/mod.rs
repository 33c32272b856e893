//! The message catalogue: every refusal, section and position in Polish and in English. Pure (no I/O);
//! the rules build typed values (`error`), this module alone turns them into words. Both languages match
//! every variant exhaustively, so a new rule cannot ship without both sentences.

mod en;
mod pl;

use super::error::{Refusal, Rule, Section};
use super::situation::{Detail, Situation};
use super::state::{GameState, PlayError};
use crate::lang::Lang;

/// `line 5` / `wiersz 5`.
pub(crate) fn line_prefix(lang: Lang, line: usize) -> String {
    match lang {
        Lang::En => format!("line {line}"),
        Lang::Pl => format!("wiersz {line}"),
    }
}

/// What the position before a refused event is called in a one-line report.
pub(crate) fn state_word(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "state",
        Lang::Pl => "stan gry",
    }
}

impl Situation {
    /// The position in `lang`.
    #[must_use]
    pub fn render(&self, lang: Lang, detail: Detail) -> String {
        match lang {
            Lang::En => en::situation(self, detail),
            Lang::Pl => pl::situation(self, detail),
        }
    }
}

impl GameState<'_> {
    /// The position in English, in full (for test failures; people get [`Situation`] in their language).
    #[must_use]
    pub fn summary(&self) -> String {
        self.situation().render(Lang::En, Detail::Full)
    }
}

impl std::fmt::Display for PlayError<'_> {
    /// The English sentence and section (the catalogue renders Polish too).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.refusal.render(Lang::En))
    }
}

impl Rule {
    /// The rule broken, as one plain sentence (lower-case start: it follows the line and event).
    #[must_use]
    pub fn sentence(&self, lang: Lang) -> String {
        match lang {
            Lang::En => en::rule(self),
            Lang::Pl => pl::rule(self),
        }
    }
}

impl Section {
    /// The section's name as the rulebook (or league rules, or notation) calls it.
    #[must_use]
    pub fn name(self, lang: Lang) -> String {
        match lang {
            Lang::En => en::section(self),
            Lang::Pl => pl::section(self),
        }
    }
}

impl Refusal {
    /// `sentence (rulebook: section)`.
    #[must_use]
    pub fn render(&self, lang: Lang) -> String {
        match lang {
            Lang::En => format!("{} (rulebook: {})", en::rule(&self.rule), en::section(self.section)),
            Lang::Pl => format!("{} ({})", pl::rule(&self.rule), pl::cited(self.section)),
        }
    }
}

/// `m:ss` (or `h:mm:ss`), as the notation writes clocks.
pub(crate) fn clock(secs: i32) -> String {
    super::notation::format_clock(secs)
}

/// Items joined with a separator and a last word: `a, b or c`.
pub(crate) fn list(items: &[String], last: &str) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., tail] => format!("{} {last} {tail}", init.join(", ")),
    }
}

/// Upper-case the first letter (a sentence shown alone on a page).
#[must_use]
pub fn capitalised(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}
