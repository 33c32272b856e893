//! Input hygiene: control and direction characters refused with a message naming the field, one
//! body limit with a Polish/English page, the multipart form checked for CSRF before its file, and
//! redirects that stay on this site.

use crate::helpers::*;
use crate::pages::has;
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
    assert_eq!(
        field_error(&import.body, "csv").as_deref(),
        Some(
            "Wiersz 3: Imię i nazwisko: niedozwolony znak sterujący lub znak zmieniający kierunek tekstu (U+202D); usuń go"
        )
    );
    // A tournament name, a username, a deck's set label.
    let named = admin.post("/admin/new", &tournament_form(&[("name", "Liga\u{202E}")])).await;
    assert_eq!(named.status, 422);
    assert_eq!(
        field_error(&named.body, "name").as_deref(),
        Some("niedozwolony znak sterujący lub znak zmieniający kierunek tekstu (U+202E); usuń go")
    );
    let user = admin
        .post(
            &format!("/admin/t/{t}/referees"),
            &[("username", "sę\u{200B}dzia"), ("password", "sedzia-haslo")],
        )
        .await;
    assert_eq!(user.status, 400);
    assert_eq!(
        refused(&user.body, "appoint-referee"),
        "Nie zapisano. Do poprawienia: Login: niedozwolony znak sterujący lub znak zmieniający kierunek tekstu (U+200B); usuń go"
    );

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
    let stored = crate::pages::Tournament::read(&public);
    assert!(stored.players.is_empty(), "nobody registered: {stored:?}");
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
    assert!(
        crate::pages::Game::read(&referee.get(&format!("/t/{t}/game/{}", games[0].0)).await).result.is_none(),
        "no result yet"
    );
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
        page.assert_contains(says);
        assert!(has(&page, "nav"), "in the site's frame: {}", page.body);
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
    assert!(
        crate::pages::Game::read(&referee.get(&format!("/t/{t}/game/{}", games[0].0)).await).result.is_none(),
        "no result yet"
    );
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

/// Issue 36's list of wrong values that were stored and of misleading or English answers, each a
/// case: every one is refused with a sentence in Polish naming the field (and the allowed range),
/// nothing is stored, and a 409 is never the answer to a wrong value.
#[actix_rt::test]
async fn every_wrong_value_of_the_issue_is_refused_in_polish_naming_the_field_and_nothing_is_stored() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    let (desk, season) = create_season(&admin).await;
    let a = create_tournament(&admin, &[("name", "Eliminacje Radom")]).await;
    add_season_event(&admin, season, a, "eliminacje lokalne", Some("mazowieckie"), "1").await;
    let seasons = || async { ids_after(&admin.get("/admin/seasons").await.body, "/admin/season/") };
    let before = seasons().await;

    let season_form = |name: &str, from: &str, to: &str| {
        vec![
            ("name".to_string(), name.to_string()),
            ("first_day".to_string(), "2026-04-01".to_string()),
            ("last_day".to_string(), "2026-06-30".to_string()),
            ("years_from".to_string(), from.to_string()),
            ("years_to".to_string(), to.to_string()),
        ]
    };
    let long = "x".repeat(10_000);
    for (fields, says) in [
        (season_form(&long, "2006", "2012"), "Nazwa: najwyżej 200 znaków"),
        (season_form("Liga\u{7}", "2006", "2012"), "Nazwa: niedozwolony znak"),
        (season_form("Liga\u{1B}[31m", "2006", "2012"), "U+001B"),
        (season_form("Liga\nNowa", "2006", "2012"), "U+000A"),
        (season_form("Liga\u{202E}", "2006", "2012"), "U+202E"),
        (season_form("a\u{0}b", "2006", "2012"), "U+0000"),
        (season_form("Liga 2027", "-5", "2012"), "Rocznik od: podaj liczbę całkowitą od 1926 do 2026"),
        (season_form("Liga 2027", "2006", "1800"), "Rocznik do: podaj liczbę całkowitą od 1926 do 2026"),
    ] {
        let fields: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
        let page = admin.post("/admin/seasons", &fields).await;
        assert_eq!(page.status, 400, "{says}: {}", page.body);
        page.assert_contains(says);
        // Refused on the form itself, with what was typed kept (not an error page).
        assert!(has(&page, "#new-season-refused") && has(&page, "[value=2026-04-01]"), "{}", page.body);
    }
    assert_eq!(seasons().await, before, "no season stored");

    // The season's forms: a cap of 0 per school, a level of another season, a tournament that is
    // an event already (was a 409), a wildcard without a reason or with 100,000 characters of one.
    let b = create_tournament(&admin, &[("name", "Eliminacje Płock")]).await;
    let (_, other) = create_season(&admin).await;
    let other_level =
        option_value(&admin.get(&format!("/admin/season/{other}")).await.body, "eliminacje lokalne");
    let level = option_value(&admin.get(&desk).await.body, "eliminacje lokalne");
    let region = option_value(&admin.get(&desk).await.body, "mazowieckie");
    let event = |t: i64, level: i64, per_school: &str| {
        vec![
            ("tournament".to_string(), t.to_string()),
            ("level".to_string(), level.to_string()),
            ("region".to_string(), region.to_string()),
            ("places".to_string(), "1".to_string()),
            ("per_school".to_string(), per_school.to_string()),
        ]
    };
    for (fields, status, says) in [
        (event(b, level, "0"), 400, "najwyżej z jednej szkoły: podaj liczbę całkowitą od 1 do 10000"),
        (event(b, other_level, ""), 400, "należy do innego sezonu"),
        (event(a, level, ""), 400, "jest już turniejem sezonu"),
    ] {
        let fields: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
        let page = admin.post(&format!("{desk}/events"), &fields).await;
        assert_eq!(page.status, status, "{says}: {}", page.body);
        page.assert_contains(says).assert_lacks("Ktoś inny zapisał");
        assert!(has(&page, "#add-event-refused"), "{}", page.body);
    }
    // A region of another season: refused on the form, never the 409 of a concurrent change.
    let other_region =
        option_value(&admin.get(&format!("/admin/season/{other}")).await.body, "mazowieckie").to_string();
    let (b_id, level_id) = (b.to_string(), level.to_string());
    let foreign =
        [("tournament", b_id.as_str()), ("level", &level_id), ("region", &other_region), ("places", "1")];
    let page = admin.post(&format!("{desk}/events"), &foreign).await;
    assert_eq!(page.status, 400, "a foreign region: {}", page.body);
    page.assert_lacks("Ktoś inny zapisał");
    assert!(has(&page, "#add-event-refused"), "{}", page.body);
    let events = |body: &str| ids_after(body, "data-event=\"");
    assert_eq!(events(&admin.get(&desk).await.body), [a], "no event added");

    let anna = register(&admin, a, "Anna Wiśniewska").await;
    let wildcard = format!("{desk}/wildcards");
    let huge = "p".repeat(100_000);
    for (person, reason, says) in [
        ("Anna Wisniewska", "", "Powód: pole jest wymagane"),
        ("Anna Wisniewska", huge.as_str(), "Powód: najwyżej 2000 znaków"),
        ("Nikt Taki", "gospodarz", "nie ma osoby o takim imieniu i nazwisku"),
    ] {
        let page = admin
            .post(&wildcard, &[("person", person), ("tournament", &a.to_string()), ("reason", reason)])
            .await;
        assert_eq!(page.status, 400, "{says}: {}", page.body);
        page.assert_contains(says).assert_lacks("ponownego otwarcia rundy");
        assert!(has(&page, "#wildcard-refused"), "{}", page.body);
        let kept = crate::pages::select(&page.body, "[value]").iter().any(|e| e.get("value") == person);
        assert!(kept, "the person kept: {}", page.body);
    }
    assert!(
        ids_after(&admin.get(&format!("/admin/t/{a}/invitations")).await.body, "data-invitation=\"")
            .is_empty()
    );
    // A name (diacritics and case aside) finds the one person: invited into another event.
    add_season_event(&admin, season, b, "eliminacje lokalne", Some("łódzkie"), "1").await;
    let fields = [("person", "anna wisniewska"), ("tournament", &b.to_string()), ("reason", "gospodarz")];
    let typed = admin.post(&wildcard, &fields).await;
    assert_eq!(typed.status, 303, "{}", typed.body);
    let invited = admin.get(&format!("/admin/t/{b}/invitations")).await;
    assert_eq!(ids_after(&invited.body, "data-invitation=\"").len(), 1);
    assert!(anna > 0);

    // Malformed ids in the persons' forms, and an undo of no merge: said, not the parser's English.
    for (path, fields) in [
        (format!("/admin/t/{a}/persons/merge"), [("kept", "12x"), ("merged", "1")]),
        (format!("/admin/t/{a}/persons/apart"), [("kept", "1"), ("merged", "99999999999999999999")]),
        (format!("{desk}/persons/merge"), [("kept", "-1"), ("merged", "1")]),
    ] {
        let page = admin.post(&path, &fields).await;
        assert_eq!(page.status, 400, "{path}: {}", page.body);
        page.assert_contains("wybierz jedną z opcji").assert_lacks("invalid digit").assert_lacks("too large");
    }
    for path in [format!("{desk}/persons/unmerge/-1"), format!("/admin/t/{a}/persons/unmerge/-1")] {
        let page = admin.post(&path, &[]).await;
        assert_eq!(page.status, 400, "{path}: {}", page.body);
        page.assert_contains("Nie ma takiego połączenia osób").assert_lacks("nie gra w tym turnieju");
    }
}

/// The groups' counts within what the registered players allow (issue 36: 64 groups for 8 players
/// and 5 qualifiers from groups of 4 were refused only at the draw): refused on the format form,
/// naming the field and the range, and the format stays as it was.
#[actix_rt::test]
async fn a_groups_format_the_entries_cannot_fill_is_refused_naming_the_field() {
    let app = TestApp::spawn().await;
    let OpenDay { t, admin, .. } = Day::new(&app).players(8).open().await;
    let format = |count: &'static str, per_group: &'static str| {
        [
            ("preset", "groups_only"),
            ("count", count),
            ("per_group", per_group),
            ("best_next", "0"),
            ("seeding", "snake"),
            ("separation", "none"),
            ("entry", "crossover"),
        ]
    };
    let path = format!("/admin/t/{t}/stages/format");
    for (fields, says) in [
        (format("64", "1"), "Liczba grup: podaj liczbę całkowitą od 1 do 2"),
        (format("2", "5"), "Awans z każdej grupy: podaj liczbę całkowitą od 1 do 3"),
        (format("2", "4"), "Awans z każdej grupy: podaj liczbę całkowitą od 1 do 3"),
    ] {
        let page = admin.post(&path, &fields).await;
        assert_eq!(page.status, 400, "{says}: {}", page.body);
        page.assert_contains(says);
    }
    assert_eq!(admin.post(&path, &format("2", "3")).await.status, 303, "groups of 4, 3 qualify: allowed");
}

/// The value field `name` of the form `#form` shows (what was sent, when it was refused).
fn sent(body: &str, form: &str, name: &str) -> Option<String> {
    let field = crate::pages::first(body, &format!("#{form} [name={name}]"))?;
    field.attr("value").map(crate::pages::html::decode)
}

/// The option chosen in select `name` of the form `#form`.
fn chosen(body: &str, form: &str, name: &str) -> Option<String> {
    let option = crate::pages::first(body, &format!("#{form} select[name={name}] option[selected]"))?;
    option.attr("value").map(str::to_string)
}

/// The problem beside field `name` of the form `#form`, if any.
fn problem(body: &str, form: &str, name: &str) -> Option<String> {
    let form = crate::pages::first(body, &format!("#{form}"))?;
    let label = form.select("label").into_iter().find(|l| l.first(&format!("[name={name}]")).is_some())?;
    label.first(".field-error").map(|e| e.text())
}

/// The summary above the refused form `#form` (`partials/refused.html`), empty if none.
fn refused(body: &str, form: &str) -> String {
    crate::pages::first(body, &format!("#{form}-refused")).map(|e| e.text()).unwrap_or_default()
}

/// Issue 36: the format form and the stage's reopening come back on the stages page with what was
/// sent (the numbers, the choices) and the problem beside its field; the format stays as it was.
#[actix_rt::test]
async fn the_refused_stage_forms_come_back_on_the_stages_page_with_what_was_sent() {
    let app = TestApp::spawn().await;
    let OpenDay { t, admin, .. } = Day::new(&app).players(8).open().await;
    let page = format!("/admin/t/{t}/stages");
    let stages = |body: &str| crate::pages::first(body, "#stage-list").map(|e| e.text()).unwrap_or_default();
    let before = stages(&admin.get(&page).await.body);
    let fields = [
        ("preset", "groups_only"),
        ("count", "64"),
        ("per_group", "1"),
        ("best_next", "0"),
        ("seeding", "pots"),
        ("separation", "none"),
        ("entry", "apart"),
        ("double", "1"),
    ];
    let back = admin.post(&format!("{page}/format"), &fields).await;
    assert_eq!(back.status, 400, "{}", back.body);
    assert_eq!(sent(&back.body, "format-form", "count").as_deref(), Some("64"), "the count as typed");
    assert_eq!(sent(&back.body, "format-form", "per_group").as_deref(), Some("1"));
    // The refused number is a text field (a browser empties a number field holding no number).
    assert_eq!(crate::pages::attr_of(&back, "#format-form input[name=count]", "type"), "text");
    assert_eq!(crate::pages::attr_of(&back, "#format-form input[name=per_group]", "type"), "number");
    assert_eq!(chosen(&back.body, "format-form", "seeding").as_deref(), Some("pots"));
    assert_eq!(chosen(&back.body, "format-form", "entry").as_deref(), Some("apart"));
    let preset = crate::pages::one(&back.body, "#format-form input[name=preset][value=groups_only]");
    assert!(preset.has("checked"), "the preset as chosen");
    assert!(crate::pages::one(&back.body, "#format-form input[name=double]").has("checked"));
    assert_eq!(field_error(&back.body, "count").as_deref(), Some("podaj liczbę całkowitą od 1 do 2"));
    assert_eq!(
        refused(&back.body, "format-form"),
        "Nie zapisano. Do poprawienia: Liczba grup: podaj liczbę całkowitą od 1 do 2"
    );
    assert_eq!(stages(&back.body), before, "the format as it was");
    assert_eq!(stages(&admin.get(&page).await.body), before, "nothing stored");
    // A value that is none of the choices: named beside its field, the rest kept.
    let mut other = fields;
    other[4] = ("seeding", "wszystko");
    let back = admin.post(&format!("{page}/format"), &other).await;
    assert_eq!(back.status, 400);
    assert_eq!(field_error(&back.body, "seeding").as_deref(), Some("wybierz jedną z opcji"));
    assert_eq!(sent(&back.body, "format-form", "count").as_deref(), Some("64"));

    // The reopening's reason over 2,000 characters: said above the stage, nothing reopened.
    let long = "p".repeat(2001);
    let back = admin.post(&format!("{page}/reopen"), &[("reason", &long)]).await;
    assert_eq!(back.status, 400, "{}", back.body);
    assert_eq!(
        refused(&back.body, "reopen-form"),
        "Nie zapisano. Do poprawienia: Powód: najwyżej 2000 znaków"
    );
    assert_eq!(stages(&back.body), before);
}

/// Issue 36: the event's reopening without a usable reason comes back on the invitations page with
/// the reason as typed beside its problem; the event stays closed.
#[actix_rt::test]
async fn a_refused_reopening_comes_back_on_the_invitations_page_with_the_reason_typed() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    let (_, season) = create_season(&admin).await;
    let day = Day::new(&app).swiss_only("1").players(4).referee().open().await;
    let t = day.t;
    add_season_event(&admin, season, t, "eliminacje lokalne", Some("mazowieckie"), "1").await;
    let next = create_tournament(&admin, &[("name", "Kwalifikacje Mazowsze")]).await;
    add_season_event(&admin, season, next, "kwalifikacje regionalne", Some("mazowieckie"), "1").await;
    play_one_round_and_close(&admin, day.referee(), t).await;

    let reopen = format!("/admin/t/{t}/event/reopen");
    for (reason, says) in [
        (" ", "pole jest wymagane"),
        (
            "Pomyłka\u{1B}[31m w wyniku",
            "niedozwolony znak sterujący lub znak zmieniający kierunek tekstu (U+001B); usuń go",
        ),
    ] {
        let back = admin.post(&reopen, &[("reason", reason)]).await;
        assert_eq!(back.status, 400, "{}", back.body);
        assert_eq!(sent(&back.body, "reopen", "reason").as_deref(), Some(reason), "the reason as typed");
        assert_eq!(field_error(&back.body, "reason").as_deref(), Some(says));
        assert!(refused(&back.body, "reopen").starts_with("Nie zapisano. Do poprawienia: Powód:"));
    }
    let page = admin.get(&format!("/admin/t/{t}/invitations")).await;
    assert!(crate::pages::has(&page, "form#reopen"), "still closed: the reopening is offered");
}

/// Issue 36: a merge, keep-apart or undo refused (a malformed id, no such merge) comes back on the
/// persons page it was sent from (the tournament's, the coordinator's season page) with the pairs
/// and their forms as they were and the problem above them, naming the field; nothing merged.
#[actix_rt::test]
async fn refused_merges_come_back_on_their_persons_page() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    let (desk, season) = create_season(&admin).await;
    let first = create_tournament(&admin, &[("name", "Eliminacje Radom")]).await;
    let second = create_tournament(&admin, &[("name", "Eliminacje Płock")]).await;
    add_season_event(&admin, season, first, "eliminacje lokalne", Some("mazowieckie"), "1").await;
    add_season_event(&admin, season, second, "eliminacje lokalne", Some("mazowieckie"), "1").await;
    let anna = [("name", "Anna Wiśniewska"), ("birth_date", "2010-03-01"), ("club", "LO 5")];
    assert_eq!(admin.post(&format!("/admin/t/{first}/players"), &anna).await.status, 303);
    let near = [("name", "Anna Wiśniewsk"), ("birth_date", "2010-03-01"), ("person_0", "new")];
    assert_eq!(admin.post(&format!("/admin/t/{second}/players"), &near).await.status, 303);
    let persons = format!("/admin/t/{second}/persons");
    let pairs = |body: &str| -> Vec<String> {
        crate::pages::select(body, "[data-pair]").iter().map(|e| e.get("data-pair").to_string()).collect()
    };
    let listed = pairs(&admin.get(&persons).await.body);
    assert_eq!(listed.len(), 1, "{listed:?}");
    let season_listed = pairs(&admin.get(&desk).await.body);
    assert_eq!(season_listed.len(), 1, "{season_listed:?}");

    for (path, form, fields, says) in [
        (
            format!("{persons}/merge"),
            "merge",
            [("kept", "12x"), ("merged", "1")],
            "Osoba zachowana: wybierz jedną z opcji",
        ),
        (
            format!("{persons}/apart"),
            "apart",
            [("kept", "1"), ("merged", "99999999999999999999")],
            "wybierz jedną z opcji",
        ),
        (
            format!("{desk}/persons/merge"),
            "merge",
            [("kept", "-1"), ("merged", "1")],
            "Osoba zachowana: wybierz jedną z opcji",
        ),
        (format!("{desk}/persons/apart"), "apart", [("kept", "1"), ("merged", "")], "wybierz jedną z opcji"),
    ] {
        let back = admin.post(&path, &fields).await;
        assert_eq!(back.status, 400, "{path}: {}", back.body);
        let summary = refused(&back.body, form);
        assert!(summary.contains(says), "{path}: {summary:?}");
        // The page it came from, its pairs and their forms as they were.
        let expected = if path.starts_with(&desk) { &season_listed } else { &listed };
        assert_eq!(&pairs(&back.body), expected, "{path}");
        let (kept, merged) = expected[0].split_once('-').unwrap();
        let pair = crate::pages::one(&back.body, &format!("[data-pair=\"{}\"]", expected[0]));
        let forms = pair.select("form");
        let form_of_pair = forms.iter().find(|f| f.get("action").ends_with(&format!("/{form}"))).unwrap();
        assert_eq!(form_of_pair.one("[name=kept]").get("value"), kept);
        assert_eq!(form_of_pair.one("[name=merged]").get("value"), merged);
    }
    for path in [format!("{persons}/unmerge/-1"), format!("{desk}/persons/unmerge/-1")] {
        let back = admin.post(&path, &[]).await;
        assert_eq!(back.status, 400, "{path}: {}", back.body);
        assert_eq!(
            refused(&back.body, "unmerge"),
            "Nie zapisano. Do poprawienia: Nie ma takiego połączenia osób w tym turnieju ani sezonie.",
            "{path}"
        );
        assert!(!pairs(&back.body).is_empty(), "{path}: the page with its pairs");
    }
    assert_eq!(pairs(&admin.get(&persons).await.body), listed, "nothing merged");
}

/// Issue 36: the appointments (a season's coordinator, an event's organiser, a tournament's referee)
/// and a player's erasure come back on their own page with what was typed (never a password) and
/// the problem beside the field; nobody is appointed, nothing erased.
#[actix_rt::test]
async fn refused_appointments_and_erasures_come_back_on_their_page() {
    let app = TestApp::spawn().await;
    let OpenDay { t, admin, players, .. } = Day::new(&app).players(2).open().await;
    let (desk, season) = create_season(&admin).await;
    let unrun = create_tournament(&admin, &[("name", "Eliminacje Radom")]).await;
    add_season_event(&admin, season, unrun, "eliminacje lokalne", Some("mazowieckie"), "1").await;

    let back = admin.post(&format!("{desk}/coordinators"), &[("username", "nikt-taki")]).await;
    assert_eq!(back.status, 400, "{}", back.body);
    assert_eq!(sent(&back.body, "appoint", "username").as_deref(), Some("nikt-taki"));
    assert_eq!(
        problem(&back.body, "appoint", "username").as_deref(),
        Some("nie ma konta o takim loginie; konto zakłada organizator lub administrator")
    );
    let back = admin.post(&format!("{desk}/coordinators"), &[("username", "ala\u{7}")]).await;
    assert_eq!(back.status, 400);
    assert_eq!(
        refused(&back.body, "appoint"),
        "Nie zapisano. Do poprawienia: Login: niedozwolony znak sterujący lub znak zmieniający kierunek tekstu (U+0007); usuń go"
    );

    let fields = [("tournament", unrun.to_string()), ("username", "nikt-taki".to_string())];
    let fields: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let back = admin.post(&format!("{desk}/organisers"), &fields).await;
    assert_eq!(back.status, 400, "{}", back.body);
    assert_eq!(
        refused(&back.body, "organiser"),
        "Nie zapisano. Do poprawienia: Login: nie ma konta o takim loginie; konto zakłada organizator lub administrator"
    );

    let referees = format!("/admin/t/{t}/referees");
    let weak = [("username", "nowy-sedzia"), ("password", "123"), ("role", "organiser")];
    let back = admin.post(&referees, &weak).await;
    assert_eq!(back.status, 400, "{}", back.body);
    assert_eq!(sent(&back.body, "appoint-referee", "username").as_deref(), Some("nowy-sedzia"));
    assert_eq!(sent(&back.body, "appoint-referee", "password"), None, "never the password");
    assert_eq!(chosen(&back.body, "appoint-referee", "role").as_deref(), Some("organiser"));
    assert!(field_error(&back.body, "password").is_some_and(|e| !e.is_empty()));
    let back =
        admin.post(&referees, &[("username", "ktoś z spacją"), ("password", "dlugie-haslo-2026")]).await;
    assert_eq!(back.status, 400);
    assert_eq!(sent(&back.body, "appoint-referee", "username").as_deref(), Some("ktoś z spacją"));
    assert!(field_error(&back.body, "username").is_some());
    let overview = admin.get(&format!("/admin/t/{t}")).await;
    assert!(crate::pages::select(&overview.body, "[data-referee]").is_empty(), "nobody appointed");

    // The erasure without its tick: asked again (the confirmation page), nothing erased.
    let erase = format!("/admin/t/{t}/players/{}/erase", players[0]);
    let asked = admin.post(&erase, &[]).await;
    assert_eq!(asked.status, 400, "{}", asked.body);
    let form = crate::pages::one(&asked.body, "#confirm form");
    assert_eq!(form.get("action"), erase);
    assert_eq!(form.one("[name=confirm]").get("value"), "1");
    let public = app.browser().get(&format!("/t/{t}")).await;
    assert!(crate::pages::Tournament::read(&public).names().contains(&"Adam Abacki"), "nothing erased");
}

/// Issue 36 on the organiser's entries (`src/web/routes/admin/entries.rs`): birth years in the
/// hundred-year window and in order, the consent text without control or direction characters and
/// at most 20,000 characters, and a decision's reason of at most 2,000 characters (no longer cut
/// at 300 without a word) are parsed at the edge; each refusal comes back beside its field with
/// what was typed, nothing stored.
#[actix_rt::test]
async fn the_entries_forms_parse_years_texts_and_reasons_at_the_edge() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    let t = create_tournament(&admin, &[("swiss_rounds", "1"), ("knockout_size", "0")]).await;
    let deadline = (chrono::Utc::now().date_naive() + chrono::Duration::days(30)).to_string();
    let open = format!("/admin/t/{t}/entries/open");
    let rules = |from: &'static str, to: &'static str, text: String| {
        vec![
            ("deadline".to_string(), deadline.clone()),
            ("cap".to_string(), "3".to_string()),
            ("born_from".to_string(), from.to_string()),
            ("born_to".to_string(), to.to_string()),
            ("max_schools".to_string(), "5".to_string()),
            ("consent_text".to_string(), text),
        ]
    };
    let clause = "Administratorem danych jest IPN.\nCel: udział w turnieju.".to_string();
    let year = chrono::Datelike::year(&chrono::Utc::now());
    let window = format!("Podaj liczbę całkowitą od {} do {year}.", year - 100);
    for (fields, field, says) in [
        (rules("1800", "2012", clause.clone()), "born_from", window.clone()),
        (rules("2006", "-5", clause.clone()), "born_to", window.clone()),
        (
            rules("2012", "2006", clause.clone()),
            "born_to",
            format!("Podaj liczbę całkowitą od 2012 do {year}."),
        ),
        (
            rules("2006", "2012", "Zgoda\u{202E} rodzica".to_string()),
            "consent_text",
            "Niedozwolony znak sterujący lub znak zmieniający kierunek tekstu (U+202E); usuń go.".to_string(),
        ),
        (rules("2006", "2012", "z".repeat(20_001)), "consent_text", "Najwyżej 20000 znaków.".to_string()),
    ] {
        let pairs: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
        let back = admin.post(&open, &pairs).await;
        assert_eq!(back.status, 400, "{field}: {}", back.body);
        assert_eq!(crate::pages::text_of(&back, &format!("[data-error={field}]")), says, "{field}");
        let typed = &fields.iter().find(|(k, _)| k == field).unwrap().1;
        assert_eq!(field_value(&back.body, field).as_ref(), Some(typed), "{field}: as typed");
    }
    assert!(crate::pages::has(&app.browser().get(&format!("/t/{t}/entries")).await, "#entries-closed"));
    let fields = rules("2006", "2012", clause);
    let pairs: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    assert_eq!(admin.post(&open, &pairs).await.status, 303, "clean rules open the entries");

    // A school and a pupil: the organiser's refusal needs a reason of at most 2,000 characters.
    let teacher = app.browser();
    let school = [
        ("name", "SP 1 Radom"),
        ("town", "Radom"),
        ("region", "mazowieckie"),
        ("teacher", "Ewa Nauczycielska"),
        ("email", "ewa@szkola.example.org"),
        ("phone", "600 100 200"),
    ];
    let signed = teacher.post(&format!("/t/{t}/entries"), &school).await;
    assert_eq!(signed.status, 200, "{}", signed.body);
    let link = crate::pages::one(&signed.body, "#school-link").get("data-link").to_string();
    let pupil = [("name", "Jan Uczeń"), ("born", "2010-03-04"), ("class", "2b")];
    assert_eq!(teacher.post(&format!("{link}/pupils"), &pupil).await.status, 303);
    let page = admin.get(&format!("/admin/t/{t}/entries")).await;
    let entry = crate::pages::one(&page.body, "[data-entry]");
    let (id, state) = (entry.num::<i64>("data-entry"), entry.get("data-state").to_string());
    let long = "r".repeat(2001);
    for (reason, says) in [("", "Pole jest wymagane."), (long.as_str(), "Najwyżej 2000 znaków.")] {
        let back = admin.post(&format!("/admin/t/{t}/entries/{id}/refuse"), &[("reason", reason)]).await;
        assert_eq!(back.status, 400, "{}", back.body);
        let form = crate::pages::one(&back.body, &format!("[data-entry=\"{id}\"] form[data-form=refuse]"));
        assert_eq!(form.one("[name=reason]").get("value"), reason, "the reason as typed");
        assert_eq!(form.one("[data-error=reason]").text(), says);
    }
    let page = admin.get(&format!("/admin/t/{t}/entries")).await;
    let entry = crate::pages::one(&page.body, &format!("[data-entry=\"{id}\"]"));
    assert_eq!(entry.get("data-state"), state, "not refused");
    let refused =
        admin.post(&format!("/admin/t/{t}/entries/{id}/refuse"), &[("reason", &"r".repeat(2000))]).await;
    assert_eq!(refused.status, 303, "{}", refused.body);
}
