//! `bitwa backup` on a running service, and a restore: the copy holds everything up to the backup
//! and nothing after it, and a service started on it serves it and takes new writes. On whichever
//! backend the suite runs on (SQLite: `VACUUM INTO`, restored by copying the file; PostgreSQL:
//! `pg_dump`, restored with `pg_restore` into an empty database).

use crate::helpers::*;
use std::path::Path;
use std::process::Command;

fn bitwa_backup(url: &str, out: &Path) -> (i32, String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_bitwa"))
        .args(["backup", "--database-url", url, "--out"])
        .arg(out)
        .output()
        .expect("runs");
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    (output.status.code().unwrap_or(-1), text(&output.stdout), text(&output.stderr))
}

/// Put the backup `file` where a service started on folder `dir` will find it.
async fn restore(file: &Path, dir: &Path) {
    let url = database_url(dir).await;
    if url.starts_with("sqlite:") {
        std::fs::copy(file, dir.join("bitwa.db")).unwrap();
        return;
    }
    // An empty database of its own (the helper created it), restored as its owner.
    let out = Command::new("pg_restore")
        .args(["--no-owner", "--no-privileges", "--exit-on-error", "--dbname", &url])
        .arg(file)
        .output()
        .expect("pg_restore runs (PostgreSQL's client tools)");
    assert!(out.status.success(), "pg_restore: {}", String::from_utf8_lossy(&out.stderr));
}

#[actix_rt::test]
async fn a_backup_taken_while_serving_restores_to_a_working_service_as_of_the_backup() {
    let app = TestApp::spawn_with(fresh_dir(), true).await;
    let visitor = app.browser();
    let t = ids_after(&visitor.get("/").await.body, "/t/")[0];
    let organiser = app.browser();
    organiser.login("organizator", "demo-organizator").await;
    register(&organiser, t, "Przed Kopią").await;
    let standings = visitor.get(&format!("/t/{t}/standings")).await.body;

    let file = fresh_dir().join("league.backup");
    let (code, out, err) = bitwa_backup(&app.db_url, &file);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("backup of") && out.contains("league.backup"), "{out}");
    if let Some(password) = postgres_password() {
        assert!(!out.contains(&password), "no password printed: {out}");
    }
    assert!(std::fs::metadata(&file).unwrap().len() > 10_000, "a real copy");
    // A second backup never overwrites a file.
    let (code, _, err) = bitwa_backup(&app.db_url, &file);
    assert_eq!(code, 2);
    assert!(err.contains("exists already"), "{err}");

    // Written after the backup: not in the copy.
    register(&organiser, t, "Po Kopii").await;
    assert!(crate::pages::Tournament::read(&visitor.get(&format!("/t/{t}")).await).lists("Po Kopii"));

    let dir = fresh_dir();
    restore(&file, &dir).await;
    let restored = TestApp::spawn_with(dir, false).await;
    assert!(restored.logins.is_empty(), "the accounts came with the copy: no first organiser is made");
    let public = restored.browser();
    let front = public.get(&format!("/t/{t}")).await;
    let listed = crate::pages::Tournament::read(&front);
    assert!(listed.lists("Przed Kopią") && !listed.lists("Po Kopii"), "{:?}", listed.names());
    assert_eq!(public.get(&format!("/t/{t}/standings")).await.body, standings, "the same standings");
    // The demo's accounts log in; the restored database takes new rows (ids, sequences and
    // history go on from the copy).
    let organiser = restored.browser();
    organiser.login("organizator", "demo-organizator").await;
    let id = register(&organiser, t, "Po Przywróceniu").await;
    assert!(id > 24, "a new id after the copied players: {id}");
    assert!(crate::pages::Tournament::read(&public.get(&format!("/t/{t}")).await).lists("Po Przywróceniu"));
    let history = organiser.get(&format!("/admin/t/{t}/history")).await;
    let whats: Vec<String> = crate::pages::admin::history(&history).into_iter().map(|c| c.what).collect();
    let about = |name: &str| whats.iter().any(|w| w.contains(name));
    assert!(about("Przed Kopią") && about("Po Przywróceniu") && !about("Po Kopii"), "{whats:?}");
}

#[actix_rt::test]
async fn backup_refuses_an_unknown_database_with_a_clear_message() {
    let out = fresh_dir().join("x.backup");
    let (code, _, err) = bitwa_backup("mysql://root:hunter2@db/league", &out);
    assert_eq!(code, 2);
    assert!(err.contains("unsupported database URL") && err.contains("postgres://"), "{err}");
    assert!(!err.contains("hunter2"), "no password in the message: {err}");
    assert!(!out.exists());
}
