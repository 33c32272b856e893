//! The opening every public page of a tournament shares: the tournament's read model as of now
//! (`web::read_model::cache::Views`), the key its body is cached under, and the cached answer if
//! this page was rendered for the current stamp already. A handler asks for a [`PublicPage`],
//! returns [`PublicPage::cached`] when there is one, and otherwise renders from `page.view` and
//! answers with [`PublicPage::render`] (which keeps the body for the next visitor when it may).

use crate::lang::Lang;
use crate::store::{Store, TournamentId};
use crate::web::error::WebError;
use crate::web::extract::ctx::Ctx;
use crate::web::read_model::cache::Views;
use crate::web::read_model::http::{Body, PageKey, to_canonical};
use crate::web::read_model::view::TournamentView;
use actix_web::dev::Payload;
use actix_web::{FromRequest, HttpRequest, HttpResponse, web};
use askama::Template;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

/// A public page of the tournament named by the route's `{t}`.
pub struct PublicPage {
    /// The tournament's read model, showing every write acknowledged before the request.
    pub view: Arc<TournamentView>,
    /// `None` for a body never shared (a logged-in visitor's page).
    key: Option<PageKey>,
    hit: Option<HttpResponse>,
    /// The database was away: this is what was acknowledged before the outage, said on the page
    /// (in this language) and in a `Warning` header, and never kept.
    stale: Option<Lang>,
}

impl PublicPage {
    /// Open the page of tournament `id` whose body is cached under `key` (`None`: never shared).
    ///
    /// # Errors
    /// [`WebError::NotFound`] for no such tournament; the database fails.
    pub async fn open(
        req: &HttpRequest,
        db: &Store,
        views: &Views,
        id: TournamentId,
        key: Option<PageKey>,
    ) -> Result<PublicPage, WebError> {
        let view = views.get(db, id).await?;
        if views.database_away() {
            // Rendered again from the read model with the notice, and not kept.
            return Ok(PublicPage { view, key: None, hit: to_canonical(req), stale: Some(Lang::Pl) });
        }
        // `/t/01/standings` and `/t/1/%73tandings` are `/t/1/standings`: sent there, never kept apart.
        let hit = to_canonical(req).or_else(|| view.pages.cached(req, key.as_ref()));
        Ok(PublicPage { view, key, hit, stale: None })
    }

    /// A page served while the database is away says so in the visitor's language.
    fn in_language(mut self, lang: Lang) -> PublicPage {
        if self.stale.is_some() {
            self.stale = Some(lang);
        }
        self
    }

    /// The database was away when the page was opened: a handler does not ask it for what the read
    /// model does not hold (the page is rendered without it, marked stale and never kept).
    pub fn is_stale(&self) -> bool {
        self.stale.is_some()
    }

    /// The answer already rendered for this stamp (once: a handler returns it).
    pub fn cached(&mut self) -> Option<HttpResponse> {
        self.hit.take()
    }

    /// Make this answer one of a kind (a search, a followed player: the query decides it), never
    /// kept nor served from the cache; a path spelled otherwise is still sent to the canonical one.
    pub fn unshared(&mut self, req: &HttpRequest) {
        self.key = None;
        self.hit = to_canonical(req);
    }

    /// Answer with `body`, kept for the next visitor when the page's key says so.
    #[must_use]
    pub fn serve(&self, req: &HttpRequest, body: Body) -> HttpResponse {
        let mut res = self.view.pages.serve(req, self.key.clone(), body);
        if self.stale.is_some() {
            res.headers_mut().insert(
                actix_web::http::header::WARNING,
                actix_web::http::header::HeaderValue::from_static("110 - \"Response is Stale\""),
            );
        }
        res
    }

    /// Render `page` as HTML and answer with it (see [`PublicPage::serve`]).
    ///
    /// # Errors
    /// The template fails to render.
    pub fn render<T: Template>(&self, req: &HttpRequest, page: &T) -> Result<HttpResponse, WebError> {
        let mut html = page.render()?;
        if let Some(lang) = self.stale {
            html = with_stale_notice(html, lang);
        }
        Ok(self.serve(req, Body::html(html)))
    }
}

/// `html` with a notice before its `<main>` that the page shows what was saved before the database
/// went away.
pub(crate) fn with_stale_notice(html: String, lang: Lang) -> String {
    match html.find("<main") {
        Some(at) => format!(
            "{}<p class=\"note\" role=\"status\" data-stale=\"1\">{}</p>{}",
            &html[..at],
            lang.t("stale_page"),
            &html[at..]
        ),
        None => html,
    }
}

/// The tournament id in the route (`/t/{t}/...`); a path that is not one is a page that does not exist.
fn tournament_of(req: &HttpRequest) -> Result<TournamentId, WebError> {
    req.match_info().get("t").and_then(|t| t.parse().ok()).map(TournamentId).ok_or(WebError::NotFound)
}

/// A page that shows who is logged in: shared between anonymous visitors only (`PageKey::page`).
impl FromRequest for PublicPage {
    type Error = WebError;
    type Future = Pin<Box<dyn Future<Output = Result<PublicPage, WebError>>>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let req = req.clone();
        let ctx = Ctx::from_request(&req, payload).into_inner();
        Box::pin(async move {
            let ctx = ctx?;
            let key = PageKey::page(&req, &ctx);
            let db = req.app_data::<web::Data<Store>>().ok_or_else(|| WebError::internal("no store"))?;
            let views = req.app_data::<web::Data<Views>>().ok_or_else(|| WebError::internal("no views"))?;
            Ok(PublicPage::open(&req, db, views, tournament_of(&req)?, key).await?.in_language(ctx.lang))
        })
    }
}
