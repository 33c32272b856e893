//! The page that asks to confirm a step (`confirm.html`): its title, what it says, where its
//! "yes" goes and its words.

use super::html::Element;
use super::{Html, one};

#[derive(Debug, Clone, PartialEq)]
pub struct ConfirmPage {
    pub title: String,
    /// The paragraphs above the buttons, in order.
    pub details: Vec<String>,
    /// Where "yes" posts, and its words.
    pub action: String,
    pub yes: String,
}

impl ConfirmPage {
    pub fn read(page: &(impl Html + ?Sized)) -> ConfirmPage {
        let body = page.html();
        let section = one(body, "section#confirm");
        let form = section.one("form");
        let details = section.select("p").into_iter().filter(|p| !p.has_class("actions"));
        ConfirmPage {
            title: one(body, "main h1").text(),
            details: details.map(|p: Element| p.text()).collect(),
            action: form.get("action").to_string(),
            yes: form.one("#confirm-yes").text(),
        }
    }
}
