//! Reading a `multipart/form-data` form (a move log uploaded as a file): the whole body is capped at
//! the one documented limit ([`BODY_LIMIT`]), and the CSRF token must have arrived and matched
//! before any file part is read (our forms send the hidden `csrf` field first), so a forged upload
//! is refused without its file ever being buffered.

use crate::web::error::WebError;
use crate::web::forms::field::BODY_LIMIT;
use crate::web::security::csrf;
use crate::web::text::i18n::Lang;
use actix_multipart::Multipart;
use actix_web::HttpRequest;
use actix_web::http::header;
use futures_util::StreamExt;
use std::collections::BTreeMap;

/// The text fields of a multipart form, by name (a file field holds the file's text, UTF-8).
///
/// # Errors
/// [`WebError::TooLarge`] past the limit; [`WebError::Csrf`] if a file part comes before a valid
/// token, or there is no valid token; [`WebError::BadRequest`] for a malformed body or a file that
/// is not UTF-8 text (naming the field).
pub async fn read(
    req: &HttpRequest,
    payload: Multipart,
    lang: Lang,
) -> Result<BTreeMap<String, String>, WebError> {
    read_bytes(req, payload, lang)
        .await?
        .into_iter()
        .map(|(name, bytes)| match String::from_utf8(bytes) {
            Ok(text) => Ok((name, text)),
            Err(_) => {
                Err(WebError::BadRequest(format!("{}: {}", field_label(lang, &name), lang.t("not_utf8"))))
            }
        })
        .collect()
}

/// The fields of a multipart form as sent, by name (a file field holds the file's bytes: a
/// spreadsheet, a CSV in another encoding), with the same limits and CSRF check as [`read`].
///
/// # Errors
/// As [`read`], except that no field needs to be UTF-8 (the token does).
pub async fn read_bytes(
    req: &HttpRequest,
    mut payload: Multipart,
    lang: Lang,
) -> Result<BTreeMap<String, Vec<u8>>, WebError> {
    let declared = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<usize>().ok());
    if declared.is_some_and(|n| n > BODY_LIMIT) {
        return Err(WebError::TooLarge { limit: BODY_LIMIT });
    }
    let mut fields = BTreeMap::new();
    let mut total = 0usize;
    let mut csrf_checked = false;
    while let Some(field) = payload.next().await {
        let mut field = field.map_err(|e| multipart_error(&e))?;
        let name = field.name().unwrap_or_default().to_string();
        let is_file = field.content_disposition().and_then(|cd| cd.get_filename()).is_some();
        if is_file && !csrf_checked {
            return Err(WebError::Csrf(lang.t("csrf").to_string()));
        }
        let mut bytes = Vec::new();
        while let Some(chunk) = field.next().await {
            let chunk = chunk.map_err(|e| multipart_error(&e))?;
            total += chunk.len();
            if total > BODY_LIMIT {
                return Err(WebError::TooLarge { limit: BODY_LIMIT });
            }
            bytes.extend_from_slice(&chunk);
        }
        if name == "csrf" {
            let token = String::from_utf8(bytes.clone()).ok();
            csrf::check(req, token.as_deref(), lang)?;
            csrf_checked = true;
        }
        fields.insert(name, bytes);
    }
    if !csrf_checked {
        return Err(WebError::Csrf(lang.t("csrf").to_string()));
    }
    Ok(fields)
}

/// A multipart error: the body's own (deadline, budget, limit) as `csrf::from_payload` says them,
/// a malformed form as a 400.
fn multipart_error(e: &actix_multipart::MultipartError) -> WebError {
    match e {
        actix_multipart::MultipartError::Payload(p) => csrf::from_payload(p),
        other => WebError::BadRequest(other.to_string()),
    }
}

/// The label of a form field for messages (the move log by its name, others as sent).
fn field_label(lang: Lang, name: &str) -> String {
    match name {
        "log" | "log_file" => lang.t("move_log").to_string(),
        other => other.chars().take(60).collect(),
    }
}
