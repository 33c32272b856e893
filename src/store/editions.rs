//! Editions: the built-in ones (rows without files) and those organisers upload, stored with their
//! provenance and files. An edition never changes once stored; it is deleted only while no tournament
//! plays it and no stored log names it.

use super::{Conn, Store, StoreError, UserId, now};

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
pub async fn list(db: &Store) -> Result<Vec<EditionRow>, StoreError> {
    Ok(on!(db, |c| sqlx::query_as::<_, EditionRow>(sqlx::AssertSqlSafe(format!(
        "{SELECT} ORDER BY e.builtin DESC, e.uploaded_at DESC, e.code"
    )))
    .fetch_all(c)
    .await)?)
}

/// # Errors
/// The query fails.
pub async fn get(db: &Store, code: &str) -> Result<Option<EditionRow>, StoreError> {
    Ok(on!(db, |c| sqlx::query_as::<_, EditionRow>(sqlx::AssertSqlSafe(format!(
        "{SELECT} WHERE e.code = $1"
    )))
    .bind(code)
    .fetch_optional(c)
    .await)?)
}

/// The files of an uploaded edition as sent, by name (none for a built-in one).
///
/// # Errors
/// The query fails.
pub async fn files(db: &Store, code: &str) -> Result<Vec<(String, String)>, StoreError> {
    Ok(on!(db, |c| sqlx::query_as(
        "SELECT name, contents FROM edition_files WHERE edition = $1 ORDER BY name"
    )
    .bind(code)
    .fetch_all(c)
    .await)?)
}

/// Store an uploaded edition and its files in one transaction; `false` (nothing stored) if an edition
/// with that code, in any case, exists already (editions never change once stored; of two concurrent uploads of
/// one code, the second finds the first's row).
///
/// # Errors
/// An insert fails.
#[tracing::instrument(skip(db, edition), fields(code = %edition.code))]
pub async fn insert(db: &Store, edition: &NewEdition, by: UserId) -> Result<bool, StoreError> {
    let mut tx = db.write().await?;
    // Ids are unique ignoring case (`BW-2021-reconstructed-v2` is the built-in edition, not a new
    // one). Uploads run one after the other: the no-op update locks the built-in rows (on SQLite
    // the writer's lock is already held), so two uploads of one id in different cases cannot both
    // pass the check below.
    on!(&mut tx, |c| sqlx::query("UPDATE editions SET name = name WHERE builtin = TRUE")
        .execute(c)
        .await
        .map(|r| r.rows_affected()))?;
    let taken: Option<(String,)> =
        on!(&mut tx, |c| sqlx::query_as("SELECT code FROM editions WHERE lower(code) = lower($1)")
            .bind(&edition.code)
            .fetch_optional(c)
            .await)?;
    if taken.is_some() {
        return Ok(false);
    }
    let inserted = on!(&mut tx, |c| sqlx::query(
        "INSERT INTO editions (code, name, builtin, uploaded_by, uploaded_at, source) \
         VALUES ($1, $2, FALSE, $3, $4, $5) ON CONFLICT (code) DO NOTHING",
    )
    .bind(&edition.code)
    .bind(&edition.name)
    .bind(by)
    .bind(now())
    .bind(&edition.source)
    .execute(c)
    .await
    .map(|r| r.rows_affected()))?;
    if inserted == 0 {
        return Ok(false);
    }
    for (name, contents) in &edition.files {
        on!(&mut tx, |c| sqlx::query(
            "INSERT INTO edition_files (edition, name, contents) VALUES ($1, $2, $3)"
        )
        .bind(&edition.code)
        .bind(name)
        .bind(contents)
        .execute(c)
        .await
        .map(|r| r.rows_affected()))?;
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

/// Lock an edition's row until the transaction ends and say whether it is built in (`None`: no such
/// edition). The no-op update is the lock both databases understand: SQLite's writer already holds
/// the database; on PostgreSQL a tournament choosing the edition and its deletion then wait for each
/// other instead of both committing (a tournament on a deleted edition).
async fn lock(tx: &mut Conn, code: &str) -> Result<Option<bool>, StoreError> {
    let row: Option<(bool,)> =
        on!(tx, |c| sqlx::query_as("UPDATE editions SET code = code WHERE code = $1 RETURNING builtin")
            .bind(code)
            .fetch_optional(c)
            .await)?;
    Ok(row.map(|(builtin,)| builtin))
}

/// Delete an uploaded edition that nothing uses, checked in the same transaction as the delete.
///
/// # Errors
/// A query fails.
#[tracing::instrument(skip(db))]
pub async fn delete(db: &Store, code: &str) -> Result<Deletion, StoreError> {
    let mut tx = db.write().await?;
    match lock(&mut tx, code).await? {
        None => return Ok(Deletion::NotFound),
        Some(true) => return Ok(Deletion::Builtin),
        Some(false) => {}
    }
    let tournaments: Vec<(String,)> =
        on!(&mut tx, |c| sqlx::query_as("SELECT name FROM tournaments WHERE edition = $1 ORDER BY id")
            .bind(code)
            .fetch_all(c)
            .await)?;
    let (games,): (i64,) = on!(&mut tx, |c| sqlx::query_as("SELECT COUNT(*) FROM games WHERE edition = $1")
        .bind(code)
        .fetch_one(c)
        .await)?;
    if !tournaments.is_empty() || games > 0 {
        return Ok(Deletion::InUse { tournaments: tournaments.into_iter().map(|(n,)| n).collect(), games });
    }
    on!(&mut tx, |c| sqlx::query("DELETE FROM edition_files WHERE edition = $1")
        .bind(code)
        .execute(c)
        .await
        .map(|r| r.rows_affected()))?;
    on!(&mut tx, |c| sqlx::query("DELETE FROM editions WHERE code = $1")
        .bind(code)
        .execute(c)
        .await
        .map(|r| r.rows_affected()))?;
    tx.commit().await?;
    Ok(Deletion::Deleted)
}

/// Inside a tournament's write: the edition it names must exist ([`StoreError::Conflict`] if it was
/// deleted since the form was shown, so the organiser reloads and sees). The edition's row stays
/// locked until the write commits, so a concurrent deletion waits and then sees it in use.
///
/// # Errors
/// [`StoreError::Conflict`]; the query fails.
pub async fn require(tx: &mut Conn, code: &str) -> Result<(), StoreError> {
    lock(tx, code).await?.map(|_| ()).ok_or(StoreError::Conflict)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A database from before editions were chosen (every migration but this issue's), upgraded: its
    /// tournaments play, and its stored logs keep, the edition they were validated with then.
    #[tokio::test]
    async fn an_older_database_keeps_its_logs_on_the_edition_they_were_validated_with() {
        let (dir, url, pool) =
            crate::store::older_sqlite_database("editions-migration", "20261201001000").await;
        for sql in [
            "INSERT INTO tournaments (id, name, first_day, last_day, swiss_rounds, tiebreaks, created_at) \
             VALUES (1, 'Liga 2025', '2025-05-01', '2025-05-01', 5, '', '2025-05-01T08:00:00Z')",
            "INSERT INTO players (id, tournament_id, name, birth_date, created_at) \
             VALUES (1, 1, 'A', '2010-01-01', 'x'), (2, 1, 'B', '2010-01-01', 'x')",
            "INSERT INTO rounds (id, tournament_id, number, phase, status, created_at) VALUES (1, 1, 1, 'swiss', 'locked', 'x')",
            "INSERT INTO matches (id, round_id, table_no, player_a, player_b) VALUES (1, 1, 1, 1, 2)",
            "INSERT INTO games (match_id, game_no, red_player, log_text, log_status) VALUES (1, 1, 1, 'red pass', 'valid')",
            "INSERT INTO games (match_id, game_no, red_player) VALUES (1, 2, 2)",
        ] {
            sqlx::query(sql).execute(&pool).await.expect(sql);
        }
        pool.close().await;

        let db = crate::store::connect(&url).await.expect("upgraded");
        let (edition,): (String,) =
            on!(&db, |c| sqlx::query_as("SELECT edition FROM tournaments").fetch_one(c).await).expect("row");
        assert_eq!(edition, crate::engine::edition::PINNED_EDITION);
        let games: Vec<(Option<String>,)> =
            on!(&db, |c| sqlx::query_as("SELECT edition FROM games ORDER BY game_no").fetch_all(c).await)
                .expect("rows");
        assert_eq!(games, vec![(Some(crate::engine::edition::PINNED_EDITION.to_string()),), (None,)]);
        // The built-in editions are rows, with the engine's ids, and the pinned one is in use.
        let rows = list(&db).await.expect("list");
        let codes: Vec<&str> = rows.iter().map(|r| r.code.as_str()).collect();
        let builtin: Vec<&str> = crate::engine::Edition::builtins().iter().map(|e| e.id()).collect();
        assert_eq!(codes, builtin);
        assert!(rows.iter().all(|r| r.builtin));
        assert_eq!((rows[1].tournaments, rows[1].games), (1, 1));
        assert_eq!(
            delete(&db, crate::engine::edition::PINNED_EDITION).await.expect("query"),
            Deletion::Builtin
        );
        db.close().await;
        let _ = std::fs::remove_dir_all(&dir);
    }
}
