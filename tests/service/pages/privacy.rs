//! The season's personal-data pages: the coordinator's search (`/admin/season/{s}/privacy`) and a
//! person's view with the erasure form (`/admin/season/{s}/person/{p}`).

use super::{Html, first, one, select};

/// A person the coordinator's search found: (person, name, the details as shown: birth date,
/// school).
pub fn found_persons(page: &(impl Html + ?Sized)) -> Vec<(i64, String, String)> {
    select(page.html(), "ul#found-persons li[data-person]")
        .iter()
        .map(|li| {
            let name = li.one("a").text();
            let details = li.text().trim_start_matches(&name).trim().to_string();
            (li.num("data-person"), name, details)
        })
        .collect()
}

/// A person's view for the coordinator.
#[derive(Debug, Clone, PartialEq)]
pub struct PersonView {
    pub name: String,
    /// What the erasure takes, what it keeps and when it is done, as the page says them (empty
    /// once erased).
    pub erased_what: String,
    pub kept_what: String,
    pub when: String,
    /// The erasure form is offered.
    pub form: bool,
    /// The refusal of the last erasure, if any.
    pub error: Option<String>,
}

impl PersonView {
    pub fn read(page: &(impl Html + ?Sized)) -> PersonView {
        let body = page.html();
        let part =
            |key: &str| first(body, &format!("p[data-part={key}]")).map(|p| p.text()).unwrap_or_default();
        PersonView {
            name: one(body, "[data-person-name]").text(),
            erased_what: part("erased"),
            kept_what: part("kept"),
            when: part("when"),
            form: first(body, "form#erase-person").is_some(),
            error: first(body, "[data-error=erase]").map(|e| e.text()),
        }
    }
}
