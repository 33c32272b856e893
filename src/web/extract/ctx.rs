//! What every page needs besides its own data: the language, who is logged in, and the CSRF token
//! (created lazily, only when a page renders a form, so anonymous readers get no cookie).

use crate::web::error::WebError;
use crate::web::security::auth::SessionUser;
use crate::web::security::session::{self, Current};
use crate::web::text::i18n::Lang;
use actix_web::dev::Payload;
use actix_web::{FromRequest, HttpRequest};
use std::future::{Ready, ready};

/// The name of the language cookie the switch sets.
pub const LANG_COOKIE: &str = "lang";

pub struct Ctx {
    pub lang: Lang,
    pub user: Option<SessionUser>,
    pub path: String,
    current: Current,
}

impl Ctx {
    /// Translate a key into the page language.
    #[must_use]
    pub fn t(&self, key: &str) -> &'static str {
        self.lang.t(key)
    }

    /// The CSRF token, for hidden form fields.
    #[must_use]
    pub fn csrf(&self) -> String {
        self.current.csrf_token()
    }

    /// A stored time (RFC 3339, UTC) as a page shows it (issue 37): Polish time in words, the
    /// machine's time only in the `datetime` attribute (markup: `|safe`; a text that is no time is
    /// escaped as it is).
    #[must_use]
    pub fn time(&self, at: &str) -> String {
        crate::web::text::when::html(self.lang, at)
    }

    /// A day in words: "6 grudnia 2026".
    #[must_use]
    pub fn day(&self, day: &chrono::NaiveDate) -> String {
        crate::web::text::when::day(self.lang, *day)
    }

    /// The other language's code (for the switch link).
    #[must_use]
    pub fn other_lang(&self) -> &'static str {
        match self.lang {
            Lang::Pl => "en",
            Lang::En => "pl",
        }
    }
}

/// The page language from the request's cookie.
#[must_use]
pub fn lang_of(req: &HttpRequest) -> Lang {
    req.cookie(LANG_COOKIE).map(|c| Lang::from_code(c.value())).unwrap_or_default()
}

impl FromRequest for Ctx {
    type Error = WebError;
    type Future = Ready<Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let current = session::current(req);
        ready(Ok(Ctx {
            lang: lang_of(req),
            user: current.user.clone(),
            path: req.path().to_string(),
            current,
        }))
    }
}
