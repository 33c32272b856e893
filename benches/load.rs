//! Load benchmark (not a test): start the service in-process on a loopback port with the demo
//! tournament, then hammer (1) the public standings page and (2) result submission by a logged-in
//! referee, from a few concurrent tasks, a bounded number of requests each. Prints requests per
//! second and latency percentiles. Run: `cargo bench --bench load` (release build).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use bitwa::web::{Application, Settings};
use std::time::{Duration, Instant};

const TASKS: usize = 8;
const STANDINGS_REQUESTS: usize = 8_000;
const RESULT_REQUESTS: usize = 800;

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

fn report(name: &str, mut latencies: Vec<Duration>, elapsed: Duration) {
    latencies.sort();
    println!(
        "{name}: {} requests in {:.2} s = {:.0} req/s; p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        latencies.len(),
        elapsed.as_secs_f64(),
        latencies.len() as f64 / elapsed.as_secs_f64(),
        percentile(&latencies, 0.50).as_secs_f64() * 1e3,
        percentile(&latencies, 0.99).as_secs_f64() * 1e3,
        latencies.last().unwrap().as_secs_f64() * 1e3,
    );
}

/// The `Cookie` header after a response: `cookies` with every `Set-Cookie` of `headers` applied.
fn merge_cookies(cookies: &str, headers: &awc::http::header::HeaderMap) -> String {
    let mut jar: Vec<(String, String)> = cookies
        .split("; ")
        .filter_map(|c| c.split_once('=').map(|(k, v)| (k.to_string(), v.to_string())))
        .collect();
    for set in headers.get_all("set-cookie").filter_map(|v| v.to_str().ok()) {
        let Some((k, v)) = set.split(';').next().and_then(|c| c.split_once('=')) else { continue };
        jar.retain(|(name, _)| name != k);
        if !v.is_empty() {
            jar.push((k.to_string(), v.to_string()));
        }
    }
    jar.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join("; ")
}

fn between<'a>(text: &'a str, start: &str, end: &str) -> Option<&'a str> {
    let from = text.find(start)? + start.len();
    let rest = &text[from..];
    Some(&rest[..rest.find(end)?])
}

#[actix_rt::main]
async fn main() {
    let dir = std::env::temp_dir().join(format!("bitwa-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let settings = Settings {
        database_url: format!("sqlite://{}", dir.join("bench.db").display()),
        bind: "127.0.0.1:0".into(),
        demo: true,
        workers: None,
        ..Settings::default()
    };
    let app = Application::build(&settings).await.expect("app starts");
    let base = format!("http://127.0.0.1:{}", app.port());
    let handle = app.handle();
    actix_rt::spawn(app.run_until_stopped());
    let client = awc::Client::builder().timeout(Duration::from_secs(30)).disable_redirects().finish();
    let t = 1;

    // Warm up.
    for _ in 0..50 {
        let mut r = client.get(format!("{base}/t/{t}/standings")).send().await.unwrap();
        assert_eq!(r.status(), 200);
        r.body().limit(1 << 22).await.unwrap();
    }

    // (1) Public standings.
    let start = Instant::now();
    let mut tasks = Vec::new();
    for _ in 0..TASKS {
        let (client, url) = (client.clone(), format!("{base}/t/{t}/standings"));
        tasks.push(actix_rt::spawn(async move {
            let mut lat = Vec::with_capacity(STANDINGS_REQUESTS / TASKS);
            for _ in 0..STANDINGS_REQUESTS / TASKS {
                let t0 = Instant::now();
                let mut r = client.get(&url).send().await.unwrap();
                assert_eq!(r.status(), 200);
                r.body().limit(1 << 22).await.unwrap();
                lat.push(t0.elapsed());
            }
            lat
        }));
    }
    let mut all = Vec::new();
    for task in tasks {
        all.extend(task.await.unwrap());
    }
    report("standings page", all, start.elapsed());

    // (2) Result submission by the demo referee: each task corrects its own game repeatedly
    // (each save a transaction with a version check and a history row).
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
    assert_eq!(r.status(), 303);
    let cookie = merge_cookies(&cookie, r.headers());
    // The session cookie joins the CSRF cookie; a page with a form sets nothing new then.
    let mut first = client
        .get(format!("{base}/ref/t/{t}"))
        .insert_header(("Cookie", cookie.clone()))
        .send()
        .await
        .unwrap();
    let cookie = merge_cookies(&cookie, first.headers());
    let tables = String::from_utf8(first.body().limit(1 << 22).await.unwrap().to_vec()).unwrap();
    let get = |path: String| {
        let (client, cookie) = (client.clone(), cookie.clone());
        async move {
            let mut r = client.get(path).insert_header(("Cookie", cookie)).send().await.unwrap();
            String::from_utf8(r.body().limit(1 << 22).await.unwrap().to_vec()).unwrap()
        }
    };
    let csrf = between(&tables, "name=\"csrf\" value=\"", "\"").unwrap().to_string();
    let matches: Vec<String> = tables
        .split(&format!("/ref/t/{t}/match/"))
        .skip(1)
        .map(|s| s.chars().take_while(char::is_ascii_digit).collect())
        .collect();
    let mut games = Vec::new();
    for m in matches.iter().take(TASKS) {
        let page = get(format!("{base}/ref/t/{t}/match/{m}")).await;
        // The form posts multipart to `/game/{id}/upload`; the bench posts urlencoded to `/game/{id}`.
        let id: String = between(&page, &format!("action=\"/ref/t/{t}/game/"), "\"")
            .unwrap()
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        let version: i64 = between(&page, "name=\"version\" value=\"", "\"").unwrap().parse().unwrap();
        games.push((id, version));
    }
    let start = Instant::now();
    let mut tasks = Vec::new();
    for (id, mut version) in games.clone() {
        let (client, cookie, csrf, url) =
            (client.clone(), cookie.clone(), csrf.clone(), format!("{base}/ref/t/{t}/game/{id}"));
        tasks.push(actix_rt::spawn(async move {
            let mut lat = Vec::new();
            for i in 0..RESULT_REQUESTS / TASKS {
                let points = if i % 2 == 0 { "10" } else { "14" };
                let v = version.to_string();
                let body = serde_urlencoded::to_string([
                    ("csrf", csrf.as_str()),
                    ("version", v.as_str()),
                    ("winner", "red"),
                    ("termination", "radzymin-check"),
                    ("red_points", points),
                ])
                .unwrap();
                let t0 = Instant::now();
                let r = client
                    .post(&url)
                    .insert_header(("Cookie", cookie.clone()))
                    .insert_header(("Content-Type", "application/x-www-form-urlencoded"))
                    .send_body(body)
                    .await
                    .unwrap();
                assert_eq!(r.status(), 303, "result saved");
                lat.push(t0.elapsed());
                version += 1;
            }
            lat
        }));
    }
    let mut all = Vec::new();
    for task in tasks {
        all.extend(task.await.unwrap());
    }
    report(&format!("result submission ({} games in parallel)", games.len()), all, start.elapsed());

    handle.stop(true).await;
    let _ = std::fs::remove_dir_all(&dir);
}
