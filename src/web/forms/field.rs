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

use crate::web::error::WebError;
use crate::web::text::i18n::Lang;
use chrono::NaiveDate;

fn bad(lang: Lang, field: &str, pl: &str, en: &str) -> WebError {
    let what = match lang {
        Lang::Pl => pl,
        Lang::En => en,
    };
    WebError::BadRequest(format!("{}: {what}", lang.t(field)))
}

/// The largest request body the service reads, in bytes (forms, a pasted or uploaded move log, a
/// CSV import): one limit, documented in `docs/service.md`; a larger body gets a 413 page.
pub const BODY_LIMIT: usize = 2 * 1024 * 1024;

/// Characters that change the direction of text or hide it: bidi embeddings, overrides, isolates
/// and marks, zero-width characters, line and paragraph separators, the byte-order mark.
fn is_invisible_format(c: char) -> bool {
    matches!(c,
        '\u{061C}' | '\u{200B}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}'
        | '\u{2028}' | '\u{2029}' | '\u{2060}' | '\u{2066}'..='\u{2069}' | '\u{FEFF}'
        | '\u{FFF9}'..='\u{FFFB}')
}

/// The first character a field may not hold: any control character (unless `multiline`, which
/// allows line feed, carriage return and tab) and any invisible formatting character.
#[must_use]
pub fn forbidden_char(value: &str, multiline: bool) -> Option<char> {
    value.chars().find(|&c| {
        (c.is_control() && !(multiline && matches!(c, '\n' | '\r' | '\t'))) || is_invisible_format(c)
    })
}

fn refuse_char(lang: Lang, field: &str, c: char) -> WebError {
    let code = format!("U+{:04X}", u32::from(c));
    bad(
        lang,
        field,
        &format!("niedozwolony znak sterujący lub znak zmieniający kierunek tekstu ({code}); usuń go"),
        &format!(
            "a control character or a character that changes text direction is not allowed ({code}); remove it"
        ),
    )
}

/// A multi-line text (a pasted move log or CSV), at most `max` bytes, without control characters
/// other than line breaks and tabs. Not trimmed; empty allowed.
///
/// # Errors
/// Too long or a forbidden character.
pub fn multiline(lang: Lang, field: &str, value: &str, max_bytes: usize) -> Result<(), WebError> {
    if value.len() > max_bytes {
        return Err(bad(
            lang,
            field,
            &format!("najwyżej {} KiB", max_bytes / 1024),
            &format!("at most {} KiB", max_bytes / 1024),
        ));
    }
    match forbidden_char(value, true) {
        Some(c) => Err(refuse_char(lang, field, c)),
        None => Ok(()),
    }
}

/// A required, non-empty, trimmed one-line text (at most `max` characters, no control or invisible
/// formatting characters).
///
/// # Errors
/// Empty, too long, or a forbidden character.
pub fn text(lang: Lang, field: &str, value: &str, max: usize) -> Result<String, WebError> {
    let v = value.trim();
    if let Some(c) = forbidden_char(v, false) {
        return Err(refuse_char(lang, field, c));
    }
    if v.is_empty() {
        return Err(bad(lang, field, "pole jest wymagane", "this field is required"));
    }
    if v.chars().count() > max {
        return Err(bad(
            lang,
            field,
            &format!("najwyżej {max} znaków"),
            &format!("at most {max} characters"),
        ));
    }
    Ok(v.to_string())
}

/// An optional text (empty allowed), trimmed.
///
/// # Errors
/// Too long.
pub fn opt_text(lang: Lang, field: &str, value: &str, max: usize) -> Result<String, WebError> {
    if value.trim().is_empty() { Ok(String::new()) } else { text(lang, field, value, max) }
}

/// A whole number in `min..=max`.
///
/// # Errors
/// Not a number or out of range.
pub fn int(lang: Lang, field: &str, value: &str, min: i64, max: i64) -> Result<i64, WebError> {
    match value.trim().parse::<i64>() {
        Ok(n) if (min..=max).contains(&n) => Ok(n),
        _ => Err(bad(
            lang,
            field,
            &format!("podaj liczbę całkowitą od {min} do {max}"),
            &format!("enter a whole number from {min} to {max}"),
        )),
    }
}

/// An optional whole number in `min..=max` (empty: `None`).
///
/// # Errors
/// Not a number or out of range.
pub fn opt_int(lang: Lang, field: &str, value: &str, min: i64, max: i64) -> Result<Option<i64>, WebError> {
    if value.trim().is_empty() { Ok(None) } else { int(lang, field, value, min, max).map(Some) }
}

/// A date written `YYYY-MM-DD` (what `<input type=date>` sends).
///
/// # Errors
/// Not such a date.
pub fn date(lang: Lang, field: &str, value: &str) -> Result<NaiveDate, WebError> {
    NaiveDate::parse_from_str(value.trim(), "%Y-%m-%d")
        .map_err(|_| bad(lang, field, "podaj datę w formacie RRRR-MM-DD", "enter a date as YYYY-MM-DD"))
}

/// A checkbox: present means ticked.
#[must_use]
pub fn checkbox(value: Option<&String>) -> bool {
    value.is_some_and(|v| !v.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_and_dates_name_the_field() {
        assert_eq!(int(Lang::En, "swiss_rounds", " 5 ", 1, 20).ok(), Some(5));
        let err = int(Lang::En, "swiss_rounds", "five", 1, 20).unwrap_err().to_string();
        assert!(err.contains("Swiss rounds") && err.contains("1 to 20"), "{err}");
        assert_eq!(opt_int(Lang::Pl, "knowledge", "", 0, 100).ok(), Some(None));
        assert!(date(Lang::Pl, "birth_date", "2010-02-30").is_err());
        assert!(text(Lang::Pl, "name", "   ", 10).is_err());
        assert!(text(Lang::Pl, "name", "abcdefghijk", 10).is_err());
    }

    #[test]
    fn control_and_direction_characters_are_refused_with_the_field_named() {
        for bad in
            ["Ala\0", "Ala\u{202E}kot", "A\nB", "A\tB", "\u{2066}x", "x\u{200B}", "a\u{7F}", "a\u{85}b"]
        {
            let err = text(Lang::Pl, "name", bad, 50).unwrap_err().to_string();
            assert!(err.contains("Nazwa") && err.contains("niedozwolony znak"), "{bad:?}: {err}");
        }
        let err = text(Lang::En, "club", "LO\u{202E}1", 50).unwrap_err().to_string();
        assert!(err.starts_with("bad request: School / club:"), "{err}");
        assert!(err.contains("U+202E"), "{err}");
        // Polish letters, apostrophes and hyphens are names.
        assert_eq!(
            text(Lang::Pl, "name", " Zofia Źdźbło-O'Brien ", 50).ok().as_deref(),
            Some("Zofia Źdźbło-O'Brien")
        );
        // A log keeps its line breaks and tabs, but nothing else invisible.
        assert!(multiline(Lang::Pl, "move_log", "[Event \"x\"]\r\nred pass\t# ok\n", 1024).is_ok());
        assert!(multiline(Lang::Pl, "move_log", "red pass\u{202E}", 1024).is_err());
        assert!(multiline(Lang::Pl, "move_log", "x\u{1B}[31m", 1024).is_err());
        assert!(multiline(Lang::Pl, "move_log", &"x".repeat(2048), 1024).is_err());
    }
}
