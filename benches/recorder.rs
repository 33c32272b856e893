//! Recorder benchmark (not a test): the digital table's per-event cost. Starts the service in-process on a
//! loopback port, creates a tournament over HTTP, and records a whole game of about 150 lines through
//! `POST /ref/t/{t}/game/{g}/record`, one line per request as a referee's taps send them, timing each
//! answer (the 303 after the line is stored; loopback HTTP included, so an upper bound on server time) and
//! the recorder page the referee then sees, and the server's own time for each (its `Server-Timing`
//! header, `Settings::server_timing`: loopback and the client excluded). Also times, in-process, what
//! each request recomputes: the recorded lines replayed from text and the options built for the position.
//!
//! `cargo bench --bench recorder` runs it in full (release); without `--bench` (as `cargo test --benches`
//! runs it) it records 20 lines and checks every answer, timing nothing.

#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "support/mod.rs"]
mod support;
use bitwa::engine::notation::Body;
use bitwa::engine::{
    Edition, PlayStyle, Recording, RuleOptions, mask_unseen, notation, random_game_with, validate_log,
};
use bitwa::outcome::Termination;
use bitwa::web::board::Board;
use bitwa::web::table::last_moves;
use bitwa::web::table::options::{self, Pick};
use bitwa::web::text::i18n::Lang;
use bitwa::web::{Application, Settings};
use std::time::{Duration, Instant};
use support::{between, merge_cookies, report};

/// A client keeping cookies and the last CSRF token seen.
struct Client {
    base: String,
    http: awc::Client,
    cookie: String,
    csrf: String,
    /// The server's own time for the last answer (its `Server-Timing: app;dur=…`).
    server: Option<Duration>,
}

/// The app's time in a `Server-Timing: app;dur=<ms>` header.
fn server_time(headers: &awc::http::header::HeaderMap) -> Option<Duration> {
    let v = headers.get("server-timing")?.to_str().ok()?;
    let ms: f64 = v.split(';').find_map(|p| p.trim().strip_prefix("dur="))?.parse().ok()?;
    Some(Duration::from_secs_f64(ms / 1e3))
}

impl Client {
    async fn get(&mut self, path: &str) -> (u16, String) {
        let mut r = self
            .http
            .get(format!("{}{path}", self.base))
            .insert_header(("Cookie", self.cookie.clone()))
            .send()
            .await
            .unwrap();
        self.server = server_time(r.headers());
        self.cookie = merge_cookies(&self.cookie, r.headers());
        let body = String::from_utf8(r.body().limit(1 << 24).await.unwrap().to_vec()).unwrap();
        if let Some(t) = between(&body, "name=\"csrf\" value=\"", "\"") {
            self.csrf = t.to_string();
        }
        (r.status().as_u16(), body)
    }

    async fn post(&mut self, path: &str, fields: &[(&str, &str)]) -> (u16, String) {
        let mut all = vec![("csrf", self.csrf.as_str())];
        all.extend_from_slice(fields);
        let body = serde_urlencoded::to_string(&all).unwrap();
        let mut r = self
            .http
            .post(format!("{}{path}", self.base))
            .insert_header(("Cookie", self.cookie.clone()))
            .insert_header(("Content-Type", "application/x-www-form-urlencoded"))
            .send_body(body)
            .await
            .unwrap();
        self.server = server_time(r.headers());
        self.cookie = merge_cookies(&self.cookie, r.headers());
        let location = r.headers().get("location").and_then(|v| v.to_str().ok()).unwrap_or("").to_string();
        let body = String::from_utf8(r.body().limit(1 << 24).await.unwrap().to_vec()).unwrap();
        (r.status().as_u16(), if location.is_empty() { body } else { location })
    }
}

/// A game as a table records it, of 150 to 200 lines (the longest games: most have 70 to 110), its readings dropped (the recorder's clock writes
/// them), and whether it ends by the rules (a game the random players lost on time goes on unfinished).
fn game(options: &RuleOptions) -> (Vec<String>, bool) {
    let e = Edition::builtin();
    for seed in 0..4000 {
        let style = if seed % 2 == 0 { PlayStyle::Aggressive } else { PlayStyle::Uniform };
        let log = mask_unseen(&random_game_with(seed / 2, e, options, style));
        let Ok(v) = validate_log(&log.to_string(), e, options) else { continue };
        if !(150..=200).contains(&log.events.len()) {
            continue;
        }
        let lines = log
            .events
            .iter()
            .filter(|ev| ev.body != Body::Clock)
            .map(|ev| {
                let mut ev = ev.clone();
                ev.clock = None;
                ev.to_string()
            })
            .collect();
        return (lines, v.outcome.termination != Termination::TimeForfeit);
    }
    panic!("no game of 150 lines");
}

#[actix_rt::main]
async fn main() {
    let full = std::env::args().any(|a| a == "--bench");
    let options = RuleOptions::STANDARD;
    let (lines, ends) = game(&options);
    let dir = std::env::temp_dir().join(format!("bitwa-bench-recorder-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let settings = Settings {
        database_url: format!("sqlite://{}", dir.join("bench.db").display()),
        bind: "127.0.0.1:0".into(),
        workers: Some(2),
        server_timing: true,
        ..Settings::default()
    };
    let app = Application::build(&settings).await.expect("app starts");
    let base = format!("http://127.0.0.1:{}", app.port());
    let password = app.logins().iter().find(|l| l.username == "admin").unwrap().password.clone();
    let handle = app.handle();
    actix_rt::spawn(app.run_until_stopped());
    let http = awc::Client::builder().timeout(Duration::from_secs(30)).disable_redirects().finish();
    let mut c = Client { base, http, cookie: String::new(), csrf: String::new(), server: None };

    // A tournament with the standard rules, two players, round 1 published; the organiser records.
    c.get("/login").await;
    assert_eq!(c.post("/login", &[("username", "admin"), ("password", &password)]).await.0, 303);
    c.get("/me").await;
    let (status, loc) = c
        .post(
            "/admin/new",
            &[
                ("name", "Bench"),
                ("venue", "Warszawa"),
                ("first_day", "2026-05-09"),
                ("last_day", "2026-05-09"),
                ("swiss_rounds", "3"),
                ("knockout_size", "0"),
                ("score_win", "2"),
                ("score_draw", "1"),
                ("score_loss", "0"),
                ("score_bye", "2"),
                ("tiebreaks", "direct_encounter,buchholz,games_won,red_side_points"),
                ("time_control_secs", "900"),
                ("fortifications", "1"),
                ("flank_attacks", "1"),
            ],
        )
        .await;
    assert_eq!(status, 303, "{loc}");
    let t: i64 = loc.trim_start_matches("/admin/t/").parse().unwrap();
    for name in ["Anna Czerwona", "Bartek Polski"] {
        let (s, b) = c
            .post(
                &format!("/admin/t/{t}/players"),
                &[("name", name), ("birth_date", "2010-01-15"), ("club", "LO 1")],
            )
            .await;
        assert_eq!(s, 303, "{b}");
    }
    assert_eq!(c.post(&format!("/admin/t/{t}/rounds"), &[]).await.0, 303);
    assert_eq!(c.post(&format!("/admin/t/{t}/round/1/publish"), &[]).await.0, 303);
    let (_, round) = c.get(&format!("/t/{t}/round/1")).await;
    let m = between(&round, &format!("/ref/t/{t}/match/"), "\"").unwrap().to_string();
    let (_, form) = c.get(&format!("/ref/t/{t}/match/{m}")).await;
    let g: String = between(&form, &format!("/ref/t/{t}/game/"), "/").unwrap().to_string();
    let url = format!("/ref/t/{t}/game/{g}/record");
    c.get(&url).await;
    assert_eq!(c.post(&url, &[("action", "start")]).await.0, 303);

    let take = if full { lines.len() } else { 20 };
    let (mut posts, mut pages) = (Vec::new(), Vec::new());
    // The server's own time for each (Server-Timing): loopback and the client excluded.
    let (mut posts_server, mut pages_server) = (Vec::new(), Vec::new());
    for (i, line) in lines.iter().take(take).enumerate() {
        let step = i.to_string();
        let t0 = Instant::now();
        let (status, body) = c.post(&url, &[("step", step.as_str()), ("event", line.as_str())]).await;
        posts.push(t0.elapsed());
        assert_eq!(status, 303, "line {} `{line}` refused:\n{body}", i + 1);
        posts_server.push(c.server.expect("a Server-Timing header"));
        let t0 = Instant::now();
        let (status, page) = c.get(&url).await;
        pages.push(t0.elapsed());
        assert_eq!(status, 200);
        pages_server.push(c.server.expect("a Server-Timing header"));
        assert!(page.contains(&format!("data-step=\"{}\"", i + 1)), "step {}", i + 1);
    }
    if full {
        let (_, done) = c.get(&url).await;
        assert_eq!(done.contains("id=\"record-result\""), ends, "the game ended by the rules");
        println!(
            "a game of {} lines recorded, one POST per line (the tournament's standard rules)",
            lines.len()
        );
        report("recording a line (POST, 303 once stored)", posts.clone());
        let (slowest, d) = posts.iter().enumerate().max_by_key(|(_, d)| **d).unwrap();
        println!("the slowest line: {} of {} ({:.2} ms)", slowest + 1, lines.len(), d.as_secs_f64() * 1e3);
        report("the last 30 lines of the game", posts[posts.len() - 30..].to_vec());
        let (slowest, d) = pages.iter().enumerate().max_by_key(|(_, d)| **d).unwrap();
        report("the recorder page after each line (GET)", pages.clone());
        println!("the slowest page: after line {} ({:.2} ms)", slowest + 1, d.as_secs_f64() * 1e3);
        report("the server's time for a line (POST, Server-Timing)", posts_server);
        report("the server's time for the recorder page (GET, Server-Timing)", pages_server);
        // What each request recomputes, in-process: the lines replayed from text, the options built.
        let e = Edition::builtin();
        let n = 200;
        let t0 = Instant::now();
        let replayed = || {
            let log = notation::parse(&lines.join("\n")).unwrap();
            Recording::of_lines(e, options, &log.events).unwrap()
        };
        for _ in 0..n {
            assert_eq!(replayed().line_count(), lines.len());
        }
        let replay = t0.elapsed() / n;
        // The options of every position of the game (the operational phase's explore every unit's
        // marches for the one-tap commands): the mean and the slowest.
        let r = replayed();
        let states: Vec<_> = (0..r.line_count()).filter_map(|i| r.state_after_lines(i).copied()).collect();
        let mut each = Vec::with_capacity(states.len());
        for state in &states {
            let t0 = Instant::now();
            for _ in 0..20 {
                let o = options::build(state, &Pick::default(), "/r", Lang::Pl);
                assert!(!o.posts.is_empty() || !o.pickers.is_empty() || !o.links.is_empty());
            }
            each.push(t0.elapsed() / 20);
        }
        let mean = each.iter().sum::<Duration>() / each.len() as u32;
        let slowest = each.iter().max().copied().unwrap_or_default();
        println!(
            "in-process: replaying the {} lines from text {:.0} µs; the options of a position: mean {:.0} µs, slowest {:.0} µs",
            lines.len(),
            replay.as_secs_f64() * 1e6,
            mean.as_secs_f64() * 1e6,
            slowest.as_secs_f64() * 1e6
        );
        // The rest of the page's own work per position: the board (SVG and its text list, with the
        // options' marks) and the last twelve lines in words.
        let mut board_each = Vec::with_capacity(states.len());
        let mut moves_each = Vec::with_capacity(states.len());
        let parsed = notation::parse(&lines.join("\n")).unwrap();
        for (i, state) in states.iter().enumerate() {
            let marks = options::build(state, &Pick::default(), "/r", Lang::Pl).marks;
            let t0 = Instant::now();
            for _ in 0..20 {
                let mut board = Board::of(state, "rec");
                board.marks = marks.clone();
                assert!(!board.svg(Lang::Pl).is_empty() && !board.list(Lang::Pl).is_empty());
            }
            board_each.push(t0.elapsed() / 20);
            let upto = Recording::of_lines(e, options, &parsed.events[..i]).unwrap();
            let t0 = Instant::now();
            for _ in 0..20 {
                assert_eq!(last_moves(&upto, Lang::Pl, 12).len(), i.min(12));
            }
            moves_each.push(t0.elapsed() / 20);
        }
        for (what, each) in
            [("the board (SVG and list)", board_each), ("the last 12 lines in words", moves_each)]
        {
            let mean = each.iter().sum::<Duration>() / each.len() as u32;
            let slowest = each.iter().max().copied().unwrap_or_default();
            println!(
                "in-process: {what}: mean {:.0} µs, slowest {:.0} µs",
                mean.as_secs_f64() * 1e6,
                slowest.as_secs_f64() * 1e6
            );
        }
    } else {
        println!("recorder bench smoke: {take} lines recorded (run `cargo bench --bench recorder` to time)");
    }
    handle.stop(true).await;
    let _ = std::fs::remove_dir_all(&dir);
}
