//! HTTP side of the read model: rendered bodies kept per tournament change (pre-compressed with gzip
//! and brotli on first demand), weak `ETag`s with `304 Not Modified`, and a byte budget so that a
//! crawler walking every page cannot grow the process without bound.
//!
//! A body is cached only when it is the same for every visitor who sends the same language cookie:
//! pages for anonymous visitors and CSV exports. Pages of a logged-in visitor (their name, CSRF
//! token, organiser links) are rendered per request and compressed by actix-web's `Compress`
//! middleware, which leaves the bodies here alone since they already carry `Content-Encoding`.
//!
//! Public pages say `Cache-Control: no-cache`: a browser may keep a copy but must ask again each
//! time, and the `ETag` makes the answer a cheap 304 while nothing changed. That keeps "a page never
//! shows a result older than the last acknowledged write" true in browsers too.

use crate::web::extract::ctx::Ctx;
use actix_web::http::header::{self, HeaderValue};
use actix_web::web::Bytes;
use actix_web::{HttpRequest, HttpResponse};
use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::io::Write;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock, PoisonError, RwLock};

/// How a body travels: what the client accepts decides.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Encoding {
    Brotli,
    Gzip,
    Identity,
}

impl Encoding {
    /// The best encoding a client's `Accept-Encoding` allows (RFC 9110 §12.5.3): the highest
    /// q-value among `br` and `gzip` (`*` stands for any not named; `q=0` means "not acceptable"),
    /// brotli on a tie (smaller); identity when neither is acceptable or the header is absent.
    #[must_use]
    pub fn negotiate(accept: Option<&str>) -> Encoding {
        let Some(accept) = accept else { return Encoding::Identity };
        let (mut br, mut gzip, mut any) = (None::<f32>, None::<f32>, None::<f32>);
        for item in accept.split(',') {
            let mut parts = item.split(';');
            let coding = parts.next().unwrap_or("").trim();
            let slot = if coding.eq_ignore_ascii_case("br") {
                &mut br
            } else if coding.eq_ignore_ascii_case("gzip") || coding.eq_ignore_ascii_case("x-gzip") {
                &mut gzip
            } else if coding == "*" {
                &mut any
            } else {
                continue;
            };
            let q = parts
                .filter_map(|p| p.trim().strip_prefix("q=").or_else(|| p.trim().strip_prefix("Q=")))
                .find_map(|v| v.trim().parse::<f32>().ok())
                .unwrap_or(1.0);
            *slot = Some(q);
        }
        let br = br.or(any).unwrap_or(0.0);
        let gzip = gzip.or(any).unwrap_or(0.0);
        if br > 0.0 && br >= gzip {
            Encoding::Brotli
        } else if gzip > 0.0 {
            Encoding::Gzip
        } else {
            Encoding::Identity
        }
    }
}

/// A response body as sent to everybody who asks for the same page: the bytes, their compressed
/// forms (made on first demand, then kept), and a weak entity tag naming the content.
pub struct Body {
    etag: String,
    content_type: &'static str,
    /// `Content-Disposition` (CSV downloads).
    disposition: Option<String>,
    identity: Bytes,
    gzip: OnceLock<Bytes>,
    brotli: OnceLock<Bytes>,
}

impl Body {
    #[must_use]
    pub fn new(content_type: &'static str, disposition: Option<String>, bytes: Vec<u8>) -> Body {
        // SipHash with fixed keys: the same content gets the same tag in every process of this build.
        let mut hasher = std::hash::DefaultHasher::new();
        content_type.hash(&mut hasher);
        disposition.hash(&mut hasher);
        bytes.hash(&mut hasher);
        // Weak: the gzip and brotli forms share the tag (RFC 9110 §8.8.1: semantically equivalent).
        let etag = format!("W/\"{:016x}-{:x}\"", hasher.finish(), bytes.len());
        Body {
            etag,
            content_type,
            disposition,
            identity: Bytes::from(bytes),
            gzip: OnceLock::new(),
            brotli: OnceLock::new(),
        }
    }

    #[must_use]
    pub fn html(html: String) -> Body {
        Body::new("text/html; charset=utf-8", None, html.into_bytes())
    }

    #[must_use]
    pub fn etag(&self) -> &str {
        &self.etag
    }

    /// The body as the database last said it, sent again while the database is away: not
    /// revalidated or kept by anyone (`no-store`), marked stale (RFC 9111 §5.5, `Warning: 110`),
    /// an HTML page with `notice` before its `<main>` (see `extract::public_page`).
    #[must_use]
    pub fn stale(&self, notice: impl FnOnce(String) -> String) -> HttpResponse {
        let mut res = HttpResponse::Ok();
        res.content_type(self.content_type)
            .insert_header((header::CACHE_CONTROL, "no-store"))
            .insert_header((header::WARNING, HeaderValue::from_static("110 - \"Response is Stale\"")));
        if let Some(d) = &self.disposition {
            res.insert_header((header::CONTENT_DISPOSITION, d.as_str()));
        }
        if self.content_type.starts_with("text/html") {
            res.body(notice(String::from_utf8_lossy(&self.identity).into_owned()))
        } else {
            res.body(self.identity.clone())
        }
    }

    fn carries_a_form_token(&self) -> bool {
        const TOKEN: &[u8] = b"name=\"csrf\"";
        self.identity.windows(TOKEN.len()).any(|w| w == TOKEN)
    }

    /// Bytes kept for this body so far (the budget's unit).
    fn size(&self) -> usize {
        self.identity.len() + self.gzip.get().map_or(0, Bytes::len) + self.brotli.get().map_or(0, Bytes::len)
    }

    /// The bytes in `encoding`, compressing them the first time they are asked for.
    #[must_use]
    pub fn encoded(&self, encoding: Encoding) -> Bytes {
        match encoding {
            Encoding::Identity => self.identity.clone(),
            Encoding::Gzip => self.gzip.get_or_init(|| gzip(&self.identity)).clone(),
            Encoding::Brotli => {
                self.brotli.get_or_init(|| brotli(&self.identity, page_quality(self.identity.len()))).clone()
            }
        }
    }

    /// 304 if the request's `If-None-Match` names this body (weak comparison, RFC 9110 §13.1.2),
    /// otherwise the body in the best encoding the client accepts.
    #[must_use]
    pub fn respond(
        &self,
        req: &HttpRequest,
        cache_control: &'static str,
        vary: &'static str,
    ) -> HttpResponse {
        let not_modified = req
            .headers()
            .get(header::IF_NONE_MATCH)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| matches_etag(v, &self.etag));
        let mut res = if not_modified { HttpResponse::NotModified() } else { HttpResponse::Ok() };
        res.insert_header((header::ETAG, self.etag.as_str()))
            .insert_header((header::CACHE_CONTROL, cache_control))
            .insert_header((header::VARY, vary));
        if not_modified {
            return res.finish();
        }
        let accept = req.headers().get(header::ACCEPT_ENCODING).and_then(|v| v.to_str().ok());
        let encoding = Encoding::negotiate(accept);
        res.content_type(self.content_type);
        if let Some(d) = &self.disposition {
            res.insert_header((header::CONTENT_DISPOSITION, d.as_str()));
        }
        // A body sent as is gets no `Content-Encoding` (RFC 9110 §8.4.1: "identity" is not one); the
        // `Compress` middleware then finds nothing the client accepts either, except `deflate`.
        match encoding {
            Encoding::Brotli => {
                res.insert_header((header::CONTENT_ENCODING, HeaderValue::from_static("br")));
            }
            Encoding::Gzip => {
                res.insert_header((header::CONTENT_ENCODING, HeaderValue::from_static("gzip")));
            }
            Encoding::Identity => {}
        }
        res.body(self.encoded(encoding))
    }
}

/// Does an `If-None-Match` value name `etag`? Weak comparison: `W/` prefixes are ignored.
fn matches_etag(if_none_match: &str, etag: &str) -> bool {
    let bare = |t: &str| t.trim().trim_start_matches("W/").to_string();
    let ours = bare(etag);
    if_none_match.split(',').any(|t| t.trim() == "*" || bare(t) == ours)
}

fn gzip(bytes: &[u8]) -> Bytes {
    let mut encoder =
        flate2::write::GzEncoder::new(Vec::with_capacity(bytes.len() / 4), flate2::Compression::default());
    match encoder.write_all(bytes).and_then(|()| encoder.finish()) {
        Ok(out) => Bytes::from(out),
        // Writing into memory cannot fail; if it ever did, the page still goes out (uncompressed
        // bytes under a gzip header would be wrong, so this is a hard error in the log).
        Err(e) => {
            tracing::error!(error = %e, "gzip failed");
            Bytes::new()
        }
    }
}

/// Brotli quality for a body of `len` bytes: 5 (fast, well below gzip's size), 4 past 256 KiB (a
/// 2,000-player export: about twice as fast, a few percent bigger), since the first reader after a
/// change waits for it.
fn page_quality(len: usize) -> i32 {
    if len > 256 << 10 { 4 } else { 5 }
}

/// Brotli at `quality` (0-11).
#[must_use]
pub fn brotli(bytes: &[u8], quality: i32) -> Bytes {
    let params = brotli::enc::BrotliEncoderParams { quality, lgwin: 22, ..Default::default() };
    let mut out = Vec::with_capacity(bytes.len() / 4);
    match brotli::BrotliCompress(&mut &bytes[..], &mut out, &params) {
        Ok(_) => Bytes::from(out),
        Err(e) => {
            tracing::error!(error = %e, "brotli failed");
            Bytes::new()
        }
    }
}

/// Anyone may keep a copy but must revalidate it (a 304 while nothing changed).
const SHARED: &str = "no-cache";
/// A logged-in visitor's page: not for shared caches.
const PERSONAL: &str = "private, no-cache";
/// Pages differ by encoding and by the language and session cookies.
const VARY: &str = "Accept-Encoding, Cookie";

/// The live page and its `?frame=1` part, rendered per request (the clocks move every second):
/// anonymous visitors' copies may be kept a few seconds by the browser (the frame is fetched again
/// every few seconds anyway), varying like every other page; a logged-in visitor's page carries
/// their name and a CSRF token, so no cache keeps it.
#[must_use]
pub fn live_answer(mut res: HttpResponse, logged_in: bool) -> HttpResponse {
    let headers = res.headers_mut();
    if logged_in {
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    } else {
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(LIVE));
    }
    headers.insert(header::VARY, HeaderValue::from_static(VARY));
    res
}

/// Seconds an anonymous copy of the live page may be kept.
const LIVE: &str = "public, max-age=3";

/// Bytes all page stores of the process may keep, and what one store (one tournament at one stamp,
/// or the tournament list) may take of them: a quarter, so that a crawler walking every page of one
/// big tournament, or asking for one page under many spellings, cannot push the other tournaments'
/// pages out. A store over either budget stops caching (pages are then rendered from the read
/// model per request, still correct, just slower).
pub struct Budget {
    used: AtomicUsize,
    limit: usize,
    per_store: usize,
}

impl Budget {
    #[must_use]
    pub fn new(limit: usize) -> Arc<Budget> {
        Arc::new(Budget { used: AtomicUsize::new(0), limit, per_store: limit / 4 })
    }

    fn try_charge(&self, n: usize) -> bool {
        self.used
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |u| {
                u.checked_add(n).filter(|t| *t <= self.limit)
            })
            .is_ok()
    }

    fn release(&self, n: usize) {
        self.used.fetch_sub(n, Ordering::AcqRel);
    }

    /// Bytes charged now.
    #[must_use]
    pub fn used(&self) -> usize {
        self.used.load(Ordering::Acquire)
    }
}

/// Which cached body answers a request: the canonical path (it appears in the page, in the
/// language switch), the language, and a variant the handler names (the CSV separator).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PageKey {
    path: String,
    lang: &'static str,
    variant: &'static str,
}

impl PageKey {
    /// The key of a page that shows who is logged in: `None` (not shared) for a logged-in visitor,
    /// and for a path spelled other than canonically.
    #[must_use]
    pub fn page(req: &HttpRequest, ctx: &Ctx) -> Option<PageKey> {
        if ctx.user.is_some() { None } else { PageKey::shared(req, ctx, "") }
    }

    /// The key of a body that is the same for everyone (a CSV export): language and `variant` only;
    /// `None` for a path spelled other than canonically (such a request is sent to the canonical
    /// address, or answered without being kept: `/t/01/…` and `/t/1/…` are one page, cached once).
    #[must_use]
    pub fn shared(req: &HttpRequest, ctx: &Ctx, variant: &'static str) -> Option<PageKey> {
        let path = canonical_path(req)?;
        (path == req.path()).then(|| PageKey { path, lang: ctx.lang.code(), variant })
    }
}

/// The canonical spelling of the route that matched: its pattern with each parameter written as
/// its parsed value (`/t/{t}/standings` with `t` = `001`, `+1` or `%31` is `/t/1/standings`) and
/// every fixed part as the pattern writes it (so `/t/1/%73tandings` is `/t/1/standings` too).
/// `None` when no route matched.
#[must_use]
pub fn canonical_path(req: &HttpRequest) -> Option<String> {
    let pattern = req.match_pattern()?;
    let mut out = String::with_capacity(pattern.len() + 8);
    for (i, part) in pattern.split('/').enumerate() {
        if i > 0 {
            out.push('/');
        }
        match part.strip_prefix('{').and_then(|p| p.strip_suffix('}')) {
            Some(name) => {
                let value = req.match_info().get(name)?;
                match value.parse::<i64>() {
                    Ok(n) => out.push_str(&n.to_string()),
                    Err(_) => out.push_str(value),
                }
            }
            None => out.push_str(part),
        }
    }
    Some(out)
}

/// A permanent redirect to the canonical spelling of this request (its query kept), if it was
/// spelled otherwise.
#[must_use]
pub fn to_canonical(req: &HttpRequest) -> Option<HttpResponse> {
    let path = canonical_path(req)?;
    if path == req.path() {
        return None;
    }
    let location = match req.query_string() {
        "" => path,
        query => format!("{path}?{query}"),
    };
    Some(HttpResponse::PermanentRedirect().insert_header((header::LOCATION, location)).finish())
}

/// The rendered bodies of one version of something (a tournament at one stamp, or the tournament
/// list): dropped with it, so nothing here can be stale.
pub struct PageStore {
    pages: RwLock<HashMap<PageKey, Arc<Body>>>,
    /// The live page's bodies: one per key, each with the recordings it was rendered at.
    live: Mutex<HashMap<PageKey, LiveBody>>,
    /// Bytes this store charged to the budget (released when it is dropped).
    charged: AtomicUsize,
    budget: Arc<Budget>,
    /// Live pages rendered for anonymous visitors at this version (each comes to `serve_live`):
    /// tests count them to see that a page is not rendered again while nothing changed.
    live_rendered: AtomicUsize,
}

impl PageStore {
    #[must_use]
    pub fn new(budget: Arc<Budget>) -> PageStore {
        PageStore {
            pages: RwLock::default(),
            live: Mutex::default(),
            charged: AtomicUsize::new(0),
            budget,
            live_rendered: AtomicUsize::new(0),
        }
    }

    /// The cached answer to this request, if there is one.
    #[must_use]
    pub fn cached(&self, req: &HttpRequest, key: Option<&PageKey>) -> Option<HttpResponse> {
        let body = self.pages.read().unwrap_or_else(PoisonError::into_inner).get(key?).cloned()?;
        Some(body.respond(req, SHARED, VARY))
    }

    /// Answer with a freshly rendered body, keeping it for the next visitor if `key` is `Some` and
    /// the budget allows.
    #[must_use]
    pub fn serve(&self, req: &HttpRequest, key: Option<PageKey>, body: Body) -> HttpResponse {
        let Some(key) = key else { return body.respond(req, PERSONAL, VARY) };
        if body.carries_a_form_token() {
            // A CSRF token belongs to one visitor: such a page is never shared (a template that
            // shows a form to anonymous visitors must not be cached; this keeps it safe anyway).
            tracing::warn!(path = %key.path, "a shared page carried a CSRF token: not cached");
            return body.respond(req, PERSONAL, VARY);
        }
        let body = Arc::new(body);
        // Charged for the body and a generous estimate of both compressed forms.
        let charge = body.size() + body.size() / 2;
        let within_store =
            self.charged.load(Ordering::Acquire).saturating_add(charge) <= self.budget.per_store;
        if within_store && self.budget.try_charge(charge) {
            self.charged.fetch_add(charge, Ordering::AcqRel);
            self.pages.write().unwrap_or_else(PoisonError::into_inner).insert(key, Arc::clone(&body));
        }
        body.respond(req, SHARED, VARY)
    }
}

/// What a live page's body was rendered at, besides the tournament's stamp: the revision of each
/// recording in play (a recorded line does not move the stamp) and the moment it stops being true
/// (a running clock's reading ages; a flag falls).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LiveAt {
    /// `(game, revision)` of every recording in play, in game order.
    pub revisions: Vec<(i64, i64)>,
    /// Milliseconds since the epoch after which the body is rendered again.
    pub until_ms: i64,
}

/// Until when (milliseconds since the epoch) a shared live answer stays true while nothing is
/// committed: carried in the response's extensions to the fast path (`read_model::hot`), which
/// sends the answer again only until then.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TrueUntil(pub i64);

struct LiveBody {
    at: LiveAt,
    body: Arc<Body>,
    charge: usize,
}

impl PageStore {
    /// The cached live page for this request, if it was rendered at the same recordings and is
    /// still current at `now_ms`.
    #[must_use]
    pub fn cached_live(
        &self,
        req: &HttpRequest,
        key: Option<&PageKey>,
        revisions: &[(i64, i64)],
        now_ms: i64,
    ) -> Option<HttpResponse> {
        let live = self.live.lock().unwrap_or_else(PoisonError::into_inner);
        let kept = live.get(key?)?;
        (kept.at.revisions == revisions && now_ms < kept.at.until_ms).then(|| {
            let mut res = kept.body.respond(req, SHARED, VARY);
            res.extensions_mut().insert(TrueUntil(kept.at.until_ms));
            res
        })
    }

    /// Answer with a freshly rendered live page, keeping it (in place of the one before under the
    /// same key) for the next visitor if `key` is `Some` and the budget allows.
    #[must_use]
    pub fn serve_live(
        &self,
        req: &HttpRequest,
        key: Option<PageKey>,
        at: LiveAt,
        body: Body,
    ) -> HttpResponse {
        let Some(key) = key else { return body.respond(req, PERSONAL, VARY) };
        let until_ms = at.until_ms;
        self.live_rendered.fetch_add(1, Ordering::AcqRel);
        if body.carries_a_form_token() {
            tracing::warn!(path = %key.path, "a shared live page carried a CSRF token: not cached");
            return body.respond(req, PERSONAL, VARY);
        }
        let body = Arc::new(body);
        let charge = body.size() + body.size() / 2;
        let mut live = self.live.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(old) = live.remove(&key) {
            self.charged.fetch_sub(old.charge, Ordering::AcqRel);
            self.budget.release(old.charge);
        }
        let within_store =
            self.charged.load(Ordering::Acquire).saturating_add(charge) <= self.budget.per_store;
        if within_store && self.budget.try_charge(charge) {
            self.charged.fetch_add(charge, Ordering::AcqRel);
            live.insert(key, LiveBody { at, body: Arc::clone(&body), charge });
        }
        let mut res = body.respond(req, SHARED, VARY);
        res.extensions_mut().insert(TrueUntil(until_ms));
        res
    }
}

impl PageStore {
    /// Bodies kept, and the bytes charged for them.
    #[must_use]
    pub fn kept(&self) -> (usize, usize) {
        (
            self.pages.read().unwrap_or_else(PoisonError::into_inner).len()
                + self.live.lock().unwrap_or_else(PoisonError::into_inner).len(),
            self.charged.load(Ordering::Acquire),
        )
    }
}

impl PageStore {
    /// Live pages (and frames) rendered for anonymous visitors at this version.
    #[must_use]
    pub fn live_rendered(&self) -> usize {
        self.live_rendered.load(Ordering::Acquire)
    }
}

impl Drop for PageStore {
    fn drop(&mut self) {
        self.budget.release(self.charged.load(Ordering::Acquire));
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use std::io::Read;

    #[test]
    fn negotiation_follows_the_q_values() {
        use Encoding::*;
        let cases = [
            (None, Identity),
            (Some(""), Identity),
            (Some("gzip"), Gzip),
            (Some("gzip, deflate, br"), Brotli),
            (Some("br;q=0.5, gzip"), Gzip),
            (Some("br;q=0, gzip;q=0"), Identity),
            (Some("*"), Brotli),
            (Some("*;q=0.5, br;q=0"), Gzip),
            (Some("identity"), Identity),
            (Some("GZIP;Q=0.8"), Gzip),
            (Some("deflate"), Identity),
        ];
        for (accept, expected) in cases {
            assert_eq!(Encoding::negotiate(accept), expected, "Accept-Encoding: {accept:?}");
        }
    }

    #[test]
    fn both_compressed_forms_decode_to_the_body() {
        let text = "<tr><td>Zuzanna Kowalska</td><td>1,5</td></tr>\n".repeat(200);
        let body = Body::html(text.clone());
        let mut out = String::new();
        flate2::read::GzDecoder::new(&body.encoded(Encoding::Gzip)[..]).read_to_string(&mut out).unwrap();
        assert_eq!(out, text);
        let mut out = Vec::new();
        brotli::BrotliDecompress(&mut &body.encoded(Encoding::Brotli)[..], &mut out).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), text);
        assert!(body.encoded(Encoding::Brotli).len() < text.len() / 10, "repetitive HTML compresses well");
    }

    #[test]
    fn the_tag_names_the_content() {
        let a = Body::html("a".into());
        assert_eq!(a.etag(), Body::html("a".into()).etag());
        assert_ne!(a.etag(), Body::html("b".into()).etag());
        assert!(a.etag().starts_with("W/\""));
        assert!(matches_etag(a.etag(), a.etag()));
        assert!(matches_etag(&format!("\"x\", {}", a.etag().trim_start_matches("W/")), a.etag()));
        assert!(matches_etag("*", a.etag()));
        assert!(!matches_etag("W/\"other\"", a.etag()));
    }

    #[test]
    fn the_budget_stops_caching_and_is_given_back() {
        let budget = Budget::new(100);
        assert!(budget.try_charge(60));
        assert!(!budget.try_charge(60), "over the limit");
        budget.release(60);
        assert_eq!(budget.used(), 0);
    }

    #[test]
    fn one_store_cannot_push_the_others_out() {
        let req = actix_web::test::TestRequest::default().to_http_request();
        let budget = Budget::new(40_000);
        let (crawled, other) = (PageStore::new(Arc::clone(&budget)), PageStore::new(Arc::clone(&budget)));
        for i in 0..40 {
            let _ = crawled.serve(&req, Some(key(&format!("/t/1/player/{i}"))), Body::html("x".repeat(1000)));
        }
        assert_eq!(crawled.kept(), (6, 9000), "a store keeps at most its quarter");
        let _ = other.serve(&req, Some(key("/t/2/standings")), Body::html("y".repeat(4000)));
        assert!(other.cached(&req, Some(&key("/t/2/standings"))).is_some(), "another store still caches");
    }

    fn key(path: &str) -> PageKey {
        PageKey { path: path.into(), lang: "pl", variant: "" }
    }

    #[test]
    fn a_store_keeps_bodies_within_its_budget_and_gives_it_back_when_dropped() {
        let req = actix_web::test::TestRequest::default().to_http_request();
        // A store may take a quarter of the budget: 10,000 bytes.
        let budget = Budget::new(40_000);
        let store = PageStore::new(Arc::clone(&budget));
        // 4,000 bytes are charged 6,000 (room for the compressed forms): the first fits, the second not.
        let res = store.serve(&req, Some(key("/a")), Body::html("a".repeat(4000)));
        assert_eq!(res.status(), 200);
        assert_eq!(budget.used(), 6000);
        assert!(store.cached(&req, Some(&key("/a"))).is_some());
        let res = store.serve(&req, Some(key("/b")), Body::html("b".repeat(4000)));
        assert_eq!(res.status(), 200, "served all the same");
        assert!(store.cached(&req, Some(&key("/b"))).is_none(), "over the store's budget: not kept");
        // A personal page (no key) is never kept.
        let res = store.serve(&req, None, Body::html("c".into()));
        assert_eq!(res.headers().get(header::CACHE_CONTROL).unwrap(), "private, no-cache");
        assert!(store.cached(&req, None).is_none());
        // A page with a visitor's CSRF token is never shared.
        let form = "<form><input type=\"hidden\" name=\"csrf\" value=\"t0k3n\"></form>";
        let res = store.serve(&req, Some(key("/form")), Body::html(form.into()));
        assert_eq!(res.headers().get(header::CACHE_CONTROL).unwrap(), "private, no-cache");
        assert!(store.cached(&req, Some(&key("/form"))).is_none());
        drop(store);
        assert_eq!(budget.used(), 0, "a dropped store gives its bytes back");
    }

    #[test]
    fn a_live_body_answers_only_at_its_recordings_and_before_its_deadline_and_replaces_the_one_before() {
        let req = actix_web::test::TestRequest::default().to_http_request();
        let budget = Budget::new(40_000);
        let store = PageStore::new(Arc::clone(&budget));
        let at = |revisions: Vec<(i64, i64)>, until_ms| LiveAt { revisions, until_ms };
        let _ = store.serve_live(
            &req,
            Some(key("/t/1/live")),
            at(vec![(7, 3)], 1_000),
            Body::html("a".repeat(2000)),
        );
        assert_eq!(budget.used(), 3000);
        let live = Some(key("/t/1/live"));
        assert!(store.cached_live(&req, live.as_ref(), &[(7, 3)], 999).is_some(), "same recordings, in time");
        assert!(
            store.cached_live(&req, live.as_ref(), &[(7, 4)], 999).is_none(),
            "a line was recorded since"
        );
        assert!(store.cached_live(&req, live.as_ref(), &[(7, 3), (9, 1)], 999).is_none(), "a game started");
        assert!(store.cached_live(&req, live.as_ref(), &[(7, 3)], 1_000).is_none(), "its clock reading aged");
        assert!(store.cached_live(&req, None, &[(7, 3)], 0).is_none(), "a logged-in visitor: never");
        // The next body under the key takes the place of the one before (and its charge).
        let _ = store.serve_live(
            &req,
            Some(key("/t/1/live")),
            at(vec![(7, 4)], 5_000),
            Body::html("b".repeat(1000)),
        );
        assert_eq!(budget.used(), 1500);
        assert_eq!(store.kept(), (1, 1500));
        assert!(store.cached_live(&req, live.as_ref(), &[(7, 4)], 0).is_some());
        drop(store);
        assert_eq!(budget.used(), 0);
    }
}
