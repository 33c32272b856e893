//! Refusals next to their fields: a form that fails comes back with what was typed, and each
//! problem beside the field it concerns, in the page's language. The field parsers of `web::form`
//! say "Label: what to fix"; next to the field the label is already there, so it is left out.

use crate::web::error::WebError;
use crate::web::text::i18n::Lang;

/// The problems of one submitted form, by field name (`""`: the form as a whole).
#[derive(Debug, Clone, Default)]
pub struct Problems(Vec<(&'static str, String)>);

impl Problems {
    /// Record a problem with `field`.
    pub fn add(&mut self, field: &'static str, message: impl Into<String>) {
        self.0.push((field, message.into()));
    }

    /// Keep a parsed value, or record why it was refused (a 400 from a field parser; any other
    /// error is not the field's fault and is handed back).
    ///
    /// # Errors
    /// An error that is not a refusal of the value (the database, a size limit).
    pub fn take<T>(
        &mut self,
        lang: Lang,
        field: &'static str,
        parsed: Result<T, WebError>,
    ) -> Result<Option<T>, WebError> {
        match parsed {
            Ok(v) => Ok(Some(v)),
            Err(WebError::BadRequest(message)) => {
                let label = format!("{}: ", lang.t(field));
                let message = message.strip_prefix(&label).map_or(message.clone(), str::to_string);
                self.add(field, message);
                Ok(None)
            }
            Err(other) => Err(other),
        }
    }

    /// The problem with `field`, if any (the first one recorded).
    #[must_use]
    pub fn for_field(&self, field: &str) -> Option<&str> {
        self.0.iter().find(|(f, _)| *f == field).map(|(_, m)| m.as_str())
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
        let n = p.take(Lang::Pl, "red_points", field::int(Lang::Pl, "red_points", "dużo", 0, 500));
        assert!(matches!(n, Ok(None)));
        assert_eq!(p.for_field("red_points"), Some("podaj liczbę całkowitą od 0 do 500"));
        assert_eq!(p.summary(Lang::Pl), vec!["Punkty za Czerwonych: podaj liczbę całkowitą od 0 do 500"]);
        let ok = p.take(Lang::Pl, "red_clock", field::int(Lang::Pl, "red_clock", "7", 0, 500));
        assert!(matches!(ok, Ok(Some(7))));
        assert!(p.for_field("red_clock").is_none());
        let other = p.take::<i64>(Lang::Pl, "x", Err(WebError::NotFound));
        assert!(matches!(other, Err(WebError::NotFound)));
    }
}
