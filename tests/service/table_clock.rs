//! "The tablet is the clock" (issue 21): in a tournament that chose it, the players press a clock the
//! server keeps, at known times (the test moves the clock's start back as time passing would), while
//! the scribe records every event late; every reading in the stored log is the one of its player's
//! press, never the one at the scribe's tap, and a flag fall is the clock's own.

use crate::helpers::*;
use crate::pages::has;
use crate::table::{db, one_table_with, post_line, start, table_game, url};
use bitwa::engine::notation;
use bitwa::engine::{Edition, validate_log};
use bitwa::outcome::Side;

/// `m:ss` of whole seconds.
fn mss(secs: i64) -> String {
    format!("{}:{:02}", secs / 60, secs % 60)
}

#[actix_rt::test]
async fn with_the_tablet_as_the_clock_every_reading_is_the_players_press_not_the_scribes_tap() {
    let (lines, _) = table_game();
    let app = TestApp::spawn().await;
    let (t, _admin, referee, g) = one_table_with(&app, &[("table_clock", "tablet")]).await;
    let side_of = |line: &str| notation::parse(line).unwrap().events.remove(0).side;
    let name = |s: Side| s.as_str();
    let clock = format!("/ref/t/{t}/game/{g}/clock");
    let db = db(&app).await;
    // Time passes for the clock that runs: its start moves back by `ms`.
    let pass = async |ms: i64| {
        on_db!(&db, |c| sqlx::query("UPDATE recordings SET since_ms = since_ms - $1 WHERE game_id = $2")
            .bind(ms)
            .bind(g)
            .execute(c)
            .await
            .map(|_| ()))
        .unwrap();
    };
    let press = async |side: Side| {
        let pressed = referee.post(&clock, &[("press", name(side))]).await;
        assert_eq!(pressed.status, 303, "{}", pressed.body);
    };
    start(&referee, t, g).await;
    // The deal: nothing pressed yet, nothing read.
    for line in &lines[..2] {
        assert_eq!(post_line(&referee, t, g, line).await.status, 303);
    }
    let recorder = referee.get(&url(t, g)).await;
    assert!(has(&recorder, "#to-tablet-clock"), "{}", recorder.body);
    assert!(!has(&recorder, "#flags") && !has(&recorder, "[name=reading]"), "{}", recorder.body);
    let tablet = referee.get(&clock).await;
    tablet.assert_ok();
    assert!(has(&tablet, "#press-red") && has(&tablet, "#press-polish"), "{}", tablet.body);
    // The model of the clock, by hand: what each side has left, and whose clock runs.
    let mut left = [900_000_i64, 900_000];
    let at = |s: Side| usize::from(s == Side::Polish);
    let mut running: Option<Side> = None;
    let mut expected: Vec<(String, i64)> = Vec::new();
    for (k, line) in lines.iter().enumerate().take(8).skip(2) {
        let mover = side_of(line);
        if running != Some(mover) {
            // The opponent pressed after its move: the mover's clock runs.
            press(mover.opponent()).await;
        }
        let think = 10_000 + 1_000 * i64::try_from(k).unwrap();
        pass(think).await;
        left[at(mover)] -= think;
        press(mover).await;
        running = Some(mover.opponent());
        let at_press = left[at(mover)] / 1000;
        // The scribe records 7 s late, while the opponent's clock runs.
        pass(7_000).await;
        left[at(mover.opponent())] -= 7_000;
        assert_eq!(post_line(&referee, t, g, line).await.status, 303, "line {}", k + 1);
        expected.push((line.clone(), at_press));
    }
    // The stored lines carry the readings of the presses (within the milliseconds the requests took),
    // seven seconds more than the clock showed when the scribe tapped.
    let stored: Vec<(String,)> = on_db!(&db, |c| sqlx::query_as(
        "SELECT line FROM recorded_lines WHERE game_id = $1 AND step > 2 ORDER BY step"
    )
    .bind(g)
    .fetch_all(c)
    .await)
    .unwrap();
    assert_eq!(stored.len(), expected.len());
    for ((got,), (line, secs)) in stored.iter().zip(&expected) {
        let reading = notation::parse(got).unwrap().events.remove(0).clock.expect("a reading");
        let reading = i64::from(reading);
        assert!(got.starts_with(line.as_str()), "{got} is {line}");
        assert!(
            (*secs..=secs + 1).contains(&reading),
            "{got}: the press read {} (the scribe's tap {})",
            mss(*secs),
            mss(secs - 7)
        );
    }
    // The flag is the clock's own: the running side's time runs out, and the next look ends the game.
    let flagged = running.unwrap();
    pass(left[at(flagged)] + 1_000).await;
    assert!(has(&referee.get(&clock).await, "#clock-over"));
    let (winner, termination, log): (String, String, String) =
        on_db!(&db, |c| sqlx::query_as("SELECT winner, termination, log_text FROM games WHERE id = $1")
            .bind(g)
            .fetch_one(c)
            .await)
        .unwrap();
    assert_eq!((winner.as_str(), termination.as_str()), (name(flagged.opponent()), "time-forfeit"));
    assert!(log.trim_end().ends_with(&format!("{} clock {{0:00}}", name(flagged))), "{log}");
    validate_log(&log, Edition::builtin(), &crate::table::OPTIONS).expect("the log validates");
    assert_eq!(referee.post(&clock, &[("press", "red")]).await.status, 400, "a clock of a game over");
    db.close().await;
}
