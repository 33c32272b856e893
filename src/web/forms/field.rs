//! Parsing form fields at the edge, with messages that name the field and say what to fix.
//! Browsers send empty strings for empty inputs, so numbers and dates arrive as text.
//!
//! Every text field has a length limit, and refuses control characters (a one-line field any, a
//! multi-line one all but line breaks and tabs) and the invisible characters that reorder or hide
//! text (bidi overrides and isolates, zero-width characters): a name with U+202E would display
//! reversed on every page and in every export. OWASP Input Validation Cheat Sheet: "Input
//! validation should happen as early as possible in the data flow, preferably as soon as the data is
//! received from the external party" (here, at the form), and free-form Unicode text is validated by
//! what its characters are.

use chrono::NaiveDate;

/// What is wrong with a field's value; the words are `web::text::refusals::problem`'s.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProblemKind {
    /// Empty, and the field is required.
    Missing,
    /// Not a whole number (one from `min` to `max` is asked for).
    NotANumber { min: i64, max: i64 },
    /// A whole number outside `min..=max`.
    OutOfRange { min: i64, max: i64 },
    /// More than `max` characters.
    TooLong { max: usize },
    /// More than `max_bytes` bytes (a pasted log or CSV).
    TooLarge { max_bytes: usize },
    /// Not a date written `YYYY-MM-DD`.
    BadDate,
    /// Not a clock reading (`m:ss` or whole seconds, at most ten hours).
    BadClock,
    /// A character that may not be in the field (a control character, or one that reorders or hides text).
    ForbiddenChar(char),
    /// None of the choices offered.
    NotAChoice,
    /// No person of that name in the events the visitor runs (a wildcard's search).
    NoPersonFound,
    /// Several persons of that name (a wildcard's search): their number is needed.
    SeveralPersons { count: usize },
    /// No account with that username (an appointment).
    NoSuchAccount,
    /// No region of the season (the registration's region field or import column).
    NotARegion,
    /// A tiebreak name the league does not know.
    UnknownTiebreak { name: String },
    /// A tiebreak named twice.
    DuplicateTiebreak { name: String },
    /// The last day before the first.
    LastBeforeFirst,
    /// A knockout of one player.
    KnockoutOfOne,
    /// Outside the league's age range on the first day (the organiser may override it).
    AgeOutOfRange { first_day: NaiveDate, age: i32 },
    /// Outside the season's eligibility (birth years, or another age range; the organiser may
    /// override it).
    Ineligible(crate::league::season::Ineligible),
}

/// A field's value refused: which field (its name, also the key of its label) and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldProblem {
    pub field: &'static str,
    pub kind: ProblemKind,
}

impl FieldProblem {
    #[must_use]
    pub fn new(field: &'static str, kind: ProblemKind) -> FieldProblem {
        FieldProblem { field, kind }
    }
}

fn bad<T>(field: &'static str, kind: ProblemKind) -> Result<T, FieldProblem> {
    Err(FieldProblem { field, kind })
}

/// The largest request body the service reads, in bytes (forms, a pasted or uploaded move log, a
/// CSV import): one limit, documented in `docs/service.md`; a larger body gets a 413 page.
pub const BODY_LIMIT: usize = 2 * 1024 * 1024;

pub use crate::characters::forbidden_char;

/// A multi-line text (a pasted move log or CSV), at most `max` bytes, without control characters
/// other than line breaks and tabs. Not trimmed; empty allowed.
///
/// # Errors
/// Too long or a forbidden character.
pub fn multiline(field: &'static str, value: &str, max_bytes: usize) -> Result<(), FieldProblem> {
    if value.len() > max_bytes {
        return bad(field, ProblemKind::TooLarge { max_bytes });
    }
    match forbidden_char(value, true) {
        Some(c) => bad(field, ProblemKind::ForbiddenChar(c)),
        None => Ok(()),
    }
}

/// A required, non-empty, trimmed one-line text (at most `max` characters, no control or invisible
/// formatting characters).
///
/// # Errors
/// Empty, too long, or a forbidden character.
pub fn text(field: &'static str, value: &str, max: usize) -> Result<String, FieldProblem> {
    let v = value.trim();
    if let Some(c) = forbidden_char(v, false) {
        return bad(field, ProblemKind::ForbiddenChar(c));
    }
    if v.is_empty() {
        return bad(field, ProblemKind::Missing);
    }
    if v.chars().count() > max {
        return bad(field, ProblemKind::TooLong { max });
    }
    Ok(v.to_string())
}

/// An optional text (empty allowed), trimmed.
///
/// # Errors
/// Too long.
pub fn opt_text(field: &'static str, value: &str, max: usize) -> Result<String, FieldProblem> {
    if value.trim().is_empty() { Ok(String::new()) } else { text(field, value, max) }
}

/// A whole number in `min..=max`.
///
/// # Errors
/// Not a number or out of range.
pub fn int(field: &'static str, value: &str, min: i64, max: i64) -> Result<i64, FieldProblem> {
    match value.trim().parse::<i64>() {
        Ok(n) if (min..=max).contains(&n) => Ok(n),
        Ok(_) => bad(field, ProblemKind::OutOfRange { min, max }),
        Err(_) => bad(field, ProblemKind::NotANumber { min, max }),
    }
}

/// An optional whole number in `min..=max` (empty: `None`).
///
/// # Errors
/// Not a number or out of range.
pub fn opt_int(field: &'static str, value: &str, min: i64, max: i64) -> Result<Option<i64>, FieldProblem> {
    if value.trim().is_empty() { Ok(None) } else { int(field, value, min, max).map(Some) }
}

/// A date written `YYYY-MM-DD` (what `<input type=date>` sends).
///
/// # Errors
/// Not such a date.
pub fn date(field: &'static str, value: &str) -> Result<NaiveDate, FieldProblem> {
    parse_date(value).map_or_else(|| bad(field, ProblemKind::BadDate), Ok)
}

/// A date as people type it: `rrrr-mm-dd` (the form's date field, ISO 8601), or `dd.mm.rrrr` and
/// `d.m.rrrr` (Polish Excel's default). The year has four digits: `14.03.08` is refused rather than
/// read as the year 8.
#[must_use]
pub fn parse_date(value: &str) -> Option<NaiveDate> {
    let v = value.trim();
    let four_digit_year = |y: &str| y.len() == 4 && y.bytes().all(|b| b.is_ascii_digit());
    let short = |p: &str| (1..=2).contains(&p.len()) && p.bytes().all(|b| b.is_ascii_digit());
    let parts: Vec<&str> = v.split(['-', '.']).collect();
    match parts.as_slice() {
        [y, m, d] if v.contains('-') && four_digit_year(y) && short(m) && short(d) => {
            NaiveDate::from_ymd_opt(y.parse().ok()?, m.parse().ok()?, d.parse().ok()?)
        }
        [d, m, y] if v.contains('.') && !v.contains('-') && four_digit_year(y) && short(m) && short(d) => {
            NaiveDate::from_ymd_opt(y.parse().ok()?, m.parse().ok()?, d.parse().ok()?)
        }
        _ => None,
    }
}

/// A select's value among `T`'s (`FromStr`) values; empty: nothing chosen.
///
/// # Errors
/// Not one of them.
pub fn choice<T: std::str::FromStr>(field: &'static str, value: &str) -> Result<Option<T>, FieldProblem> {
    match value.trim() {
        "" => Ok(None),
        v => v.parse().map(Some).or_else(|_| bad(field, ProblemKind::NotAChoice)),
    }
}

/// The longest clock reading accepted: ten hours, in seconds.
const CLOCK_MAX_SECS: i64 = 36_000;

/// A clock reading as the referee writes it: `m:ss` (`12:05`) or whole seconds (`725`); empty:
/// not recorded.
///
/// # Errors
/// Neither form, seconds past 59, or more than ten hours.
pub fn clock(field: &'static str, value: &str) -> Result<Option<i64>, FieldProblem> {
    let v = value.trim();
    if v.is_empty() {
        return Ok(None);
    }
    let secs = match v.split_once(':') {
        Some((m, s)) if s.len() == 2 => match (m.trim().parse::<i64>(), s.parse::<i64>()) {
            (Ok(m), Ok(s)) if (0..60).contains(&s) && m >= 0 => Some(m * 60 + s),
            _ => None,
        },
        Some(_) => None,
        None => v.parse::<i64>().ok(),
    };
    match secs {
        Some(secs) if (0..=CLOCK_MAX_SECS).contains(&secs) => Ok(Some(secs)),
        _ => bad(field, ProblemKind::BadClock),
    }
}

/// A checkbox: present means ticked.
#[must_use]
pub fn checkbox(value: Option<&String>) -> bool {
    value.is_some_and(|v| !v.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::web::text::i18n::Lang;
    use crate::web::text::refusals::labelled;

    fn said(lang: Lang, p: Result<impl std::fmt::Debug, FieldProblem>) -> String {
        labelled(lang, &p.expect_err("refused"))
    }

    #[test]
    fn numbers_and_dates_name_the_field() {
        assert_eq!(int("swiss_rounds", " 5 ", 1, 20).ok(), Some(5));
        let err = said(Lang::En, int("swiss_rounds", "five", 1, 20));
        assert_eq!(err, "Swiss rounds: enter a whole number from 1 to 20");
        assert_eq!(
            int("swiss_rounds", "21", 1, 20),
            Err(FieldProblem::new("swiss_rounds", ProblemKind::OutOfRange { min: 1, max: 20 }))
        );
        assert_eq!(opt_int("knowledge", "", 0, 100).ok(), Some(None));
        assert_eq!(
            date("birth_date", "2010-02-30"),
            Err(FieldProblem::new("birth_date", ProblemKind::BadDate))
        );
        assert_eq!(text("name", "   ", 10), Err(FieldProblem::new("name", ProblemKind::Missing)));
        assert_eq!(
            text("name", "abcdefghijk", 10),
            Err(FieldProblem::new("name", ProblemKind::TooLong { max: 10 }))
        );
        assert_eq!(said(Lang::Pl, text("name", "abcdefghijk", 10)), "Nazwa: najwyżej 10 znaków");
    }

    #[test]
    fn dates_are_read_as_polish_excel_and_the_date_field_write_them() {
        let march_14 = NaiveDate::from_ymd_opt(2008, 3, 14);
        for typed in ["14.03.2008", "14.3.2008", " 2008-03-14 ", "2008-3-14"] {
            assert_eq!(parse_date(typed), march_14, "{typed:?}");
        }
        assert_eq!(parse_date("1.2.2009"), NaiveDate::from_ymd_opt(2009, 2, 1));
        for refused in ["14.03.08", "2008.03.14", "14-03-2008", "31.02.2008", "14/03/2008", "14.03.2008.", ""]
        {
            assert_eq!(parse_date(refused), None, "{refused:?}");
        }
    }

    #[test]
    fn clocks_are_minutes_and_seconds_or_seconds() {
        assert_eq!(clock("red_clock", "12:05"), Ok(Some(725)));
        assert_eq!(clock("red_clock", "0:00"), Ok(Some(0)));
        assert_eq!(clock("red_clock", "725"), Ok(Some(725)));
        assert_eq!(clock("red_clock", " "), Ok(None));
        for bad in ["12:5", "12:60", "-1", "1:2:3", "ab", "10:-5", "36001"] {
            assert_eq!(
                clock("red_clock", bad),
                Err(FieldProblem::new("red_clock", ProblemKind::BadClock)),
                "{bad}"
            );
        }
    }

    #[test]
    fn control_and_direction_characters_are_refused_with_the_field_named() {
        for bad in
            ["Ala\0", "Ala\u{202E}kot", "A\nB", "A\tB", "\u{2066}x", "x\u{200B}", "a\u{7F}", "a\u{85}b"]
        {
            let err = said(Lang::Pl, text("name", bad, 50));
            assert!(err.starts_with("Nazwa: niedozwolony znak"), "{bad:?}: {err}");
        }
        let err = said(Lang::En, text("club", "LO\u{202E}1", 50));
        assert!(err.starts_with("School / club:"), "{err}");
        assert!(err.contains("U+202E"), "{err}");
        // Polish letters, apostrophes and hyphens are names.
        assert_eq!(text("name", " Zofia Źdźbło-O'Brien ", 50).ok().as_deref(), Some("Zofia Źdźbło-O'Brien"));
        // A log keeps its line breaks and tabs, but nothing else invisible.
        assert!(multiline("move_log", "[Event \"x\"]\r\nred pass\t# ok\n", 1024).is_ok());
        assert!(multiline("move_log", "red pass\u{202E}", 1024).is_err());
        assert!(multiline("move_log", "x\u{1B}[31m", 1024).is_err());
        assert_eq!(said(Lang::En, multiline("move_log", &"x".repeat(2048), 1024)), "Move log: at most 1 KiB");
    }
}
