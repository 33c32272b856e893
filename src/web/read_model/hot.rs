//! The fast path of a public page for an anonymous visitor (issue 40): the whole answer (status,
//! every header the middleware added, the compressed bytes) kept as it last went out, and sent
//! again without running the session, the route guard, the router, the extractors or the handler,
//! while nothing was committed to the database since.
//!
//! A cached page already cost no query (`read_model::fresh`), but each request still went through
//! six middleware layers, parsed and allocated its keys twice (`PageKey`, `to_canonical`) and built
//! its headers one by one: about two thirds of a page's time against a hello-world. Here a request
//! that qualifies is answered after one lookup.
//!
//! **Correctness.** An answer is recorded with the database's change token taken before the
//! request ran (`store::changes::Token`, SQLite: the wal-index header every commit of any process
//! rewrites before its `COMMIT` returns), and only if the token is the same after the answer was
//! built (nothing committed meanwhile). It is sent again only while the token read now is that
//! same token: a write acknowledged by any process on the database file moves the token, so the
//! next request goes the whole way and sees it. Where there is no token (PostgreSQL) nothing is
//! recorded and every request goes the whole way (one coalesced stamp query, as before), so
//! several processes behind one PostgreSQL stay correct. Also never while the database is found
//! away (the pages then carry a notice), and never across a day's change (the front page lists
//! the current seasons).
//!
//! **What qualifies.** A `GET` or `HEAD` with no query, no body, no `If-None-Match` and no session
//! cookie, answered `200` with an `ETag`, `Cache-Control: no-cache` (a shared page: a logged-in
//! visitor's is `private`, a stale one `no-store`), or the live page's answer with the moment it
//! stops being true (`http::TrueUntil`: a running clock's reading ages; sent again only until
//! then), no `Set-Cookie` and no `Warning`. The key is the path as sent (only a canonical spelling is answered with a shared
//! page), the language cookie and the encoding negotiated from `Accept-Encoding` (brotli, gzip, or
//! none asked for), so a crawler
//! cannot grow it past the pages that exist; it is emptied at every commit, and holds at most
//! [`MAX_ANSWERS`] answers and [`MAX_BYTES`] bytes.

use crate::lang::Lang;
use crate::store::Store;
use crate::store::changes::Token;
use crate::web::extract::ctx::lang_of;
use crate::web::read_model::away::Outage;
use crate::web::read_model::http::{Encoding, TrueUntil};
use crate::web::security::session::SESSION_COOKIE;
use actix_web::HttpResponse;
use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{self, HeaderMap};
use actix_web::http::{Method, StatusCode};
use actix_web::web::Bytes;
use std::collections::HashMap;
use std::sync::{Arc, PoisonError, RwLock};

/// Answers kept at most (every page of a few big tournaments in both languages and encodings).
pub const MAX_ANSWERS: usize = 8192;
/// Body bytes kept at most (mostly shared with the page stores' bodies: the same `Bytes`).
pub const MAX_BYTES: usize = 64 << 20;

/// One answer as it went out.
struct Answer {
    /// A live page's: milliseconds since the epoch until which it is true (`http::TrueUntil`).
    until_ms: Option<i64>,
    status: StatusCode,
    headers: HeaderMap,
    body: Bytes,
}

impl Answer {
    fn response(&self) -> HttpResponse {
        let mut res = HttpResponse::with_body(self.status, self.body.clone());
        *res.headers_mut() = self.headers.clone();
        res.map_into_boxed_body()
    }
}

#[derive(Default)]
struct Kept {
    /// The token every kept answer was recorded at, and the day.
    at: Option<(Token, chrono::NaiveDate)>,
    /// By language and encoding, then by path.
    answers: HashMap<(Lang, Encoding), HashMap<Box<str>, Arc<Answer>>>,
    count: usize,
    bytes: usize,
}

/// The kept answers of the process.
pub struct HotPages {
    /// Off (`Settings::fast_path`): every request goes the whole way.
    enabled: bool,
    db: Store,
    outage: Arc<Outage>,
    kept: RwLock<Kept>,
}

/// What a request that may be answered here is keyed by.
struct Ask {
    lang: Lang,
    encoding: Encoding,
    token: Token,
    day: chrono::NaiveDate,
}

impl HotPages {
    #[must_use]
    pub fn new(db: Store, outage: Arc<Outage>, enabled: bool) -> HotPages {
        HotPages { enabled, db, outage, kept: RwLock::default() }
    }

    /// Answers kept now.
    #[must_use]
    pub fn kept(&self) -> usize {
        self.kept.read().unwrap_or_else(PoisonError::into_inner).count
    }

    /// Whether `req` may be answered from here, and its key (`None`: the whole way).
    fn ask(&self, req: &ServiceRequest) -> Option<Ask> {
        if !self.enabled
            || !(req.method() == Method::GET || req.method() == Method::HEAD)
            || !req.query_string().is_empty()
        {
            return None;
        }
        let headers = req.headers();
        if headers.contains_key(header::IF_NONE_MATCH)
            || headers.contains_key(header::TRANSFER_ENCODING)
            || headers.get(header::CONTENT_LENGTH).is_some_and(|v| v.as_bytes() != b"0")
        {
            return None;
        }
        if headers.contains_key(header::COOKIE) && req.cookie(SESSION_COOKIE).is_some() {
            return None;
        }
        if self.outage.is_away() {
            return None;
        }
        let token = self.db.change_token()?;
        let lang =
            if headers.contains_key(header::COOKIE) { lang_of(req.request()) } else { Lang::default() };
        let accept = headers.get(header::ACCEPT_ENCODING).map(|v| v.to_str().ok());
        let encoding = match accept {
            None => Encoding::Identity,
            Some(accept) => match Encoding::negotiate(accept) {
                // Neither brotli nor gzip: the `Compress` middleware may still pick another one.
                Encoding::Identity => {
                    let named = |coding: &str| accept.is_none_or(|a| a.to_ascii_lowercase().contains(coding));
                    if named("deflate") || named("zstd") || named("*") {
                        return None;
                    }
                    Encoding::Identity
                }
                chosen => chosen,
            },
        };
        Some(Ask { lang, encoding, token, day: chrono::Utc::now().date_naive() })
    }

    fn get(&self, ask: &Ask, path: &str) -> Option<HttpResponse> {
        let kept = self.kept.read().unwrap_or_else(PoisonError::into_inner);
        if kept.at != Some((ask.token, ask.day)) {
            return None;
        }
        let answer = kept.answers.get(&(ask.lang, ask.encoding))?.get(path)?;
        if answer.until_ms.is_some_and(|until| chrono::Utc::now().timestamp_millis() >= until) {
            return None;
        }
        Some(answer.response())
    }

    /// Keep `res` for `path` if it is a shared page and nothing was committed while it was built.
    fn record(&self, ask: &Ask, path: &str, res: &HttpResponse<Bytes>) {
        let h = res.headers();
        let until_ms = res.extensions().get::<TrueUntil>().map(|u| u.0);
        let shared = res.status() == StatusCode::OK
            && h.contains_key(header::ETAG)
            && (until_ms.is_some()
                || h.get(header::CACHE_CONTROL).is_some_and(|v| v.as_bytes() == b"no-cache"))
            && !h.contains_key(header::SET_COOKIE)
            && !h.contains_key(header::WARNING);
        if !shared
            || self.outage.is_away()
            || self.db.change_token() != Some(ask.token)
            || chrono::Utc::now().date_naive() != ask.day
        {
            return;
        }
        let mut kept = self.kept.write().unwrap_or_else(PoisonError::into_inner);
        if kept.at != Some((ask.token, ask.day)) {
            *kept = Kept { at: Some((ask.token, ask.day)), ..Kept::default() };
        }
        let size = res.body().len();
        if kept.count >= MAX_ANSWERS || kept.bytes.saturating_add(size) > MAX_BYTES {
            return;
        }
        let answer =
            Arc::new(Answer { until_ms, status: res.status(), headers: h.clone(), body: res.body().clone() });
        if kept.answers.entry((ask.lang, ask.encoding)).or_default().insert(path.into(), answer).is_none() {
            kept.count += 1;
            kept.bytes += size;
        }
    }
}

/// What the front of the fast path decided: the kept answer, or the whole way for the request
/// (with what to record the answer under, if it may be kept).
pub enum Front {
    Answered(ServiceResponse<BoxBody>),
    Whole(ServiceRequest, Option<Pending>),
}

/// A request gone the whole way whose answer may be kept.
pub struct Pending {
    ask: Ask,
    path: Box<str>,
}

impl HotPages {
    /// Answer `req` from the kept answers if it may be, before any other middleware runs.
    #[must_use]
    pub fn front(&self, req: ServiceRequest) -> Front {
        let Some(ask) = self.ask(&req) else { return Front::Whole(req, None) };
        if let Some(res) = self.get(&ask, req.path()) {
            return Front::Answered(req.into_response(res));
        }
        let path = req.path().into();
        Front::Whole(req, Some(Pending { ask, path }))
    }

    /// The answer that came back the whole way, kept if it may be.
    #[must_use]
    pub fn back<B: MessageBody + 'static>(
        &self,
        pending: Option<Pending>,
        res: ServiceResponse<B>,
    ) -> ServiceResponse<BoxBody> {
        let Some(pending) = pending else { return res.map_into_boxed_body() };
        let (req, res) = res.into_parts();
        let (res, body) = res.into_parts();
        match body.try_into_bytes() {
            Ok(bytes) => {
                let res = res.set_body(bytes);
                self.record(&pending.ask, &pending.path, &res);
                ServiceResponse::new(req, res.map_into_boxed_body())
            }
            Err(body) => ServiceResponse::new(req, res.set_body(body).map_into_boxed_body()),
        }
    }
}
