//! Group standings against a recomputation written here independently of `league::standings`
//! and `league::c07` (match points, direct encounter with its repeated separation, Sonneborn-
//! Berger, games won, Red-side points, knowledge test), a group worked by hand, the lot that
//! decides only what nothing else did, and the withdrawal rule.

use bitwa::league::round_robin::berger::{BergerPairing, schedule};
use bitwa::league::round_robin::standings::*;
use bitwa::league::*;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{RngCore, SeedableRng};
use std::collections::BTreeMap;

fn id(n: u32) -> PlayerId {
    PlayerId(100 + i64::from(n))
}

/// A match result: games won and Red-side points of each side; the winner follows the rules.
fn result(a: u32, b: u32, games: (u32, u32), red: (u32, u32)) -> MatchResult {
    let (winner, decided_by) = match games {
        (2, 0) => (Some(id(a)), DecidedBy::BothGames),
        (0, 2) => (Some(id(b)), DecidedBy::BothGames),
        _ if red.0 > red.1 => (Some(id(a)), DecidedBy::RedSidePoints),
        _ if red.1 > red.0 => (Some(id(b)), DecidedBy::RedSidePoints),
        _ => (None, DecidedBy::Draw),
    };
    MatchResult {
        red_first: id(a),
        other: id(b),
        winner,
        decided_by,
        red_first_tally: MatchTally { games_won: games.0, red_points: red.0 },
        other_tally: MatchTally { games_won: games.1, red_points: red.1 },
        extra_game_red: None,
    }
}

fn players(n: u32) -> Vec<GroupPlayer> {
    (1..=n).map(|k| GroupPlayer { id: id(k), number: k, knowledge_test: None, withdrawn: false }).collect()
}

fn input(players: Vec<GroupPlayer>, rounds: Vec<RoundRecord>, per_player: u32) -> GroupStandingsInput {
    GroupStandingsInput {
        players,
        rounds,
        scoring: Scoring::default(),
        tiebreaks: DEFAULT_TIEBREAKS.to_vec(),
        withdrawal: WithdrawalRule::ResultsStand,
        matches_per_player: per_player,
        deciding: vec![2],
        lot_seed: None,
    }
}

fn order(s: &GroupStandings) -> Vec<u32> {
    s.rows.iter().map(|r| r.number).collect()
}

/// Four players, the 3/4 Berger table: 1-4 2-3 | 4-3 1-2 | 2-4 3-1.
/// 1 beats 4 2:0, 2 beats 3 on Red-side points (9:5); 4 beats 3 2:0, 1-2 level (1:1, 7:7, a
/// draw); 2 beats 4 2:0, 3 beats 1 2:0. Match points: 2 has 2.5, 1 has 1.5, 3 and 4 have 1;
/// 4 beat 3, so direct encounter puts 4 third. Sonneborn-Berger (quarter-points): 2 scored a
/// win against 3 (1 point: 2 x 2 = 4), a draw against 1 (1.5 points: 3 x 1 = 3), a win against
/// 4 (1 point: 4): 11, that is 2.75; 1: 4 (vs 4) + 5 x 1 (vs 2) + 0 = 9, 2.25.
#[test]
fn a_group_worked_by_hand() {
    let rounds = vec![
        RoundRecord {
            round: 1,
            matches: vec![result(1, 4, (2, 0), (21, 0)), result(2, 3, (1, 1), (9, 5))],
            byes: vec![],
        },
        RoundRecord {
            round: 2,
            matches: vec![result(4, 3, (2, 0), (10, 0)), result(1, 2, (1, 1), (7, 7))],
            byes: vec![],
        },
        RoundRecord {
            round: 3,
            matches: vec![result(2, 4, (2, 0), (21, 0)), result(3, 1, (2, 0), (12, 0))],
            byes: vec![],
        },
    ];
    let s = compute(&input(players(4), rounds, 3));
    assert_eq!(order(&s), vec![2, 1, 4, 3]);
    let points: Vec<String> = s.rows.iter().map(|r| r.match_points.to_string()).collect();
    assert_eq!(points, ["2.5", "1.5", "1", "1"]);
    let value = |number: u32, t: Tiebreak| {
        let row = s.rows.iter().find(|r| r.number == number).expect("row");
        row.tiebreaks.iter().find(|v| v.tiebreak == t).expect("value").to_decimal_string()
    };
    assert_eq!(value(2, Tiebreak::SonnebornBerger), "2.75");
    assert_eq!(value(1, Tiebreak::SonnebornBerger), "2.25");
    assert_eq!(value(4, Tiebreak::DirectEncounter), "1");
    assert_eq!(value(3, Tiebreak::DirectEncounter), "0");
    assert_eq!(value(2, Tiebreak::GamesWon), "4", "1 against 3, 1 against 1, 2 against 4");
    assert_eq!(value(2, Tiebreak::RedSidePoints), "37", "9 against 3, 7 against 1, 21 against 4");
    assert!(s.rows.iter().all(|r| r.tie == Tie::None && r.matches == 3));
}

/// The recomputation: every value from the match results alone.
fn expected(players: &[GroupPlayer], rounds: &[RoundRecord]) -> Vec<(u32, [i64; 6])> {
    let results: Vec<&MatchResult> = rounds.iter().flat_map(|r| &r.matches).collect();
    let points = |m: &MatchResult, p: PlayerId| match m.winner {
        Some(w) if w == p => 2,
        Some(_) => 0,
        None => 1,
    };
    let mut mp: BTreeMap<PlayerId, i64> = players.iter().map(|p| (p.id, 0)).collect();
    for m in &results {
        for p in [m.red_first, m.other] {
            *mp.entry(p).or_default() += points(m, p);
        }
    }
    // Direct encounter: points scored against the other tied players; separate, then again
    // inside every class still tied, until nothing changes.
    fn classes(
        tied: &[PlayerId],
        results: &[&MatchResult],
        points: &dyn Fn(&MatchResult, PlayerId) -> i64,
    ) -> Vec<Vec<PlayerId>> {
        let mini = |p: PlayerId| -> i64 {
            results
                .iter()
                .filter(|m| {
                    let o = if m.red_first == p { m.other } else { m.red_first };
                    (m.red_first == p || m.other == p) && tied.contains(&o)
                })
                .map(|m| points(m, p))
                .sum()
        };
        let mut by: BTreeMap<std::cmp::Reverse<i64>, Vec<PlayerId>> = BTreeMap::new();
        for &p in tied {
            by.entry(std::cmp::Reverse(mini(p))).or_default().push(p);
        }
        if by.len() == 1 {
            return vec![tied.to_vec()];
        }
        by.into_values()
            .flat_map(|c| if c.len() > 1 { classes(&c, results, points) } else { vec![c] })
            .collect()
    }
    let mut de: BTreeMap<PlayerId, i64> = BTreeMap::new();
    let mut by_mp: BTreeMap<i64, Vec<PlayerId>> = BTreeMap::new();
    for (&p, &v) in &mp {
        by_mp.entry(v).or_default().push(p);
    }
    for tied in by_mp.values() {
        let cs = classes(tied, &results, &points);
        let mut below = tied.len() as i64;
        for c in cs {
            below -= c.len() as i64;
            for p in c {
                de.insert(p, below);
            }
        }
    }
    let mut rows: Vec<(u32, [i64; 6])> = players
        .iter()
        .map(|p| {
            let mine = results.iter().filter(|m| m.red_first == p.id || m.other == p.id);
            let (mut sb, mut gw, mut rsp) = (0, 0, 0);
            for m in mine {
                let (opp, tally) = if m.red_first == p.id {
                    (m.other, m.red_first_tally)
                } else {
                    (m.red_first, m.other_tally)
                };
                sb += mp[&opp] * points(m, p.id);
                gw += i64::from(tally.games_won);
                rsp += i64::from(tally.red_points);
            }
            (p.number, [mp[&p.id], de[&p.id], sb, gw, rsp, i64::from(p.knowledge_test.unwrap_or(0))])
        })
        .collect();
    rows.sort_by_key(|&(number, v)| (v.map(std::cmp::Reverse), number));
    rows
}

fn random_group(rng: &mut ChaCha8Rng, n: u32, double: bool) -> (Vec<GroupPlayer>, Vec<RoundRecord>) {
    let s = schedule(n, double).expect("schedule");
    let mut ps = players(n);
    for p in &mut ps {
        p.knowledge_test = (!rng.next_u32().is_multiple_of(3)).then_some(rng.next_u32() % 3);
    }
    let rounds = s
        .rounds
        .iter()
        .enumerate()
        .map(|(r, pairings)| {
            let mut rec = RoundRecord { round: r as u32 + 1, matches: vec![], byes: vec![] };
            for p in pairings {
                match *p {
                    BergerPairing::Match { red_first, other, .. } => {
                        let games = [(2, 0), (0, 2), (1, 1)][(rng.next_u32() % 3) as usize];
                        // Few Red-side point values, so ties reach the later tiebreaks.
                        let red = (rng.next_u32() % 3, rng.next_u32() % 3);
                        rec.matches.push(result(red_first, other, games, red));
                    }
                    BergerPairing::Bye { number } => rec.byes.push(id(number)),
                }
            }
            rec
        })
        .collect();
    (ps, rounds)
}

#[test]
fn random_groups_rank_as_the_independent_recomputation() {
    let mut rng = ChaCha8Rng::seed_from_u64(1919);
    let mut separated_by_later_tiebreaks = 0;
    for case in 0..300 {
        let n = 3 + rng.next_u32() % 8;
        let double = rng.next_u32() % 2 == 0;
        let (ps, rounds) = random_group(&mut rng, n, double);
        let mut inp = input(ps.clone(), rounds.clone(), (n - 1) * if double { 2 } else { 1 });
        inp.deciding = vec![];
        let s = compute(&inp);
        let want = expected(&ps, &rounds);
        let got: Vec<(u32, [i64; 6])> = s
            .rows
            .iter()
            .map(|r| {
                let v: Vec<i64> = r.tiebreaks.iter().map(|t| t.value).collect();
                (r.number, [r.match_points.0, v[0], v[1], v[2], v[3], v[4]])
            })
            .collect();
        assert_eq!(got, want, "case {case}: {n} players, double {double}");
        separated_by_later_tiebreaks += want.windows(2).filter(|w| w[0].1[..2] == w[1].1[..2]).count();
        assert!(!s.needs_lot(), "nothing decides a place: no lot");
    }
    assert!(separated_by_later_tiebreaks > 100, "the cases reach the later tiebreaks");
}

/// Three players beat each other in a circle, each 2:0 with 21 Red-side points: nothing
/// separates them.
fn circle() -> GroupStandingsInput {
    let rounds = vec![
        RoundRecord { round: 1, matches: vec![result(2, 3, (2, 0), (21, 0))], byes: vec![id(1)] },
        RoundRecord { round: 2, matches: vec![result(3, 1, (2, 0), (21, 0))], byes: vec![id(2)] },
        RoundRecord { round: 3, matches: vec![result(1, 2, (2, 0), (21, 0))], byes: vec![id(3)] },
    ];
    input(players(3), rounds, 2)
}

#[test]
fn a_lot_decides_only_a_tie_that_everything_else_left_at_a_qualifying_place() {
    let pending = compute(&circle());
    assert!(pending.needs_lot());
    assert!(pending.rows.iter().all(|r| r.tie == Tie::NeedsLot));
    assert_eq!(order(&pending), vec![1, 2, 3], "listed by number until the lot");
    let mut orders = std::collections::BTreeSet::new();
    for seed in 0..40 {
        let drawn = compute(&GroupStandingsInput { lot_seed: Some(seed), ..circle() });
        assert!(!drawn.needs_lot());
        assert!(drawn.rows.iter().all(|r| matches!(r.tie, Tie::Lot { .. })));
        assert_eq!(drawn, compute(&GroupStandingsInput { lot_seed: Some(seed), ..circle() }), "repeatable");
        orders.insert(order(&drawn));
    }
    assert!(orders.len() > 1, "the lot depends on its seed");
    // A tie that decides no qualifying place is shared, with or without a lot.
    let shared = compute(&GroupStandingsInput { deciding: vec![3], lot_seed: Some(5), ..circle() });
    assert!(shared.rows.iter().all(|r| r.tie == Tie::Shared));
    assert_eq!(order(&shared), vec![1, 2, 3]);
    // Separated players never go to a lot: the hand-worked group has none.
}

/// Four players; 4 withdraws after playing one match (round 1, lost to 1), so rounds 2 and 3
/// are forfeits won by 3 and 2.
fn withdrawal(rule: WithdrawalRule, played_by_four: usize) -> GroupStandings {
    let forfeit = |a: u32, b: u32| MatchResult {
        winner: Some(id(if a == 4 { b } else { a })),
        decided_by: DecidedBy::Withdrawal,
        ..result(a, b, (0, 0), (0, 0))
    };
    let mut rounds = vec![
        RoundRecord {
            round: 1,
            matches: vec![result(1, 4, (2, 0), (21, 0)), result(2, 3, (2, 0), (21, 0))],
            byes: vec![],
        },
        RoundRecord { round: 2, matches: vec![forfeit(4, 3), result(1, 2, (0, 2), (0, 21))], byes: vec![] },
        RoundRecord { round: 3, matches: vec![forfeit(2, 4), result(3, 1, (2, 0), (21, 0))], byes: vec![] },
    ];
    if played_by_four == 2 {
        rounds[1].matches[0] = result(4, 3, (2, 0), (21, 0));
    }
    let mut ps = players(4);
    ps[3].withdrawn = true;
    compute(&GroupStandingsInput { withdrawal: rule, ..input(ps, rounds, 3) })
}

#[test]
fn a_withdrawn_players_results_stand_or_are_annulled_under_half_as_the_organiser_chose() {
    let stand = withdrawal(WithdrawalRule::ResultsStand, 1);
    assert!(stand.annulled.is_empty());
    assert_eq!(stand.rows.len(), 4);
    let points: BTreeMap<u32, String> =
        stand.rows.iter().map(|r| (r.number, r.match_points.to_string())).collect();
    assert_eq!(points[&1], "1", "1 keeps the win against 4");
    assert_eq!(points[&2], "3", "2 keeps the forfeit win");
    assert_eq!(points[&4], "0");
    let annul = withdrawal(WithdrawalRule::AnnulUnderHalf, 1);
    assert_eq!(annul.annulled, vec![id(4)]);
    assert_eq!(annul.rows.len(), 3);
    let points: BTreeMap<u32, String> =
        annul.rows.iter().map(|r| (r.number, r.match_points.to_string())).collect();
    assert_eq!(points[&1], "0", "1's win against 4 is struck out (1 lost to 2 and 3)");
    assert_eq!(points[&2], "2", "and 2's forfeit win");
    assert!(annul.rows.iter().all(|r| r.matches == 2));
    // Two of three matches played is not fewer than half: the results stand.
    assert!(withdrawal(WithdrawalRule::AnnulUnderHalf, 2).annulled.is_empty());
}

#[path = "support/groups.rs"]
#[allow(dead_code)]
mod groups;

/// Each group's players by number in ranking order, and their Sonneborn-Berger values.
fn ranked_sb(s: &GroupStandings) -> Vec<(u32, String)> {
    s.rows
        .iter()
        .map(|r| {
            let sb = r.tiebreaks.iter().find(|v| v.tiebreak == Tiebreak::SonnebornBerger).expect("SB");
            (r.number, sb.to_decimal_string())
        })
        .collect()
}

/// Groups of 5, 4, 4, 4 (issue 34; `support/groups.rs` lists who beat whom). Sonneborn-Berger
/// counts only the games of each player's own group (C.07: "for each round, a value given by
/// multiplying the final score of the opponents by the points scored against them"): the
/// groups of 4 play three rounds of the tournament's five, and their rounds 4 and 5 are no
/// absences valued as draws; the group of 5's byes are no games. By hand, a win 1:
/// - A: A1 beat A2 (2), A3 (1), A4 (2): 5; A4 beat A2 (2), A5 (2): 4; A2 beat A3 (1), A5 (2): 3;
///   A5 beat A1 (3), A3 (1): 4; A3 beat A4 (2): 2.
/// - B: B1 beat B2 (1.5), B4 (1): 2.5; B3 beat B1 (2), drew B2 (1.5 / 2): 2.75; B2 drew B3
///   (0.75), beat B4 (1): 1.75; B4 beat B3 (1.5): 1.5.
/// - C: C1 beat C2 (2), C3 (1), C4 (0): 3; C2 beat C3 (1), C4 (0): 1; C3 beat C4 (0): 0; C4 0.
/// - D: D2 beat D1 (2), D4 (1): 3; D1 beat D3 (1), D4 (1): 2; D4 beat D3 (1): 1; D3 beat D2 (2): 2.
///
/// Before issue 34 the groups of 4 counted their rounds 4 and 5 as absences, each valued as a
/// draw in every opponent's score: B3's 2.75 read 4.25.
#[test]
fn sonneborn_berger_in_groups_of_five_and_four_counts_each_group_s_own_games_only() {
    let s = groups::five_four_four_four();
    let sb = |list: &[(u32, &str)]| -> Vec<(u32, String)> {
        list.iter().map(|(n, v)| (*n, (*v).to_string())).collect()
    };
    assert_eq!(ranked_sb(&s[0]), sb(&[(1, "5"), (4, "4"), (2, "3"), (5, "4"), (3, "2")]));
    assert_eq!(ranked_sb(&s[1]), sb(&[(1, "2.5"), (3, "2.75"), (2, "1.75"), (4, "1.5")]));
    assert_eq!(ranked_sb(&s[2]), sb(&[(1, "3"), (2, "1"), (3, "0"), (4, "0")]));
    assert_eq!(ranked_sb(&s[3]), sb(&[(2, "3"), (1, "2"), (4, "1"), (3, "2")]));
    let matches: Vec<Vec<u32>> = s.iter().map(|g| g.rows.iter().map(|r| r.matches).collect()).collect();
    assert_eq!(matches, [vec![4; 5], vec![3; 4], vec![3; 4], vec![3; 4]]);
    assert!(s.iter().flat_map(|g| &g.rows).all(|r| r.tie == Tie::None), "every place separated");
    // The same group over its own three rounds only: the same values.
    let own = compute(&groups::input(
        1,
        4,
        &[(1, 2, Some(1)), (1, 3, Some(3)), (1, 4, Some(1)), (2, 3, None), (2, 4, Some(2)), (3, 4, Some(4))],
        3,
        &DEFAULT_TIEBREAKS,
        &[1, 2],
    ));
    assert_eq!(own, s[1]);
}

/// Groups of 4 and 3 with Buchholz and Sonneborn-Berger: the group of 3 has a bye in every
/// round, which is no game and scores nothing (C.05 Annex 1: "If there is an odd number of
/// players (or teams), the highest number counts as a bye."), so neither counts it: no dummy
/// opponent (C.07's Art. 16.4 is for a Swiss's unplayed rounds). By hand, a win 1:
/// - A (4): A2 beat A1, A4: 2; A1 beat A3, A4: 2; A4 beat A3: 1; A3 beat A2: 1. Buchholz: A1's
///   opponents 2 + 1 + 1 = 4, A2's 2 + 1 + 1 = 4, A3's 2 + 2 + 1 = 5, A4's 5.
/// - B (3): B1 beat B2, drew B3: 1.5; B2 beat B3: 1; B3 0.5. SB: B1 1 × 1 + 1/2 × 0.5 = 1.25,
///   B2 0.5, B3 1/2 × 1.5 = 0.75. Buchholz: B1 1 + 0.5 = 1.5, B2 2, B3 2.5 (before issue 34
///   each also counted their bye as a dummy with their own score: 3, 3, 3).
#[test]
fn a_bye_of_a_group_of_three_is_no_game_for_any_tiebreak() {
    let tiebreaks = [Tiebreak::DirectEncounter, Tiebreak::SonnebornBerger, Tiebreak::Buchholz];
    let a = compute(&groups::input(
        0,
        4,
        &[
            (1, 2, Some(2)),
            (1, 3, Some(1)),
            (1, 4, Some(1)),
            (2, 3, Some(3)),
            (2, 4, Some(2)),
            (3, 4, Some(4)),
        ],
        3,
        &tiebreaks,
        &[1, 2],
    ));
    let b = compute(&groups::input(
        1,
        3,
        &[(1, 2, Some(1)), (1, 3, None), (2, 3, Some(2))],
        3,
        &tiebreaks,
        &[1, 2],
    ));
    let values = |s: &GroupStandings| -> Vec<(u32, String, String, String)> {
        s.rows
            .iter()
            .map(|r| {
                let v = |t: Tiebreak| {
                    r.tiebreaks.iter().find(|v| v.tiebreak == t).expect("value").to_decimal_string()
                };
                (r.number, r.match_points.to_string(), v(Tiebreak::SonnebornBerger), v(Tiebreak::Buchholz))
            })
            .collect()
    };
    let row = |n: u32, mp: &str, sb: &str, bh: &str| (n, mp.to_string(), sb.to_string(), bh.to_string());
    assert_eq!(
        values(&a),
        [row(2, "2", "3", "4"), row(1, "2", "2", "4"), row(4, "1", "1", "5"), row(3, "1", "2", "5")]
    );
    assert_eq!(
        values(&b),
        [row(1, "1.5", "1.25", "1.5"), row(2, "1", "0.5", "2"), row(3, "0.5", "0.75", "2.5")]
    );
    assert!(b.rows.iter().all(|r| r.matches == 2), "two matches each; the bye is none");
    // Across the groups the runners-up compare per match: A's 2 of 3 (0.667) before B's 1 of 2.
    assert_eq!(across_groups(&a.rows[1], &b.rows[1]), std::cmp::Ordering::Greater);
}
