//! The digital table over HTTP: the recorder (`/ref/t/{t}/game/{g}/record`) takes one event per post,
//! refuses an illegal one with 422 and keeps nothing of it, survives reloads, a second device and a
//! restart, undoes with history, and keeps the league clock on the server (an event after the flag fell
//! is refused and the game ends on time). The finished game's log and result are saved as a submitted
//! log's are; the game page replays it step by step; the live page lists the games in play.

use crate::helpers::*;
use crate::pages::{Game, Live, Recorder, has};
use bitwa::engine::notation::{self, GameLog};
use bitwa::engine::{Edition, PlayStyle, RuleOptions, mask_unseen, random_game_with, validate_log};
use bitwa::outcome::{GameOutcome, Termination};

/// The tournament form's rules: no optional rules, 15 minutes.
pub const OPTIONS: RuleOptions = RuleOptions {
    fortifications: false,
    flank_attacks: false,
    time_control_secs: 900,
    ..RuleOptions::STANDARD
};

/// The shortest of the first 300 aggressive random games that does not end on time, as a table records
/// it (every unseen card `?`, no clock readings: the recorder's clock writes them): its lines and outcome.
pub fn table_game() -> (Vec<String>, GameOutcome) {
    static GAME: std::sync::OnceLock<(Vec<String>, GameOutcome)> = std::sync::OnceLock::new();
    GAME.get_or_init(|| table_game_with(OPTIONS)).clone()
}

/// [`table_game`] under other rules.
pub fn table_game_with(options: RuleOptions) -> (Vec<String>, GameOutcome) {
    {
        let e = Edition::builtin();
        let mut best: Option<(Vec<String>, GameOutcome)> = None;
        for seed in 0..300 {
            let log = mask_unseen(&random_game_with(seed, e, &options, PlayStyle::Aggressive));
            let Ok(v) = validate_log(&log.to_string(), e, &options) else { continue };
            if v.outcome.termination == Termination::TimeForfeit
                || best.as_ref().is_some_and(|b| b.0.len() <= log.events.len())
            {
                continue;
            }
            let lines: Vec<String> = log
                .events
                .iter()
                .map(|ev| GameLog {
                    header: Vec::new(),
                    events: vec![notation::Event { clock: None, ..ev.clone() }],
                })
                .map(|one| one.to_string().trim().to_string())
                .collect();
            // Without its readings the game is the same game.
            let again = validate_log(&lines.join("\n"), e, &options).expect("valid without readings");
            assert_eq!(again.outcome, v.outcome);
            best = Some((lines, v.outcome));
        }
        best.expect("a game that does not end on time")
    }
}

/// The step (number of lines recorded) a recorder page shows.
pub fn step_of(body: &str) -> String {
    Recorder::read(body).step.expect("the recorder shows its step")
}

/// A published round with one match and a referee: (tournament, organiser, referee, game 1's id).
pub async fn one_table(app: &TestApp) -> (i64, Browser, Browser, i64) {
    one_table_with(app, &[]).await
}

/// [`one_table`] in a tournament created with the form's `overrides`.
pub async fn one_table_with(app: &TestApp, overrides: &[(&str, &str)]) -> (i64, Browser, Browser, i64) {
    let day = crate::setup::Day::new(app)
        .config(overrides)
        .named(&["Anna Czerwona", "Bartek Polski"])
        .referee()
        .published()
        .open()
        .await;
    let games = day.games(day.matches[0]).await;
    let (t, admin, referee, _) = day.into_parts();
    (t, admin, referee, games[0].0)
}

pub fn url(t: i64, g: i64) -> String {
    format!("/ref/t/{t}/game/{g}/record")
}

/// Start recording (as a referee would by pressing the button).
pub async fn start(referee: &Browser, t: i64, g: i64) {
    let page = referee.get(&url(t, g)).await;
    page.assert_ok();
    assert_eq!(Recorder::read(&page).state, "ready", "not started yet");
    let started = referee.post(&url(t, g), &[("action", "start")]).await;
    assert_eq!(started.status, 303, "{}", started.body);
}

/// Post one line at the step the recorder shows now.
pub async fn post_line(referee: &Browser, t: i64, g: i64, line: &str) -> Page {
    let page = referee.get(&url(t, g)).await;
    let step = step_of(&page.body);
    referee.post(&url(t, g), &[("step", step.as_str()), ("event", line)]).await
}

/// The database, for what only time can do (a clock that ran for fifteen minutes).
pub async fn db(app: &TestApp) -> TestDb {
    TestDb::open(&app.db_url).await
}

#[actix_rt::test]
async fn each_event_of_a_game_posted_in_order_is_accepted_and_the_game_ends_with_its_result() {
    let (lines, outcome) = table_game();
    let app = TestApp::spawn().await;
    let (t, _admin, referee, g) = one_table(&app).await;
    start(&referee, t, g).await;
    for (i, line) in lines.iter().enumerate() {
        let step = i.to_string();
        let mut form = vec![("step", step.as_str()), ("event", line.as_str())];
        // Red's first decision: the scribe adds the reading of Red's chess clock.
        if i == 2 {
            form.push(("reading", "14:48"));
        }
        let res = referee.post(&url(t, g), &form).await;
        assert_eq!(res.status, 303, "line {} `{line}`: {}", i + 1, res.body);
    }
    // The game is over: its log and result are saved as a valid submitted log's are.
    let page = referee.get(&url(t, g)).await;
    let recorder = Recorder::read(&page);
    assert_eq!(recorder.state, "over", "{recorder:?}");
    assert!(recorder.options.is_empty(), "nothing more to record: {recorder:?}");
    let db = db(&app).await;
    let (winner, termination, points, log, status): (String, String, i64, String, String) =
        on_db!(&db, |c| {
            sqlx::query_as(
                "SELECT winner, termination, red_points, log_text, log_status FROM games WHERE id = $1",
            )
            .bind(g)
            .fetch_one(c)
            .await
        })
        .unwrap();
    assert_eq!(
        (winner.as_str(), termination.as_str()),
        (outcome.winner.as_str(), outcome.termination.as_str())
    );
    assert_eq!(points, i64::from(outcome.red_points));
    assert_eq!(status, "valid");
    let v = validate_log(&log, Edition::builtin(), &OPTIONS).expect("the stored log validates");
    assert_eq!(v.outcome, outcome);
    assert!(v.claims_agree, "the header's result is the replay's: {:?}", v.claim_mismatches);
    assert!(log.contains("[Red \"") && log.contains("[TimeControl \"900\"]"), "{log}");
    // The only reading is the one the scribe read from the players' clock: the recorder writes none.
    let readings: Vec<&str> = log.lines().filter(|l| !l.starts_with('[') && l.contains('{')).collect();
    assert_eq!(readings, [format!("{} {{14:48}}", lines[2])], "readings in the log:\n{log}");
    let clocks: (Option<i64>, Option<i64>) = on_db!(&db, |c| {
        sqlx::query_as("SELECT red_clock_secs, polish_clock_secs FROM games WHERE id = $1")
            .bind(g)
            .fetch_one(c)
            .await
    })
    .unwrap();
    assert_eq!(clocks, (Some(14 * 60 + 48), None), "the clocks as last read; none where nothing was read");
    // History and standings: the result was entered like any other.
    let entered = history_rows(&app, "game", "enter").await;
    assert!(
        entered.iter().any(|(id, _, new)| *id == g && new.contains("\"log_status\":\"valid\"")),
        "{entered:?}"
    );
    let standings = app.browser().get(&format!("/t/{t}/standings")).await;
    standings.assert_ok();
    // The game page replays it: the board, the move list in words, ?step=N.
    let game = app.browser().get(&format!("/t/{t}/game/{g}")).await;
    let replay = Game::read(&game);
    assert!(replay.board.is_some(), "the board");
    assert_eq!(replay.moves.len(), lines.len(), "{replay:?}");
    assert_eq!(replay.moves[0], "Czerwoni dobierają 10 kart startowych.", "the moves in words");
    // No longer in play: not live, and shared like any finished game's page (finishing moved the
    // stamp, so the read model knows; a page of a game in play is personal, never shared).
    assert!(!replay.live && replay.poll.is_none(), "{replay:?}");
    assert_eq!(game.header("cache-control"), "no-cache", "a shared page");
    let step3 = app.browser().get(&format!("/t/{t}/game/{g}?step=3")).await;
    let replay = Game::read(&step3);
    assert_eq!(replay.step, Some((3, u32::try_from(lines.len()).unwrap())));
    assert_eq!(crate::pages::text_of(&step3, "#replay-step"), format!("Krok 3 / {}", lines.len()));
    let now = replay.now.expect("the step marked as now");
    assert_eq!(replay.links[now], "?step=3", "{replay:?}");
    let english = app.browser();
    english.get("/lang/en").await;
    let english = Game::read(&english.get(&format!("/t/{t}/game/{g}?step=1")).await);
    assert_eq!(english.moves[0], "Red draws 10 opening cards.");
}

#[actix_rt::test]
async fn an_illegal_event_gets_422_in_the_pages_language_and_changes_nothing() {
    let (lines, _) = table_game();
    let app = TestApp::spawn().await;
    let (t, _admin, referee, g) = one_table(&app).await;
    start(&referee, t, g).await;
    for line in &lines[..3] {
        assert_eq!(post_line(&referee, t, g, line).await.status, 303);
    }
    let before = referee.get(&url(t, g)).await;
    assert_eq!(step_of(&before.body), "3");
    // The header's round is the game's, said so that it is not taken for the tournament's.
    assert_eq!(Recorder::read(&before).round, "Runda 1 z 5");
    // Not Polish's decision now: refused with the engine's sentence in Polish, the line kept.
    let refused = referee.post(&url(t, g), &[("step", "3"), ("event", "polish pass")]).await;
    assert_eq!(refused.status, 422, "{}", refused.body);
    let said = Recorder::read(&refused);
    assert!(said.error.as_deref().is_some_and(|e| e.contains("strona czerwona")), "{said:?}");
    assert_eq!(said.typed, "polish pass", "the line kept");
    // Gibberish is a notation error, also 422.
    let gibberish = referee.post(&url(t, g), &[("step", "3"), ("event", "red teleport everything")]).await;
    assert_eq!(gibberish.status, 422, "{}", gibberish.body);
    // Nothing was appended: the same step, the same position.
    let after = referee.get(&url(t, g)).await;
    assert_eq!(step_of(&after.body), "3");
    assert_eq!(Recorder::read(&before).board, Recorder::read(&after).board);
    // The next legal one is accepted.
    let ok = referee.post(&url(t, g), &[("step", "3"), ("event", lines[3].as_str())]).await;
    assert_eq!(ok.status, 303, "{}", ok.body);
    assert_eq!(step_of(&referee.get(&url(t, g)).await.body), "4");
    // In English, the refusal is English.
    referee.get("/lang/en").await;
    let refused = referee.post(&url(t, g), &[("step", "4"), ("event", "red draw R01")]).await;
    assert_eq!(refused.status, 422);
    let said = Recorder::read(&refused);
    assert!(said.error.as_deref().is_some_and(|e| !e.contains("Teraz")), "in English: {said:?}");
    assert_eq!(said.round, "Round 1 of 5");
}

#[actix_rt::test]
async fn a_reload_a_second_device_and_a_restart_resume_exactly() {
    let (lines, _) = table_game();
    let app = TestApp::spawn().await;
    let (t, _admin, referee, g) = one_table(&app).await;
    start(&referee, t, g).await;
    for line in &lines[..6] {
        assert_eq!(post_line(&referee, t, g, line).await.status, 303);
    }
    let board = |b: &str| Recorder::read(b).board.expect("a board");
    let clock = |b: &str, side: &str| Recorder::read(b).clock(side).ms;
    let first = referee.get(&url(t, g)).await;
    let again = referee.get(&url(t, g)).await;
    assert_eq!(board(&first.body), board(&again.body), "a reload shows the same position");
    assert_eq!(step_of(&again.body), "6");
    // The clocks are the server's: a reload does not reset them (the running one only goes down).
    for side in ["red", "polish"] {
        assert!(clock(&again.body, side) <= clock(&first.body, side));
        assert!(clock(&again.body, side) > 800_000, "no time lost by reloading");
    }
    // A second device (another login of the same referee) sees the same.
    let tablet = app.browser();
    tablet.login("sedzia", "sedzia-haslo").await;
    let other = tablet.get(&url(t, g)).await;
    assert_eq!(board(&other.body), board(&first.body));
    // Two devices cannot both append step 7: the second gets 409 and nothing is appended.
    let one = referee.post(&url(t, g), &[("step", "6"), ("event", lines[6].as_str())]).await;
    assert_eq!(one.status, 303);
    let two = tablet.post(&url(t, g), &[("step", "6"), ("event", lines[6].as_str())]).await;
    assert_eq!(two.status, 409, "{}", two.body);
    assert!(Recorder::read(&two).notice.is_some(), "the stale device is told");
    assert_eq!(step_of(&referee.get(&url(t, g)).await.body), "7");
    // A restart resumes exactly.
    let before = referee.get(&url(t, g)).await;
    let dir = app.stop().await;
    let app = TestApp::spawn_with(dir, false).await;
    let referee = Browser::with_cookies_of(&referee, &app.base);
    let after = referee.get(&url(t, g)).await;
    assert_eq!(step_of(&after.body), "7");
    assert_eq!(board(&after.body), board(&before.body));
    assert_eq!(post_line(&referee, t, g, &lines[7]).await.status, 303, "recording goes on after the restart");
}

#[actix_rt::test]
async fn undo_takes_back_the_last_event_and_keeps_it_in_history() {
    let (lines, _) = table_game();
    let app = TestApp::spawn().await;
    let (t, _admin, referee, g) = one_table(&app).await;
    start(&referee, t, g).await;
    for line in &lines[..4] {
        assert_eq!(post_line(&referee, t, g, line).await.status, 303);
    }
    let stale = referee.post(&url(t, g), &[("step", "3"), ("action", "undo")]).await;
    assert_eq!(stale.status, 409, "an undo from a stale page is refused");
    let undone = referee.post(&url(t, g), &[("step", "4"), ("action", "undo")]).await;
    assert_eq!(undone.status, 303, "{}", undone.body);
    assert_eq!(step_of(&referee.get(&url(t, g)).await.body), "3");
    let rows = history_rows(&app, "recording", "undo").await;
    assert_eq!(rows.len(), 1);
    assert!(rows[0].1.contains("\"step\":4"), "{rows:?}");
    // The same event again is accepted at the same step.
    assert_eq!(post_line(&referee, t, g, &lines[3]).await.status, 303);
}

/// The side whose flag can fall on a recorder page (the side whose decision it is), and whether the
/// server reckons its clock near 0:00 ("Tak, flaga spadła" offered; the reading first otherwise).
fn flag_box(page: &str) -> (String, bool) {
    Recorder::read(page).flag.expect("a flag box while the game runs")
}

/// The side whose flag can fall on a recorder page.
fn flag_side(page: &str) -> &'static str {
    match flag_box(page).0.as_str() {
        "red" => "red",
        "polish" => "polish",
        other => panic!("the flag box names a side: {other}"),
    }
}

#[actix_rt::test]
async fn the_players_chess_clock_keeps_the_time_and_a_flag_fell_tap_ends_the_game_on_time() {
    let (lines, _) = table_game();
    let app = TestApp::spawn().await;
    let (t, _admin, referee, g) = one_table(&app).await;
    start(&referee, t, g).await;
    for line in &lines[..2] {
        assert_eq!(post_line(&referee, t, g, line).await.status, 303);
    }
    // Red decides (its extra markers): no clock of the recorder's runs, and only Red's flag can fall.
    let page = referee.get(&url(t, g)).await;
    let recorder = Recorder::read(&page);
    assert!(recorder.clock_note && !recorder.tablet_link, "{recorder:?}");
    assert!(!recorder.any_running(), "no clock of the recorder's runs: {recorder:?}");
    assert_eq!(flag_side(&page.body), "red");
    assert_eq!(referee.get(&format!("/ref/t/{t}/game/{g}/clock")).await.status, 404, "no tablet clock here");
    // A quarter of an hour passes at the table: the recorder ends nothing by itself.
    let db = db(&app).await;
    on_db!(&db, |c| {
        sqlx::query("UPDATE recordings SET since_ms = since_ms - 901000 WHERE game_id = $1")
            .bind(g)
            .execute(c)
            .await
            .map(|_| ())
    })
    .unwrap();
    let step = |n: usize| n.to_string();
    let read = referee
        .post(&url(t, g), &[("step", step(2).as_str()), ("event", lines[2].as_str()), ("reading", "13:10")])
        .await;
    assert_eq!(read.status, 303, "{}", read.body);
    // Readings are the engine's to check, as in any log: the next Red reading may not rise.
    let mut at = 3;
    loop {
        let page = referee.get(&url(t, g)).await;
        if flag_side(&page.body) == "red" {
            break;
        }
        assert_eq!(post_line(&referee, t, g, &lines[at]).await.status, 303);
        at += 1;
    }
    let rising = referee
        .post(&url(t, g), &[("step", step(at).as_str()), ("event", lines[at].as_str()), ("reading", "14:00")])
        .await;
    assert_eq!(rising.status, 422, "{}", rising.body);
    let error = Recorder::read(&rising).error.expect("the refusal");
    assert!(error.contains("13:10"), "{error}");
    let bad = referee
        .post(&url(t, g), &[("step", step(at).as_str()), ("event", lines[at].as_str()), ("reading", "12:75")])
        .await;
    assert_eq!(bad.status, 422, "a reading that is no m:ss: {}", bad.body);
    // The Poles' flag cannot fall while Red decides (typed, or asked for).
    let wrong =
        referee.post(&url(t, g), &[("step", step(at).as_str()), ("event", "polish clock {0:00}")]).await;
    assert_eq!(wrong.status, 422, "{}", wrong.body);
    let asked = [("step", step(at)), ("action", "flag".into()), ("side", "polish".into())];
    let wrong = referee.post(&url(t, g), &pairs(&asked)).await;
    assert_eq!(wrong.status, 422, "{}", wrong.body);
    let error = Recorder::read(&wrong).error.expect("the refusal");
    assert!(error.contains("tylko stronie, której zegar chodzi"), "{error}");
    // Red's clock read 13:10 a moment ago: "Tak, flaga spadła" is not offered, and asked anyway it
    // is refused with the reckoning; the recorder asks for the table's reading first.
    let page = referee.get(&url(t, g)).await;
    assert_eq!(flag_box(&page.body), ("red".into(), false), "the reading first");
    let recorder = Recorder::read(&page);
    assert!(recorder.flag_reading_first && !recorder.flag_yes, "{recorder:?}");
    let asked = [("step", step(at)), ("action", "flag".into()), ("side", "red".into())];
    let early = referee.post(&url(t, g), &pairs(&asked)).await;
    assert_eq!(early.status, 422, "{}", early.body);
    let error = Recorder::read(&early).error.expect("the refusal with the reckoning");
    assert!(error.contains("około 13:"), "{error}");
    // The reading the table shows, 0:00: the flag fell; the game waits for the confirmation, no
    // result is saved, and the end is taken back like any line.
    let reading = [
        ("step", step(at)),
        ("action", "reading".into()),
        ("side", "red".into()),
        ("reading", "0:00".into()),
    ];
    let flag = referee.post(&url(t, g), &pairs(&reading)).await;
    assert_eq!(flag.status, 303, "{}", flag.body);
    let result = || async {
        on_db!(&db, |c| {
            sqlx::query_as::<_, (Option<String>, Option<String>, Option<i64>, Option<String>)>(
                "SELECT winner, termination, red_points, log_text FROM games WHERE id = $1",
            )
            .bind(g)
            .fetch_one(c)
            .await
        })
        .unwrap()
    };
    assert_eq!(result().await.0, None, "nothing saved before the confirmation");
    let waiting = referee.get(&url(t, g)).await;
    let recorder = Recorder::read(&waiting);
    assert_eq!(recorder.state, "confirming", "{recorder:?}");
    assert!(has(&waiting, "#confirm-undo") && recorder.flag.is_none(), "{recorder:?}");
    // The public game page reads the game as it stands and saves nothing either.
    app.browser().get(&format!("/t/{t}/game/{g}")).await;
    assert_eq!(result().await.0, None, "a reader ends nothing awaiting confirmation");
    let undo =
        referee.post(&url(t, g), &[("step", step(at + 1).as_str()), ("action", "undo"), ("auto", "1")]).await;
    assert_eq!(undo.status, 303, "{}", undo.body);
    assert_eq!(step_of(&referee.get(&url(t, g)).await.body), step(at), "the flag taken back");
    // A quarter of an hour later by the server's reckoning Red's clock is out: "Tak, flaga spadła".
    on_db!(&db, |c| {
        sqlx::query("UPDATE recordings SET since_ms = since_ms - 900000 WHERE game_id = $1")
            .bind(g)
            .execute(c)
            .await
            .map(|_| ())
    })
    .unwrap();
    let page = referee.get(&url(t, g)).await;
    assert_eq!(flag_box(&page.body), ("red".into(), true), "near 0:00 by the server");
    assert!(Recorder::read(&page).flag_yes);
    let flag = referee.post(&url(t, g), &pairs(&asked)).await;
    assert_eq!(flag.status, 303, "{}", flag.body);
    assert_eq!(result().await.0, None, "waiting for the confirmation");
    let stale = referee.post(&url(t, g), &[("step", step(at).as_str()), ("action", "confirm")]).await;
    assert_eq!(stale.status, 409, "a confirmation from a stale page: {}", stale.body);
    let confirmed = referee.post(&url(t, g), &[("step", step(at + 1).as_str()), ("action", "confirm")]).await;
    assert_eq!(confirmed.status, 303, "{}", confirmed.body);
    // The game ends on time: Red loses and, as the league's table says for a Red flag, scores no
    // Red-side points.
    let (winner, termination, points, log) = result().await;
    assert_eq!(
        (winner.as_deref(), termination.as_deref(), points),
        (Some("polish"), Some("time-forfeit"), Some(0))
    );
    let log = log.unwrap();
    assert!(log.trim_end().ends_with("red clock {0:00}"), "{log}");
    let v = validate_log(&log, Edition::builtin(), &OPTIONS).expect("the log validates");
    assert_eq!(v.events, at + 1);
    let over = referee.get(&url(t, g)).await;
    assert_eq!(Recorder::read(&over).state, "over");
    assert!(!has(&over, "#flags"), "no flag to fall any more");
    // Nothing more is taken, and a confirmed end is not taken back.
    let more = referee.post(&url(t, g), &[("step", step(at + 1).as_str()), ("event", "red pass")]).await;
    assert_eq!(more.status, 400, "{}", more.body);
    let undo =
        referee.post(&url(t, g), &[("step", step(at + 1).as_str()), ("action", "undo"), ("auto", "1")]).await;
    assert_eq!(undo.status, 400, "{}", undo.body);
}

fn pairs<'a>(p: &'a [(&'static str, String)]) -> Vec<(&'static str, &'a str)> {
    p.iter().map(|(k, v)| (*k, v.as_str())).collect()
}

#[actix_rt::test]
async fn a_resignation_asks_the_side_and_waits_for_the_confirmation() {
    let (lines, _) = table_game();
    let app = TestApp::spawn().await;
    let (t, _admin, referee, g) = one_table(&app).await;
    start(&referee, t, g).await;
    for line in &lines[..3] {
        assert_eq!(post_line(&referee, t, g, line).await.status, 303);
    }
    let page = referee.get(&url(t, g)).await;
    assert!(Recorder::read(&page).resign);
    assert!(has(&page, "#resign-red") && has(&page, "#resign-polish"), "either side may resign");
    // No side chosen: refused, nothing written.
    let none = referee.post(&url(t, g), &[("step", "3"), ("action", "resign")]).await;
    assert_eq!(none.status, 400, "{}", none.body);
    assert_eq!(step_of(&referee.get(&url(t, g)).await.body), "3");
    // The Poles resign (whoever is to act): the end waits; undone; resigned again and confirmed.
    let resign = [("step", "3"), ("action", "resign"), ("side", "polish")];
    assert_eq!(referee.post(&url(t, g), &resign).await.status, 303);
    assert_eq!(Recorder::read(&referee.get(&url(t, g)).await).state, "confirming");
    let undo = referee.post(&url(t, g), &[("step", "4"), ("action", "undo"), ("auto", "1")]).await;
    assert_eq!(undo.status, 303, "{}", undo.body);
    assert_eq!(step_of(&referee.get(&url(t, g)).await.body), "3");
    assert_eq!(referee.post(&url(t, g), &resign).await.status, 303);
    let not_yet = referee.post(&url(t, g), &[("step", "3"), ("action", "confirm")]).await;
    assert_eq!(not_yet.status, 409, "{}", not_yet.body);
    assert_eq!(referee.post(&url(t, g), &[("step", "4"), ("action", "confirm")]).await.status, 303);
    let db = db(&app).await;
    let (winner, termination): (Option<String>, Option<String>) = on_db!(&db, |c| {
        sqlx::query_as("SELECT winner, termination FROM games WHERE id = $1").bind(g).fetch_one(c).await
    })
    .unwrap();
    assert_eq!((winner.as_deref(), termination.as_deref()), (Some("red"), Some("resignation")));
    assert_eq!(Recorder::read(&referee.get(&url(t, g)).await).state, "over");
}

/// A game that ends on the board (not by a flag nor a resignation) has nothing to confirm.
#[actix_rt::test]
async fn a_confirmation_of_a_game_still_in_play_is_refused() {
    let (lines, _) = table_game();
    let app = TestApp::spawn().await;
    let (t, _admin, referee, g) = one_table(&app).await;
    start(&referee, t, g).await;
    assert_eq!(post_line(&referee, t, g, &lines[0]).await.status, 303);
    let refused = referee.post(&url(t, g), &[("step", "1"), ("action", "confirm")]).await;
    assert_eq!(refused.status, 422, "{}", refused.body);
    refused.assert_contains("nie ma czego zatwierdzać");
}

#[actix_rt::test]
async fn the_live_page_follows_a_game_in_play_and_a_clock_an_older_version_ran_still_falls() {
    let (lines, _) = table_game();
    let app = TestApp::spawn().await;
    let (t, _admin, referee, g) = one_table(&app).await;
    let visitor = app.browser();
    // Before any game: the one table is listed, not started, without a board.
    let live = Live::read(&visitor.get(&format!("/t/{t}/live")).await);
    assert_eq!(live.matches.len(), 1, "{live:?}");
    assert_eq!((live.matches[0].state.as_str(), live.games()), ("not-started", vec![]), "{live:?}");
    start(&referee, t, g).await;
    for line in &lines[..5] {
        assert_eq!(post_line(&referee, t, g, line).await.status, 303);
    }
    let page = visitor.get(&format!("/t/{t}/live")).await;
    let live = Live::read(&page);
    assert_eq!(live.games(), [g], "{live:?}");
    assert!(has(&page, &format!("#live-game-{g} svg.board.small")), "a small board");
    assert!(live.poll.is_some() && has(&page, "#live-reload"), "{live:?}");
    let frame = visitor.get(&format!("/t/{t}/live?frame=1")).await;
    frame.assert_ok();
    assert_eq!(Live::read(&frame).games(), [g]);
    assert!(!has(&frame, "html"), "a frame, not a page");
    // The public game page follows the game in play.
    let game = Game::read(&visitor.get(&format!("/t/{t}/game/{g}")).await);
    assert!(game.live, "{game:?}");
    assert_eq!(game.poll, Some(format!("/t/{t}/game/{g}?frame=1")));
    let frame = visitor.get(&format!("/t/{t}/game/{g}?frame=1")).await;
    frame.assert_ok();
    assert_eq!(Game::read(&frame).moves.len(), 5, "the frame holds the moves");
    // A recorded line does not move the tournament's stamp: the page of a game in play is never served
    // from the shared page store, so the next line shows at once.
    let before = visitor.get(&format!("/t/{t}/game/{g}")).await;
    assert_eq!(Game::read(&before).step, Some((5, 5)));
    assert_eq!(before.header("cache-control"), "private, no-cache", "in play: never shared");
    assert_eq!(post_line(&referee, t, g, &lines[5]).await.status, 303);
    assert_eq!(Game::read(&visitor.get(&format!("/t/{t}/game/{g}")).await).step, Some((6, 6)));
    // Time passes at the table: the players' clock keeps it, and the game stays in play.
    let db = db(&app).await;
    let back = |sql: &'static str, side: &'static str| {
        let db = &db;
        async move {
            on_db!(db, |c| sqlx::query(sql).bind(side).bind(g).execute(c).await.map(|_| ())).unwrap();
        }
    };
    // (Each change moves the recording's revision on, as every write of the recorder does: the live
    // page's kept body is keyed on it.)
    back("UPDATE recordings SET since_ms = since_ms - 901000, revision = revision + 1 WHERE game_id = $2 AND $1 = $1", "")
        .await;
    assert_eq!(Live::read(&visitor.get(&format!("/t/{t}/live")).await).games(), [g], "still in play");
    // A recording an older version started keeps the server's clock it ran (until its next line):
    // once that clock of the side to move runs out, the next page view ends the game on time.
    let side = flag_side(&referee.get(&url(t, g)).await.body);
    back(
        "UPDATE recordings SET running = $1, since_ms = since_ms - 901000, revision = revision + 1 WHERE game_id = $2",
        side,
    )
    .await;
    // The game is over: its table is listed without a board (the match goes on with game 2).
    let live = Live::read(&visitor.get(&format!("/t/{t}/live")).await);
    assert!(live.games().is_empty() && live.matches.len() == 1, "{live:?}");
    let (termination,): (String,) = on_db!(&db, |c| {
        sqlx::query_as("SELECT termination FROM games WHERE id = $1").bind(g).fetch_one(c).await
    })
    .unwrap();
    assert_eq!(termination, "time-forfeit");
    assert_eq!(Recorder::read(&referee.get(&url(t, g)).await).state, "over");
}

#[actix_rt::test]
async fn the_recorder_is_for_the_tournaments_referees_and_every_post_needs_the_token() {
    let app = TestApp::spawn().await;
    let (t, admin, referee, g) = one_table(&app).await;
    assert_eq!(app.browser().get(&url(t, g)).await.status, 303, "anonymous: to the login page");
    admin
        .post(&format!("/admin/t/{t}/referees"), &[("username", "inny"), ("password", "inny-sedzia-haslo")])
        .await;
    let stranger = app.browser();
    stranger.login("inny", "inny-sedzia-haslo").await;
    // `inny` referees this tournament too now; a tournament they do not referee is forbidden.
    let t2 = create_tournament(&admin, &[]).await;
    assert_eq!(stranger.get(&url(t2, g)).await.status, 403);
    let forged = referee.post_raw(&url(t, g), &[("action", "start")]).await;
    assert_eq!(forged.status, 403, "no CSRF token");
    // Compose forms and typed lines go through the same engine step.
    start(&referee, t, g).await;
    let page = referee.get(&url(t, g)).await;
    let recorder = Recorder::read(&page);
    assert!(recorder.labels.iter().any(|l| l == "Czerwoni dobierają 10 kart startowych."), "{recorder:?}");
    assert!(recorder.pickers.iter().any(|p| p == "picker-draw"), "{recorder:?}");
    let composed = referee
        .post(&url(t, g), &[("step", "0"), ("compose", "draw"), ("side", "red"), ("unseen", "10")])
        .await;
    assert_eq!(composed.status, 303, "{}", composed.body);
    assert_eq!(step_of(&referee.get(&url(t, g)).await.body), "1");
}

#[actix_rt::test]
async fn each_action_of_the_recorder_answers_with_its_status_and_a_refused_line_keeps_nothing() {
    let (lines, _) = table_game();
    let app = TestApp::spawn().await;
    let (t, _admin, referee, g) = one_table(&app).await;
    /// The form at `step` with `fields`.
    fn at<'a>(step: &'a str, fields: &[(&'a str, &'a str)]) -> Vec<(&'a str, &'a str)> {
        let mut all = vec![("step", step)];
        all.extend_from_slice(fields);
        all
    }
    let status = async |fields: &[(&str, &str)]| referee.post(&url(t, g), fields).await.status;
    assert_eq!(status(&at("0", &[("event", "red pass")])).await, 400, "not started");
    start(&referee, t, g).await;
    assert_eq!(status(&[("action", "start")]).await, 303, "started already: carry on");
    assert_eq!(status(&at("0", &[("action", "dance")])).await, 400, "no such action");
    assert_eq!(status(&at("x", &[("event", "red pass")])).await, 400, "a step that is no number");
    assert_eq!(status(&at("1", &[("event", "red pass")])).await, 409, "a step the device did not see");
    assert_eq!(status(&at("0", &[("action", "undo")])).await, 400, "nothing to take back");
    let long = "red draw ? ".repeat(20);
    for refused in ["  ", "red draw ?\nred draw ?", &long, "red flies", "[Event \"Liga\"]"] {
        let page = referee.post(&url(t, g), &at("0", &[("event", refused)])).await;
        assert_eq!(page.status, 422, "{refused:?}: {}", page.body);
    }
    let typed = referee.post(&url(t, g), &at("0", &[("event", "red flies")])).await;
    assert_eq!(Recorder::read(&typed).typed, "red flies", "the line kept");
    assert_eq!(step_of(&referee.get(&url(t, g)).await.body), "0", "nothing appended");
    let db = db(&app).await;
    let paused = async || {
        let (paused,): (bool,) =
            on_db!(&db, |c| sqlx::query_as("SELECT paused FROM recordings WHERE game_id = $1")
                .bind(g)
                .fetch_one(c)
                .await)
            .unwrap();
        paused
    };
    assert_eq!(status(&at("0", &[("action", "pause")])).await, 303);
    assert!(paused().await);
    assert_eq!(status(&at("0", &[("action", "resume")])).await, 303);
    assert!(!paused().await);
    assert_eq!(post_line(&referee, t, g, &lines[0]).await.status, 303);
    assert_eq!(status(&at("1", &[("action", "undo")])).await, 303);
    assert_eq!(step_of(&referee.get(&url(t, g)).await.body), "0");
    db.close().await;
}
