//! One tap per event (issue 21): from the recorder's own page (`auto=1`), the steps the table offers no
//! choice in are written by the recorder after the scribe's line (the unseen draws after a combat and
//! in the clean-up, a decision with one legal event), the scribe sees them marked on the page, and an
//! undo takes them back together with the line that led to them.

use crate::helpers::*;
use crate::pages::has;
use crate::table::{OPTIONS, db, one_table, start, step_of, table_game, url};
use bitwa::engine::validate_log;
use bitwa::engine::{Edition, GameState, Unseen, is_forced};

async fn stored_lines(app: &TestApp, g: i64) -> Vec<String> {
    let db = db(app).await;
    let rows: Vec<(String,)> =
        on_db!(&db, |c| sqlx::query_as("SELECT line FROM recorded_lines WHERE game_id = $1 ORDER BY step")
            .bind(g)
            .fetch_all(c)
            .await)
        .unwrap();
    rows.into_iter().map(|(l,)| l).collect()
}

/// The forced lines of a game, counted by replaying it (what the recorder should write by itself).
fn forced_count(lines: &[String]) -> usize {
    let e = Edition::builtin();
    let mut state = GameState::new(e, OPTIONS);
    let mut n = 0;
    for (i, line) in lines.iter().enumerate() {
        let ev = bitwa::engine::notation::parse(line).unwrap().events.remove(0);
        n += usize::from(is_forced(&state, &ev, &Unseen, i));
        state = state.apply_line(&ev).unwrap();
    }
    n
}

#[actix_rt::test]
async fn the_recorder_writes_the_forced_steps_itself_and_the_scribe_sends_only_the_choices() {
    let (lines, outcome) = table_game();
    let expected_forced = forced_count(&lines);
    assert!(expected_forced > 5, "a game with combats and clean-ups forces steps: {expected_forced}");
    let app = TestApp::spawn().await;
    let (t, _admin, referee, g) = one_table(&app).await;
    start(&referee, t, g).await;
    let (mut step, mut sent, mut saw_note) = (0usize, 0usize, false);
    while step < lines.len() {
        let s = step.to_string();
        let res = referee
            .post(&url(t, g), &[("step", s.as_str()), ("event", lines[step].as_str()), ("auto", "1")])
            .await;
        assert_eq!(res.status, 303, "line {} `{}`: {}", step + 1, lines[step], res.body);
        sent += 1;
        let page = referee.get(&url(t, g)).await;
        let now: usize = step_of(&page.body).parse().unwrap();
        assert!(now > step, "the line was recorded");
        if now > step + 1 && now < lines.len() {
            // Shown, not asked: the note above the options and the move list's marks.
            assert!(has(&page, "#forced-note") && has(&page, "#moves li.forced"), "{}", page.body);
            saw_note = true;
        }
        step = now;
    }
    assert!(saw_note, "the scribe saw a forced step");
    // What the recorder wrote is the game, line for line: the scribe sent only the choices.
    assert_eq!(stored_lines(&app, g).await, lines);
    assert_eq!(sent + expected_forced, lines.len(), "one post per line that was a choice");
    let db = db(&app).await;
    let (log,): (String,) = on_db!(&db, |c| {
        sqlx::query_as("SELECT log_text FROM games WHERE id = $1").bind(g).fetch_one(c).await
    })
    .unwrap();
    let v = validate_log(&log, Edition::builtin(), &OPTIONS).expect("the stored log validates");
    assert_eq!(v.outcome, outcome);
}

#[actix_rt::test]
async fn undo_takes_back_the_forced_steps_with_the_line_that_led_to_them() {
    let (lines, _) = table_game();
    let app = TestApp::spawn().await;
    let (t, _admin, referee, g) = one_table(&app).await;
    start(&referee, t, g).await;
    // Record with the recorder's page until a line is followed by forced steps.
    let mut step = 0usize;
    let (before, after) = loop {
        let s = step.to_string();
        let res = referee
            .post(&url(t, g), &[("step", s.as_str()), ("event", lines[step].as_str()), ("auto", "1")])
            .await;
        assert_eq!(res.status, 303, "{}", res.body);
        let now: usize = step_of(&referee.get(&url(t, g)).await.body).parse().unwrap();
        if now > step + 1 {
            break (step, now);
        }
        step = now;
    };
    let s = after.to_string();
    let undone = referee.post(&url(t, g), &[("step", s.as_str()), ("action", "undo"), ("auto", "1")]).await;
    assert_eq!(undone.status, 303, "{}", undone.body);
    assert_eq!(step_of(&referee.get(&url(t, g)).await.body), before.to_string(), "back before the line");
    assert_eq!(stored_lines(&app, g).await, lines[..before]);
    let rows = history_rows(&app, "recording", "undo").await;
    assert_eq!(rows.len(), after - before, "each line taken back is in history: {rows:?}");
    // Without `auto` (a client writing every line itself) an undo takes back one line, and a line
    // is recorded alone.
    let s = before.to_string();
    let one = referee.post(&url(t, g), &[("step", s.as_str()), ("event", lines[before].as_str())]).await;
    assert_eq!(one.status, 303);
    assert_eq!(step_of(&referee.get(&url(t, g)).await.body), (before + 1).to_string());
    let s = (before + 1).to_string();
    assert_eq!(referee.post(&url(t, g), &[("step", s.as_str()), ("action", "undo")]).await.status, 303);
    assert_eq!(step_of(&referee.get(&url(t, g)).await.body), before.to_string());
}
