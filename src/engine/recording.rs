//! One API for every way a game is recorded. The digital table and an online game push one line of
//! the notation at a time ([`Recording::push_line`]) and take the last back; a stored record is the
//! same pushes replayed ([`Recording::of_lines`]); validating a written log is a fold of the same step
//! over its lines ([`play_line`]). The state after each event and each line is kept, so a board can be
//! drawn for any step, and a line can be told in words with the position it was played in.

use super::action::{Action, Event};
use super::edition::Edition;
use super::error::{Checked, Refusal, Rule, Section};

use super::notation::{self, BodyRef, Builder, GameLog, LineRef};
use super::state::{GameState, Pending, PlayError, RuleOptions};
use crate::outcome::Side;

/// What a push recorded: its position in the recording and whether it ended the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Step {
    /// 1 for the first event pushed.
    pub index: usize,
    pub event: Event,
    pub game_over: bool,
}

/// A game being recorded: the events pushed so far and the state after each, and the lines of the
/// notation they were pushed as.
#[derive(Debug, Clone)]
pub struct Recording<'e> {
    /// `states[0]` is the start; `states[i]` the state after event `i`.
    states: Vec<GameState<'e>>,
    events: Vec<Event>,
    /// The lines pushed with [`Recording::push_line`], each with the number of events recorded
    /// once it was played.
    lines: Vec<(notation::Event, usize)>,
}

impl<'e> Recording<'e> {
    /// A new game under the league's rules: nothing dealt yet, both clocks at the league's time control.
    #[must_use]
    pub fn new(edition: &'e Edition, options: RuleOptions) -> Recording<'e> {
        Recording::from_state(GameState::new(edition, options))
    }

    /// Recording from a given position (tests, puzzles).
    #[must_use]
    pub fn from_state(start: GameState<'e>) -> Recording<'e> {
        Recording { states: vec![start], events: Vec::new(), lines: Vec::new() }
    }

    /// A record replayed: each line pushed in turn, as it was when it was recorded.
    ///
    /// # Errors
    /// The 1-based number of the first line the rules refuse, and why.
    pub fn of_lines<'l>(
        edition: &'e Edition,
        options: RuleOptions,
        lines: impl IntoIterator<Item = &'l notation::Event>,
    ) -> Result<Recording<'e>, (usize, Refusal)> {
        let lines = lines.into_iter();
        let mut rec = Recording::new(edition, options);
        rec.lines.reserve(lines.size_hint().0);
        rec.states.reserve(lines.size_hint().0 + 1);
        for (i, line) in lines.enumerate() {
            rec.push_line(line).map_err(|r| (i + 1, r))?;
        }
        Ok(rec)
    }

    /// Record an event if the rules allow it (an event pushed alone is no line of the notation:
    /// [`Recording::lines`] does not count it).
    ///
    /// # Errors
    /// The rule it breaks, with the current state handed back (the recording is unchanged).
    pub fn push(&mut self, event: Event) -> Result<Step, PlayError<'e>> {
        let next = self.state().apply_event(&event)?;
        self.states.push(next);
        self.events.push(event);
        Ok(Step { index: self.events.len(), event, game_over: next.is_over() })
    }

    /// Take back the last event; `None` if nothing was recorded. A line it belonged to goes with it
    /// (the events pushed before it in that line stay, as events).
    pub fn undo(&mut self) -> Option<Event> {
        let event = self.events.pop()?;
        self.states.pop();
        while self.lines.last().is_some_and(|(_, end)| *end > self.events.len()) {
            self.lines.pop();
        }
        Some(event)
    }

    /// The state now.
    #[must_use]
    pub fn state(&self) -> &GameState<'e> {
        // `states` always holds the start.
        &self.states[self.states.len() - 1]
    }

    /// The state after `n` events (`0`: the start).
    #[must_use]
    pub fn state_after(&self, n: usize) -> Option<&GameState<'e>> {
        self.states.get(n)
    }

    #[must_use]
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// The decisions the rules allow now (the recorder offers these).
    #[must_use]
    pub fn legal_actions(&self) -> Vec<Action> {
        self.state().legal_actions()
    }

    /// Record a line of the written notation (names resolved against the edition, `?` for unseen
    /// cards): its actions, its clock reading, and the end of a command the line leaves open.
    ///
    /// # Errors
    /// The rule the line breaks; the recording is unchanged (the events of the line taken before
    /// the refused one are taken back).
    pub fn push_line(&mut self, line: &notation::Event) -> Result<(), Refusal> {
        let mut buf = Vec::new();
        let before = self.events.len();
        match play_line(self, &line.as_ref(), &mut buf) {
            Ok(_) => {
                self.lines.push((line.clone(), self.events.len()));
                Ok(())
            }
            Err((_, refusal)) => {
                self.states.truncate(before + 1);
                self.events.truncate(before);
                Err(refusal)
            }
        }
    }

    /// Take back the last line pushed, with its events; `None` if no line was.
    pub fn undo_line(&mut self) -> Option<notation::Event> {
        let (line, _) = self.lines.pop()?;
        let keep = self.lines.last().map_or(0, |(_, end)| *end);
        self.states.truncate(keep + 1);
        self.events.truncate(keep);
        Some(line)
    }

    /// The lines pushed, in order.
    pub fn lines(&self) -> impl DoubleEndedIterator<Item = &notation::Event> + ExactSizeIterator {
        self.lines.iter().map(|(line, _)| line)
    }

    /// How many lines were pushed.
    #[must_use]
    pub fn line_count(&self) -> usize {
        self.lines.len()
    }

    /// Line `i` (0-based) with the state it was played in.
    #[must_use]
    pub fn line(&self, i: usize) -> Option<(&notation::Event, &GameState<'e>)> {
        let (line, _) = self.lines.get(i)?;
        Some((line, self.state_after_lines(i)?))
    }

    /// The state after the first `n` lines (`0`: the start).
    #[must_use]
    pub fn state_after_lines(&self, n: usize) -> Option<&GameState<'e>> {
        match n {
            0 => self.states.first(),
            n => self.lines.get(n - 1).and_then(|(_, end)| self.states.get(*end)),
        }
    }

    /// The last reading of `side`'s clock written in the lines (seconds), if any: at the table the
    /// players' chess clock keeps the time, and the record holds what the scribe read from it.
    #[must_use]
    pub fn last_reading(&self, side: Side) -> Option<i32> {
        self.lines().rev().filter(|e| e.side == side).find_map(|e| e.clock)
    }

    /// The record as the notation writes it: one line per event, draws of one occasion and a command's
    /// marches grouped, clock readings attached.
    #[must_use]
    pub fn to_log(&self) -> GameLog {
        let mut builder = Builder::default();
        for (i, ev) in self.events.iter().enumerate() {
            builder.push_event(&self.states[i], ev);
        }
        builder.log
    }
}

/// Something that takes one event at a time: a state changed in place (the fast replay) or a recording.
pub(crate) trait Steps<'e> {
    fn current(&self) -> &GameState<'e>;
    fn take(&mut self, event: &Event) -> Checked;
}

impl<'e> Steps<'e> for GameState<'e> {
    fn current(&self) -> &GameState<'e> {
        self
    }
    fn take(&mut self, event: &Event) -> Checked {
        self.step(event)
    }
}

impl<'e> Steps<'e> for Recording<'e> {
    fn current(&self) -> &GameState<'e> {
        self.state()
    }
    fn take(&mut self, event: &Event) -> Checked {
        self.push(*event).map(|_| ()).map_err(|e| e.refusal)
    }
}

/// Play one line of the notation: its actions (the reading goes with the last), a reading alone for a
/// `clock` line, and the end of a command the line leaves open (a command line is a whole command).
/// Returns the number of events taken; on error, how many were taken before the refused one.
pub(crate) fn play_line<'e>(
    target: &mut impl Steps<'e>,
    line: &LineRef<'_>,
    buf: &mut Vec<Action>,
) -> Result<usize, (usize, Refusal)> {
    if target.current().is_over() {
        return Err((0, Refusal::new(Section::EndOfTheGame, Rule::GameOver)));
    }
    let edition = target.current().edition();
    buf.clear();
    notation::expand_line(line, edition, buf).map_err(|r| (0, r))?;
    check_resolve(line, target.current()).map_err(|r| (0, r))?;
    let side = line.side;
    let mut taken = 0;
    if buf.is_empty() {
        target.take(&Event { side, action: None, clock: line.clock }).map_err(|r| (0, r))?;
        return Ok(1);
    }
    let last = buf.len() - 1;
    for (i, a) in buf.iter().enumerate() {
        let clock = if i == last { line.clock } else { None };
        target.take(&Event { side, action: Some(*a), clock }).map_err(|r| (taken, r))?;
        taken += 1;
    }
    if let Pending::Commanding { side: s, .. } = target.current().pending
        && s == side
    {
        target.take(&Event::act(side, Action::Halt)).map_err(|r| (taken, r))?;
        taken += 1;
    }
    Ok(taken)
}

/// `resolve A D` names the defender too: it must be the unit A attacks.
fn check_resolve(line: &LineRef<'_>, state: &GameState<'_>) -> Checked {
    let BodyRef::Resolve { attacker, defender } = line.body else { return Ok(()) };
    let e = state.edition();
    let (Some(a), Some(d)) = (notation::unit_named(e, attacker), notation::unit_named(e, defender)) else {
        return Ok(());
    };
    match state.attacks().find(|(x, _)| *x == a) {
        Some((_, actual)) if actual != d => Err(Refusal::new(
            Section::CombatPhase,
            Rule::ResolveNamesAnotherDefender {
                attacker: state.code(a),
                defends: state.code(actual),
                written: state.code(d),
            },
        )),
        _ => Ok(()),
    }
}

impl<'e> GameState<'e> {
    /// Play one line of the written notation, as [`Recording::push_line`] does, on a copy.
    ///
    /// # Errors
    /// The rule the line breaks, with the state before the line handed back.
    pub fn apply_line(&self, line: &notation::Event) -> Result<GameState<'e>, PlayError<'e>> {
        let mut next = *self;
        let mut buf = Vec::new();
        match play_line(&mut next, &line.as_ref(), &mut buf) {
            Ok(_) => Ok(next),
            Err((_, refusal)) => Err(PlayError::new(refusal, *self)),
        }
    }
}
