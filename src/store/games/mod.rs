//! Game results: entered by referees (typed, or filled from a validated move log), corrected by
//! organisers. Every save checks the version the editor loaded and keeps the old value in history.

pub use super::values::games::{LogStatus, ResultEntry};

use super::history::Change;
use super::rounds::{Forfeit, Status};
use super::{
    Conn, GameId, MatchId, PlayerId, Refusal, Store, StoreError, StoredText, TournamentId, UserId, now,
};
use crate::outcome::{Side, Termination};

/// A game row without its (possibly long) log text.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct GameRow {
    pub id: GameId,
    pub match_id: MatchId,
    /// 1 and 2: the match's two games; 3: the knockout's extra game.
    pub game_no: i64,
    pub red_player: PlayerId,
    pub winner: Option<Side>,
    pub termination: Option<Termination>,
    pub red_points: Option<i64>,
    pub red_clock_secs: Option<i64>,
    pub polish_clock_secs: Option<i64>,
    pub log_status: LogStatus,
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

/// Who saves a result: the result form (typed, or a log pasted or uploaded), or the recorder (the
/// record of a game that ended at the table). The form never writes over a game being recorded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    Form,
    Recorder,
}

const SELECT: &str = "SELECT id, match_id, game_no, red_player, winner, termination, red_points, red_clock_secs, \
     polish_clock_secs, log_status, log_message, edition, version FROM games";

/// Games of every match of a tournament (one query for standings and exports).
///
/// # Errors
/// The query fails.
pub async fn all_games(db: &Store, tournament: TournamentId) -> Result<Vec<GameRow>, StoreError> {
    all_games_in(&mut db.conn().await?, tournament).await
}

/// [`all_games`] inside the caller's transaction (the read model loads everything in one).
///
/// # Errors
/// The query fails.
pub async fn all_games_in(conn: &mut Conn, tournament: TournamentId) -> Result<Vec<GameRow>, StoreError> {
    Ok(on!(conn, |c| sqlx::query_as::<_, GameRow>(sqlx::AssertSqlSafe(format!(
        "{SELECT} WHERE match_id IN \
         (SELECT m.id FROM matches m JOIN rounds r ON r.id = m.round_id WHERE r.tournament_id = $1) \
         ORDER BY match_id, game_no"
    )))
    .bind(tournament)
    .fetch_all(c)
    .await)?)
}

/// The stored log text of one game (only the game page shows logs; nothing else loads them).
///
/// # Errors
/// The query fails.
pub async fn log_text(db: &Store, id: GameId) -> Result<Option<String>, StoreError> {
    let row: Option<(Option<String>,)> =
        on!(db, |c| sqlx::query_as("SELECT log_text FROM games WHERE id = $1")
            .bind(id)
            .fetch_optional(c)
            .await)?;
    Ok(row.and_then(|(log,)| log))
}

/// # Errors
/// The query fails.
pub async fn of_match(db: &Store, m: MatchId) -> Result<Vec<GameRow>, StoreError> {
    Ok(on!(db, |c| sqlx::query_as::<_, GameRow>(sqlx::AssertSqlSafe(format!(
        "{SELECT} WHERE match_id = $1 ORDER BY game_no"
    )))
    .bind(m)
    .fetch_all(c)
    .await)?)
}

/// A game and its stored log text, read together.
///
/// # Errors
/// The query fails.
pub async fn get(db: &Store, id: GameId) -> Result<Option<(GameRow, Option<String>)>, StoreError> {
    #[derive(sqlx::FromRow)]
    struct WithLog {
        #[sqlx(flatten)]
        row: GameRow,
        log_text: Option<String>,
    }
    let found = on!(db, |c| sqlx::query_as::<_, WithLog>(
        "SELECT id, match_id, game_no, red_player, winner, termination, red_points, red_clock_secs, \
         polish_clock_secs, log_status, log_message, edition, version, log_text FROM games WHERE id = $1"
    )
    .bind(id)
    .fetch_optional(c)
    .await)?;
    Ok(found.map(|f| (f.row, f.log_text)))
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
    db: &Store,
    tournament: TournamentId,
    id: GameId,
    version: i64,
    entry: &ResultEntry,
    by: UserId,
) -> Result<(), StoreError> {
    save_results_open(db, tournament, &[(id, version, entry)], by, <Status as StoredText>::ALL).await
}

/// Save several results (game, version loaded, result) in one transaction, all or none (the demo
/// loader fills thousands of games this way), each into a round in one of the `open` statuses,
/// checked in the same transaction: a referee's result cannot land in a round the organiser locked
/// meanwhile.
///
/// # Errors
/// As [`save_result`], for the first game that fails; [`StoreError::Refused`]
/// ([`Refusal::RoundNotOpen`], [`Refusal::BeingRecorded`], [`Refusal::RecordingAwaitsChoice`]);
/// nothing is saved then.
#[tracing::instrument(skip(db, results))]
pub async fn save_results_open(
    db: &Store,
    tournament: TournamentId,
    results: &[(GameId, i64, &ResultEntry)],
    by: UserId,
    open: &[Status],
) -> Result<(), StoreError> {
    let mut tx = db.write_tournament(tournament).await?;
    for &(id, version, entry) in results {
        save_result_in(&mut tx, tournament, id, version, entry, by, open, Origin::Form).await?;
    }
    tx.commit().await?;
    Ok(())
}

/// [`save_result`] inside the caller's transaction (one that holds the tournament's write lock, so
/// a recording cannot start or end between the check and the write). From the form, a game being
/// recorded, or whose recording waits for the choice of which result stands, is refused: the
/// recording writes its result itself, and a typed one would silently stand in its place.
#[allow(clippy::too_many_arguments)]
pub(super) async fn save_result_in(
    tx: &mut Conn,
    tournament: TournamentId,
    id: GameId,
    version: i64,
    entry: &ResultEntry,
    by: UserId,
    open: &[Status],
    origin: Origin,
) -> Result<(), StoreError> {
    #[derive(sqlx::FromRow)]
    struct Stored {
        #[sqlx(flatten)]
        entry: ResultEntry,
        version: i64,
        forfeit: Option<Forfeit>,
        round_status: Status,
        stage_closed: bool,
    }
    // The game, checked to be the tournament's, with its match's forfeit.
    let old: Option<Stored> = on!(&mut *tx, |c| {
        sqlx::query_as(
        "SELECT g.winner, g.termination, g.red_points, g.red_clock_secs, g.polish_clock_secs, g.log_text, \
         g.log_status, g.log_message, g.edition AS log_edition, g.version, m.forfeit, r.status AS round_status, \
         EXISTS (SELECT 1 FROM tournament_stages s WHERE s.tournament_id = r.tournament_id \
         AND s.kind = r.phase AND s.status = 'closed') AS stage_closed \
         FROM games g JOIN matches m ON m.id = g.match_id JOIN rounds r ON r.id = m.round_id \
         WHERE g.id = $1 AND r.tournament_id = $2",
    )
    .bind(id)
    .bind(tournament)
    .fetch_optional(c)
    .await
    })?;
    let Some(Stored { entry: old, version: current, forfeit, round_status, stage_closed }) = old else {
        return Err(StoreError::NotFound);
    };
    if current != version {
        return Err(StoreError::Conflict);
    }
    if !open.contains(&round_status) {
        return Err(StoreError::Refused(Refusal::RoundNotOpen));
    }
    // A closed stage's ranking is frozen from these results: not even the organiser's correction
    // of a locked round lands until the stage is reopened.
    if stage_closed {
        return Err(StoreError::Refused(Refusal::StageClosed));
    }
    if forfeit.is_some() {
        return Err(StoreError::Refused(Refusal::MatchForfeited));
    }
    if origin == Origin::Form {
        let recording: Option<(super::values::recordings::Status,)> =
            on!(&mut *tx, |c| sqlx::query_as("SELECT status FROM recordings WHERE game_id = $1")
                .bind(id)
                .fetch_optional(c)
                .await)?;
        match recording.map(|(s,)| s) {
            Some(super::values::recordings::Status::Recording) => {
                return Err(StoreError::Refused(Refusal::BeingRecorded { game: id }));
            }
            Some(super::values::recordings::Status::Awaiting) => {
                return Err(StoreError::Refused(Refusal::RecordingAwaitsChoice { game: id }));
            }
            _ => {}
        }
    }
    let updated = on!(&mut *tx, |c| sqlx::query(
        "UPDATE games SET winner = $1, termination = $2, red_points = $3, red_clock_secs = $4, \
         polish_clock_secs = $5, log_text = $6, log_status = $7, log_message = $8, edition = $9, \
         version = version + 1, updated_by = $10, updated_at = $11 WHERE id = $12 AND version = $13",
    )
    .bind(entry.winner)
    .bind(entry.termination)
    .bind(entry.red_points)
    .bind(entry.red_clock_secs)
    .bind(entry.polish_clock_secs)
    .bind(&entry.log_text)
    .bind(entry.log_status)
    .bind(&entry.log_message)
    .bind(entry.log_text.as_ref().and(entry.log_edition.as_ref()))
    .bind(by)
    .bind(now())
    .bind(id)
    .bind(version)
    .execute(c)
    .await
    .map(|r| r.rows_affected()))?;
    if updated == 0 {
        return Err(StoreError::Conflict);
    }
    tx.record(tournament, by, &Change::result(id, old, entry.clone())).await?;
    Ok(())
}

/// Add the knockout's extra game, whose Red side was drawn by lot (the lot is recorded in history),
/// and, for a lot decided on a snapshot read at `seen` (the match level after its games), only if
/// nothing changed since.
///
/// # Errors
/// [`StoreError::Conflict`] if the extra game exists already (someone drew the lot first) or the
/// tournament changed since `seen`; the insert fails for another reason.
#[tracing::instrument(skip(db))]
pub async fn add_extra_game(
    db: &Store,
    tournament: TournamentId,
    seen: Option<super::Stamp>,
    m: MatchId,
    red: PlayerId,
    seed: u64,
    by: UserId,
) -> Result<GameId, StoreError> {
    let mut tx = match seen {
        Some(seen) => db.write_tournament_unchanged(tournament, seen).await?,
        None => db.write_tournament(tournament).await?,
    };
    // UNIQUE (match_id, game_no): a concurrent draw won. Anything else is a failure.
    let (id,): (GameId,) = on!(&mut tx, |c| sqlx::query_as(
        "INSERT INTO games (match_id, game_no, red_player) VALUES ($1, 3, $2) RETURNING id"
    )
    .bind(m)
    .bind(red)
    .fetch_one(c)
    .await
    .map_err(super::conflict_on_unique))?;
    tx.record(tournament, by, &Change::ExtraGameDrawn { game: id, red, seed, at: now() }).await?;
    tx.commit().await?;
    Ok(id)
}
