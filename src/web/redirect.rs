//! Redirects go to this site only. A `back` parameter such as `/\t/evil.example` (a tab, which
//! browsers drop while parsing, leaving `//evil.example`) or `/\evil.example` (a backslash, which
//! browsers read as a slash) would send the visitor off-site: OWASP Unvalidated Redirects and
//! Forwards Cheat Sheet, validate the target against an allow-list. Ours: one path on this site.

/// The longest redirect target we accept.
const MAX_LEN: usize = 2048;

/// `target` if it is a path on this site: one leading `/`, not `//`, no backslash, only visible
/// ASCII (no control characters, no spaces; a browser percent-encodes what it puts in a URL);
/// otherwise `None`.
#[must_use]
pub fn same_site_path(target: &str) -> Option<&str> {
    let ok = target.len() <= MAX_LEN
        && target.starts_with('/')
        && !target.starts_with("//")
        && target.bytes().all(|b| b.is_ascii_graphic() && b != b'\\');
    ok.then_some(target)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_paths_on_this_site_pass() {
        // The probe of issue 11 (`/lang/pl?back=/%09/evil.example`, decoded) and its relatives.
        for off_site in [
            "/\t/evil.example",
            "//evil.example",
            "/\\evil.example",
            "\\\\evil.example",
            "https://evil.example",
            "evil.example",
            "/\r\n/evil.example",
            "/ /evil.example",
            "/\u{0}",
            "/é",
            "",
        ] {
            assert_eq!(same_site_path(off_site), None, "{off_site:?}");
        }
        for on_site in ["/", "/t/1/standings", "/t/1/round/2?x=1#top", "/t/1/player/3"] {
            assert_eq!(same_site_path(on_site), Some(on_site));
        }
        assert_eq!(same_site_path(&format!("/{}", "a".repeat(3000))), None);
    }
}
