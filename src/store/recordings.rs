//! Games recorded live at the table: the recording of a game (its edition, the league clock, how many
//! lines), and its lines, one notation line per step. Every write checks the number of lines the device
//! saw (`steps`), so two devices recording one game cannot both append the same step; each line is
//! committed before the recorder answers. Undo removes the last line and keeps it in history.

use super::{Db, GameId, StoreError, TournamentId, UserId, history, now};
use crate::league::clock::LeagueClock;
use crate::outcome::Side;
use serde::Serialize;

/// Where a recording is in its life.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Status {
    /// Lines are being recorded.
    Recording,
    /// The game ended and its log and result were saved to the game.
    Finished,
}

impl Status {
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Recording => "recording",
            Status::Finished => "finished",
        }
    }
    fn parse(s: &str) -> Result<Status, StoreError> {
        match s {
            "recording" => Ok(Status::Recording),
            "finished" => Ok(Status::Finished),
            other => Err(StoreError::Sqlx(sqlx::Error::Decode(format!("recording status {other:?}").into()))),
        }
    }
}

#[derive(sqlx::FromRow)]
struct Row {
    game_id: GameId,
    edition: String,
    red_ms: i64,
    polish_ms: i64,
    running: Option<String>,
    since_ms: i64,
    paused: bool,
    steps: i64,
    status: String,
    started_by: Option<UserId>,
    started_at: String,
}

/// A game's recording.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Recording {
    pub game: GameId,
    /// The edition's code.
    pub edition: String,
    pub clock: LeagueClock,
    /// The referee stopped the clocks.
    pub paused: bool,
    /// Lines recorded so far (the version a device checks).
    pub steps: i64,
    pub status: Status,
    /// Who started it (a flag fall noticed by a public page is saved in their name).
    pub started_by: Option<UserId>,
    /// RFC 3339, UTC.
    pub started_at: String,
    /// The lines in order.
    pub lines: Vec<String>,
}

impl Row {
    fn into_recording(self, lines: Vec<String>) -> Result<Recording, StoreError> {
        let running = match self.running.as_deref() {
            None => None,
            Some(s) => {
                Some(s.parse::<Side>().map_err(|e| StoreError::Sqlx(sqlx::Error::Decode(Box::new(e))))?)
            }
        };
        Ok(Recording {
            game: self.game_id,
            edition: self.edition,
            clock: LeagueClock {
                red_ms: self.red_ms,
                polish_ms: self.polish_ms,
                running,
                since_ms: self.since_ms,
            },
            paused: self.paused,
            steps: self.steps,
            status: Status::parse(&self.status)?,
            started_by: self.started_by,
            started_at: self.started_at,
            lines,
        })
    }
}

/// A game's recording status, if it has one (one indexed read: the game page asks it before choosing
/// whether its page may be shared).
///
/// # Errors
/// The query fails, or a stored value is not one this version writes.
pub async fn status(db: &Db, game: GameId) -> Result<Option<Status>, StoreError> {
    let row: Option<(String,)> = sqlx::query_as("SELECT status FROM recordings WHERE game_id = ?")
        .bind(game)
        .fetch_optional(db)
        .await?;
    row.map(|(s,)| Status::parse(&s)).transpose()
}

const COLUMNS: &str =
    "game_id, edition, red_ms, polish_ms, running, since_ms, paused, steps, status, started_by, started_at";

/// The recording of a game with its lines, if one was started.
///
/// # Errors
/// The query fails, or a stored value is not one this version writes.
pub async fn get(db: &Db, game: GameId) -> Result<Option<Recording>, StoreError> {
    let row: Option<Row> = sqlx::query_as(&format!("SELECT {COLUMNS} FROM recordings WHERE game_id = ?"))
        .bind(game)
        .fetch_optional(db)
        .await?;
    let Some(row) = row else { return Ok(None) };
    let lines: Vec<(String,)> =
        sqlx::query_as("SELECT line FROM recorded_lines WHERE game_id = ? ORDER BY step")
            .bind(game)
            .fetch_all(db)
            .await?;
    row.into_recording(lines.into_iter().map(|(l,)| l).collect()).map(Some)
}

/// Start recording a game: both clocks at the time control, stopped, no lines.
///
/// # Errors
/// [`StoreError::Conflict`] if the game is being recorded already (another device started it); the
/// insert fails.
#[tracing::instrument(skip(db))]
pub async fn start(
    db: &Db,
    tournament: TournamentId,
    game: GameId,
    edition: &str,
    clock: LeagueClock,
    by: UserId,
) -> Result<(), StoreError> {
    let mut tx = super::write_tx(db).await?;
    sqlx::query(
        "INSERT INTO recordings (game_id, edition, red_ms, polish_ms, running, since_ms, paused, steps, status, \
         started_by, started_at) VALUES (?, ?, ?, ?, ?, ?, 0, 0, 'recording', ?, ?)",
    )
    .bind(game)
    .bind(edition)
    .bind(clock.red_ms)
    .bind(clock.polish_ms)
    .bind(clock.running.map(Side::as_str))
    .bind(clock.since_ms)
    .bind(by)
    .bind(now())
    .execute(&mut *tx)
    .await
    .map_err(|e| match e.as_database_error() {
        Some(d) if d.is_unique_violation() => StoreError::Conflict,
        _ => StoreError::Sqlx(e),
    })?;
    #[derive(Serialize)]
    struct Started<'a> {
        edition: &'a str,
        time_control_ms: i64,
    }
    history::record(
        &mut tx,
        history::Subject { tournament, entity: "recording", id: game.0 },
        "start",
        Some(by),
        &(),
        &Started { edition, time_control_ms: clock.red_ms },
    )
    .await?;
    tx.commit().await?;
    Ok(())
}

/// Write the clocks if the recording is still at `steps` lines and recording.
async fn update_clock(
    conn: &mut sqlx::SqliteConnection,
    game: GameId,
    steps: i64,
    new_steps: i64,
    clock: &LeagueClock,
    paused: bool,
) -> Result<(), StoreError> {
    let res = sqlx::query(
        "UPDATE recordings SET red_ms = ?, polish_ms = ?, running = ?, since_ms = ?, paused = ?, steps = ? \
         WHERE game_id = ? AND steps = ? AND status = 'recording'",
    )
    .bind(clock.red_ms)
    .bind(clock.polish_ms)
    .bind(clock.running.map(Side::as_str))
    .bind(clock.since_ms)
    .bind(paused)
    .bind(new_steps)
    .bind(game)
    .bind(steps)
    .execute(conn)
    .await?;
    if res.rows_affected() == 0 {
        return Err(StoreError::Conflict);
    }
    Ok(())
}

/// Append a line as step `steps + 1` with the clocks after it (`paused` as the referee left them), if the
/// recording is still at `steps`.
///
/// # Errors
/// [`StoreError::Conflict`] if another device recorded (or undid) a step since; the write fails.
#[tracing::instrument(skip(db, line, clock))]
pub async fn append(
    db: &Db,
    game: GameId,
    steps: i64,
    line: &str,
    clock: &LeagueClock,
    paused: bool,
    by: UserId,
) -> Result<(), StoreError> {
    let mut tx = super::write_tx(db).await?;
    update_clock(&mut tx, game, steps, steps + 1, clock, paused).await?;
    sqlx::query("INSERT INTO recorded_lines (game_id, step, line, at_ms, by_user) VALUES (?, ?, ?, ?, ?)")
        .bind(game)
        .bind(steps + 1)
        .bind(line)
        .bind(clock.since_ms)
        .bind(by)
        .execute(&mut *tx)
        .await
        .map_err(|e| match e.as_database_error() {
            Some(d) if d.is_unique_violation() => StoreError::Conflict,
            _ => StoreError::Sqlx(e),
        })?;
    tx.commit().await?;
    Ok(())
}

/// Take back the last line (step `steps`), keeping it in history, and set the clocks.
///
/// # Errors
/// [`StoreError::Conflict`] if the recording is no longer at `steps` lines; [`StoreError::NotFound`]
/// if there is no line to take back; the write fails.
#[tracing::instrument(skip(db, clock))]
#[allow(clippy::too_many_arguments)]
pub async fn undo(
    db: &Db,
    tournament: TournamentId,
    game: GameId,
    steps: i64,
    clock: &LeagueClock,
    paused: bool,
    by: UserId,
) -> Result<String, StoreError> {
    if steps < 1 {
        return Err(StoreError::NotFound);
    }
    let mut tx = super::write_tx(db).await?;
    update_clock(&mut tx, game, steps, steps - 1, clock, paused).await?;
    let (line,): (String,) =
        sqlx::query_as("DELETE FROM recorded_lines WHERE game_id = ? AND step = ? RETURNING line")
            .bind(game)
            .bind(steps)
            .fetch_optional(&mut *tx)
            .await?
            .ok_or(StoreError::NotFound)?;
    #[derive(Serialize)]
    struct Step<'a> {
        step: i64,
        line: &'a str,
    }
    history::record(
        &mut tx,
        history::Subject { tournament, entity: "recording", id: game.0 },
        "undo",
        Some(by),
        &Step { step: steps, line: &line },
        &(),
    )
    .await?;
    tx.commit().await?;
    Ok(line)
}

/// Stop or restart the clocks (the referee's pause), if the recording is still at `steps` lines.
///
/// # Errors
/// [`StoreError::Conflict`] if a step was recorded since; the write fails.
pub async fn set_clock(
    db: &Db,
    game: GameId,
    steps: i64,
    clock: &LeagueClock,
    paused: bool,
) -> Result<(), StoreError> {
    let mut tx = super::write_tx(db).await?;
    update_clock(&mut tx, game, steps, steps, clock, paused).await?;
    tx.commit().await?;
    Ok(())
}

/// Mark the recording finished (its log and result are saved to the game), clocks stopped.
///
/// # Errors
/// The write fails.
pub async fn finish(db: &Db, game: GameId, clock: &LeagueClock) -> Result<(), StoreError> {
    sqlx::query(
        "UPDATE recordings SET status = 'finished', red_ms = ?, polish_ms = ?, running = NULL, since_ms = ? \
         WHERE game_id = ?",
    )
    .bind(clock.red_ms)
    .bind(clock.polish_ms)
    .bind(clock.since_ms)
    .bind(game)
    .execute(db)
    .await?;
    Ok(())
}
