//! The organiser's tiebreak order as typed or chosen in a form, made a league
//! [`TiebreakOrder`] at the edge: an unknown or repeated name is the field's problem. (The stored
//! order is read by the store, strictly; the form's selects are `forms::choices`.)

use crate::league::{BadTiebreakOrder, Tiebreak, TiebreakOrder};
use crate::web::forms::field::{FieldProblem, ProblemKind};

/// Normalise a typed order (spaces, case, `-` for `_`; commas, semicolons or lines between names)
/// and check every name.
///
/// # Errors
/// An unknown or repeated name (the field `tiebreak_order`).
pub fn parse(text: &str) -> Result<TiebreakOrder, FieldProblem> {
    let mut names: Vec<Tiebreak> = Vec::new();
    for raw in text.split([',', ';', '\n']) {
        let name = raw.trim().to_ascii_lowercase().replace('-', "_");
        if name.is_empty() {
            continue;
        }
        let Ok(tiebreak) = name.parse::<Tiebreak>() else {
            return Err(FieldProblem::new("tiebreak_order", ProblemKind::UnknownTiebreak { name }));
        };
        names.push(tiebreak);
    }
    order(names, "tiebreak_order")
}

/// The order of tiebreaks a form chose, each at most once.
///
/// # Errors
/// A repeated tiebreak (the field `field`).
pub fn order(tiebreaks: Vec<Tiebreak>, field: &'static str) -> Result<TiebreakOrder, FieldProblem> {
    TiebreakOrder::new(tiebreaks).map_err(|e| match e {
        BadTiebreakOrder::Repeated { name } => {
            FieldProblem::new(field, ProblemKind::DuplicateTiebreak { name })
        }
        BadTiebreakOrder::Unknown { name } => FieldProblem::new(field, ProblemKind::UnknownTiebreak { name }),
    })
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
mod tests {
    use super::*;

    #[test]
    fn order_is_normalised_and_checked() {
        let text = |o: Result<TiebreakOrder, FieldProblem>| o.ok().map(|o| o.to_string());
        assert_eq!(text(parse(" Buchholz , games-won")).as_deref(), Some("buchholz,games_won"));
        assert!(
            matches!(parse("buchholz,buchholz"), Err(p) if p.kind == ProblemKind::DuplicateTiebreak { name: "buchholz".into() })
        );
        let unknown = parse("elo").expect_err("refused");
        let said = crate::web::text::refusals::labelled(crate::web::text::i18n::Lang::En, &unknown);
        assert!(said.contains("unknown tiebreak \"elo\""), "{said}");
        let standard = TiebreakOrder::standard();
        assert_eq!(parse(&standard.to_string()).ok(), Some(standard));
        assert_eq!(parse("").ok(), Some(TiebreakOrder::default()), "every choice left empty");
    }

    #[test]
    fn numbered_choices_make_the_order() {
        let pairs: Vec<(String, String)> =
            [("tiebreak_2", "buchholz"), ("tiebreak_1", "games_won"), ("tiebreak_3", "")]
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect();
        assert_eq!(from_choices(&pairs).as_deref(), Some("games_won,buchholz"));
        assert_eq!(from_choices(&[]), None);
    }
}
