//! Parsing form fields at the edge, with messages that name the field and say what to fix.
//! Browsers send empty strings for empty inputs, so numbers and dates arrive as text.

use super::error::WebError;
use super::i18n::Lang;
use chrono::NaiveDate;

fn bad(lang: Lang, field: &str, pl: &str, en: &str) -> WebError {
    let what = match lang {
        Lang::Pl => pl,
        Lang::En => en,
    };
    WebError::BadRequest(format!("{}: {what}", lang.t(field)))
}

/// A required, non-empty, trimmed text (at most `max` characters).
///
/// # Errors
/// Empty or too long.
pub fn text(lang: Lang, field: &str, value: &str, max: usize) -> Result<String, WebError> {
    let v = value.trim();
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
}
