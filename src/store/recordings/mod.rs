//! Games recorded live at the table: the recording of a game (its edition, the league clock, how many
//! lines), and its lines, one notation line per step. Every write is a compare-and-set on what the
//! device saw and the server decided on ([`At`]: the number of lines and the recording's revision,
//! which every write moves on), so of two writes decided on one state (two devices appending the same
//! step, a pause racing an undo) exactly one lands and the stored state is the one it made; each line
//! is committed before the recorder answers. Undo removes the last line and keeps it in history.
//!
//! A recording and a typed result never replace each other silently: a recording starts only on a
//! game without a result (checked in its transaction), the result form refuses a game being recorded
//! (`games::save_result_in`), and a recording that ends where a result stands anyway (one typed by
//! an older version) waits for someone to say which stands ([`choose`]); both stay in history.

use super::games::{Origin, ResultEntry};
use super::history::Change;
use super::rounds::{Forfeit, Status as RoundStatus};
use super::{Conn, GameId, Refusal, Store, StoreError, StoredText, TournamentId, UserId, now};
use crate::league::clock::LeagueClock;
use crate::outcome::Side;

pub use super::values::recordings::Status;

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
    revision: i64,
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
    /// Writes so far (every line, undo, pause and resume moves it on).
    pub revision: i64,
}

/// The state a write was decided on: it lands only if the recording is still there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct At {
    /// The lines the device saw.
    pub steps: i64,
    /// The revision the server read.
    pub revision: i64,
}

impl Recording {
    /// The state this recording is at (what a write decided on it checks).
    #[must_use]
    pub fn at(&self) -> At {
        At { steps: self.steps, revision: self.revision }
    }
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
            revision: self.revision,
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

/// The revision (which every line, undo, pause and resume moves on) of each of `games` still being
/// recorded, in game order: what the live page's kept body was rendered at. The read model knows
/// which games are being recorded at its stamp, so this reads only their rows (by key), never the
/// tournament's games; no games, no query.
///
/// # Errors
/// The query fails.
pub async fn revisions_of(db: &Store, games: &[GameId]) -> Result<Vec<(GameId, i64)>, StoreError> {
    if games.is_empty() {
        return Ok(Vec::new());
    }
    let marks: Vec<String> = (2..games.len() + 2).map(|i| format!("${i}")).collect();
    let sql = format!(
        "SELECT game_id, revision FROM recordings WHERE status = $1 AND game_id IN ({}) ORDER BY game_id",
        marks.join(", ")
    );
    Ok(on!(db, |c| {
        // Only `$n` placeholders are formatted in; every value is bound.
        let mut query = sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())).bind(Status::Recording);
        for g in games {
            query = query.bind(*g);
        }
        query.fetch_all(c).await
    })?)
}

/// A running clock of an online game: what the server's clock watches (`app::recording::timeouts`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Running {
    pub tournament: TournamentId,
    pub game: GameId,
    pub clock: LeagueClock,
}

/// The online games being recorded whose clock runs now (not paused, a side to act), in game order:
/// one statement on the recordings in play, without their lines.
///
/// # Errors
/// The query fails, or a stored value is not one this version writes.
pub async fn running_online(db: &Store) -> Result<Vec<Running>, StoreError> {
    #[derive(sqlx::FromRow)]
    struct RunningRow {
        tournament_id: TournamentId,
        game_id: GameId,
        red_ms: i64,
        polish_ms: i64,
        running: Option<Side>,
        since_ms: i64,
    }
    let rows: Vec<RunningRow> = on!(db, |c| {
        sqlx::query_as(
        "SELECT rd.tournament_id, r.game_id, r.red_ms, r.polish_ms, r.running, r.since_ms FROM recordings r \
         JOIN games g ON g.id = r.game_id JOIN matches m ON m.id = g.match_id \
         JOIN rounds rd ON rd.id = m.round_id \
         JOIN online_matches o ON o.match_id = m.id AND o.back_at IS NULL \
         WHERE r.status = $1 AND r.paused = FALSE AND r.running IS NOT NULL ORDER BY r.game_id",
    )
    .bind(Status::Recording)
    .fetch_all(c)
    .await
    })?;
    Ok(rows
        .into_iter()
        .map(|r| Running {
            tournament: r.tournament_id,
            game: r.game_id,
            clock: LeagueClock {
                red_ms: r.red_ms,
                polish_ms: r.polish_ms,
                running: r.running,
                since_ms: r.since_ms,
            },
        })
        .collect())
}

/// The recording of a game with its lines, if one was started.
///
/// One statement (the recording's row beside each of its lines, in step order), so the lines and
/// the step count agree even while a device appends: a single statement reads one snapshot on both
/// backends.
///
/// # Errors
/// The query fails, or a stored value is not one this version writes.
pub async fn get(db: &Store, game: GameId) -> Result<Option<Recording>, StoreError> {
    #[derive(sqlx::FromRow)]
    struct WithLine {
        #[sqlx(flatten)]
        row: Row,
        line: Option<String>,
    }
    let rows: Vec<WithLine> = on!(db, |c| {
        sqlx::query_as(
        "SELECT r.game_id, r.edition, r.red_ms, r.polish_ms, r.running, r.since_ms, r.paused, r.steps, r.status, \
         r.started_by, r.started_at, r.revision, l.line FROM recordings r \
         LEFT JOIN recorded_lines l ON l.game_id = r.game_id WHERE r.game_id = $1 ORDER BY l.step"
    )
    .bind(game)
    .fetch_all(c)
    .await
    })?;
    let mut rows = rows.into_iter();
    let Some(first) = rows.next() else { return Ok(None) };
    let mut lines: Vec<String> = Vec::with_capacity(usize::try_from(first.row.steps).unwrap_or(0));
    lines.extend(first.line);
    lines.extend(rows.filter_map(|r| r.line));
    Ok(Some(first.row.into_recording(lines)))
}

/// The statuses of the recordings of a match's games (the match page says what stands).
///
/// # Errors
/// The query fails, or a stored value is not one this version writes.
pub async fn of_match(db: &Store, m: super::MatchId) -> Result<Vec<(GameId, Status, i64)>, StoreError> {
    Ok(on!(db, |c| sqlx::query_as(
        "SELECT r.game_id, r.status, r.steps FROM recordings r JOIN games g ON g.id = r.game_id \
         WHERE g.match_id = $1 ORDER BY r.game_id",
    )
    .bind(m)
    .fetch_all(c)
    .await)?)
}

/// Start recording a game: both clocks at the time control, stopped, no lines. Only on a game
/// without a result, in a round in one of the `open` statuses, on a match played over the board:
/// all checked in the insert's transaction (a result typed a moment before is never recorded over).
///
/// # Errors
/// [`StoreError::Conflict`] if the game is being recorded already (another device started it);
/// [`StoreError::Refused`] ([`Refusal::ResultStands`], [`Refusal::RoundNotOpen`],
/// [`Refusal::MatchForfeited`]); [`StoreError::NotFound`]; the insert fails.
#[tracing::instrument(skip(db))]
pub async fn start(
    db: &Store,
    tournament: TournamentId,
    game: GameId,
    edition: &str,
    clock: LeagueClock,
    by: UserId,
    open: &[RoundStatus],
) -> Result<(), StoreError> {
    let mut tx = db.write_tournament(tournament).await?;
    let found: Option<(bool, Option<Forfeit>, RoundStatus)> = on!(&mut tx, |c| {
        sqlx::query_as(
        "SELECT g.winner IS NOT NULL, m.forfeit, r.status FROM games g JOIN matches m ON m.id = g.match_id \
         JOIN rounds r ON r.id = m.round_id WHERE g.id = $1 AND r.tournament_id = $2",
    )
    .bind(game)
    .bind(tournament)
    .fetch_optional(c)
    .await
    })?;
    let (has_result, forfeit, round) = found.ok_or(StoreError::NotFound)?;
    if !open.contains(&round) {
        return Err(StoreError::Refused(Refusal::RoundNotOpen));
    }
    if forfeit.is_some() {
        return Err(StoreError::Refused(Refusal::MatchForfeited));
    }
    if has_result {
        return Err(StoreError::Refused(Refusal::ResultStands));
    }
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
    tx.record(tournament, by, &started).await?;
    tx.commit().await?;
    Ok(())
}

/// Write the clocks and the line count if the recording is still `at` what the write was decided on
/// and recording: one compare-and-set on the step and the revision (which every write moves on), so
/// a pause that landed first makes an undo decided before it fail, rather than be overwritten. On
/// PostgreSQL a concurrent writer's update waits for this one and then finds the revision moved on.
async fn update_clock(
    conn: &mut Conn,
    game: GameId,
    at: At,
    new_steps: i64,
    clock: &LeagueClock,
    paused: bool,
) -> Result<(), StoreError> {
    let updated = on!(conn, |c| {
        sqlx::query(
        "UPDATE recordings SET red_ms = $1, polish_ms = $2, running = $3, since_ms = $4, paused = $5, steps = $6, \
         revision = revision + 1 WHERE game_id = $7 AND steps = $8 AND revision = $9 AND status = $10",
    )
    .bind(clock.red_ms)
    .bind(clock.polish_ms)
    .bind(clock.running)
    .bind(clock.since_ms)
    .bind(paused)
    .bind(new_steps)
    .bind(game)
    .bind(at.steps)
    .bind(at.revision)
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

/// Append a line as step `at.steps + 1` with the clocks after it (`paused` as the referee left them),
/// if the recording is still `at`.
///
/// # Errors
/// [`StoreError::Conflict`] if another write landed since; the write fails.
pub async fn append(
    db: &Store,
    game: GameId,
    at: At,
    line: &str,
    clock: &LeagueClock,
    paused: bool,
    by: UserId,
) -> Result<(), StoreError> {
    append_lines(db, game, at, &[line.to_string()], clock, paused, by).await
}

/// Append `lines` as steps `at.steps + 1` on (a scribe's line and the forced steps the recorder
/// wrote after it) in one write, with the clocks after them, if the recording is still `at`.
///
/// # Errors
/// [`StoreError::Conflict`] if another write landed since; the write fails.
#[tracing::instrument(skip(db, lines, clock))]
pub async fn append_lines(
    db: &Store,
    game: GameId,
    at: At,
    lines: &[String],
    clock: &LeagueClock,
    paused: bool,
    by: UserId,
) -> Result<(), StoreError> {
    let n = i64::try_from(lines.len()).map_err(|_| StoreError::Conflict)?;
    let mut tx = db.write().await?;
    update_clock(&mut tx, game, at, at.steps + n, clock, paused).await?;
    if !lines.is_empty() {
        // One multi-row insert: the game, the time and the author are bound once ($1 to $3), each
        // line as its step and text.
        let rows: Vec<String> =
            (0..lines.len()).map(|i| format!("($1, ${}, ${}, $2, $3)", 2 * i + 4, 2 * i + 5)).collect();
        let sql = format!(
            "INSERT INTO recorded_lines (game_id, step, line, at_ms, by_user) VALUES {}",
            rows.join(", ")
        );
        on!(&mut tx, |c| {
            // Only `$n` placeholders are formatted in; every value is bound.
            let mut query =
                sqlx::query(sqlx::AssertSqlSafe(sql.clone())).bind(game).bind(clock.since_ms).bind(by);
            for (i, line) in (at.steps + 1..).zip(lines) {
                query = query.bind(i).bind(line);
            }
            query.execute(c).await.map(|r| r.rows_affected()).map_err(super::conflict_on_unique)
        })?;
    }
    tx.commit().await?;
    Ok(())
}

/// Take back the last line (step `at.steps`), keeping it in history, and set the clocks.
///
/// # Errors
/// [`StoreError::Conflict`] if another write landed since; [`StoreError::NotFound`] if there is no
/// line to take back; the write fails.
#[allow(clippy::too_many_arguments)]
pub async fn undo(
    db: &Store,
    tournament: TournamentId,
    game: GameId,
    at: At,
    clock: &LeagueClock,
    paused: bool,
    by: UserId,
) -> Result<String, StoreError> {
    let mut lines = undo_lines(db, tournament, game, at, 1, clock, paused, by).await?;
    lines.pop().ok_or(StoreError::NotFound)
}

/// Take back the last `count` lines (a scribe's line and the forced steps after it) in one write,
/// keeping each in history (newest first), and set the clocks; the lines taken back, newest first.
///
/// # Errors
/// [`StoreError::Conflict`] if another write landed since; [`StoreError::NotFound`] if there are
/// not that many lines; the write fails.
#[tracing::instrument(skip(db, clock))]
#[allow(clippy::too_many_arguments)]
pub async fn undo_lines(
    db: &Store,
    tournament: TournamentId,
    game: GameId,
    at: At,
    count: i64,
    clock: &LeagueClock,
    paused: bool,
    by: UserId,
) -> Result<Vec<String>, StoreError> {
    if count < 1 || at.steps < count {
        return Err(StoreError::NotFound);
    }
    let mut tx = db.write_tournament(tournament).await?;
    update_clock(&mut tx, game, at, at.steps - count, clock, paused).await?;
    let mut taken = Vec::new();
    for step in (at.steps - count + 1..=at.steps).rev() {
        let (line,): (String,) = on!(&mut tx, |c| sqlx::query_as(
            "DELETE FROM recorded_lines WHERE game_id = $1 AND step = $2 RETURNING line"
        )
        .bind(game)
        .bind(step)
        .fetch_optional(c)
        .await)?
        .ok_or(StoreError::NotFound)?;
        let taken_back = Change::LineTakenBack { game, step, line: line.clone() };
        tx.record(tournament, by, &taken_back).await?;
        taken.push(line);
    }
    tx.commit().await?;
    Ok(taken)
}

/// Stop or restart the clocks (the referee's pause), if the recording is still `at`.
///
/// # Errors
/// [`StoreError::Conflict`] if another write landed since; the write fails.
pub async fn set_clock(
    db: &Store,
    game: GameId,
    at: At,
    clock: &LeagueClock,
    paused: bool,
) -> Result<(), StoreError> {
    let mut tx = db.write().await?;
    update_clock(&mut tx, game, at, at.steps, clock, paused).await?;
    tx.commit().await?;
    Ok(())
}

/// What became of a game that ended on the recorder.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Finished {
    /// Its log and result are the game's now.
    Saved,
    /// A result already stood: nothing was replaced, and which stands is asked ([`Status::Awaiting`]).
    ResultStood,
}

/// Mark the recording that ended finished, clocks stopped, and save `entry` (its validated log and
/// result) as the game's result, in one transaction that re-checks that the game has none; if it has
/// one (typed before recordings were checked), nothing is replaced and the recording waits for the
/// choice of which stands.
///
/// # Errors
/// [`StoreError::Conflict`] if the recording is no longer being recorded (another request finished
/// it); the write fails.
pub async fn finish(
    db: &Store,
    tournament: TournamentId,
    game: GameId,
    clock: &LeagueClock,
    entry: &ResultEntry,
    by: UserId,
) -> Result<Finished, StoreError> {
    // The game leaves the games in play: the read model must see it, so the stamp moves.
    let mut tx = db.write_tournament(tournament).await?;
    let (has_result, version) = game_now(&mut tx, game).await?;
    let (status, finished) = if has_result {
        (Status::Awaiting, Finished::ResultStood)
    } else {
        (Status::Finished, Finished::Saved)
    };
    let updated = on!(&mut tx, |c| sqlx::query(
        "UPDATE recordings SET status = $1, red_ms = $2, polish_ms = $3, running = NULL, since_ms = $4, \
         revision = revision + 1 WHERE game_id = $5 AND status = $6",
    )
    .bind(status)
    .bind(clock.red_ms)
    .bind(clock.polish_ms)
    .bind(clock.since_ms)
    .bind(game)
    .bind(Status::Recording)
    .execute(c)
    .await
    .map(|r| r.rows_affected()))?;
    if updated == 0 {
        return Err(StoreError::Conflict);
    }
    if finished == Finished::Saved {
        let all = <RoundStatus as StoredText>::ALL;
        super::games::save_result_in(&mut tx, tournament, game, version, entry, by, all, Origin::Recorder)
            .await?;
    }
    tx.commit().await?;
    Ok(finished)
}

/// Whether the game has a result, and its version, in the caller's transaction.
async fn game_now(tx: &mut Conn, game: GameId) -> Result<(bool, i64), StoreError> {
    let found: Option<(bool, i64)> =
        on!(&mut *tx, |c| sqlx::query_as("SELECT winner IS NOT NULL, version FROM games WHERE id = $1")
            .bind(game)
            .fetch_optional(c)
            .await)?;
    found.ok_or(StoreError::NotFound)
}

/// End a recording before its game ended (the organiser's decision, so that a result can be typed):
/// its lines are kept, and the end is in history.
///
/// # Errors
/// [`StoreError::Conflict`] if it is no longer being recorded; the write fails.
pub async fn end(db: &Store, tournament: TournamentId, game: GameId, by: UserId) -> Result<(), StoreError> {
    let mut tx = db.write_tournament(tournament).await?;
    let ended: Option<(i64,)> = on!(&mut tx, |c| sqlx::query_as(
        "UPDATE recordings SET status = $1, running = NULL, revision = revision + 1 \
         WHERE game_id = $2 AND status = $3 RETURNING steps",
    )
    .bind(Status::Ended)
    .bind(game)
    .bind(Status::Recording)
    .fetch_optional(c)
    .await)?;
    let (steps,) = ended.ok_or(StoreError::Conflict)?;
    tx.record(tournament, by, &Change::RecordingEnded { game, steps }).await?;
    tx.commit().await?;
    Ok(())
}

/// Which result stands, when a recording ended where a result already stood.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stands {
    /// The recorded log and result replace the one that stood (a correction: history keeps both).
    Recording,
    /// The result that stood is kept; the recorded one (`entry`) goes into history.
    Typed,
}

/// Say which result stands for a recording [`Status::Awaiting`] the choice, in one transaction that
/// re-checks it still waits; `entry` is the recording's validated log and result.
///
/// # Errors
/// [`StoreError::Conflict`] if someone chose first; the write fails.
pub async fn choose(
    db: &Store,
    tournament: TournamentId,
    game: GameId,
    stands: Stands,
    entry: &ResultEntry,
    by: UserId,
) -> Result<(), StoreError> {
    let mut tx = db.write_tournament(tournament).await?;
    let status = match stands {
        Stands::Recording => Status::Finished,
        Stands::Typed => Status::SetAside,
    };
    let updated = on!(&mut tx, |c| sqlx::query(
        "UPDATE recordings SET status = $1, revision = revision + 1 WHERE game_id = $2 AND status = $3"
    )
    .bind(status)
    .bind(game)
    .bind(Status::Awaiting)
    .execute(c)
    .await
    .map(|r| r.rows_affected()))?;
    if updated == 0 {
        return Err(StoreError::Conflict);
    }
    match stands {
        Stands::Recording => {
            let (_, version) = game_now(&mut tx, game).await?;
            let all = <RoundStatus as StoredText>::ALL;
            super::games::save_result_in(
                &mut tx,
                tournament,
                game,
                version,
                entry,
                by,
                all,
                Origin::Recorder,
            )
            .await?;
        }
        Stands::Typed => {
            let set_aside = Change::RecordedResultSetAside { game, recorded: entry.clone() };
            tx.record(tournament, by, &set_aside).await?;
        }
    }
    tx.commit().await?;
    Ok(())
}
