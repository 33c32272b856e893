//! The engine's three subcommands, run as the real binary.

use std::process::Command;

fn bitwa(args: &[&str]) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_bitwa")).args(args).output().expect("runs");
    (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stdout).into_owned())
}

fn fixture(path: &str) -> String {
    format!("{}/fixtures/{path}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn check_log_reports_each_file_and_fails_if_any_is_invalid() {
    let valid = fixture("logs/rulebook-assault.bwlog");
    let invalid = fixture("logs/invalid-strength-claim.bwlog");
    let (code, out) = bitwa(&["check-log", &valid]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("valid: polish wins by time-forfeit, Red-side points 0"), "{out}");
    let (code, out) = bitwa(&["check-log", &valid, &invalid]);
    assert_eq!(code, 1);
    assert!(out.contains("invalid: line 51: `red strength 9 4 {12:40}`"), "{out}");
    let (_, out) = bitwa(&["check-log", "--json", &invalid]);
    let v: serde_json::Value = serde_json::from_str(out.trim()).expect("one JSON object per file");
    assert_eq!(v["valid"], false);
    assert_eq!(v["error"]["line"], 51);
    assert_eq!(v["error"]["section"], "Attack Resolution");
}

#[test]
fn random_game_prints_a_log_that_check_log_accepts() {
    let (code, text) = bitwa(&["random-game", "--seed", "3"]);
    assert_eq!(code, 0);
    let path = std::env::temp_dir().join(format!("bitwa-engine-cli-{}.bwlog", std::process::id()));
    std::fs::write(&path, &text).expect("temp file");
    let (code, out) = bitwa(&["check-log", path.to_str().expect("utf-8 path")]);
    let _ = std::fs::remove_file(&path);
    assert_eq!(code, 0, "{out}");
    let (_, json) = bitwa(&["random-game", "--seed", "3", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&json).expect("JSON form");
    assert!(v["events"].as_array().is_some_and(|e| e.len() > 20));
}

#[test]
fn check_edition_accepts_the_shipped_edition_and_names_the_bad_line_of_a_broken_one() {
    let (code, out) = bitwa(&["check-edition", &fixture("editions/bw-2021-reconstructed")]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("63 spaces, 12 units, 30 Red and 30 Polish cards"), "{out}");
    let dir = std::env::temp_dir().join(format!("bitwa-edition-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    for f in ["edition.csv", "units.csv", "board.csv", "blocked.csv", "cards.csv"] {
        let text =
            std::fs::read_to_string(fixture(&format!("editions/bw-2021-reconstructed/{f}"))).expect("read");
        let text = if f == "cards.csv" {
            text.replace("polish,12,11 Dywizja Piechoty,red,2", "polish,12,11 Dywizja Piechoty,purple,2")
        } else {
            text
        };
        std::fs::write(dir.join(f), text).expect("write");
    }
    let (code, out) = bitwa(&["check-edition", dir.to_str().expect("utf-8")]);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(code, 1);
    assert!(out.contains("cards.csv:43: colour \"purple\""), "{out}");
}

#[test]
fn random_game_masked_writes_unseen_cards_and_check_log_gives_the_same_result() {
    let (code, named) = bitwa(&["random-game", "--seed", "3"]);
    assert_eq!(code, 0);
    let (code, masked) = bitwa(&["random-game", "--seed", "3", "--masked"]);
    assert_eq!(code, 0);
    assert!(masked.contains("red draw ? ? ? ? ? ? ? ? ? ?"), "{masked}");
    assert!(masked.lines().all(|l| !l.contains(" pull ") || l.contains(" pull ?")), "{masked}");
    let dir = std::env::temp_dir();
    let (a, b) = (
        dir.join(format!("bitwa-named-{}.bwlog", std::process::id())),
        dir.join(format!("bitwa-masked-{}.bwlog", std::process::id())),
    );
    std::fs::write(&a, &named).expect("temp file");
    std::fs::write(&b, &masked).expect("temp file");
    let (_, out_a) = bitwa(&["check-log", a.to_str().expect("utf-8")]);
    let (code, out_b) = bitwa(&["check-log", b.to_str().expect("utf-8")]);
    let _ = (std::fs::remove_file(&a), std::fs::remove_file(&b));
    assert_eq!(code, 0, "{out_b}");
    let verdict = |s: &str| s.split_once(": ").map(|(_, v)| v.to_string()).unwrap_or_default();
    assert_eq!(verdict(&out_a), verdict(&out_b));
}

#[test]
fn check_log_speaks_polish_on_request_and_shows_the_whole_position_with_verbose() {
    let invalid = fixture("logs/invalid-strength-claim.bwlog");
    let (code, out) = bitwa(&["check-log", "--lang", "pl", &invalid]);
    assert_eq!(code, 1);
    assert!(
        out.contains("wiersz 51: `red strength 9 4 {12:40}`: siły w walce to 8 po stronie atakującej"),
        "{out}"
    );
    assert!(out.contains("(instrukcja: Rozstrzyganie ataku); stan gry: runda 1"), "{out}");
    assert!(!out.contains("jednostki:"), "the short state by default: {out}");
    let (_, out) = bitwa(&["check-log", "--verbose", &invalid]);
    assert!(out.contains("units: R3A e5 0m") && out.contains("red reserve: R10"), "{out}");
    let (_, out) = bitwa(&["check-log", "--json", "--lang", "pl", &invalid]);
    let v: serde_json::Value = serde_json::from_str(out.trim()).expect("JSON");
    assert_eq!(v["error"]["section"], "Rozstrzyganie ataku");
    // The league's time control decides: a 20-minute log is refused unless the league plays 20 minutes.
    let long = fixture("logs/invalid-time-control-differs.bwlog");
    let (code, _) = bitwa(&["check-log", &long]);
    assert_eq!(code, 1);
    let (code, out) = bitwa(&["check-log", "--time-control", "1200", &long]);
    assert_eq!(code, 0, "{out}");
}
