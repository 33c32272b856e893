//! Validates N random games from text, each once, for a profiler: `cargo build --release --example
//! profile_validation`, then `valgrind --tool=callgrind --toggle-collect='*validate_log*'
//! target/release/examples/profile_validation 100 [masked]` and `callgrind_annotate --inclusive=yes`
//! (docs/notation.md, "Validation speed", says where the time goes).

use bitwa::engine::{Edition, PlayStyle, RuleOptions, mask_unseen, random_game_with, validate_log};

fn main() {
    let n: u64 = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(100);
    let masked = std::env::args().any(|a| a == "masked");
    let (e, o) = (Edition::builtin(), RuleOptions::default());
    let texts: Vec<String> = (0..n)
        .map(|seed| {
            let style = if seed % 4 == 3 { PlayStyle::Aggressive } else { PlayStyle::Uniform };
            let log = random_game_with(seed, e, &o, style);
            if masked { mask_unseen(&log).to_string() } else { log.to_string() }
        })
        .collect();
    let valid = texts.iter().filter(|t| validate_log(std::hint::black_box(t), e, &o).is_ok()).count();
    println!("{valid} of {n} games valid");
    assert_eq!(valid as u64, n, "every random game is valid");
}
