//! The message catalogue: every refusal, section and position in Polish and in English. Pure (no I/O);
//! the rules build typed values (`error`), this module alone turns them into words. Both languages match
//! every variant exhaustively, so a new rule cannot ship without both sentences.

mod en;
mod pl;

use super::error::{Refusal, Rule, Section};
use super::situation::{Detail, Situation};

/// The language of a message.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub enum Lang {
    #[default]
    En,
    Pl,
}

impl Lang {
    pub const ALL: [Lang; 2] = [Lang::En, Lang::Pl];

    /// `pl` or `en`.
    #[must_use]
    pub fn parse(s: &str) -> Option<Lang> {
        match s.trim().to_ascii_lowercase().as_str() {
            "pl" | "polski" | "polish" => Some(Lang::Pl),
            "en" | "english" | "angielski" => Some(Lang::En),
            _ => None,
        }
    }

    #[must_use]
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Pl => "pl",
        }
    }

    /// `line 5` / `wiersz 5`.
    #[must_use]
    pub fn line_prefix(self, line: usize) -> String {
        match self {
            Lang::En => format!("line {line}"),
            Lang::Pl => format!("wiersz {line}"),
        }
    }

    #[must_use]
    pub fn state_word(self) -> &'static str {
        match self {
            Lang::En => "state",
            Lang::Pl => "stan gry",
        }
    }

    pub(crate) fn situation(self, s: &Situation, detail: Detail) -> String {
        match self {
            Lang::En => en::situation(s, detail),
            Lang::Pl => pl::situation(s, detail),
        }
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
