//! A game recorded at the table, between the store and the engine: replaying its lines, noticing a fallen
//! flag (the server's clock decides: the game ends on time even if nobody taps), and finishing the game,
//! whose log and result are then saved exactly as a valid submitted log is (the same validation, history
//! and standings). Every page that shows a recording goes through [`settle`] first, so a recording is
//! never shown running past its flag, nor over without its result.

use super::Replay;
use crate::engine::notation::{GameLog, Tag};
use crate::engine::{Edition, RuleOptions, validate_log};
use crate::outcome::Side;
use crate::store::games::{GameRow, ResultEntry};
use crate::store::recordings::{self, Finished, Recording, Status};
use crate::store::rounds::MatchRow;
use crate::store::tournaments::Tournament;
use crate::store::{Store, StoreError, UserId};
use crate::web::error::WebError;

/// Milliseconds since the epoch, the server's clock.
#[must_use]
pub fn now_ms() -> i64 {
    chrono::Utc::now().timestamp_millis()
}

/// The two players' names: (Red, Polish).
#[must_use]
pub fn names(m: &MatchRow, game: &GameRow) -> (String, String) {
    let b = m.b_name.clone().unwrap_or_default();
    if game.red_player == m.player_a { (m.a_name.clone(), b) } else { (b, m.a_name.clone()) }
}

/// Replay a recording's lines on its edition.
///
/// # Errors
/// [`WebError::Internal`]: a stored line no longer replays (each was accepted by the same engine).
pub fn replay<'e>(
    rec: &Recording,
    edition: &'e Edition,
    options: RuleOptions,
) -> Result<Replay<'e>, WebError> {
    Replay::of_lines(&rec.lines, edition, options)
        .map_err(|e| WebError::internal(format!("recording of game {} does not replay: {e}", rec.game)))
}

/// The game's record as a log: the header the league writes (event, round, table, players, edition,
/// time control, rules, and the result once known), then the recorded lines.
#[must_use]
pub fn log_text(
    t: &Tournament,
    m: &MatchRow,
    game: &GameRow,
    rec: &Recording,
    options: &RuleOptions,
    outcome: Option<&crate::outcome::GameOutcome>,
) -> String {
    let (red, polish) = names(m, game);
    let date = rec.started_at.get(..10).unwrap_or_default().replace('-', ".");
    let mut tags = vec![
        ("Event", t.name.clone()),
        ("Site", t.venue.clone()),
        ("Date", date),
        ("Round", m.round_number.to_string()),
        ("Table", m.table_no.to_string()),
        ("Red", red),
        ("Polish", polish),
        ("Edition", rec.edition.clone()),
        ("TimeControl", t.rules.time_control_secs.to_string()),
        // The league's rules the game was recorded under (a reader with other rules is told so).
        ("Rules", options.rules_tag()),
    ];
    if let Some(o) = outcome {
        tags.push(("Result", o.winner.as_str().to_string()));
        tags.push(("RedPoints", o.red_points.to_string()));
        tags.push(("Termination", o.termination.as_str().to_string()));
    }
    let header = GameLog {
        header: tags.into_iter().map(|(name, value)| Tag { name: name.to_string(), value }).collect(),
        events: Vec::new(),
    };
    let mut text = header.to_string();
    for line in &rec.lines {
        text.push_str(line);
        text.push('\n');
    }
    text
}

/// The record of a recording whose game is over, as the game's result: the validated log (with the
/// league's header) and the outcome the engine found, the clocks as last read in the record.
///
/// # Errors
/// [`WebError::Internal`] if the game is not over or the whole log does not validate (it was
/// accepted line by line).
pub fn entry_of(
    t: &Tournament,
    m: &MatchRow,
    game: &GameRow,
    rec: &Recording,
    edition: &Edition,
    options: RuleOptions,
) -> Result<ResultEntry, WebError> {
    let replay = replay(rec, edition, options)?;
    let state = replay.current();
    let outcome = state.outcome().ok_or_else(|| WebError::internal("finish: the game is not over"))?;
    let text = log_text(t, m, game, rec, &options, Some(&outcome));
    let v = validate_log(&text, edition, &options).map_err(|e| {
        WebError::internal(format!("recorded log of game {} does not validate: {e}", game.id))
    })?;
    // The clocks at the end as the record read them (the players' chess clock); none where nothing
    // was read.
    let reading = |side: Side| replay.last_reading(side).map(|s| i64::from(s.max(0)));
    Ok(ResultEntry {
        winner: Some(v.outcome.winner),
        termination: Some(v.outcome.termination),
        red_points: Some(i64::from(v.outcome.red_points)),
        red_clock_secs: reading(Side::Red),
        polish_clock_secs: reading(Side::Polish),
        log_text: Some(text),
        log_status: crate::store::games::LogStatus::Valid,
        log_message: v.claim_mismatches.join(" "),
        log_edition: Some(rec.edition.clone()),
    })
}

/// Save a finished recording as the game's validated log and result and mark it finished, in one
/// transaction that re-checks the game has no result; if one stands, nothing is replaced and the
/// recorder asks which stands. Another request finishing it first is a success.
///
/// # Errors
/// [`WebError::Internal`] if the whole log does not validate; the database fails.
#[allow(clippy::too_many_arguments)]
pub async fn finish(
    db: &Store,
    t: &Tournament,
    m: &MatchRow,
    game: &GameRow,
    rec: &Recording,
    edition: &Edition,
    options: RuleOptions,
    by: UserId,
) -> Result<(), WebError> {
    let entry = entry_of(t, m, game, rec, edition, options)?;
    let clock = rec.clock.switch(now_ms(), None);
    match recordings::finish(db, t.id, game.id, &clock, &entry, by).await {
        Ok(Finished::Saved) => {
            tracing::info!(tournament = %t.id, game = %game.id, winner = ?entry.winner, termination = ?entry.termination, "recorded game finished");
        }
        Ok(Finished::ResultStood) => {
            tracing::warn!(tournament = %t.id, game = %game.id, "recorded game finished where a result stood: which stands is asked");
        }
        // Another request (a page view settling the flag) finished it first.
        Err(StoreError::Conflict) => {}
        Err(e) => return Err(e.into()),
    }
    Ok(())
}

/// Bring a recording up to date with the server's clock: a game over without its result is finished
/// (a restart between the last line and the result), and a clock that ran out ends the game on time
/// (`<side> clock {0:00}`, the league's time forfeit). Returns whether anything was written.
///
/// # Errors
/// The database fails; the recording does not replay.
pub async fn settle(
    db: &Store,
    t: &Tournament,
    m: &MatchRow,
    game: &GameRow,
    rec: &Recording,
    edition: &Edition,
    options: RuleOptions,
) -> Result<bool, WebError> {
    if rec.status != Status::Recording {
        return Ok(false);
    }
    let Some(by) = rec.started_by else { return Ok(false) };
    let replay = replay(rec, edition, options)?;
    if replay.current().is_over() {
        finish(db, t, m, game, rec, edition, options, by).await?;
        return Ok(true);
    }
    let now = now_ms();
    let Some(side) = rec.clock.flag(now).filter(|_| !rec.paused) else { return Ok(false) };
    // The flag fell while `side` was thinking: its reading is 0:00 and the game ends there.
    let mut clock = rec.clock.switch(now, None);
    match side {
        Side::Red => clock.red_ms = 0,
        Side::Polish => clock.polish_ms = 0,
    }
    let line = format!("{side} clock {{0:00}}");
    match recordings::append(db, game.id, rec.at(), &line, &clock, false, by).await {
        Ok(()) => {}
        // Another request noticed the flag first (or a step was recorded): it settles.
        Err(StoreError::Conflict) => return Ok(true),
        Err(e) => return Err(e.into()),
    }
    tracing::info!(tournament = %t.id, game = %game.id, %side, "flag fell on the recorder's clock");
    let mut after = rec.clone();
    after.lines.push(line);
    after.steps += 1;
    after.clock = clock;
    finish(db, t, m, game, &after, edition, options, by).await?;
    Ok(true)
}
