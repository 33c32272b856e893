//! Games recorded live at the table: the recording of a game (its edition, the league clock, how many
//! lines), and its lines, one notation line per step. Every write checks the number of lines the device
//! saw (`steps`), so two devices recording one game cannot both append the same step; each line is
//! committed before the recorder answers. Undo removes the last line and keeps it in history.

use super::history::Change;
use super::{Conn, GameId, Store, StoreError, StoredText, TournamentId, UserId, history, now};
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
}

impl StoredText for Status {
    const ALL: &'static [Status] = &[Status::Recording, Status::Finished];
    fn as_str(self) -> &'static str {
        Status::as_str(self)
    }
}

stored_as_text!(Status);

#[derive(sqlx::FromRow)]
struct Row {
    game_id: GameId,
    edition: String,
    red_ms: i64,
    polish_ms: i64,
    running: Option<Side>,
    since_ms: i64,
    paused: bool,
    steps: i64,
    status: Status,
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
    fn into_recording(self, lines: Vec<String>) -> Recording {
        Recording {
            game: self.game_id,
            edition: self.edition,
            clock: LeagueClock {
                red_ms: self.red_ms,
                polish_ms: self.polish_ms,
                running: self.running,
                since_ms: self.since_ms,
            },
            paused: self.paused,
            steps: self.steps,
            status: self.status,
            started_by: self.started_by,
            started_at: self.started_at,
            lines,
        }
    }
}

/// The games of a tournament being recorded now, in the caller's read snapshot (the read model keeps
/// them: starting a recording and finishing one move the tournament's stamp, a line does not).
///
/// # Errors
/// The query fails, or a stored value is not one this version writes.
pub async fn in_play_in(conn: &mut Conn, tournament: TournamentId) -> Result<Vec<GameId>, StoreError> {
    let rows: Vec<(GameId,)> = on!(conn, |c| sqlx::query_as(
        "SELECT r.game_id FROM recordings r JOIN games g ON g.id = r.game_id \
         JOIN matches m ON m.id = g.match_id JOIN rounds rd ON rd.id = m.round_id \
         WHERE rd.tournament_id = $1 AND r.status = $2 ORDER BY r.game_id",
    )
    .bind(tournament)
    .bind(Status::Recording)
    .fetch_all(c)
    .await)?;
    Ok(rows.into_iter().map(|(g,)| g).collect())
}

/// The recording of a game with its lines, if one was started.
///
/// # Errors
/// The query fails, or a stored value is not one this version writes.
pub async fn get(db: &Store, game: GameId) -> Result<Option<Recording>, StoreError> {
    // One snapshot: the lines and the step count agree even while a device appends.
    let mut tx = db.snapshot().await?;
    let row: Option<Row> = on!(&mut tx, |c| {
        sqlx::query_as(
        "SELECT game_id, edition, red_ms, polish_ms, running, since_ms, paused, steps, status, started_by, \
         started_at FROM recordings WHERE game_id = $1"
    )
    .bind(game)
    .fetch_optional(c)
    .await
    })?;
    let Some(row) = row else { return Ok(None) };
    let lines: Vec<(String,)> =
        on!(&mut tx, |c| sqlx::query_as("SELECT line FROM recorded_lines WHERE game_id = $1 ORDER BY step")
            .bind(game)
            .fetch_all(c)
            .await)?;
    tx.rollback().await?;
    Ok(Some(row.into_recording(lines.into_iter().map(|(l,)| l).collect())))
}

/// Start recording a game: both clocks at the time control, stopped, no lines.
///
/// # Errors
/// [`StoreError::Conflict`] if the game is being recorded already (another device started it); the
/// insert fails.
#[tracing::instrument(skip(db))]
pub async fn start(
    db: &Store,
    tournament: TournamentId,
    game: GameId,
    edition: &str,
    clock: LeagueClock,
    by: UserId,
) -> Result<(), StoreError> {
    let mut tx = db.write_tournament(tournament).await?;
    on!(&mut tx, |c| {
        sqlx::query(
        "INSERT INTO recordings (game_id, edition, red_ms, polish_ms, running, since_ms, paused, steps, status, \
         started_by, started_at) VALUES ($1, $2, $3, $4, $5, $6, FALSE, 0, $7, $8, $9)",
    )
    .bind(game)
    .bind(edition)
    .bind(clock.red_ms)
    .bind(clock.polish_ms)
    .bind(clock.running)
    .bind(clock.since_ms)
    .bind(Status::Recording)
    .bind(by)
    .bind(now())
    .execute(c)
    .await
    .map(|r| r.rows_affected())
    .map_err(super::conflict_on_unique)
    })?;
    let started =
        Change::RecordingStarted { game, edition: edition.to_string(), time_control_ms: clock.red_ms };
    history::record(&mut tx, tournament, by, &started).await?;
    tx.commit().await?;
    Ok(())
}

/// Write the clocks if the recording is still at `steps` lines and recording (the version check: on
/// PostgreSQL a concurrent writer's update waits for this one and then finds `steps` moved on).
async fn update_clock(
    conn: &mut Conn,
    game: GameId,
    steps: i64,
    new_steps: i64,
    clock: &LeagueClock,
    paused: bool,
) -> Result<(), StoreError> {
    let updated = on!(conn, |c| {
        sqlx::query(
        "UPDATE recordings SET red_ms = $1, polish_ms = $2, running = $3, since_ms = $4, paused = $5, steps = $6 \
         WHERE game_id = $7 AND steps = $8 AND status = $9",
    )
    .bind(clock.red_ms)
    .bind(clock.polish_ms)
    .bind(clock.running)
    .bind(clock.since_ms)
    .bind(paused)
    .bind(new_steps)
    .bind(game)
    .bind(steps)
    .bind(Status::Recording)
    .execute(c)
    .await
    .map(|r| r.rows_affected())
    })?;
    if updated == 0 {
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
    db: &Store,
    game: GameId,
    steps: i64,
    line: &str,
    clock: &LeagueClock,
    paused: bool,
    by: UserId,
) -> Result<(), StoreError> {
    let mut tx = db.write().await?;
    update_clock(&mut tx, game, steps, steps + 1, clock, paused).await?;
    on!(&mut tx, |c| sqlx::query(
        "INSERT INTO recorded_lines (game_id, step, line, at_ms, by_user) VALUES ($1, $2, $3, $4, $5)"
    )
    .bind(game)
    .bind(steps + 1)
    .bind(line)
    .bind(clock.since_ms)
    .bind(by)
    .execute(c)
    .await
    .map(|r| r.rows_affected())
    .map_err(super::conflict_on_unique))?;
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
    db: &Store,
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
    let mut tx = db.write_tournament(tournament).await?;
    update_clock(&mut tx, game, steps, steps - 1, clock, paused).await?;
    let (line,): (String,) = on!(&mut tx, |c| sqlx::query_as(
        "DELETE FROM recorded_lines WHERE game_id = $1 AND step = $2 RETURNING line"
    )
    .bind(game)
    .bind(steps)
    .fetch_optional(c)
    .await)?
    .ok_or(StoreError::NotFound)?;
    let taken_back = Change::LineTakenBack { game, step: steps, line: line.clone() };
    history::record(&mut tx, tournament, by, &taken_back).await?;
    tx.commit().await?;
    Ok(line)
}

/// Stop or restart the clocks (the referee's pause), if the recording is still at `steps` lines.
///
/// # Errors
/// [`StoreError::Conflict`] if a step was recorded since; the write fails.
pub async fn set_clock(
    db: &Store,
    game: GameId,
    steps: i64,
    clock: &LeagueClock,
    paused: bool,
) -> Result<(), StoreError> {
    let mut tx = db.write().await?;
    update_clock(&mut tx, game, steps, steps, clock, paused).await?;
    tx.commit().await?;
    Ok(())
}

/// Mark the recording finished (its log and result are saved to the game), clocks stopped.
///
/// # Errors
/// The write fails.
pub async fn finish(
    db: &Store,
    tournament: TournamentId,
    game: GameId,
    clock: &LeagueClock,
) -> Result<(), StoreError> {
    // The game leaves the games in play: the read model must see it, so the stamp moves.
    let mut tx = db.write_tournament(tournament).await?;
    on!(&mut tx, |c| sqlx::query(
        "UPDATE recordings SET status = $1, red_ms = $2, polish_ms = $3, running = NULL, since_ms = $4 \
         WHERE game_id = $5",
    )
    .bind(Status::Finished)
    .bind(clock.red_ms)
    .bind(clock.polish_ms)
    .bind(clock.since_ms)
    .bind(game)
    .execute(c)
    .await
    .map(|r| r.rows_affected()))?;
    tx.commit().await?;
    Ok(())
}
