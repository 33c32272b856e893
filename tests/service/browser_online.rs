//! An online game in real headless Chromium (issue 25): two players, each in a browser of their own at
//! 390 × 844, play a whole game by tapping the offered events; the waiting player's page follows each
//! move by itself (server-sent events, no navigation by the test); a player who leaves (the tab on
//! another page) and comes back through the link sees the game where it stands; the pages never scroll
//! sideways; the waiting page fits 390 and 1280 px with no small targets; the stored log validates;
//! screenshots in `target/screenshots/online-*.png`. Skips (loudly) without chromium, except in CI.

use crate::browser::{Driver, Offered, browser_binaries, screenshot_dir};
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

/// Wait until the page shows something else than `before` (it follows by itself), up to 10 s.
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

/// Tap, as a finger does, the element the script `find` returns (a JS expression): scrolled into
/// view first if it is not on the screen or something covers it (counted). Returns whether a
/// scroll was needed, or `None` if there is no such element.
async fn tap(d: &Driver, find: &str) -> Option<bool> {
    let js = format!(
        "var el = ({find}); if (!el) return null; \
         var at = function () {{ var r = el.getBoundingClientRect(); var x = r.left + r.width / 2, y = r.top + r.height / 2; \
           var hit = document.elementFromPoint(x, y); \
           return [x, y, r.top >= 0 && r.bottom <= window.innerHeight && !!hit && (hit === el || el.contains(hit))]; }}; \
         var p = at(); var scrolled = false; var why = ''; \
         if (!p[2]) {{ var r0 = el.getBoundingClientRect(); var h0 = document.elementFromPoint(p[0], p[1]); \
           why = 'top ' + Math.round(r0.top) + ', bottom ' + Math.round(r0.bottom) + ' of ' + window.innerHeight + ', scrolled ' + Math.round(window.scrollY) + ', under ' + (h0 ? h0.outerHTML.slice(0, 100) : 'nothing'); \
           el.scrollIntoView({{block: 'center'}}); scrolled = true; p = at(); }} \
         var hit = document.elementFromPoint(p[0], p[1]); \
         return [p[0], p[1], scrolled, p[2], hit ? hit.outerHTML.slice(0, 160) + ' in ' + (hit.parentNode.outerHTML || '').slice(0, 120) : '', why];"
    );
    let v = d.script(&js).await;
    if v.is_null() {
        return None;
    }
    let (x, y) = (v[0].as_f64().unwrap_or(0.0), v[1].as_f64().unwrap_or(0.0));
    assert_eq!(v[3].as_bool(), Some(true), "the element {find} can be tapped: {v}");
    if v[2].as_bool() == Some(true) {
        // Why a scroll was needed, before it (the page may be gone after the tap).
        eprintln!("scrolled to {find}: {}", v[5]);
    }
    for kind in ["mousePressed", "mouseReleased"] {
        d.cdp(
            "Input.dispatchMouseEvent",
            serde_json::json!({"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1}),
        )
        .await;
    }
    Some(v[2].as_bool() == Some(true))
}

/// The tray's button that makes `o`'s move (its "Potwierdź", or its line among the few left, or a
/// path as long to its space: `Offered::same_moves`), as a script.
fn tray_button(o: &Offered, all: &[Offered]) -> String {
    let labels = serde_json::to_string(&o.same_moves(all)).unwrap();
    format!(
        "Array.prototype.filter.call(document.querySelectorAll('#on-pick button'), function (b) {{ var l = {labels}; \
           return (b.id === 'on-confirm' && l.indexOf(b.title) >= 0) || (b.classList.contains('on-line') && (l.indexOf(b.textContent) >= 0 || l.indexOf(b.title) >= 0)); }})[0]"
    )
}

async fn sent(d: &Driver, before: &str) -> bool {
    let v = d
        .script("var o = document.getElementById('online'); return !o || o.hasAttribute('data-sent') ? 'sent' : o.dataset.game + ':' + o.dataset.step;")
        .await;
    let now = v.as_str().unwrap_or_default();
    now == "sent" || now.is_empty() || now != before
}

fn median(v: &mut [u64]) -> u64 {
    v.sort_unstable();
    v.get(v.len() / 2).copied().unwrap_or(0)
}

/// Item 2 of issue 35: two players at 390 × 844 play a whole match (both games) by tapping pieces
/// on the board and cards in the hand, never the list: for each move the test picks one of the
/// offers at random and taps what it names (a unit, then a space or a target; the cards of a
/// selection, then "Potwierdź"), taking the tray's "Potwierdź" or line as soon as it offers the move.
/// Measured: taps per move (median at most 2), a selection's taps (at most its cards + 1), every
/// move's taps at most its pieces + 1, scrolls needed before a tap (none), the board and the hand
/// on the first screen, the page's height and compressed size. Screenshots at 390 and 1280 px in
/// `target/screenshots/online-tap-*.png`. `TAPS_SEED` chooses another sequence of moves (the deal
/// differs each run anyway).
#[actix_rt::test]
async fn two_online_games_are_played_by_taps_on_the_board_and_the_hand_at_390_px() {
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
    }
    moved_on(&players[0], "").await;
    let mut taps_per_move: Vec<u64> = Vec::new();
    let mut selection_over: Vec<String> = Vec::new();
    let mut too_many: Vec<String> = Vec::new();
    let (mut scrolls, mut below_fold) = (0u64, Vec::new());
    let mut scrolled_at: Vec<String> = Vec::new();
    // Taps on a march's middle space to choose its path.
    let mut vias = 0u64;
    let mut heights: Vec<u64> = Vec::new();
    let mut most_cards = 0u64;
    let mut sizes: Vec<u64> = Vec::new();
    let mut games: Vec<String> = Vec::new();
    let mut rng = std::env::var("TAPS_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or(11u64);
    let mut idle = 0;
    let mut shots = 0;
    let mut path_shot = false;
    // The opponent's moves put in place on the waiting page without a reload, and those reloaded.
    let (mut swapped, mut reloaded) = (0u64, Vec::<String>::new());
    loop {
        let mut mover = None;
        for (i, d) in players.iter().enumerate() {
            let here = at(d).await;
            if let Some(g) = here.split(':').next().filter(|g| !g.is_empty())
                && !games.iter().any(|x| x == g)
            {
                games.push(g.to_string());
            }
            if offers(d).await > 0 {
                mover = Some(i);
            }
        }
        let Some(i) = mover else {
            let over = players[0].script("return !!document.getElementById('on-result');").await;
            if games.len() >= 2 && over.as_bool() == Some(true) {
                let o1 = players[1].script("return !!document.getElementById('on-result');").await;
                if o1.as_bool() == Some(true) {
                    break;
                }
            }
            idle += 1;
            assert!(idle < 300, "nobody moves: {}", players[0].source().await);
            if idle % 40 == 0 {
                // The next game starts once both pages come back to it.
                for (d, link) in players.iter().zip(&links) {
                    d.go(link).await;
                }
            }
            actix_rt::time::sleep(Duration::from_millis(50)).await;
            continue;
        };
        idle = 0;
        let d = &players[i];
        let before = at(d).await;
        // The waiting player's page is marked: a reload would drop the mark (item 6: the
        // opponent's move comes without one).
        let other = &players[1 - i];
        let other_before = at(other).await;
        other.script("window.bitwaKept = 1; return 1;").await;
        // The first screen: the board and the hand in the viewport as the page opens.
        let fold = d
            .script(
                "window.scrollTo(0, 0); var b = document.querySelector('.on-board svg').getBoundingClientRect(); \
                 var h = document.getElementById('on-hand').getBoundingClientRect(); \
                 var n = performance.getEntriesByType('navigation')[0]; \
                 var f = performance.getEntriesByType('resource').filter(function (e) { return e.initiatorType === 'fetch' && e.name.indexOf('/events') < 0; }); \
                 if (f.length) n = f[f.length - 1]; performance.clearResourceTimings(); \
                 return [Math.round(b.bottom), Math.round(h.bottom), window.innerHeight, document.documentElement.scrollHeight, \
                   n ? n.encodedBodySize : 0, document.querySelectorAll('#on-hand .cardface').length];",
            )
            .await;
        let (board_bottom, hand_bottom, inner) =
            (fold[0].as_u64().unwrap_or(0), fold[1].as_u64().unwrap_or(0), fold[2].as_u64().unwrap_or(0));
        if board_bottom > inner || hand_bottom > inner {
            below_fold.push(format!("{before}: board {board_bottom}, hand {hand_bottom} of {inner}"));
        }
        heights.push(fold[3].as_u64().unwrap_or(0));
        let cards = fold[5].as_u64().unwrap_or(0);
        if cards > most_cards {
            most_cards = cards;
            if cards > 12 {
                // A big hand, four to a row (looked at).
                d.whole_page_png(&screenshot_dir().join("online-tap-big-hand-390.png")).await;
            }
        }
        if fold[4].as_u64().unwrap_or(0) > 0 {
            sizes.push(fold[4].as_u64().unwrap_or(0));
        }
        let all = d.offered().await;
        assert!(!all.is_empty(), "the mover's page offers moves");
        rng = rng.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let o = all[((rng >> 33) % all.len() as u64) as usize].clone();
        let mut taps = 0u64;
        let mut tapped_vias = 0u64;
        let mut done = false;
        if o.keys.is_empty() {
            let value = serde_json::to_string(&o.value).unwrap();
            let find = format!(
                "Array.prototype.filter.call(document.querySelectorAll('#on-tray > button[name=event]'), function (b) {{ return b.value === {value}; }})[0]"
            );
            let s = tap(d, &find).await.unwrap_or_else(|| panic!("{} in the tray", o.value));
            scrolls += u64::from(s);
            if s {
                let n = d.script("return document.querySelectorAll('#on-tray > button').length;").await;
                scrolled_at.push(format!("{} in a tray of {n}", o.value));
            }
            taps += 1;
            done = true;
        }
        for k in &o.keys {
            if done {
                break;
            }
            if let Some(s) = tap(d, &tray_button(&o, &all)).await {
                scrolls += u64::from(s);
                if s {
                    scrolled_at.push(format!("the tray's {} after {taps} taps", o.value));
                }
                taps += 1;
                done = true;
                break;
            }
            // A space a unit stands on (a march back to it) is tapped as that unit.
            let find = format!(
                "(document.querySelector('#online [data-at=\"{k}\"]') || document.querySelector('#online [data-k=\"{k}\"]:not(button)'))"
            );
            let s = tap(d, &find).await.unwrap_or_else(|| panic!("{k} of {} on the page", o.value));
            scrolls += u64::from(s);
            if s {
                scrolled_at.push(format!("{k} of {} after {taps} taps", o.value));
            }
            taps += 1;
            if shots < 2 && taps == 1 && o.keys.len() > 1 {
                // A piece tapped: what goes on from it lights up (looked at).
                shots += 1;
                let name =
                    if shots == 1 { "online-tap-picked-390.png" } else { "online-tap-picked2-390.png" };
                d.whole_page_png(&screenshot_dir().join(name)).await;
                d.viewport(1280, 900, false).await;
                d.whole_page_png(&screenshot_dir().join(name.replace("390", "1280"))).await;
                d.viewport(390, 844, true).await;
            }
            done = sent(d, &before).await;
        }
        if !done {
            // Several paths to one space: a middle space of this path that no other path to it
            // crosses, tapped on the board.
            let mut same: Vec<&String> = o.keys.iter().collect();
            same.sort();
            let others: Vec<&Offered> = all
                .iter()
                .filter(|x| {
                    x.value != o.value && {
                        let mut k: Vec<&String> = x.keys.iter().collect();
                        k.sort();
                        k == same
                    }
                })
                .collect();
            // Each tap keeps the paths through that space: the one fewest other paths cross first.
            let mut left = others;
            let mut tapped: Vec<&String> = Vec::new();
            while !done && !left.is_empty() {
                let Some(v) = o.next_via(&left, &tapped) else {
                    break;
                };
                let find = format!("document.querySelector('#online [data-k=\"{v}\"]:not(button)')");
                let s = tap(d, &find).await.unwrap_or_else(|| panic!("{v} of {} on the page", o.value));
                scrolls += u64::from(s);
                if s {
                    scrolled_at.push(format!("the middle space {v} of {}", o.value));
                }
                taps += 1;
                vias += 1;
                tapped_vias += 1;
                tapped.push(v);
                left.retain(|x| x.via.contains(v));
                done = sent(d, &before).await;
            }
        }
        if !done {
            if !path_shot
                && d.script("return !!document.querySelector('#on-pick:not([hidden]) .on-path');").await
                    == serde_json::json!(true)
            {
                // Paths to one space: one of each length in the tray (looked at).
                path_shot = true;
                d.whole_page_png(&screenshot_dir().join("online-tap-paths-390.png")).await;
            }
            let Some(s) = tap(d, &tray_button(&o, &all)).await else {
                let seen = d
                    .script("return [document.getElementById('on-pick').outerHTML, Array.prototype.map.call(document.querySelectorAll('#online .on'), function (e) { return e.getAttribute('data-k'); }).join(' '), location.href];")
                    .await;
                panic!("the tray sends {} after its pieces {:?}: {seen}", o.value, o.keys)
            };
            scrolls += u64::from(s);
            if s {
                let t = d
                    .script("var t = document.getElementById('on-tray'); if (!t) return 'sent before it was measured'; var r = t.getBoundingClientRect(); return [document.querySelectorAll('#on-pick button').length, Math.round(r.top), Math.round(r.bottom), t.scrollHeight, window.innerHeight];")
                    .await;
                scrolled_at.push(format!(
                    "the tray's {} at the end (buttons, top, bottom, height, screen: {t})",
                    o.value
                ));
            }
            taps += 1;
        }
        let cards = o.keys.iter().filter(|k| k.starts_with("c:")).count() as u64;
        if cards > 1 && o.keys.len() as u64 == cards && taps > cards + 1 {
            selection_over.push(format!("{} in {taps} taps", o.value));
        }
        // Its pieces: what the line names, and the middle spaces tapped to tell its path apart.
        if taps > o.keys.len().max(1) as u64 + tapped_vias + 1 {
            too_many.push(format!("{} in {taps} taps", o.value));
        }
        taps_per_move.push(taps);
        if taps_per_move.len() == 5 {
            d.whole_page_png(&screenshot_dir().join("online-tap-mover-390.png")).await;
            players[1 - i].whole_page_png(&screenshot_dir().join("online-tap-waiting-390.png")).await;
        }
        moved_on(d, &before).await;
        if !other_before.is_empty() {
            moved_on(other, &other_before).await;
            let kept = other.script("return window.bitwaKept === 1;").await;
            if kept.as_bool() == Some(true) {
                swapped += 1;
            } else {
                reloaded.push(format!("{other_before} after {}", o.value));
            }
        }
        assert!(taps_per_move.len() < 3000, "the games end");
    }
    for d in &players {
        d.whole_page_png(&screenshot_dir().join("online-tap-over-390.png")).await;
    }
    let moves = taps_per_move.len();
    let total: u64 = taps_per_move.iter().sum();
    let med = median(&mut taps_per_move.clone());
    let max_taps = taps_per_move.iter().max().copied().unwrap_or(0);
    let (hmed, hmax) = (median(&mut heights.clone()), heights.iter().max().copied().unwrap_or(0));
    let (smed, smax) = (median(&mut sizes.clone()), sizes.iter().max().copied().unwrap_or(0));
    eprintln!(
        "online by taps at 390 px: {} games, {moves} moves, {total} taps (median {med}, max {max_taps} a move), \
         {scrolls} scrolls, {vias} taps on a middle space, at most {most_cards} cards in a hand, {} moves with the board or hand below the fold; \
         page height median {hmed} px, max {hmax} px; page size compressed median {smed} B, max {smax} B",
        games.len(),
        below_fold.len()
    );
    eprintln!("below the fold: {below_fold:?}; scrolled to: {scrolled_at:?}");
    eprintln!(
        "the opponent's moves on the waiting page: {swapped} put in place, {} reloaded",
        reloaded.len()
    );
    assert!(games.len() >= 2, "both games of the match played: {games:?}");
    assert!(swapped > 20, "the waiting page followed the opponent's moves: {swapped}");
    assert!(reloaded.is_empty(), "the opponent's moves came without a reload: {reloaded:?}");
    assert!(moves > 20, "whole games: {moves} moves");
    assert!(med <= 2, "median taps per move {med}");
    assert!(selection_over.is_empty(), "selections over cards + 1: {selection_over:?}");
    assert!(too_many.is_empty(), "moves over their pieces + 1: {too_many:?}");
    // Issue 35: every move reachable without scrolling. (The one scroll seen in 1 of 20 runs was a
    // tray of paths to one space; it now offers one path of each length.)
    assert_eq!(scrolls, 0, "taps that needed a scroll in {moves} moves: {scrolled_at:?}");
    assert!(below_fold.is_empty(), "the board and the hand on the first screen: {below_fold:?}");
    assert!(smax < 60_000, "a page under 60 kB compressed: {smax}");
    for d in players {
        d.end().await;
    }
    app.stop().await;
}
