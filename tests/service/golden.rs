//! The demo tournament's pages and exports, byte for byte, against what they were when the golden files
//! were written: a refactoring that moves code must not move a byte of what people see.
//!
//! The demo is built as of a fixed day (`demo::create_on`), so its dates and ages do not follow the
//! calendar. Every public page (every round, player, match and game, in Polish and in English), every
//! export (both CSV dialects, TRF), and the organiser's and referee's pages are fetched; each body's
//! SHA-256 is compared with `tests/golden/demo/manifest.txt`. One page of each kind is also kept whole
//! in `tests/golden/demo/pages/`, so that a change shows as a readable diff. The pages of a logged-in
//! visitor carry a fresh CSRF token, the history carries the time of the demo's writes (`YYYY-MM-DD HH:MM`),
//! and the new-tournament form proposes today's date: these are replaced by placeholders before hashing,
//! nothing else.
//!
//! `UPDATE_EXPECTED=1 cargo test --test service golden` rewrites the files after a deliberate change of
//! what the pages show; a mismatch writes every body as served to `target/golden-demo/` and names the
//! pages that differ.

use crate::helpers::*;
use bitwa::app::demo::{DemoSpec, create_on};
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

fn golden_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/demo")
}

/// The demo of `serve --demo`, as of 30 November 2026, served by a fresh app whose public address
/// is fixed (the table cards' QR codes hold it; otherwise they would hold the test's port).
async fn demo_app() -> TestApp {
    let dir = fresh_dir();
    let url = database_url(&dir).await;
    let store = bitwa::store::connect(&url).await.unwrap();
    let day = chrono::NaiveDate::from_ymd_opt(2026, 11, 30).unwrap();
    create_on(&store, &DemoSpec::default(), day).await.unwrap();
    drop(store);
    TestApp::spawn_configured(dir, false, |s| s.public_url = Some("http://bitwa.example".into())).await
}

/// Replace what differs from run to run (a logged-in page's CSRF token, the history's clock times of
/// the demo's writes, the real date the new-tournament form proposes) with placeholders; public pages and
/// exports have none of them.
fn normalised(body: &str) -> String {
    let mut out = String::with_capacity(body.len());
    let mut rest = body;
    // CSRF tokens: `name="csrf" value="…"` and the meta tag's `content="…"` after `csrf-token`.
    while let Some(at) = rest.find("csrf") {
        let (head, tail) = rest.split_at(at);
        out.push_str(head);
        let window = &tail[..tail.len().min(60)];
        let quote =
            window.find("value=\"").map(|i| i + 7).or_else(|| window.find("content=\"").map(|i| i + 9));
        match quote {
            Some(start) if tail[start..].find('"').is_some_and(|len| len >= 32) => {
                let len = tail[start..].find('"').unwrap_or(0);
                out.push_str(&tail[..start]);
                out.push_str("CSRF");
                rest = &tail[start + len..];
            }
            _ => {
                out.push_str("csrf");
                rest = &tail[4..];
            }
        }
    }
    out.push_str(rest);
    // Times of the demo's writes in the history, as people read them (`<time datetime="…">…</time>`).
    let mut timed = String::with_capacity(out.len());
    let mut rest = out.as_str();
    while let Some(at) = rest.find("<time datetime=\"") {
        timed.push_str(&rest[..at]);
        let Some(end) = rest[at..].find("</time>") else { break };
        timed.push_str("<time>AT</time>");
        rest = &rest[at + end + "</time>".len()..];
    }
    timed.push_str(rest);
    let out = timed;
    // Times of the demo's writes in the history (`YYYY-MM-DD HH:MM`).
    let shape = |w: &[u8]| {
        w.len() == 16
            && w.iter().enumerate().all(|(i, &c)| match i {
                4 | 7 => c == b'-',
                10 => c == b' ',
                13 => c == b':',
                _ => c.is_ascii_digit(),
            })
    };
    let bytes = out.as_bytes();
    let mut result = String::with_capacity(out.len());
    let mut i = 0;
    let mut copied = 0;
    while i + 16 <= bytes.len() {
        if shape(&bytes[i..i + 16]) {
            result.push_str(&out[copied..i]);
            result.push_str("AT");
            i += 16;
            copied = i;
        } else {
            i += 1;
        }
    }
    result.push_str(&out[copied..]);
    // The new-tournament form proposes today's date (the real one, not the demo's).
    let today = chrono::Utc::now().date_naive().format("%Y-%m-%d").to_string();
    result.replace(&format!("value=\"{today}\""), "value=\"TODAY\"")
}

/// What a person reads on a Polish page (issue 37): times in Polish words (no machine time in the
/// visible text), names in sentences in the nominative only where the sentence keeps it.
fn people_read(page: &str, body: &str, names: &[String]) {
    crate::words::assert_times_for_people(page, body);
    crate::words::assert_names_in_sentences(page, body, names);
}

/// Every page of the demo a visitor, the organiser and the referee read, with the exports.
async fn paths(app: &TestApp) -> (Vec<String>, Vec<String>, Vec<String>) {
    let b = app.browser();
    let t = ids_after(&b.get("/").await.body, "/t/")[0];
    let front = b.get(&format!("/t/{t}")).await.body;
    let rounds = ids_after(&front, &format!("/t/{t}/round/"));
    let mut matches = Vec::new();
    for n in &rounds {
        for m in ids_after(&b.get(&format!("/t/{t}/round/{n}")).await.body, &format!("/t/{t}/match/")) {
            if !matches.contains(&m) {
                matches.push(m);
            }
        }
    }
    let players = ids_after(&b.get(&format!("/t/{t}/standings")).await.body, &format!("/t/{t}/player/"));
    let mut games = Vec::new();
    for m in &matches {
        games.extend(ids_after(&b.get(&format!("/t/{t}/match/{m}")).await.body, &format!("/t/{t}/game/")));
    }
    assert_eq!(rounds, [1, 2, 3, 4], "the demo's rounds");
    assert_eq!(players.len(), 24);
    assert!(matches.len() >= 48 && games.len() >= 96, "{} matches, {} games", matches.len(), games.len());

    let mut public = vec!["/".to_string(), format!("/t/{t}")];
    for n in &rounds {
        for page in ["", "/why", "/cards", "/names"] {
            public.push(format!("/t/{t}/round/{n}{page}"));
        }
    }
    for page in ["standings", "bracket", "live"] {
        public.push(format!("/t/{t}/{page}"));
    }
    public.extend(players.iter().map(|p| format!("/t/{t}/player/{p}")));
    public.extend(matches.iter().map(|m| format!("/t/{t}/match/{m}")));
    public.extend(games.iter().map(|g| format!("/t/{t}/game/{g}")));
    // A few positions inside the first logged game.
    for step in [0, 1, 7, 30] {
        public.push(format!("/t/{t}/game/{}?step={step}", games[0]));
    }
    let mut exports = Vec::new();
    for sep in ["", "?sep=comma"] {
        for e in ["standings", "results"] {
            exports.push(format!("/t/{t}/export/{e}{sep}"));
        }
        exports.extend(rounds.iter().map(|n| format!("/t/{t}/export/pairings/{n}{sep}")));
    }
    exports.push(format!("/t/{t}/export/trf"));

    let mut private = vec![
        "/me".to_string(),
        format!("/admin/t/{t}"),
        format!("/admin/t/{t}/history"),
        "/admin/editions".to_string(),
        "/admin/new".to_string(),
        format!("/ref/t/{t}"),
    ];
    private.extend(matches.iter().map(|m| format!("/ref/t/{t}/match/{m}")));
    (public, exports, private)
}

/// The kind of page a path shows (one whole body of each kind is kept).
fn kind(path: &str) -> String {
    let mut parts: Vec<&str> = path.split(['/', '?']).filter(|p| !p.is_empty()).collect();
    for p in &mut parts {
        if p.chars().all(|c| c.is_ascii_digit()) {
            *p = "N";
        } else if p.starts_with("step=") {
            *p = "step";
        }
    }
    if parts.is_empty() { "home".to_string() } else { parts.join("_").replace('=', "-") }
}

#[actix_rt::test]
async fn the_demo_tournament_renders_byte_for_byte_as_the_golden_files() {
    let app = demo_app().await;
    let (public, exports, private) = paths(&app).await;
    let organiser = app.browser();
    organiser.login("organizator", "demo-organizator").await;
    let referee = app.browser();
    referee.login("sedzia", "demo-sedzia").await;

    // The players' names as registered (the nominative), for the rule of names in sentences.
    let db = TestDb::open(&app.db_url).await;
    let names: Vec<String> =
        on_db!(&db, |c| { sqlx::query_scalar::<_, String>("SELECT name FROM players").fetch_all(c).await })
            .unwrap();
    assert!(names.len() >= 24, "the demo's players: {}", names.len());

    let mut bodies: BTreeMap<String, String> = BTreeMap::new();
    for lang in ["pl", "en"] {
        let visitor = app.browser();
        for who in [&visitor, &organiser, &referee] {
            assert_eq!(who.get(&format!("/lang/{lang}")).await.status, 303);
        }
        for path in public.iter().chain(&exports) {
            let page = visitor.get(path).await;
            assert_eq!(page.status, 200, "{path}");
            if lang == "pl" && !path.contains("/export/") {
                people_read(&format!("pl visitor {path}"), &page.body, &names);
            }
            bodies.insert(format!("{lang} visitor {path}"), page.body);
        }
        for path in &private {
            let who = if path.starts_with("/ref/") { &referee } else { &organiser };
            let page = who.get(path).await;
            assert_eq!(page.status, 200, "{path}");
            if lang == "pl" {
                people_read(&format!("pl {path}"), &page.body, &names);
            }
            let role = if path.starts_with("/ref/") { "referee" } else { "organiser" };
            bodies.insert(format!("{lang} {role} {path}"), normalised(&page.body));
        }
    }

    // None of the phrases a reader found wrong (issue 22) is on any page or export.
    for (key, body) in &bodies {
        crate::words::assert_no_retired_phrase(key, body);
    }
    // And no English on a Polish page (the exports are data, the TRF an international format).
    for (key, body) in bodies.iter().filter(|(k, _)| k.starts_with("pl ") && !k.contains("/export/")) {
        crate::words::assert_no_english(key, body);
    }
    let manifest: String = bodies
        .iter()
        .map(|(key, body)| format!("{key} {:x} {}\n", Sha256::digest(body.as_bytes()), body.len()))
        .collect();
    // One whole body of each kind (the first in order), Polish and English.
    let mut samples: BTreeMap<String, &String> = BTreeMap::new();
    for (key, body) in &bodies {
        let mut words = key.split(' ');
        let (lang, role, path) = (words.next().unwrap(), words.next().unwrap(), words.next().unwrap());
        samples.entry(format!("{lang}-{role}-{}", kind(path))).or_insert(body);
    }

    let dir = golden_dir();
    if std::env::var_os("UPDATE_EXPECTED").is_some() {
        let pages = dir.join("pages");
        let _ = std::fs::remove_dir_all(&pages);
        std::fs::create_dir_all(&pages).unwrap();
        std::fs::write(dir.join("manifest.txt"), &manifest).unwrap();
        for (name, body) in &samples {
            std::fs::write(pages.join(format!("{name}.txt")), body.as_bytes()).unwrap();
        }
        return;
    }
    let expected = std::fs::read_to_string(dir.join("manifest.txt")).expect("tests/golden/demo/manifest.txt");
    if expected == manifest {
        return;
    }
    let out = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/golden-demo");
    let _ = std::fs::remove_dir_all(&out);
    std::fs::create_dir_all(&out).unwrap();
    for (key, body) in &bodies {
        let name: String = key.chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '_' }).collect();
        std::fs::write(out.join(format!("{name}.txt")), body.as_bytes()).unwrap();
    }
    let old: BTreeMap<&str, &str> =
        expected.lines().filter_map(|l| l.rsplitn(3, ' ').nth(2).map(|k| (k, l))).collect();
    let new: BTreeMap<&str, &str> =
        manifest.lines().filter_map(|l| l.rsplitn(3, ' ').nth(2).map(|k| (k, l))).collect();
    let differ: Vec<&&str> = old.keys().chain(new.keys()).filter(|k| old.get(*k) != new.get(*k)).collect();
    let mut first_diff = String::new();
    for (name, body) in &samples {
        let file = dir.join("pages").join(format!("{name}.txt"));
        let was = std::fs::read_to_string(&file).unwrap_or_default();
        if &was != *body {
            let line = was.lines().zip(body.lines()).position(|(a, b)| a != b).unwrap_or(0);
            first_diff.push_str(&format!(
                "\n{name}, line {}:\n- {}\n+ {}",
                line + 1,
                was.lines().nth(line).unwrap_or(""),
                body.lines().nth(line).unwrap_or("")
            ));
        }
    }
    panic!(
        "{} of {} pages differ from the golden files (bodies written to {}): {:?}{first_diff}",
        differ.len(),
        new.len(),
        out.display(),
        differ.iter().take(20).collect::<Vec<_>>()
    );
}
