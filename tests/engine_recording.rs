//! The recording API the digital table builds on: push one event at a time, undo, the state after each
//! step, the log written back; validating a log is the same step folded over its lines.

use bitwa::engine::notation::{self, Event as Line};
use bitwa::engine::{
    Action, Edition, Event, Lang, PlayStyle, Recording, Rule, RuleOptions, mask_unseen, random_game_with,
    validate_log,
};
use bitwa::outcome::{Side, Termination};

fn e() -> &'static Edition {
    Edition::builtin()
}

fn strip(lines: &[Line]) -> Vec<Line> {
    lines.iter().map(|l| Line { line: 0, ..l.clone() }).collect()
}

fn recorded(text: &str) -> Recording<'static> {
    let log = notation::parse(text).expect("parses");
    let mut rec = Recording::new(e(), RuleOptions::default());
    for line in &log.events {
        rec.push_line(line).unwrap_or_else(|r| panic!("line {}: {}", line.line, r.render(Lang::En)));
    }
    rec
}

#[test]
fn replay_is_the_recording_step_folded_and_the_log_is_written_back_line_for_line() {
    for seed in 0..12 {
        for style in [PlayStyle::Uniform, PlayStyle::Aggressive] {
            let log = random_game_with(seed, e(), &RuleOptions::default(), style);
            for log in [log.clone(), mask_unseen(&log)] {
                let text = log.to_string();
                let rec = recorded(&text);
                let game = validate_log(&text, e(), &RuleOptions::default()).expect("valid");
                assert_eq!(rec.state().outcome(), Some(game.outcome), "seed {seed}");
                assert_eq!(rec.events().len(), game.actions, "one engine event per step");
                assert_eq!(strip(&rec.to_log().events), strip(&log.events), "seed {seed}: the same lines");
            }
        }
    }
}

#[test]
fn undo_takes_back_one_event_and_the_state_after_every_step_is_kept() {
    let text = random_game_with(5, e(), &RuleOptions::default(), PlayStyle::Uniform).to_string();
    let mut rec = recorded(&text);
    let n = rec.events().len();
    let end = *rec.state();
    let events: Vec<Event> = rec.events().to_vec();
    for k in 1..=30 {
        let undone = rec.undo().expect("an event to undo");
        assert_eq!(undone, events[n - k]);
        assert_eq!(rec.events().len(), n - k);
        assert_eq!(format!("{:?}", rec.state()), format!("{:?}", rec.state_after(n - k).expect("kept")));
    }
    for ev in &events[n - 30..] {
        let step = rec.push(*ev).expect("the same events again");
        assert_eq!(step.event, *ev);
    }
    assert_eq!(format!("{:?}", rec.state()), format!("{end:?}"));
    assert!(rec.state().is_over() && rec.push(events[n - 1]).is_err(), "nothing after the end");
    let mut empty = Recording::new(e(), RuleOptions::default());
    assert_eq!(empty.undo(), None);
}

#[test]
fn a_refused_push_hands_the_state_back_and_changes_nothing() {
    let mut rec = Recording::new(e(), RuleOptions::default());
    let before = format!("{:?}", rec.state());
    let err = rec.push(Event::act(Side::Polish, Action::Pass)).expect_err("nobody passes before the deal");
    assert_eq!(format!("{:?}", err.state()), before);
    assert_eq!(format!("{:?}", rec.state()), before);
    assert!(rec.events().is_empty());
    assert!(!err.to_string().is_empty());
}

#[test]
fn the_clock_that_runs_can_be_read_alone_and_reaching_zero_loses_on_time() {
    let text = random_game_with(9, e(), &RuleOptions::default(), PlayStyle::Uniform).to_string();
    let log = notation::parse(&text).expect("parses");
    let mut rec = Recording::new(e(), RuleOptions::default());
    for line in log.events.iter().take(30) {
        rec.push_line(line).expect("legal");
    }
    let thinking = rec.state().to_act().expect("in play");
    let waiting = thinking.opponent();
    let err = rec.push(Event::clock(waiting, 0)).expect_err("the waiting side's clock does not run");
    assert_eq!(err.rule(), &Rule::ClockNotRunning { side: waiting, running: Some(thinking) });
    let was = rec.state().clock(thinking);
    let err = rec.push(Event::clock(thinking, was + 1)).expect_err("a clock never rises");
    assert!(matches!(err.rule(), Rule::ClockRises { .. }));
    rec.push(Event::clock(thinking, 0)).expect("the running clock reaches zero");
    let outcome = rec.state().outcome().expect("over");
    assert_eq!((outcome.winner, outcome.termination), (waiting, Termination::TimeForfeit));
    assert_eq!(rec.state().legal_actions(), Vec::new());
    // The written log says the same.
    let written = rec.to_log().to_string();
    assert!(written.trim_end().ends_with(&format!("{thinking} clock {{0:00}}")), "{written}");
    assert_eq!(validate_log(&written, e(), &RuleOptions::default()).expect("valid").outcome, outcome);
}

#[test]
fn the_recorder_may_offer_every_legal_next_event_with_unseen_draws() {
    let mut rec = Recording::new(e(), RuleOptions::default());
    let first = rec.legal_actions();
    // Before any card is dealt either opening hand may come first, named or unseen.
    assert!(first.contains(&Action::Draw { side: Side::Polish, card: bitwa::engine::CardRef::Unseen }));
    assert!(first.contains(&Action::Draw { side: Side::Red, card: bitwa::engine::CardRef::Unseen }));
    rec.push(Event::act(
        Side::Polish,
        Action::Draw { side: Side::Polish, card: bitwa::engine::CardRef::Unseen },
    ))
    .expect("the rulebook deals the Poles first");
    assert!(
        rec.legal_actions().iter().all(|a| a.side() == Some(Side::Polish)),
        "then the Polish hand is finished"
    );
}

/// A random game cut after `keep` lines, its header's claims about the end dropped.
fn cut(seed: u64, keep: usize) -> notation::GameLog {
    let mut log = random_game_with(seed, e(), &RuleOptions::default(), PlayStyle::Uniform);
    log.header.retain(|t| !matches!(t.name.as_str(), "Result" | "Termination" | "RedPoints"));
    log.events.truncate(keep);
    log
}

#[test]
fn a_player_resigns_at_any_moment_and_loses_keeping_the_positions_red_points() {
    use bitwa::engine::notation::Body;
    for seed in 0..8 {
        let full = random_game_with(seed, e(), &RuleOptions::default(), PlayStyle::Uniform);
        for keep in [5, full.events.len() / 2, full.events.len() - 1] {
            let before = recorded(&cut(seed, keep).to_string());
            assert!(!before.state().is_over(), "seed {seed}: still on after {keep} lines");
            for side in Side::BOTH {
                // Either side resigns, whoever is to act; a reading is only taken from a running clock.
                let mut log = cut(seed, keep);
                log.events.push(Line { line: 0, side, body: Body::Resign, clock: None });
                let text = log.to_string();
                assert!(text.contains(&format!("\n{side} resign")), "written as `{side} resign`:\n{text}");
                let game = validate_log(&text, e(), &RuleOptions::default())
                    .unwrap_or_else(|err| panic!("seed {seed}, {keep} lines, {side}: {err:?}"));
                assert_eq!(game.outcome.winner, side.opponent());
                assert_eq!(game.outcome.termination, Termination::Resignation);
                assert_eq!(game.outcome.red_points, before.state().red_points(), "the position's points");
                // Nothing follows a resignation.
                let mut after = log.clone();
                after.events.push(Line { line: 0, side: side.opponent(), body: Body::Resign, clock: None });
                assert!(validate_log(&after.to_string(), e(), &RuleOptions::default()).is_err());
                // The recording takes it as one event and writes it back.
                let mut rec = before.clone();
                rec.push_line(log.events.last().unwrap()).expect("a resignation is pushed");
                assert_eq!(rec.state().outcome().map(|o| o.termination), Some(Termination::Resignation));
                assert_eq!(rec.to_log().events.last().map(|l| l.body.clone()), Some(Body::Resign));
            }
        }
    }
}

#[test]
fn resigning_is_never_offered_among_the_legal_actions() {
    for seed in 0..2 {
        let n = random_game_with(seed, e(), &RuleOptions::default(), PlayStyle::Uniform).events.len();
        for keep in (0..n).step_by(7) {
            let rec = recorded(&cut(seed, keep).to_string());
            assert!(!rec.state().legal_actions().iter().any(|a| matches!(a, Action::Resign { .. })));
        }
    }
}
