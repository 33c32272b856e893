//! Clocks on time (issue 35, item 3): an online game whose running clock runs out with no page
//! open is ended by the server's own task within 2 s of its flag (a loss on time once waited half
//! an hour for someone to open the live page), its log saved as valid, the live page showing it
//! decided; the player's open event stream hears of it.

use crate::helpers::*;
use crate::online::{issue_links, referee_url, round_one, show_up};
use std::time::{Duration, Instant};

/// `attr="…"` of the element with `id`.
fn attr_of(body: &str, id: &str, attr: &str) -> Option<String> {
    crate::pages::first(body, &format!("#{id}"))?.attr(attr).map(str::to_string)
}

#[actix_web::test]
async fn a_clock_that_runs_out_with_no_page_open_is_decided_within_two_seconds() {
    let app = TestApp::spawn().await;
    let (t, admin, matches) = round_one(&app, 2).await;
    let m = matches[0];
    assert_eq!(admin.post(&referee_url(t, m), &[("action", "mark")]).await.status, 303);
    let tokens = issue_links(&admin, t, m).await;
    let pairs: Vec<(Browser, &str)> = tokens.iter().map(|(_, tok)| (app.browser(), tok.as_str())).collect();
    show_up(&pairs).await;
    let page = pairs[0].0.get(&format!("/online/{}", pairs[0].1)).await;
    let game: i64 = attr_of(&page.body, "online", "data-game").expect("the game is on").parse().unwrap();
    // One player keeps the page's event stream open; nobody loads a page from here on.
    let client = awc::Client::builder().timeout(Duration::from_secs(30)).finish();
    let mut stream = client
        .get(format!("{}/online/{}/events", app.base, pairs[1].1))
        .send()
        .await
        .expect("the stream opens");
    // The clock of the side to act (Red, its extra markers) is left one second.
    let db = crate::table::db(&app).await;
    let now = chrono::Utc::now().timestamp_millis();
    on_db!(&db, |c| sqlx::query(
        "UPDATE recordings SET red_ms = 1000, polish_ms = 1000, since_ms = $1 WHERE game_id = $2"
    )
    .bind(now)
    .bind(game)
    .execute(c)
    .await
    .map(|_| ()))
    .unwrap();
    let flag_at = Instant::now() + Duration::from_millis(1000);
    let mut decided = None;
    while Instant::now() < flag_at + Duration::from_secs(4) {
        let termination: Option<String> =
            on_db!(&db, |c| sqlx::query_scalar("SELECT termination FROM games WHERE id = $1")
                .bind(game)
                .fetch_one(c)
                .await)
            .unwrap();
        if let Some(term) = termination {
            decided = Some((term, Instant::now()));
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let (termination, at) = decided.expect("the game was decided with no page open");
    assert_eq!(termination, "time-forfeit");
    let late = at.saturating_duration_since(flag_at);
    eprintln!("decided {late:?} after the flag");
    assert!(late <= Duration::from_secs(2), "decided {late:?} after the flag");
    // Its log is saved and valid; the live page shows the table under way (game 1 decided), no
    // game of it being recorded; the open stream heard of the end.
    let log = admin.get(&format!("/t/{t}/game/{game}/log")).await;
    assert_eq!(log.status, 200, "the finished game's log");
    let live = app.browser().get(&format!("/t/{t}/live")).await;
    let live = crate::pages::Live::read(&live.assert_ok().body);
    let table = live.matches.iter().find(|x| x.id == m).expect("the table listed");
    assert_eq!(table.state, "in-play", "{live:?}");
    assert!(!live.games().contains(&game), "no game of it being recorded: {live:?}");
    let heard = tokio::time::timeout(Duration::from_secs(3), async {
        use futures_util::StreamExt;
        let mut text = String::new();
        while let Some(Ok(chunk)) = stream.next().await {
            text.push_str(&String::from_utf8_lossy(&chunk));
            if text.matches("event: step").count() >= 2 {
                return text;
            }
        }
        text
    })
    .await
    .expect("the stream hears of the end at once");
    assert!(heard.matches("event: step").count() >= 2, "{heard}");
    app.stop().await;
}
