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

/// Where a visitor sent to the login page should come back to: the page asked for (a `GET`), or
/// for a form sent after the session ended the page the form was on (its `Referer`, when it is
/// this site: our `Referrer-Policy` sends the full URL to this origin only). `None` for the login
/// page itself and for anything that is not a plain path on this site.
#[must_use]
pub fn after_login(method: &str, path_and_query: &str, referer: Option<&str>, host: &str) -> Option<String> {
    let target = match method {
        "GET" | "HEAD" => path_and_query.to_string(),
        _ => {
            let rest = referer?.split_once("://")?.1;
            let (authority, path) = rest.find('/').map_or((rest, "/"), |i| (&rest[..i], &rest[i..]));
            if !authority.eq_ignore_ascii_case(host) {
                return None;
            }
            path.split('#').next().unwrap_or("/").to_string()
        }
    };
    return_path(&target).map(str::to_string)
}

/// `target` if a visitor may be sent there after logging in: a path on this site
/// ([`same_site_path`]) other than the login and logout pages.
#[must_use]
pub fn return_path(target: &str) -> Option<&str> {
    same_site_path(target).filter(|p| !p.starts_with("/login") && !p.starts_with("/logout"))
}

/// The login page's address that comes back to `next` afterwards.
#[must_use]
pub fn login_url(next: Option<&str>) -> String {
    match next {
        Some(next) => format!("/login?{}", serde_urlencoded::to_string([("next", next)]).unwrap_or_default()),
        None => "/login".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn after_login_comes_back_to_the_page_or_the_form_on_this_site_only() {
        let host = "liga.example:8080";
        assert_eq!(after_login("GET", "/ref/t/1/match/5", None, host).as_deref(), Some("/ref/t/1/match/5"));
        assert_eq!(after_login("GET", "/t/1/round/2?x=1", None, host).as_deref(), Some("/t/1/round/2?x=1"));
        assert_eq!(after_login("GET", "/login", None, host), None);
        // A form sent after the session ended: back to the page it was on.
        let from = Some("https://liga.example:8080/ref/t/1/match/5#game-1");
        assert_eq!(after_login("POST", "/ref/t/1/game/9", from, host).as_deref(), Some("/ref/t/1/match/5"));
        for other in [
            Some("https://evil.example/ref/t/1/match/5"),
            Some("https://liga.example:8080.evil.example/x"),
            Some("/ref/t/1/match/5"),
            Some("https://liga.example:8080/\\evil.example"),
            Some("https://liga.example:8080/login"),
            None,
        ] {
            assert_eq!(after_login("POST", "/ref/t/1/game/9", other, host), None, "{other:?}");
        }
        assert_eq!(after_login("POST", "/x", Some("https://liga.example:8080"), host).as_deref(), Some("/"));
        assert_eq!(login_url(Some("/t/1/round/2?x=1")), "/login?next=%2Ft%2F1%2Fround%2F2%3Fx%3D1");
        assert_eq!(login_url(None), "/login");
    }

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
