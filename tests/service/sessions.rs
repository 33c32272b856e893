//! Server-side sessions: a copied cookie dies with the logout, sessions expire, a password change
//! ends the other devices' sessions, cookies are Secure over HTTPS.

use crate::helpers::*;
use crate::setup::Day;
use std::time::Duration;

#[actix_rt::test]
async fn a_copied_session_cookie_is_refused_after_logout_even_after_a_restart() {
    let app = TestApp::spawn().await;
    let owner = app.admin().await;
    let copy = Browser::with_cookies_of(&owner, &app.base);
    assert_eq!(copy.get("/me").await.status, 200, "the copy works while the session lives");

    assert_eq!(owner.post("/logout", &[]).await.status, 303);
    let refused = copy.get("/me").await;
    assert_eq!(refused.status, 303);
    assert_eq!(refused.location.as_deref(), Some("/login?next=%2Fme"));
    // The server told the copy to drop its dead cookie.
    assert!(
        refused.set_cookies().iter().any(|c| c.starts_with("bitwa_session=") && c.contains("Max-Age=0")),
        "{:?}",
        refused.set_cookies()
    );

    // Copied before logout, tried after a restart: still refused (the row is gone from the database).
    let owner = app.admin().await;
    let copy = Browser::with_cookies_of(&owner, &app.base);
    owner.post("/logout", &[]).await;
    let dir = app.stop().await;
    let app = TestApp::spawn_with(dir, false).await;
    let copy = Browser::with_cookies_of(&copy, &app.base);
    assert_eq!(copy.get("/me").await.status, 303);
    assert_eq!(copy.get("/admin/new").await.status, 303);
}

#[actix_rt::test]
async fn a_forged_or_garbled_session_cookie_is_a_visitor() {
    let app = TestApp::spawn().await;
    let b = app.browser();
    for forged in ["0".repeat(64), "not-hex".to_string(), "a".repeat(10)] {
        b.set_cookie("bitwa_session", Some(&forged));
        let page = b.get("/me").await;
        assert_eq!(page.status, 303, "{forged}");
        assert_eq!(page.location.as_deref(), Some("/login?next=%2Fme"));
    }
}

#[actix_rt::test]
async fn an_idle_session_ends_after_the_idle_timeout() {
    let app = TestApp::spawn_settings(|s| s.session_idle = Duration::from_secs(2)).await;
    let b = app.admin().await;
    assert_eq!(b.get("/me").await.status, 200);
    actix_rt::time::sleep(Duration::from_millis(3200)).await;
    let page = b.get("/me").await;
    assert_eq!(page.status, 303, "idle for longer than the timeout");
    assert_eq!(page.location.as_deref(), Some("/login?next=%2Fme"));
}

/// A referee whose session ended mid-day logs in again and is back where they were: on the page
/// they asked for, or on the page of the form they sent (nothing else of theirs is lost: the form
/// page is where they were typing).
#[actix_rt::test]
async fn after_the_session_ends_logging_in_again_leads_back_to_the_page() {
    let app = TestApp::spawn_settings(|s| s.session_idle = Duration::from_secs(2)).await;
    let admin = app.admin().await;
    let t = create_tournament(&admin, &[]).await;
    let history = format!("/admin/t/{t}/history");
    actix_rt::time::sleep(Duration::from_millis(3200)).await;

    let asked = admin.get(&history).await;
    assert_eq!(asked.status, 303);
    let login = format!("/login?next=%2Fadmin%2Ft%2F{t}%2Fhistory");
    assert_eq!(asked.location.as_deref(), Some(login.as_str()));
    assert_eq!(
        crate::pages::input(&admin.get(&login).await, "form", "next"),
        history,
        "back to the page asked for"
    );
    let password = app.admin_password.clone();
    let back =
        admin.post("/login", &[("username", "admin"), ("password", &password), ("next", &history)]).await;
    assert_eq!((back.status, back.location.as_deref()), (303, Some(history.as_str())));
    admin.get(&history).await.assert_ok();

    // A form sent after the session ended: back to the page the form was on (its Referer).
    actix_rt::time::sleep(Duration::from_millis(3200)).await;
    let overview = format!("{}/admin/t/{t}#config", app.base);
    let sent = admin
        .post_with(&format!("/admin/t/{t}/config"), &tournament_form(&[]), &[("Referer", overview.as_str())])
        .await;
    assert_eq!(sent.status, 303);
    assert_eq!(sent.location, Some(format!("/login?next=%2Fadmin%2Ft%2F{t}")));
    // Another site's page as the Referer is not followed.
    let elsewhere = admin
        .post_with(&format!("/admin/t/{t}/config"), &[], &[("Referer", "https://evil.example/admin/t/1")])
        .await;
    assert_eq!(elsewhere.location.as_deref(), Some("/login"));

    // A `next` off this site, or the login page itself, leads to the visitor's own page instead.
    for next in ["//evil.example", "https://evil.example/", "/\\evil.example", "/login?next=/me"] {
        let b = app.browser();
        let page = b.post("/login", &[("username", "admin"), ("password", &password), ("next", next)]).await;
        assert_eq!((page.status, page.location.as_deref()), (303, Some("/me")), "{next}");
    }
    // The header's login link on a public page comes back to it.
    let page = app.browser().get(&format!("/t/{t}")).await;
    assert!(crate::pages::has(&page, &format!("a[href=/login?next=/t/{t}]")), "{}", page.body);
}

#[actix_rt::test]
async fn an_active_session_still_ends_at_the_absolute_timeout() {
    let app = TestApp::spawn_settings(|s| {
        s.session_idle = Duration::from_secs(60);
        s.session_absolute = Duration::from_secs(3);
    })
    .await;
    let b = app.admin().await;
    let mut statuses = Vec::new();
    for _ in 0..5 {
        statuses.push(b.get("/me").await.status);
        actix_rt::time::sleep(Duration::from_millis(1000)).await;
    }
    // Used every second (never idle), yet refused once 3 s have passed since the login.
    assert_eq!(statuses[0], 200);
    assert_eq!(*statuses.last().unwrap(), 303, "{statuses:?}");
}

#[actix_rt::test]
async fn changing_the_password_ends_the_other_sessions_and_checks_the_policy() {
    let app = TestApp::spawn().await;
    Day::new(&app).referee().open().await;
    let phone = app.browser();
    phone.login("sedzia", "sedzia-haslo").await;
    let tablet = app.browser();
    tablet.login("sedzia", "sedzia-haslo").await;
    assert!(
        crate::pages::has(&phone.get("/me").await, "a[href=/account/password]"),
        "the dashboard links it"
    );
    let form = phone.get("/account/password").await;
    assert!(crate::pages::has(form.assert_ok(), "input[name=current][type=password]"), "{}", form.body);

    let change = |current: &'static str, new: &'static str, repeat: &'static str| {
        let phone = &phone;
        async move {
            phone.forget_token();
            phone.get("/account/password").await;
            phone.post("/account/password", &[("current", current), ("new", new), ("repeat", repeat)]).await
        }
    };
    let wrong = change("zle-haslo-123", "Nowe haslo sedziego", "Nowe haslo sedziego").await;
    assert_eq!(wrong.status, 400);
    wrong.assert_contains("Obecne hasło jest nieprawidłowe.");
    let common = change("sedzia-haslo", "1234567890", "1234567890").await;
    assert_eq!(common.status, 400);
    common.assert_contains("najpopularniejszych haseł");
    let spaces = change("sedzia-haslo", "            ", "            ").await;
    assert_eq!(spaces.status, 400);
    spaces.assert_contains("samych spacji");
    let differs = change("sedzia-haslo", "Nowe haslo sedziego", "Nowe haslo sedzieg0").await;
    assert_eq!(differs.status, 400);
    differs.assert_contains("różni się");
    assert_eq!(tablet.get("/me").await.status, 200, "refused changes end nothing");

    let done = change("sedzia-haslo", "Nowe haslo sedziego", "Nowe haslo sedziego").await;
    assert_eq!(done.status, 303, "{}", done.body);
    assert_eq!(done.location.as_deref(), Some("/me?changed=password"));
    phone.get("/me?changed=password").await.assert_ok().assert_contains("Hasło zmienione.");
    let tablet_page = tablet.get("/me").await;
    assert_eq!(tablet_page.status, 303, "the other device is logged out");

    let old = app.browser().post("/login", &[("username", "sedzia"), ("password", "sedzia-haslo")]).await;
    assert_eq!(old.status, 401);
    app.browser().login("sedzia", "Nowe haslo sedziego").await;
}

#[actix_rt::test]
async fn cookies_are_httponly_lax_and_secure_only_over_https() {
    let plain = TestApp::spawn().await;
    let b = plain.browser();
    let login = b.get("/login").await;
    let csrf = login.set_cookies().into_iter().find(|c| c.starts_with("bitwa_csrf=")).expect("csrf cookie");
    assert!(csrf.contains("HttpOnly") && csrf.contains("SameSite=Lax") && !csrf.contains("Secure"), "{csrf}");
    let page = b.post("/login", &[("username", "admin"), ("password", &plain.admin_password)]).await;
    let session =
        page.set_cookies().into_iter().find(|c| c.starts_with("bitwa_session=")).expect("session cookie");
    assert!(session.contains("HttpOnly") && session.contains("SameSite=Lax") && !session.contains("Secure"));
    assert!(!session.contains("Max-Age"), "a browser-session cookie: {session}");
    assert_eq!(login.header("strict-transport-security"), "");

    let tls = TestApp::spawn_settings(|s| s.public_url = Some("https://liga.example.pl".into())).await;
    let b = tls.browser();
    let login = b.get("/login").await;
    assert!(login.set_cookies().iter().all(|c| c.contains("Secure")), "{:?}", login.set_cookies());
    assert_eq!(login.header("strict-transport-security"), "max-age=31536000");
    let page = b.post("/login", &[("username", "admin"), ("password", &tls.admin_password)]).await;
    assert_eq!(page.status, 303);
    let cookies = page.set_cookies();
    assert!(
        cookies.iter().any(|c| c.starts_with("bitwa_session="))
            && cookies.iter().all(|c| c.contains("Secure"))
    );
}
