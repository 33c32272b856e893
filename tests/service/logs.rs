//! Move logs at result entry: a valid log fills the result, a contradiction is shown and not saved,
//! an invalid log shows the engine's error with its line.

use crate::helpers::*;
use crate::pages::admin::{GameLog, LogError};
use crate::pages::{Game, attr_of, has, input, one};
use crate::setup::Day;
use bitwa::engine::{Edition, RuleOptions, random_game, validate_log};

/// The tournament form's rules: no optional rules, 15 minutes.
const OPTIONS: RuleOptions = RuleOptions {
    fortifications: false,
    flank_attacks: false,
    time_control_secs: 900,
    ..RuleOptions::STANDARD
};

/// A published round of one match (Anna Czerwona against Bartek Polski), entered by the organiser:
/// (tournament, organiser, the match, its two result forms).
async fn one_match(app: &TestApp) -> (i64, Browser, i64, Vec<(i64, String)>) {
    let day = Day::new(app).named(&["Anna Czerwona", "Bartek Polski"]).published().open().await;
    let page = day.admin.get(&format!("/ref/t/{}/match/{}", day.t, day.matches[0])).await;
    let games = game_forms(&page.body, day.t);
    (day.t, day.admin, day.matches[0], games)
}

/// Random game `seed` on the built-in edition and the outcome the engine gives its log.
fn game(seed: u64) -> (String, bitwa::outcome::GameOutcome) {
    let log = random_game(seed, Edition::builtin(), &OPTIONS).to_string();
    let outcome = validate_log(&log, Edition::builtin(), &OPTIONS).unwrap().outcome;
    (log, outcome)
}

#[actix_rt::test]
async fn a_valid_log_fills_the_result_and_is_shown_escaped_on_the_game_page() {
    let app = TestApp::spawn().await;
    let (t, admin, _, games) = one_match(&app).await;
    let (log, expected) = game(7);

    let saved = submit_log(&admin, t, &games[0], &log).await;
    assert_eq!(saved.status, 303, "{}", saved.body);

    let game = app.browser().get(&format!("/t/{t}/game/{}", games[0].0)).await;
    let shown = GameLog::read(&game).expect("the log is shown");
    assert_eq!(shown.heading, "Sprawdzony zapis partii");
    assert!(shown.download.is_some(), "a validated log downloads");
    let result = Game::read(&game).result.expect("the log's result");
    assert!(result.contains(&format!("{} pkt za Czerwonych", expected.red_points)), "{result}");
    // The header's tags are shown as text: brackets and quotes escaped, never markup.
    assert!(shown.raw.contains("[Event &#34;Random game&#34;]"), "{}", shown.raw);
    assert!(shown.log.starts_with(log.lines().next().unwrap()), "the log as submitted: {}", shown.log);
    let words = if expected.winner == bitwa::outcome::Side::Red {
        "Wygrywa Armia Czerwona ("
    } else {
        "Wygrywa Wojsko Polskie ("
    };
    assert!(result.starts_with(words), "{result}");
}

#[actix_rt::test]
async fn a_log_contradicting_the_typed_result_is_shown_and_nothing_is_saved() {
    let app = TestApp::spawn().await;
    let (t, admin, _, games) = one_match(&app).await;
    let (log, expected) = game(11);
    let wrong_points = (expected.red_points + 2).to_string();

    let page = admin
        .post(
            &format!("/ref/t/{t}/game/{}", games[1].0),
            &[("version", games[1].1.as_str()), ("red_points", wrong_points.as_str()), ("log", log.as_str())],
        )
        .await;
    assert_eq!(page.status, 422);
    let form = one(&page.body, "form#game-2").inner;
    assert!(one(&form, "#rejected").text().contains("nie zgadza się z wpisanym wynikiem"), "{form}");
    // Beside the field: what the log says; in the field: what was typed, and the log kept.
    assert_eq!(
        field_error(&form, "red_points"),
        Some(format!("według zapisu partii: {}", expected.red_points))
    );
    assert_eq!(field_value(&form, "red_points"), Some(wrong_points.clone()));
    assert_eq!(input(&page, "form#game-2", "log").trim(), log.trim(), "the log kept in the form");
    assert!(
        crate::pages::Game::read(&app.browser().get(&format!("/t/{t}/game/{}", games[1].0)).await)
            .result
            .is_none(),
        "no result yet"
    );
}

#[actix_rt::test]
async fn an_invalid_log_shows_the_engine_error_with_its_line_and_can_be_kept_only_on_request() {
    let app = TestApp::spawn().await;
    let (t, admin, _, games) = one_match(&app).await;
    let log = random_game(3, Edition::builtin(), &OPTIONS).to_string();
    let mut lines: Vec<&str> = log.lines().collect();
    let bad_line = lines.iter().position(|l| l.starts_with("red command")).unwrap();
    lines[bad_line] = "red command R9Z march nowhere";
    let broken = lines.join("\n");

    let path = format!("/ref/t/{t}/game/{}", games[0].0);
    let page = admin.post(&path, &[("version", games[0].1.as_str()), ("log", broken.as_str())]).await;
    assert_eq!(page.status, 422);
    // The line, the event as written, one sentence in Polish with its section, the position behind a toggle.
    let le = LogError::read(&page, "form#game-1").expect("the engine's refusal beside the log");
    assert_eq!(
        le.line,
        format!("Błąd w zapisie partii. Wiersz {}: red command R9Z march nowhere", bad_line + 1)
    );
    assert_eq!(le.event.as_deref(), Some("red command R9Z march nowhere"));
    assert_eq!(le.sentence, "„R9Z” nie jest jednostką wydania bw-2021-reconstructed-v2 (zapis partii).");
    let (toggle, position) = le.state.clone().expect("the position behind a toggle");
    assert_eq!(toggle, "Stan gry przed tym zdarzeniem");
    assert!(position.starts_with("Runda "), "{position}");
    // Said once, in the error box beside the log, not again above it (issue 22).
    assert_eq!(page.body.matches("Błąd w zapisie partii").count(), 1, "{}", page.body);
    let error = le.text;
    for debug in ["Some(", "UnitId", "CardId", "{", "Advance {"] {
        assert!(!error.contains(debug), "{debug} in {error}");
    }
    assert!(
        crate::pages::Game::read(&app.browser().get(&format!("/t/{t}/game/{}", games[0].0)).await)
            .result
            .is_none(),
        "no result yet"
    );

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
    let shown = GameLog::read(&game).expect("the kept log is shown");
    assert!(shown.heading.ends_with("(zapis błędny)"), "{}", shown.heading);
    assert!(shown.download.is_none(), "an invalid log is not offered as a checked one");
    let le = shown.error.expect("with the engine's error");
    assert_eq!(le.sentence, "„R9Z” nie jest jednostką wydania bw-2021-reconstructed-v2 (zapis partii).");
    // In English on request, the same error in English.
    let english = app.browser();
    english.get("/lang/en").await;
    let page = english.get(&format!("/t/{t}/game/{}", games[0].0)).await;
    let le = GameLog::read(&page).and_then(|l| l.error).expect("the error in English");
    assert_eq!(
        le.sentence,
        "\"R9Z\" is not a unit of edition bw-2021-reconstructed-v2 (rulebook: Notation)."
    );
    assert_eq!(le.state.map(|s| s.0).as_deref(), Some("The position before this event"));
}

#[actix_rt::test]
async fn a_log_file_can_be_uploaded_with_the_result_form_and_needs_the_csrf_token() {
    let app = TestApp::spawn().await;
    let (t, admin, m, games) = one_match(&app).await;
    let (log, expected) = game(21);
    let form = admin.get(&format!("/ref/t/{t}/match/{m}")).await;
    assert_eq!(attr_of(&form, "form#game-1", "enctype"), "multipart/form-data");
    assert!(has(&form, "form#game-1 input[type=file][name=log_file]"), "a file field");
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
    assert!(
        crate::pages::Game::read(&app.browser().get(&format!("/t/{t}/game/{}", games[0].0)).await)
            .result
            .is_none(),
        "no result yet"
    );

    let saved = admin
        .post_multipart(&path, &[("version", games[0].1.as_str())], ("log_file", "game.txt", &log))
        .await;
    assert_eq!(saved.status, 303, "{}", saved.body);
    let game = app.browser().get(&format!("/t/{t}/game/{}", games[0].0)).await;
    assert_eq!(GameLog::read(&game).map(|l| l.heading).as_deref(), Some("Sprawdzony zapis partii"));
    let result = Game::read(&game).result.expect("the log's result");
    assert!(result.contains(&format!("{} pkt za Czerwonych", expected.red_points)), "{result}");
}

/// Logs people can keep (issue 23): every stored log of the demo downloads from its public game
/// page with the tags that name its edition and rules, checks with `bitwa check-log --rules` (the
/// words of its `Rules` tag) and not without them, and the tournament's zip holds the same files.
#[actix_rt::test]
async fn every_stored_log_of_the_demo_downloads_from_its_game_page_and_checks_with_check_log() {
    let app = TestApp::spawn_with(fresh_dir(), true).await;
    let visitor = app.browser();
    let t = ids_after(&visitor.get("/").await.body, "/t/")[0];
    let db = TestDb::open(&app.db_url).await;
    let games: Vec<(i64,)> = on_db!(&db, |c| sqlx::query_as(
        "SELECT g.id FROM games g JOIN matches m ON m.id = g.match_id JOIN rounds r ON r.id = m.round_id \
         WHERE r.tournament_id = $1 AND g.log_status = 'valid' ORDER BY g.id"
    )
    .bind(t)
    .fetch_all(c)
    .await)
    .unwrap();
    db.close().await;
    assert!(games.len() > 20, "the demo stores validated logs: {}", games.len());

    let folder = app.dir.join("kept-logs");
    std::fs::create_dir_all(&folder).unwrap();
    let mut files = Vec::new();
    let mut rules = None;
    for (g,) in &games {
        let link = format!("/t/{t}/game/{g}/log");
        let page = visitor.get(&format!("/t/{t}/game/{g}")).await;
        assert_eq!(GameLog::read(&page).and_then(|l| l.download).as_deref(), Some(link.as_str()));
        let log = visitor.get(&link).await;
        assert_eq!(log.status, 200, "{link}");
        let disposition = log.header("content-disposition");
        assert!(
            disposition.starts_with("attachment; filename=\"t") && disposition.ends_with(".bwlog\""),
            "{disposition}"
        );
        let tagged = |tag: &str| log.body.lines().any(|l| l.starts_with(tag));
        assert!(tagged("[Edition \"") && tagged("[TimeControl \""), "{}", log.body);
        let tag = log
            .body
            .lines()
            .find_map(|l| l.strip_prefix("[Rules \"")?.strip_suffix("\"]"))
            .map(str::to_string);
        let tag = tag.expect("the kept log names its rules");
        assert!(rules.get_or_insert_with(|| tag.clone()) == &tag, "one tournament, one set of rules");
        let name =
            disposition.trim_start_matches("attachment; filename=\"").trim_end_matches('"').to_string();
        let path = folder.join(&name);
        std::fs::write(&path, &log.bytes).unwrap();
        files.push((name, log.bytes.clone(), path));
    }
    let rules = rules.unwrap();
    assert_ne!(rules, "standard", "the demo plays without the optional rules");
    let check = |with_rules: bool| {
        let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_bitwa"));
        cmd.arg("check-log");
        if with_rules {
            cmd.args(["--rules", &rules]);
        }
        cmd.args(files.iter().map(|(_, _, p)| p)).output().unwrap()
    };
    let checked = check(true);
    let report = String::from_utf8_lossy(&checked.stdout).to_string();
    assert!(checked.status.success(), "every kept log checks with --rules {rules:?}:\n{report}");
    assert_eq!(report.lines().filter(|l| l.contains(": valid: ")).count(), games.len(), "{report}");
    assert!(!check(false).status.success(), "without --rules the standard rules refuse them");

    // The tournament's zip: the same files, one entry each.
    let zip = visitor.get(&format!("/t/{t}/export/logs")).await;
    assert_eq!(zip.status, 200);
    assert_eq!(zip.content_type, "application/zip");
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(zip.bytes.clone())).unwrap();
    assert_eq!(archive.len(), games.len(), "one entry per validated log");
    for (name, bytes, _) in &files {
        use std::io::Read;
        let mut entry = archive.by_name(name).unwrap_or_else(|_| panic!("{name} in the zip"));
        let mut inside = Vec::new();
        entry.read_to_end(&mut inside).unwrap();
        assert_eq!(&inside, bytes, "{name}: the zip holds the file the game page gives");
    }
    // A game without a validated log has no file.
    assert_eq!(visitor.get(&format!("/t/{t}/game/999999/log")).await.status, 404);
}
