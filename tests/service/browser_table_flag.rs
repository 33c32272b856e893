//! The digital table's second whole game in real headless Chromium at 390 x 844 (issue 21's "Done
//! when"): a game of another kind, with a Broken Cipher played (the cards looked at unseen) and ending
//! on a flag (the scribe taps "flag fell" for the side to move), counted as the first game is (taps,
//! targets off screen, full page loads per event); the flag asked (the side, the server's reckoning,
//! the table's reading first), confirmed and undone at 390 and 1280 px (issue 37); the stored log validated with `check-log`'s library
//! call, with `?` wherever the table saw nothing. Skips (loudly) without chromium, except in CI.

use crate::browser::{Driver, find_in_path};
use crate::browser_table::{Tally, mark, marked, on_screen, shown_step, tap_line, tappable};
use crate::helpers::*;
use crate::table::one_table_with;
use bitwa::engine::notation::{self, Body, PlayBody};
use bitwa::engine::{Edition, PlayStyle, RuleOptions, mask_unseen, random_game_with, validate_log};
use bitwa::outcome::{Side, Termination};
use serde_json::json;

/// The game goes on to this many lines before its end, then the flag falls (in play: the side to move).
const BEFORE_THE_END: usize = 4;

/// The shortest of the first 400 aggressive random games (standard rules) in which a Broken Cipher is
/// played and that does not end on time, masked as a table records it (every unseen card `?`), without
/// clock readings, cut `BEFORE_THE_END` lines before its end: its lines, and the cipher's index.
fn cipher_game() -> (Vec<String>, usize) {
    let e = Edition::builtin();
    let options = RuleOptions::STANDARD;
    let mut best: Option<(Vec<String>, usize)> = None;
    for seed in 0..400 {
        let log = mask_unseen(&random_game_with(seed, e, &options, PlayStyle::Aggressive));
        let Ok(v) = validate_log(&log.to_string(), e, &options) else { continue };
        if v.outcome.termination == Termination::TimeForfeit {
            continue;
        }
        let cipher = log
            .events
            .iter()
            .position(|ev| matches!(ev.body, Body::Play { play: PlayBody::BrokenCipher { .. }, .. }));
        let Some(at) = cipher else { continue };
        // The game must go on after the cipher for the flag to fall in play.
        let cut = log.events.len().saturating_sub(BEFORE_THE_END);
        if cut <= at + 1 || best.as_ref().is_some_and(|b| b.0.len() <= cut) {
            continue;
        }
        let lines = log.events[..cut]
            .iter()
            .map(|ev| notation::Event { clock: None, ..ev.clone() }.to_string())
            .collect();
        best = Some((lines, at));
    }
    best.expect("a game with a Broken Cipher among the first 400")
}

#[actix_rt::test]
async fn a_referee_records_a_game_with_a_broken_cipher_that_ends_on_a_flag() {
    let (Some(chromium), Some(chromedriver)) = (find_in_path("chromium"), find_in_path("chromedriver"))
    else {
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "CI=true but chromium or chromedriver is missing: install the Debian packages chromium and chromium-driver"
        );
        eprintln!("\n*** SKIPPED table flag browser test: chromium and chromedriver not installed ***\n");
        return;
    };
    let (lines, cipher) = cipher_game();
    assert!(tappable(&lines), "no flag fell in the lines tapped");
    eprintln!("tapping {} lines (the Broken Cipher at line {}), then a flag", lines.len(), cipher + 1);
    // Arrange: the register's standard rules, as `check-log` checks by default.
    let app = TestApp::spawn().await;
    let (t, _admin, _referee, g) =
        one_table_with(&app, &[("fortifications", "1"), ("flank_attacks", "1")]).await;
    let driver = Driver::start(&chromium, &chromedriver).await;
    driver.width(390).await;
    driver.go(&format!("{}/login", app.base)).await;
    driver.type_into("input[name=username]", "sedzia").await;
    driver.type_into("input[name=password]", "sedzia-haslo").await;
    driver.click("form.stack button[type=submit]").await;
    driver.assert_logged_in("sedzia").await;
    driver.go(&format!("{}/ref/t/{t}/game/{g}/record", app.base)).await;
    driver.click("#record-start").await;
    driver.wait_for("#recorder").await;
    driver.go(&format!("{}/ref/t/{t}/game/{g}/record", app.base)).await;
    driver.wait_for("#recorder").await;
    mark(&driver).await;

    // Act: every line tapped, the cipher's too; then the flag of the side to move falls.
    let mut tally = Tally::default();
    let mut step = 0;
    while step < lines.len() {
        step = tap_line(&driver, &mut tally, &lines[step], step + 1).await;
        if !marked(&driver).await {
            tally.loads += 1;
            eprintln!("a full page load after line {step}");
            mark(&driver).await;
        }
    }
    let per_event = tally.taps as f64 / step as f64;
    eprintln!(
        "recorded {step} events at 390 x 844: {} taps ({per_event:.2} per event), {} targets off screen, {} full page loads",
        tally.taps, tally.scrolls, tally.loads
    );

    // The flag (issue 37): nothing ends the game in one tap. The flag box names the side to move
    // (only its clock runs); its clock was read by nobody, so the server reckons it far from 0:00
    // and the recorder asks for the table's reading first.
    let side = driver.exec("return document.getElementById('flag-box').getAttribute('data-side')").await;
    let flagged = match side.as_str() {
        Some("red") => Side::Red,
        Some("polish") => Side::Polish,
        other => panic!("the flag box names the side to move: {other:?}"),
    };
    assert!(on_screen(&driver, "#flag-open").await, "the flag is on screen");
    driver.click("#flag-open").await;
    let ready = driver.exec("return document.getElementById('flag-box').getAttribute('data-ready')").await;
    assert_eq!(ready, json!("0"), "far from 0:00 by the server: the reading first");
    assert_eq!(
        driver.exec("return String(!!document.getElementById('flag-yes'))").await,
        json!("false"),
        "no one-tap flag"
    );
    let who = driver.exec("return document.getElementById('flag-who').textContent").await;
    assert!(who.as_str().is_some_and(|w| !w.is_empty()), "the side and its player named: {who}");
    driver.screenshot("recorder-390-flag-asks").await;
    driver.type_into("#flag-reading", "0:00").await;
    driver.click("#flag-reading-save").await;
    driver.wait_for("#record-confirm").await;
    assert_eq!(shown_step(&driver).await, step + 1, "the flag is one line");
    driver.screenshot("recorder-390-flag-confirm").await;
    let (page, view) = driver.widths().await;
    assert!(page <= view, "no horizontal scroll on the confirmation at 390 px: {page} > {view}");
    // Nothing is saved yet, and the end is taken back like any line.
    let db = TestDb::open(&app.db_url).await;
    let winner_now = || async {
        on_db!(&db, |c| {
            sqlx::query_scalar::<_, Option<String>>("SELECT winner FROM games WHERE id = $1")
                .bind(g)
                .fetch_one(c)
                .await
        })
        .unwrap()
    };
    assert_eq!(winner_now().await, None, "nothing saved before the confirmation");
    driver.click("#confirm-undo").await;
    driver.wait_for("#flag-box").await;
    assert_eq!(shown_step(&driver).await, step, "the flag taken back");
    // At 1280 px, a quarter of an hour later by the server's clock: "Tak, flaga spadła" at once.
    on_db!(&db, |c| {
        sqlx::query("UPDATE recordings SET since_ms = since_ms - 900000 WHERE game_id = $1")
            .bind(g)
            .execute(c)
            .await
            .map(|_| ())
    })
    .unwrap();
    driver.width(1280).await;
    driver.go(&format!("{}/ref/t/{t}/game/{g}/record", app.base)).await;
    driver.wait_for("#flag-box").await;
    driver.click("#flag-open").await;
    let ready = driver.exec("return document.getElementById('flag-box').getAttribute('data-ready')").await;
    assert_eq!(ready, json!("1"), "at 0:00 by the server");
    driver.screenshot("recorder-1280-flag-asks").await;
    driver.click("#flag-yes").await;
    driver.wait_for("#record-confirm").await;
    driver.screenshot("recorder-1280-flag-confirm").await;
    let (page, view) = driver.widths().await;
    assert!(page <= view, "no horizontal scroll on the confirmation at 1280 px: {page} > {view}");
    assert_eq!(winner_now().await, None, "nothing saved before the confirmation");
    driver.click("#confirm-end").await;
    driver.source_having("#record-result", "the game is over on the flag once confirmed").await;
    driver.screenshot("recorder-1280-flag").await;
    driver.width(390).await;

    // Assert: issue 21's targets, as for the first game.
    assert_eq!(tally.loads, 0, "no full page load per event with scripts on");
    assert_eq!(tally.scrolls, 0, "every target on screen without scrolling: {tally:?}");
    // Issue 21's bound was 1.3 over the game's events with the flag as one tap (113 taps for 87
    // events). The flag is now asked and confirmed on purpose (issue 37), so only the tapped lines
    // count: the same 112 taps for 86 lines are 1.302 a line, held to 1.31.
    assert!(per_event <= 1.31, "at most 1.31 taps per line: {tally:?} for {step} lines");

    // The stored log: valid by `check-log`'s call, ended on time against the flagged side, and line
    // for line what the table saw (the masked game: `?` for every card nobody saw), then the flag.
    let (log, winner, termination): (String, Option<String>, Option<String>) = on_db!(&db, |c| {
        sqlx::query_as("SELECT log_text, winner, termination FROM games WHERE id = $1")
            .bind(g)
            .fetch_one(c)
            .await
    })
    .unwrap();
    let validated = validate_log(&log, Edition::builtin_for_log(&log), &RuleOptions::STANDARD)
        .unwrap_or_else(|e| panic!("check-log refuses the stored log: {e:?}\n{log}"));
    assert_eq!(validated.outcome.termination, Termination::TimeForfeit, "{log}");
    assert_eq!(validated.outcome.winner, flagged.opponent(), "{log}");
    assert_eq!(winner.as_deref(), Some(flagged.opponent().as_str()), "the game's stored winner");
    assert!(termination.is_some(), "the game's stored termination");
    let stored: Vec<String> = notation::parse(&log)
        .unwrap()
        .events
        .into_iter()
        .map(|ev| notation::Event { clock: None, ..ev }.to_string())
        .collect();
    let mut expected = lines.clone();
    expected.push(format!("{} clock", flagged.as_str()));
    assert_eq!(stored.len(), expected.len(), "{log}");
    assert_eq!(stored[..lines.len()], expected[..lines.len()], "the lines as tapped");
    assert!(stored[lines.len()].starts_with(&expected[lines.len()]), "the flag: {}", stored[lines.len()]);
    // `?` where the table saw nothing: every draw, the cards the cipher looked at, every card drawn back.
    let parsed = notation::parse(&log).unwrap();
    let mut unseen_only = 0;
    for ev in &parsed.events {
        let hidden: Vec<&str> = match &ev.body {
            Body::Draw { cards } => cards.iter().map(|c| c.as_str()).collect(),
            Body::Pillage { draw, .. } => draw.iter().map(|c| c.as_str()).collect(),
            Body::Play { play: PlayBody::BrokenCipher { look }, .. } => {
                look.iter().map(|c| c.as_str()).collect()
            }
            Body::Pull { card } => vec![card.as_str()],
            _ => continue,
        };
        assert!(hidden.iter().all(|c| *c == "?"), "seen by nobody, written `?`: {ev}");
        unseen_only += 1;
    }
    assert!(unseen_only >= 3, "the deal, the cipher and more: {unseen_only}");
    driver.end().await;
}
