//! Nothing lost between the recorder and the result form (issue 21), over HTTP in both orders: a
//! typed result for a game being recorded is refused (409, with a link to the recording) and nothing
//! is saved, unless an organiser ends the recording first (in history); a game with a typed result is
//! never recorded over; a recording that ends where a result stood (one an older version let through)
//! asks which stands and keeps both in history; the match page says what stands.

use crate::helpers::*;
use crate::pages::admin::{change, history};
use crate::pages::referee::Stands;
use crate::pages::{Recorder, has, select, text_of};
use crate::table::{db, one_table, post_line, start, table_game, url};
use bitwa::engine::{Edition, validate_log};

/// The match of the recorder's game (its page links to it).
fn match_of(recorder_page: &str, t: i64) -> i64 {
    let prefix = format!("/ref/t/{t}/match/");
    select(recorder_page, "a")
        .iter()
        .find_map(|a| a.attr("href")?.strip_prefix(&prefix)?.split('#').next()?.parse().ok())
        .expect("the recorder links its match")
}

/// What the game holds: (winner, termination, log status, whether a log is stored).
async fn stored(app: &TestApp, g: i64) -> (Option<String>, Option<String>, String, bool) {
    let db = db(app).await;
    let row: (Option<String>, Option<String>, String, Option<String>) = on_db!(&db, |c| {
        sqlx::query_as("SELECT winner, termination, log_status, log_text FROM games WHERE id = $1")
            .bind(g)
            .fetch_one(c)
            .await
    })
    .unwrap();
    db.close().await;
    (row.0, row.1, row.2, row.3.is_some())
}

/// The result form of game 1 as the match page shows it now: (game id, version).
async fn game_one(b: &Browser, t: i64, m: i64) -> (i64, String) {
    game_forms(&b.get(&format!("/ref/t/{t}/match/{m}")).await.body, t).remove(0)
}

/// What stands for game 1 on the match page: `typed`, `recording`, `awaiting`...
fn stands(match_page: &Page) -> String {
    Stands::read(match_page, 1).state
}

#[actix_rt::test]
async fn a_typed_result_for_a_game_being_recorded_is_refused_until_an_organiser_ends_the_recording() {
    let (lines, _) = table_game();
    let app = TestApp::spawn().await;
    let (t, admin, referee, g) = one_table(&app).await;
    start(&referee, t, g).await;
    for line in &lines[..5] {
        assert_eq!(post_line(&referee, t, g, line).await.status, 303);
    }
    let m = match_of(&referee.get(&url(t, g)).await.body, t);
    let page = referee.get(&format!("/ref/t/{t}/match/{m}")).await;
    let now = Stands::read(&page, 1);
    assert_eq!(now.state, "recording", "{now:?}");
    assert_eq!(now.recorder, Some(url(t, g)), "the way to the recording: {now:?}");
    // The typed result is refused with a link to the recording, and nothing is saved.
    let (id, version) = game_one(&referee, t, m).await;
    assert_eq!(id, g);
    let typed = enter(&referee, t, (g, &version), "red", "warsaw-entered", "21").await;
    assert_eq!(typed.status, 409, "{}", typed.body);
    assert!(text_of(&typed, "#rejected").contains("jest właśnie zapisywana przy stole"), "{}", typed.body);
    assert!(
        has(&typed, &format!("#rejected a#rejected-recording[href=/ref/t/{t}/game/{g}/record]")),
        "{}",
        typed.body
    );
    assert_eq!(stored(&app, g).await, (None, None, "none".into(), false));
    assert!(history_rows(&app, "game", "enter").await.is_empty(), "no result in history");
    // In English, the refusal is English.
    let english = Browser::with_cookies_of(&referee, &app.base);
    english.get("/lang/en").await;
    let refused = enter(&english, t, (g, &version), "red", "warsaw-entered", "21").await;
    assert_eq!(refused.status, 409);
    let said = text_of(&refused, "#rejected");
    assert!(
        said.contains("This game is being recorded at the table") && !said.contains("zapisywana"),
        "{said}"
    );
    referee.get("/lang/pl").await;
    // Only an organiser ends a recording before the game ends: the referee is not offered it, nor
    // may post it.
    assert!(!has(&referee.get(&url(t, g)).await, "#record-end"), "a referee is not offered the end");
    let by_referee = referee.post(&url(t, g), &[("step", "5"), ("action", "end")]).await;
    assert_eq!(by_referee.status, 403, "{}", by_referee.body);
    assert!(has(&admin.get(&url(t, g)).await, "#record-end"), "an organiser is offered the end");
    let ended = admin.post(&url(t, g), &[("step", "5"), ("action", "end")]).await;
    assert_eq!(ended.status, 303, "{}", ended.body);
    let rows = history_rows(&app, "recording", "end").await;
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert_eq!((rows[0].0, rows[0].2.as_str()), (g, "{\"steps\":5}"));
    // The recorder says so and takes nothing more; the history page says it in words.
    let recorder = referee.get(&url(t, g)).await;
    assert_eq!(Recorder::read(&recorder).state, "ended");
    assert!(!has(&recorder, "#options"), "no event offered");
    assert_eq!(post_line(&referee, t, g, &lines[5]).await.status, 400, "an ended recording takes no line");
    let changes = history(&admin.get(&format!("/admin/t/{t}/history")).await);
    let ended = change(&changes, "Zapis przy stole zakończony przed końcem partii");
    assert_eq!(ended.after, ["zachowany zapis: 5 ruchów"], "{ended:?}");
    // Now the typed result is accepted, and the match page says it stands without a record.
    let (_, version) = game_one(&referee, t, m).await;
    let typed = enter(&referee, t, (g, &version), "red", "warsaw-entered", "21").await;
    assert_eq!(typed.status, 303, "{}", typed.body);
    assert_eq!(
        stored(&app, g).await,
        (Some("red".into()), Some("warsaw-entered".into()), "none".into(), false)
    );
    let page = referee.get(&format!("/ref/t/{t}/match/{m}")).await;
    assert_eq!(stands(&page), "typed", "a result typed without a record");
    assert!(!has(&page, "#record-1"), "no recorder offered");
}

#[actix_rt::test]
async fn a_game_with_a_typed_result_is_never_recorded_over_and_a_recorded_one_says_its_moves() {
    let (lines, outcome) = table_game();
    let app = TestApp::spawn().await;
    let (t, _admin, referee, g) = one_table(&app).await;
    let m = match_of(&referee.get(&url(t, g)).await.body, t);
    let page = referee.get(&format!("/ref/t/{t}/match/{m}")).await;
    assert!(crate::pages::has(&page, "#stands-1 #record-1"), "nothing yet: the recorder is offered");
    // Game 1 typed first: the recorder is no longer offered, and starting one is refused.
    let (_, version) = game_one(&referee, t, m).await;
    assert_eq!(enter(&referee, t, (g, &version), "polish", "three-red-eliminated", "0").await.status, 303);
    let page = referee.get(&format!("/ref/t/{t}/match/{m}")).await;
    assert_eq!(stands(&page), "typed", "a result typed without a record");
    assert!(!has(&page, "#record-1"), "no recorder offered");
    let blocked = referee.get(&url(t, g)).await;
    assert!(has(&blocked, "#record-blocked") && !has(&blocked, "#record-start"), "{}", blocked.body);
    let start = referee.post(&url(t, g), &[("action", "start")]).await;
    assert_eq!(start.status, 409, "{}", start.body);
    start.assert_contains("Ta partia ma już wpisany wynik.");
    assert!(history_rows(&app, "recording", "start").await.is_empty());
    assert_eq!(stored(&app, g).await.0.as_deref(), Some("polish"), "the typed result stands");
    // Game 2 recorded to its end: the match page says the record stands, with its moves and a link
    // to the game, and offers no recorder again.
    let games = game_forms(&page.body, t);
    let g2 = games[1].0;
    crate::table::start(&referee, t, g2).await;
    for (i, line) in lines.iter().enumerate() {
        let res = referee.post(&url(t, g2), &[("step", i.to_string().as_str()), ("event", line)]).await;
        assert_eq!(res.status, 303, "line {}: {}", i + 1, res.body);
    }
    let (winner, termination, status, has_log) = stored(&app, g2).await;
    assert_eq!(
        (winner.as_deref(), termination.as_deref()),
        (Some(outcome.winner.as_str()), Some(outcome.termination.as_str()))
    );
    assert_eq!((status.as_str(), has_log), ("valid", true));
    let page = referee.get(&format!("/ref/t/{t}/match/{m}")).await;
    let two = Stands::read(&page, 2);
    let moves = lines.len();
    assert_eq!((two.state.as_str(), two.moves), ("record", Some(moves as u32)), "{two:?}");
    let word = match (moves % 10, moves % 100) {
        (2..=4, h) if !(12..=14).contains(&h) => "ruchy",
        _ => "ruchów",
    };
    assert_eq!(text_of(&page, "#stands-2 span.ok"), format!("zapis partii poprawny, {moves} {word}"));
    assert_eq!(two.game, Some(format!("/t/{t}/game/{g2}")), "the game linked");
    assert!(!crate::pages::has(&page, "#record-2"), "no recorder offered for a recorded game");
}

/// A recording `lines[..n]` long whose game then got a typed result the way an older version let
/// one through (straight into the row, while the recording ran).
async fn typed_beside_a_recording(app: &TestApp, referee: &Browser, t: i64, g: i64, n: usize) {
    let (lines, _) = table_game();
    start(referee, t, g).await;
    for line in &lines[..n] {
        assert_eq!(post_line(referee, t, g, line).await.status, 303);
    }
    let db = db(app).await;
    on_db!(&db, |c| {
        sqlx::query(
            "UPDATE games SET winner = 'red', termination = 'warsaw-entered', red_points = 21, \
             version = version + 1 WHERE id = $1",
        )
        .bind(g)
        .execute(c)
        .await
        .map(|_| ())
    })
    .unwrap();
    db.close().await;
}

#[actix_rt::test]
async fn a_recording_that_ends_where_a_result_stood_asks_which_stands_and_keeps_both() {
    let (lines, outcome) = table_game();
    let app = TestApp::spawn().await;
    let (t, _admin, referee, g) = one_table(&app).await;
    let last = lines.len() - 1;
    typed_beside_a_recording(&app, &referee, t, g, last).await;
    assert_eq!(post_line(&referee, t, g, &lines[last]).await.status, 303, "the game's last line");
    // Nothing replaced: the typed result still stands, and the recorder asks.
    assert_eq!(
        stored(&app, g).await,
        (Some("red".into()), Some("warsaw-entered".into()), "none".into(), false)
    );
    let recorder = referee.get(&url(t, g)).await;
    assert_eq!(Recorder::read(&recorder).state, "awaiting");
    assert!(text_of(&recorder, "#record-awaiting").contains("Który wynik obowiązuje?"));
    assert!(has(&recorder, "#stand-recording") && has(&recorder, "#stand-typed"), "both offered");
    let m = match_of(&recorder.body, t);
    let page = referee.get(&format!("/ref/t/{t}/match/{m}")).await;
    assert_eq!(stands(&page), "awaiting", "the recording waits for the choice");
    // Meanwhile the result form decides nothing either.
    let (_, version) = game_one(&referee, t, m).await;
    let typed = enter(&referee, t, (g, &version), "polish", "three-red-eliminated", "0").await;
    assert_eq!(typed.status, 409, "{}", typed.body);
    assert!(text_of(&typed, "#rejected").contains("który wynik obowiązuje"), "{}", typed.body);
    assert!(has(&typed, "#rejected-recording"), "the recording linked");
    // The recording stands: a correction, the typed result kept in history as its before.
    let chosen = referee.post(&url(t, g), &[("step", "0"), ("action", "stand-recording")]).await;
    assert_eq!(chosen.status, 303, "{}", chosen.body);
    let (winner, termination, status, has_log) = stored(&app, g).await;
    assert_eq!(
        (winner.as_deref(), termination.as_deref()),
        (Some(outcome.winner.as_str()), Some(outcome.termination.as_str()))
    );
    assert_eq!((status.as_str(), has_log), ("valid", true));
    let corrected = history_rows(&app, "game", "correct").await;
    assert_eq!(corrected.len(), 1, "{corrected:?}");
    assert!(corrected[0].1.contains("\"termination\":\"warsaw-entered\""), "before: the typed result");
    assert!(corrected[0].2.contains("\"log_status\":\"valid\""), "after: the record");
    let again = referee.post(&url(t, g), &[("step", "0"), ("action", "stand-typed")]).await;
    assert_eq!(again.status, 409, "chosen already: {}", again.body);
    assert_eq!(Recorder::read(&referee.get(&url(t, g)).await).state, "over");
}

#[actix_rt::test]
async fn a_typed_result_kept_over_a_recording_keeps_the_recorded_one_in_history() {
    let (lines, outcome) = table_game();
    let app = TestApp::spawn().await;
    let (t, admin, referee, g) = one_table(&app).await;
    let last = lines.len() - 1;
    typed_beside_a_recording(&app, &referee, t, g, last).await;
    assert_eq!(post_line(&referee, t, g, &lines[last]).await.status, 303);
    let chosen = referee.post(&url(t, g), &[("step", "0"), ("action", "stand-typed")]).await;
    assert_eq!(chosen.status, 303, "{}", chosen.body);
    assert_eq!(
        stored(&app, g).await,
        (Some("red".into()), Some("warsaw-entered".into()), "none".into(), false)
    );
    let set_aside = history_rows(&app, "recording", "set aside").await;
    assert_eq!(set_aside.len(), 1, "{set_aside:?}");
    let recorded: serde_json::Value = serde_json::from_str(&set_aside[0].2).unwrap();
    assert_eq!(recorded["winner"], outcome.winner.as_str());
    let log = recorded["log_text"].as_str().expect("the recorded log is kept");
    let v = validate_log(log, Edition::builtin(), &crate::table::OPTIONS).expect("and validates");
    assert_eq!(v.outcome, outcome);
    assert_eq!(Recorder::read(&referee.get(&url(t, g)).await).state, "set-aside");
    let changes = history(&admin.get(&format!("/admin/t/{t}/history")).await);
    change(&changes, "Zapis przy stole odłożony, obowiązuje wpisany wynik");
    // The typed result is the game's again to correct.
    let m = match_of(&referee.get(&url(t, g)).await.body, t);
    let (_, version) = game_one(&referee, t, m).await;
    assert_eq!(enter(&referee, t, (g, &version), "red", "warsaw-entered", "23").await.status, 303);
}
