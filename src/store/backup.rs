//! `bitwa backup`: a consistent copy of a running service's database, taken while it serves.
//!
//! - SQLite: `VACUUM INTO 'FILE'` writes a compacted copy of the database as of one read transaction
//!   (SQLite's documentation: "The VACUUM INTO command is transactional in the sense that the
//!   generated output database is a consistent snapshot of the original database"); writers go on
//!   meanwhile (WAL). The copy is a plain SQLite file: to restore, stop the service and put the file in
//!   place of the database (or serve it with `--database-url sqlite://FILE`).
//! - PostgreSQL: `pg_dump --format=custom` (PostgreSQL's own tool: "It makes consistent backups even
//!   if the database is being used concurrently"), run with the URL's user and database; the password
//!   goes in the `PGPASSWORD` environment variable, never on a command line others can list. To
//!   restore into an empty database: `pg_restore --no-owner --dbname postgres://…/new FILE`, then
//!   start the service on it. `pg_dump` must be of the server's major version or newer
//!   (Debian: `postgresql-client-NN`).

use super::{Backend, Store, StoreError};
use std::path::Path;
use std::process::Command;

/// Copy the database named by `url` to `out` (which must not exist yet); the copy's size in bytes.
///
/// # Errors
/// [`StoreError::Setup`] if `out` exists, the URL is unsupported or `pg_dump` is missing or fails;
/// the database cannot be opened or copied.
pub async fn backup(url: &str, out: &Path) -> Result<u64, StoreError> {
    if out.exists() {
        return Err(StoreError::Setup(format!("{} exists already: choose a new file", out.display())));
    }
    let written = match super::backend_of(url)? {
        Backend::Sqlite => {
            // Through the service's own connection setup, so a database of an older version is
            // migrated first (the copy then opens with this version without a migration).
            let store = Store::connect(url).await?;
            let path =
                out.to_str().ok_or_else(|| StoreError::Setup(format!("{}: not UTF-8", out.display())))?;
            let result =
                on!(&store, |c| sqlx::query("VACUUM INTO $1").bind(path).execute(c).await.map(|_| ()));
            store.close().await;
            result?;
            out
        }
        Backend::Postgres => {
            pg_dump(url, out)?;
            out
        }
    };
    Ok(std::fs::metadata(written).map(|m| m.len()).unwrap_or(0))
}

/// Run `pg_dump` on `url`, custom format, into `out`.
fn pg_dump(url: &str, out: &Path) -> Result<(), StoreError> {
    let (without_password, password) = split_password(url);
    let mut command = Command::new(std::env::var_os("BITWA_PG_DUMP").unwrap_or_else(|| "pg_dump".into()));
    command
        .args(["--format=custom", "--no-owner", "--no-privileges", "--file"])
        .arg(out)
        .arg("--dbname")
        .arg(&without_password);
    if let Some(password) = password {
        command.env("PGPASSWORD", password);
    }
    let output = command.output().map_err(|e| {
        StoreError::Setup(format!(
            "pg_dump could not be run ({e}): install PostgreSQL's client tools of the server's version \
             (Debian: postgresql-client), or set BITWA_PG_DUMP to its path"
        ))
    })?;
    if !output.status.success() {
        let _ = std::fs::remove_file(out);
        return Err(StoreError::Setup(format!(
            "pg_dump failed: {}",
            String::from_utf8_lossy(&output.stderr).trim()
        )));
    }
    Ok(())
}

/// A `postgres://user:password@host/db` URL without its password, and the password (decoded).
fn split_password(url: &str) -> (String, Option<String>) {
    let Some((scheme, rest)) = url.split_once("://") else { return (url.to_string(), None) };
    let (authority, path) = rest.split_once('/').map_or((rest, ""), |(a, p)| (a, p));
    let Some((user_info, host)) = authority.rsplit_once('@') else { return (url.to_string(), None) };
    let Some((user, password)) = user_info.split_once(':') else { return (url.to_string(), None) };
    (format!("{scheme}://{user}@{host}/{path}"), Some(percent_decode(password)))
}

/// `%XX` escapes of a URL part, decoded (anything malformed is kept as written).
fn percent_decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| char::from(b).to_digit(16).and_then(|d| u8::try_from(d).ok());
        match (bytes[i], bytes.get(i + 1).copied().and_then(hex), bytes.get(i + 2).copied().and_then(hex)) {
            (b'%', Some(hi), Some(lo)) => {
                out.push(hi * 16 + lo);
                i += 3;
            }
            (b, _, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_password_leaves_the_url_for_the_environment() {
        assert_eq!(
            split_password("postgres://bitwa:p%40ss%3Aw0rd@db.example:5432/league?sslmode=require"),
            (
                "postgres://bitwa@db.example:5432/league?sslmode=require".to_string(),
                Some("p@ss:w0rd".to_string())
            )
        );
        assert_eq!(
            split_password("postgres://bitwa@db/league"),
            ("postgres://bitwa@db/league".to_string(), None)
        );
        assert_eq!(split_password("postgres://db/league"), ("postgres://db/league".to_string(), None));
        assert_eq!(percent_decode("100%"), "100%");
        assert_eq!(percent_decode("%zz%41"), "%zzA");
    }
}
