//! Pairing one Swiss round mid-tournament (scores spread) for 100, 1,000 and 5,000 players, and
//! standings for 1,000 players after 9 rounds. Prints wall-clock times; run with
//! `cargo bench --bench pairing`.

use bitwa::league::standings::compute;
use bitwa::league::*;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{RngCore, SeedableRng};
use std::time::{Duration, Instant};

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

fn main() {
    for (n, runs) in [(100i64, 20), (1_000, 3), (5_000, 1)] {
        let rounds = 5;
        let input = PairingInput {
            round: rounds + 1,
            players: (1..=n)
                .map(|i| PairingPlayer {
                    id: PlayerId(i),
                    status: PlayerStatus::Active,
                    joined_round: 1,
                    rank: i as u32,
                })
                .collect(),
            history: history(n, rounds, n as u64),
            forbidden: vec![],
            scoring: Scoring::default(),
        };
        let (t, r) = time(|| pair_round(&input), runs);
        let r = r.expect("paired");
        println!(
            "pair_round: {n:>5} players, round {} ({} score groups, {} floater pairs): {:>10.3} ms",
            rounds + 1,
            r.explanation.score_groups.len(),
            r.explanation.floaters.len(),
            t.as_secs_f64() * 1e3
        );
    }
    let n = 1_000;
    let input = StandingsInput {
        players: (1..=n)
            .map(|i| StandingPlayer { knowledge_test: Some(0), ..StandingPlayer::new(PlayerId(i), i as u32) })
            .collect(),
        rounds: history(n, 9, 9),
        scoring: Scoring::default(),
        tiebreaks: Tiebreak::DEFAULT_ORDER.to_vec(),
    };
    let (t, rows) = time(|| compute(&input), 20);
    println!(
        "standings:  {n:>5} players after 9 rounds ({} rows): {:>10.3} ms",
        rows.len(),
        t.as_secs_f64() * 1e3
    );
}
