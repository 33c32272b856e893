//! The recorder's writes are atomic (issue 21): a pause, an undo and a line sent at the same step by two
//! devices race over HTTP, 20 rounds of each pair, and every time the stored recording is exactly what
//! the requests that landed (303) made: a refused one (409) changed nothing, and none undid another's
//! effect (the undo that wrote back the pause flag it read before the pause landed). Without the
//! revision in the recorder's compare-and-set this fails within the 20 pause/undo rounds (tried: a
//! pause and an undo both answered 303 and the stored recording was unpaused).

use crate::helpers::*;
use crate::table::{db, one_table, post_line, start, table_game, url};

/// The stored recording: (lines, paused, whose clock runs, the last line).
async fn stored(app: &TestApp, g: i64) -> (i64, bool, Option<String>, Option<String>) {
    let db = db(app).await;
    let (steps, paused, running): (i64, bool, Option<String>) = on_db!(&db, |c| {
        sqlx::query_as("SELECT steps, paused, running FROM recordings WHERE game_id = $1")
            .bind(g)
            .fetch_one(c)
            .await
    })
    .unwrap();
    let last: Option<(String,)> = on_db!(&db, |c| {
        sqlx::query_as("SELECT line FROM recorded_lines WHERE game_id = $1 ORDER BY step DESC LIMIT 1")
            .bind(g)
            .fetch_optional(c)
            .await
    })
    .unwrap();
    db.close().await;
    (steps, paused, running, last.map(|(l,)| l))
}

/// What one device sends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Send {
    Pause,
    Undo,
    Push,
}

/// Bring the recording back to `at` lines, not paused.
async fn reset(app: &TestApp, b: &Browser, t: i64, g: i64, at: usize, lines: &[String]) {
    let (steps, paused, _, _) = stored(app, g).await;
    let mut steps = usize::try_from(steps).unwrap();
    if paused {
        let resumed = b.post(&url(t, g), &[("step", steps.to_string().as_str()), ("action", "resume")]).await;
        assert_eq!(resumed.status, 303, "{}", resumed.body);
    }
    while steps > at {
        let undone = b.post(&url(t, g), &[("step", steps.to_string().as_str()), ("action", "undo")]).await;
        assert_eq!(undone.status, 303, "{}", undone.body);
        steps -= 1;
    }
    for line in &lines[steps..at] {
        assert_eq!(post_line(b, t, g, line).await.status, 303);
    }
    let (steps, paused, _, _) = stored(app, g).await;
    assert_eq!((steps, paused), (i64::try_from(at).unwrap(), false));
}

#[actix_rt::test]
async fn a_pause_an_undo_and_a_line_at_one_step_store_what_the_landed_request_made() {
    let (lines, _) = table_game();
    let app = TestApp::spawn().await;
    let (t, _admin, referee, g) = one_table(&app).await;
    // A second device of the same referee.
    let tablet = app.browser();
    tablet.login("sedzia", "sedzia-haslo").await;
    start(&referee, t, g).await;
    const AT: usize = 6;
    let step = AT.to_string();
    let form = |send: Send| -> Vec<(&str, &str)> {
        match send {
            Send::Pause => vec![("step", step.as_str()), ("action", "pause")],
            Send::Undo => vec![("step", step.as_str()), ("action", "undo")],
            Send::Push => vec![("step", step.as_str()), ("event", lines[AT].as_str())],
        }
    };
    for (first, second) in [(Send::Pause, Send::Undo), (Send::Pause, Send::Push), (Send::Undo, Send::Push)] {
        for round in 0..20 {
            reset(&app, &referee, t, g, AT, &lines).await;
            let (a, b) = (form(first), form(second));
            let path = url(t, g);
            let (one, two) = tokio::join!(referee.post(&path, &a), tablet.post(&path, &b));
            for page in [&one, &two] {
                assert!(matches!(page.status, 303 | 409), "{first:?}/{second:?} {round}: {}", page.body);
            }
            let landed: Vec<Send> = [(first, one.status), (second, two.status)]
                .iter()
                .filter(|(_, s)| *s == 303)
                .map(|(x, _)| *x)
                .collect();
            assert!(!landed.is_empty(), "{first:?}/{second:?} {round}: one of two always lands");
            // What the landed requests made, whichever order they landed in.
            let paused = landed.contains(&Send::Pause);
            let undone = landed.contains(&Send::Undo);
            let pushed = landed.contains(&Send::Push);
            assert!(!(undone && pushed), "an undo and a line at one step cannot both land");
            let steps = i64::try_from(AT).unwrap() + i64::from(pushed) - i64::from(undone);
            let last = if pushed {
                lines[AT].as_str()
            } else if undone {
                lines[AT - 2].as_str()
            } else {
                lines[AT - 1].as_str()
            };
            let (got_steps, got_paused, running, got_last) = stored(&app, g).await;
            let what = format!("{first:?}/{second:?} round {round}: landed {landed:?}");
            assert_eq!((got_steps, got_paused), (steps, paused), "{what}");
            assert_eq!(running, None, "{what}: the recorder keeps no clock (the table's chess clock does)");
            assert_eq!(got_last.as_deref(), Some(last), "{what}");
        }
    }
}
