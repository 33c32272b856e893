//! What every page needs besides its own data: the language, who is logged in, and the CSRF token
//! (created lazily, only when a page renders a form, so anonymous readers get no cookie); and what
//! the templates say with it: words, the sentences of shared values (a match line, a game), the
//! static files' URLs. Templates call these methods and name no path of the crate.

use crate::app::Refusal;
// The URLs alone (a leaf), not the serving module, which reads requests through this one.
use crate::web::assets::{
    print_stylesheet as print_stylesheet_url, stylesheet as stylesheet_url, url as asset_url,
};
use crate::web::error::WebError;
use crate::web::read_model::lines::{GameLine, MatchLine};
use crate::web::security::auth::SessionUser;
use crate::web::security::session::{self, Current};
use crate::web::text::i18n::Lang;
use crate::web::text::{refusals, sentences};
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

    /// A match's result in words (the result cell).
    #[must_use]
    pub fn match_sentence(&self, line: &MatchLine) -> String {
        sentences::match_sentence(&self.lang, line)
    }

    /// A game's result in words.
    #[must_use]
    pub fn game_sentence(&self, g: &GameLine) -> String {
        sentences::game_sentence(&self.lang, g)
    }

    /// A game's clock readings in words; empty without readings.
    #[must_use]
    pub fn clocks_sentence(&self, g: &GameLine) -> String {
        sentences::clocks_sentence(&self.lang, g)
    }

    /// A number of moves with its noun (`12 ruchów`).
    #[must_use]
    pub fn moves(&self, n: &usize) -> String {
        sentences::moves(&self.lang, n)
    }

    /// Why a use case refused, in a sentence.
    #[must_use]
    pub fn refusal(&self, why: &Refusal) -> String {
        refusals::sentence_of(&self.lang, why)
    }

    /// The versioned URL of a static file (`follow.js`).
    #[must_use]
    pub fn static_url(&self, name: &str) -> String {
        asset_url(name)
    }

    /// The stylesheet's URL.
    #[must_use]
    pub fn stylesheet(&self) -> &'static str {
        stylesheet_url()
    }

    /// The print stylesheet's URL.
    #[must_use]
    pub fn print_stylesheet(&self) -> &'static str {
        print_stylesheet_url()
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
