//! Engine benchmark (`cargo bench --bench engine`): validate a corpus of complete random games from text.
//! Prints the median over games of each game's best time, actions (events) per second, and parse-only
//! time. Single thread.

use bitwa::engine::{Edition, RuleOptions, notation, random_game, validate_log};
use std::hint::black_box;
use std::time::{Duration, Instant};

const GAMES: u64 = 1_000;
const REPEAT: usize = 7;

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn main() {
    let edition = Edition::builtin();
    let options = RuleOptions::default();
    let t = Instant::now();
    let corpus: Vec<String> =
        (0..GAMES).map(|seed| random_game(seed, edition, &options).to_string()).collect();
    let generated = t.elapsed();
    let lines: usize = corpus.iter().map(|g| g.lines().count()).sum();
    let bytes: usize = corpus.iter().map(String::len).sum();
    let actions: usize = corpus
        .iter()
        .map(|g| validate_log(g, edition, &options).expect("random games are valid").actions)
        .sum();

    let mut per_game = Vec::with_capacity(corpus.len());
    let mut parse_per_game = Vec::with_capacity(corpus.len());
    for text in &corpus {
        let mut runs = Vec::with_capacity(REPEAT);
        let mut parse_runs = Vec::with_capacity(REPEAT);
        for _ in 0..REPEAT {
            let t = Instant::now();
            black_box(validate_log(black_box(text), edition, &options).ok());
            runs.push(t.elapsed());
            let t = Instant::now();
            black_box(notation::parse(black_box(text)).ok());
            parse_runs.push(t.elapsed());
        }
        // The fastest of the runs: the machine is shared, and interference only ever adds time.
        per_game.push(runs.into_iter().min().unwrap_or_default());
        parse_per_game.push(parse_runs.into_iter().min().unwrap_or_default());
    }
    let total: Duration = per_game.iter().sum();
    let parse_total: Duration = parse_per_game.iter().sum();
    let med = median(per_game.clone());
    let parse_med = median(parse_per_game);
    println!(
        "engine benchmark: {GAMES} random games (seeds 0..{GAMES}), best of {REPEAT} runs each, single thread"
    );
    println!(
        "  corpus: {lines} lines, {actions} actions, {} KiB; generated in {:.2} s",
        bytes / 1024,
        generated.as_secs_f64()
    );
    println!(
        "  validate (parse + replay + claims): median {:.1} µs per game, mean {:.1} µs",
        us(med),
        us(total) / GAMES as f64
    );
    println!(
        "  throughput: {:.2} M actions/s, {:.0} games/s",
        actions as f64 / total.as_secs_f64() / 1e6,
        GAMES as f64 / total.as_secs_f64()
    );
    println!(
        "  parse only: median {:.1} µs per game ({:.0}% of validation)",
        us(parse_med),
        100.0 * parse_total.as_secs_f64() / total.as_secs_f64()
    );
    let replay = (total.saturating_sub(parse_total)).as_secs_f64() * 1e6;
    println!(
        "  replay and result (validation minus parsing): mean {:.1} µs per game, {:.0} ns per action",
        replay / GAMES as f64,
        replay * 1e3 / actions as f64
    );
    println!("  target: under 50 µs per game: {}", if us(med) < 50.0 { "met" } else { "not met" });
}

fn us(d: Duration) -> f64 {
    d.as_secs_f64() * 1e6
}
