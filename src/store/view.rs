//! What the public pages read: every tournament's change stamp (one query), and all the rows of one
//! tournament loaded in one read snapshot, labelled with the stamp they reflect.
//!
//! The stamp is the tournament's configuration version and its change counter. Every transaction
//! that writes the tournament's data moves the counter on first ([`Store::write_tournament`]), so a
//! stamp that did not move means nothing shown moved. It lives in the database, so several web
//! processes agree on it; it only grows, and it grows in commit order on both databases (the counter's
//! row is locked until the writer commits, so a later writer's value is always the larger).

use super::deck_checks::{self, DeckCheck};
use super::games::{self, GameRow};
use super::players::{self, Player};
use super::rounds::{self, MatchRow, Round};
use super::tournaments::{self, Tournament};
use super::{Conn, Store, StoreError, TournamentId};
use std::collections::HashMap;

pub use super::Stamp;

/// The stamp of every tournament, in one query (a scan of the tournaments' rows).
///
/// # Errors
/// The query fails.
pub async fn stamps(db: &Store) -> Result<HashMap<TournamentId, Stamp>, StoreError> {
    let rows: Vec<(TournamentId, i64, i64)> =
        on!(db, |c| sqlx::query_as("SELECT id, version, changes FROM tournaments").fetch_all(c).await)?;
    Ok(rows.into_iter().map(|(id, config, changes)| (id, Stamp { config, changes })).collect())
}

async fn stamp_in(conn: &mut Conn, id: TournamentId) -> Result<Option<Stamp>, StoreError> {
    let row: Option<(i64, i64)> =
        on!(conn, |c| sqlx::query_as("SELECT version, changes FROM tournaments WHERE id = $1")
            .bind(id)
            .fetch_optional(c)
            .await)?;
    Ok(row.map(|(config, changes)| Stamp { config, changes }))
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
    /// The games being recorded at a table now (their pages are live, never shared).
    pub recording: Vec<super::GameId>,
    /// The tournament's stages, groups and lots (issue 19).
    pub stages: super::stages::StageRows,
}

/// Load a tournament's rows and stamp in one read snapshot ([`Store::snapshot`]: whatever writers
/// commit meanwhile, every row and the stamp are as of one moment). `None` if there is no such
/// tournament.
///
/// # Errors
/// A query fails.
#[tracing::instrument(skip(db))]
pub async fn rows(db: &Store, id: TournamentId) -> Result<Option<TournamentRows>, StoreError> {
    let mut tx = db.snapshot().await?;
    let Some(stamp) = stamp_in(&mut tx, id).await? else { return Ok(None) };
    let tournament = tournaments::get_in(&mut tx, id).await?.ok_or(StoreError::NotFound)?;
    let players = players::list_in(&mut tx, id).await?;
    let rounds = rounds::list_in(&mut tx, id).await?;
    let matches = rounds::all_matches_in(&mut tx, id).await?;
    let games = games::all_games_in(&mut tx, id).await?;
    let deck_checks = deck_checks::of_tournament_in(&mut tx, id).await?;
    let recording = super::recordings::in_play_in(&mut tx, id).await?;
    let stages = super::stages::all_in(&mut tx, id).await?;
    // Read-only: nothing to commit; ending it releases the snapshot.
    tx.rollback().await?;
    Ok(Some(TournamentRows {
        stamp,
        tournament,
        players,
        rounds,
        matches,
        games,
        deck_checks,
        recording,
        stages,
    }))
}
