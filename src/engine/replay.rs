//! Validation: replay a log as a fold of the recording step over its lines, and either confirm it
//! (winner, how it ended, Red-side points, final position, whether the header's claims agree) or name the
//! first illegal event with the rule, its section and the state that made it illegal.

use super::action::Event;
use super::edition::Edition;
use super::error::{Refusal, Rule, Section, Syntax};
use super::ids::UnitId;
use super::messages::{line_prefix, state_word};
use super::notation::{self, GameLog, Tag, TextLine, Tok};
use super::recording::{Steps, play_line};
use super::situation::{Detail, Situation};
use super::state::{GameState, RuleOptions, Status};
use crate::lang::Lang;
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
    /// Number of engine events replayed (a draw line of 3 cards is 3).
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

/// The first illegal event of a log: where, what was written, the rule it breaks (with its section), and
/// the position it was tried in. Rendered for people in Polish or English by [`LogError::render`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LogError {
    /// Line number in the text; for a JSON log, the event's position in `events` (1-based).
    pub line: usize,
    /// The event as written, spelled canonically (empty for a header or JSON problem).
    pub event: String,
    pub refusal: Refusal,
    /// The position just before the event (none for problems found before the replay). Boxed: errors
    /// are rare, and a `Result` carrying one stays small.
    pub situation: Option<Box<Situation>>,
}

impl LogError {
    fn notation(line: usize, event: String, rule: Rule) -> LogError {
        LogError { line, event, refusal: Refusal::new(Section::Notation, rule), situation: None }
    }
    #[must_use]
    pub fn rule(&self) -> &Rule {
        &self.refusal.rule
    }
    #[must_use]
    pub fn section(&self) -> Section {
        self.refusal.section
    }
    /// The rule broken, as one plain sentence.
    #[must_use]
    pub fn message(&self, lang: Lang) -> String {
        self.refusal.rule.sentence(lang)
    }
    /// The position before the event (`detail`: the phase and the reserves, or everything).
    #[must_use]
    pub fn state(&self, lang: Lang, detail: Detail) -> String {
        self.situation.as_ref().map(|s| s.render(lang, detail)).unwrap_or_default()
    }
    /// `line N: `event`: sentence (section); state: ...`
    #[must_use]
    pub fn render(&self, lang: Lang, detail: Detail) -> String {
        let mut out = line_prefix(lang, self.line);
        out.push_str(": ");
        if !self.event.is_empty() {
            out.push_str(&format!("`{}`: ", self.event));
        }
        out.push_str(&self.refusal.render(lang));
        let state = self.state(lang, detail);
        if !state.is_empty() {
            out.push_str(&format!("; {}: {state}", state_word(lang)));
        }
        out
    }
    /// The error as JSON, in `lang` (`check-log --json`).
    #[must_use]
    pub fn to_json(&self, lang: Lang, detail: Detail) -> serde_json::Value {
        serde_json::json!({
            "line": self.line,
            "event": self.event,
            "rule": self.message(lang),
            "section": self.section().name(lang),
            "state": self.state(lang, detail),
        })
    }
}

impl fmt::Display for LogError {
    /// English, with the short state.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render(Lang::En, Detail::Short))
    }
}

impl std::error::Error for LogError {}

impl Serialize for LogError {
    /// The English rendering (what `to_json` gives for English and the short state).
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.to_json(Lang::En, Detail::Short).serialize(s)
    }
}

/// Parse a log: JSON if it starts with `{`, the text notation otherwise.
///
/// # Errors
/// A syntax error with its line.
pub fn parse_log(text: &str) -> Result<GameLog, LogError> {
    if text.trim_start().starts_with('{') {
        let mut log: GameLog = serde_json::from_str(text).map_err(|e| {
            let syntax = Syntax::Json { line: e.line(), column: e.column(), data: e.is_data() };
            LogError::notation(e.line(), String::new(), Rule::Syntax(syntax))
        })?;
        // JSON events have no text lines: errors name the event's position (1-based) instead.
        for (i, ev) in log.events.iter_mut().enumerate() {
            ev.line = i + 1;
        }
        return Ok(log);
    }
    notation::parse(text).map_err(|e| LogError::notation(e.line, e.text, Rule::Syntax(e.syntax)))
}

impl Edition {
    // Here rather than beside the other built-ins in `edition`: it reads a log (`parse_log`), and the
    // edition sits below the notation and the replay (they build on it, not it on them).
    /// The built-in edition a log names in its `Edition` tag; the current one if it names none (or one
    /// that is not built in, or does not parse: validation then says why).
    #[must_use]
    pub fn builtin_for_log(text: &str) -> &'static Edition {
        parse_log(text)
            .ok()
            .and_then(|log| log.tag("Edition").and_then(Edition::builtin_by_id))
            .unwrap_or_else(Edition::builtin)
    }
}

/// Parse and replay a log (text notation, or JSON if it starts with `{`) under the league's options.
///
/// # Errors
/// The first illegal event: line, event, rule, rulebook section and state.
pub fn validate_log(text: &str, edition: &Edition, options: &RuleOptions) -> Result<ValidatedGame, LogError> {
    if text.trim_start().starts_with('{') {
        let log = parse_log(text)?;
        check_header(&log.header, text, edition, options)?;
        return replay(log, edition, *options);
    }
    validate_text(text, edition, *options)
}

/// The text notation, read and replayed line by line without building the log: each line's words are
/// slices of the text. The verdicts are those of parsing the whole text first: a line that is not notation
/// is reported wherever it is, before the header's and the rules' problems (only a refused log pays for
/// reading on to find one).
fn validate_text(text: &str, edition: &Edition, options: RuleOptions) -> Result<ValidatedGame, LogError> {
    stream_text(text, edition, options).map_err(|e| match e.rule() {
        Rule::Syntax(_) => e,
        _ => parse_log(text).err().unwrap_or(e),
    })
}

/// [`validate_text`], reporting the first problem in line order.
fn stream_text(text: &str, edition: &Edition, options: RuleOptions) -> Result<ValidatedGame, LogError> {
    let mut header: Vec<Tag> = Vec::new();
    let mut state = GameState::new(edition, options);
    let mut words: Vec<&str> = Vec::with_capacity(32);
    let mut buf = Vec::with_capacity(16);
    let (mut events, mut actions) = (0, 0);
    let mut last: Option<(usize, &str)> = None;
    let syntax = |line: usize, trimmed: &str, s: Syntax| {
        LogError::notation(line, trimmed.to_string(), Rule::Syntax(s))
    };
    for (line, trimmed, kind) in notation::text_lines(text) {
        match kind {
            TextLine::Tag(t) => {
                if events > 0 {
                    return Err(syntax(line, trimmed, Syntax::TagAfterEvents));
                }
                header.push(notation::parse_tag(t).map_err(|s| syntax(line, trimmed, s))?);
            }
            TextLine::Event(content) => {
                if events == 0 {
                    check_header(&header, text, edition, &options)?;
                }
                let (words_text, clock) =
                    notation::split_clock(content).map_err(|s| syntax(line, trimmed, s))?;
                words.clear();
                notation::words_of(words_text, &mut words);
                let parsed = notation::read_line(&words, clock).map_err(|s| syntax(line, trimmed, s))?;
                match play_line(&mut state, &parsed, &mut buf) {
                    Ok(n) => actions += n,
                    Err((taken, refusal)) => {
                        let before = text_state_before(text, line, taken, edition, options);
                        return Err(LogError {
                            line,
                            event: written(content, line, edition),
                            refusal,
                            situation: Some(Box::new(before.situation())),
                        });
                    }
                }
                events += 1;
                last = Some((line, content));
            }
        }
    }
    if events == 0 {
        check_header(&header, text, edition, &options)?;
    }
    let Some(outcome) = state.outcome() else {
        return Err(LogError {
            line: last.map_or(0, |(l, _)| l),
            event: last.map(|(l, c)| written(c, l, edition)).unwrap_or_default(),
            refusal: Refusal::new(Section::EndOfTheGame, Rule::LogEndsEarly),
            situation: Some(Box::new(state.situation())),
        });
    };
    debug_assert!(state.cards_accounted_for());
    let claim_mismatches = check_claims(&header, &outcome);
    Ok(ValidatedGame {
        outcome,
        header: header.into_iter().map(|t| (t.name, t.value)).collect(),
        claims_agree: claim_mismatches.is_empty(),
        claim_mismatches,
        events,
        actions,
        rounds: state.round(),
        final_units: final_units(&state),
    })
}

/// An event line as people read it back: canonical spelling, or as written if it does not parse.
fn written(content: &str, line: usize, edition: &Edition) -> String {
    match notation::parse_event(content, line) {
        Ok(ev) => notation::canonical(&ev, edition).to_string(),
        Err(_) => content.to_string(),
    }
}

/// The state before the event refused in text line `stop` after `taken` of its events (the fold again,
/// up to there: only a refused log pays for it).
fn text_state_before<'e>(
    text: &str,
    stop: usize,
    taken: usize,
    edition: &'e Edition,
    options: RuleOptions,
) -> GameState<'e> {
    let mut state = GameState::new(edition, options);
    let mut words: Vec<&str> = Vec::new();
    let mut buf = Vec::new();
    for (line, _, kind) in notation::text_lines(text) {
        let TextLine::Event(content) = kind else { continue };
        let Ok((words_text, clock)) = notation::split_clock(content) else { continue };
        words.clear();
        notation::words_of(words_text, &mut words);
        let Ok(parsed) = notation::read_line(&words, clock) else { continue };
        if line == stop {
            let mut until = Until { state, left: taken };
            let _ = play_line(&mut until, &parsed, &mut buf);
            return until.state;
        }
        let _ = play_line(&mut state, &parsed, &mut buf);
    }
    state
}

/// The header's Edition, Rules and TimeControl, if given, must be the league's: a log records the game,
/// it does not choose its rules.
fn check_header(
    header: &[Tag],
    text: &str,
    edition: &Edition,
    options: &RuleOptions,
) -> Result<(), LogError> {
    let tag =
        |name: &str| header.iter().find(|t| t.name.eq_ignore_ascii_case(name)).map(|t| t.value.as_str());
    let header_line = |name: &str| {
        text.lines()
            .position(|l| {
                let l = l.trim_start();
                l.starts_with('[')
                    && l[1..].split_whitespace().next().is_some_and(|n| n.eq_ignore_ascii_case(name))
            })
            .map_or(0, |i| i + 1)
    };
    let refuse_in = |section: Section, name: &str, value: &str, rule: Rule| {
        Err(LogError {
            line: header_line(name),
            event: format!("[{name} \"{value}\"]"),
            refusal: Refusal::new(section, rule),
            situation: None,
        })
    };
    let refuse = |name: &str, value: &str, rule: Rule| refuse_in(Section::Notation, name, value, rule);
    if let Some(ed) = tag("Edition")
        && ed != edition.id()
    {
        return refuse("Edition", ed, Rule::EditionDiffers { log: ed.into(), checked: edition.id().into() });
    }
    if let Some(rules) = tag("Rules").filter(|v| !unknown(v)) {
        let lower = rules.to_ascii_lowercase();
        match options.matches_rules_tag(&lower) {
            Some(true) => {}
            None => return refuse("Rules", rules, Rule::RulesUnknownWord { value: rules.into() }),
            Some(false) => {
                return refuse(
                    "Rules",
                    rules,
                    Rule::RulesDiffer { log: rules.into(), checked: options.rules_tag() },
                );
            }
        }
    }
    if let Some(tc) = tag("TimeControl").filter(|v| !unknown(v)) {
        match parse_time_control(tc) {
            None => return refuse("TimeControl", tc, Rule::TimeControlUnreadable { value: tc.into() }),
            Some(secs) if secs != options.time_control_secs => {
                let rule = Rule::TimeControlDiffers { log: secs, league: options.time_control_secs };
                return refuse_in(Section::LeagueThinkingTime, "TimeControl", tc, rule);
            }
            Some(_) => {}
        }
    }
    Ok(())
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
    check_header(&log.header, text, edition, options)?;
    let mut snaps = Vec::with_capacity(log.events.len());
    let game = replay_with(log, edition, *options, |ev, state| {
        let e = state.edition();
        snaps.push(Snapshot {
            line: ev.line,
            event: notation::canonical(ev, e).to_string(),
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

/// The fold: each line through [`play_line`] on one state changed in place (no copy per event: the
/// state before a refused event is rebuilt for the report).
fn replay_with(
    log: GameLog,
    edition: &Edition,
    options: RuleOptions,
    mut on_line: impl FnMut(&notation::Event, &GameState<'_>),
) -> Result<ValidatedGame, LogError> {
    let mut state = GameState::new(edition, options);
    let mut buf = Vec::with_capacity(16);
    let mut count = 0;
    for (i, line) in log.events.iter().enumerate() {
        match play_line(&mut state, &line.as_ref(), &mut buf) {
            Ok(n) => count += n,
            Err((taken, refusal)) => {
                let before = state_before(&log, i, taken, edition, options);
                return Err(LogError {
                    line: line.line,
                    event: notation::canonical(line, edition).to_string(),
                    refusal,
                    situation: Some(Box::new(before.situation())),
                });
            }
        }
        on_line(line, &state);
    }
    let Some(outcome) = state.outcome() else {
        let last = log.events.last();
        return Err(LogError {
            line: last.map_or(0, |e| e.line),
            event: last.map(|e| notation::canonical(e, edition).to_string()).unwrap_or_default(),
            refusal: Refusal::new(Section::EndOfTheGame, Rule::LogEndsEarly),
            situation: Some(Box::new(state.situation())),
        });
    };
    debug_assert!(state.cards_accounted_for());
    let claim_mismatches = check_claims(&log.header, &outcome);
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

/// Takes at most `left` events, then stops (to rebuild the state before a refused one).
struct Until<'e> {
    state: GameState<'e>,
    left: usize,
}

impl<'e> Steps<'e> for Until<'e> {
    fn current(&self) -> &GameState<'e> {
        &self.state
    }
    fn take(&mut self, event: &Event) -> Result<(), Refusal> {
        if self.left == 0 {
            return Err(Refusal::new(Section::Notation, Rule::GameOver));
        }
        self.left -= 1;
        self.state.step(event)
    }
}

/// The state before the event refused in line `i` after `taken` of its events.
fn state_before<'e>(
    log: &GameLog,
    i: usize,
    taken: usize,
    edition: &'e Edition,
    options: RuleOptions,
) -> GameState<'e> {
    let mut state = GameState::new(edition, options);
    let mut buf = Vec::new();
    for line in &log.events[..i] {
        let _ = play_line(&mut state, &line.as_ref(), &mut buf);
    }
    let mut until = Until { state, left: taken };
    let _ = play_line(&mut until, &log.events[i].as_ref(), &mut buf);
    until.state
}

/// PGN-style placeholders for a value not known: no claim.
fn unknown(v: &str) -> bool {
    matches!(v.trim(), "" | "?" | "*" | "-")
}

fn check_claims(header: &[Tag], o: &GameOutcome) -> Vec<String> {
    let mut out = Vec::new();
    let tag = |name: &str| {
        header
            .iter()
            .find(|t| t.name.eq_ignore_ascii_case(name))
            .map(|t| t.value.as_str())
            .filter(|v| !unknown(v))
    };
    if let Some(r) = tag("Result") {
        match r.parse::<Side>() {
            Ok(s) if s == o.winner => {}
            _ => out.push(format!("Result claims \"{r}\", the replay gives {}", o.winner)),
        }
    }
    if let Some(p) = tag("RedPoints") {
        match p.trim().parse::<u32>() {
            Ok(v) if v == o.red_points => {}
            _ => out.push(format!("RedPoints claims \"{p}\", the replay gives {}", o.red_points)),
        }
    }
    if let Some(t) = tag("Termination") {
        match t.parse::<Termination>() {
            Ok(v) if v == o.termination => {}
            _ => out.push(format!("Termination claims \"{t}\", the replay gives {}", o.termination)),
        }
    }
    out
}
