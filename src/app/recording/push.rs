//! One line pushed onto a recorded game: by the table's scribe (typed, or composed by a form of the
//! recorder) or by a player online (an offer of their page). The game as loaded once is replayed by
//! the engine, the line pushed through its `Recording::push_line`, and what follows by itself through
//! one engine `follow` (the `?` draws at the table when the recorder's own page sent the line; the
//! seeded deal online); the lines and the clocks are saved in one compare-and-set on the recording as
//! the device saw it (`steps`) and the server read it (its revision), so of two decided on one state
//! exactly one lands. The line that ends the game saves its log and result ([`finish`]).
//!
//! Clocks. At the table the league plays on chess clocks the players drive, so the recorder keeps no
//! clock of its own: a line carries the mover's reading only if the scribe read it from the table's
//! clock, and a flag falls when the scribe writes it (`<side> clock {0:00}`). Where the tablet is the
//! clock (a tournament's option), the mover's reading is the one at their last press, whenever the
//! scribe taps. Online the server's clock is the clock: the mover's stops when the move is accepted,
//! and its reading goes into the line (never 0:00, which is a fallen flag: see [`flag`](super::flag)).

use super::deal::Seed;
use super::deals::DealCache;
use super::finish::{Ended, finish};
use super::game::{Game, check_in_play, now_ms, replay};
use super::offers::resolve;
use crate::app::AppResult;
use crate::app::RecordingRefusal;
use crate::app::editions::cache::EditionCache;
use crate::engine::notation::{self, Event};
use crate::engine::{self, Chance, Refusal, Rule, Section, Unseen};
use crate::outcome::Side;
use crate::store::recordings::{self, Recording, Status};
use crate::store::tournaments::{Role, TableClock};
use crate::store::{self, Store, StoreError, UserId};

/// The longest line taken (a draw of ten cards is under 40 characters).
pub const LINE_MAX: usize = 200;

/// What is pushed, and by whom.
#[derive(Debug, Clone, Copy)]
pub enum Entry<'a> {
    /// The table's scribe, a referee or organiser (`role`): one line of the notation as typed or
    /// composed; the mover's reading of the players' chess clock if the scribe read one (seconds);
    /// `auto`: the recorder's own page sent it, so the steps that follow by themselves are written
    /// after it (and an undo from that page takes them back with it).
    Table { text: &'a str, reading: Option<i32>, auto: bool, role: Role },
    /// A player online: an offer their page posted (`offers::Offer::value`), or their resignation.
    Player { side: Side, value: &'a str },
}

/// What a push wrote.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pushed {
    /// The recording's lines now.
    pub steps: i64,
    /// The game ended with these lines, and its end was saved so (`None` also where the end waits
    /// for the scribe's confirmation).
    pub ended: Option<Ended>,
}

/// The seed the server deals `game`'s cards from (an online game's).
///
/// # Errors
/// The game has no deal (it is not an online game's); a stored seed is not hex; the database fails.
pub async fn seed_of(db: &Store, deals: &DealCache, game: &Game) -> AppResult<Seed> {
    let deal = deals.get(db, game.row.id).await?.ok_or(StoreError::NotFound)?;
    Seed::parse(&deal.seed).ok_or_else(|| {
        crate::app::AppError::Internal(format!("game {}: a stored seed is not hex", game.row.id))
    })
}

/// The text as one line of the notation.
fn one_line(text: &str) -> Result<Event, RecordingRefusal> {
    let text = text.trim();
    if text.is_empty() {
        return Err(RecordingRefusal::Empty);
    }
    if text.len() > LINE_MAX || text.contains('\n') {
        return Err(RecordingRefusal::NotOneLine);
    }
    let log = notation::parse(text)
        .map_err(|e| RecordingRefusal::Illegal(Refusal::new(Section::Notation, Rule::Syntax(e.syntax))))?;
    match (log.header.is_empty(), log.events.into_iter().next()) {
        (true, Some(line)) => Ok(line),
        _ => Err(RecordingRefusal::NotOneLine),
    }
}

/// Push `entry` onto `game` as the device saw it with `seen` lines; the lines are saved in the name
/// of `by` (online: the one who marked the match online).
///
/// # Errors
/// [`RecordingRefusal`]: not started, finished, overtaken (another write landed since the device
/// read it), the flag fell first (the caller ends the game with [`flag`](super::flag::flag)), an
/// online game's line from the table, a paused online game, the line empty, not one line or
/// illegal, not the player's turn or not offered; the recording does not replay; the database fails.
#[allow(clippy::too_many_arguments)]
pub async fn push(
    db: &Store,
    editions: &EditionCache,
    deals: &DealCache,
    game: &Game,
    seen: i64,
    entry: Entry<'_>,
    by: UserId,
) -> AppResult<Pushed> {
    if let Entry::Table { role, .. } = entry {
        game.open_to(role)?;
    }
    let rec = game.recording()?;
    let edition = game.edition(db, editions).await?;
    let options = game.options();
    let now = now_ms();
    match entry {
        Entry::Table { .. } => {
            // An online game's moves are its players' (issue 25): the referee pauses it or ends it
            // with a decision, but neither writes nor takes back a line.
            if store::online::is_online(db, game.m.id).await? {
                return Err(RecordingRefusal::PlayersWriteOnline.into());
            }
            if seen != rec.steps {
                return Err(RecordingRefusal::Overtaken.into());
            }
        }
        Entry::Player { .. } => {
            if rec.status != Status::Recording {
                return Err(RecordingRefusal::Finished.into());
            }
            if seen != rec.steps {
                return Err(RecordingRefusal::Overtaken.into());
            }
            if rec.paused {
                return Err(RecordingRefusal::Paused.into());
            }
        }
    }
    let mut played = replay(rec, &edition, options)?;
    // The server's clock first: a fallen flag ends the game before anything else is taken.
    check_in_play(rec, played.state(), now)?;
    let before = played.line_count();
    let (line, chance, clock): (Event, Option<Box<dyn Chance>>, _) = match entry {
        Entry::Table { text, reading, auto, .. } => {
            let mut line = one_line(text)?;
            let tablet = game.t.table_clock == TableClock::Tablet;
            if tablet {
                // The tablet is the clock: the mover's reading is the one at their last press
                // (none before the clock was first started).
                let tc = i64::from(game.t.rules.time_control_secs) * 1000;
                let started =
                    rec.clock.running.is_some() || rec.clock.red_ms < tc || rec.clock.polish_ms < tc;
                line.clock = started.then(|| rec.clock.at_last_press(line.side));
            } else if reading.is_some() {
                line.clock = reading;
            }
            // The tablet's clock runs by the presses; the players' is never the recorder's (one a
            // recording started before ran is stopped here).
            let clock = if tablet { rec.clock } else { rec.clock.switch(now, None) };
            // A client that writes every line itself (names every card) has nothing follow.
            let chance: Option<Box<dyn Chance>> = if auto { Some(Box::new(Unseen)) } else { None };
            (line, chance, clock)
        }
        Entry::Player { side, value } => {
            let seed = seed_of(db, deals, game).await?;
            let state = *played.state();
            let mut line = resolve(&state, side, value, &seed, before)?;
            // A player who resigns while the opponent thinks has no clock running: no reading then.
            line.clock = (state.to_act() == Some(side)).then(|| rec.clock.reading(side, now).max(1));
            (line, Some(Box::new(seed)), rec.clock)
        }
    };
    played.push_line(&line).map_err(RecordingRefusal::Illegal)?;
    let (more, after) = match &chance {
        Some(chance) => engine::follow(*played.state(), chance.as_ref(), before + 1),
        None => (Vec::new(), *played.state()),
    };
    let mut lines = vec![notation::canonical(&line, &edition).to_string()];
    lines.extend(more.iter().map(|l| notation::canonical(l, &edition).to_string()));
    let (clock, paused) = match entry {
        Entry::Table { .. } => (clock, rec.paused),
        // Online the clock of the side to act next runs from now.
        Entry::Player { .. } => {
            (clock.switch(now, if after.is_over() { None } else { after.to_act() }), false)
        }
    };
    match recordings::append_lines(db, game.row.id, rec.at(), &lines, &clock, paused, by).await {
        Ok(()) => {}
        Err(StoreError::Conflict) => return Err(RecordingRefusal::Overtaken.into()),
        Err(e) => return Err(e.into()),
    }
    let steps = rec.steps + i64::try_from(lines.len()).unwrap_or(0);
    // A scribe's flag or resignation waits for the scribe's confirmation (undoable until then).
    let waits = matches!(entry, Entry::Table { .. }) && super::flag::awaits_confirmation(after.outcome());
    let ended = if after.is_over() && !waits {
        let mut done: Recording = rec.clone();
        done.steps = steps;
        done.lines.extend(lines);
        done.clock = clock;
        Some(finish(db, game, &done, &edition, by).await?)
    } else {
        None
    };
    Ok(Pushed { steps, ended })
}
