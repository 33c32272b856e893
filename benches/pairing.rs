//! Pairing one Swiss round mid-tournament (scores spread) for 100, 1,000 and 5,000 players,
//! standings for 1,000 players after 9 rounds, and a groups stage's draw and schedules: 1,024
//! players seeded into 64 groups of 16 (pots, schools kept apart) and every group's double
//! Berger schedule (issue 19: target under 50 ms). Prints wall-clock times, what the pairing
//! criteria cost (score differences, weight bits, whether 512-bit weights were needed) and the
//! process's peak memory; run with `cargo bench --bench pairing`.
//!
//! Without `--bench` (as `cargo test --benches` runs it) a smoke run: 100 players paired and
//! ranked once, checked, not timed.

#[path = "support/mod.rs"]
mod support;
use bitwa::league::standings::compute;
use bitwa::league::*;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{RngCore, SeedableRng};
use std::time::{Duration, Instant};
use support::peak_mib;

/// `rounds` finished rounds of `n` players, paired by a quick random Swiss-like rule (players
/// sorted by score, neighbours paired, no rematch), with random decided results: a realistic
/// spread of scores without paying for the real pairing while building the input.
fn history(n: i64, rounds: u32, seed: u64) -> Vec<RoundRecord> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut score = vec![0i64; n as usize + 1];
    let mut met = std::collections::BTreeSet::new();
    let mut had_bye = vec![false; n as usize + 1];
    let mut out = Vec::new();
    for round in 1..=rounds {
        let mut order: Vec<i64> = (1..=n).collect();
        let shuffle: Vec<u32> = (0..=n).map(|_| rng.next_u32()).collect();
        order.sort_by_key(|&p| (std::cmp::Reverse(score[p as usize]), shuffle[p as usize]));
        let mut matches = Vec::new();
        let mut byes = Vec::new();
        if order.len() % 2 == 1 {
            let pos = order.iter().rposition(|&p| !had_bye[p as usize]).unwrap_or(order.len() - 1);
            let p = order.remove(pos);
            had_bye[p as usize] = true;
            score[p as usize] += 2;
            byes.push(PlayerId(p));
        }
        let mut free: Vec<i64> = order;
        while let Some(a) = free.first().copied() {
            free.remove(0);
            let pos = free.iter().position(|&b| !met.contains(&(a.min(b), a.max(b)))).unwrap_or(0);
            let b = free.remove(pos);
            met.insert((a.min(b), a.max(b)));
            let roll = rng.next_u32() % 5;
            let (winner, decided_by) = match roll {
                0 => (None, DecidedBy::Draw),
                1 | 2 => (Some(PlayerId(a)), DecidedBy::BothGames),
                _ => (Some(PlayerId(b)), DecidedBy::RedSidePoints),
            };
            match winner {
                None => {
                    score[a as usize] += 1;
                    score[b as usize] += 1;
                }
                Some(w) => score[w.0 as usize] += 2,
            }
            let mut tally = |g| MatchTally { games_won: g, red_points: rng.next_u32() % 30 };
            matches.push(MatchResult {
                red_first: PlayerId(a),
                other: PlayerId(b),
                winner,
                decided_by,
                red_first_tally: tally(1),
                other_tally: tally(1),
                extra_game_red: None,
            });
        }
        out.push(RoundRecord { round, matches, byes });
    }
    out
}

fn time<T>(f: impl Fn() -> T, runs: u32) -> (Duration, T) {
    let mut best = Duration::MAX;
    let mut last = f();
    for _ in 0..runs {
        let t = Instant::now();
        last = f();
        best = best.min(t.elapsed());
    }
    (best, last)
}

fn pairing_input(n: i64, rounds: u32) -> PairingInput {
    PairingInput {
        round: rounds + 1,
        players: (1..=n)
            .map(|i| PairingPlayer {
                id: PlayerId(i),
                status: PlayerStatus::Active,
                joined_round: 1,
                rank: i as u32,
            })
            .collect(),
        // Round 6 on the same fields as before issue 10 (seed n), so the times compare.
        history: history(n, rounds, n as u64 + u64::from(rounds - 5)),
        forbidden: vec![],
        scoring: Scoring::default(),
    }
}

fn standings_input(n: i64, rounds: u32) -> StandingsInput {
    StandingsInput {
        players: (1..=n)
            .map(|i| StandingPlayer { knowledge_test: Some(0), ..StandingPlayer::new(PlayerId(i), i as u32) })
            .collect(),
        rounds: history(n, rounds, 9),
        scoring: Scoring::default(),
        tiebreaks: Tiebreak::DEFAULT_ORDER.to_vec(),
    }
}

/// Every player paired once, nobody twice: the smoke run's check.
fn check(input: &PairingInput, r: &RoundPairing) {
    let mut seen = std::collections::BTreeSet::new();
    for p in &r.pairings {
        match *p {
            Pairing::Match { red_first, other, .. } => assert!(seen.insert(red_first) && seen.insert(other)),
            Pairing::Bye { player } => assert!(seen.insert(player)),
        }
    }
    assert_eq!(seen.len(), input.players.len(), "every player paired exactly once");
}

/// 1,024 players (one of 200 schools each) drawn into 64 groups by pots with schools apart,
/// then every group's double round robin as matches between players: the work of starting a
/// regional groups stage.
fn groups_stage(seed: u64) -> (bitwa::league::round_robin::seeding::GroupDraw, usize) {
    use bitwa::league::round_robin::berger::{BergerPairing, schedule};
    use bitwa::league::round_robin::seeding::{Affiliation, SeedEntry, draw_groups};
    let entries: Vec<SeedEntry> = (1..=1_024)
        .map(|i| SeedEntry { player: PlayerId(i), affiliation: Some(Affiliation((i * 7919) % 200)) })
        .collect();
    let draw = draw_groups(&entries, 64, Seeding::Pots, true, seed).expect("drawn");
    let mut matches = 0;
    for group in &draw.groups {
        let s = schedule(group.len() as u32, true).expect("scheduled");
        for round in &s.rounds {
            for p in round {
                if let BergerPairing::Match { red_first, other, .. } = *p {
                    let pair = (group[red_first as usize - 1], group[other as usize - 1]);
                    matches += usize::from(pair.0 != pair.1);
                }
            }
        }
    }
    (draw, matches)
}

fn main() {
    if !std::env::args().any(|a| a == "--bench") {
        let input = pairing_input(100, 5);
        let (r, report) = bitwa::league::swiss::pair_round_reported(&input).expect("paired");
        check(&input, &r);
        assert!(!report.wide, "100 players fit in 128-bit weights: {report:?}");
        let rows = compute(&standings_input(100, 9));
        assert_eq!(rows.len(), 100);
        assert!(rows.windows(2).all(|w| w[0].match_points >= w[1].match_points));
        let (draw, matches) = groups_stage(1);
        assert!(draw.groups.iter().all(|g| g.len() == 16) && draw.clashes.is_empty());
        assert_eq!(matches, 64 * 16 * 15, "every pair of every group twice");
        println!("pairing bench smoke run: ok (run `cargo bench --bench pairing` to time it)");
        return;
    }
    for (n, rounds, runs) in [(100i64, 5, 20), (1_000, 5, 5), (1_000, 8, 3), (5_000, 5, 1), (5_000, 8, 1)] {
        let input = pairing_input(n, rounds);
        let (t, r) = time(|| bitwa::league::swiss::pair_round_reported(&input), runs);
        let (r, report) = r.expect("paired");
        check(&input, &r);
        println!(
            "pair_round: {n:>5} players, round {:>2} ({:>2} score groups, {:>2} differences ({:>2} exact), {:>3}-bit weights{}, {:>3} floater pairs): {:>10.3} ms",
            rounds + 1,
            r.explanation.score_groups.len(),
            report.score_differences,
            report.exact_differences,
            report.weight_bits,
            if report.wide { ", 512-bit" } else { "" },
            r.explanation.floaters.len(),
            t.as_secs_f64() * 1e3
        );
    }
    let n = 1_000;
    let input = standings_input(n, 9);
    let (t, rows) = time(|| compute(&input), 20);
    println!(
        "standings:  {n:>5} players after 9 rounds ({} rows): {:>10.3} ms",
        rows.len(),
        t.as_secs_f64() * 1e3
    );
    let (t, (draw, matches)) = time(|| groups_stage(5), 20);
    println!(
        "groups:     1,024 players into {} groups of 16 (pots, schools apart: {} clashes) and {matches} double round-robin matches scheduled: {:>10.3} ms",
        draw.groups.len(),
        draw.clashes.len(),
        t.as_secs_f64() * 1e3
    );
    if let Some(mib) = peak_mib() {
        println!("peak memory (VmHWM): {mib:.1} MiB");
    }
}
