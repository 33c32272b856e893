//! A refused form coming back on its own page (issue 36, "refused on the form with the input
//! kept"): which form (its element id), what was typed, and the problems beside the fields. A page
//! with several forms carries one [`KeptForm`]; each form asks it for its own fields by its id, so
//! only the refused form shows what was typed and what is wrong, the others their defaults.

use crate::app::Refusal;
use crate::web::error::{WebError, refusal_status};
use crate::web::forms::field::FieldProblem;
use crate::web::forms::problems::{Listed, Problems};
use crate::web::text::i18n::Lang;

#[derive(Debug, Clone, Default)]
pub struct KeptForm {
    /// The refused form's element id (empty: none was refused).
    form: &'static str,
    /// Every field as sent.
    pairs: Vec<(String, String)>,
    problems: Problems,
}

impl KeptForm {
    /// Form `form` refused for `problems`, with what was sent.
    #[must_use]
    pub fn refused(form: &'static str, pairs: &[(String, String)], problems: Problems) -> KeptForm {
        KeptForm { form, pairs: pairs.to_vec(), problems }
    }

    /// Form `form` refused for one field's value.
    #[must_use]
    pub fn field(lang: Lang, form: &'static str, pairs: &[(String, String)], p: &FieldProblem) -> KeptForm {
        let mut problems = Problems::default();
        problems.field(lang, p);
        KeptForm::refused(form, pairs, problems)
    }

    /// Form `form` refused by a use case (beside its fields, or above the form).
    #[must_use]
    pub fn refusal(lang: Lang, form: &'static str, pairs: &[(String, String)], r: &Refusal) -> KeptForm {
        let mut problems = Problems::default();
        problems.refused(lang, r);
        KeptForm::refused(form, pairs, problems)
    }

    /// A handler's error as form `form` refused, when it is one the form answers (a field's value,
    /// a use case's refusal of the values (400), a sentence about the values); any other error
    /// (a missing right, a conflict, the database) is given back as it was.
    ///
    /// # Errors
    /// The error is none the form answers.
    pub fn from_error(
        lang: Lang,
        form: &'static str,
        pairs: &[(String, String)],
        e: WebError,
    ) -> Result<KeptForm, WebError> {
        match e {
            WebError::Field(p) => Ok(KeptForm::field(lang, form, pairs, &p)),
            WebError::Refused(r) if on_the_form(&r) => Ok(KeptForm::refusal(lang, form, pairs, &r)),
            WebError::BadRequest(m) => {
                let mut problems = Problems::default();
                problems.add("", m);
                Ok(KeptForm::refused(form, pairs, problems))
            }
            e => Err(e),
        }
    }

    /// Whether `form` is the refused one.
    #[must_use]
    pub fn is_form(&self, form: &str) -> bool {
        !self.form.is_empty() && self.form == form
    }

    /// What was typed in field `name` of `form`, or `default` (another form, or none refused).
    #[must_use]
    pub fn value<'a>(&'a self, form: &str, name: &str, default: &'a str) -> &'a str {
        if !self.is_form(form) {
            return default;
        }
        self.pairs.iter().find(|(k, _)| k == name).map_or(default, |(_, v)| v.as_str())
    }

    /// Whether `option` was the choice sent in select `name` of `form`.
    #[must_use]
    pub fn chose(&self, form: &str, name: &str, option: &i64) -> bool {
        self.is_form(form) && self.pairs.iter().any(|(k, v)| k == name && v.trim() == option.to_string())
    }

    /// Whether `option` was the choice sent in field `name` of `form` (a select of words).
    #[must_use]
    pub fn picked(&self, form: &str, name: &str, option: &str) -> bool {
        self.is_form(form) && self.pairs.iter().any(|(k, v)| k == name && v.trim() == option)
    }

    /// The problem with the field labelled `field` of `form`, said without its label.
    #[must_use]
    pub fn problem(&self, form: &str, field: &str) -> Option<&str> {
        if self.is_form(form) { self.problems.for_field(field) } else { None }
    }

    /// The summary above `form` (`partials/refused.html`): empty unless `form` was refused.
    #[must_use]
    pub fn listed(&self, lang: &Lang, form: &str) -> Vec<Listed> {
        if self.is_form(form) { self.problems.listed(lang, form) } else { Vec::new() }
    }

    /// Whether any form was refused (the page then answers 400).
    #[must_use]
    pub fn is_refused(&self) -> bool {
        !self.form.is_empty()
    }
}

/// A refusal said on the form (the form's values were wrong), not a conflict or a missing right.
#[must_use]
pub fn on_the_form(r: &Refusal) -> bool {
    refusal_status(r) == actix_web::http::StatusCode::BAD_REQUEST
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::web::forms::field::ProblemKind;

    #[test]
    fn only_the_refused_form_gets_back_what_was_typed_and_its_problems() {
        let pairs =
            vec![("name".to_string(), "Liga\u{7}".to_string()), ("level".to_string(), "7".to_string())];
        let p = FieldProblem::new("season_name", ProblemKind::TooLong { max: 200 });
        let kept = KeptForm::field(Lang::Pl, "new-season", &pairs, &p);
        assert_eq!(kept.value("new-season", "name", ""), "Liga\u{7}");
        assert_eq!(kept.value("wildcard", "name", "x"), "x", "another form keeps its default");
        assert_eq!(kept.value("new-season", "first_day", "d"), "d");
        assert!(kept.chose("new-season", "level", &7) && !kept.chose("new-season", "level", &8));
        assert_eq!(kept.problem("new-season", "season_name"), Some("najwyżej 200 znaków"));
        assert_eq!(kept.problem("wildcard", "season_name"), None);
        assert_eq!(kept.listed(&Lang::Pl, "new-season")[0].text, "Nazwa: najwyżej 200 znaków");
        assert!(kept.listed(&Lang::Pl, "wildcard").is_empty());
        assert!(!KeptForm::default().is_refused() && kept.is_refused());
    }
}
