//! An online game in real headless Chromium (issue 25): two players, each in a browser of their own at
//! 390 × 844, play a whole game by tapping the offered events; the waiting player's page follows each
//! move by itself (server-sent events, no navigation by the test); a player who leaves (the tab on
//! another page) and comes back through the link sees the game where it stands; the pages never scroll
//! sideways; the waiting page fits 390 and 1280 px with no small targets; the stored log validates;
//! screenshots in `target/screenshots/online-*.png`. Skips (loudly) without chromium, except in CI.

use crate::browser::{Driver, browser_binaries, screenshot_dir};
use crate::browser_targets::SMALL_TARGETS;
use crate::helpers::*;
use crate::online::{issue_links, referee_url, round_one};
use crate::table::OPTIONS;
use bitwa::engine::{Edition, validate_log};
use std::time::Duration;

/// The page's `game:step` (empty while no game page is shown).
async fn at(d: &Driver) -> String {
    let v = d
        .script("var o = document.getElementById('online'); return o ? o.dataset.game + ':' + o.dataset.step : '';")
        .await;
    v.as_str().unwrap_or_default().to_string()
}

async fn offers(d: &Driver) -> u64 {
    d.script("return document.querySelectorAll('#on-offers button').length;").await.as_u64().unwrap_or(0)
}

/// Wait until the page shows something else than `before` (it reloads by itself), up to 10 s.
async fn moved_on(d: &Driver, before: &str) -> String {
    for _ in 0..200 {
        let now = at(d).await;
        if !now.is_empty() && now != before {
            return now;
        }
        actix_rt::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the page never moved on from {before}:\n{}", d.source().await);
}

#[actix_rt::test]
async fn two_players_play_an_online_game_in_chromium_on_phones() {
    let Some((chromium, chromedriver)) = browser_binaries() else { return };
    let app = TestApp::spawn().await;
    let (t, admin, matches) = round_one(&app, 2).await;
    let m = matches[0];
    assert_eq!(admin.post(&referee_url(t, m), &[("action", "mark")]).await.status, 303);
    let tokens = issue_links(&admin, t, m).await;
    let links: Vec<String> = tokens.iter().map(|(_, tok)| format!("{}/online/{tok}", app.base)).collect();
    let players =
        [Driver::start(&chromium, &chromedriver).await, Driver::start(&chromium, &chromedriver).await];
    for (d, link) in players.iter().zip(&links) {
        d.viewport(390, 844, true).await;
        d.go(link).await;
        if std::ptr::eq(d, &players[0]) {
            // The first player's waiting page (the other has not come yet), on a phone and a
            // desktop: it fits both and its controls are large enough to tap.
            d.source_with("id=\"on-waiting\"").await;
            for (width, height, mobile) in [(1280, 900, false), (390, 844, true)] {
                d.viewport(width, height, mobile).await;
                let (page, viewport) = d.page_widths().await;
                assert!(
                    page.max(viewport) <= u64::from(width),
                    "the waiting page at {width} px is {page} px wide"
                );
                if width == 390 {
                    let small = d.script(SMALL_TARGETS).await;
                    assert_eq!(small, serde_json::json!([]), "the waiting page's small targets");
                }
                d.whole_page_png(&screenshot_dir().join(format!("online-waiting-pl-{width}.png"))).await;
            }
        }
    }
    // The first player waits for the second (the page says so); once both have come the game
    // starts, and the waiting page follows by itself (its stream tells it).
    let first = moved_on(&players[0], "").await;
    let game = first.split(':').next().unwrap().to_string();
    let mut moves = 0;
    let mut away: Option<usize> = None;
    let mut rng = 7u64;
    loop {
        // Who decides: the page offering events.
        let mut mover = None;
        for (i, d) in players.iter().enumerate() {
            if away == Some(i) {
                continue;
            }
            if at(d).await.split(':').next() != Some(game.as_str()) {
                mover = None;
                break;
            }
            if offers(d).await > 0 {
                mover = Some(i);
            }
        }
        let Some(i) = mover else {
            if let Some(j) = away.take() {
                // The player away decides now: back through the link, the game where it stands.
                let expected = at(&players[1 - j]).await;
                players[j].go(&links[j]).await;
                assert_eq!(at(&players[j]).await, expected, "reconnecting shows the current state");
                continue;
            }
            break;
        };
        let (d, other) = (&players[i], &players[1 - i]);
        let before = at(d).await;
        if moves == 3 {
            let (width, viewport) = d.page_widths().await;
            assert!(width <= viewport, "the player's page scrolls sideways: {width} > {viewport}");
            d.whole_page_png(&screenshot_dir().join("online-mover-pl-390.png")).await;
            other.whole_page_png(&screenshot_dir().join("online-waiting-move-pl-390.png")).await;
        }
        // After a few moves the waiting player leaves (another page in the tab) for three moves.
        if moves == 6 {
            other.go("about:blank").await;
            away = Some(1 - i);
        }
        let n = offers(d).await;
        rng = rng.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let k = (rng >> 33) % n;
        d.script(&format!("document.querySelectorAll('#on-offers button')[{k}].click(); return 1;")).await;
        let now = moved_on(d, &before).await;
        moves += 1;
        if away == Some(1 - i) && moves >= 9 {
            // Back through the link: the game where it stands.
            other.go(&links[1 - i]).await;
            away = None;
            assert_eq!(at(other).await, now, "reconnecting shows the current state");
        } else if away.is_none() && now.split(':').next() == Some(game.as_str()) {
            // The waiting page follows by itself (to where the mover's is, or, after the move that
            // ended game 1, possibly on to game 2, which its reload started).
            let followed = moved_on(other, &before).await;
            assert!(
                followed == now || !followed.starts_with(&format!("{game}:")),
                "the waiting player's page follows the move: {followed} after {now}"
            );
        }
        assert!(moves < 2000, "the game ends");
    }
    assert!(moves > 10);
    for d in players {
        d.end().await;
    }
    let log = admin.get(&format!("/t/{t}/game/{game}/log")).await;
    assert_eq!(log.status, 200, "the finished game has its log");
    validate_log(&log.body, Edition::builtin(), &OPTIONS).expect("the stored log validates");
    app.stop().await;
}
