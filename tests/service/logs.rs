//! Move logs at result entry: a valid log fills the result, a contradiction is shown and not saved,
//! an invalid log shows the engine's error with its line.

use crate::helpers::*;
use bitwa::engine::{Edition, RuleOptions, random_game, validate_log};

/// The tournament form's rules: no optional rules, 15 minutes.
const OPTIONS: RuleOptions = RuleOptions {
    fortifications: false,
    flank_attacks: false,
    time_control_secs: 900,
    ..RuleOptions::STANDARD
};

/// A published round with one match; (tournament, organiser, match id).
async fn one_match(app: &TestApp) -> (i64, Browser, i64) {
    let admin = app.admin().await;
    let t = create_tournament(&admin, &[]).await;
    register(&admin, t, "Anna Czerwona").await;
    register(&admin, t, "Bartek Polski").await;
    admin.post(&format!("/admin/t/{t}/rounds"), &[]).await;
    admin.post(&format!("/admin/t/{t}/round/1/publish"), &[]).await;
    let m = ids_after(&admin.get(&format!("/t/{t}/round/1")).await.body, &format!("/t/{t}/match/"))[0];
    (t, admin, m)
}

#[actix_rt::test]
async fn a_valid_log_fills_the_result_and_is_shown_escaped_on_the_game_page() {
    let app = TestApp::spawn().await;
    let (t, admin, m) = one_match(&app).await;
    let log = random_game(7, Edition::builtin(), &OPTIONS).to_string();
    let expected = validate_log(&log, Edition::builtin(), &OPTIONS).unwrap().outcome;

    let games = game_forms(&admin.get(&format!("/ref/t/{t}/match/{m}")).await.body, t);
    let saved = admin
        .post(
            &format!("/ref/t/{t}/game/{}", games[0].0),
            &[("version", games[0].1.as_str()), ("log", log.as_str())],
        )
        .await;
    assert_eq!(saved.status, 303, "{}", saved.body);

    let game = app.browser().get(&format!("/t/{t}/game/{}", games[0].0)).await;
    game.assert_contains("Sprawdzony zapis partii");
    game.assert_contains(&format!("{} pkt za Czerwonych", expected.red_points));
    // The header's tags are shown as text: brackets and quotes escaped, never markup.
    game.assert_contains("[Event &#34;Random game&#34;]");
    let words = if expected.winner == bitwa::outcome::Side::Red {
        "Wygrywa Armia Czerwona ("
    } else {
        "Wygrywa Wojsko Polskie ("
    };
    game.assert_contains(words);
}

#[actix_rt::test]
async fn a_log_contradicting_the_typed_result_is_shown_and_nothing_is_saved() {
    let app = TestApp::spawn().await;
    let (t, admin, m) = one_match(&app).await;
    let log = random_game(11, Edition::builtin(), &OPTIONS).to_string();
    let expected = validate_log(&log, Edition::builtin(), &OPTIONS).unwrap().outcome;
    let wrong_points = (expected.red_points + 2).to_string();

    let games = game_forms(&admin.get(&format!("/ref/t/{t}/match/{m}")).await.body, t);
    let page = admin
        .post(
            &format!("/ref/t/{t}/game/{}", games[1].0),
            &[("version", games[1].1.as_str()), ("red_points", wrong_points.as_str()), ("log", log.as_str())],
        )
        .await;
    assert_eq!(page.status, 422);
    page.assert_contains("nie zgadza się z wpisanym wynikiem");
    // Beside the field: what the log says; in the field: what was typed.
    let form = &page.body[page.body.find("id=\"game-2\"").unwrap()..];
    assert_eq!(
        field_error(form, "red_points"),
        Some(format!("według zapisu partii: {}", expected.red_points))
    );
    assert_eq!(field_value(form, "red_points"), Some(wrong_points.clone()));
    page.assert_contains("[Seed &#34;11&#34;]");
    app.browser().get(&format!("/t/{t}/game/{}", games[1].0)).await.assert_contains("jeszcze bez wyniku");
}

#[actix_rt::test]
async fn an_invalid_log_shows_the_engine_error_with_its_line_and_can_be_kept_only_on_request() {
    let app = TestApp::spawn().await;
    let (t, admin, m) = one_match(&app).await;
    let log = random_game(3, Edition::builtin(), &OPTIONS).to_string();
    let mut lines: Vec<&str> = log.lines().collect();
    let bad_line = lines.iter().position(|l| l.starts_with("red command")).unwrap();
    lines[bad_line] = "red command R9Z march nowhere";
    let broken = lines.join("\n");

    let games = game_forms(&admin.get(&format!("/ref/t/{t}/match/{m}")).await.body, t);
    let path = format!("/ref/t/{t}/game/{}", games[0].0);
    let page = admin.post(&path, &[("version", games[0].1.as_str()), ("log", broken.as_str())]).await;
    assert_eq!(page.status, 422);
    // The line, the event as written, one sentence in Polish with its section, the position behind a toggle.
    page.assert_contains("Błąd w zapisie partii")
        .assert_contains(&format!("Wiersz {}: <code>red command R9Z march nowhere</code>", bad_line + 1))
        .assert_contains("„R9Z” nie jest jednostką wydania bw-2021-reconstructed-v2 (zapis partii).")
        .assert_contains("<details><summary>Stan gry przed tym zdarzeniem</summary><p>Runda ");
    let error = page.body.split("id=\"log-error\"").nth(1).and_then(|s| s.split("</div>").next()).unwrap();
    for debug in ["Some(", "UnitId", "CardId", "{", "Advance {"] {
        assert!(!error.contains(debug), "{debug} in {error}");
    }
    app.browser().get(&format!("/t/{t}/game/{}", games[0].0)).await.assert_contains("jeszcze bez wyniku");

    // Keeping the typed result with the invalid log, on purpose.
    let kept = admin
        .post(
            &path,
            &[
                ("version", games[0].1.as_str()),
                ("winner", "red"),
                ("termination", "warsaw-entered"),
                ("red_points", "21"),
                ("log", broken.as_str()),
                ("accept_invalid", "1"),
            ],
        )
        .await;
    assert_eq!(kept.status, 303, "{}", kept.body);
    let game = app.browser().get(&format!("/t/{t}/game/{}", games[0].0)).await;
    game.assert_contains("zapis błędny")
        .assert_contains("„R9Z” nie jest jednostką wydania bw-2021-reconstructed-v2 (zapis partii).");
    // In English on request, the same error in English.
    let english = app.browser();
    english.get("/lang/en").await;
    english
        .get(&format!("/t/{t}/game/{}", games[0].0))
        .await
        .assert_contains(
            "&#34;R9Z&#34; is not a unit of edition bw-2021-reconstructed-v2 (rulebook: Notation).",
        )
        .assert_contains("<summary>The position before this event</summary>");
}

#[actix_rt::test]
async fn a_log_file_can_be_uploaded_with_the_result_form_and_needs_the_csrf_token() {
    let app = TestApp::spawn().await;
    let (t, admin, m) = one_match(&app).await;
    let log = random_game(21, Edition::builtin(), &OPTIONS).to_string();
    let expected = validate_log(&log, Edition::builtin(), &OPTIONS).unwrap().outcome;
    let form = admin.get(&format!("/ref/t/{t}/match/{m}")).await;
    form.assert_contains("enctype=\"multipart/form-data\"").assert_contains("name=\"log_file\"");
    let games = game_forms(&form.body, t);
    let path = format!("/ref/t/{t}/game/{}/upload", games[0].0);

    // Without the session's token (a form from another site) nothing is saved.
    let refused = admin
        .post_multipart_with(
            &path,
            "forged",
            &[("version", games[0].1.as_str())],
            ("log_file", "game.txt", &log),
        )
        .await;
    assert_eq!(refused.status, 403);
    app.browser().get(&format!("/t/{t}/game/{}", games[0].0)).await.assert_contains("jeszcze bez wyniku");

    let saved = admin
        .post_multipart(&path, &[("version", games[0].1.as_str())], ("log_file", "game.txt", &log))
        .await;
    assert_eq!(saved.status, 303, "{}", saved.body);
    let game = app.browser().get(&format!("/t/{t}/game/{}", games[0].0)).await;
    game.assert_contains("Sprawdzony zapis partii")
        .assert_contains(&format!("{} pkt za Czerwonych", expected.red_points));
}
