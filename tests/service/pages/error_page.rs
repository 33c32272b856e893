//! The error page (`error_page.html`, `error.html`): the status it names (`data-status`), its
//! title and the one message that says what happened; and the login page's refusal.

use super::{Html, first, one};

#[derive(Debug, Clone, PartialEq)]
pub struct ErrorPage {
    pub status: u16,
    pub title: String,
    pub message: String,
}

impl ErrorPage {
    pub fn read(page: &(impl Html + ?Sized)) -> ErrorPage {
        let body = page.html();
        let h1 = one(body, "h1[data-status]");
        ErrorPage { status: h1.num("data-status"), title: h1.text(), message: one(body, "#message").text() }
    }
}

/// The login page's refusal, if any.
pub fn login_refusal(page: &(impl Html + ?Sized)) -> Option<String> {
    first(page.html(), "#login-refused").map(|e| e.text())
}
