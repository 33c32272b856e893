//! What can be wrong with edition data. Every problem names the file and line (0: the whole file) and
//! says what is wrong in English and in Polish, so that an organiser who edits the data in a spreadsheet
//! can find the cell; a problem that contradicts the rulebook also names the [`RulebookFact`].

use super::facts::RulebookFact;
use std::fmt;

/// One problem in edition data.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}", self.render(false))]
pub struct EditionError {
    pub file: String,
    /// 1-based line of the file (the header is line 1); 0 when the problem concerns the whole file.
    pub line: usize,
    /// What is wrong, in English.
    pub message: String,
    /// What is wrong, in Polish.
    pub message_pl: String,
    /// The rulebook fact the data contradicts, if that is the problem.
    pub fact: Option<RulebookFact>,
}

impl EditionError {
    /// `file:line: message` (or `file: message`), in Polish or English.
    #[must_use]
    pub fn render(&self, polish: bool) -> String {
        let message = if polish { &self.message_pl } else { &self.message };
        if self.line > 0 {
            format!("{}:{}: {message}", self.file, self.line)
        } else {
            format!("{}: {message}", self.file)
        }
    }

    /// The Polish rendering (`Display` is the English one).
    #[must_use]
    pub fn polish(&self) -> String {
        self.render(true)
    }
}

/// Every problem found in one edition, in file order (an upload shows them all at once).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EditionErrors(pub Vec<EditionError>);

impl EditionErrors {
    /// The problems that contradict a rulebook fact.
    pub fn facts(&self) -> impl Iterator<Item = RulebookFact> + '_ {
        self.0.iter().filter_map(|e| e.fact)
    }
}

impl fmt::Display for EditionErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, e) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{e}")?;
        }
        Ok(())
    }
}

impl std::error::Error for EditionErrors {}

/// Collects problems while loading; `en` and `pl` are the same message in both languages.
#[derive(Default)]
pub(super) struct Problems(pub(super) Vec<EditionError>);

impl Problems {
    pub(super) fn add(&mut self, file: &str, line: usize, en: impl Into<String>, pl: impl Into<String>) {
        self.0.push(EditionError {
            file: file.to_string(),
            line,
            message: en.into(),
            message_pl: pl.into(),
            fact: None,
        });
    }

    /// A contradiction of the rulebook: the fact's own text first, then what the data says.
    pub(super) fn fact(&mut self, fact: RulebookFact, file: &str, line: usize, en: &str, pl: &str) {
        self.0.push(EditionError {
            file: file.to_string(),
            line,
            message: format!("{} (rulebook, \"{}\"): {en}", fact.english(), fact.section()),
            message_pl: format!("{} (instrukcja, „{}”): {pl}", fact.polish(), fact.section()),
            fact: Some(fact),
        });
    }

    pub(super) fn len(&self) -> usize {
        self.0.len()
    }
}
