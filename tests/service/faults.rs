//! Storage faults (issue 23): a full disk under SQLite and a PostgreSQL server that stops. While
//! the database is away, saves get 503 with `Retry-After` and a page in the visitor's language,
//! public pages serve what the read model holds; when the cause goes, the first save succeeds
//! without a restart, and nothing acknowledged is lost.

use crate::helpers::*;
use crate::pages::has;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

/// A small tmpfs, unmounted when the test ends however it ends.
struct SmallDisk(PathBuf);

impl SmallDisk {
    /// Mount a tmpfs of `size` (e.g. "3m") at `dir`; `None` where mounting is not allowed (not root).
    fn mount(dir: &Path, size: &str) -> Option<SmallDisk> {
        std::fs::create_dir_all(dir).unwrap();
        let ok = Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={size}"), "tmpfs"])
            .arg(dir)
            .status()
            .is_ok_and(|s| s.success());
        ok.then(|| SmallDisk(dir.to_path_buf()))
    }
}

impl Drop for SmallDisk {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg("-l").arg(&self.0).status();
    }
}

/// Fill the filesystem of `dir` with one file until no byte more fits.
fn fill(file: &Path) {
    use std::io::Write;
    let mut f = std::fs::File::create(file).unwrap();
    let chunk = vec![0u8; 4096];
    while f.write_all(&chunk).is_ok() {}
    let _ = f.sync_all();
}

async fn register_status(b: &Browser, t: i64, name: &str) -> Page {
    b.post(
        &format!("/admin/t/{t}/players"),
        &[("name", name), ("birth_date", "2010-01-15"), ("club", "LO 1")],
    )
    .await
}

/// The organiser, a tournament and three players registered before the fault (their names).
async fn tournament_of_three(app: &TestApp, prefix: &str) -> (Browser, i64, Vec<String>) {
    let organiser = app.admin().await;
    let t = create_tournament(&organiser, &[]).await;
    let mut acknowledged = Vec::new();
    for i in 0..3 {
        let name = format!("{prefix} {i}");
        assert_eq!(register_status(&organiser, t, &name).await.status, 303);
        acknowledged.push(name);
    }
    (organiser, t, acknowledged)
}

/// Every name registered with a 303 is on the organiser's page.
async fn all_on_the_page(b: &Browser, t: i64, acknowledged: &[String]) {
    let page = b.get(&format!("/admin/t/{t}")).await;
    assert_eq!(page.status, 200);
    let players = crate::pages::Overview::read(&page).players;
    let lost: Vec<&String> = acknowledged.iter().filter(|n| !players.iter().any(|p| &p.name == *n)).collect();
    assert!(lost.is_empty(), "acknowledged registrations lost: {lost:?}");
}

#[actix_rt::test]
async fn after_a_full_disk_the_first_save_once_space_is_freed_succeeds_without_a_restart() {
    let dir = fresh_dir();
    let Some(disk) = SmallDisk::mount(&dir.join("small"), "3m") else {
        eprintln!("SKIPPED: mounting a tmpfs needs root");
        return;
    };
    let db = disk.0.join("full.db");
    let app = TestApp::spawn_configured(dir.clone(), false, |s| {
        s.database_url = format!("sqlite://{}", db.display());
    })
    .await;
    let (organiser, t, mut acknowledged) = tournament_of_three(&app, "Przed Zapełnieniem").await;
    let visitor = app.browser();
    assert_eq!(visitor.get(&format!("/t/{t}")).await.status, 200);

    fill(&disk.0.join("filler"));
    // Saves until the disk refuses one (the WAL reuses the space it has first).
    let mut refused = None;
    for i in 0..400 {
        let name = format!("Na Pełnym Dysku {i}");
        let page = register_status(&organiser, t, &name).await;
        match page.status {
            303 => acknowledged.push(name),
            _ => {
                refused = Some(page);
                break;
            }
        }
    }
    let refused = refused.expect("the full disk refused a save");
    assert_eq!(refused.status, 503, "a full disk is a 503, not a 500: {}", refused.body);
    assert!(!refused.header("retry-after").is_empty(), "with Retry-After");
    assert!(refused.body.contains("Baza danych jest chwilowo niedostępna"), "{}", refused.body);
    // Still full: saves keep getting 503 at once, public pages are served.
    for i in 0..3 {
        let page = register_status(&organiser, t, &format!("Nadal Pełny {i}")).await;
        assert_eq!(page.status, 503, "{}", page.body);
    }
    assert_eq!(visitor.get(&format!("/t/{t}")).await.status, 200, "public pages meanwhile");

    std::fs::remove_file(disk.0.join("filler")).unwrap();
    // The first save after the space is back succeeds, and so does a login (a session row).
    let name = "Po Zwolnieniu Miejsca".to_string();
    let page = register_status(&organiser, t, &name).await;
    assert_eq!(page.status, 303, "the first save after space is freed: {}", page.body);
    acknowledged.push(name);
    let again = app.browser();
    again.login("admin", &app.admin_password).await;
    assert_eq!(again.get("/me").await.status, 200, "a new login works");
    all_on_the_page(&organiser, t, &acknowledged).await;
    println!(
        "full disk: {} saves acknowledged, all kept; the first save after freeing space landed",
        acknowledged.len()
    );
    app.stop().await;
    drop(disk);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A private PostgreSQL cluster the test may stop and start (the suite's shared server must stay up).
struct Cluster {
    bindir: PathBuf,
    dir: PathBuf,
    port: u16,
}

impl Cluster {
    fn run(&self, tool: &str, args: &[&str]) -> bool {
        let tool = self.bindir.join(tool);
        let mut cmd = if is_root() {
            let mut c = Command::new("runuser");
            c.args(["-u", "postgres", "--"]).arg(tool);
            c
        } else {
            Command::new(tool)
        };
        cmd.args(args).stdout(std::process::Stdio::null()).stderr(std::process::Stdio::null());
        cmd.status().is_ok_and(|s| s.success())
    }

    /// initdb and start on a free port; `None` without PostgreSQL's server binaries.
    fn start() -> Option<Cluster> {
        let bindir = Command::new("pg_config")
            .arg("--bindir")
            .output()
            .ok()
            .map(|o| PathBuf::from(String::from_utf8_lossy(&o.stdout).trim()))
            .filter(|b| b.join("initdb").exists())
            .or_else(|| {
                let mut dirs: Vec<PathBuf> = std::fs::read_dir("/usr/lib/postgresql")
                    .ok()?
                    .flatten()
                    .map(|e| e.path().join("bin"))
                    .filter(|b| b.join("initdb").exists())
                    .collect();
                dirs.sort();
                dirs.pop()
            })?;
        let port = std::net::TcpListener::bind("127.0.0.1:0").ok()?.local_addr().ok()?.port();
        let dir = std::env::temp_dir().join(format!("bitwa-outage-{}-{port}", std::process::id()));
        std::fs::create_dir_all(&dir).ok()?;
        if is_root() {
            let _ = Command::new("chown").arg("postgres").arg(&dir).status();
        }
        let cluster = Cluster { bindir, dir, port };
        let data = cluster.data();
        let ok = cluster.run("initdb", &["-D", &data, "-U", "bitwa", "--auth=trust", "--no-sync"]);
        (ok && cluster.up()).then_some(cluster)
    }

    fn data(&self) -> String {
        self.dir.join("data").display().to_string()
    }

    fn up(&self) -> bool {
        let options =
            format!("-p {} -k {} -c listen_addresses=127.0.0.1 -c fsync=off", self.port, self.dir.display());
        self.run("pg_ctl", &["-D", &self.data(), "-o", &options, "-w", "-l", "/dev/null", "start"])
    }

    fn down(&self) -> bool {
        self.run("pg_ctl", &["-D", &self.data(), "-m", "fast", "-w", "stop"])
    }

    fn url(&self) -> String {
        format!("postgres://bitwa@127.0.0.1:{}/postgres", self.port)
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        self.run("pg_ctl", &["-D", &self.data(), "-m", "immediate", "stop"]);
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn is_root() -> bool {
    Command::new("id").arg("-u").output().is_ok_and(|o| o.stdout.starts_with(b"0\n"))
}

#[actix_rt::test]
async fn while_postgresql_is_stopped_saves_get_503_at_once_and_the_first_save_after_it_returns_lands() {
    let Some(cluster) = Cluster::start() else {
        eprintln!("SKIPPED: no PostgreSQL server binaries");
        return;
    };
    let url = cluster.url();
    let app = TestApp::spawn_configured(fresh_dir(), false, |s| s.database_url = url).await;
    let (organiser, t, mut acknowledged) = tournament_of_three(&app, "Przed Awarią").await;
    let visitor = app.browser();
    let before = visitor.get(&format!("/t/{t}")).await;
    assert_eq!(before.status, 200);
    let home_before = visitor.get("/").await;
    assert_eq!(home_before.status, 200);
    let english = app.browser();
    english.get("/lang/en").await;
    // A season with the tournament as its event, and a player's person page: read once before
    // the outage (kept as built), then asked for during it.
    let (_, season) = create_season(&organiser).await;
    add_season_event(&organiser, season, t, "eliminacje lokalne", Some("mazowieckie"), "1").await;
    let player = player_id(&organiser.get(&format!("/admin/t/{t}")).await.body, &acknowledged[0]);
    let player_page = visitor.get(&format!("/t/{t}/player/{player}")).await;
    let person = ids_after(&player_page.body, "/person/")[0];
    let kept_pages =
        [format!("/season/{season}"), format!("/season/{season}/ranking"), format!("/person/{person}")];
    for path in &kept_pages {
        assert_eq!(visitor.get(path).await.status, 200, "{path} before the outage");
    }

    assert!(cluster.down(), "PostgreSQL stopped");
    let started = Instant::now();
    let refused = register_status(&organiser, t, "W Trakcie Awarii").await;
    let waited = started.elapsed();
    assert_eq!(refused.status, 503, "{}", refused.body);
    assert!(!refused.header("retry-after").is_empty(), "with Retry-After");
    assert!(refused.body.contains("Baza danych jest chwilowo niedostępna"), "{}", refused.body);
    // Bounded by the pool's 2 s acquire timeout (a generous margin for a loaded machine).
    assert!(waited < Duration::from_secs(8), "the 503 came after {waited:?}");
    // Public pages serve the read model, marked as what was saved before the outage; once the
    // database was found away (the first public read may wait for the pool to say so), each
    // answers at once instead of after the pool's 2 s.
    let public = visitor.get(&format!("/t/{t}")).await;
    assert_eq!(public.status, 200, "public pages serve what the read model holds");
    let mut answered = Vec::new();
    let tournament_pages = [format!("/t/{t}"), format!("/t/{t}/standings"), "/".into()];
    for path in tournament_pages.iter().chain(&kept_pages) {
        for _ in 0..3 {
            let started = Instant::now();
            let page = visitor.get(path).await;
            answered.push(started.elapsed());
            assert_eq!(page.status, 200, "{path} during the outage: {}", page.body);
            assert_eq!(page.header("warning"), "110 - \"Response is Stale\"", "{path} marked stale");
            if path != "/" {
                assert!(has(&page, "[data-stale=1]"), "{path}: {}", page.body);
                page.assert_contains("ta strona pokazuje stan sprzed awarii");
            }
            if path.starts_with("/t/") || path.starts_with("/person/") {
                page.assert_contains("Przed Awarią");
            }
        }
    }
    answered.sort();
    let (median, slowest) = (answered[answered.len() / 2], answered[answered.len() - 1]);
    // 100 ms is the bound the issue sets; a page kept in memory answers in a few milliseconds, so
    // the median keeps it on a loaded machine, and none waits anything like the pool's 2 s.
    assert!(median < Duration::from_millis(100), "median {median:?} during the outage");
    assert!(slowest < Duration::from_millis(1000), "slowest {slowest:?} during the outage");
    let home = visitor.get("/").await;
    assert_eq!((home.status, &home.body), (200, &home_before.body), "the tournament list too");
    // Logged in: a page that needs the login says 503 in Polish at once (the session is not read
    // while the database is away); a public page answers from memory as to anyone.
    let started = Instant::now();
    let desk = organiser.get(&format!("/admin/t/{t}")).await;
    let desk_took = started.elapsed();
    assert_eq!(desk.status, 503, "{}", desk.body);
    assert!(!desk.header("retry-after").is_empty(), "with Retry-After");
    desk.assert_contains("Baza danych jest chwilowo niedostępna");
    assert!(desk_took < Duration::from_millis(1000), "the logged-in page answered after {desk_took:?}");
    for path in tournament_pages.iter().chain(&kept_pages) {
        let page = organiser.get(path).await;
        assert_eq!(page.status, 200, "{path} logged in during the outage: {}", page.body);
        assert_eq!(page.header("warning"), "110 - \"Response is Stale\"", "{path} marked stale");
    }
    // A page never built before the outage: a 503 at once, not after the pool's timeout.
    let started = Instant::now();
    let unseen = visitor.get(&format!("/person/{}", person + 1000)).await;
    assert_eq!(unseen.status, 503, "{}", unseen.body);
    assert!(started.elapsed() < Duration::from_millis(1000), "{:?}", started.elapsed());
    let english_page = english.get("/me").await;
    assert!(matches!(english_page.status, 303 | 503), "{}", english_page.status);
    let english_stale = english.get(&format!("/t/{t}/standings")).await;
    assert_eq!(english_stale.status, 200);
    english_stale.assert_contains("this page shows what was saved before the outage");
    // Saves still wait for nothing they cannot have: 503 with Retry-After.
    let refused_again = register_status(&organiser, t, "Nadal W Trakcie Awarii").await;
    assert_eq!(refused_again.status, 503);
    assert!(!refused_again.header("retry-after").is_empty());

    assert!(cluster.up(), "PostgreSQL started again");
    let name = "Po Awarii".to_string();
    let page = register_status(&organiser, t, &name).await;
    assert_eq!(page.status, 303, "the first save after the database is back: {}", page.body);
    acknowledged.push(name);
    all_on_the_page(&organiser, t, &acknowledged).await;
    // The public pages catch up by themselves, unmarked.
    let mut back = visitor.get(&format!("/t/{t}")).await;
    for _ in 0..50 {
        if back.header("warning").is_empty() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
        back = visitor.get(&format!("/t/{t}")).await;
    }
    assert!(back.header("warning").is_empty(), "unmarked once the database is back");
    assert!(crate::pages::Tournament::read(&back).lists("Po Awarii"), "{}", back.body);
    assert!(!has(&back, "[data-stale]"), "{}", back.body);
    // The season and person pages and the logged-in pages too, by themselves.
    for path in kept_pages.iter().chain([&format!("/admin/t/{t}")]) {
        let page = organiser.get(path).await;
        assert_eq!(page.status, 200, "{path} after the outage");
        assert!(page.header("warning").is_empty(), "{path} unmarked once the database is back");
        assert!(!has(&page, "[data-stale]"), "{path}: {}", page.body);
    }
    println!(
        "postgres outage: 503 with Retry-After after {waited:?}; public pages (tournament, home, season, \
         season ranking, person) during it: median {median:?}, slowest {slowest:?}; a logged-in page's 503 \
         after {desk_took:?}; first save after it landed"
    );
    app.stop().await;
}
