//! Input hygiene: control and direction characters refused with a message naming the field, one
//! body limit with a Polish/English page, the multipart form checked for CSRF before its file, and
//! redirects that stay on this site.

use crate::helpers::*;
use crate::setup::{Day, OpenDay};

#[actix_rt::test]
async fn control_and_direction_characters_are_refused_naming_the_field_and_nothing_is_stored() {
    let app = TestApp::spawn().await;
    let OpenDay { t, admin, .. } = Day::new(&app).open().await;
    let players = format!("/admin/t/{t}/players");

    for (name, club, field) in [
        ("Ala\u{202E}kot", "LO 1", "name"),
        ("Zła\u{0}Nazwa", "LO 1", "name"),
        ("Jan\nNowak", "LO 1", "name"),
        ("Jan\u{1B}[31mNowak", "LO 1", "name"),
        ("Ola Nowak", "LO\u{2067}1", "club"),
    ] {
        let page =
            admin.post(&players, &[("name", name), ("birth_date", "2010-01-15"), ("club", club)]).await;
        assert_eq!(page.status, 422, "{name:?} {club:?}");
        let why = field_error(&page.body, field).unwrap_or_default();
        assert!(why.starts_with("niedozwolony znak"), "{field}: {why:?}");
    }
    // A row of a CSV import names its row and field.
    let csv = "name;birth date;club\nAdam Abacki;2010-01-01;LO 1\nBeata\u{202D}Babacka;2010-02-02;LO 2\n";
    let import = admin.post(&format!("{players}/import"), &[("csv", csv)]).await;
    assert_eq!(import.status, 422);
    import.assert_contains("Wiersz 3: Imię i nazwisko: niedozwolony znak").assert_contains("U+202D");
    // A tournament name, a username, a deck's set label.
    let named = admin.post("/admin/new", &tournament_form(&[("name", "Liga\u{202E}")])).await;
    assert_eq!(named.status, 422);
    named.assert_contains("niedozwolony znak");
    let user = admin
        .post(
            &format!("/admin/t/{t}/referees"),
            &[("username", "sę\u{200B}dzia"), ("password", "sedzia-haslo")],
        )
        .await;
    assert_eq!(user.status, 400);
    user.assert_contains("Login: niedozwolony znak");

    // In English, the message is English and names the field in English.
    admin.get("/lang/en?back=/").await;
    let en = admin.post(&players, &[("name", "Ala\u{202E}kot"), ("birth_date", "2010-01-15")]).await;
    assert_eq!(en.status, 422);
    assert_eq!(
        field_error(&en.body, "name").as_deref(),
        Some(
            "a control character or a character that changes text direction is not allowed (U+202E); remove it"
        )
    );

    let public = app.browser().get(&format!("/t/{t}")).await;
    public.assert_lacks("Ala").assert_lacks("Nowak").assert_lacks("Adam Abacki");
    assert!(!public.body.contains('\u{202E}') && !public.body.contains('\u{0}'));
}

#[actix_rt::test]
async fn a_move_log_with_a_control_character_is_refused_and_nothing_is_saved() {
    let app = TestApp::spawn().await;
    let day = Day::new(&app).players(4).referee().published().open().await;
    let (t, referee, games) = (day.t, day.referee(), day.games(day.matches[0]).await);
    let page = referee
        .post(
            &format!("/ref/t/{t}/game/{}", games[0].0),
            &[("version", games[0].1.as_str()), ("log", "[Event \"x\"]\nred pass\u{7}\n")],
        )
        .await;
    assert_eq!(page.status, 422);
    let why = field_error(&page.body, "log").unwrap_or_default();
    assert!(why.starts_with("niedozwolony znak") && why.contains("U+0007"), "{why}");
    referee.get(&format!("/t/{t}/game/{}", games[0].0)).await.assert_contains("jeszcze bez wyniku");
}

#[actix_rt::test]
async fn one_body_limit_for_every_form_with_a_polish_and_english_page() {
    let app = TestApp::spawn().await;
    let OpenDay { t, admin, .. } = Day::new(&app).open().await;
    // 2 MiB and a little more, as a form: refused before anything is parsed, on a page in the
    // visitor's language and in the site's frame.
    for (lang, says) in [
        ("pl", "Przesłane dane są za duże. Limit to 2048 KiB."),
        ("en", "The data sent is too large. The limit is 2048 KiB."),
    ] {
        admin.get(&format!("/lang/{lang}?back=/")).await;
        let token = admin.csrf_token().await;
        let big = format!("csrf={token}&csv={}", "a".repeat(2 * 1024 * 1024));
        let page = admin
            .post_body(&format!("/admin/t/{t}/players/import"), big, "application/x-www-form-urlencoded")
            .await;
        assert_eq!(page.status, 413);
        page.assert_contains(says).assert_contains("<nav>");
    }
    admin.get("/lang/pl?back=/").await;
    let token = admin.csrf_token().await;
    // Just under the limit is read (and refused for what it is, not for its size).
    let under = format!("csrf={token}&csv={}", "a".repeat(1024 * 1024));
    let page = admin
        .post_body(&format!("/admin/t/{t}/players/import"), under, "application/x-www-form-urlencoded")
        .await;
    assert_eq!(page.status, 422, "{}", page.body);
}

#[actix_rt::test]
async fn the_upload_form_is_checked_for_csrf_before_its_file_and_is_capped() {
    let app = TestApp::spawn().await;
    let day = Day::new(&app).players(4).referee().published().open().await;
    let (t, referee, games) = (day.t, day.referee(), day.games(day.matches[0]).await);
    let path = format!("/ref/t/{t}/game/{}/upload", games[0].0);
    let token = referee.csrf_token().await;
    let boundary = "----bitwa-boundary-1";
    let part = |name: &str, file: Option<&str>, value: &str| match file {
        Some(f) => format!(
            "--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"; filename=\"{f}\"\r\nContent-Type: text/plain\r\n\r\n{value}\r\n"
        ),
        None => format!("--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n"),
    };
    let content_type = format!("multipart/form-data; boundary={boundary}");

    // The file comes first, the (valid) token after it: refused without reading the file.
    let body = format!(
        "{}{}--{boundary}--\r\n",
        part("log_file", Some("g.txt"), "red pass"),
        part("csrf", None, &token)
    );
    let page = referee.post_body(&path, body, &content_type).await;
    assert_eq!(page.status, 403);
    page.assert_contains("Formularz wygasł");

    // Over the limit in total (several fields, none alone near it): 413.
    let chunk = "x".repeat(900 * 1024);
    let body = format!(
        "{}{}{}{}--{boundary}--\r\n",
        part("csrf", None, &token),
        part("version", None, &games[0].1),
        part("log", None, &chunk),
        part("log_file", Some("g.txt"), &chunk.repeat(2)),
    );
    let page = referee.post_body(&path, body, &content_type).await;
    assert_eq!(page.status, 413);
    page.assert_contains("Limit to 2048 KiB");
    referee.get(&format!("/t/{t}/game/{}", games[0].0)).await.assert_contains("jeszcze bez wyniku");
}

#[actix_rt::test]
async fn the_open_redirect_probe_stays_on_the_site() {
    let app = TestApp::spawn().await;
    let b = app.browser();
    for probe in [
        "/%09/evil.example",
        "//evil.example",
        "/%5Cevil.example",
        "%5C%5Cevil.example",
        "https://evil.example",
        "/%0D%0A/evil.example",
        "/%20/evil.example",
        "/%00",
    ] {
        let page = b.get(&format!("/lang/pl?back={probe}")).await;
        assert_eq!(page.status, 303, "{probe}");
        assert_eq!(page.location.as_deref(), Some("/"), "{probe} must not leave the site");
    }
    let page = b.get("/lang/en?back=/t/1/standings").await;
    assert_eq!(page.location.as_deref(), Some("/t/1/standings"));
}
