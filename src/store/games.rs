//! Game results: entered by referees (typed, or filled from a validated move log), corrected by
//! organisers. Every save checks the version the editor loaded and keeps the old value in history.

use super::{Db, GameId, MatchId, PlayerId, Refusal, StoreError, TournamentId, UserId, history, now};
use serde::Serialize;

/// A game row without its (possibly long) log text.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct GameRow {
    pub id: GameId,
    pub match_id: MatchId,
    /// 1 and 2: the match's two games; 3: the knockout's extra game.
    pub game_no: i64,
    pub red_player: PlayerId,
    pub winner: Option<String>,
    pub termination: Option<String>,
    pub red_points: Option<i64>,
    pub red_clock_secs: Option<i64>,
    pub polish_clock_secs: Option<i64>,
    pub log_status: String,
    pub log_message: String,
    /// The edition the stored log was validated with (`None` without a log).
    pub edition: Option<String>,
    pub version: i64,
}

impl GameRow {
    #[must_use]
    pub fn has_result(&self) -> bool {
        self.winner.is_some()
    }
}

/// The result a referee saves. `log_text` is stored as submitted.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, sqlx::FromRow)]
pub struct ResultEntry {
    pub winner: Option<String>,
    pub termination: Option<String>,
    pub red_points: Option<i64>,
    pub red_clock_secs: Option<i64>,
    pub polish_clock_secs: Option<i64>,
    pub log_text: Option<String>,
    /// `none`, `valid` or `invalid`.
    pub log_status: String,
    pub log_message: String,
    /// The edition the log was validated with (kept with the log; `None` without one).
    pub log_edition: Option<String>,
}

#[derive(sqlx::FromRow)]
struct StoredResult {
    #[sqlx(flatten)]
    entry: ResultEntry,
    version: i64,
}

const COLUMNS: &str = "id, match_id, game_no, red_player, winner, termination, red_points, red_clock_secs, \
     polish_clock_secs, log_status, log_message, edition, version";

/// Games of every match of a tournament (one query for standings and exports).
///
/// # Errors
/// The query fails.
pub async fn all_games(db: &Db, tournament: TournamentId) -> Result<Vec<GameRow>, StoreError> {
    all_games_in(&mut *db.acquire().await?, tournament).await
}

/// [`all_games`] inside the caller's transaction (the read model loads everything in one).
///
/// # Errors
/// The query fails.
pub async fn all_games_in(
    conn: &mut sqlx::SqliteConnection,
    tournament: TournamentId,
) -> Result<Vec<GameRow>, StoreError> {
    Ok(sqlx::query_as::<_, GameRow>(&format!(
        "SELECT {COLUMNS} FROM games WHERE match_id IN \
         (SELECT m.id FROM matches m JOIN rounds r ON r.id = m.round_id WHERE r.tournament_id = ?) \
         ORDER BY match_id, game_no"
    ))
    .bind(tournament)
    .fetch_all(conn)
    .await?)
}

/// The stored log text of one game (only the game page shows logs; nothing else loads them).
///
/// # Errors
/// The query fails.
pub async fn log_text(db: &Db, id: GameId) -> Result<Option<String>, StoreError> {
    let row: Option<(Option<String>,)> =
        sqlx::query_as("SELECT log_text FROM games WHERE id = ?").bind(id).fetch_optional(db).await?;
    Ok(row.and_then(|(log,)| log))
}

/// # Errors
/// The query fails.
pub async fn of_match(db: &Db, m: MatchId) -> Result<Vec<GameRow>, StoreError> {
    Ok(sqlx::query_as::<_, GameRow>(&format!(
        "SELECT {COLUMNS} FROM games WHERE match_id = ? ORDER BY game_no"
    ))
    .bind(m)
    .fetch_all(db)
    .await?)
}

/// A game and its stored log text.
///
/// # Errors
/// The query fails.
pub async fn get(db: &Db, id: GameId) -> Result<Option<(GameRow, Option<String>)>, StoreError> {
    let row = sqlx::query_as::<_, GameRow>(&format!("SELECT {COLUMNS} FROM games WHERE id = ?"))
        .bind(id)
        .fetch_optional(db)
        .await?;
    let Some(row) = row else { return Ok(None) };
    let (log,): (Option<String>,) =
        sqlx::query_as("SELECT log_text FROM games WHERE id = ?").bind(id).fetch_one(db).await?;
    Ok(Some((row, log)))
}

/// Save a result if the game is still at `version` (the version the editor loaded), and its match is
/// not recorded as a walkover or withdrawal (the match's forfeit decides it; a game result beside
/// it would make the exports and the standings disagree).
///
/// # Errors
/// [`StoreError::Conflict`] if someone saved in between, [`StoreError::NotFound`],
/// [`StoreError::Refused`] ([`Refusal::MatchForfeited`]); the update fails.
#[tracing::instrument(skip(db, entry))]
pub async fn save_result(
    db: &Db,
    tournament: TournamentId,
    id: GameId,
    version: i64,
    entry: &ResultEntry,
    by: UserId,
) -> Result<(), StoreError> {
    let mut tx = super::write_tx(db).await?;
    save_result_in(&mut tx, tournament, id, version, entry, by).await?;
    tx.commit().await?;
    Ok(())
}

/// Save several results (game, version loaded, result) in one transaction, all or none: the demo
/// loader fills thousands of games this way.
///
/// # Errors
/// As [`save_result`], for the first game that fails; nothing is saved then.
#[tracing::instrument(skip(db, results))]
pub async fn save_results(
    db: &Db,
    tournament: TournamentId,
    results: &[(GameId, i64, ResultEntry)],
    by: UserId,
) -> Result<(), StoreError> {
    let mut tx = super::write_tx(db).await?;
    for (id, version, entry) in results {
        save_result_in(&mut tx, tournament, *id, *version, entry, by).await?;
    }
    tx.commit().await?;
    Ok(())
}

/// [`save_result`] inside the caller's transaction.
async fn save_result_in(
    tx: &mut sqlx::SqliteConnection,
    tournament: TournamentId,
    id: GameId,
    version: i64,
    entry: &ResultEntry,
    by: UserId,
) -> Result<(), StoreError> {
    let old: Option<StoredResult> = sqlx::query_as(
        "SELECT winner, termination, red_points, red_clock_secs, polish_clock_secs, log_text, log_status, \
         log_message, edition AS log_edition, version FROM games WHERE id = ?",
    )
    .bind(id)
    .fetch_optional(&mut *tx)
    .await?;
    let Some(StoredResult { entry: old, version: current }) = old else {
        return Err(StoreError::NotFound);
    };
    if current != version {
        return Err(StoreError::Conflict);
    }
    let (forfeit,): (Option<String>,) =
        sqlx::query_as("SELECT m.forfeit FROM games g JOIN matches m ON m.id = g.match_id WHERE g.id = ?")
            .bind(id)
            .fetch_one(&mut *tx)
            .await?;
    if forfeit.is_some() {
        return Err(StoreError::Refused(Refusal::MatchForfeited));
    }
    let res = sqlx::query(
        "UPDATE games SET winner = ?, termination = ?, red_points = ?, red_clock_secs = ?, polish_clock_secs = ?, \
         log_text = ?, log_status = ?, log_message = ?, edition = ?, version = version + 1, updated_by = ?, \
         updated_at = ? WHERE id = ? AND version = ?",
    )
    .bind(&entry.winner)
    .bind(&entry.termination)
    .bind(entry.red_points)
    .bind(entry.red_clock_secs)
    .bind(entry.polish_clock_secs)
    .bind(&entry.log_text)
    .bind(&entry.log_status)
    .bind(&entry.log_message)
    .bind(entry.log_text.as_ref().and(entry.log_edition.as_ref()))
    .bind(by)
    .bind(now())
    .bind(id)
    .bind(version)
    .execute(&mut *tx)
    .await?;
    if res.rows_affected() == 0 {
        return Err(StoreError::Conflict);
    }
    let action = if old.winner.is_some() { "correct" } else { "enter" };
    history::record(
        tx,
        history::Subject { tournament, entity: "game", id: id.0 },
        action,
        Some(by),
        &old,
        entry,
    )
    .await?;
    Ok(())
}

/// Add the knockout's extra game, whose Red side was drawn by lot (the lot is recorded in history).
///
/// # Errors
/// [`StoreError::Conflict`] if the extra game exists already (someone drew the lot first); the
/// insert fails for another reason.
#[tracing::instrument(skip(db))]
pub async fn add_extra_game(
    db: &Db,
    tournament: TournamentId,
    m: MatchId,
    red: PlayerId,
    seed: u64,
    by: UserId,
) -> Result<GameId, StoreError> {
    let mut tx = super::write_tx(db).await?;
    let (id,): (GameId,) =
        sqlx::query_as("INSERT INTO games (match_id, game_no, red_player) VALUES (?, 3, ?) RETURNING id")
            .bind(m)
            .bind(red)
            .fetch_one(&mut *tx)
            .await
            .map_err(|e| match e.as_database_error() {
                // UNIQUE (match_id, game_no): a concurrent draw won. Anything else is a failure.
                Some(d) if d.is_unique_violation() => StoreError::Conflict,
                _ => StoreError::Sqlx(e),
            })?;
    #[derive(Serialize)]
    struct Lot {
        red: PlayerId,
        seed: u64,
        at: String,
    }
    history::record(
        &mut tx,
        history::Subject { tournament, entity: "game", id: id.0 },
        "extra-game lot",
        Some(by),
        &(),
        &Lot { red, seed, at: now() },
    )
    .await?;
    tx.commit().await?;
    Ok(id)
}
