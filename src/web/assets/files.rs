//! The static files' names and their versioned URLs (`/static/style.<hash>.css`), which every page
//! links (through `Ctx`); serving them is the parent's. A leaf: it names nothing of the crate.

use std::hash::{Hash, Hasher};
use std::sync::LazyLock;

pub(super) struct Asset {
    pub(super) name: &'static str,
    pub(super) content_type: &'static str,
    pub(super) bytes: &'static [u8],
}

/// Every static file. Add a file here and link it with [`url`].
pub(super) const ASSETS: &[Asset] = &[
    Asset {
        name: "style.css",
        content_type: "text/css; charset=utf-8",
        bytes: include_bytes!("../../../static/style.css"),
    },
    Asset {
        name: "print.css",
        content_type: "text/css; charset=utf-8",
        bytes: include_bytes!("../../../static/print.css"),
    },
    // The digital table's stylesheet and its one script (the board, replay, recorder, live pages).
    Asset {
        name: "table.css",
        content_type: "text/css; charset=utf-8",
        bytes: include_bytes!("../../../static/table.css"),
    },
    // The recorder's own rules (its flag buttons and clock readings).
    Asset {
        name: "recorder.css",
        content_type: "text/css; charset=utf-8",
        bytes: include_bytes!("../../../static/recorder.css"),
    },
    Asset {
        name: "table.js",
        content_type: "text/javascript; charset=utf-8",
        bytes: include_bytes!("../../../static/table.js"),
    },
    // Keeps unsent typing of the long forms (results, deck checks, configuration) in the browser.
    Asset {
        name: "drafts.js",
        content_type: "text/javascript; charset=utf-8",
        bytes: include_bytes!("../../../static/drafts.js"),
    },
    // Keeps the followed player in the browser (the tournament and player pages).
    Asset {
        name: "follow.js",
        content_type: "text/javascript; charset=utf-8",
        bytes: include_bytes!("../../../static/follow.js"),
    },
    // The online player's page: the board and the hand first on a phone.
    Asset {
        name: "online.css",
        content_type: "text/css; charset=utf-8",
        bytes: include_bytes!("../../../static/online.css"),
    },
    // The one picker of moves on the board and in the hand: the online page and the recorder.
    Asset {
        name: "picker.js",
        content_type: "text/javascript; charset=utf-8",
        bytes: include_bytes!("../../../static/picker.js"),
    },
    // Reloads a player's online game page when the game moves on (server-sent events).
    Asset {
        name: "online.js",
        content_type: "text/javascript; charset=utf-8",
        bytes: include_bytes!("../../../static/online.js"),
    },
];

/// `stem.<hash>.ext`: the name a file is served under while its bytes stay the same.
pub(super) fn versioned_name(a: &Asset) -> String {
    let mut hasher = std::hash::DefaultHasher::new();
    a.bytes.hash(&mut hasher);
    let hash = format!("{:016x}", hasher.finish());
    match a.name.rsplit_once('.') {
        Some((stem, ext)) => format!("{stem}.{}.{ext}", &hash[..12]),
        None => format!("{}.{}", a.name, &hash[..12]),
    }
}

/// Each file's plain and versioned name.
static VERSIONED: LazyLock<Vec<(&'static str, String)>> =
    LazyLock::new(|| ASSETS.iter().map(|a| (a.name, versioned_name(a))).collect());

/// The versioned URL of a static file (`/static/style.<hash>.css`); the plain one if unknown.
#[must_use]
pub fn url(name: &str) -> String {
    match VERSIONED.iter().find(|(plain, _)| *plain == name) {
        Some((_, versioned)) => format!("/static/{versioned}"),
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
