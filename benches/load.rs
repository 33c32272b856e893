//! Load benchmark (not a test): start the service in-process on a loopback port with the demo
//! tournament, then, from concurrent client tasks on one thread, (1) read every public page kind
//! (home, tournament, pairings, why, standings, bracket, player, match, game, CSV) as a browser does
//! (`Accept-Encoding: br, gzip`), (2) submit results as a logged-in referee (each task corrects its
//! own game), and (3) check that the first read after each acknowledged save shows it. Prints
//! requests per second and latency percentiles, and the count of stale first reads (must be 0).
//!
//! `cargo bench --bench load` passes `--bench`: the full run (release build). Without it (CI runs
//! `cargo test --benches`) it is a smoke run: a few requests of every kind through the same code,
//! checking every status and the freshness, no timing assertions, so a broken bench fails CI.
//! `--players N` benchmarks a bigger demo (`bitwa demo`'s code). The group pages are read from the
//! demo's final (16 players in 4 groups), or with `--group-players N` from a groups tournament of N
//! players in groups of 16 (`app::demo::create_groups_on`). The season pages (issue 20: the season
//! home, its ranking and ranking CSV, the person page of the ranking's first) are read from the
//! demo's small season, or with `--season-regions R --season-players N` from a finished season of
//! R regional qualifiers of N players (`app::demo_season`).

#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "support/mod.rs"]
mod support;
use bitwa::app::demo::DemoSpec;
use bitwa::web::{Application, Settings};
use std::time::{Duration, Instant};
use support::{between, merge_cookies, percentile};

const TASKS: usize = 8;

/// How much to do: the full benchmark or the smoke run.
struct Plan {
    page_requests: usize,
    result_requests: usize,
    fresh_checks: usize,
    players: usize,
    /// Players of the groups tournament to build (`None`: the demo's final).
    group_players: Option<usize>,
    /// The season to build: regional qualifiers and players of each (`None`: the demo's small one).
    season: Option<(usize, usize)>,
    /// Concurrent clients reading the pages (`--clients N`; [`TASKS`] by default).
    clients: usize,
}

impl Plan {
    fn from_args() -> Plan {
        let args: Vec<String> = std::env::args().collect();
        let full = args.iter().any(|a| a == "--bench");
        let players = args
            .iter()
            .position(|a| a == "--players")
            .and_then(|i| args.get(i + 1))
            .map_or(24, |n| n.parse().expect("--players N"));
        let group_players = args
            .iter()
            .position(|a| a == "--group-players")
            .and_then(|i| args.get(i + 1))
            .map(|n| n.parse().expect("--group-players N"));
        let number = |flag: &str| {
            args.iter()
                .position(|a| a == flag)
                .and_then(|i| args.get(i + 1))
                .map(|n| n.parse::<usize>().expect(flag))
        };
        let season = number("--season-regions").map(|r| (r, number("--season-players").unwrap_or(24)));
        let clients = number("--clients").unwrap_or(TASKS).max(1);
        if full {
            Plan {
                page_requests: 4_000,
                result_requests: 800,
                fresh_checks: 100,
                players,
                group_players,
                season,
                clients,
            }
        } else {
            Plan {
                page_requests: TASKS * 2,
                result_requests: TASKS * 2,
                fresh_checks: 3,
                players,
                group_players,
                season,
                clients,
            }
        }
    }
}

fn report(name: &str, mut latencies: Vec<Duration>, elapsed: Duration) {
    latencies.sort();
    println!(
        "{name:<34} {:>6} requests in {:>5.2} s = {:>7.0} req/s; p50 {:>6.2} ms, p99 {:>6.2} ms, max {:>6.2} ms",
        latencies.len(),
        elapsed.as_secs_f64(),
        latencies.len() as f64 / elapsed.as_secs_f64(),
        percentile(&latencies, 0.50).as_secs_f64() * 1e3,
        percentile(&latencies, 0.99).as_secs_f64() * 1e3,
        latencies.last().unwrap().as_secs_f64() * 1e3,
    );
}

/// Every `{prefix}{number}` in a page, in order, without repeats.
fn ids_after(body: &str, prefix: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for part in body.split(prefix).skip(1) {
        let id: String = part.chars().take_while(char::is_ascii_digit).collect();
        if !id.is_empty() && !out.contains(&id) {
            out.push(id);
        }
    }
    out
}

/// The result forms of a referee match page: (game id, version) of each, in page order. The version
/// is the one inside each game's form (the page also has the forfeit form, with the match's version).
fn game_forms(page: &str, t: u64) -> Vec<(String, i64)> {
    page.split(&format!("action=\"/ref/t/{t}/game/"))
        .skip(1)
        .map(|form| {
            let id: String = form.chars().take_while(char::is_ascii_digit).collect();
            let version =
                between(form, "name=\"version\" value=\"", "\"").expect("a version in the game form");
            (id, version.parse().expect("a numeric version"))
        })
        .collect()
}

async fn get_ok(client: &awc::Client, url: &str, cookie: Option<&str>) -> String {
    let mut req = client.get(url).insert_header(("Accept-Encoding", "br, gzip"));
    if let Some(c) = cookie {
        req = req.insert_header(("Cookie", c));
    }
    let mut r = req.send().await.unwrap_or_else(|e| panic!("GET {url}: {e}"));
    assert_eq!(r.status(), 200, "GET {url}");
    let bytes = r.body().limit(1 << 24).await.unwrap();
    String::from_utf8_lossy(&bytes).into_owned()
}

/// A plain GET whose body is read as text (no Accept-Encoding): the pages the bench parses.
async fn get_text(client: &awc::Client, url: &str, cookie: Option<&str>) -> String {
    let mut req = client.get(url);
    if let Some(c) = cookie {
        req = req.insert_header(("Cookie", c));
    }
    let mut r = req.send().await.unwrap_or_else(|e| panic!("GET {url}: {e}"));
    assert_eq!(r.status(), 200, "GET {url}");
    String::from_utf8(r.body().limit(1 << 24).await.unwrap().to_vec()).unwrap()
}

async fn pages(client: &awc::Client, base: &str, plan: &Plan, t: u64) {
    let round = get_text(client, &format!("{base}/t/{t}/round/1"), None).await;
    let m = ids_after(&round, &format!("/t/{t}/match/"))[0].clone();
    let p = ids_after(&round, &format!("/t/{t}/player/"))[0].clone();
    let game_page = get_text(client, &format!("{base}/t/{t}/match/{m}"), None).await;
    let g = ids_after(&game_page, &format!("/t/{t}/game/"))[0].clone();
    let kinds = [
        ("home", "/".to_string()),
        ("tournament", format!("/t/{t}")),
        ("pairings", format!("/t/{t}/round/1")),
        ("why these pairings", format!("/t/{t}/round/1/why")),
        ("standings", format!("/t/{t}/standings")),
        ("bracket", format!("/t/{t}/bracket")),
        ("player", format!("/t/{t}/player/{p}")),
        ("match", format!("/t/{t}/match/{m}")),
        ("game", format!("/t/{t}/game/{g}")),
        ("CSV results", format!("/t/{t}/export/results")),
    ];
    load_pages(client, base, plan, &kinds).await;
}

/// A groups tournament's pages: a group's crosstable, standings and schedule, its CSV and TRF.
async fn group_pages(client: &awc::Client, base: &str, plan: &Plan, t: u64) {
    let kinds = [
        ("group", format!("/t/{t}/group/A")),
        ("group CSV", format!("/t/{t}/export/group/A")),
        ("group TRF", format!("/t/{t}/export/group/A/trf")),
        ("groups: tournament", format!("/t/{t}")),
    ];
    load_pages(client, base, plan, &kinds).await;
}

/// A season's pages: its home, its ranking and ranking CSV, and the ranking's first person's page.
async fn season_pages(client: &awc::Client, base: &str, plan: &Plan, season: i64) {
    let ranking = get_text(client, &format!("{base}/season/{season}/ranking"), None).await;
    let person = ids_after(&ranking, "/person/")[0].clone();
    let kinds = [
        ("season home", format!("/season/{season}")),
        ("season ranking", format!("/season/{season}/ranking")),
        ("season ranking, page 2", format!("/season/{season}/ranking?page=2")),
        ("season ranking CSV", format!("/season/{season}/export/ranking.csv")),
        ("person across the season", format!("/person/{person}")),
    ];
    load_pages(client, base, plan, &kinds).await;
}

/// Every page of `kinds` from `plan.clients` concurrent clients, reported one line each.
async fn load_pages(client: &awc::Client, base: &str, plan: &Plan, kinds: &[(&str, String)]) {
    for (name, path) in kinds {
        let url = format!("{base}{path}");
        for _ in 0..plan.clients {
            get_ok(client, &url, None).await;
        }
        let start = Instant::now();
        let mut tasks = Vec::new();
        for _ in 0..plan.clients {
            let (client, url, n) = (client.clone(), url.clone(), (plan.page_requests / plan.clients).max(1));
            tasks.push(actix_rt::spawn(async move {
                let mut lat = Vec::with_capacity(n);
                for _ in 0..n {
                    let t0 = Instant::now();
                    get_ok(&client, &url, None).await;
                    lat.push(t0.elapsed());
                }
                lat
            }));
        }
        let mut all = Vec::new();
        for task in tasks {
            all.extend(task.await.unwrap());
        }
        report(&format!("page: {name}"), all, start.elapsed());
    }
}

/// Log in as the demo referee; the cookies and the CSRF token.
async fn referee(client: &awc::Client, base: &str) -> (String, String) {
    let mut login = client.get(format!("{base}/login")).send().await.unwrap();
    let cookie = merge_cookies("", login.headers());
    let page = String::from_utf8(login.body().await.unwrap().to_vec()).unwrap();
    let csrf = between(&page, "name=\"csrf\" value=\"", "\"").unwrap().to_string();
    let form = serde_urlencoded::to_string([
        ("csrf", csrf.as_str()),
        ("username", "sedzia"),
        ("password", "demo-sedzia"),
    ])
    .unwrap();
    let r = client
        .post(format!("{base}/login"))
        .insert_header(("Cookie", cookie.clone()))
        .insert_header(("Content-Type", "application/x-www-form-urlencoded"))
        .send_body(form)
        .await
        .unwrap();
    assert_eq!(r.status(), 303, "the demo referee logs in");
    let cookie = merge_cookies(&cookie, r.headers());
    // A page with a form: its CSRF token (and any cookie it sets).
    let mut first =
        client.get(format!("{base}/me")).insert_header(("Cookie", cookie.clone())).send().await.unwrap();
    let cookie = merge_cookies(&cookie, first.headers());
    let me = String::from_utf8(first.body().limit(1 << 22).await.unwrap().to_vec()).unwrap();
    let csrf = between(&me, "name=\"csrf\" value=\"", "\"").expect("a CSRF token on /me").to_string();
    (cookie, csrf)
}

/// Post one typed result (Red wins at Radzymin with `points`); the status.
async fn save(client: &awc::Client, url: &str, cookie: &str, csrf: &str, version: i64, points: u32) -> u16 {
    let body = serde_urlencoded::to_string([
        ("csrf", csrf),
        ("version", &version.to_string()),
        ("winner", "red"),
        ("termination", "radzymin-check"),
        ("red_points", &points.to_string()),
    ])
    .unwrap();
    let r = client
        .post(url)
        .insert_header(("Cookie", cookie))
        .insert_header(("Content-Type", "application/x-www-form-urlencoded"))
        .send_body(body)
        .await
        .unwrap();
    r.status().as_u16()
}

async fn results(client: &awc::Client, base: &str, plan: &Plan, t: u64) {
    let (cookie, csrf) = referee(client, base).await;
    let tables = get_text(client, &format!("{base}/ref/t/{t}"), Some(&cookie)).await;
    let matches = ids_after(&tables, &format!("/ref/t/{t}/match/"));
    assert!(matches.len() >= TASKS, "at least {TASKS} matches to correct");
    let mut games = Vec::new();
    for m in matches.iter().take(TASKS) {
        let page = get_text(client, &format!("{base}/ref/t/{t}/match/{m}"), Some(&cookie)).await;
        let forms = game_forms(&page, t);
        assert_eq!(forms.len(), 2, "two result forms on match {m}");
        games.push((m.clone(), forms[0].clone()));
    }

    // (2) Throughput: every task corrects its own game, version after version.
    let start = Instant::now();
    let mut tasks = Vec::new();
    for (_, (id, version)) in games.clone() {
        let (client, cookie, csrf, n) =
            (client.clone(), cookie.clone(), csrf.clone(), plan.result_requests / TASKS);
        let url = format!("{base}/ref/t/{t}/game/{id}");
        tasks.push(actix_rt::spawn(async move {
            let mut lat = Vec::with_capacity(n);
            for i in 0..n {
                let t0 = Instant::now();
                let status =
                    save(&client, &url, &cookie, &csrf, version + i as i64, if i % 2 == 0 { 10 } else { 14 })
                        .await;
                assert_eq!(status, 303, "result saved (version {})", version + i as i64);
                lat.push(t0.elapsed());
            }
            lat
        }));
    }
    let mut all = Vec::new();
    for task in tasks {
        all.extend(task.await.unwrap());
    }
    report(&format!("result submission ({TASKS} games)"), all, start.elapsed());

    // (3) Freshness: right after each acknowledged save, an anonymous reader's first request for the
    // match page and the results export shows the new points (never a cached older page).
    let (m, (id, mut version)) = games[0].clone();
    version += (plan.result_requests / TASKS) as i64;
    let url = format!("{base}/ref/t/{t}/game/{id}");
    let (mut stale, mut reads) = (0, Vec::new());
    // Each save a total different from the one before, each one the league's points table can make
    // for a Red win on the Radzymin check (issue 22: impossible totals are refused), and above what
    // the other games show (the demo's and the throughput's totals), so a stale page cannot pass.
    let armies = bitwa::app::results::armies(bitwa::engine::Edition::builtin());
    let possible: Vec<u32> = (24..=100)
        .filter(|&p| {
            bitwa::league::typed_result::check_points(
                bitwa::outcome::Side::Red,
                bitwa::outcome::Termination::RadzyminCheck,
                i64::from(p),
                armies,
            )
            .is_ok()
        })
        .collect();
    assert!(possible.len() >= 2, "two possible totals to alternate: {possible:?}");
    for i in 0..plan.fresh_checks {
        let points = possible[i % possible.len()];
        assert_eq!(save(client, &url, &cookie, &csrf, version, points).await, 303, "fresh-check save");
        version += 1;
        let t0 = Instant::now();
        let page = get_text(client, &format!("{base}/t/{t}/match/{m}"), None).await;
        reads.push(t0.elapsed());
        let csv = get_text(client, &format!("{base}/t/{t}/export/results"), None).await;
        let shown = format!("{points} pkt za Czerwonych");
        if !page.contains(&shown) || !csv.contains(&format!(";{points}")) {
            stale += 1;
        }
    }
    println!(
        "first read after a save: {} of {} fresh (stale: {stale})",
        plan.fresh_checks - stale,
        plan.fresh_checks
    );
    assert_eq!(stale, 0, "a page showed a result older than an acknowledged save");
    reads.sort();
    println!(
        "first match page after a save: p50 {:.2} ms, p99 {:.2} ms",
        percentile(&reads, 0.50).as_secs_f64() * 1e3,
        percentile(&reads, 0.99).as_secs_f64() * 1e3
    );
}

#[actix_rt::main]
async fn main() {
    let plan = Plan::from_args();
    let dir = std::env::temp_dir().join(format!("bitwa-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // `--database-url URL`: an empty database to run on (PostgreSQL: `scripts/with-postgres.sh cargo
    // bench --bench load -- --database-url "$BITWA_TEST_POSTGRES_URL"`); a SQLite file by default.
    let args: Vec<String> = std::env::args().collect();
    let database_url = args
        .iter()
        .position(|a| a == "--database-url")
        .and_then(|i| args.get(i + 1).cloned())
        .unwrap_or_else(|| format!("sqlite://{}", dir.join("bench.db").display()));
    let demo = plan.players == 24 && plan.group_players.is_none() && plan.season.is_none();
    // The demo's small season is the first one (a fresh database).
    let mut season = 1;
    if !demo {
        let db = bitwa::store::connect(&database_url).await.unwrap();
        let spec =
            DemoSpec { players: plan.players, rounds: 4, complete: false, logged_matches_per_round: 24 };
        bitwa::app::demo::create(&db, &spec).await.expect("demo tournament");
        let n = plan.group_players.unwrap_or(16);
        let groups = u32::try_from(n.div_ceil(16)).unwrap();
        let today = chrono::Utc::now().date_naive();
        bitwa::app::demo::create_groups_on(&db, n, groups, today).await.expect("groups tournament");
        let (regions, players_per_event) = plan.season.unwrap_or((2, 8));
        let spec = bitwa::app::demo_season::SeasonSpec { regions, players_per_event };
        let built = Instant::now();
        season = bitwa::app::demo_season::create_on(&db, spec, today).await.expect("season").0;
        println!(
            "load bench: season of {regions} x {players_per_event} built in {:.1} s",
            built.elapsed().as_secs_f64()
        );
        db.close().await;
    }
    let settings_url = database_url.clone();
    let settings =
        Settings { database_url, bind: "127.0.0.1:0".into(), demo, workers: None, ..Settings::default() };
    let app = Application::build(&settings).await.expect("app starts");
    let base = format!("http://127.0.0.1:{}", app.port());
    let handle = app.handle();
    actix_rt::spawn(app.run_until_stopped());
    let client = awc::Client::builder().timeout(Duration::from_secs(30)).disable_redirects().finish();
    let home = get_text(&client, &format!("{base}/"), None).await;
    let t: u64 = ids_after(&home, "/t/")[0].parse().unwrap();
    println!(
        "load bench: {} players, {} client tasks reading pages, {base}, {:?}",
        plan.players,
        plan.clients,
        bitwa::store::backend_of(&settings_url).expect("a database URL")
    );

    pages(&client, &base, &plan, t).await;
    // The groups tournament: the first one listed whose group A answers.
    let mut grouped = None;
    for id in ids_after(&home, "/t/") {
        let status = client.get(format!("{base}/t/{id}/group/A")).send().await.unwrap().status();
        if status == 200 {
            grouped = Some(id.parse::<u64>().unwrap());
            break;
        }
    }
    group_pages(&client, &base, &plan, grouped.expect("a groups tournament")).await;
    season_pages(&client, &base, &plan, season).await;
    results(&client, &base, &plan, t).await;

    handle.stop(true).await;
    let _ = std::fs::remove_dir_all(&dir);
}
