//! Static files, compiled in, served under versioned names (`/static/style.<hash>.css`) with a
//! year-long immutable cache lifetime: a new build with a changed file gets a new name, so browsers
//! never keep a stale stylesheet and never ask twice for the same one. The plain name keeps working
//! with a short lifetime (bookmarks, old pages).

use crate::web::error::WebError;
use crate::web::read_model::http::Body;
use actix_web::{HttpRequest, HttpResponse, ResponseError, web};
use std::hash::{Hash, Hasher};
use std::sync::LazyLock;

struct Asset {
    name: &'static str,
    content_type: &'static str,
    bytes: &'static [u8],
}

/// Every static file. Add a file here and link it with [`url`].
const ASSETS: &[Asset] = &[
    Asset {
        name: "style.css",
        content_type: "text/css; charset=utf-8",
        bytes: include_bytes!("../../static/style.css"),
    },
    Asset {
        name: "print.css",
        content_type: "text/css; charset=utf-8",
        bytes: include_bytes!("../../static/print.css"),
    },
    // The digital table's stylesheet and its one script (the board, replay, recorder, live pages).
    Asset {
        name: "table.css",
        content_type: "text/css; charset=utf-8",
        bytes: include_bytes!("../../static/table.css"),
    },
    // The recorder's own rules (its flag buttons and clock readings).
    Asset {
        name: "recorder.css",
        content_type: "text/css; charset=utf-8",
        bytes: include_bytes!("../../static/recorder.css"),
    },
    Asset {
        name: "table.js",
        content_type: "text/javascript; charset=utf-8",
        bytes: include_bytes!("../../static/table.js"),
    },
    // Keeps unsent typing of the long forms (results, deck checks, configuration) in the browser.
    Asset {
        name: "drafts.js",
        content_type: "text/javascript; charset=utf-8",
        bytes: include_bytes!("../../static/drafts.js"),
    },
    // Keeps the followed player in the browser (the tournament and player pages).
    Asset {
        name: "follow.js",
        content_type: "text/javascript; charset=utf-8",
        bytes: include_bytes!("../../static/follow.js"),
    },
    // Reloads a player's online game page when the game moves on (server-sent events).
    Asset {
        name: "online.js",
        content_type: "text/javascript; charset=utf-8",
        bytes: include_bytes!("../../static/online.js"),
    },
];

struct Served {
    name: &'static str,
    /// `stem.<hash>.ext`.
    versioned: String,
    body: Body,
}

static SERVED: LazyLock<Vec<Served>> = LazyLock::new(|| {
    ASSETS
        .iter()
        .map(|a| {
            let mut hasher = std::hash::DefaultHasher::new();
            a.bytes.hash(&mut hasher);
            let hash = format!("{:016x}", hasher.finish());
            let versioned = match a.name.rsplit_once('.') {
                Some((stem, ext)) => format!("{stem}.{}.{ext}", &hash[..12]),
                None => format!("{}.{}", a.name, &hash[..12]),
            };
            Served { name: a.name, versioned, body: Body::new(a.content_type, None, a.bytes.to_vec()) }
        })
        .collect()
});

/// The versioned URL of a static file (`/static/style.<hash>.css`); the plain one if unknown.
#[must_use]
pub fn url(name: &str) -> String {
    match SERVED.iter().find(|s| s.name == name) {
        Some(s) => format!("/static/{}", s.versioned),
        None => format!("/static/{name}"),
    }
}

/// The stylesheet's URL, for the page templates.
#[must_use]
pub fn stylesheet() -> &'static str {
    static URL: LazyLock<String> = LazyLock::new(|| url("style.css"));
    &URL
}

/// The print stylesheet's URL (`media="print"`: pairings, standings and table cards on paper).
#[must_use]
pub fn print_stylesheet() -> &'static str {
    static URL: LazyLock<String> = LazyLock::new(|| url("print.css"));
    &URL
}

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
