//! A player's personal link, bounded and private (issue 35, item 5): every answer under `/online/`
//! is `Cache-Control: no-store` and `Referrer-Policy: no-referrer`; a link holds at most 4 event
//! streams (a fifth closes the oldest) and the process a set number (past it 503 with
//! `Retry-After`); wrong tokens from an address are throttled without locking out a live link or a
//! login from that address.

use crate::helpers::*;
use crate::online::{issue_links, referee_url, round_one, show_up};
use futures_util::StreamExt;
use std::time::Duration;

/// Open an event stream of `$path` on a connection of its own.
macro_rules! open_stream {
    ($app:expr, $path:expr) => {
        awc::Client::builder()
            .timeout(Duration::from_secs(30))
            .finish()
            .get(format!("{}{}/events", $app.base, $path))
            .send()
            .await
            .expect("the stream answers")
    };
}

/// An online match whose game 1 is on: the organiser, the two players' paths.
async fn game_on(app: &TestApp) -> (Browser, i64, i64, Vec<String>) {
    let (t, admin, matches) = round_one(app, 2).await;
    let m = matches[0];
    assert_eq!(admin.post(&referee_url(t, m), &[("action", "mark")]).await.status, 303);
    let tokens = issue_links(&admin, t, m).await;
    let pairs: Vec<(Browser, &str)> = tokens.iter().map(|(_, tok)| (app.browser(), tok.as_str())).collect();
    show_up(&pairs).await;
    (admin, t, m, tokens.iter().map(|(_, tok)| format!("/online/{tok}")).collect())
}

#[track_caller]
fn assert_private(page: &Page, what: &str) {
    assert_eq!(page.header("cache-control"), "no-store", "{what}");
    assert_eq!(page.header("referrer-policy"), "no-referrer", "{what}");
}

#[actix_web::test]
async fn every_online_answer_is_no_store_and_no_referrer() {
    let app = TestApp::spawn().await;
    let (admin, t, m, paths) = game_on(&app).await;
    let player = app.browser();
    let page = player.get(&paths[0]).await;
    assert_eq!(page.status, 200);
    assert_private(&page, "the player's page");
    let refused = player.post(&paths[0], &[("step", "0"), ("event", "red pass")]).await;
    assert!(refused.status == 409 || refused.status == 422, "{}", refused.body);
    assert_private(&refused, "a refused move");
    let unknown = app.browser().get(&format!("/online/{}", "0".repeat(64))).await;
    assert_eq!(unknown.status, 404);
    assert_private(&unknown, "a token that opens nothing");
    let stream = open_stream!(app, &paths[1]);
    assert_eq!(stream.status().as_u16(), 200);
    let header =
        |name: &str| stream.headers().get(name).and_then(|v| v.to_str().ok()).unwrap_or("").to_string();
    assert_eq!(
        (header("cache-control"), header("referrer-policy")),
        ("no-store".into(), "no-referrer".into())
    );
    drop(stream);
    // Revoked: 403, private too; the public pages keep their own policy.
    let players = issue_links(&admin, t, m).await;
    let revoked = app.browser().get(&paths[0]).await;
    assert_eq!(revoked.status, 403, "a new link revoked the old");
    assert_private(&revoked, "a revoked link");
    assert!(!players.is_empty());
    let public = app.browser().get(&format!("/t/{t}")).await;
    assert_eq!(public.header("referrer-policy"), "strict-origin-when-cross-origin");
    assert_ne!(public.header("cache-control"), "no-store");
    app.stop().await;
}

#[actix_web::test]
async fn a_link_holds_four_streams_and_the_process_its_cap() {
    let app = TestApp::spawn_settings(|s| s.online_streams = 6).await;
    let (_, _, _, paths) = game_on(&app).await;
    // Five streams of one link: the first is closed (its body ends), the others stay.
    let mut first = open_stream!(app, &paths[0]);
    assert_eq!(first.status().as_u16(), 200);
    let head = first.next().await.expect("the first chunk").expect("a chunk");
    assert!(String::from_utf8_lossy(&head).contains("event: step"));
    let mut more = Vec::new();
    for _ in 0..4 {
        let s = open_stream!(app, &paths[0]);
        assert_eq!(s.status().as_u16(), 200);
        more.push(s);
    }
    let ended = tokio::time::timeout(Duration::from_secs(3), async {
        while let Some(chunk) = first.next().await {
            if chunk.is_err() {
                break;
            }
        }
    })
    .await;
    assert!(ended.is_ok(), "the link's oldest stream was closed when a fifth opened");
    for s in &mut more {
        let chunk = tokio::time::timeout(Duration::from_millis(300), s.next()).await;
        // The newer four go on: their first chunk came, and nothing ends them.
        assert!(!matches!(chunk, Ok(None)), "a newer stream stays open");
    }
    // The process holds six: four of the first link, two of the second; a seventh is 503.
    let other_a = open_stream!(app, &paths[1]);
    let other_b = open_stream!(app, &paths[1]);
    assert_eq!((other_a.status().as_u16(), other_b.status().as_u16()), (200, 200));
    let full = open_stream!(app, &paths[1]);
    assert_eq!(full.status().as_u16(), 503);
    assert!(full.headers().get("retry-after").is_some(), "503 says when to come back");
    // A full process still lets a link's new stream take the place of its oldest (a player who
    // reloads is never locked out by others), and that oldest is closed.
    let mut oldest = more.remove(0);
    let again = open_stream!(app, &paths[0]);
    assert_eq!(again.status().as_u16(), 200, "a link's new stream replaces its oldest");
    let closed = tokio::time::timeout(Duration::from_secs(3), async {
        while let Some(Ok(_)) = oldest.next().await {}
    })
    .await;
    assert!(closed.is_ok(), "the replaced stream was closed");
    // Its place was given back: the process is full again, no more and no less.
    let still_full = open_stream!(app, &paths[1]);
    assert_eq!(still_full.status().as_u16(), 503);
    drop((other_a, other_b, again, more));
    app.stop().await;
}

#[actix_web::test]
async fn wrong_tokens_lock_out_neither_a_live_link_nor_a_login_from_their_address() {
    let app = TestApp::spawn().await;
    let (admin, t, _, paths) = game_on(&app).await;
    admin
        .post(&format!("/admin/t/{t}/referees"), &[("username", "sedzia"), ("password", "sedzia-haslo")])
        .await;
    let guesser = Browser::from_address(&app.base, "127.0.0.77");
    for i in 0..20 {
        let guess = format!("/online/{:064x}", i + 1);
        assert_eq!(guesser.get(&guess).await.status, 404, "guess {i}");
    }
    let locked = guesser.get(&format!("/online/{:064x}", 99)).await;
    assert_eq!(locked.status, 429, "the 21st wrong token waits: {}", locked.body);
    assert!(!locked.header("retry-after").is_empty());
    // The real player at the same address plays on, and a referee logs in there.
    let player = Browser::from_address(&app.base, "127.0.0.77");
    assert_eq!(player.get(&paths[0]).await.status, 200, "a live link is never locked out");
    let referee = Browser::from_address(&app.base, "127.0.0.77");
    referee.login("sedzia", "sedzia-haslo").await;
    // Another address's wrong tokens are not this one's.
    assert_eq!(app.browser().get(&format!("/online/{:064x}", 99)).await.status, 404);
    app.stop().await;
}
