//! Scratch space for the integration tests: a fresh folder per test under cargo's
//! `CARGO_TARGET_TMPDIR` (not the system's temp dir, which a suite of ~100 folders per run would
//! fill), and the database of a folder: a SQLite file in it, or on the PostgreSQL server named by
//! `BITWA_TEST_POSTGRES_URL` (`scripts/with-postgres.sh` sets it) a database of its own. Shared by
//! the service suite (`tests/service/helpers.rs`) and the use-case tests (`tests/support/day.rs`).

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};

static COUNTER: AtomicU32 = AtomicU32::new(0);

/// The folder of this run's test folders: `target/tmp/AREA/run-PID` (`area` as the first call
/// names it). Rust's test harness has no teardown, so each run removes the folders of earlier runs
/// that have not been touched for an hour (a run takes minutes; a concurrent run's folder is younger).
fn run_dir(area: &str) -> &'static Path {
    static RUN: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    RUN.get_or_init(|| {
        let parent = Path::new(env!("CARGO_TARGET_TMPDIR")).join(area);
        let stale = std::time::Duration::from_secs(3600);
        for entry in std::fs::read_dir(&parent).into_iter().flatten().flatten() {
            let old = entry
                .metadata()
                .and_then(|m| m.modified())
                .is_ok_and(|t| t.elapsed().is_ok_and(|age| age > stale));
            if old {
                let _ = std::fs::remove_dir_all(entry.path());
            }
        }
        let dir = parent.join(format!("run-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("the run's folder");
        dir
    })
}

/// A fresh folder for one test (its database file, uploads, backups), unique per test.
pub fn fresh_dir(area: &str) -> PathBuf {
    let n = COUNTER.fetch_add(1, Ordering::SeqCst);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .expect("after 1970")
        .subsec_nanos();
    let dir = run_dir(area).join(format!("t{n}-{}-{nanos}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("the test's folder");
    dir
}

/// The PostgreSQL server the tests run against, when set. Without it every test uses a SQLite file.
pub fn postgres_url() -> Option<String> {
    std::env::var("BITWA_TEST_POSTGRES_URL").ok().filter(|u| !u.trim().is_empty())
}

/// The database named `name` (a short word) of a test's folder: the SQLite file `dir/NAME.db`, or on
/// PostgreSQL a database of its own named after the folder (created on first use, so a restart on
/// the same folder finds its data again).
pub async fn database_url_named(dir: &Path, name: &str) -> String {
    let Some(server) = postgres_url() else {
        return format!("sqlite://{}", dir.join(format!("{name}.db")).display());
    };
    let folder = dir.file_name().and_then(|f| f.to_str()).unwrap_or("x");
    let db: String = format!("bt_{folder}_{name}")
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c.to_ascii_lowercase() } else { '_' })
        .collect();
    assert!(db.len() < 64, "database name too long: {db}");
    let admin = sqlx::PgPool::connect(&server).await.expect("the test PostgreSQL server answers");
    let exists: Option<(i32,)> = sqlx::query_as("SELECT 1 FROM pg_database WHERE datname = $1")
        .bind(&db)
        .fetch_optional(&admin)
        .await
        .expect("the catalogue answers");
    if exists.is_none() {
        // The name is made of [a-z0-9_] above: safe to splice.
        sqlx::query(sqlx::AssertSqlSafe(format!("CREATE DATABASE {db}")))
            .execute(&admin)
            .await
            .expect("the database is created");
    }
    admin.close().await;
    let (base, query) = server.split_once('?').map_or((server.as_str(), ""), |(b, q)| (b, q));
    let (host, _) = base.rsplit_once('/').expect("a postgres:// URL with a database name");
    if query.is_empty() { format!("{host}/{db}") } else { format!("{host}/{db}?{query}") }
}
