//! Security headers on a public, a referee and an admin page; no cache for pages behind a login;
//! `HEAD` answered wherever `GET` is; `Server-Timing` only when the settings ask for it; templates with nothing a strict CSP would block.

use crate::helpers::*;

const CSP: &str =
    "default-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'; object-src 'none'";

#[track_caller]
fn assert_security_headers(page: &Page, what: &str) {
    assert_eq!(page.header("content-security-policy"), CSP, "{what}");
    assert!(page.header("content-security-policy").contains("frame-ancestors 'none'"), "{what}");
    assert!(page.header("content-security-policy").starts_with("default-src 'self'"), "{what}");
    assert_eq!(page.header("x-content-type-options"), "nosniff", "{what}");
    assert_eq!(page.header("x-frame-options"), "DENY", "{what}");
    assert_eq!(page.header("referrer-policy"), "strict-origin-when-cross-origin", "{what}");
}

#[actix_rt::test]
async fn every_header_is_on_a_public_a_referee_and_an_admin_page() {
    let app = TestApp::spawn().await;
    let (t, admin, referee, matches) = published_round(&app, &[]).await;
    let public = app.browser();

    for path in
        ["/".to_string(), format!("/t/{t}"), format!("/t/{t}/standings"), format!("/t/{t}/export/standings")]
    {
        let page = public.get(&path).await;
        assert_eq!(page.status, 200, "{path}");
        assert_security_headers(&page, &path);
        assert_ne!(page.header("cache-control"), "no-store", "public pages may be cached: {path}");
    }
    let referee_pages = [format!("/ref/t/{t}"), format!("/ref/t/{t}/match/{}", matches[0])];
    for path in &referee_pages {
        let page = referee.get(path).await;
        assert_eq!(page.status, 200, "{path}");
        assert_security_headers(&page, path);
        assert_eq!(page.header("cache-control"), "no-store", "{path}");
    }
    for path in [
        format!("/admin/t/{t}"),
        format!("/admin/t/{t}/history"),
        "/admin/new".to_string(),
        "/me".to_string(),
    ] {
        let page = admin.get(&path).await;
        assert_eq!(page.status, 200, "{path}");
        assert_security_headers(&page, &path);
        assert_eq!(page.header("cache-control"), "no-store", "{path}");
    }
    // Refusals and errors carry them too.
    let refused = public.get(&format!("/admin/t/{t}")).await;
    assert_eq!(refused.status, 303);
    assert_security_headers(&refused, "redirect to login");
    assert_eq!(refused.header("cache-control"), "no-store");
    let missing = public.get("/no-such-page").await;
    assert_eq!(missing.status, 404);
    assert_security_headers(&missing, "404");
    // Visitors are not told how long the server worked (only the benchmarks switch it on).
    for page in [&refused, &missing, &public.get("/").await] {
        assert_eq!(page.header("server-timing"), "");
    }
}

/// `Settings::server_timing` (the benchmarks'): every answer, a page, a refusal and a 404, says
/// the app's time as `Server-Timing: app;dur=<ms>` (W3C Server Timing).
#[actix_rt::test]
async fn server_timing_when_asked_names_the_apps_time_in_milliseconds() {
    let app = TestApp::spawn_settings(|s| s.server_timing = true).await;
    let visitor = app.browser();
    for (path, status) in [("/", 200), ("/admin/new", 303), ("/no-such-page", 404)] {
        let page = visitor.get(path).await;
        assert_eq!(page.status, status, "{path}");
        let timing = page.header("server-timing");
        let ms: f64 = timing
            .strip_prefix("app;dur=")
            .unwrap_or_else(|| panic!("{path}: `{timing}`"))
            .parse()
            .unwrap_or_else(|_| panic!("{path}: `{timing}`"));
        assert!((0.0..60_000.0).contains(&ms), "{path}: {ms} ms");
    }
}

#[actix_rt::test]
async fn head_is_answered_wherever_get_is() {
    let app = TestApp::spawn().await;
    let (t, admin, _, _) = published_round(&app, &[]).await;
    let public = app.browser();
    for path in [
        "/".to_string(),
        format!("/t/{t}/standings"),
        format!("/t/{t}/round/1"),
        "/static/style.css".to_string(),
    ] {
        let get = public.get(&path).await;
        let head = public.head(&path).await;
        assert_eq!(head.status, 200, "HEAD {path}");
        assert!(head.bytes.is_empty(), "HEAD {path} has no body");
        assert_eq!(head.content_type, get.content_type, "{path}");
        assert_eq!(head.header("content-length"), get.bytes.len().to_string(), "{path}");
        assert_security_headers(&head, &path);
    }
    assert_eq!(admin.head(&format!("/admin/t/{t}")).await.status, 200);
    assert_eq!(public.head(&format!("/admin/t/{t}")).await.status, 303);
    assert_eq!(public.head("/no-such-page").await.status, 404);
}

#[test]
fn templates_hold_nothing_a_strict_csp_blocks() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("templates");
    let mut stack = vec![dir];
    let mut found = Vec::new();
    while let Some(path) = stack.pop() {
        if path.is_dir() {
            stack.extend(std::fs::read_dir(&path).unwrap().map(|e| e.unwrap().path()));
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap().to_lowercase();
        for needle in ["<style", " style=", "javascript:"] {
            if text.contains(needle) {
                found.push(format!("{}: {needle}", path.display()));
            }
        }
        // Scripts only as files (`<script src=...>`), never inline.
        for tag in text.split("<script").skip(1) {
            let tag = &tag[..tag.find('>').unwrap_or(tag.len())];
            if !tag.contains(" src=") {
                found.push(format!("{}: inline <script>", path.display()));
            }
        }
        // Inline event handlers: on...= attributes.
        for attr in ["onclick=", "onchange=", "onsubmit=", "onload=", "oninput=", "onerror="] {
            if text.contains(attr) {
                found.push(format!("{}: {attr}", path.display()));
            }
        }
    }
    assert!(found.is_empty(), "CSP default-src 'self' would block: {found:?}");
}

/// Headers by route, not by spelling (issue 23): percent-encoded spellings of private paths are
/// the same routes, so they carry `no-store` and need the same login.
#[actix_rt::test]
async fn encoded_spellings_of_private_paths_get_the_same_policy_and_headers() {
    let app = TestApp::spawn().await;
    let (t, admin, referee, matches) = published_round(&app, &[]).await;
    let m = matches[0];
    let spellings = [
        format!("/%61dmin/t/{t}"),
        format!("/admin/%74/{t}"),
        format!("/%61%64%6D%69%6E/t/{t}/history"),
        "/%6De".to_string(),
        "/%61ccount/password".to_string(),
    ];
    for path in &spellings {
        let page = admin.get(path).await;
        assert_eq!(page.status, 200, "{path} is the same route");
        assert_eq!(page.header("cache-control"), "no-store", "{path}");
        let anonymous = app.browser().get(path).await;
        assert_eq!(anonymous.status, 303, "{path} needs a login, whatever its spelling");
        assert!(anonymous.location.as_deref().unwrap_or("").starts_with("/login"), "{path}");
    }
    let page = referee.get(&format!("/%72ef/t/{t}/match/{m}")).await;
    assert_eq!(page.status, 200);
    assert_eq!(page.header("cache-control"), "no-store");
}

/// The live page and its frame: cacheable a few seconds for anonymous visitors, varying like the
/// other pages; `no-store` for a logged-in visitor (their name and a CSRF token are on it).
#[actix_rt::test]
async fn the_live_page_is_briefly_cacheable_for_visitors_and_never_stored_for_logged_in_ones() {
    let app = TestApp::spawn().await;
    let (t, admin, _referee, _matches) = published_round(&app, &[]).await;
    let visitor = app.browser();
    for path in [format!("/t/{t}/live"), format!("/t/{t}/live?frame=1")] {
        let anonymous = visitor.get(&path).await;
        assert_eq!(anonymous.status, 200, "{path}");
        assert_eq!(anonymous.header("cache-control"), "public, max-age=3", "{path}");
        assert_eq!(anonymous.header("vary"), "Accept-Encoding, Cookie", "{path}");
        let logged_in = admin.get(&path).await;
        assert_eq!(logged_in.status, 200, "{path}");
        assert_eq!(logged_in.header("cache-control"), "no-store", "{path}");
        assert_eq!(logged_in.header("vary"), "Accept-Encoding, Cookie", "{path}");
    }
}
