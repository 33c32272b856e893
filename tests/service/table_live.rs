//! The live page for the venue's projector (issue 21, item 5): every table of the round in play, as
//! in play (its recorded game with the board), finished (the match's result) or not started, served
//! from the read model: a visitor's body is kept at the tournament's stamp and the recordings'
//! revisions, so a second visitor is answered from the store; a recorded line (which does not move
//! the stamp) makes the next page new; a logged-in visitor's page is never stored.

use crate::helpers::*;
use crate::setup::Day;
use crate::table::{db, post_line, start, table_game};
use bitwa::store::TournamentId;

/// The value of the first `data-ms="…"` after `id="live-game-{g}"` in a live page.
fn red_ms(body: &str, g: i64) -> String {
    let game = crate::pages::first(body, &format!("#live-game-{g}")).expect("the game is on the live page");
    game.first("[data-ms]").expect("a clock").get("data-ms").to_string()
}

#[actix_rt::test]
async fn the_live_page_lists_finished_in_play_and_waiting_tables_and_a_second_visitor_gets_the_kept_body() {
    let (lines, _) = table_game();
    let app = TestApp::spawn().await;
    let day = Day::new(&app).players(6).referee().published().open().await;
    let t = day.t;
    let [done, playing, waiting] = [day.matches[0], day.matches[1], day.matches[2]];
    // Table 1 is over (both games typed), table 2 is being recorded, table 3 has not begun.
    for i in 0..2 {
        let games = day.games(done).await;
        let saved = day.result(&games[i], "red", "warsaw-entered", "21").await;
        assert_eq!(saved.status, 303, "{}", saved.body);
    }
    let g = day.games(playing).await[0].0;
    start(day.referee(), t, g).await;
    for line in &lines[..3] {
        assert_eq!(post_line(day.referee(), t, g, line).await.status, 303);
    }
    let round = app.browser().get(&format!("/t/{t}/round/1")).await;

    let visitor = app.browser();
    let live = visitor.get(&format!("/t/{t}/live")).await;
    let tables = crate::pages::Live::read(&live.assert_ok().body);
    let states: Vec<(i64, &str)> = tables.matches.iter().map(|m| (m.id, m.state.as_str())).collect();
    assert_eq!(states, [(done, "finished"), (playing, "in-play"), (waiting, "not-started")]);
    assert_eq!(tables.games(), [g], "the game in play, on a small board");
    assert!(crate::pages::has(&live, &format!("#live-game-{g} svg.board.small")));
    let words = crate::pages::texts(&live, "span.live-state");
    assert_eq!(words, ["Zakończony", "W toku", "Nierozpoczęty"], "each state in words");
    // The finished table says its result as the round's page does.
    let sentence = crate::pages::text_of(&live, &format!("#live-match-{done} p.live-result"));
    assert!(!sentence.is_empty());
    assert_eq!(crate::pages::Round::read(&round).line(done).result, sentence);
    // Only one board: the tables not being recorded show none.
    assert_eq!(live.body.matches("class=\"board small\"").count(), 1);

    // The clock as stored; changed behind the server's back (no write moves the stamp or the
    // recording's revision), a second visitor still gets the kept body: it was not rendered again.
    let shown = red_ms(&live.body, g);
    let kept = app.views.kept(TournamentId(t)).expect("the tournament's view is built");
    let db = db(&app).await;
    on_db!(&db, |c| sqlx::query("UPDATE recordings SET red_ms = red_ms - 60000 WHERE game_id = $1")
        .bind(g)
        .execute(c)
        .await
        .map(|_| ()))
    .unwrap();
    let again = app.browser().get(&format!("/t/{t}/live")).await;
    again.assert_ok();
    assert_eq!(again.body, live.body, "the second visitor's page is the kept body");
    assert_eq!(again.header("etag"), live.header("etag"));
    assert_eq!(red_ms(&again.body, g), shown);
    assert_eq!(app.views.kept(TournamentId(t)), Some(kept), "nothing rendered and kept again");
    assert_eq!(again.header("cache-control"), "public, max-age=3");
    // The frame is kept apart from the page (and is one too).
    let frame = visitor.get(&format!("/t/{t}/live?frame=1")).await;
    frame.assert_ok().assert_lacks("<html");
    assert!(crate::pages::has(&frame, &format!("#live-game-{g}")), "{}", frame.body);
    assert_eq!(visitor.get(&format!("/t/{t}/live?frame=1")).await.body, frame.body);

    // A logged-in visitor's page is rendered for them: it shows the stored clock, and is not kept.
    let mine = day.referee().get(&format!("/t/{t}/live")).await;
    assert_eq!(mine.header("cache-control"), "no-store");
    let expected = (shown.parse::<i64>().unwrap() - 60_000).to_string();
    assert_eq!(red_ms(&mine.body, g), expected);

    // A recorded line moves the recording's revision (not the stamp): the next visitor's page is new.
    assert_eq!(post_line(day.referee(), t, g, &lines[3]).await.status, 303);
    let after = app.browser().get(&format!("/t/{t}/live")).await;
    assert_ne!(after.body, live.body);
    assert_eq!(red_ms(&after.body, g), expected, "rendered again from the stored recording");
}

#[actix_rt::test]
async fn the_live_page_is_rendered_once_per_change_however_many_visitors_ask() {
    let (lines, _) = table_game();
    let app = TestApp::spawn().await;
    let day = Day::new(&app).players(6).referee().published().open().await;
    let t = day.t;
    let id = TournamentId(t);
    let live = format!("/t/{t}/live");
    let frame = format!("/t/{t}/live?frame=1");

    // Nothing recorded yet: forty visitors (twenty at once, twice), one render of the page.
    let first = app.browser().get(&live).await;
    let states: Vec<String> =
        crate::pages::Live::read(&first.assert_ok().body).matches.into_iter().map(|m| m.state).collect();
    assert!(states.iter().all(|s| s == "not-started") && !states.is_empty(), "{states:?}");
    let etag = first.header("etag");
    for _ in 0..2 {
        let pages = futures_util::future::join_all((0..20).map(|_| async {
            let visitor = app.browser();
            visitor.get(&live).await
        }))
        .await;
        for page in pages {
            page.assert_ok();
            assert_eq!(page.header("etag"), etag);
        }
    }
    assert_eq!(app.views.live_rendered(id), Some(1), "one render for forty-one visitors");

    // A game in play (its clock not running: the players' chess clocks keep the time).
    let g = day.games(day.matches[0]).await[0].0;
    start(day.referee(), t, g).await;
    for line in &lines[..2] {
        assert_eq!(post_line(day.referee(), t, g, line).await.status, 303);
    }
    let playing = app.browser().get(&live).await;
    playing.assert_ok();
    assert!(crate::pages::has(&playing, &format!("#live-game-{g}")), "{}", playing.body);
    assert!(!crate::pages::has(&playing, "[data-running]"), "{}", playing.body);
    let rendered = app.views.live_rendered(id).expect("the view of the started recording");
    let etag = playing.header("etag");
    let pages =
        futures_util::future::join_all((0..20).map(|_| async { app.browser().get(&live).await })).await;
    for page in pages {
        assert_eq!(page.header("etag"), etag, "the kept body");
    }
    // A visitor who has it is told it did not change, without a render.
    let again = app.browser().get_with(&live, &[("if-none-match", etag.as_str())]).await;
    assert_eq!(again.status, 304);
    // The frame is rendered once too.
    let f = app.browser().get(&frame).await;
    assert_eq!(app.browser().get(&frame).await.body, f.body);
    assert_eq!(app.views.live_rendered(id), Some(rendered + 1), "the frame once, the page not again");

    // A recorded line is a change: the next visitor gets a new page, rendered once more.
    assert_eq!(post_line(day.referee(), t, g, &lines[2]).await.status, 303);
    let after = app.browser().get(&live).await;
    assert_ne!(after.header("etag"), etag);
    assert_eq!(app.browser().get(&live).await.header("etag"), after.header("etag"));
    assert_eq!(app.views.live_rendered(id), Some(rendered + 2));
}
