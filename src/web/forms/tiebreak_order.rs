//! The organiser's tiebreak order as typed in the configuration form: comma-separated names, checked
//! against the league's [`Tiebreak`] names.

use crate::league::Tiebreak;
use crate::web::forms::field::{FieldProblem, ProblemKind};

pub use crate::app::tournament::{default_tiebreak_order as default_order, tiebreak_order as stored};

/// Normalise a typed order (spaces, case, `-` for `_`) and check every name.
///
/// # Errors
/// An unknown or repeated name (the field `tiebreak_order`).
pub fn parse(text: &str) -> Result<String, FieldProblem> {
    let mut names: Vec<Tiebreak> = Vec::new();
    for raw in text.split([',', ';', '\n']) {
        let name = raw.trim().to_ascii_lowercase().replace('-', "_");
        if name.is_empty() {
            continue;
        }
        let Ok(tiebreak) = name.parse::<Tiebreak>() else {
            return Err(FieldProblem::new("tiebreak_order", ProblemKind::UnknownTiebreak { name }));
        };
        if names.contains(&tiebreak) {
            return Err(FieldProblem::new("tiebreak_order", ProblemKind::DuplicateTiebreak { name }));
        }
        names.push(tiebreak);
    }
    Ok(names.iter().map(|t| t.as_str()).collect::<Vec<_>>().join(","))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn order_is_normalised_and_checked() {
        assert_eq!(parse(" Buchholz , games-won").ok().as_deref(), Some("buchholz,games_won"));
        assert!(
            matches!(parse("buchholz,buchholz"), Err(p) if p.kind == ProblemKind::DuplicateTiebreak { name: "buchholz".into() })
        );
        let unknown = parse("elo").expect_err("refused");
        let said = crate::web::text::refusals::labelled(crate::web::text::i18n::Lang::En, &unknown);
        assert!(said.contains("unknown tiebreak \"elo\""), "{said}");
        assert_eq!(parse(&default_order()).ok(), Some(default_order()));
        assert_eq!(stored(&default_order()), Tiebreak::DEFAULT_ORDER.to_vec());
    }
}

/// How many tiebreak choices the configuration form offers (one per tiebreak the league knows).
pub const SLOTS: usize = Tiebreak::ALL.len();

/// The stored order as the form's numbered choices: `(1, "buchholz")`, ..., empty past the last.
#[must_use]
pub fn slots(text: &str) -> Vec<(usize, String)> {
    let chosen = stored(text);
    (0..SLOTS).map(|i| (i + 1, chosen.get(i).map(|t| t.as_str().to_string()).unwrap_or_default())).collect()
}

/// Every tiebreak the form offers: its stored name and the translation key of its name in words.
#[must_use]
pub fn choices() -> Vec<(&'static str, String)> {
    Tiebreak::ALL.iter().map(|t| (t.as_str(), format!("tb_{}", t.as_str()))).collect()
}

/// The order from the form's numbered choices (`tiebreak_1` = first), if the form sent them;
/// empty choices are skipped.
#[must_use]
pub fn from_choices(pairs: &[(String, String)]) -> Option<String> {
    let mut picked: Vec<(usize, &str)> = pairs
        .iter()
        .filter_map(|(k, v)| Some((k.strip_prefix("tiebreak_")?.parse().ok()?, v.as_str())))
        .collect();
    if picked.is_empty() {
        return None;
    }
    picked.sort_by_key(|&(n, _)| n);
    Some(picked.iter().map(|&(_, v)| v.trim()).filter(|v| !v.is_empty()).collect::<Vec<_>>().join(","))
}

#[cfg(test)]
mod choice_tests {
    use super::*;

    #[test]
    fn numbered_choices_make_the_order_and_show_it_again() {
        let pairs: Vec<(String, String)> =
            [("tiebreak_2", "buchholz"), ("tiebreak_1", "games_won"), ("tiebreak_3", "")]
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect();
        assert_eq!(from_choices(&pairs).as_deref(), Some("games_won,buchholz"));
        assert_eq!(from_choices(&[]), None);
        let s = slots("games_won,buchholz");
        assert_eq!(s.len(), SLOTS);
        assert_eq!(s[0], (1, "games_won".to_string()));
        assert_eq!(s[2], (3, String::new()));
        assert!(choices().iter().all(|(_, key)| !crate::web::text::i18n::Lang::Pl.t(key).is_empty()));
    }
}
