//! The data-driven test: every log in `fixtures/logs/` (text `.bwlog` or `.json`) with its expected
//! outcome or expected first error in `<name>.expected`. Run with `UPDATE_EXPECTED=1` to rewrite the
//! expectations after a deliberate change (then review the diff).

use bitwa::engine::{Edition, RuleOptions, validate_log};
use std::path::{Path, PathBuf};

fn logs_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/logs")
}

/// One line summarising the result, stable across refactors that do not change the rules.
fn summary(text: &str) -> String {
    match validate_log(text, Edition::builtin(), &RuleOptions::default()) {
        Ok(g) => format!(
            "valid: {} wins by {}, Red-side points {}, round {}, claims {}",
            g.outcome.winner,
            g.outcome.termination,
            g.outcome.red_points,
            g.rounds,
            if g.claims_agree {
                "agree".to_string()
            } else {
                format!("disagree: {}", g.claim_mismatches.join("; "))
            }
        ),
        Err(e) => format!("invalid: line {}: {} (rulebook: {})", e.line, e.rule, e.section),
    }
}

#[test]
fn fixture_logs_match_their_expected_outcomes() {
    let update = std::env::var_os("UPDATE_EXPECTED").is_some();
    let mut paths: Vec<PathBuf> = std::fs::read_dir(logs_dir())
        .expect("fixtures/logs exists")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "bwlog" || x == "json"))
        .collect();
    paths.sort();
    assert!(paths.len() >= 10, "the fixture folder holds the logs ({} found)", paths.len());
    let mut failures = Vec::new();
    for path in &paths {
        let text = std::fs::read_to_string(path).expect("readable");
        let actual = summary(&text);
        let expected_path = path
            .with_extension(format!("{}.expected", path.extension().and_then(|x| x.to_str()).unwrap_or("")));
        if update {
            std::fs::write(&expected_path, format!("{actual}\n")).expect("writable");
            continue;
        }
        match std::fs::read_to_string(&expected_path) {
            Ok(expected) if expected.trim() == actual => {}
            Ok(expected) => failures.push(format!(
                "{}:\n  expected {}\n  actual   {actual}",
                path.display(),
                expected.trim()
            )),
            Err(_) => failures.push(format!(
                "{}: no {} (run with UPDATE_EXPECTED=1)",
                path.display(),
                expected_path.display()
            )),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn invalid_fixtures_are_named_invalid_and_valid_ones_valid() {
    for entry in std::fs::read_dir(logs_dir()).expect("dir") {
        let path = entry.expect("entry").path();
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("").to_string();
        if !(name.ends_with(".bwlog") || name.ends_with(".json")) {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("readable");
        let ok = validate_log(&text, Edition::builtin(), &RuleOptions::default()).is_ok();
        assert_eq!(ok, !name.starts_with("invalid-"), "{name}: invalid fixtures are named invalid-*");
    }
}

/// Writes the generated fixture games (`cargo test --test engine_fixtures -- --ignored`): for each way a
/// game can end, and for each card effect, the first seed that shows it.
#[test]
#[ignore = "regenerates fixture files"]
fn generate_fixture_games() {
    use bitwa::engine::{PlayStyle, random_game_with};
    use bitwa::outcome::Termination;
    let e = Edition::builtin();
    let o = RuleOptions::default();
    type Wanted = Vec<(String, Box<dyn Fn(&str) -> bool>)>;
    let mut wanted: Wanted = Vec::new();
    for t in Termination::ALL {
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
            .cards(bitwa::outcome::Side::Red)
            .chain(e.cards(bitwa::outcome::Side::Polish))
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
    let mut found: Vec<((u64, PlayStyle), Vec<String>, String)> = Vec::new();
    for (name, pred) in &wanted {
        let hit = (0..20_000u64).find_map(|seed| {
            [PlayStyle::Uniform, PlayStyle::Aggressive].into_iter().find_map(|style| {
                let text = random_game_with(seed, e, &o, style).to_string();
                pred(&text).then_some(((seed, style), text))
            })
        });
        match hit {
            Some((key, text)) => match found.iter_mut().find(|(k, _, _)| *k == key) {
                Some((_, names, _)) => names.push(name.clone()),
                None => found.push((key, vec![name.clone()], text)),
            },
            None => eprintln!("no seed found for {name}"),
        }
    }
    for ((seed, style), names, text) in found {
        let style = if style == PlayStyle::Uniform { "uniform" } else { "aggressive" };
        let file = logs_dir().join(format!("generated-{style}-seed{seed}.bwlog"));
        let body =
            format!("# A random game ({style} player, seed {seed}) showing: {}\n{text}", names.join(", "));
        std::fs::write(file, body).expect("write");
    }
}

/// The Warsaw Defenders are eliminated before round 5 and the game goes on into the next round.
fn defenders_fall_before_last_round(text: &str) -> bool {
    use bitwa::engine::{GameState, Status, notation};
    let Ok(log) = notation::parse(text) else { return false };
    let e = Edition::builtin();
    let mut state = GameState::new(e, RuleOptions::default());
    let mut fell_in = None;
    let mut actions = Vec::new();
    for ev in &log.events {
        actions.clear();
        if notation::expand(ev, e, &mut actions).is_err() {
            return false;
        }
        for a in &actions {
            if state.play(a).is_err() {
                return false;
            }
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
