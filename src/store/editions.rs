//! Editions: the built-in ones (rows without files) and those organisers upload, stored with their
//! provenance and files. An edition never changes once stored; it is deleted only while no tournament
//! plays it and no stored log names it.

use super::{Db, StoreError, UserId, now};
use sqlx::Row;

/// One edition as listed.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct EditionRow {
    /// The edition's id (its `edition.csv`), what a log's `Edition` tag names.
    pub code: String,
    pub name: String,
    pub builtin: bool,
    /// Who uploaded it (`None` for the built-in ones).
    pub uploaded_by: Option<String>,
    pub uploaded_at: String,
    /// What was uploaded: the file names, or the zip's name and what was taken from it.
    pub source: String,
    /// Tournaments that play it.
    pub tournaments: i64,
    /// Stored logs validated with it.
    pub games: i64,
}

impl EditionRow {
    #[must_use]
    pub fn in_use(&self) -> bool {
        self.tournaments > 0 || self.games > 0
    }
}

/// An uploaded edition that passed the loader.
pub struct NewEdition {
    pub code: String,
    pub name: String,
    pub source: String,
    pub files: Vec<(String, String)>,
}

const SELECT: &str = "SELECT e.code, e.name, e.builtin, u.username AS uploaded_by, e.uploaded_at, e.source, \
     (SELECT COUNT(*) FROM tournaments t WHERE t.edition = e.code) AS tournaments, \
     (SELECT COUNT(*) FROM games g WHERE g.edition = e.code) AS games \
     FROM editions e LEFT JOIN users u ON u.id = e.uploaded_by";

/// Every edition: built-in ones first, then uploads, newest first.
///
/// # Errors
/// The query fails.
pub async fn list(db: &Db) -> Result<Vec<EditionRow>, StoreError> {
    Ok(sqlx::query_as::<_, EditionRow>(&format!(
        "{SELECT} ORDER BY e.builtin DESC, e.uploaded_at DESC, e.code"
    ))
    .fetch_all(db)
    .await?)
}

/// # Errors
/// The query fails.
pub async fn get(db: &Db, code: &str) -> Result<Option<EditionRow>, StoreError> {
    Ok(sqlx::query_as::<_, EditionRow>(&format!("{SELECT} WHERE e.code = ?"))
        .bind(code)
        .fetch_optional(db)
        .await?)
}

/// The files of an uploaded edition as sent, by name (none for a built-in one).
///
/// # Errors
/// The query fails.
pub async fn files(db: &Db, code: &str) -> Result<Vec<(String, String)>, StoreError> {
    Ok(sqlx::query_as("SELECT name, contents FROM edition_files WHERE edition = ? ORDER BY name")
        .bind(code)
        .fetch_all(db)
        .await?)
}

/// Store an uploaded edition and its files in one transaction; `false` (nothing stored) if an edition
/// with that code exists already (editions never change once stored).
///
/// # Errors
/// An insert fails.
#[tracing::instrument(skip(db, edition), fields(code = %edition.code))]
pub async fn insert(db: &Db, edition: &NewEdition, by: UserId) -> Result<bool, StoreError> {
    let mut tx = super::write_tx(db).await?;
    let exists: Option<(String,)> = sqlx::query_as("SELECT code FROM editions WHERE code = ?")
        .bind(&edition.code)
        .fetch_optional(&mut *tx)
        .await?;
    if exists.is_some() {
        return Ok(false);
    }
    sqlx::query(
        "INSERT INTO editions (code, name, builtin, uploaded_by, uploaded_at, source) VALUES (?, ?, 0, ?, ?, ?)",
    )
    .bind(&edition.code)
    .bind(&edition.name)
    .bind(by)
    .bind(now())
    .bind(&edition.source)
    .execute(&mut *tx)
    .await?;
    for (name, contents) in &edition.files {
        sqlx::query("INSERT INTO edition_files (edition, name, contents) VALUES (?, ?, ?)")
            .bind(&edition.code)
            .bind(name)
            .bind(contents)
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await?;
    Ok(true)
}

/// What became of a request to delete an edition.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Deletion {
    Deleted,
    NotFound,
    /// Built into the program: it cannot be deleted.
    Builtin,
    /// Tournaments play it or stored logs name it (tournament names, then the number of logs).
    InUse {
        tournaments: Vec<String>,
        games: i64,
    },
}

/// Delete an uploaded edition that nothing uses, checked in the same transaction as the delete.
///
/// # Errors
/// A query fails.
#[tracing::instrument(skip(db))]
pub async fn delete(db: &Db, code: &str) -> Result<Deletion, StoreError> {
    let mut tx = super::write_tx(db).await?;
    let Some(row) = sqlx::query("SELECT builtin FROM editions WHERE code = ?")
        .bind(code)
        .fetch_optional(&mut *tx)
        .await?
    else {
        return Ok(Deletion::NotFound);
    };
    if row.try_get::<bool, _>(0)? {
        return Ok(Deletion::Builtin);
    }
    let tournaments: Vec<(String,)> =
        sqlx::query_as("SELECT name FROM tournaments WHERE edition = ? ORDER BY id")
            .bind(code)
            .fetch_all(&mut *tx)
            .await?;
    let (games,): (i64,) =
        sqlx::query_as("SELECT COUNT(*) FROM games WHERE edition = ?").bind(code).fetch_one(&mut *tx).await?;
    if !tournaments.is_empty() || games > 0 {
        return Ok(Deletion::InUse { tournaments: tournaments.into_iter().map(|(n,)| n).collect(), games });
    }
    sqlx::query("DELETE FROM edition_files WHERE edition = ?").bind(code).execute(&mut *tx).await?;
    sqlx::query("DELETE FROM editions WHERE code = ?").bind(code).execute(&mut *tx).await?;
    tx.commit().await?;
    Ok(Deletion::Deleted)
}

/// Inside a tournament's write: the edition it names must exist ([`StoreError::Conflict`] if it was
/// deleted since the form was shown, so the organiser reloads and sees).
///
/// # Errors
/// [`StoreError::Conflict`]; the query fails.
pub async fn require(tx: &mut sqlx::SqliteConnection, code: &str) -> Result<(), StoreError> {
    let found: Option<(String,)> =
        sqlx::query_as("SELECT code FROM editions WHERE code = ?").bind(code).fetch_optional(tx).await?;
    found.map(|_| ()).ok_or(StoreError::Conflict)
}
