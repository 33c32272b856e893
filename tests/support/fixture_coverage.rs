//! What the set of generated fixture games must show: each way a game can end (for each possible
//! winner), each card effect played or selected, and the Warsaw Defenders falling before the last round.
//! Shared by the fixture test and the `generate_fixture_games` example that searches for seeds.

use bitwa::engine::{Edition, GameState, RuleOptions, Status, notation};
use bitwa::outcome::{Side, Termination};

/// A named property of a game log's text.
pub type Wanted = Vec<(String, Box<dyn Fn(&str) -> bool>)>;

/// Every property the fixture set must cover, in a fixed order.
pub fn wanted(e: &Edition) -> Wanted {
    let mut wanted: Wanted = Vec::new();
    // Random games never resign (resigning is never a legal action offered): the resignation is
    // covered by tests/engine_recording.rs and the online test instead.
    for t in Termination::ALL.into_iter().filter(|t| *t != Termination::Resignation) {
        for w in ["red", "polish"] {
            if t.fixed_winner().is_some_and(|f| f.as_str() != w) {
                continue;
            }
            let needle = format!("[Termination \"{}\"]", t.as_str());
            let result = format!("[Result \"{w}\"]");
            wanted.push((
                format!("ending-{}-{w}", t.as_str()),
                Box::new(move |s: &str| s.contains(&needle) && s.contains(&result)),
            ));
        }
    }
    for effect in bitwa::engine::CardEffect::ALL {
        let cards: Vec<String> = e
            .cards(Side::Red)
            .chain(e.cards(Side::Polish))
            .filter(|c| c.effect == Some(effect))
            .map(|c| c.id.token())
            .collect();
        let verb = if effect.is_action() { "play" } else { "select" };
        wanted.push((
            format!("card-{}", effect.as_str()),
            Box::new(move |s: &str| {
                s.lines()
                    .any(|l| l.contains(verb) && cards.iter().any(|c| l.split_whitespace().any(|t| t == c)))
            }),
        ));
    }
    wanted.push(("defenders-fall".into(), Box::new(defenders_fall_before_last_round)));
    wanted
}

/// The Warsaw Defenders are eliminated before round 5 and the game goes on into the next round.
pub fn defenders_fall_before_last_round(text: &str) -> bool {
    let Ok(log) = notation::parse(text) else { return false };
    let e = Edition::builtin_for_log(text);
    let mut state = GameState::new(e, RuleOptions::default());
    let mut fell_in = None;
    for ev in &log.events {
        match state.apply_line(ev) {
            Ok(next) => state = next,
            Err(_) => return false,
        }
        if fell_in.is_none() && state.status(e.defenders()) == Status::Eliminated {
            fell_in = Some(state.round());
        }
        if fell_in.is_some_and(|r| r < state.round()) {
            return true;
        }
    }
    false
}
