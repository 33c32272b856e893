//! Error pages in the site's frame: the header, the navigation and the visitor's language, like
//! every other page. `WebError::error_response` cannot know the request (so it writes both
//! languages); this middleware, which runs inside the session, sees the request and the
//! `WebError` the response carries, and renders the page again with the request's [`Ctx`]. The
//! status and the headers stay (`Retry-After`, cookies); the body is replaced (and sent
//! uncompressed: an error page is small).

use crate::web::error::{STORE_CONFLICT, WebError, refusal_status};
use crate::web::extract::ctx::Ctx;
use crate::web::text::i18n::Lang;
use actix_web::body::{BoxBody, EitherBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header;
use actix_web::middleware::Next;
use actix_web::{FromRequest, HttpRequest, HttpResponse};
use askama::Template;

#[derive(Template)]
#[template(path = "error_page.html")]
struct ErrorPage<'a> {
    ctx: &'a Ctx,
    code: u16,
    title: &'static str,
    message: String,
    /// The tournament the failed address belongs to, for a way back (`/t/{id}`).
    tournament: Option<i64>,
}

/// A message said in both languages ("pl / en"), said again in `lang` only.
fn in_language(lang: Lang, message: &str) -> String {
    if message == STORE_CONFLICT {
        return lang.t("conflict_reload").to_string();
    }
    message.to_string()
}

/// The title key and the message of an error, in the page's language.
fn describe(lang: Lang, e: &WebError) -> (&'static str, String) {
    let fixed = |key: &str| lang.t(key).to_string();
    match e {
        WebError::NotFound => ("error_not_found", fixed("error_not_found_text")),
        WebError::Forbidden => ("error_forbidden", fixed("error_forbidden_text")),
        WebError::Csrf(m) => ("error_forbidden", m.clone()),
        WebError::LoginRequired => ("login", String::new()),
        WebError::BadRequest(m) => ("error_bad_request", in_language(lang, m)),
        WebError::Field(p) => ("error_bad_request", crate::web::text::refusals::labelled(lang, p)),
        WebError::Refused(r) => {
            let title = if refusal_status(r) == actix_web::http::StatusCode::CONFLICT {
                "error_conflict"
            } else {
                "error_refused"
            };
            (title, crate::web::text::refusals::sentence(lang, r))
        }
        WebError::Conflict(m) => ("error_conflict", in_language(lang, m)),
        WebError::TooLarge { limit } => {
            ("error_too_large", format!("{} {} KiB.", lang.t("body_too_large"), limit / 1024))
        }
        WebError::TooManyRequests { message, .. } => ("error_too_many", message.clone()),
        WebError::Busy { retry_after } => {
            ("error_busy", format!("{} {retry_after} s.", lang.t("busy_retry")))
        }
        WebError::BodyTimeout => ("error_timeout", fixed("body_timeout")),
        WebError::Unavailable { retry_after, why } => (
            "error_unavailable",
            format!("{} {retry_after} s.", lang.t(crate::web::error::unavailable_key(*why))),
        ),
        WebError::Internal(_) => ("error_internal", fixed("error_internal_text")),
    }
}

/// The tournament id in `/t/{id}/…`, `/admin/t/{id}/…` or `/ref/t/{id}/…`.
fn tournament_of(path: &str) -> Option<i64> {
    let rest = ["/t/", "/admin/t/", "/ref/t/"].iter().find_map(|p| path.strip_prefix(p))?;
    rest.split('/').next()?.parse().ok()
}

fn render(req: &HttpRequest, e: &WebError, code: u16) -> Option<String> {
    let ctx = Ctx::from_request(req, &mut actix_web::dev::Payload::None).into_inner().ok()?;
    let (title, message) = describe(ctx.lang, e);
    let page =
        ErrorPage { ctx: &ctx, code, title: ctx.t(title), message, tournament: tournament_of(req.path()) };
    page.render().ok()
}

/// Render every `WebError` page again in the site's frame and the request's language.
///
/// # Errors
/// Only what the inner service returns.
pub async fn middleware(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<EitherBody<impl MessageBody, BoxBody>>, actix_web::Error> {
    let res = next.call(req).await?;
    if matches!(res.response().error().and_then(|e| e.as_error::<WebError>()), Some(WebError::LoginRequired))
    {
        // To the login page, and back here afterwards.
        let r = res.request();
        let back = crate::web::security::redirect::after_login(
            r.method().as_str(),
            &r.uri().path_and_query().map_or_else(|| r.path().to_string(), ToString::to_string),
            r.headers().get(header::REFERER).and_then(|v| v.to_str().ok()),
            r.connection_info().host(),
        );
        let mut res = res;
        if let Ok(location) =
            header::HeaderValue::from_str(&crate::web::security::redirect::login_url(back.as_deref()))
        {
            res.headers_mut().insert(header::LOCATION, location);
        }
        return Ok(res.map_into_left_body());
    }
    let body = match res.response().error().and_then(|e| e.as_error::<WebError>()) {
        Some(WebError::LoginRequired) | None => None,
        Some(e) => render(res.request(), e, res.status().as_u16()),
    };
    let Some(body) = body else { return Ok(res.map_into_left_body()) };
    let (req, old) = res.into_parts();
    let mut page = HttpResponse::build(old.status());
    for (name, value) in old.headers() {
        if name != header::CONTENT_LENGTH && name != header::CONTENT_ENCODING && name != header::CONTENT_TYPE
        {
            page.append_header((name.clone(), value.clone()));
        }
    }
    let page = page.content_type("text/html; charset=utf-8").body(body);
    Ok(ServiceResponse::new(req, page).map_into_right_body())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tournament_is_found_in_every_kind_of_path() {
        assert_eq!(tournament_of("/t/7/match/3"), Some(7));
        assert_eq!(tournament_of("/admin/t/12"), Some(12));
        assert_eq!(tournament_of("/ref/t/5/game/1"), Some(5));
        assert_eq!(tournament_of("/login"), None);
        assert_eq!(tournament_of("/t/x"), None);
    }

    #[test]
    fn messages_said_in_both_languages_are_said_in_one() {
        assert_eq!(in_language(Lang::En, STORE_CONFLICT), Lang::En.t("conflict_reload"));
        assert_eq!(in_language(Lang::Pl, "Pole: źle"), "Pole: źle");
    }

    #[test]
    fn a_refusal_is_said_in_the_pages_language_with_its_status_title() {
        let r = WebError::Refused(crate::app::Refusal::MatchForfeited);
        assert_eq!(
            describe(Lang::Pl, &r),
            ("error_refused", Lang::Pl.t("refused_match_forfeited").to_string())
        );
        let drawn = WebError::Refused(crate::app::Refusal::ExtraGameDrawnMeanwhile);
        assert_eq!(describe(Lang::En, &drawn).0, "error_conflict");
    }
}
