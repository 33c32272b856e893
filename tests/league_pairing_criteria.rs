//! The Swiss criteria order (PRODUCT "Swiss pairing", issue 10): score differences, the largest
//! first, before the fewest floaters; the bye to the lowest-ranked player before top/bottom
//! halves. Hand-built cases, the 10-player simulation from the issue, and a property over many
//! six-round simulations.

use bitwa::league::simulation::{SimulationConfig, simulate};
use bitwa::league::swiss::{ByeReason, FloatReason, pair_round_reported};
use bitwa::league::*;
use std::collections::BTreeMap;

#[path = "support/pairing.rs"]
mod pairing;
use pairing::{met_without_playing, p, players};

/// A decided match won by `winner` (or drawn), without games: the pairing reads only who met
/// whom, the scores and who was Red first.
fn result(red_first: i64, other: i64, winner: Option<i64>) -> MatchResult {
    MatchResult {
        red_first: p(red_first),
        other: p(other),
        winner: winner.map(p),
        decided_by: if winner.is_some() { DecidedBy::BothGames } else { DecidedBy::Draw },
        red_first_tally: MatchTally::default(),
        other_tally: MatchTally::default(),
        extra_game_red: None,
    }
}

fn pairs(r: &RoundPairing) -> Vec<(i64, i64)> {
    let mut v: Vec<(i64, i64)> = r
        .pairings
        .iter()
        .filter_map(|x| match *x {
            Pairing::Match { red_first, other, .. } => {
                Some((red_first.0.min(other.0), red_first.0.max(other.0)))
            }
            Pairing::Bye { .. } => None,
        })
        .collect();
    v.sort_unstable();
    v
}

fn scores_before(input: &PairingInput) -> BTreeMap<PlayerId, HalfPoints> {
    match_points(&input.history, &input.scoring)
}

/// History giving each listed player the results (win `Some(true)`, draw `None`, loss
/// `Some(false)`) against outsiders (ids 1000 and up, not in the field): scores without anyone
/// in the field having met.
fn history_against_outsiders(results: &[(i64, &[Option<bool>])]) -> Vec<RoundRecord> {
    let rounds = results.iter().map(|(_, r)| r.len()).max().unwrap_or(0);
    (0..rounds)
        .map(|k| RoundRecord {
            round: k as u32 + 1,
            matches: results
                .iter()
                .filter_map(|&(pl, rs)| {
                    let outsider = 1000 + 10 * pl + k as i64;
                    rs.get(k).map(|&r| match r {
                        Some(true) => result(pl, outsider, Some(pl)),
                        Some(false) => result(pl, outsider, Some(outsider)),
                        None => result(pl, outsider, None),
                    })
                })
                .collect(),
            byes: vec![],
        })
        .collect()
}

#[test]
fn three_pairs_half_a_point_apart_beat_one_pair_one_and_a_half_points_apart() {
    // After three rounds: 1 has 3 points; 2 and 3 have 2.5; 4 and 5 have 2; 6 has 1.5. Nobody
    // in the field has met. Two candidate pairings:
    //   far:   1-6 (1.5 points apart), 2-3, 4-5: one pair across groups;
    //   chain: 1-2, 3-4, 5-6: three pairs, each half a point apart.
    // The old order (fewest pairs across groups first) chose "far"; the new one compares the
    // largest difference first (half a point against one and a half) and chooses "chain".
    let (w, d, l) = (Some(true), None, Some(false));
    let h = history_against_outsiders(&[
        (1, &[w, w, w]),
        (2, &[w, w, d]),
        (3, &[w, d, w]),
        (4, &[w, w, l]),
        (5, &[l, w, w]),
        (6, &[w, d, l]),
    ]);
    let input = PairingInput {
        round: 4,
        players: players(6),
        history: h,
        forbidden: vec![],
        scoring: Scoring::default(),
    };
    let s = scores_before(&input);
    assert_eq!((1..=6).map(|i| s[&p(i)].0).collect::<Vec<_>>(), vec![6, 5, 5, 4, 4, 3]);
    let r = bitwa::league::pair_round(&input).expect("pairs");
    assert_eq!(pairs(&r), vec![(1, 2), (3, 4), (5, 6)]);
    // Each float is explained with how far it goes and why.
    assert_eq!(r.explanation.floaters.len(), 3);
    for f in &r.explanation.floaters {
        assert_eq!(f.difference(), HalfPoints::HALF);
    }
    let reasons =
        |down: i64| r.explanation.floaters.iter().find(|f| f.down == p(down)).map(|f| f.reasons.clone());
    assert_eq!(reasons(1), Some(vec![FloatReason::OddGroup { group_size: 1 }]));
    // 3's group (2, 3) is even: 3 floats because 1 took 2, which the rest of the field needed.
    assert_eq!(reasons(3), Some(vec![FloatReason::RestOfField]));
    // And the criteria totals say why: "far" has a pair three half-points apart.
    let far = vec![
        Pairing::Match { table: 1, red_first: p(1), other: p(6) },
        Pairing::Match { table: 2, red_first: p(2), other: p(3) },
        Pairing::Match { table: 3, red_first: p(4), other: p(5) },
    ];
    let chain = bitwa::league::swiss::pairing_costs(&input, &r.pairings).expect("allowed");
    let far = bitwa::league::swiss::pairing_costs(&input, &far).expect("allowed");
    // [forbidden, bye score, pairs 1.5 apart, 1 apart, 0.5 apart, bye rank, halves, Red first]
    assert_eq!(&far[..5], &[0, 0, 1, 0, 0]);
    assert_eq!(&chain[..5], &[0, 0, 0, 0, 3]);
    assert!(chain < far);
}

#[test]
fn the_leader_of_the_ten_player_simulation_no_longer_meets_a_zero_point_player_in_round_four() {
    // `bitwa simulate --players 10 --rounds 7 --seed 1` (issue 10): round 4, table 1 paired the
    // 3/3 leader with a 0/3 player under the old order.
    let sim = simulate(&SimulationConfig::new(10, 7, 1)).expect("simulated");
    let r4 = &sim.rounds[3];
    let s = scores_before(&r4.input);
    let leader =
        s.iter().max_by_key(|(id, pts)| (**pts, std::cmp::Reverse(**id))).map(|(id, _)| *id).expect("scores");
    assert_eq!(s[&leader], HalfPoints(6), "the leader has 3 points out of 3");
    let opponent = r4
        .pairing
        .pairings
        .iter()
        .find_map(|x| match *x {
            Pairing::Match { red_first, other, .. } if red_first == leader => Some(other),
            Pairing::Match { red_first, other, .. } if other == leader => Some(red_first),
            _ => None,
        })
        .expect("the leader plays");
    assert!(s[&opponent] >= HalfPoints(4), "leader {leader} meets {opponent} on {}", s[&opponent]);
    for m in &r4.pairing.pairings {
        if let Pairing::Match { red_first, other, .. } = *m {
            let d = (s.get(&red_first).copied().unwrap_or_default()
                - s.get(&other).copied().unwrap_or_default())
            .0
            .abs();
            assert!(d <= 2, "round 4: {red_first}-{other} are {d} half-points apart");
        }
    }
}

/// Whether some pairing of the round keeps every pair less than `limit` half-points apart:
/// every farther pair is made a hard "already met" (a fake double no-show, worth 0 points).
fn pairable_within(input: &PairingInput, limit: i64) -> bool {
    let s = scores_before(input);
    let score = |x: PlayerId| s.get(&x).copied().unwrap_or_default();
    let ids: Vec<PlayerId> = input.players.iter().map(|p| p.id).collect();
    let mut fake = Vec::new();
    for (k, &a) in ids.iter().enumerate() {
        for &b in &ids[k + 1..] {
            if (score(a) - score(b)).0.abs() >= limit {
                fake.push(met_without_playing(a, b));
            }
        }
    }
    let mut hard = input.clone();
    hard.history.insert(0, RoundRecord { round: 0, matches: fake, byes: vec![] });
    bitwa::league::pair_round(&hard).is_ok()
}

/// Seeds 1 to 6 for each of 14 even field sizes from 20 to 200 players (even: no bye, whose
/// score comes before the differences), six rounds each: 84 tournaments, 504 rounds. No pair is
/// more than one point apart, except where rematches leave no other way: then no pairing of that
/// round stays within the smaller difference (checked by pairing it again with every farther
/// pair forbidden). Found: 20 players seed 3 round 6 (a 0-point player who has met everyone
/// within a point) and, since the sides follow C.04's colour preferences (issue 34: other sides,
/// so other simulated results), 20 players seed 4 round 6.
#[test]
fn six_round_simulations_of_20_to_200_players_keep_pairs_within_one_point_unless_forced() {
    let sizes = [20u32, 30, 46, 50, 64, 76, 96, 98, 110, 128, 150, 170, 198, 200];
    let mut rounds = 0;
    let mut forced = Vec::new();
    for &n in &sizes {
        for seed in 1..=6u64 {
            let sim = simulate(&SimulationConfig::new(n, 6, seed)).expect("simulated");
            for r in &sim.rounds {
                let s = scores_before(&r.input);
                let score = |x: PlayerId| s.get(&x).copied().unwrap_or_default();
                let worst = r
                    .pairing
                    .pairings
                    .iter()
                    .filter_map(|m| match *m {
                        Pairing::Match { red_first, other, .. } => {
                            Some((score(red_first) - score(other)).0.abs())
                        }
                        Pairing::Bye { .. } => None,
                    })
                    .max()
                    .unwrap_or(0);
                if worst > 2 {
                    assert!(
                        !pairable_within(&r.input, worst),
                        "{n} players, seed {seed}, round {}: a pair {} apart was not needed",
                        r.input.round,
                        HalfPoints(worst)
                    );
                    forced.push((n, seed, r.input.round));
                }
                rounds += 1;
            }
        }
    }
    assert_eq!(rounds, sizes.len() * 6 * 6);
    assert_eq!(forced, vec![(20, 3, 6), (20, 4, 6)], "rounds that needed a pair more than a point apart");
}

#[test]
fn the_bye_goes_to_the_lowest_ranked_player_of_the_lowest_group_before_the_halves() {
    // Five players after round 1 (1 beat 2, 3 beat 4, 5 had the bye): 0 points: 2 (rank 4) and
    // 4 (rank 5). The bye goes to 4, the lowest-ranked without one, even if the halves of the
    // 1-point group would prefer otherwise.
    let h = vec![RoundRecord {
        round: 1,
        matches: vec![result(1, 2, Some(1)), result(3, 4, Some(3))],
        byes: vec![p(5)],
    }];
    let mut ps = players(5);
    for (id, rank) in [(1, 1), (3, 2), (5, 3), (2, 4), (4, 5)] {
        ps[id - 1].rank = rank;
    }
    let input =
        PairingInput { round: 2, players: ps, history: h, forbidden: vec![], scoring: Scoring::default() };
    let (r, report) = pair_round_reported(&input).expect("pairs");
    let bye = r.pairings.iter().find_map(|x| match *x {
        Pairing::Bye { player } => Some(player),
        Pairing::Match { .. } => None,
    });
    assert_eq!(bye, Some(p(4)));
    assert_eq!(r.explanation.bye.as_ref().map(|b| b.reason), Some(ByeReason::LowestRankedWithoutBye));
    assert!(!report.wide, "five players fit in 128-bit weights");
}

#[test]
fn a_far_pair_the_narrow_weights_cannot_rank_is_solved_with_wide_weights() {
    // 100 players in 25 score groups of four (0 to 24 wins against outsiders): 24 distinct score
    // differences do not all fit in 128-bit weights next to the other criteria, so the large
    // ones are packed as one count. Player 100 (24 wins) has already met everyone but player 1
    // (0 wins): the only pairing puts them together, 24 points apart, beyond the packed levels,
    // so the round is solved again with 512-bit weights.
    let rounds = 24usize;
    let outcomes: Vec<Vec<Option<bool>>> =
        (1..=100i64).map(|i| (0..rounds).map(|k| Some(k < ((i - 1) % 25) as usize)).collect()).collect();
    let results: Vec<(i64, &[Option<bool>])> =
        (1..=100i64).map(|i| (i, outcomes[i as usize - 1].as_slice())).collect();
    let mut h = history_against_outsiders(&results);
    let met: Vec<MatchResult> = (2..100).map(|o| met_without_playing(p(100), p(o))).collect();
    h.push(RoundRecord { round: rounds as u32 + 1, matches: met, byes: vec![] });
    let input = PairingInput {
        round: rounds as u32 + 2,
        players: players(100),
        history: h,
        forbidden: vec![],
        scoring: Scoring::default(),
    };
    let (r, report) = pair_round_reported(&input).expect("pairs");
    assert!(report.wide, "{report:?}");
    assert_eq!(report.score_differences, 24);
    assert!(report.weight_bits > 127, "{report:?}");
    assert!(pairs(&r).contains(&(1, 100)));
    // Everyone else stays inside their score group (four players each, 100 and 1 taken out:
    // groups of three float one player each, half the differences of the 1-100 pair at most).
    let s = scores_before(&input);
    for &(a, b) in pairs(&r).iter().filter(|&&x| x != (1, 100)) {
        assert!((s[&p(a)] - s[&p(b)]).0.abs() <= 2, "{a}-{b}");
    }
}
