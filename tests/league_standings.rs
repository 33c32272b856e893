//! Hand-worked standings: every tiebreak computed on paper (the arithmetic is in the comments),
//! byes and a forfeit handled as FIDE C.07 Art. 16 says.

use bitwa::league::standings::compute;
use bitwa::league::*;
use bitwa::outcome::{GameOutcome, Side, Termination};

fn p(n: i64) -> PlayerId {
    PlayerId(n)
}

fn g(red: i64, polish: i64, winner: Side, red_points: u32) -> PlayedGame {
    let termination = match winner {
        Side::Red => Termination::RadzyminCheck,
        Side::Polish => Termination::ThreeRedEliminated,
    };
    PlayedGame { red: p(red), polish: p(polish), outcome: GameOutcome { winner, termination, red_points } }
}

/// A match with `a` Red first; `w1`/`w2` the winning sides of games 1 and 2.
fn played(a: i64, b: i64, w1: Side, pts1: u32, w2: Side, pts2: u32) -> MatchResult {
    let input = MatchInput {
        red_first: p(a),
        other: p(b),
        phase: Phase::Swiss,
        play: MatchPlay::Played { game1: g(a, b, w1, pts1), game2: g(b, a, w2, pts2) },
        knowledge_test: None,
        extra_game: None,
    };
    match outcome_of_match(&input) {
        Ok(MatchDecision::Decided(r)) => r,
        other => panic!("{other:?}"),
    }
}

fn no_show(a: i64, b: i64, absent: i64) -> MatchResult {
    let input = MatchInput {
        red_first: p(a),
        other: p(b),
        phase: Phase::Swiss,
        play: MatchPlay::NoShow { absent: Absence::One(p(absent)) },
        knowledge_test: None,
        extra_game: None,
    };
    match outcome_of_match(&input) {
        Ok(MatchDecision::Decided(r)) => r,
        other => panic!("{other:?}"),
    }
}

/// Five players, three rounds, default scoring (win 1, draw ½, loss 0, bye 1):
/// - R1: 1 beats 2 (2:0; Red points 21 and 8), 3 draws 4 (1:1, 10 and 10), bye 5.
/// - R2: 3 beats 1 by forfeit (1 absent), 5 beats 2 (1:1, Red points 15 > 12), bye 4.
/// - R3: 1 beats 4 (2:0; Red points 21 for 1, 6 for 4), 5 draws 3 (1:1, 13 and 13), bye 2.
fn five_players() -> StandingsInput {
    use Side::{Polish, Red};
    let rounds = vec![
        RoundRecord {
            round: 1,
            matches: vec![played(1, 2, Red, 21, Polish, 8), played(3, 4, Red, 10, Red, 10)],
            byes: vec![p(5)],
        },
        RoundRecord {
            round: 2,
            matches: vec![no_show(3, 1, 1), played(5, 2, Red, 15, Red, 12)],
            byes: vec![p(4)],
        },
        RoundRecord {
            round: 3,
            matches: vec![played(4, 1, Polish, 6, Red, 21), played(5, 3, Red, 13, Red, 13)],
            byes: vec![p(2)],
        },
    ];
    let knowledge = |n| match n {
        1 => Some(30),
        3 => Some(28),
        _ => None,
    };
    StandingsInput {
        players: (1..=5)
            .map(|n| StandingPlayer { id: p(n), seed: n as u32, knowledge_test: knowledge(n) })
            .collect(),
        rounds,
        scoring: Scoring::default(),
        tiebreaks: Tiebreak::DEFAULT_ORDER.to_vec(),
    }
}

fn value(row: &StandingRow, t: Tiebreak) -> i64 {
    row.tiebreaks.iter().find(|v| v.tiebreak == t).map(|v| v.value).expect("tiebreak present")
}

fn row(rows: &[StandingRow], id: i64) -> &StandingRow {
    rows.iter().find(|r| r.player == p(id)).expect("player present")
}

#[test]
fn match_points_and_order_follow_direct_encounter_first() {
    let rows = compute(&five_players());
    // Scores in half-points: 1: 2+0+2 = 4; 2: 0+0+2 = 2; 3: 1+2+1 = 4; 4: 1+2+0 = 3; 5: 2+2+1 = 5.
    let order: Vec<(i64, i64)> = rows.iter().map(|r| (r.player.0, r.match_points.0)).collect();
    // 1 and 3 are tied on 2 points; they met (3 won by forfeit): direct encounter 1 for 3, 0 for 1.
    assert_eq!(order, vec![(5, 5), (3, 4), (1, 4), (4, 3), (2, 2)]);
    assert_eq!(rows.iter().map(|r| r.rank).collect::<Vec<_>>(), vec![1, 2, 3, 4, 5]);
    assert_eq!(value(row(&rows, 3), Tiebreak::DirectEncounter), 2);
    assert_eq!(value(row(&rows, 1), Tiebreak::DirectEncounter), 0);
    // Alone on their score: no direct encounter.
    assert_eq!(value(row(&rows, 5), Tiebreak::DirectEncounter), 0);
}

/// Adjusted scores (C.07 Art. 16.3, unplayed rounds as draws = 1 half-point):
/// 1: 2 + 1 (forfeit) + 2 = 5; 2: 0 + 0 + 1 (bye) = 1; 3: 1 + 1 (forfeit) + 1 = 3;
/// 4: 1 + 1 (bye) + 0 = 2; 5: 1 (bye) + 2 + 1 = 4.
/// Own unplayed rounds count the player's own score (Art. 16.4).
#[test]
fn buchholz_uses_adjusted_opponent_scores_and_a_dummy_for_unplayed_rounds() {
    let rows = compute(&five_players());
    // 1: opp 2 (1) + forfeit (own 4) + opp 4 (2) = 7 half-points.
    assert_eq!(value(row(&rows, 1), Tiebreak::Buchholz), 7);
    // 2: opp 1 (5) + opp 5 (4) + bye (own 2) = 11.
    assert_eq!(value(row(&rows, 2), Tiebreak::Buchholz), 11);
    // 3: opp 4 (2) + forfeit (own 4) + opp 5 (4) = 10.
    assert_eq!(value(row(&rows, 3), Tiebreak::Buchholz), 10);
    // 4: opp 3 (3) + bye (own 3) + opp 1 (5) = 11.
    assert_eq!(value(row(&rows, 4), Tiebreak::Buchholz), 11);
    // 5: bye (own 5) + opp 2 (1) + opp 3 (3) = 9.
    assert_eq!(value(row(&rows, 5), Tiebreak::Buchholz), 9);
}

#[test]
fn buchholz_cut_one_cuts_the_unplayed_round_first() {
    let rows = compute(&five_players());
    // Each player has one unplayed round, cut first even when it is not the lowest value.
    assert_eq!(value(row(&rows, 1), Tiebreak::BuchholzCut1), 7 - 4);
    assert_eq!(value(row(&rows, 2), Tiebreak::BuchholzCut1), 11 - 2);
    assert_eq!(value(row(&rows, 3), Tiebreak::BuchholzCut1), 10 - 4);
    assert_eq!(value(row(&rows, 4), Tiebreak::BuchholzCut1), 11 - 3);
    assert_eq!(value(row(&rows, 5), Tiebreak::BuchholzCut1), 9 - 5);
}

#[test]
fn buchholz_cut_one_without_unplayed_rounds_cuts_the_lowest_opponent() {
    use Side::{Polish, Red};
    // Four players, two rounds, all played. R1: 1 beats 2, 3 beats 4. R2: 1 beats 3, 2 draws 4.
    let rounds = vec![
        RoundRecord {
            round: 1,
            matches: vec![played(1, 2, Red, 21, Polish, 4), played(3, 4, Red, 21, Polish, 4)],
            byes: vec![],
        },
        RoundRecord {
            round: 2,
            matches: vec![played(1, 3, Red, 21, Polish, 4), played(2, 4, Red, 9, Red, 9)],
            byes: vec![],
        },
    ];
    let input = StandingsInput {
        players: (1..=4).map(|n| StandingPlayer { id: p(n), seed: n as u32, knowledge_test: None }).collect(),
        rounds,
        scoring: Scoring::default(),
        tiebreaks: vec![Tiebreak::BuchholzCut1, Tiebreak::Buchholz, Tiebreak::SonnebornBerger],
    };
    let rows = compute(&input);
    // Scores (half-points): 1: 4, 2: 1, 3: 2, 4: 1.
    // 1: opponents 2 (1) and 3 (2): Buchholz 3, cut-1 drops the 1: 2. SB: 1×2 + 2×2 = 6 quarters.
    assert_eq!(row(&rows, 1).tiebreaks.iter().map(|v| v.value).collect::<Vec<_>>(), vec![2, 3, 6]);
    // 2 and 4 both on ½: opponents of 2: 1 (4), 4 (1): BH 5, cut 4; opponents of 4: 3 (2), 2 (1): BH 3, cut 2.
    // SB of 2: 4×0 + 1×1 = 1; of 4: 2×0 + 1×1 = 1.
    assert_eq!(row(&rows, 2).tiebreaks.iter().map(|v| v.value).collect::<Vec<_>>(), vec![4, 5, 1]);
    assert_eq!(row(&rows, 4).tiebreaks.iter().map(|v| v.value).collect::<Vec<_>>(), vec![2, 3, 1]);
    let order: Vec<i64> = rows.iter().map(|r| r.player.0).collect();
    assert_eq!(order, vec![1, 3, 2, 4]);
}

/// SB in quarter-points: each opponent's (adjusted) score times the half-points scored against
/// them; an unplayed round uses the player's own score (dummy opponent).
#[test]
fn sonneborn_berger_by_hand() {
    let rows = compute(&five_players());
    // 1: 1×2 (beat 2) + 4×0 (forfeit lost) + 2×2 (beat 4) = 6.
    assert_eq!(value(row(&rows, 1), Tiebreak::SonnebornBerger), 6);
    // 2: 5×0 + 4×0 + own 2 × bye 2 = 4.
    assert_eq!(value(row(&rows, 2), Tiebreak::SonnebornBerger), 4);
    // 3: 2×1 (draw 4) + own 4 × 2 (forfeit won) + 4×1 (draw 5) = 14.
    assert_eq!(value(row(&rows, 3), Tiebreak::SonnebornBerger), 14);
    // 4: 3×1 + own 3 × bye 2 + 5×0 = 9, shown as 2.25.
    assert_eq!(value(row(&rows, 4), Tiebreak::SonnebornBerger), 9);
    let v = row(&rows, 4).tiebreaks.iter().find(|v| v.tiebreak == Tiebreak::SonnebornBerger).copied();
    assert_eq!(v.map(|v| v.to_decimal_string()).as_deref(), Some("2.25"));
    // 5: own 5 × bye 2 + 1×2 + 3×1 = 15.
    assert_eq!(value(row(&rows, 5), Tiebreak::SonnebornBerger), 15);
}

#[test]
fn games_won_red_side_points_and_knowledge_test_by_hand() {
    let rows = compute(&five_players());
    let t = |id| {
        let r = row(&rows, id);
        (value(r, Tiebreak::GamesWon), value(r, Tiebreak::RedSidePoints), value(r, Tiebreak::KnowledgeTest))
    };
    // 1: 2 + 0 (forfeit) + 2 games; Red points 21 (R1) + 21 (R3); test 30.
    assert_eq!(t(1), (4, 42, 30));
    // 2: 0 + 1 game (R2, game 2); Red points 8 + 12.
    assert_eq!(t(2), (1, 20, 0));
    // 3: 1 + 0 + 1; Red points 10 + 13; test 28.
    assert_eq!(t(3), (2, 23, 28));
    // 4: 1 + 0; Red points 10 + 6.
    assert_eq!(t(4), (1, 16, 0));
    // 5: 1 + 1; Red points 15 + 13.
    assert_eq!(t(5), (2, 28, 0));
}

#[test]
fn direct_encounter_only_counts_players_still_tied_when_it_applies() {
    let mut input = five_players();
    // Put Buchholz first: 2 and 4 tie on it (11) but are on different scores anyway; then make
    // 1 and 3 tied on points and on a first tiebreak they share, with DE second.
    input.tiebreaks = vec![Tiebreak::GamesWon, Tiebreak::DirectEncounter];
    let rows = compute(&input);
    // 1 (4 games) and 3 (2 games) are no longer tied when DE applies: DE 0 for both.
    assert_eq!(value(row(&rows, 1), Tiebreak::DirectEncounter), 0);
    assert_eq!(value(row(&rows, 3), Tiebreak::DirectEncounter), 0);
    assert_eq!(rows[1].player, p(1));
}

#[test]
fn identical_records_fall_back_to_seed_then_id() {
    let input = StandingsInput {
        players: vec![
            StandingPlayer { id: p(9), seed: 2, knowledge_test: None },
            StandingPlayer { id: p(4), seed: 1, knowledge_test: None },
            StandingPlayer { id: p(7), seed: 2, knowledge_test: None },
        ],
        rounds: vec![],
        scoring: Scoring::default(),
        tiebreaks: Tiebreak::DEFAULT_ORDER.to_vec(),
    };
    let rows = compute(&input);
    assert_eq!(rows.iter().map(|r| r.player.0).collect::<Vec<_>>(), vec![4, 7, 9]);
    assert!(rows.iter().all(|r| r.tiebreaks.len() == 7 && r.tiebreaks.iter().all(|v| v.value == 0)));
    assert_eq!(
        rows[0].tiebreaks.iter().map(|v| v.tiebreak.as_str()).collect::<Vec<_>>(),
        vec![
            "direct_encounter",
            "buchholz_cut1",
            "buchholz",
            "sonneborn_berger",
            "games_won",
            "red_side_points",
            "knowledge_test"
        ]
    );
}

#[test]
fn direct_encounter_is_not_applied_when_the_tied_players_have_not_all_met() {
    use Side::{Polish, Red};
    // R1: 1 beats 2 and 3 beats 4: 1 and 3 tied on 1 point without having met.
    let rounds = vec![RoundRecord {
        round: 1,
        matches: vec![played(1, 2, Red, 21, Polish, 4), played(3, 4, Red, 21, Polish, 4)],
        byes: vec![],
    }];
    let input = StandingsInput {
        players: (1..=4)
            .map(|n| StandingPlayer { id: p(n), seed: 5 - n as u32, knowledge_test: None })
            .collect(),
        rounds,
        scoring: Scoring::default(),
        tiebreaks: vec![Tiebreak::DirectEncounter],
    };
    let rows = compute(&input);
    assert!(rows.iter().all(|r| r.tiebreaks[0].value == 0));
    // Then the seed decides (seeds reversed: 4 is seed 1).
    assert_eq!(rows.iter().map(|r| r.player.0).collect::<Vec<_>>(), vec![3, 1, 4, 2]);
}
