//! The entries from schools: the guardian's consent page, and a pupil's line with its consent
//! record on the school's page and the organiser's entries.

use super::html::Element;
use super::{Html, first, one, select};

/// The guardian's consent page (`/entries/consent/{token}`).
#[derive(Debug, Clone, PartialEq)]
pub struct Consent {
    /// The pupil's name as the page shows it.
    pub pupil: String,
    /// The entry's state (`consent`, `waiting`, `confirmed`...).
    pub state: String,
    /// The consent's record once given ("zgoda online: Maria Nowak, 20.04.2026"), else empty.
    pub given: String,
    /// The information clause, line by line.
    pub clause: Vec<String>,
    /// The refusal of the last post, if any.
    pub error: Option<String>,
    /// The consent form is offered.
    pub form: bool,
}

impl Consent {
    pub fn read(page: &(impl Html + ?Sized)) -> Consent {
        let body = page.html();
        let state = one(body, "main [data-state]");
        Consent {
            pupil: one(body, "main p strong").text(),
            state: state.get("data-state").to_string(),
            given: state
                .first("span.muted")
                .map(|s| s.text().trim_start_matches('(').trim_end_matches(')').to_string())
                .unwrap_or_default(),
            clause: one(body, "#clause").select("p").iter().map(Element::text).collect(),
            error: first(body, "[data-error=form]").map(|e| e.text()),
            form: first(body, "form#give-consent").is_some(),
        }
    }
}

/// A pupil's line with its consent record (`li[data-entry]` on the school's page or the
/// organiser's entries).
#[derive(Debug, Clone, PartialEq)]
pub struct EntryRecord {
    pub id: i64,
    pub name: String,
    pub state: String,
    /// The state as the line says it.
    pub state_text: String,
    /// How consent was given, by whom and when, as the line says it (empty before consent).
    pub consent: String,
}

/// The pupils' lines of a page, with their consent records.
pub fn entry_records(page: &(impl Html + ?Sized)) -> Vec<EntryRecord> {
    select(page.html(), "li[data-entry][data-state]")
        .iter()
        .map(|li| EntryRecord {
            id: li.num("data-entry"),
            name: li.one("strong").text(),
            state: li.get("data-state").to_string(),
            state_text: li.one("span.state").text(),
            consent: li
                .select("span.muted")
                .first()
                .map(|s| s.text().trim_start_matches('(').trim_end_matches(')').to_string())
                .unwrap_or_default(),
        })
        .collect()
}
