//! The data-driven test: every log in `fixtures/logs/` (text `.bwlog` or `.json`) with its expected
//! outcome or expected first error in `<name>.expected`. Run with `UPDATE_EXPECTED=1` to rewrite the
//! expectations after a deliberate change (then review the diff).

use bitwa::engine::{Edition, Lang, RuleOptions, validate_log};
use std::path::{Path, PathBuf};

mod support {
    pub mod fixture_coverage;
}

fn logs_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/logs")
}

/// One line summarising the result, stable across refactors that do not change the rules.
fn summary(text: &str) -> String {
    match validate_log(text, Edition::builtin_for_log(text), &RuleOptions::default()) {
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
        Err(e) => format!(
            "invalid: line {}: {} (rulebook: {})",
            e.line,
            e.message(Lang::En),
            e.section().name(Lang::En)
        ),
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
        let ok = validate_log(&text, Edition::builtin_for_log(&text), &RuleOptions::default()).is_ok();
        assert_eq!(ok, !name.starts_with("invalid-"), "{name}: invalid fixtures are named invalid-*");
    }
}

/// The fixtures `<kind>-<style>-seed<N>.bwlog` (generated games): (file name, style as written, play
/// style, seed, the whole text, the game after its comment line), in directory order.
fn seeded_fixtures(kind: &str) -> Vec<(String, String, bitwa::engine::PlayStyle, u64, String, String)> {
    use bitwa::engine::PlayStyle;
    let mut out = Vec::new();
    for entry in std::fs::read_dir(logs_dir()).expect("dir") {
        let path = entry.expect("entry").path();
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("").to_string();
        let Some(rest) = name.strip_prefix(&format!("{kind}-")).and_then(|r| r.strip_suffix(".bwlog")) else {
            continue;
        };
        let (style_name, seed) = rest.split_once("-seed").expect("<kind>-<style>-seed<N>.bwlog");
        let style = match style_name {
            "uniform" => PlayStyle::Uniform,
            "aggressive" => PlayStyle::Aggressive,
            other => panic!("{name}: unknown play style {other}"),
        };
        let seed: u64 = seed.parse().expect("numeric seed");
        let text = std::fs::read_to_string(&path).expect("readable");
        let body = text.split_once('\n').map(|(_comment, body)| body).expect("comment line, then the game");
        let body = body.to_string();
        let style_name = style_name.to_string();
        out.push((name, style_name, style, seed, text, body));
    }
    out
}

/// The generated fixtures are real games of the random player: each replays exactly from the seed and
/// style in its file name, and together they show every ending, every card effect and the fall of the
/// Warsaw Defenders (`cargo run --release --example generate_fixture_games` finds the seeds again).
/// They were generated on the first reconstruction, which is pinned for them (its river sides change
/// what the random player may do).
#[test]
fn generated_fixtures_replay_from_their_seed_and_cover_every_ending_and_card() {
    use bitwa::engine::random_game_with;
    let e = Edition::builtin_by_id(bitwa::engine::edition::PINNED_EDITION).expect("pinned edition");
    let o = RuleOptions::default();
    let mut texts = Vec::new();
    for (name, _, style, seed, text, body) in seeded_fixtures("generated") {
        assert_eq!(
            body,
            random_game_with(seed, e, &o, style).to_string(),
            "{name} no longer replays from its seed"
        );
        texts.push(text);
    }
    let missing: Vec<String> = support::fixture_coverage::wanted(e)
        .into_iter()
        .filter(|(_, shows)| !texts.iter().any(|t| shows(t)))
        .map(|(name, _)| name)
        .collect();
    assert!(missing.is_empty(), "no generated fixture shows: {missing:?}");
}

#[test]
fn placeholder_header_values_make_no_claim() {
    let text = std::fs::read_to_string(logs_dir().join("rulebook-assault.bwlog")).expect("fixture");
    let text = text
        .replace("[Result \"polish\"]", "[Result \"*\"]")
        .replace("[RedPoints \"0\"]", "[RedPoints \"?\"]")
        .replace("[Termination \"time-forfeit\"]", "[Termination \"?\"]\n[TimeControl \"?\"]");
    let g = validate_log(&text, Edition::builtin_for_log(&text), &RuleOptions::default()).expect("valid");
    assert!(g.claims_agree, "{:?}", g.claim_mismatches);
    let wrong = text.replace("[Result \"*\"]", "[Result \"red\"]");
    let g = validate_log(&wrong, Edition::builtin_for_log(&wrong), &RuleOptions::default()).expect("valid");
    assert_eq!(g.claim_mismatches, vec!["Result claims \"red\", the replay gives polish".to_string()]);
}

#[test]
fn in_the_defenders_fall_fixture_the_poles_act_first_from_the_next_round() {
    use bitwa::engine::{GameState, Status, notation};
    use bitwa::outcome::Side;
    let text = std::fs::read_to_string(logs_dir().join("generated-uniform-seed1650.bwlog")).expect("fixture");
    let log = notation::parse(&text).expect("parses");
    let e = Edition::builtin_for_log(&text);
    let mut state = GameState::new(e, RuleOptions::default());
    let mut fell_in = None;
    let mut checked = false;
    for ev in &log.events {
        let round = state.round();
        state = state.apply_line(ev).expect("legal");
        if fell_in.is_none() && state.status(e.defenders()) == Status::Eliminated {
            fell_in = Some(state.round());
        }
        if let Some(r) = fell_in
            && state.round() == r + 1
            && round == r
        {
            // The clean-up draws just ended: the first decision of the new round.
            assert_eq!(state.to_act(), Some(Side::Polish), "round {} opens with the Poles", r + 1);
            checked = true;
        }
    }
    assert!(checked, "the Warsaw Defenders fell before round 5 in this fixture");
}

/// The `unseen-*` fixtures are generated games as a table records them: each is exactly its random game
/// with the unseen cards written `?` (`mask_unseen`), and it has the verdict of the fully named game.
#[test]
fn unseen_fixtures_are_their_generated_games_masked_and_keep_the_verdict() {
    use bitwa::engine::{mask_unseen, random_game_with};
    // On the edition the generated games were played on.
    let e = Edition::builtin_by_id(bitwa::engine::edition::PINNED_EDITION).expect("pinned edition");
    let mut checked = 0;
    for (name, style_name, style, seed, text, body) in seeded_fixtures("unseen") {
        let named = random_game_with(seed, e, &RuleOptions::default(), style);
        assert_eq!(body, mask_unseen(&named).to_string(), "{name} is its game masked");
        assert!(body.contains(" pull ?") && body.contains("draw ? ?"), "{name} has unseen cards");
        let generated = logs_dir().join(format!("generated-{style_name}-seed{seed}.bwlog"));
        let named_text = std::fs::read_to_string(generated).expect("the generated game is a fixture too");
        assert_eq!(summary(&text), summary(&named_text), "{name}: the verdict of the named game");
        checked += 1;
    }
    assert!(checked >= 2, "unseen fixtures found: {checked}");
}

/// Validation streams the text line by line; replay pages build the whole log first. Both give the same
/// verdict on every fixture and on mutated random games (a line that is not notation is reported first
/// either way, wherever it is).
#[test]
fn the_streaming_validation_and_the_built_log_agree() {
    use bitwa::engine::{mask_unseen, notation, random_game, replay_snapshots};
    let o = RuleOptions::default();
    let verdict = |text: &str| match validate_log(text, Edition::builtin_for_log(text), &o) {
        Ok(g) => format!("{:?} {:?} {:?}", g.outcome, g.final_units, g.claim_mismatches),
        Err(e) => format!(
            "{} {:?} {:?} {}",
            e.line,
            e.rule(),
            e.section(),
            e.state(Lang::En, bitwa::engine::Detail::Full)
        ),
    };
    let built = |text: &str| match replay_snapshots(text, Edition::builtin_for_log(text), &o) {
        Ok((g, _)) => format!("{:?} {:?} {:?}", g.outcome, g.final_units, g.claim_mismatches),
        Err(e) => format!(
            "{} {:?} {:?} {}",
            e.line,
            e.rule(),
            e.section(),
            e.state(Lang::En, bitwa::engine::Detail::Full)
        ),
    };
    let mut texts: Vec<String> = std::fs::read_dir(logs_dir())
        .expect("dir")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "bwlog"))
        .map(|p| std::fs::read_to_string(p).expect("readable"))
        .collect();
    for seed in 0..6 {
        let log = random_game(seed, Edition::builtin(), &o);
        for text in [log.to_string(), mask_unseen(&log).to_string()] {
            let lines: Vec<&str> = text.lines().collect();
            for i in (16..lines.len()).step_by(7) {
                let mut m = lines.clone();
                m.swap(i, i - 1);
                texts.push(m.join("\n"));
                // And a line that is not notation after it: reported first either way.
                m.push("red fly R3A");
                texts.push(m.join("\n"));
            }
        }
    }
    let (mut compared, mut unparsed) = (0, 0);
    for text in &texts {
        unparsed += usize::from(notation::parse(text).is_err());
        assert_eq!(verdict(text), built(text), "{text}");
        compared += 1;
    }
    assert!(compared > 100 && unparsed > 0, "{compared}, {unparsed} not notation");
}
