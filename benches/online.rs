//! Online matches benchmark (not a test): many online games at once (a diaspora round). Starts the
//! service in-process on a loopback port, pairs a round of `2 × N` players over HTTP, marks it online,
//! issues every player's personal link, and then plays game 1 of all `N` matches at once, each player a
//! client of its own (cookies, CSRF token) that reads its page and posts one of the offered events at
//! random, as the service's test does. Reports each move's round trip (the POST until its 303, loopback
//! HTTP included) and each page load, as percentiles, and the process's peak memory (server and clients
//! together, so an upper bound on the server's).
//!
//! Players think: before each move the mover waits a think time drawn from `ONLINE_BENCH_THINK`
//! seconds (`1-4` by default with `--bench`: uniform in 1 to 4 s from the game's seeded generator;
//! `0`: no thinking, a closed loop that plays as fast as the server answers; `2` or `0.5-1.5` also
//! read). After each move both players read their pages, as a page woken by its event stream does.
//!
//! `cargo bench --bench online` plays 200 games (release); without `--bench` (as `cargo test --benches`
//! runs it) it plays 2 games (or `ONLINE_BENCH_GAMES`) to their end without thinking and checks every
//! answer.

#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "support/mod.rs"]
mod support;
use bitwa::web::{Application, Settings};
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};
use std::time::{Duration, Instant};
use support::{between, merge_cookies, peak_mib, report};

/// A client keeping cookies and the last CSRF token seen.
struct Client {
    base: String,
    http: awc::Client,
    cookie: String,
    csrf: String,
}

impl Client {
    fn new(base: &str) -> Client {
        let http = awc::Client::builder().timeout(Duration::from_secs(120)).disable_redirects().finish();
        Client { base: base.to_string(), http, cookie: String::new(), csrf: String::new() }
    }

    async fn get(&mut self, path: &str) -> (u16, String) {
        let mut r = self
            .http
            .get(format!("{}{path}", self.base))
            .insert_header(("Cookie", self.cookie.clone()))
            .send()
            .await
            .unwrap();
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
        self.cookie = merge_cookies(&self.cookie, r.headers());
        let location = r.headers().get("location").and_then(|v| v.to_str().ok()).unwrap_or("").to_string();
        let body = String::from_utf8(r.body().limit(1 << 24).await.unwrap().to_vec()).unwrap();
        (r.status().as_u16(), if location.is_empty() { body } else { location })
    }
}

fn unescape(s: &str) -> String {
    s.replace("&quot;", "\"")
        .replace("&#x27;", "'")
        .replace("&#39;", "'")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&")
}

/// The offered events of a player's page and its step.
fn offers(body: &str) -> (Vec<String>, Option<String>) {
    let step = between(body, "id=\"online\"", ">")
        .and_then(|a| between(a, "data-step=\"", "\""))
        .map(str::to_string);
    let game = between(body, "data-game=\"", "\"").map(str::to_string);
    let Some(form) = body.find("id=\"on-offers\"") else {
        return (Vec::new(), step.zip(game).map(|(s, g)| format!("{g}:{s}")));
    };
    let end = body[form..].find("</form>").map_or(body.len(), |e| e + form);
    let list = body[form..end]
        .split("name=\"event\" value=\"")
        .skip(1)
        .map(|p| unescape(&p[..p.find('"').unwrap()]))
        .collect();
    (list, step.zip(game).map(|(s, g)| format!("{g}:{s}")))
}

/// A think time range, seconds (`0`, `2`, `1-4`, `0.5-1.5`).
fn think_range(text: &str) -> (f64, f64) {
    let parse = |v: &str| v.trim().parse::<f64>().ok().filter(|x| x.is_finite() && *x >= 0.0);
    let range = match text.split_once('-') {
        Some((lo, hi)) => parse(lo).zip(parse(hi)),
        None => parse(text).map(|x| (x, x)),
    };
    let (lo, hi) = range.unwrap_or_else(|| panic!("ONLINE_BENCH_THINK={text:?}: give seconds, `2` or `1-4`"));
    assert!(lo <= hi, "ONLINE_BENCH_THINK={text:?}: the lower bound first");
    (lo, hi)
}

/// Play game 1 of a match to its end: the moves' and the pages' round trips, and the moves made.
/// The mover thinks for a time uniform in `think` seconds before each move.
async fn play(
    base: String,
    tokens: [String; 2],
    seed: u64,
    think: (f64, f64),
) -> (Vec<Duration>, Vec<Duration>, Vec<Duration>, usize) {
    let mut players = [Client::new(&base), Client::new(&base)];
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (mut moves, mut pages, mut arrivals) = (Vec::new(), Vec::new(), Vec::new());
    let mut first_game: Option<String> = None;
    // Both players come (the game starts once both have opened their links).
    for (i, c) in players.iter_mut().enumerate() {
        let t0 = Instant::now();
        let (status, _) = c.get(&format!("/online/{}", tokens[i])).await;
        arrivals.push(t0.elapsed());
        assert_eq!(status, 200);
    }
    for _ in 0..10_000 {
        let mut mover = None;
        for (i, c) in players.iter_mut().enumerate() {
            let t0 = Instant::now();
            let (status, body) = c.get(&format!("/online/{}", tokens[i])).await;
            pages.push(t0.elapsed());
            assert_eq!(status, 200, "{body}");
            let (offered, at) = offers(&body);
            let at = at.expect("a game page");
            let game = at.split(':').next().unwrap().to_string();
            if first_game.get_or_insert_with(|| game.clone()) != &game {
                return (moves.clone(), pages, arrivals, moves.len());
            }
            if !offered.is_empty() {
                mover = Some((i, at.split(':').nth(1).unwrap().to_string(), offered));
            }
        }
        let (i, step, offered) = mover.expect("someone decides");
        let pick = offered[(rng.next_u64() % offered.len() as u64) as usize].clone();
        if think.1 > 0.0 {
            let u = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
            actix_rt::time::sleep(Duration::from_secs_f64(think.0 + u * (think.1 - think.0))).await;
        }
        let t0 = Instant::now();
        let (status, body) =
            players[i].post(&format!("/online/{}", tokens[i]), &[("step", &step), ("event", &pick)]).await;
        moves.push(t0.elapsed());
        assert_eq!(status, 303, "{pick}: {body}");
    }
    panic!("a game did not end");
}

#[actix_rt::main]
async fn main() {
    let full = std::env::args().any(|a| a == "--bench");
    let n: usize = std::env::var("ONLINE_BENCH_GAMES").ok().and_then(|v| v.parse().ok()).unwrap_or(if full {
        200
    } else {
        2
    });
    let think_text =
        std::env::var("ONLINE_BENCH_THINK").unwrap_or_else(|_| (if full { "1-4" } else { "0" }).into());
    let think = think_range(&think_text);
    let dir = std::env::temp_dir().join(format!("bitwa-bench-online-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let settings = Settings {
        database_url: format!("sqlite://{}", dir.join("bench.db").display()),
        bind: "127.0.0.1:0".into(),
        workers: Some(2),
        ..Settings::default()
    };
    let app = Application::build(&settings).await.expect("app starts");
    let base = format!("http://127.0.0.1:{}", app.port());
    let password = app.logins().iter().find(|l| l.username == "admin").unwrap().password.clone();
    let handle = app.handle();
    actix_rt::spawn(app.run_until_stopped());
    let mut c = Client::new(&base);
    c.get("/login").await;
    assert_eq!(c.post("/login", &[("username", "admin"), ("password", &password)]).await.0, 303);
    c.get("/me").await;
    let (status, loc) = c
        .post(
            "/admin/new",
            &[
                ("name", "Bench online"),
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
    let mut csv = String::from("name;birth date;club\n");
    for i in 0..2 * n {
        let letter = |k: usize| char::from(b'a' + (k % 26) as u8);
        csv.push_str(&format!(
            "Gracz {}{}{};2010-01-15;LO {}\n",
            char::from(b'A' + (i / 676 % 26) as u8),
            letter(i / 26),
            letter(i),
            i % 40 + 1
        ));
    }
    let (s, b) = c.post(&format!("/admin/t/{t}/players/import"), &[("csv", &csv)]).await;
    assert_eq!(s, 303, "{b}");
    assert_eq!(c.post(&format!("/admin/t/{t}/rounds"), &[]).await.0, 303);
    assert_eq!(c.post(&format!("/admin/t/{t}/round/1/publish"), &[]).await.0, 303);
    let (_, round) = c.get(&format!("/t/{t}/round/1")).await;
    let mut matches: Vec<String> = Vec::new();
    for part in round.split(&format!("/t/{t}/match/")).skip(1) {
        let id: String = part.chars().take_while(char::is_ascii_digit).collect();
        if !id.is_empty() && !matches.contains(&id) {
            matches.push(id);
        }
    }
    assert_eq!(matches.len(), n, "one match per pair");
    let url = |m: &str| format!("/ref/t/{t}/match/{m}/online");
    c.get(&url(&matches[0])).await;
    assert_eq!(c.post(&url(&matches[0]), &[("action", "mark-round")]).await.0, 303);
    let mut games = Vec::new();
    for m in &matches {
        let (_, page) = c.get(&url(m)).await;
        let mut ids: Vec<String> = page
            .split("name=\"player\" value=\"")
            .skip(1)
            .map(|p| p[..p.find('"').unwrap()].to_string())
            .collect();
        ids.dedup();
        let mut tokens = Vec::new();
        for p in &ids {
            let (s, body) = c.post(&url(m), &[("action", "issue"), ("player", p)]).await;
            assert_eq!(s, 200);
            let link = between(&body, "id=\"on-issued-url\" href=\"", "\"").unwrap();
            tokens.push(link.rsplit('/').next().unwrap().to_string());
        }
        games.push([tokens[0].clone(), tokens[1].clone()]);
    }
    let t0 = Instant::now();
    let tasks: Vec<_> = games
        .into_iter()
        .enumerate()
        .map(|(i, tokens)| actix_rt::spawn(play(base.clone(), tokens, i as u64, think)))
        .collect();
    let (mut moves, mut pages, mut arrivals, mut made) = (Vec::new(), Vec::new(), Vec::new(), 0);
    for task in tasks {
        let (m, p, a, k) = task.await.unwrap();
        moves.extend(m);
        pages.extend(p);
        arrivals.extend(a);
        made += k;
    }
    let took = t0.elapsed();
    if full || std::env::var("ONLINE_BENCH_GAMES").is_ok() {
        let thinking = if think.1 > 0.0 {
            format!("players think {}-{} s before each move", think.0, think.1)
        } else {
            "closed loop: no thinking".to_string()
        };
        println!(
            "{n} online games at once ({thinking}), {made} moves in {:.1} s ({:.0} moves/s)",
            took.as_secs_f64(),
            made as f64 / took.as_secs_f64()
        );
        report("a move (POST until its 303)", moves);
        report("a player's page in the game (GET)", pages);
        report("a player's first page (every player opening their link at once)", arrivals);
        println!("peak memory of the process (server and clients): {:.0} MiB", peak_mib().unwrap_or(0.0));
    } else {
        println!(
            "online bench smoke: {n} games played to their end, {made} moves (run `cargo bench --bench online` to time)"
        );
    }
    handle.stop(true).await;
    let _ = std::fs::remove_dir_all(&dir);
}
