//! Golden SVG boards: a few positions drawn by `web::board` and compared byte for byte with
//! `tests/golden/board/*.svg` (open one in a browser to see it). `UPDATE_EXPECTED=1 cargo test --test
//! board_golden` rewrites them after a deliberate change to the drawing (then look at the diff and the
//! pictures). Every position of every fixture game is also drawn, on both built-in editions, under 30 KB.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use bitwa::engine::{Edition, GameState, RuleOptions, parse_log};
use bitwa::web::board::{Board, Marks};
use bitwa::web::text::i18n::Lang;
use std::path::{Path, PathBuf};

fn golden_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/board")
}

fn fixture(name: &str) -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/logs").join(name)).unwrap()
}

/// The states after each line of a valid log, the start first.
fn states<'e>(text: &str, edition: &'e Edition) -> Vec<GameState<'e>> {
    let log = parse_log(text).unwrap();
    let mut state = GameState::new(edition, RuleOptions::default());
    let mut out = vec![state];
    for line in &log.events {
        state = state
            .apply_line(line)
            .unwrap_or_else(|e| panic!("line {}: {}", line.line, e.refusal.render(bitwa::engine::Lang::En)));
        out.push(state);
    }
    out
}

/// An edition as an organiser might upload it: a tenth column of spaces, names needing escapes.
fn uploaded() -> Edition {
    let mut files = Edition::builtin_files(Edition::builtin().id()).unwrap();
    for (name, contents) in &mut files {
        match name.as_str() {
            "edition.csv" => *contents = contents.replace("bw-2021-reconstructed-v2", "upload-test"),
            "board.csv" => {
                *contents = contents.replace("Sierpc", "Sierpc & <Okolice>");
                for row in 1..=7 {
                    contents.push_str(&format!("j{row},10,{row},Wschód \"{row}\",yes,no,,,printed\n"));
                }
            }
            _ => {}
        }
    }
    Edition::check_files(&files).unwrap_or_else(|e| panic!("{e}"))
}

fn check(name: &str, svg: &str, failures: &mut Vec<String>) {
    assert!(svg.len() < 30 * 1024, "{name}: {} bytes", svg.len());
    let path = golden_dir().join(format!("{name}.svg"));
    if std::env::var_os("UPDATE_EXPECTED").is_some() {
        std::fs::create_dir_all(golden_dir()).unwrap();
        std::fs::write(&path, svg).unwrap();
        return;
    }
    match std::fs::read_to_string(&path) {
        Ok(expected) if expected == svg => {}
        Ok(_) => {
            failures.push(format!("{name}: differs from {} (UPDATE_EXPECTED=1 to rewrite)", path.display()))
        }
        Err(_) => failures.push(format!("{name}: no {} (UPDATE_EXPECTED=1 to write it)", path.display())),
    }
}

#[test]
fn boards_match_their_golden_svgs() {
    let mut failures = Vec::new();
    let current = Edition::builtin();
    let start = GameState::new(current, RuleOptions::default());
    check("start", &Board::of(&start, "b").svg(Lang::Pl), &mut failures);

    // The rulebook's example after both sides passed: three attack markers, markers spent.
    let pinned = Edition::builtin_by_id("bw-2021-reconstructed").unwrap();
    let text = fixture("rulebook-operational-and-fortification.bwlog");
    let all = states(&text, pinned);
    check("rulebook-attack-markers", &Board::of(&all[11], "b").svg(Lang::Pl), &mut failures);
    check("rulebook-after-the-combat", &Board::of(&all[20], "b").svg(Lang::En), &mut failures);

    // A finished game: dispersed and eliminated units.
    let text = fixture("generated-aggressive-seed0.bwlog");
    let all = states(&text, pinned);
    let last = all.last().unwrap();
    let board = Board::of(last, "b");
    assert!(!board.position.eliminated.is_empty(), "the game eliminated someone");
    check("aggressive-seed0-final", &board.svg(Lang::Pl), &mut failures);

    // The recorder's marks: a unit picked, a march begun, where it may go and what it may attack.
    let text = fixture("rulebook-operational-and-fortification.bwlog");
    let all = states(&text, pinned);
    let mut board = Board::of(&all[6], "rec");
    let unit = pinned.unit_by_code("R16A").unwrap();
    let f4 = pinned.hex_by_label("f4").unwrap();
    let e4 = pinned.hex_by_label("e4").unwrap();
    let p1a = pinned.unit_by_code("P1A").unwrap();
    board.marks = Marks {
        selected: Some(unit),
        path: vec![f4],
        hex_links: vec![(e4, "?draft=red+play+R06+maneuver+R16A+march+f4+e4".into())],
        unit_links: vec![(p1a, "?draft=x&amp=y".into())],
        targets: vec![p1a],
    };
    check("recorder-marks", &board.svg(Lang::Pl), &mut failures);

    // An organiser's upload: another shape of board, names that need escaping.
    let up = uploaded();
    let start = GameState::new(&up, RuleOptions::default());
    let svg = Board::of(&start, "b").svg(Lang::Pl);
    assert!(svg.contains("Sierpc &amp; &lt;Okolice&gt;") && svg.contains("Wschód &quot;3&quot;"), "escaped");
    check("uploaded-edition-start", &svg, &mut failures);

    assert!(failures.is_empty(), "{failures:#?}");
}

#[test]
fn every_position_of_every_fixture_game_draws_under_30_kb() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/logs");
    let mut drawn = 0;
    let mut largest = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        if name.starts_with("invalid-") || !name.ends_with(".bwlog") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let edition = Edition::builtin_for_log(&text);
        for (i, state) in states(&text, edition).iter().enumerate() {
            let board = Board::of(state, "b");
            let svg = board.svg(Lang::Pl);
            largest = largest.max(svg.len());
            assert!(svg.len() < 30 * 1024, "{name} step {i}: {} bytes", svg.len());
            assert_eq!(svg.matches("<g class=\"u ").count(), board.position.tokens.len(), "{name} step {i}");
            assert_eq!(
                svg.matches("<line class=\"atk").count(),
                board.position.attacks.len(),
                "{name} step {i}"
            );
            assert_eq!(board.list(Lang::En).len(), 12 + board.position.attacks.len());
            drawn += 1;
        }
    }
    assert!(drawn > 500, "{drawn} positions");
    eprintln!("{drawn} positions drawn, the largest SVG {largest} bytes");
}
