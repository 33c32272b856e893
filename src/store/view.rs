//! What the public pages read: every tournament's change stamp (one query), and all the rows of one
//! tournament loaded in one read transaction, labelled with the stamp they reflect.
//!
//! The stamp is the tournament's configuration version and its newest history row. Every write that
//! changes what a page shows either bumps the version (configuration) or writes a history row in the
//! same transaction (results, pairings, rounds, players, deck checks, referees), so a stamp that did not
//! move means nothing shown moved. It lives in the database, so several web processes agree on it.
//! Stamps only grow: versions are incremented, history rows are never deleted and SQLite allocates
//! their ids in commit order (one writer at a time). On PostgreSQL a sequence can commit out of order,
//! so there the stamp must become a counter on the tournament row bumped by each write transaction.

use super::deck_checks::{self, DeckCheck};
use super::games::{self, GameRow};
use super::players::{self, Player};
use super::rounds::{self, MatchRow, Round};
use super::tournaments::{COLUMNS, Tournament};
use super::{Db, StoreError, TournamentId};
use std::collections::HashMap;

/// A tournament's change stamp: configuration version and newest history row id.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Stamp {
    pub config: i64,
    pub history: i64,
}

impl Stamp {
    /// Data read at `self` is at least as new as data read at `other` (both parts only grow).
    #[must_use]
    pub fn covers(self, other: Stamp) -> bool {
        self.config >= other.config && self.history >= other.history
    }
}

/// The stamp of every tournament, in one query (the index `history_by_tournament` makes each
/// newest-row lookup a single index probe).
///
/// # Errors
/// The query fails.
pub async fn stamps(db: &Db) -> Result<HashMap<TournamentId, Stamp>, StoreError> {
    let rows: Vec<(TournamentId, i64, i64)> = sqlx::query_as(
        "SELECT t.id, t.version, COALESCE((SELECT MAX(h.id) FROM history h WHERE h.tournament_id = t.id), 0) \
         FROM tournaments t",
    )
    .fetch_all(db)
    .await?;
    Ok(rows.into_iter().map(|(id, config, history)| (id, Stamp { config, history })).collect())
}

async fn stamp_in(conn: &mut sqlx::SqliteConnection, id: TournamentId) -> Result<Option<Stamp>, StoreError> {
    let row: Option<(i64, i64)> = sqlx::query_as(
        "SELECT t.version, COALESCE((SELECT MAX(h.id) FROM history h WHERE h.tournament_id = t.id), 0) \
         FROM tournaments t WHERE t.id = ?",
    )
    .bind(id)
    .fetch_optional(&mut *conn)
    .await?;
    Ok(row.map(|(config, history)| Stamp { config, history }))
}

/// Everything stored about one tournament that a public page may show, without game logs.
#[derive(Debug, Clone)]
pub struct TournamentRows {
    /// The stamp these rows reflect (read in the same transaction).
    pub stamp: Stamp,
    pub tournament: Tournament,
    /// By id (registration order: the seeding order).
    pub players: Vec<Player>,
    /// By number.
    pub rounds: Vec<Round>,
    /// By round, then table, byes last.
    pub matches: Vec<MatchRow>,
    /// By match, then game number.
    pub games: Vec<GameRow>,
    /// Oldest first.
    pub deck_checks: Vec<DeckCheck>,
}

/// Load a tournament's rows and stamp in one read transaction (one consistent snapshot: SQLite's
/// WAL readers see the database as of their first read, whatever writers commit meanwhile).
/// `None` if there is no such tournament.
///
/// # Errors
/// A query fails.
#[tracing::instrument(skip(db))]
pub async fn rows(db: &Db, id: TournamentId) -> Result<Option<TournamentRows>, StoreError> {
    let mut tx = db.begin().await?;
    let Some(stamp) = stamp_in(&mut tx, id).await? else { return Ok(None) };
    let tournament =
        sqlx::query_as::<_, Tournament>(&format!("SELECT {COLUMNS} FROM tournaments WHERE id = ?"))
            .bind(id)
            .fetch_one(&mut *tx)
            .await?;
    let players = players::list_in(&mut tx, id).await?;
    let rounds = rounds::list_in(&mut tx, id).await?;
    let matches = rounds::all_matches_in(&mut tx, id).await?;
    let games = games::all_games_in(&mut tx, id).await?;
    let deck_checks = deck_checks::of_tournament_in(&mut tx, id).await?;
    // Read-only: nothing to commit; ending it releases the snapshot.
    tx.rollback().await?;
    Ok(Some(TournamentRows { stamp, tournament, players, rounds, matches, games, deck_checks }))
}
