//! Property-based fuzzing of everything that reads text from outside: the move-log parser
//! (`engine::parse_log`) and validator (`engine::validate_log`), the CSV import of players
//! (`web::forms::player::parse_csv`) and the edition loader (`Edition::from_files`). Each target gets
//! arbitrary bytes and structure-aware inputs (valid logs, CSVs and edition files mutated line by
//! line, token by token and byte by byte, from a seeded ChaCha generator) and must answer every one
//! with a value or an error: no panic.
//!
//! `cargo test` runs a short pass. The long run (at least 10^6 inputs per target, figures in
//! docs/service.md):
//!
//! ```sh
//! BITWA_FUZZ_ITERS=1000000 cargo test --release --test fuzz -- --nocapture --test-threads 1
//! ```
//!
//! `BITWA_FUZZ_SEED` picks another seed; a failure prints the seed, the iteration and the input.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use bitwa::engine::{Edition, RuleOptions, parse_log, random_game, validate_log};
use bitwa::web::forms::player::parse_csv;
use bitwa::web::text::i18n::Lang;
use bitwa::web::text::refusals::import_problem;
use chrono::NaiveDate;
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Once;
use std::time::Instant;

fn iterations(debug_default: u64) -> u64 {
    std::env::var("BITWA_FUZZ_ITERS").ok().and_then(|v| v.parse().ok()).unwrap_or(debug_default)
}

fn seed(target: u64) -> u64 {
    std::env::var("BITWA_FUZZ_SEED").ok().and_then(|v| v.parse().ok()).unwrap_or(0x5EED_B17A) ^ target
}

fn below(rng: &mut ChaCha8Rng, n: usize) -> usize {
    if n == 0 { 0 } else { (rng.next_u64() % n as u64) as usize }
}

/// Tokens a mutation may put anywhere: notation words, card and space names, numbers at the edges
/// of every integer type, CSV and header syntax, clocks, dates, and awkward Unicode.
const TOKENS: &[&str] = &[
    "red",
    "polish",
    "white",
    "black",
    "draw",
    "extra",
    "pass",
    "pillage",
    "command",
    "march",
    "attack",
    "play",
    "resolve",
    "select",
    "set-aside",
    "pull",
    "strength",
    "retreat",
    "advance",
    "none",
    "by",
    "maneuver",
    "go-west",
    "assault",
    "fighter-escadrille",
    "reveal",
    "discard",
    "look",
    "?",
    "*",
    "-",
    "R01",
    "R30",
    "R31",
    "R00",
    "P01",
    "P30",
    "P99",
    "R3A",
    "R16A",
    "RGM",
    "P1A",
    "POW",
    "d5",
    "a1",
    "i7",
    "z9",
    "0",
    "1",
    "-1",
    "255",
    "256",
    "65535",
    "65536",
    "4294967295",
    "4294967296",
    "-2147483649",
    "9223372036854775807",
    "99999999999999999999999",
    "{0:00}",
    "{-0:03}",
    "{15:00}",
    "{99:99:99}",
    "{",
    "}",
    "[",
    "]",
    "\"",
    "\\",
    "\\\"",
    "#",
    "[Result \"red\"]",
    "[RedPoints \"-5\"]",
    "[TimeControl \"0\"]",
    "[TimeControl \"99999999999\"]",
    "[Edition \"x\"]",
    "[Rules \"bogus\"]",
    "[Termination \"?\"]",
    ";",
    ",",
    "\n",
    "\r\n",
    "\t",
    " ",
    "",
    "\u{feff}",
    "\u{202e}",
    "\u{0}",
    "ż",
    "🂡",
    "2010-02-30",
    "9999-12-31",
    "0000-00-00",
    "2010-01-15",
    "true",
    "false",
    "rulebook",
    "reconstructed",
    "NaN",
    "1e309",
];

/// One random mutation of `text`: structure-aware (lines and tokens) or raw bytes.
fn mutate(rng: &mut ChaCha8Rng, text: &str, donors: &[String]) -> String {
    let mut lines: Vec<String> = text.split('\n').map(str::to_string).collect();
    match below(rng, 10) {
        // Delete, duplicate or swap lines.
        0 if !lines.is_empty() => {
            lines.remove(below(rng, lines.len()));
        }
        1 if !lines.is_empty() => {
            let i = below(rng, lines.len());
            lines.insert(below(rng, lines.len() + 1), lines[i].clone());
        }
        2 if lines.len() > 1 => {
            let (i, j) = (below(rng, lines.len()), below(rng, lines.len()));
            lines.swap(i, j);
        }
        // Replace a word of a line with a token, or insert one.
        3 | 4 if !lines.is_empty() => {
            let i = below(rng, lines.len());
            let mut words: Vec<&str> = lines[i].split(' ').collect();
            let token = TOKENS[below(rng, TOKENS.len())];
            if rng.next_u32().is_multiple_of(2) && !words.is_empty() {
                let w = below(rng, words.len());
                words[w] = token;
            } else {
                words.insert(below(rng, words.len() + 1), token);
            }
            lines[i] = words.join(" ");
        }
        // Splice a line of another input.
        5 if !donors.is_empty() => {
            let donor = &donors[below(rng, donors.len())];
            let donor_lines: Vec<&str> = donor.split('\n').collect();
            let line = donor_lines[below(rng, donor_lines.len())].to_string();
            lines.insert(below(rng, lines.len() + 1), line);
        }
        // Cut the input short.
        6 => {
            lines.truncate(below(rng, lines.len() + 1));
        }
        // Raw bytes: flip, set, insert, delete (then read as UTF-8, lossily, as the web does).
        _ => {
            let mut bytes = lines.join("\n").into_bytes();
            for _ in 0..1 + below(rng, 4) {
                let at = below(rng, bytes.len() + 1);
                match below(rng, 4) {
                    0 if at < bytes.len() => bytes[at] ^= 1 << below(rng, 8),
                    1 if at < bytes.len() => bytes[at] = rng.next_u32() as u8,
                    2 => bytes.insert(at, rng.next_u32() as u8),
                    _ if at < bytes.len() => {
                        bytes.remove(at);
                    }
                    _ => {}
                }
            }
            return String::from_utf8_lossy(&bytes).into_owned();
        }
    }
    lines.join("\n")
}

/// Arbitrary bytes (lossy UTF-8), up to `max` long.
fn arbitrary(rng: &mut ChaCha8Rng, max: usize) -> String {
    let len = below(rng, max + 1);
    let mut bytes = vec![0u8; len];
    rng.fill_bytes(&mut bytes);
    String::from_utf8_lossy(&bytes).into_owned()
}

/// An input for a target: mostly mutated valid inputs (1 to 3 mutations), some arbitrary bytes.
fn input(rng: &mut ChaCha8Rng, corpus: &[String]) -> String {
    if below(rng, 8) == 0 {
        return arbitrary(rng, 512);
    }
    let mut text = corpus[below(rng, corpus.len())].clone();
    for _ in 0..1 + below(rng, 3) {
        text = mutate(rng, &text, corpus);
    }
    text
}

static QUIET: Once = Once::new();

/// Run `target` on `n` inputs from `make`; panic with the first input that panicked.
fn fuzz<I: std::fmt::Debug>(
    name: &str,
    target: u64,
    n: u64,
    mut make: impl FnMut(&mut ChaCha8Rng) -> I,
    run: impl Fn(&I),
) {
    // Panics are caught and counted here; the default hook would print each one.
    QUIET.call_once(|| std::panic::set_hook(Box::new(|_| {})));
    let seed = seed(target);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let start = Instant::now();
    let mut panics = 0u64;
    let mut first: Option<(u64, String)> = None;
    for i in 0..n {
        let input = make(&mut rng);
        if catch_unwind(AssertUnwindSafe(|| run(&input))).is_err() {
            panics += 1;
            first.get_or_insert((i, format!("{input:?}")));
        }
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "fuzz {name}: {n} inputs, {panics} panics, {secs:.1} s ({:.0} inputs/s), seed {seed}",
        n as f64 / secs
    );
    if let Some((i, input)) = first {
        panic!("{name}: {panics} panics; first at iteration {i} (seed {seed}): {input}");
    }
}

/// Valid logs: random complete games and the fixture logs (text and JSON).
fn log_corpus() -> Vec<String> {
    let mut corpus: Vec<String> =
        (0..6).map(|s| random_game(s, Edition::builtin(), &RuleOptions::default()).to_string()).collect();
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/logs");
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if matches!(path.extension().and_then(|e| e.to_str()), Some("bwlog" | "json")) {
            corpus.push(std::fs::read_to_string(path).unwrap());
        }
    }
    corpus
}

#[test]
fn the_move_log_parser_never_panics() {
    let corpus = log_corpus();
    fuzz(
        "parse_log",
        1,
        iterations(10_000),
        |rng| input(rng, &corpus),
        |text| {
            let _ = parse_log(text);
        },
    );
}

#[test]
fn the_move_log_validator_never_panics() {
    let corpus = log_corpus();
    let options = [
        RuleOptions::default(),
        RuleOptions { fortifications: false, flank_attacks: false, ..RuleOptions::default() },
    ];
    fuzz(
        "validate_log",
        2,
        iterations(5_000),
        |rng| (input(rng, &corpus), below(rng, 2)),
        |(text, o)| {
            let _ = validate_log(text, Edition::builtin(), &options[*o]);
        },
    );
}

#[test]
fn the_player_csv_import_never_panics() {
    let corpus: Vec<String> = vec![
        "name;birth date;club;knowledge\nAdam Abacki;2010-01-01;LO 1;20\nBeata Babacka;2009-02-02;LO 2;\n"
            .into(),
        "name,birth date,club\n\"Nowak, Jan\",2010-05-05,\"LO \"\"Batory\"\"\"\nOla,2011-01-01,SP 3\n".into(),
        "\u{feff}imię;data;szkoła\nŻaneta Źdźbło;2008-12-31;Gimnazjum nr 1;1000\n;;\n".into(),
    ];
    let first_day = NaiveDate::from_ymd_opt(2026, 5, 9).unwrap();
    fuzz(
        "parse_csv",
        3,
        iterations(20_000),
        |rng| (input(rng, &corpus), below(rng, 2)),
        |(text, l)| {
            // Parsed, and a refusal said in the page's language (the words take the row's text).
            let lang = if *l == 0 { Lang::Pl } else { Lang::En };
            let _ = parse_csv(first_day, text)
                .map_err(|all| all.iter().map(|p| import_problem(lang, p)).collect::<Vec<_>>());
        },
    );
}

#[test]
fn the_edition_loader_never_panics() {
    let dir =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/editions/bw-2021-reconstructed");
    let files: Vec<(String, String)> = ["edition.csv", "units.csv", "board.csv", "blocked.csv", "cards.csv"]
        .iter()
        .map(|n| (n.to_string(), std::fs::read_to_string(dir.join(n)).unwrap()))
        .collect();
    assert!(Edition::from_files(&files).is_ok(), "the shipped edition loads");
    let contents: Vec<String> = files.iter().map(|(_, c)| c.clone()).collect();
    fuzz(
        "Edition::from_files",
        4,
        iterations(2_000),
        |rng| {
            let mut mutated = files.clone();
            // Mutate one or two files (structure-aware, with lines of the others as donors); now and
            // then drop a file or give it arbitrary bytes.
            for _ in 0..1 + below(rng, 2) {
                let f = below(rng, mutated.len());
                match below(rng, 12) {
                    0 => {
                        mutated.remove(f);
                    }
                    1 => mutated[f].1 = arbitrary(rng, 2048),
                    _ => mutated[f].1 = mutate(rng, &mutated[f].1, &contents),
                }
            }
            mutated
        },
        |files| {
            let _ = Edition::from_files(files);
        },
    );
}

#[test]
#[should_panic(expected = "1 panics; first at iteration")]
fn the_harness_catches_and_reports_a_panicking_target() {
    // A target that panics on exactly one input of this seed's sequence: the harness must say so.
    let mut seen = 0;
    fuzz(
        "self-check",
        99,
        20,
        |_| {
            seen += 1;
            seen
        },
        |n| assert_ne!(*n, 7, "planted panic"),
    );
}
