//! The season's public pages, kept as built (issue 20: the season home, its ranking and their CSV
//! exports answer 16 clients of a 5,000-person season from memory): each body is kept with the
//! season's change stamp (`store::seasons::flow::stamp`, one aggregate query) and served again
//! while the stamp is unchanged. HTML is kept only for visitors without a session (a logged-in
//! page carries their name and a CSRF token); a CSV is the same for everyone. At most
//! [`MAX_KEPT`] bodies: past that everything is dropped and built again on demand. Kept bodies are
//! `read_model::http::Body`s: compressed once (brotli or gzip as asked), with an `ETag`, as the
//! tournament pages are.

use crate::store::{SeasonId, Store};
use crate::web::error::WebError;
use crate::web::read_model::http::Body;
use actix_web::{HttpRequest, HttpResponse};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

const MAX_KEPT: usize = 512;

/// A built body: its content type, its download name if any, the bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Built {
    pub content_type: &'static str,
    pub attachment: Option<String>,
    pub body: Vec<u8>,
}

impl Built {
    fn into_body(self) -> Body {
        let disposition = self.attachment.map(|name| format!("attachment; filename=\"{name}\""));
        Body::new(self.content_type, disposition, self.body)
    }
}

/// Revalidated on every visit (`ETag`), varying with the encoding and the session cookie.
const CACHE_CONTROL: &str = "no-cache";
const VARY: &str = "Accept-Encoding, Cookie";

type Stamp = (i64, i64, i64);
/// (season, path with the query that matters, language).
type Key = (i64, String, &'static str);

/// The kept bodies by (season, path with query, language).
#[derive(Default)]
pub struct SeasonPages {
    kept: Mutex<HashMap<Key, (Stamp, Arc<Body>)>>,
}

impl SeasonPages {
    /// The body of `key` for `season` as `build` makes it, kept while the season's stamp holds
    /// (`keep`: false for a page that must not be shared, built every time).
    ///
    /// # Errors
    /// The stamp's query or `build` fails.
    pub async fn get<F>(
        &self,
        req: &HttpRequest,
        db: &Store,
        season: SeasonId,
        key: (String, &'static str),
        keep: bool,
        build: F,
    ) -> Result<HttpResponse, WebError>
    where
        F: std::future::Future<Output = Result<Built, WebError>>,
    {
        if !keep {
            return Ok(build.await?.into_body().respond(req, "private, no-cache", VARY));
        }
        let stamp = crate::store::seasons::flow::stamp(db, season).await?;
        let k = (season.0, key.0, key.1);
        if let Some((s, built)) =
            self.kept.lock().map_err(|_| WebError::internal("season pages lock"))?.get(&k)
            && *s == stamp
        {
            return Ok(built.respond(req, CACHE_CONTROL, VARY));
        }
        let built = Arc::new(build.await?.into_body());
        let mut kept = self.kept.lock().map_err(|_| WebError::internal("season pages lock"))?;
        if kept.len() >= MAX_KEPT {
            kept.clear();
        }
        kept.insert(k, (stamp, built.clone()));
        drop(kept);
        Ok(built.respond(req, CACHE_CONTROL, VARY))
    }
}
