//! Engine benchmark (`cargo bench --bench engine`): what a league does with logs, validating a stream of
//! different complete games from text, each once, as written by a digital game (every card named) and as
//! written at a table (every unseen card `?`). Headline: µs per game over the stream (the median of a few
//! passes over the whole corpus, each game once per pass). Secondary: each game's best of 7 runs, and
//! parsing alone. Single thread.
//!
//! Without `--bench` (as `cargo test --benches` runs it) it is a smoke run: a few games through the same
//! path, checked (valid, and the same result named and masked), timings printed but not judged.

use bitwa::engine::{Edition, PlayStyle, RuleOptions, mask_unseen, notation, random_game_with, validate_log};
use std::hint::black_box;
use std::time::{Duration, Instant};

const GAMES: u64 = 1_000;
const PASSES: usize = 10;
const BEST_OF: usize = 7;
/// The quality target (PRODUCT.md): a stream of full game logs under 20 µs per game on one core.
const TARGET_US: f64 = 20.0;

fn main() {
    let full = std::env::args().any(|a| a == "--bench");
    let games = if full { GAMES } else { 12 };
    let edition = Edition::builtin();
    let options = RuleOptions::default();
    let t = Instant::now();
    // Both play styles: the aggressive player reaches the immediate victories, the uniform one round 5.
    let logs: Vec<_> = (0..games)
        .map(|seed| {
            let style = if seed % 4 == 3 { PlayStyle::Aggressive } else { PlayStyle::Uniform };
            random_game_with(seed, edition, &options, style)
        })
        .collect();
    let named: Vec<String> = logs.iter().map(ToString::to_string).collect();
    let masked: Vec<String> = logs.iter().map(|l| mask_unseen(l).to_string()).collect();
    let generated = t.elapsed();

    // Every game is valid both ways, with the same result (the smoke check, and the bench's honesty).
    let mut actions = 0;
    for (a, b) in named.iter().zip(&masked) {
        let x = validate_log(a, edition, &options).expect("random games are valid");
        let y = validate_log(b, edition, &options).expect("masked random games are valid");
        assert_eq!((x.outcome, &x.final_units), (y.outcome, &y.final_units), "masking keeps the result");
        actions += x.actions;
    }
    let lines: usize = named.iter().map(|g| g.lines().count()).sum();
    let bytes: usize = named.iter().map(String::len).sum();

    let passes = if full { PASSES } else { 1 };
    let named_run = stream(&named, passes, |text| validate_log(text, edition, &options).is_ok());
    let masked_run = stream(&masked, passes, |text| validate_log(text, edition, &options).is_ok());
    let parse_run = stream(&named, passes, |text| notation::parse(text).is_ok());
    let (stream_named, stream_masked) = (named_run.cpu_mean, masked_run.cpu_mean);
    let best_named =
        best_of(&named, if full { BEST_OF } else { 1 }, |t| validate_log(t, edition, &options).is_ok());

    let n = games as f64;
    println!(
        "engine benchmark{}: {games} random games (seeds 0..{games}, 3 in 4 uniform, 1 in 4 aggressive), single thread",
        if full { "" } else { " (smoke run: pass --bench for the numbers)" }
    );
    println!(
        "  corpus: {lines} lines, {actions} engine events, {} KiB; generated in {:.2} s",
        bytes / 1024,
        generated.as_secs_f64()
    );
    println!(
        "  stream, each game once per pass ({passes} passes), on the CPU: named {:.1} µs per game, with unseen cards {:.1} µs per game",
        us(stream_named) / n,
        us(stream_masked) / n
    );
    println!(
        "  the same passes by the wall clock (the machine is shared): fastest pass named {:.1} µs, with unseen cards {:.1} µs; median pass {:.1} µs and {:.1} µs",
        us(named_run.wall_fastest) / n,
        us(masked_run.wall_fastest) / n,
        us(named_run.wall_median) / n,
        us(masked_run.wall_median) / n
    );
    println!(
        "  building the whole log in memory (notation::parse, for replay pages and JSON; validation streams the text instead): {:.1} µs per game",
        us(parse_run.cpu_mean) / n
    );
    println!(
        "  best of {} runs per game (named): median {:.1} µs per game",
        if full { BEST_OF } else { 1 },
        us(best_named)
    );
    let fastest = named_run.wall_fastest.max(Duration::from_nanos(1));
    println!(
        "  throughput (fastest pass, named): {:.0} games/s, {:.2} M engine events/s",
        n / fastest.as_secs_f64(),
        actions as f64 / fastest.as_secs_f64() / 1e6
    );
    if full {
        let met = |d: Duration| if us(d) / n < TARGET_US { "met" } else { "not met" };
        println!(
            "  target: under {TARGET_US} µs per game in the stream: named {}, with unseen cards {}",
            met(stream_named),
            met(stream_masked)
        );
    }
}

/// Passes over the corpus, each game once per pass: the median and the fastest pass by the wall clock,
/// and the mean time on the CPU per pass (the total over all passes: the kernel updates it at scheduler
/// ticks, so one short pass would be too coarse).
struct Stream {
    wall_median: Duration,
    wall_fastest: Duration,
    cpu_mean: Duration,
}

fn stream(corpus: &[String], passes: usize, f: impl Fn(&str) -> bool) -> Stream {
    let cpu = on_cpu();
    let mut walls: Vec<Duration> = (0..passes)
        .map(|_| {
            let t = Instant::now();
            for text in corpus {
                assert!(black_box(f(black_box(text))), "every game of the corpus passes");
            }
            t.elapsed()
        })
        .collect();
    let cpu_mean = on_cpu().saturating_sub(cpu) / passes as u32;
    walls.sort();
    Stream { wall_median: walls[walls.len() / 2], wall_fastest: walls[0], cpu_mean }
}

/// This thread's time on the CPU so far (Linux `/proc/thread-self/schedstat`, first field, in ns): the
/// machine is shared, and time spent waiting for the CPU is not the engine's. Zero where unavailable.
fn on_cpu() -> Duration {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next().and_then(|n| n.parse().ok()))
        .map_or(Duration::ZERO, Duration::from_nanos)
}

/// The median over games of each game's fastest of `repeat` runs.
fn best_of(corpus: &[String], repeat: usize, f: impl Fn(&str) -> bool) -> Duration {
    let mut per_game: Vec<Duration> = corpus
        .iter()
        .map(|text| {
            (0..repeat)
                .map(|_| {
                    let t = Instant::now();
                    black_box(f(black_box(text)));
                    t.elapsed()
                })
                .min()
                .unwrap_or_default()
        })
        .collect();
    per_game.sort();
    per_game[per_game.len() / 2]
}

fn us(d: Duration) -> f64 {
    d.as_secs_f64() * 1e6
}
