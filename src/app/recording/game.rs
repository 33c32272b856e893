//! A recorded game as every use case of `app::recording` loads it, once per request: the game's row,
//! its match, its recording if one was started, and the tournament's edition and rules; replayed by
//! the engine's [`Recording`](engine::Recording) (the one replay), and written back as the game's
//! log with the header the league writes.

use crate::app::RecordingRefusal;
use crate::app::editions::cache::{EditionCache, EditionRef};
use crate::app::results::open_for;
use crate::app::tournament::rule_options;
use crate::app::{AppError, AppResult, Refusal};
use crate::engine::notation::{self, GameLog, Tag};
use crate::engine::{self, Edition, GameState, RuleOptions, validate_log};
use crate::outcome::{GameOutcome, Side};
use crate::store::games::{GameRow, LogStatus, ResultEntry};
use crate::store::recordings::{self, Recording, Status};
use crate::store::rounds::MatchRow;
use crate::store::tournaments::{Role, Tournament};
use crate::store::{self, GameId, Store, StoreError};

/// Milliseconds since the epoch, the server's clock (what the league's clocks are kept in).
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

/// A game of a tournament with its recording, as read once.
#[derive(Debug, Clone)]
pub struct Game {
    pub t: Tournament,
    pub m: MatchRow,
    pub row: GameRow,
    /// `None`: nobody started recording it.
    pub rec: Option<Recording>,
}

impl Game {
    /// The game `id` of tournament `t` (its match must be the tournament's), with its recording.
    ///
    /// # Errors
    /// [`StoreError::NotFound`]; the database fails.
    pub async fn load(db: &Store, t: Tournament, id: GameId) -> AppResult<Game> {
        let (row, _) = store::games::get(db, id).await?.ok_or(StoreError::NotFound)?;
        let m = store::rounds::get_match(db, t.id, row.match_id).await?.ok_or(StoreError::NotFound)?;
        let rec = recordings::get(db, row.id).await?;
        Ok(Game { t, m, row, rec })
    }

    /// A game whose rows were read already (an online link's), with its recording read now.
    ///
    /// # Errors
    /// The database fails.
    pub async fn with_recording(db: &Store, t: Tournament, m: MatchRow, row: GameRow) -> AppResult<Game> {
        let rec = recordings::get(db, row.id).await?;
        Ok(Game { t, m, row, rec })
    }

    /// Whether a referee or organiser (`role`) may record on this game now: in a round open to them
    /// (published; for an organiser a locked one too), on a match played over the board.
    ///
    /// # Errors
    /// [`Refusal::RoundNotOpen`], [`Refusal::MatchForfeited`].
    pub fn open_to(&self, role: Role) -> AppResult<()> {
        if !open_for(self.m.round_status, role) {
            return Err(Refusal::RoundNotOpen.into());
        }
        if self.m.forfeit.is_some() {
            return Err(Refusal::MatchForfeited.into());
        }
        Ok(())
    }

    /// The tournament's rule switches.
    #[must_use]
    pub fn options(&self) -> RuleOptions {
        rule_options(&self.t.config())
    }

    /// The recording, or [`RecordingRefusal::NotStarted`].
    ///
    /// # Errors
    /// Nothing is recorded yet.
    pub fn recording(&self) -> AppResult<&Recording> {
        self.rec.as_ref().ok_or_else(|| RecordingRefusal::NotStarted.into())
    }

    /// The edition the recording is played with.
    ///
    /// # Errors
    /// The edition is not stored any more; the database fails.
    pub async fn edition(&self, db: &Store, editions: &EditionCache) -> AppResult<EditionRef> {
        let code = self.rec.as_ref().map_or(self.t.edition.as_str(), |r| r.edition.as_str());
        editions.get(db, code).await
    }
}

/// Whether the table may still write to `rec` (replayed as `state`) at `now`: the server's clock
/// first (a game whose flag fell, or that is over without its result saved, is ended by
/// [`flag`](super::flag::flag) before anything else is taken), then the recording still running.
///
/// # Errors
/// [`RecordingRefusal::TimeUp`], [`RecordingRefusal::Finished`].
pub fn check_in_play(rec: &Recording, state: &GameState<'_>, now: i64) -> Result<(), RecordingRefusal> {
    if rec.status == Status::Recording
        && (state.is_over() || rec.clock.flag(now).is_some_and(|_| !rec.paused))
    {
        return Err(RecordingRefusal::TimeUp);
    }
    if rec.status != Status::Recording {
        return Err(RecordingRefusal::Finished);
    }
    Ok(())
}

/// A stored recording replayed by the engine on `edition`.
///
/// # Errors
/// [`AppError::Internal`]: a stored line no longer replays (each was accepted by the same engine).
pub fn replay<'e>(
    rec: &Recording,
    edition: &'e Edition,
    options: RuleOptions,
) -> AppResult<engine::Recording<'e>> {
    let broken =
        |why: String| AppError::Internal(format!("recording of game {} does not replay: {why}", rec.game));
    let log = notation::parse(&rec.lines.join("\n"))
        .map_err(|e| broken(format!("line {}: {:?}", e.line, e.syntax)))?;
    engine::Recording::of_lines(edition, options, &log.events)
        .map_err(|(n, r)| broken(format!("line {n}: {:?}", r.rule)))
}

/// The game's record as a log: the header the league writes (event, round, table, players, edition,
/// time control, rules, and the result once known), then the recorded lines.
#[must_use]
pub fn log_text(game: &Game, rec: &Recording, outcome: Option<&GameOutcome>) -> String {
    let (t, m) = (&game.t, &game.m);
    let (red, polish) = names(m, &game.row);
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
        ("Rules", game.options().rules_tag()),
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
/// [`AppError::Internal`] if the game is not over or the whole log does not validate (it was
/// accepted line by line).
pub fn entry_of(game: &Game, rec: &Recording, edition: &Edition) -> AppResult<ResultEntry> {
    let options = game.options();
    let played = replay(rec, edition, options)?;
    let outcome =
        played.state().outcome().ok_or_else(|| AppError::Internal("finish: the game is not over".into()))?;
    let text = log_text(game, rec, Some(&outcome));
    let v = validate_log(&text, edition, &options).map_err(|e| {
        AppError::Internal(format!("recorded log of game {} does not validate: {e}", game.row.id))
    })?;
    // The clocks at the end as the record read them (the players' chess clock); none where nothing
    // was read.
    let reading = |side: Side| played.last_reading(side).map(|s| i64::from(s.max(0)));
    Ok(ResultEntry {
        winner: Some(v.outcome.winner),
        termination: Some(v.outcome.termination),
        red_points: Some(i64::from(v.outcome.red_points)),
        red_clock_secs: reading(Side::Red),
        polish_clock_secs: reading(Side::Polish),
        log_text: Some(text),
        log_status: LogStatus::Valid,
        log_message: v.claim_mismatches.join(" "),
        log_edition: Some(rec.edition.clone()),
    })
}
