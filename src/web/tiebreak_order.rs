//! The organiser's tiebreak order as typed in the configuration form: comma-separated names, checked
//! against the league's [`Tiebreak`] names.

use super::error::WebError;
use super::i18n::Lang;
use crate::league::Tiebreak;

#[must_use]
pub fn default_order() -> String {
    Tiebreak::DEFAULT_ORDER.iter().map(|t| t.as_str()).collect::<Vec<_>>().join(",")
}

/// Normalise a typed order (spaces, case, `-` for `_`) and check every name.
///
/// # Errors
/// An unknown or repeated name.
pub fn parse(lang: Lang, text: &str) -> Result<String, WebError> {
    let mut names: Vec<Tiebreak> = Vec::new();
    for raw in text.split([',', ';', '\n']) {
        let name = raw.trim().to_ascii_lowercase().replace('-', "_");
        if name.is_empty() {
            continue;
        }
        let Ok(tiebreak) = name.parse::<Tiebreak>() else {
            let known: Vec<&str> = Tiebreak::ALL.iter().map(|t| t.as_str()).collect();
            return Err(WebError::BadRequest(format!(
                "{}: {} {name:?} ({})",
                lang.t("tiebreak_order"),
                lang.t("unknown_tiebreak"),
                known.join(", ")
            )));
        };
        if names.contains(&tiebreak) {
            return Err(WebError::BadRequest(format!(
                "{}: {} {name:?}",
                lang.t("tiebreak_order"),
                lang.t("duplicate_tiebreak")
            )));
        }
        names.push(tiebreak);
    }
    Ok(names.iter().map(|t| t.as_str()).collect::<Vec<_>>().join(","))
}

/// The stored order as league values (names were checked when saved; unknown ones are skipped).
#[must_use]
pub fn stored(text: &str) -> Vec<Tiebreak> {
    text.split(',').filter_map(|n| n.trim().parse().ok()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn order_is_normalised_and_checked() {
        assert_eq!(parse(Lang::En, " Buchholz , games-won").ok().as_deref(), Some("buchholz,games_won"));
        assert!(parse(Lang::En, "buchholz,buchholz").is_err());
        assert!(parse(Lang::En, "elo").unwrap_err().to_string().contains("unknown tiebreak"));
        assert_eq!(parse(Lang::En, &default_order()).ok(), Some(default_order()));
        assert_eq!(stored(&default_order()), Tiebreak::DEFAULT_ORDER.to_vec());
    }
}
