//! Validation: replay a log and either confirm it (winner, how it ended, Red-side points, final position,
//! whether the header's claims agree) or name the first illegal event.

use super::action::Action;
use super::edition::Edition;
use super::ids::BySide;
use super::ids::UnitId;
use super::notation::{self, Body, Event, GameLog, Tok};
use super::state::{GameState, RuleOptions, Status};
use crate::outcome::{GameOutcome, Side, Termination};
use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt;

/// A log the engine confirmed.
#[derive(Debug, Clone, Serialize)]
pub struct ValidatedGame {
    /// Winner, termination and Red-side points (league consequence of a time forfeit applied).
    pub outcome: GameOutcome,
    /// The header tags as written.
    pub header: BTreeMap<String, String>,
    /// Do the header's Result, RedPoints and Termination match the replay? Absent tags and placeholders
    /// (`?`, `*`, `-`) make no claim.
    pub claims_agree: bool,
    /// One sentence per disagreeing tag.
    pub claim_mismatches: Vec<String>,
    /// Number of event lines.
    pub events: usize,
    /// Number of actions replayed (a draw line of 3 cards is 3 actions).
    pub actions: usize,
    /// The round in which the game ended.
    pub rounds: u8,
    /// Every unit where it ended.
    pub final_units: Vec<FinalUnit>,
}

/// A unit in the final position.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FinalUnit {
    pub unit: UnitId,
    /// Notation code (the edition has the full name).
    pub code: Tok,
    pub side: Side,
    /// Label of the space (`None` once eliminated).
    pub space: Option<Tok>,
    pub status: Status,
}

/// The first illegal event of a log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LogError {
    /// Line number in the text; for a JSON log, the event's position in `events` (1-based).
    pub line: usize,
    /// The event as written (normalised).
    pub event: String,
    /// The rule broken, specific to this case.
    pub rule: String,
    /// The rulebook section (or "Notation", "League rules").
    pub section: String,
    /// The relevant state just before the event.
    pub state: String,
}

impl fmt::Display for LogError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: `{}`: {} (rulebook: {})", self.line, self.event, self.rule, self.section)?;
        if !self.state.is_empty() {
            write!(f, "; state: {}", self.state)?;
        }
        Ok(())
    }
}

impl std::error::Error for LogError {}

fn notation_error(line: usize, event: String, rule: String) -> LogError {
    LogError { line, event, rule, section: "Notation".into(), state: String::new() }
}

/// Parse a log: JSON if it starts with `{`, the text notation otherwise.
///
/// # Errors
/// A syntax error with its line.
pub fn parse_log(text: &str) -> Result<GameLog, LogError> {
    if text.trim_start().starts_with('{') {
        let mut log: GameLog = serde_json::from_str(text)
            .map_err(|e| notation_error(e.line(), String::new(), format!("invalid JSON log: {e}")))?;
        // JSON events have no text lines: errors name the event's position (1-based) instead.
        for (i, ev) in log.events.iter_mut().enumerate() {
            ev.line = i + 1;
        }
        return Ok(log);
    }
    notation::parse(text).map_err(|e| notation_error(e.line, e.text, e.message))
}

/// Parse and replay a log (text notation, or JSON if it starts with `{`).
///
/// # Errors
/// The first illegal event: line, event, rule, rulebook section and state.
pub fn validate_log(text: &str, edition: &Edition, options: &RuleOptions) -> Result<ValidatedGame, LogError> {
    let log = parse_log(text)?;
    let options = header_options(&log, text, edition, options)?;
    replay(log, edition, options)
}

/// The header's Edition must match; its TimeControl, if given, sets the clocks.
fn header_options(
    log: &GameLog,
    text: &str,
    edition: &Edition,
    options: &RuleOptions,
) -> Result<RuleOptions, LogError> {
    let header_line = |name: &str| {
        let needle = format!("[{name} ");
        text.lines().position(|l| l.trim_start().starts_with(&needle)).map_or(0, |i| i + 1)
    };
    if let Some(ed) = log.tag("Edition")
        && ed != edition.id()
    {
        return Err(LogError {
            line: header_line("Edition"),
            event: format!("[Edition \"{ed}\"]"),
            rule: format!("the log is for edition {ed}, but it is checked against edition {}", edition.id()),
            section: "Notation".into(),
            state: String::new(),
        });
    }
    let mut options = *options;
    if let Some(tc) = log.tag("TimeControl").filter(|v| !unknown(v)) {
        options.time_control_secs = parse_time_control(tc).ok_or_else(|| LogError {
            line: header_line("TimeControl"),
            event: format!("[TimeControl \"{tc}\"]"),
            rule: "TimeControl is seconds per player, e.g. \"900\"".into(),
            section: "Notation".into(),
            state: String::new(),
        })?;
    }
    Ok(options)
}

/// Seconds per player: `900`, or `15:00`.
fn parse_time_control(s: &str) -> Option<u32> {
    let s = s.trim();
    s.parse().ok().or_else(|| notation::parse_clock(s).ok().and_then(|v| u32::try_from(v).ok()))
}

/// Replay a parsed log.
///
/// # Errors
/// The first illegal event.
pub fn replay(log: GameLog, edition: &Edition, options: RuleOptions) -> Result<ValidatedGame, LogError> {
    replay_with(log, edition, options, |_, _| {})
}

/// The position after each event of a valid log, for replay pages.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Snapshot {
    pub line: usize,
    pub event: String,
    pub round: u8,
    pub units: Vec<FinalUnit>,
    /// Attack markers on the board: (attacker code, defender code).
    pub attacks: Vec<(String, String)>,
    pub red_points: u32,
}

/// Validate a log and return the position after every event.
///
/// # Errors
/// The first illegal event, as [`validate_log`].
pub fn replay_snapshots(
    text: &str,
    edition: &Edition,
    options: &RuleOptions,
) -> Result<(ValidatedGame, Vec<Snapshot>), LogError> {
    let log = parse_log(text)?;
    let options = header_options(&log, text, edition, options)?;
    let mut snaps = Vec::with_capacity(log.events.len());
    let game = replay_with(log, edition, options, |ev, state| {
        let e = state.edition();
        snaps.push(Snapshot {
            line: ev.line,
            event: ev.to_string(),
            round: state.round(),
            units: final_units(state),
            attacks: state.attacks().map(|(a, d)| (e.unit(a).code.clone(), e.unit(d).code.clone())).collect(),
            red_points: state.red_points(),
        });
    })?;
    Ok((game, snaps))
}

fn final_units(state: &GameState<'_>) -> Vec<FinalUnit> {
    let edition = state.edition();
    let tok = |s: &str| Tok::new(s).unwrap_or_default();
    edition
        .units()
        .map(|u| FinalUnit {
            unit: u.id,
            code: tok(&u.code),
            side: u.side,
            space: state.position(u.id).map(|h| tok(&edition.hex(h).label)),
            status: state.status(u.id),
        })
        .collect()
}

fn replay_with(
    log: GameLog,
    edition: &Edition,
    options: RuleOptions,
    mut on_event: impl FnMut(&Event, &GameState<'_>),
) -> Result<ValidatedGame, LogError> {
    let mut state = GameState::new(edition, options);
    let start = i32::try_from(options.time_control_secs).unwrap_or(i32::MAX);
    let mut clocks = BySide { red: start, polish: start };
    let mut actions: Vec<Action> = Vec::with_capacity(16);
    let mut count = 0;
    for ev in &log.events {
        let fail = |state: &GameState<'_>, rule: String, section: &str| LogError {
            line: ev.line,
            event: ev.to_string(),
            rule,
            section: section.to_string(),
            state: state.summary(),
        };
        if state.is_over() {
            return Err(fail(&state, "the game is already over".into(), "End of the Game"));
        }
        actions.clear();
        notation::expand(ev, edition, &mut actions).map_err(|m| fail(&state, m, "Notation"))?;
        check_resolve(ev, &state).map_err(|m| fail(&state, m, "Combat Phase"))?;
        for a in &actions {
            if state.is_over() && *a == Action::Halt {
                // A march into Warsaw ends the game in the middle of its command line.
                continue;
            }
            if let Some(actor) = state.to_act()
                && actor != ev.side
                && !state.is_over()
            {
                return Err(fail(
                    &state,
                    format!("it is {actor}'s decision, not {}'s", ev.side),
                    "Sequence of Play",
                ));
            }
            let before = state;
            state.apply_in_place(a).map_err(|e| fail(&before, e.rule, e.section))?;
            count += 1;
        }
        if let Some(reading) = ev.clock {
            let clock = clocks.get_mut(ev.side);
            if reading > *clock {
                return Err(fail(
                    &state,
                    format!(
                        "the mover's clock never rises: {} was at {}, the reading is {}",
                        ev.side,
                        notation::format_clock(*clock),
                        notation::format_clock(reading)
                    ),
                    "League rules: thinking time",
                ));
            }
            *clock = reading;
            if reading <= 0 && !state.is_over() {
                state.flag_fall(ev.side);
            }
        }
        on_event(ev, &state);
    }
    let Some(outcome) = state.outcome() else {
        let last = log.events.last().map_or(0, |e| e.line);
        return Err(LogError {
            line: last,
            event: log.events.last().map(Event::to_string).unwrap_or_default(),
            rule: "the log ends before the game is over".into(),
            section: "End of the Game".into(),
            state: state.summary(),
        });
    };
    debug_assert!(state.cards_accounted_for());
    let claim_mismatches = check_claims(&log, &outcome);
    let final_units = final_units(&state);
    Ok(ValidatedGame {
        outcome,
        header: log.header.into_iter().map(|t| (t.name, t.value)).collect(),
        claims_agree: claim_mismatches.is_empty(),
        claim_mismatches,
        events: log.events.len(),
        actions: count,
        rounds: state.round(),
        final_units,
    })
}

/// `resolve A D` names the defender too: it must be the unit A attacks.
fn check_resolve(ev: &Event, state: &GameState<'_>) -> Result<(), String> {
    let Body::Resolve { attacker, defender } = &ev.body else { return Ok(()) };
    let e = state.edition();
    let (Some(a), Some(d)) = (e.unit_by_code(attacker), e.unit_by_code(defender)) else { return Ok(()) };
    match state.attacks().find(|(x, _)| *x == a) {
        Some((_, actual)) if actual != d => {
            Err(format!("{attacker} attacks {}, not {defender}", e.unit(actual).code))
        }
        _ => Ok(()),
    }
}

/// PGN-style placeholders for a value not known: no claim.
fn unknown(v: &str) -> bool {
    matches!(v.trim(), "" | "?" | "*" | "-")
}

fn check_claims(log: &GameLog, o: &GameOutcome) -> Vec<String> {
    let mut out = Vec::new();
    let tag = |name: &str| log.tag(name).filter(|v| !unknown(v));
    if let Some(r) = tag("Result") {
        match r.parse::<Side>() {
            Ok(s) if s == o.winner => {}
            _ => out.push(format!("Result claims {r:?}, the replay gives {}", o.winner)),
        }
    }
    if let Some(p) = tag("RedPoints") {
        match p.trim().parse::<u32>() {
            Ok(v) if v == o.red_points => {}
            _ => out.push(format!("RedPoints claims {p:?}, the replay gives {}", o.red_points)),
        }
    }
    if let Some(t) = tag("Termination") {
        match t.parse::<Termination>() {
            Ok(v) if v == o.termination => {}
            _ => out.push(format!("Termination claims {t:?}, the replay gives {}", o.termination)),
        }
    }
    out
}
