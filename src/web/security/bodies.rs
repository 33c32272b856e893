//! Request bodies under slow or stalled clients: every body is read within a deadline, each route
//! reads at most what its forms need, and the bytes being read by all connections together have a
//! budget, of which anonymous visitors may take only half.
//!
//! Why: a 2 MiB limit per request alone lets 600 anonymous connections each send 1.9 MB of a
//! `/login` POST and stall, holding over a gigabyte (issue 23). OWASP's Denial of Service Cheat
//! Sheet, "Application attacks": "Set a timeout for the body to be received" and "limit the
//! request body size" per request, and its guidance on resource exhaustion ("Limit the resources
//! a single user or anonymous request can consume") is what the anonymous share follows: a logged-in
//! referee's result still goes through while anonymous bodies fill their half.
//!
//! - **Route limit**: an anonymous visitor can only post small forms (the login; everything else
//!   needs a login, `guard`), and the account forms are small: [`SMALL_FORM_LIMIT`]. Other forms of
//!   logged-in visitors: the one documented [`BODY_LIMIT`]. A declared `Content-Length` over the
//!   limit is refused (413) before a byte is read; a chunked body stops at the limit.
//! - **Deadline**: the body must have arrived [`BodyLimits::deadline`] after its head (10 s by
//!   default); past it the read fails and the answer is 408, which ends the connection.
//! - **Budget**: a request reserves its declared length (a chunked one, each chunk as it comes)
//!   from [`BodyLimits`]' budget (64 MiB) and gives it back when its body has been read or the
//!   request ends; a request that does not fit is refused at once with 503 and `Retry-After`
//!   (anonymous ones once half the budget is taken).

use crate::web::error::{Away, WebError};
use crate::web::forms::field::BODY_LIMIT;
use crate::web::security::session;
use actix_web::HttpMessage;
use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{Payload, ServiceRequest, ServiceResponse};
use actix_web::error::PayloadError;
use actix_web::http::header;
use actix_web::middleware::Next;
use actix_web::web::{self, Bytes};
use futures_util::Stream;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::task::{Context, Poll};
use std::time::Duration;

/// What the small forms (login, logout, the password change) and every anonymous request may send.
pub const SMALL_FORM_LIMIT: usize = 16 * 1024;

/// Bytes all connections together may be reading at once (default).
pub const BODY_BUDGET_BYTES: usize = 64 << 20;

/// How long a body may take from its head to its last byte (default).
pub const BODY_DEADLINE: Duration = Duration::from_secs(10);

/// Seconds a refused request is asked to wait (`Retry-After`).
const RETRY_AFTER_SECS: u64 = 2;

/// Why reading a body stopped (carried inside the `PayloadError` the extractors see).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum BodyRefusal {
    #[error("the request body did not arrive within its deadline")]
    Deadline,
    #[error("too many request bodies are being read at once")]
    Busy,
}

impl BodyRefusal {
    fn payload_error(self) -> PayloadError {
        PayloadError::Io(std::io::Error::other(self))
    }

    /// The refusal a body-reading error carries, if it is one of ours.
    #[must_use]
    pub fn of(e: &PayloadError) -> Option<BodyRefusal> {
        match e {
            PayloadError::Io(io) => io.get_ref().and_then(|e| e.downcast_ref::<BodyRefusal>()).copied(),
            _ => None,
        }
    }

    /// The answer for it: 408 past the deadline, 503 (with `Retry-After`) for a full budget.
    #[must_use]
    pub fn web_error(self) -> WebError {
        match self {
            BodyRefusal::Deadline => WebError::BodyTimeout,
            BodyRefusal::Busy => WebError::Unavailable { retry_after: RETRY_AFTER_SECS, why: Away::Bodies },
        }
    }
}

/// The process's body settings and the budget being drawn on.
#[derive(Debug)]
pub struct BodyLimits {
    pub deadline: Duration,
    budget: usize,
    reading: AtomicUsize,
}

impl BodyLimits {
    #[must_use]
    pub fn new(deadline: Duration, budget: usize) -> Arc<BodyLimits> {
        Arc::new(BodyLimits { deadline, budget, reading: AtomicUsize::new(0) })
    }

    /// Bytes reserved by bodies being read now.
    #[must_use]
    pub fn reading(&self) -> usize {
        self.reading.load(Ordering::Acquire)
    }

    /// Take `n` bytes if the total stays within `share` of the budget.
    fn reserve(&self, n: usize, share: usize) -> bool {
        self.reading
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |u| u.checked_add(n).filter(|t| *t <= share))
            .is_ok()
    }

    fn release(&self, n: usize) {
        self.reading.fetch_sub(n, Ordering::AcqRel);
    }

    /// The part of the budget a request may draw on.
    fn share(&self, anonymous: bool) -> usize {
        if anonymous { self.budget / 2 } else { self.budget }
    }
}

/// The most a request to `path` may send: small forms and anonymous visitors [`SMALL_FORM_LIMIT`],
/// everything else [`BODY_LIMIT`]. `path` is the decoded one the router matched.
#[must_use]
pub fn route_limit(path: &str, anonymous: bool) -> usize {
    let small = matches!(path, "/login" | "/logout" | "/account/password") || path.starts_with("/lang/");
    if small || anonymous { SMALL_FORM_LIMIT } else { BODY_LIMIT }
}

/// Does the request carry a body (a length above zero, or chunks)?
fn has_body(req: &ServiceRequest) -> bool {
    req.headers().contains_key(header::TRANSFER_ENCODING) || declared_length(req).is_some_and(|n| n > 0)
}

fn declared_length(req: &ServiceRequest) -> Option<usize> {
    req.headers().get(header::CONTENT_LENGTH)?.to_str().ok()?.trim().parse().ok()
}

/// Put the limits on the request's body (runs after the session, so it knows who is asking).
///
/// # Errors
/// Only what the inner service returns.
pub async fn limit(
    mut req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<EitherBody<impl MessageBody>>, actix_web::Error> {
    let Some(limits) = req.app_data::<web::Data<Arc<BodyLimits>>>().map(|d| Arc::clone(d.get_ref())) else {
        return Ok(next.call(req).await?.map_into_left_body());
    };
    if !has_body(&req) {
        return Ok(next.call(req).await?.map_into_left_body());
    }
    let anonymous = session::current(req.request()).user.is_none();
    let cap = route_limit(crate::web::security::guard::routed_path(&req), anonymous);
    let declared = declared_length(&req);
    let refusal = match declared {
        Some(n) if n > cap => Some(WebError::TooLarge { limit: cap }),
        Some(n) if !limits.reserve(n, limits.share(anonymous)) => Some(BodyRefusal::Busy.web_error()),
        _ => None,
    };
    if let Some(e) = refusal {
        tracing::debug!(path = %req.path(), anonymous, declared, "request body refused before reading");
        return Ok(req.error_response(e).map_into_right_body());
    }
    let stream = Limited {
        inner: req.take_payload(),
        limits: Arc::clone(&limits),
        reserved: declared.unwrap_or(0),
        chunked: declared.is_none(),
        share: limits.share(anonymous),
        cap,
        read: 0,
        deadline: Box::pin(tokio::time::sleep(limits.deadline)),
        done: false,
    };
    let boxed: Pin<Box<dyn Stream<Item = Result<Bytes, PayloadError>>>> = Box::pin(stream);
    req.set_payload(Payload::from(boxed));
    Ok(next.call(req).await?.map_into_left_body())
}

/// A body read under the limits; its reservation goes back when it is dropped.
struct Limited {
    inner: Payload,
    limits: Arc<BodyLimits>,
    reserved: usize,
    chunked: bool,
    share: usize,
    cap: usize,
    read: usize,
    deadline: Pin<Box<tokio::time::Sleep>>,
    done: bool,
}

impl Limited {
    fn fail(&mut self, e: PayloadError) -> Poll<Option<Result<Bytes, PayloadError>>> {
        self.finish();
        Poll::Ready(Some(Err(e)))
    }

    /// Give the reservation back (the body is read, or will not be).
    fn finish(&mut self) {
        self.done = true;
        self.limits.release(std::mem::take(&mut self.reserved));
    }
}

impl Stream for Limited {
    type Item = Result<Bytes, PayloadError>;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        if self.done {
            return Poll::Ready(None);
        }
        if self.deadline.as_mut().poll(cx).is_ready() {
            return self.fail(BodyRefusal::Deadline.payload_error());
        }
        match Pin::new(&mut self.inner).poll_next(cx) {
            Poll::Pending => Poll::Pending,
            Poll::Ready(None) => {
                self.finish();
                Poll::Ready(None)
            }
            Poll::Ready(Some(Err(e))) => self.fail(e),
            Poll::Ready(Some(Ok(chunk))) => {
                self.read += chunk.len();
                if self.read > self.cap {
                    return self.fail(PayloadError::Overflow);
                }
                if self.chunked {
                    if !self.limits.reserve(chunk.len(), self.share) {
                        return self.fail(BodyRefusal::Busy.payload_error());
                    }
                    self.reserved += chunk.len();
                }
                Poll::Ready(Some(Ok(chunk)))
            }
        }
    }
}

impl Drop for Limited {
    fn drop(&mut self) {
        self.limits.release(self.reserved);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_forms_and_anonymous_visitors_get_the_small_limit() {
        assert_eq!(route_limit("/login", false), SMALL_FORM_LIMIT);
        assert_eq!(route_limit("/account/password", false), SMALL_FORM_LIMIT);
        assert_eq!(route_limit("/ref/t/1/game/2/upload", true), SMALL_FORM_LIMIT);
        assert_eq!(route_limit("/ref/t/1/game/2/upload", false), BODY_LIMIT);
    }

    #[test]
    fn anonymous_requests_draw_on_half_the_budget_and_give_it_back() {
        let limits = BodyLimits::new(BODY_DEADLINE, 100);
        assert!(limits.reserve(50, limits.share(true)));
        assert!(!limits.reserve(1, limits.share(true)), "the anonymous half is taken");
        assert!(limits.reserve(50, limits.share(false)), "a logged-in visitor still gets in");
        assert!(!limits.reserve(1, limits.share(false)));
        limits.release(100);
        assert_eq!(limits.reading(), 0);
    }

    #[test]
    fn our_refusals_are_found_inside_a_payload_error() {
        assert_eq!(BodyRefusal::of(&BodyRefusal::Deadline.payload_error()), Some(BodyRefusal::Deadline));
        assert_eq!(BodyRefusal::of(&BodyRefusal::Busy.payload_error()), Some(BodyRefusal::Busy));
        assert_eq!(BodyRefusal::of(&PayloadError::Overflow), None);
    }
}
