//! The season's public pages and the person pages, kept as built (issue 20: the season home, its
//! ranking, their CSV exports and a person's page across the season answer 16 clients of a
//! 5,000-person season from memory). Each body is kept with its change stamp (the season's:
//! `store::seasons::flow::stamp`; a person's: `store::persons::stamp`; one aggregate query each)
//! and served again while the stamp is unchanged. HTML is kept only for visitors without a
//! session (a logged-in page carries their name and a CSRF token); a CSV is the same for
//! everyone. At most [`MAX_KEPT`] bodies per kind: past that everything is dropped and built
//! again on demand. Kept bodies are `read_model::http::Body`s: compressed once (brotli or gzip as
//! asked), with an `ETag`, as the tournament pages are.

use crate::store::{PersonId, SeasonId, Store};
use crate::web::error::{Away, WebError};
use crate::web::extract::public_page::with_stale_notice;
use crate::web::read_model::cache::Views;
use crate::web::read_model::fresh::Checked;
use crate::web::read_model::http::Body;
use crate::web::text::i18n::Lang;
use actix_web::{HttpRequest, HttpResponse};
use std::collections::HashMap;
use std::hash::Hash;
use std::sync::{Arc, RwLock};

const MAX_KEPT: usize = 512;

/// A built body: its content type, its download name if any, the bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Built {
    pub content_type: &'static str,
    pub attachment: Option<String>,
    pub body: Vec<u8>,
}

impl Built {
    /// An HTML page.
    #[must_use]
    pub fn html(body: String) -> Built {
        Built { content_type: "text/html; charset=utf-8", attachment: None, body: body.into_bytes() }
    }

    fn into_body(self) -> Body {
        let disposition = self.attachment.map(|name| format!("attachment; filename=\"{name}\""));
        Body::new(self.content_type, disposition, self.body)
    }
}

/// Revalidated on every visit (`ETag`), varying with the encoding and the session cookie.
const CACHE_CONTROL: &str = "no-cache";
const VARY: &str = "Accept-Encoding, Cookie";

/// Bodies kept by key, each with the stamp it was built at.
pub struct Kept<K, S> {
    kept: RwLock<HashMap<K, Entry<S>>>,
}

/// A kept body with the stamp it was built at and when that stamp was last read.
type Entry<S> = (S, Arc<Body>, Checked);

impl<K, S> Default for Kept<K, S> {
    fn default() -> Self {
        Kept { kept: RwLock::new(HashMap::new()) }
    }
}

impl<K: Hash + Eq, S: PartialEq> Kept<K, S> {
    /// The kept body of `key` if its stamp was read recently enough to stand
    /// (`read_model::fresh`): served without asking the database anything. `None`: ask (the
    /// handler then goes the whole way, through [`Kept::get`]'s stamp).
    pub fn current(&self, req: &HttpRequest, db: &Store, key: &K) -> Option<HttpResponse> {
        let kept = self.kept.read().ok()?;
        let (_, body, checked) = kept.get(key)?;
        checked.still_current(db).then(|| body.respond(req, CACHE_CONTROL, VARY))
    }

    /// The body kept for `key` whatever its stamp, sent as stale (`Body::stale`): what the
    /// database said before it went away.
    fn stale(&self, key: &K, lang: Lang) -> Option<HttpResponse> {
        let kept = self.kept.read().ok()?;
        let (_, body, _) = kept.get(key)?;
        Some(body.stale(|html| with_stale_notice(html, lang)))
    }

    /// While the database is away (`Views::reachable`): the body kept for `key`, marked stale, or
    /// the 503 at once; `Ok(None)` when the database answers and the page is asked of it.
    ///
    /// # Errors
    /// The database is away and nothing is kept for `key` (or the page is never kept: `keep`).
    pub async fn while_away(
        &self,
        db: &Store,
        views: &Views,
        key: &K,
        keep: bool,
        lang: Lang,
    ) -> Result<Option<HttpResponse>, WebError> {
        match views.reachable(db).await {
            Ok(()) => Ok(None),
            Err(away) => match keep.then(|| self.stale(key, lang)).flatten() {
                Some(stale) => Ok(Some(stale)),
                None => Err(away),
            },
        }
    }

    /// The body of `key` as `build` makes it, kept while `stamp` holds (`keep`: false for a page
    /// that must not be shared, built every time; `stamp` is then not awaited). While the
    /// database is away, the body kept, marked stale, at once (or a 503 at once).
    #[allow(clippy::too_many_arguments)]
    async fn get<F, G>(
        &self,
        req: &HttpRequest,
        db: &Store,
        views: &Views,
        key: K,
        keep: bool,
        lang: Lang,
        stamp: G,
        build: F,
    ) -> Result<HttpResponse, WebError>
    where
        F: std::future::Future<Output = Result<Built, WebError>>,
        G: std::future::Future<Output = Result<S, WebError>>,
    {
        if keep && let Some(current) = self.current(req, db, &key) {
            return Ok(current);
        }
        if let Some(stale) = self.while_away(db, views, &key, keep, lang).await? {
            return Ok(stale);
        }
        let away = |e: WebError| {
            if matches!(e, WebError::Unavailable { why: Away::Database, .. }) {
                views.found_away();
                if let Some(stale) = keep.then(|| self.stale(&key, lang)).flatten() {
                    return Ok(stale);
                }
            }
            Err(e)
        };
        if !keep {
            return match build.await {
                Ok(built) => Ok(built.into_body().respond(req, "private, no-cache", VARY)),
                Err(e) => away(e),
            };
        }
        let checked = Checked::before_reading(db);
        let stamp = match stamp.await {
            Ok(stamp) => stamp,
            Err(e) => return away(e),
        };
        if let Some((s, built, when)) =
            self.kept.write().map_err(|_| WebError::internal("kept pages lock"))?.get_mut(&key)
            && *s == stamp
        {
            *when = checked;
            return Ok(built.respond(req, CACHE_CONTROL, VARY));
        }
        let built = match build.await {
            Ok(built) => Arc::new(built.into_body()),
            Err(e) => return away(e),
        };
        let mut kept = self.kept.write().map_err(|_| WebError::internal("kept pages lock"))?;
        if kept.len() >= MAX_KEPT {
            kept.clear();
        }
        kept.insert(key, (stamp, built.clone(), checked));
        drop(kept);
        Ok(built.respond(req, CACHE_CONTROL, VARY))
    }
}

/// The season's pages by (season, path with the query that matters, language).
pub type SeasonPages = Kept<(i64, String, &'static str), (i64, i64, i64)>;

impl SeasonPages {
    /// The body of `key` for `season` as `build` makes it, kept while the season's stamp holds.
    ///
    /// # Errors
    /// The stamp's query or `build` fails.
    #[allow(clippy::too_many_arguments)]
    pub async fn season<F>(
        &self,
        req: &HttpRequest,
        db: &Store,
        views: &Views,
        season: SeasonId,
        key: (String, Lang),
        keep: bool,
        build: F,
    ) -> Result<HttpResponse, WebError>
    where
        F: std::future::Future<Output = Result<Built, WebError>>,
    {
        let stamp = async { Ok(crate::store::seasons::flow::stamp(db, season).await?) };
        self.get(req, db, views, (season.0, key.0, key.1.code()), keep, key.1, stamp, build).await
    }
}

/// The person pages by (person, language).
pub type PersonPages = Kept<(i64, &'static str), crate::store::persons::Stamp>;

impl PersonPages {
    /// The page of `person` in `lang` as `build` makes it, kept while the person's stamp holds.
    ///
    /// # Errors
    /// The stamp's query or `build` fails.
    #[allow(clippy::too_many_arguments)]
    pub async fn person<F>(
        &self,
        req: &HttpRequest,
        db: &Store,
        views: &Views,
        person: PersonId,
        lang: Lang,
        keep: bool,
        build: F,
    ) -> Result<HttpResponse, WebError>
    where
        F: std::future::Future<Output = Result<Built, WebError>>,
    {
        let stamp = async { Ok(crate::store::persons::stamp(db, person).await?) };
        self.get(req, db, views, (person.0, lang.code()), keep, lang, stamp, build).await
    }
}
