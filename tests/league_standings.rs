//! Hand-worked standings under FIDE C.07 (2023/24): every tiebreak value computed on paper from
//! the articles (the arithmetic is in the comments): a pairing bye, a forfeit won, a forfeit
//! lost, a withdrawal, a late entry, Red-side points with the flag rule, and direct encounter
//! separating a three-way tie only in part. All values in half-points (SB in quarter-points).

use bitwa::league::c07;
use bitwa::league::standings::{compute, scorecards};
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

fn decide(input: MatchInput) -> MatchResult {
    match outcome_of_match(&input) {
        Ok(MatchDecision::Decided(r)) => r,
        other => panic!("{other:?}"),
    }
}

fn games(a: i64, b: i64, game1: PlayedGame, game2: PlayedGame) -> MatchResult {
    decide(MatchInput {
        red_first: p(a),
        other: p(b),
        draw_rule: DrawRule::Stands,
        play: MatchPlay::Played { game1, game2 },
        knowledge_test: None,
        extra_game: None,
    })
}

/// A match with `a` Red first; `w1`/`w2` the winning sides of games 1 and 2, with the Red
/// commander's points.
fn played(a: i64, b: i64, w1: Side, pts1: u32, w2: Side, pts2: u32) -> MatchResult {
    games(a, b, g(a, b, w1, pts1), g(b, a, w2, pts2))
}

fn no_show(a: i64, b: i64, absent: i64) -> MatchResult {
    decide(MatchInput {
        red_first: p(a),
        other: p(b),
        draw_rule: DrawRule::Stands,
        play: MatchPlay::NoShow { absent: Absence::One(p(absent)) },
        knowledge_test: None,
        extra_game: None,
    })
}

/// Six players, four rounds, default scoring (win 2, draw 1, loss 0, bye 2 half-points).
/// Player 6 is a late entry (joins in round 2); player 5 withdraws after round 3.
/// - R1: 1 beats 2 (2:0), 3 draws 4 (1:1, Red points 10 and 10), bye 5; 6 not yet joined.
/// - R2: 3 beats 1 by forfeit (1 absent), 5 beats 2 (1:1, Red points 15 > 12), 6 beats 4 (2:0).
/// - R3: 1 beats 4 (2:0), 5 draws 3 (1:1, 13 and 13), 2 beats 6 (2:0; in game 2 the Red
///   commander 6 ran out of time: the typed 15 Red-side points do not count).
/// - R4: 1 beats 6 (2:0), 2 beats 3 (2:0), bye 4; 5 withdrawn.
fn tournament() -> StandingsInput {
    use Side::{Polish, Red};
    let flagged = PlayedGame {
        red: p(6),
        polish: p(2),
        outcome: GameOutcome { winner: Polish, termination: Termination::TimeForfeit, red_points: 15 },
    };
    let rounds = vec![
        RoundRecord {
            round: 1,
            matches: vec![played(1, 2, Red, 21, Polish, 4), played(3, 4, Red, 10, Red, 10)],
            byes: vec![p(5)],
        },
        RoundRecord {
            round: 2,
            matches: vec![no_show(3, 1, 1), played(5, 2, Red, 15, Red, 12), played(4, 6, Polish, 3, Red, 18)],
            byes: vec![],
        },
        RoundRecord {
            round: 3,
            matches: vec![
                played(4, 1, Polish, 6, Red, 21),
                played(5, 3, Red, 13, Red, 13),
                games(2, 6, g(2, 6, Red, 10), flagged),
            ],
            byes: vec![],
        },
        RoundRecord {
            round: 4,
            matches: vec![played(1, 6, Red, 21, Polish, 2), played(3, 2, Polish, 5, Red, 14)],
            byes: vec![p(4)],
        },
    ];
    let mut players: Vec<StandingPlayer> = (1..=6).map(|n| StandingPlayer::new(p(n), n as u32)).collect();
    players[4].withdrawn = true;
    players[5].joined_round = 2;
    players[0].knowledge_test = Some(30);
    players[2].knowledge_test = Some(28);
    StandingsInput {
        players,
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
fn every_round_is_on_the_scorecard_with_how_it_was_decided() {
    use RoundKind::*;
    let cards = scorecards(&tournament());
    let kinds = |id| cards.get(p(id)).expect("card").rounds.iter().map(|r| r.kind).collect::<Vec<_>>();
    assert_eq!(kinds(1), vec![Played, ForfeitLoss, Played, Played]);
    assert_eq!(kinds(3), vec![Played, ForfeitWin, Played, Played]);
    assert_eq!(kinds(4), vec![Played, Played, Played, PairingBye]);
    assert_eq!(kinds(5), vec![PairingBye, Played, Played, Withdrawn]);
    assert_eq!(kinds(6), vec![NotYetJoined, Played, Played, Played]);
    // The forfeit keeps its scheduled opponent; the bye and the unpaired rounds have none.
    let card1 = cards.get(p(1)).expect("card");
    assert_eq!(card1.rounds[1].opponent, Some(p(3)));
    assert_eq!(cards.get(p(5)).expect("card").rounds[3].opponent, None);
    // Voluntary unplayed rounds (Art. 16): the forfeit loss, the withdrawal, the late entry;
    // not the forfeit win, not the pairing bye.
    assert!(
        ForfeitLoss.voluntary_unplayed()
            && Withdrawn.voluntary_unplayed()
            && NotYetJoined.voluntary_unplayed()
    );
    assert!(Absent.voluntary_unplayed());
    assert!(
        !ForfeitWin.voluntary_unplayed() && !PairingBye.voluntary_unplayed() && !Played.voluntary_unplayed()
    );
}

#[test]
fn match_points_and_the_order_with_direct_encounter_between_2_and_3() {
    let rows = compute(&tournament());
    // Scores: 1: 2+0+2+2 = 6; 2: 0+0+2+2 = 4; 3: 1+2+1+0 = 4; 4: 1+0+0+2 = 3;
    // 5: 2+2+1+0 = 5; 6: 0+2+0+0 = 2.
    let order: Vec<(i64, i64)> = rows.iter().map(|r| (r.player.0, r.match_points.0)).collect();
    // 2 and 3 are tied on 2 points; they played each other in R4 and 2 won: DE ranks 2 first
    // (value: one tied player below).
    assert_eq!(order, vec![(1, 6), (5, 5), (2, 4), (3, 4), (4, 3), (6, 2)]);
    assert_eq!(value(row(&rows, 2), Tiebreak::DirectEncounter), 1);
    assert_eq!(value(row(&rows, 3), Tiebreak::DirectEncounter), 0);
    assert_eq!(value(row(&rows, 1), Tiebreak::DirectEncounter), 0, "alone on its score");
}

/// Adjusted scores (Art. 16.3: "Unplayed rounds of category 16.2.5 are evaluated as draws",
/// the voluntary unplayed rounds without an opponent after the last round that was not one):
/// 1: 6 (the forfeit lost has an opponent: real 0); 2: 4; 3: 4; 4: 3 (the bye is not
/// voluntary); 5: 2+2+1 + 1 (withdrawn in R4: a draw) = 6; 6: 0 (not yet joined, before its
/// last real round: real 0) + 2 + 0 + 0 = 2.
#[test]
fn adjusted_scores_count_a_withdrawal_as_draws_and_everything_else_as_scored() {
    let input = tournament();
    let cards = scorecards(&input);
    let adjusted: Vec<i64> =
        (1..=6).map(|i| c07::adjusted_score(cards.get(p(i)).expect("card"), HalfPoints::HALF).0).collect();
    assert_eq!(adjusted, vec![6, 4, 4, 3, 6, 2]);
}

/// Buchholz (Art. 16.4: an unplayed round counts a dummy with the player's own score):
/// - 1: 2 (4) + forfeit lost (own 6) + 4 (3) + 6 (2) = 15;
/// - 2: 1 (6) + 5 (6) + 6 (2) + 3 (4) = 18;
/// - 3: 4 (3) + forfeit won (own 4) + 5 (6) + 2 (4) = 17;
/// - 4: 3 (4) + 6 (2) + 1 (6) + bye (own 3) = 15;
/// - 5: bye (own 5) + 2 (4) + 3 (4) + withdrawn (own 5) = 18;
/// - 6: not yet joined (own 2) + 4 (3) + 2 (4) + 1 (6) = 15.
#[test]
fn buchholz_counts_real_opponent_scores_and_a_dummy_for_own_unplayed_rounds() {
    let rows = compute(&tournament());
    let bh: Vec<i64> = (1..=6).map(|i| value(row(&rows, i), Tiebreak::Buchholz)).collect();
    assert_eq!(bh, vec![15, 18, 17, 15, 18, 15]);
}

/// Cut-1 (Art. 16.5.1): a voluntary unplayed round's contribution is cut first, the lowest of
/// them; without one, the lowest contribution.
/// - 1: the forfeit lost (6) is cut, not the lowest value (2): 15 - 6 = 9;
/// - 2: no VUR: 18 - 2 = 16;
/// - 3: the forfeit won is not voluntary: 17 - 3 = 14;
/// - 4: the pairing bye is not voluntary: 15 - 2 = 13;
/// - 5: the withdrawn round (5) is cut: 18 - 5 = 13;
/// - 6: the round before joining (2) is cut: 15 - 2 = 13.
#[test]
fn buchholz_cut_one_cuts_the_lowest_voluntary_unplayed_contribution_first() {
    let rows = compute(&tournament());
    let c1: Vec<i64> = (1..=6).map(|i| value(row(&rows, i), Tiebreak::BuchholzCut1)).collect();
    assert_eq!(c1, vec![9, 16, 14, 13, 13, 13]);
}

/// Sonneborn-Berger in quarter-points: each round's opponent score (as for Buchholz) times
/// the half-points scored:
/// - 1: 4×2 + 6×0 + 3×2 + 2×2 = 18 (4.5);
/// - 2: 6×0 + 6×0 + 2×2 + 4×2 = 12 (3);
/// - 3: 3×1 + 4×2 (forfeit won: own score) + 6×1 + 4×0 = 17 (4.25);
/// - 4: 4×1 + 2×0 + 6×0 + 3×2 (bye: own score) = 10 (2.5);
/// - 5: 5×2 (bye) + 4×2 + 4×1 + 5×0 = 22 (5.5);
/// - 6: 2×0 + 3×2 + 4×0 + 6×0 = 6 (1.5).
#[test]
fn sonneborn_berger_by_hand() {
    let rows = compute(&tournament());
    let sb: Vec<i64> = (1..=6).map(|i| value(row(&rows, i), Tiebreak::SonnebornBerger)).collect();
    assert_eq!(sb, vec![18, 12, 17, 10, 22, 6]);
    let v = row(&rows, 3).tiebreaks.iter().find(|v| v.tiebreak == Tiebreak::SonnebornBerger).copied();
    assert_eq!(v.map(|v| v.to_decimal_string()).as_deref(), Some("4.25"));
}

#[test]
fn games_won_red_side_points_with_the_flag_rule_and_knowledge_test_by_hand() {
    let rows = compute(&tournament());
    let t = |id| {
        let r = row(&rows, id);
        (value(r, Tiebreak::GamesWon), value(r, Tiebreak::RedSidePoints), value(r, Tiebreak::KnowledgeTest))
    };
    // 1: 2 + 0 (forfeit) + 2 + 2 games; Red points 21 (R1) + 21 (R3) + 21 (R4); test 30.
    assert_eq!(t(1), (6, 63, 30));
    // 2: 0 + 1 + 2 + 2 games; Red points 4 (R1) + 12 (R2) + 10 (R3) + 14 (R4).
    assert_eq!(t(2), (5, 40, 0));
    // 3: 1 + 0 (forfeit) + 1 + 0; Red points 10 + 13 + 5; test 28.
    assert_eq!(t(3), (2, 28, 28));
    // 4: 1 + 0 + 0 (+ bye); Red points 10 + 3 + 6.
    assert_eq!(t(4), (1, 19, 0));
    // 5: 1 + 1; Red points 15 + 13.
    assert_eq!(t(5), (2, 28, 0));
    // 6: 2 + 0 + 0; Red points 18 (R2) + 0 (R3: flagged as Red, the typed 15 do not count) + 2.
    assert_eq!(t(6), (2, 20, 0));
    assert_eq!(row(&rows, 6).red_side_points, 20, "the row carries it even when not a tiebreak");
}

/// Three players tied on 2 points (results against players outside the group even them out):
/// 1 beat 2 (R1) and 3 (R2) at the table; 2 and 3 never met.
fn three_way_tie(one_beats_three_by_forfeit: bool) -> StandingsInput {
    use Side::{Polish, Red};
    let one_three =
        if one_beats_three_by_forfeit { no_show(1, 3, 3) } else { played(1, 3, Red, 20, Polish, 5) };
    let rounds = vec![
        RoundRecord {
            round: 1,
            matches: vec![played(1, 2, Red, 20, Polish, 5), played(3, 12, Red, 20, Polish, 5)],
            byes: vec![],
        },
        RoundRecord { round: 2, matches: vec![one_three, played(2, 13, Red, 20, Polish, 5)], byes: vec![] },
        RoundRecord {
            round: 3,
            matches: vec![
                played(12, 1, Red, 20, Polish, 5),
                played(2, 10, Red, 20, Polish, 5),
                played(3, 11, Red, 20, Polish, 5),
            ],
            byes: vec![],
        },
    ];
    StandingsInput {
        players: [1, 2, 3, 10, 11, 12, 13].into_iter().map(|n| StandingPlayer::new(p(n), n as u32)).collect(),
        rounds,
        scoring: Scoring::default(),
        tiebreaks: Tiebreak::DEFAULT_ORDER.to_vec(),
    }
}

#[test]
fn direct_encounter_separates_a_three_way_tie_only_in_part() {
    let input = three_way_tie(false);
    let cards = scorecards(&input);
    // Encounters inside the group: 1 scored 2 + 2 = 4 (met both); 2 and 3 scored 0 and met
    // only 1, so at best 0 + 2 (a win over the other) = 2. 1's 4 is out of their reach: 1 is
    // separated. Among 2 and 3, who never met, nobody is out of reach: they stay tied.
    assert_eq!(c07::direct_encounter(&[p(1), p(2), p(3)], &cards), vec![vec![p(1)], vec![p(2), p(3)]]);
    let rows = compute(&input);
    let tied: Vec<&StandingRow> = rows.iter().filter(|r| r.match_points == HalfPoints(4)).collect();
    assert_eq!(tied.len(), 3);
    assert_eq!(tied[0].player, p(1));
    assert_eq!(value(tied[0], Tiebreak::DirectEncounter), 2);
    assert_eq!(value(row(&rows, 2), Tiebreak::DirectEncounter), 0);
    assert_eq!(value(row(&rows, 3), Tiebreak::DirectEncounter), 0);
    // 2 and 3 are then told apart by the next tiebreak, Buchholz Cut-1. Adjusted scores: 13
    // played only R2 (lost), so its R3 (not paired, after its last real round) is a draw: 1;
    // 10 and 11 played only R3 (lost): 0; 12 lost R1 and beat 1 in R3: 2.
    // 2 met 1 (4), 13 (1), 10 (0): 5 - 0 = 5; 3 met 12 (2), 1 (4), 11 (0): 6 - 0 = 6.
    assert_eq!(value(row(&rows, 2), Tiebreak::BuchholzCut1), 5);
    assert_eq!(value(row(&rows, 3), Tiebreak::BuchholzCut1), 6);
    assert_eq!(tied.iter().map(|r| r.player).collect::<Vec<_>>(), vec![p(1), p(3), p(2)]);
}

#[test]
fn direct_encounter_leaves_out_a_game_won_by_forfeit() {
    // The same tie, but 1 beat 3 by forfeit: not an encounter. 1 scored 2 (against 2) and could
    // be reached by 3 (0 + a win over 1 + a win over 2 = 4): nobody is separated.
    let cards = scorecards(&three_way_tie(true));
    assert_eq!(c07::direct_encounter(&[p(1), p(2), p(3)], &cards), vec![vec![p(1), p(3), p(2)]]);
}

#[test]
fn direct_encounter_is_applied_again_inside_a_group_that_stays_tied() {
    use Side::{Polish, Red};
    // Four players who all met (a round robin among them): 1 beat 2 and 4, lost to 3; 2 beat 3
    // and 4; 3 drew 4. Encounter points: 1: 4, 2: 4, 3: 2 + 1 = 3, 4: 1.
    // First pass: {1, 2} on 4, then 3, then 4. Inside {1, 2} again: 1 beat 2.
    let rounds = vec![
        RoundRecord {
            round: 1,
            matches: vec![played(1, 2, Red, 20, Polish, 5), played(3, 4, Red, 10, Red, 10)],
            byes: vec![],
        },
        RoundRecord {
            round: 2,
            matches: vec![played(3, 1, Red, 20, Polish, 5), played(2, 4, Red, 20, Polish, 5)],
            byes: vec![],
        },
        RoundRecord {
            round: 3,
            matches: vec![played(1, 4, Red, 20, Polish, 5), played(2, 3, Red, 20, Polish, 5)],
            byes: vec![],
        },
    ];
    let input = StandingsInput {
        players: (1..=4).map(|n| StandingPlayer::new(p(n), n as u32)).collect(),
        rounds,
        scoring: Scoring::default(),
        tiebreaks: vec![Tiebreak::DirectEncounter],
    };
    let cards = scorecards(&input);
    let classes = c07::direct_encounter(&[p(4), p(3), p(2), p(1)], &cards);
    assert_eq!(classes, vec![vec![p(1)], vec![p(2)], vec![p(3)], vec![p(4)]]);
}

#[test]
fn identical_records_fall_back_to_seed_then_id() {
    let input = StandingsInput {
        players: vec![
            StandingPlayer::new(p(9), 2),
            StandingPlayer::new(p(4), 1),
            StandingPlayer::new(p(7), 2),
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
fn direct_encounter_only_counts_players_still_tied_when_it_applies() {
    let mut input = tournament();
    // Games won first: 2 (5 games) and 3 (2 games) are no longer tied when DE applies.
    input.tiebreaks = vec![Tiebreak::GamesWon, Tiebreak::DirectEncounter];
    let rows = compute(&input);
    assert_eq!(value(row(&rows, 2), Tiebreak::DirectEncounter), 0);
    assert_eq!(value(row(&rows, 3), Tiebreak::DirectEncounter), 0);
}
