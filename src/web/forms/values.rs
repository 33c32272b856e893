//! Domain values parsed at the edge (issue 36, "parse, don't validate"): a form's text becomes a
//! [`Name`], a [`Reason`], a [`BirthYear`] or a [`RowId`] here or is refused with a
//! [`FieldProblem`] naming the field and the allowed range, so nothing past the form sees raw
//! input. OWASP Input Validation Cheat Sheet: "Ensure canonical encoding is used across all the
//! text and no invalid characters are present" (Unicode normalization, here NFC) and
//! "Define the allowed set of characters to be accepted" plus "minimum and maximum value range
//! check for numerical parameters".

use crate::web::forms::field::{self, FieldProblem, ProblemKind};
use unicode_normalization::UnicodeNormalization;

/// The longest name (a person's, a season's, a tournament's, a school's) in characters.
pub const NAME_MAX: usize = 200;

/// The longest reason (a reopening, a wildcard) in characters.
pub const REASON_MAX: usize = 2_000;

/// A name as stored: trimmed, 1 to [`NAME_MAX`] characters, no control or invisible formatting
/// character, in Unicode's composed form (NFC: `Z` + combining acute is `Ź`, so two spellings of
/// one name fold and compare as one).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Name(String);

impl Name {
    /// # Errors
    /// Empty, too long, or a forbidden character (named by its code point).
    pub fn parse(field: &'static str, value: &str) -> Result<Name, FieldProblem> {
        let composed: String = value.nfc().collect();
        field::text(field, &composed, NAME_MAX).map(Name)
    }

    /// An optional name: empty is none.
    ///
    /// # Errors
    /// As [`Name::parse`] for a non-empty value.
    pub fn parse_optional(field: &'static str, value: &str) -> Result<Option<Name>, FieldProblem> {
        if value.trim().is_empty() { Ok(None) } else { Name::parse(field, value).map(Some) }
    }

    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }

    #[must_use]
    pub fn into_string(self) -> String {
        self.0
    }
}

/// A reason kept in a log: required, trimmed, at most [`REASON_MAX`] characters, one line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reason(String);

impl Reason {
    /// # Errors
    /// Empty, too long, or a forbidden character.
    pub fn parse(field: &'static str, value: &str) -> Result<Reason, FieldProblem> {
        let composed: String = value.nfc().collect();
        field::text(field, &composed, REASON_MAX).map(Reason)
    }

    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// The birth years a youth league's season may admit: from 100 years before `this_year` to
/// `this_year` (-5 and 1800 are typing mistakes, not players).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BirthYear(pub i32);

impl BirthYear {
    /// # Errors
    /// Not a whole number, or outside the window.
    pub fn parse(field: &'static str, value: &str, this_year: i32) -> Result<BirthYear, FieldProblem> {
        let (min, max) = (i64::from(this_year) - 100, i64::from(this_year));
        let year = field::int(field, value, min, max)?;
        Ok(BirthYear(
            i32::try_from(year)
                .map_err(|_| FieldProblem::new(field, ProblemKind::OutOfRange { min, max }))?,
        ))
    }
}

/// A row's id as a form sends it (a select's value, a hidden field): a positive whole number.
/// Anything else ("abc", "-1", 20 digits) is the form's problem, said as a choice to make again,
/// never the parser's English ("invalid digit found in string").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RowId(pub i64);

impl RowId {
    /// # Errors
    /// Not a positive whole number ([`ProblemKind::NotAChoice`]).
    pub fn parse(field: &'static str, value: &str) -> Result<RowId, FieldProblem> {
        match value.trim().trim_start_matches('#').parse::<i64>() {
            Ok(id) if id > 0 => Ok(RowId(id)),
            _ => Err(FieldProblem::new(field, ProblemKind::NotAChoice)),
        }
    }

    /// An optional id: empty is none.
    ///
    /// # Errors
    /// As [`RowId::parse`] for a non-empty value.
    pub fn parse_optional(field: &'static str, value: &str) -> Result<Option<RowId>, FieldProblem> {
        if value.trim().is_empty() { Ok(None) } else { RowId::parse(field, value).map(Some) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::web::text::i18n::Lang;
    use crate::web::text::refusals::labelled;

    #[test]
    fn names_are_trimmed_composed_and_bounded() {
        let decomposed = "Z\u{301}ofia  ";
        assert_eq!(Name::parse("season_name", decomposed).unwrap().as_str(), "Źofia");
        assert_eq!(Name::parse("season_name", &"a".repeat(200)).unwrap().as_str().len(), 200);
        let long = Name::parse("season_name", &"a".repeat(10_000)).unwrap_err();
        assert_eq!(long.kind, ProblemKind::TooLong { max: 200 });
        assert_eq!(labelled(Lang::Pl, &long), "Nazwa: najwyżej 200 znaków");
        for bad in ["a\u{7}b", "\u{1B}[31m", "a\nb", "Liga\u{202E}", "a\u{0}b"] {
            assert!(
                matches!(Name::parse("season_name", bad).unwrap_err().kind, ProblemKind::ForbiddenChar(_)),
                "{bad:?}"
            );
        }
        assert_eq!(Name::parse("season_name", "   ").unwrap_err().kind, ProblemKind::Missing);
    }

    #[test]
    fn reasons_are_required_and_at_most_two_thousand_characters() {
        assert_eq!(Reason::parse("reason", " mistrz ").unwrap().as_str(), "mistrz");
        assert_eq!(Reason::parse("reason", "").unwrap_err().kind, ProblemKind::Missing);
        assert_eq!(
            Reason::parse("reason", &"x".repeat(2_001)).unwrap_err().kind,
            ProblemKind::TooLong { max: 2_000 }
        );
        assert!(Reason::parse("reason", &"x".repeat(2_000)).is_ok());
    }

    #[test]
    fn birth_years_stay_in_a_hundred_year_window() {
        assert_eq!(BirthYear::parse("years_from", "2010", 2026), Ok(BirthYear(2010)));
        for bad in ["-5", "1800", "2027", "dwa tysiące"] {
            let p = BirthYear::parse("years_from", bad, 2026).unwrap_err();
            assert!(labelled(Lang::Pl, &p).ends_with("od 1926 do 2026"), "{bad}: {}", labelled(Lang::Pl, &p));
        }
    }

    #[test]
    fn row_ids_are_positive_numbers_or_a_choice_to_make_again() {
        assert_eq!(RowId::parse("kept", " 17 "), Ok(RowId(17)));
        assert_eq!(RowId::parse("person", "#17"), Ok(RowId(17)));
        for bad in ["-1", "0", "abc", "99999999999999999999", ""] {
            assert_eq!(RowId::parse("kept", bad).unwrap_err().kind, ProblemKind::NotAChoice, "{bad}");
        }
    }
}
