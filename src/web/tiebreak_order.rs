//! The organiser's tiebreak order as typed in the configuration form: comma-separated names, checked
//! against the names the league's standings know.

use super::error::WebError;
use super::i18n::Lang;

/// Tiebreak names in the default order (PRODUCT.md "Standings tiebreaks"; match points always come first).
pub const KNOWN: [&str; 7] = [
    "direct-encounter",
    "buchholz-cut1",
    "buchholz",
    "sonneborn-berger",
    "games-won",
    "red-points",
    "knowledge-test",
];

#[must_use]
pub fn default_order() -> String {
    KNOWN.join(",")
}

/// Normalise a typed order (spaces, case) and check every name.
///
/// # Errors
/// An unknown or repeated name.
pub fn parse(lang: Lang, text: &str) -> Result<String, WebError> {
    let mut names: Vec<String> = Vec::new();
    for raw in text.split([',', ';', '\n']) {
        let name = raw.trim().to_ascii_lowercase();
        if name.is_empty() {
            continue;
        }
        if !KNOWN.contains(&name.as_str()) {
            return Err(WebError::BadRequest(format!(
                "{}: {} {name:?} ({})",
                lang.t("tiebreak_order"),
                lang.t("unknown_tiebreak"),
                KNOWN.join(", ")
            )));
        }
        if names.contains(&name) {
            return Err(WebError::BadRequest(format!(
                "{}: {} {name:?}",
                lang.t("tiebreak_order"),
                lang.t("duplicate_tiebreak")
            )));
        }
        names.push(name);
    }
    Ok(names.join(","))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn order_is_normalised_and_checked() {
        assert_eq!(parse(Lang::En, " Buchholz , games-won").ok().as_deref(), Some("buchholz,games-won"));
        assert!(parse(Lang::En, "buchholz,buchholz").is_err());
        assert!(parse(Lang::En, "elo").unwrap_err().to_string().contains("unknown tiebreak"));
        assert_eq!(parse(Lang::En, &default_order()).ok(), Some(default_order()));
    }
}
