//! Several `bitwa serve` processes on one database (the league deployment: N web processes behind a
//! proxy, one PostgreSQL): real binaries, each with its own caches. Run on PostgreSQL in CI's second
//! pass, on a SQLite file otherwise (two processes may share one file too).

use crate::helpers::*;
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A `bitwa serve` process, killed when the test ends however it ends.
pub struct Server {
    child: Child,
    pub base: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Server {
    /// Start `bitwa serve` on `url` (with `--demo` if asked) and wait for its address.
    pub fn start(url: &str, demo: bool) -> Server {
        Server::start_env(url, demo, &[])
    }

    /// [`Server::start`] with settings from the environment (`BITWA_…=…`).
    pub fn start_env(url: &str, demo: bool, env: &[(&str, &str)]) -> Server {
        let mut command = Command::new(env!("CARGO_BIN_EXE_bitwa"));
        command.args(["serve", "--bind", "127.0.0.1:0", "--database-url", url]);
        command.envs(env.iter().copied());
        if demo {
            command.arg("--demo");
        }
        let mut child = command
            .env("BITWA_LOG", "error")
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("the bitwa binary starts");
        let stdout = child.stdout.take().unwrap();
        // Owned from here: a failed check below still kills the process.
        let mut server = Server { child, base: String::new() };
        let mut lines = BufReader::new(stdout).lines();
        let line = lines.next().expect("the server prints its address").unwrap();
        server.base = line
            .strip_prefix("bitwa: serving on ")
            .and_then(|rest| rest.split_whitespace().next())
            .unwrap_or_else(|| panic!("unexpected first line: {line}"))
            .trim_end_matches('/')
            .to_string();
        if let Some(password) = postgres_password() {
            assert!(!line.contains(&password), "the database password is not printed: {line}");
        }
        // Keep reading (and dropping) what it prints, so it never blocks on a full pipe.
        std::thread::spawn(move || lines.for_each(drop));
        server
    }

    /// The server's process id (its memory is read from `/proc/<pid>/status`).
    pub fn pid(&self) -> u32 {
        self.child.id()
    }
}

/// Ask `path` on `b` every 20 ms until its body contains `needle`; how long that took. Fails after
/// one second.
async fn shows_within_a_second(b: &Browser, path: &str, needle: &str) -> Duration {
    let started = Instant::now();
    loop {
        let page = b.get(path).await;
        if page.status == 200 && page.body.contains(needle) {
            return started.elapsed();
        }
        assert!(
            started.elapsed() < Duration::from_secs(1),
            "{path} does not show {needle:?} after 1 s:\n{}",
            page.body
        );
        actix_rt::time::sleep(Duration::from_millis(20)).await;
    }
}

#[actix_rt::test]
async fn two_server_processes_on_one_database_show_each_others_writes_within_a_second() {
    let url = database_url(&fresh_dir()).await;
    // The first process migrates and loads the demo; the second starts on the migrated database.
    let a = Server::start(&url, true);
    let b = Server::start(&url, false);
    let (visitor_a, visitor_b) = (Browser::new(&a.base), Browser::new(&b.base));

    // Every public page kind is served by both, from the same data.
    let t = ids_after(&visitor_a.get("/").await.body, "/t/")[0];
    let round = visitor_b.get(&format!("/t/{t}/round/1")).await;
    let m = ids_after(&round.body, &format!("/t/{t}/match/"))[0];
    let p = ids_after(&round.body, &format!("/t/{t}/player/"))[0];
    let g = ids_after(&visitor_b.get(&format!("/t/{t}/match/{m}")).await.body, &format!("/t/{t}/game/"))[0];
    let mut paths = public_page_paths(t, p, m, g);
    for extra in ["live", "export/results", "export/standings", "export/pairings/1", "export/trf"] {
        paths.push(format!("/t/{t}/{extra}"));
    }
    for path in paths {
        let (from_a, from_b) = (visitor_a.get(&path).await, visitor_b.get(&path).await);
        assert_eq!((from_a.status, from_b.status), (200, 200), "{path}");
        if !path.ends_with("/live") {
            assert_eq!(from_a.body, from_b.body, "{path}: both processes show the same page");
        }
    }

    // A player registered through A is on B's tournament page within a second (B had it cached).
    let organiser = Browser::new(&a.base);
    organiser.login("organizator", "demo-organizator").await;
    register(&organiser, t, "Późna Zgłoszona").await;
    let took = shows_within_a_second(&visitor_b, &format!("/t/{t}"), "Późna Zgłoszona").await;
    eprintln!("registration through A shown by B after {took:?}");

    // A result saved through B (a referee logged in there) is on A's match page within a second.
    let referee = Browser::new(&b.base);
    referee.login("sedzia", "demo-sedzia").await;
    let tables = referee.get(&format!("/ref/t/{t}")).await;
    let m = ids_after(&tables.body, &format!("/ref/t/{t}/match/"))[0];
    let game = game_forms(&referee.get(&format!("/ref/t/{t}/match/{m}")).await.body, t).remove(0);
    let before = visitor_a.get(&format!("/t/{t}/match/{m}")).await;
    assert_eq!(before.status, 200);
    // Red-side points the game does not show yet (a correction is a save like any other).
    let points = ["17", "19"]
        .into_iter()
        .find(|p| !before.body.contains(&format!("; {p} pkt za Czerwonych")))
        .unwrap();
    let saved = enter(&referee, t, (game.0, &game.1), "red", "radzymin-check", points).await;
    assert_eq!(saved.status, 303, "{}", saved.body);
    let needle = format!("; {points} pkt za Czerwonych");
    let took = shows_within_a_second(&visitor_a, &format!("/t/{t}/match/{m}"), &needle).await;
    eprintln!("result through B shown by A after {took:?}");

    // A session started on A is valid on B (sessions live in the database, not in a process).
    let on_b = Browser::with_cookies_of(&organiser, &b.base);
    let overview = on_b.get(&format!("/admin/t/{t}")).await;
    overview.assert_ok();
    assert_eq!(crate::pages::Overview::read(&overview).player("Późna Zgłoszona").name, "Późna Zgłoszona");
}
