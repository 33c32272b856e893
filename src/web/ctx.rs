//! What every page needs besides its own data: the language, who is logged in, and the CSRF token
//! (created lazily, only when a page renders a form, so anonymous readers get no session cookie).

use super::auth::SessionUser;
use super::csrf;
use super::error::WebError;
use super::i18n::Lang;
use actix_session::{Session, SessionExt};
use actix_web::dev::Payload;
use actix_web::{FromRequest, HttpRequest};
use std::future::{Ready, ready};

/// The name of the language cookie the switch sets.
pub const LANG_COOKIE: &str = "lang";

pub struct Ctx {
    pub lang: Lang,
    pub user: Option<SessionUser>,
    pub path: String,
    session: Session,
}

impl Ctx {
    /// Translate a key into the page language.
    #[must_use]
    pub fn t(&self, key: &str) -> &'static str {
        self.lang.t(key)
    }

    /// The session's CSRF token, for hidden form fields.
    #[must_use]
    pub fn csrf(&self) -> String {
        csrf::token(&self.session)
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
        let session = req.get_session();
        let user = session.get::<SessionUser>(super::auth::SESSION_USER).ok().flatten();
        ready(Ok(Ctx { lang: lang_of(req), user, path: req.path().to_string(), session }))
    }
}
