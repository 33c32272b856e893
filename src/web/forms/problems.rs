//! Refusals next to their fields: a form that fails comes back with what was typed, and each
//! problem beside the field it concerns, in the page's language. Problems arrive as values (a
//! field parser's [`FieldProblem`], a use case's [`Refusal`]) and are said here through
//! `web::text::refusals`, beside the field (without its label, which is already there).

use crate::app::Refusal;
use crate::web::forms::field::FieldProblem;
use crate::web::text::i18n::Lang;
use crate::web::text::refusals;

/// One line of a refused form's summary (`templates/partials/refused.html`): what is wrong, and
/// the address of the field to fix (`#id`) on the same page (empty: the form as a whole).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Listed {
    pub href: String,
    pub text: String,
}

/// The problems of one submitted form, by field name (`""`: the form as a whole).
#[derive(Debug, Clone, Default)]
pub struct Problems(Vec<(&'static str, String)>);

impl Problems {
    /// Record a problem with `field`.
    pub fn add(&mut self, field: &'static str, message: impl Into<String>) {
        self.0.push((field, message.into()));
    }

    /// Record a refused value beside its field.
    pub fn field(&mut self, lang: Lang, p: &FieldProblem) {
        self.add(p.field, refusals::problem(lang, &p.kind));
    }

    /// Keep a parsed value, or record why it was refused (`None` then).
    pub fn take<T>(&mut self, lang: Lang, parsed: Result<T, FieldProblem>) -> Option<T> {
        match parsed {
            Ok(v) => Some(v),
            Err(p) => {
                self.field(lang, &p);
                None
            }
        }
    }

    /// Record a use case's refusal beside the fields it concerns, or for the form as a whole.
    pub fn refused(&mut self, lang: Lang, r: &Refusal) {
        let beside = refusals::beside_fields(lang, r);
        if beside.is_empty() {
            self.add("", refusals::sentence(lang, r));
        }
        for (field, message) in beside {
            self.add(field, message);
        }
    }

    /// The problem with `field`, if any (the first one recorded).
    #[must_use]
    pub fn for_field(&self, field: &str) -> Option<&str> {
        self.0.iter().find(|(f, _)| *f == field).map(|(_, m)| m.as_str())
    }

    /// Every problem with `field`, in the order found (an import's wrong rows).
    #[must_use]
    pub fn all_for_field(&self, field: &str) -> Vec<&str> {
        self.0.iter().filter(|(f, _)| *f == field).map(|(_, m)| m.as_str()).collect()
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The problems with single fields as "Label: message" (a form's summary above its fields;
    /// the form-wide ones are said apart).
    #[must_use]
    pub fn field_summary(&self, lang: &Lang) -> Vec<String> {
        let lang = *lang;
        self.0.iter().filter(|(f, _)| !f.is_empty()).map(|(f, m)| format!("{}: {m}", lang.t(f))).collect()
    }

    /// The summary at the top of the refused form `form` (the form's element id): each problem as
    /// "Label: message" with a link to its field (`#{form}-{field}`, the field's own id); the
    /// form-wide ones are no field's and have no link. See [`Listed`].
    #[must_use]
    pub fn listed(&self, lang: &Lang, form: &str) -> Vec<Listed> {
        let lang = *lang;
        self.0
            .iter()
            .map(|(f, m)| {
                if f.is_empty() {
                    Listed { href: String::new(), text: m.clone() }
                } else {
                    Listed { href: format!("#{form}-{f}"), text: format!("{}: {m}", lang.t(f)) }
                }
            })
            .collect()
    }

    /// The problems with `field` alone, each linked to it, as they were said (an import's rows:
    /// "Row 3: ..." needs no label).
    #[must_use]
    pub fn listed_rows(&self, form: &str, field: &str) -> Vec<Listed> {
        self.all_for_field(field)
            .into_iter()
            .map(|m| Listed { href: format!("#{form}-{field}"), text: m.to_string() })
            .collect()
    }

    /// Every problem as "Label: message", one a line (for a page that lists them all).
    #[must_use]
    pub fn summary(&self, lang: Lang) -> Vec<String> {
        self.0
            .iter()
            .map(|(f, m)| if f.is_empty() { m.clone() } else { format!("{}: {m}", lang.t(f)) })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::web::forms::field;

    #[test]
    fn a_refused_value_is_kept_beside_its_field_without_the_label() {
        let mut p = Problems::default();
        assert_eq!(p.take(Lang::Pl, field::int("red_points", "dużo", 0, 500)), None);
        assert_eq!(p.for_field("red_points"), Some("podaj liczbę całkowitą od 0 do 500"));
        assert_eq!(p.summary(Lang::Pl), vec!["Punkty za Czerwonych: podaj liczbę całkowitą od 0 do 500"]);
        assert_eq!(p.take(Lang::Pl, field::int("red_clock", "7", 0, 500)), Some(7));
        assert!(p.for_field("red_clock").is_none());
    }

    #[test]
    fn the_summary_links_each_problem_to_its_field() {
        let mut p = Problems::default();
        p.take(Lang::Pl, field::int("red_points", "dużo", 0, 500));
        p.refused(Lang::Pl, &Refusal::RoundNotPublished);
        let listed = p.listed(&Lang::Pl, "game-2");
        assert_eq!(listed[0].href, "#game-2-red_points");
        assert_eq!(listed[0].text, "Punkty za Czerwonych: podaj liczbę całkowitą od 0 do 500");
        assert_eq!(listed[1].href, "", "no field to link to");
        assert_eq!(listed[1].text, Lang::Pl.t("refused_round_not_published"));
    }

    #[test]
    fn a_refusal_goes_beside_its_fields_or_above_the_form() {
        let mut p = Problems::default();
        p.refused(Lang::En, &Refusal::SwapNeeded);
        p.refused(Lang::En, &Refusal::RoundNotPublished);
        assert!(p.for_field("swapped_to").is_some());
        assert_eq!(p.for_field(""), Some(Lang::En.t("refused_round_not_published")));
    }
}
