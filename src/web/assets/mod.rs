//! Static files, compiled in, served under versioned names (`/static/style.<hash>.css`) with a
//! year-long immutable cache lifetime: a new build with a changed file gets a new name, so browsers
//! never keep a stale stylesheet and never ask twice for the same one. The plain name keeps working
//! with a short lifetime (bookmarks, old pages).

mod files;

pub use files::{print_stylesheet, stylesheet, url};

use crate::web::error::WebError;
use crate::web::read_model::http::Body;
use actix_web::{HttpRequest, HttpResponse, ResponseError, web};
use files::ASSETS;
use std::sync::LazyLock;

struct Served {
    name: &'static str,
    /// `stem.<hash>.ext`.
    versioned: String,
    body: Body,
}

static SERVED: LazyLock<Vec<Served>> = LazyLock::new(|| {
    ASSETS
        .iter()
        .map(|a| Served {
            name: a.name,
            versioned: files::versioned_name(a),
            body: Body::new(a.content_type, None, a.bytes.to_vec()),
        })
        .collect()
});

/// `GET /static/{name}`: a versioned name is cached for a year, a plain one for five minutes.
pub async fn serve(req: HttpRequest, name: web::Path<String>) -> HttpResponse {
    let name = name.into_inner();
    if let Some(s) = SERVED.iter().find(|s| s.versioned == name) {
        return s.body.respond(&req, "public, max-age=31536000, immutable", "Accept-Encoding");
    }
    if let Some(s) = SERVED.iter().find(|s| s.name == name) {
        return s.body.respond(&req, "public, max-age=300", "Accept-Encoding");
    }
    WebError::NotFound.error_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stylesheet_has_a_versioned_name() {
        let url = stylesheet();
        assert!(url.starts_with("/static/style.") && url.ends_with(".css"), "{url}");
        assert_eq!(url.len(), "/static/style..css".len() + 12, "{url}");
        assert_eq!(url, super::url("style.css"));
    }
}
