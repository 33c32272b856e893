//! Every branch of the match outcome (league rules, "Match result (game + rematch)"), each with
//! the rule it follows.

use bitwa::league::*;
use bitwa::outcome::{GameOutcome, Side, Termination};

const A: PlayerId = PlayerId(1);
const B: PlayerId = PlayerId(2);

fn game(
    red: PlayerId,
    polish: PlayerId,
    winner: Side,
    termination: Termination,
    red_points: u32,
) -> PlayedGame {
    PlayedGame { red, polish, outcome: GameOutcome { winner, termination, red_points } }
}

fn red_wins(red: PlayerId, polish: PlayerId, pts: u32) -> PlayedGame {
    game(red, polish, Side::Red, Termination::WarsawEntered, pts)
}

fn polish_wins(red: PlayerId, polish: PlayerId, pts: u32) -> PlayedGame {
    game(red, polish, Side::Polish, Termination::ThreeRedEliminated, pts)
}

fn input(draw_rule: DrawRule, game1: PlayedGame, game2: PlayedGame) -> MatchInput {
    MatchInput {
        red_first: A,
        other: B,
        draw_rule,
        play: MatchPlay::Played { game1, game2 },
        knowledge_test: None,
        extra_game: None,
    }
}

fn decided(d: Result<MatchDecision, MatchError>) -> MatchResult {
    match d {
        Ok(MatchDecision::Decided(r)) => r,
        other => panic!("expected a decided match, got {other:?}"),
    }
}

/// "Won both games: outright win."
#[test]
fn winning_both_games_wins_the_match_outright() {
    let r = decided(outcome_of_match(&input(DrawRule::Stands, red_wins(A, B, 29), polish_wins(B, A, 8))));
    assert_eq!(r.winner, Some(A));
    assert_eq!(r.decided_by, DecidedBy::BothGames);
    assert_eq!(r.score_of(A), Some(MatchScore::Win));
    assert_eq!(r.score_of(B), Some(MatchScore::Loss));
    assert_eq!(r.red_first_tally, MatchTally { games_won: 2, red_points: 29 });
    assert_eq!(r.other_tally, MatchTally { games_won: 0, red_points: 8 });
}

/// "Lost both: outright loss."
#[test]
fn losing_both_games_loses_the_match_even_with_more_red_points() {
    let r = decided(outcome_of_match(&input(DrawRule::Stands, polish_wins(A, B, 30), red_wins(B, A, 21))));
    assert_eq!(r.winner, Some(B));
    assert_eq!(r.decided_by, DecidedBy::BothGames);
    assert_eq!(r.score_of(A), Some(MatchScore::Loss));
}

/// "1:1: the player who scored more points while commanding the Red Army wins the match."
#[test]
fn one_all_is_won_by_more_red_side_points() {
    // A wins game 1 as Red with 25, B wins game 2 as Red with 21: A scored more while Red.
    let r = decided(outcome_of_match(&input(DrawRule::Stands, red_wins(A, B, 25), red_wins(B, A, 21))));
    assert_eq!(r.winner, Some(A));
    assert_eq!(r.decided_by, DecidedBy::RedSidePoints);
    assert_eq!(r.red_first_tally, MatchTally { games_won: 1, red_points: 25 });
    assert_eq!(r.other_tally, MatchTally { games_won: 1, red_points: 21 });
    // Points as Red count even in a lost game: both Polish wins, B's 18 beats A's 12.
    let r = decided(outcome_of_match(&input(
        DrawRule::MustBeDecided,
        polish_wins(A, B, 12),
        polish_wins(B, A, 18),
    )));
    assert_eq!(r.winner, Some(B));
    assert_eq!(r.decided_by, DecidedBy::RedSidePoints);
}

/// "Still equal: in the Swiss-system phase the match stays a draw."
#[test]
fn one_all_with_equal_red_points_is_a_draw_in_the_swiss_phase() {
    let r = decided(outcome_of_match(&input(DrawRule::Stands, red_wins(A, B, 21), red_wins(B, A, 21))));
    assert_eq!(r.winner, None);
    assert_eq!(r.decided_by, DecidedBy::Draw);
    assert_eq!(r.score_of(A), Some(MatchScore::Draw));
    assert_eq!(r.score_of(B), Some(MatchScore::Draw));
    assert_eq!(r.score_of(PlayerId(3)), None);
}

/// "in the knockout phase the better knowledge-test result decides"
#[test]
fn knockout_level_match_asks_for_then_uses_the_knowledge_test() {
    let mut m = input(DrawRule::MustBeDecided, red_wins(A, B, 21), red_wins(B, A, 21));
    assert_eq!(outcome_of_match(&m), Ok(MatchDecision::NeedsKnowledgeTest));
    m.knowledge_test = Some(KnowledgeScores { red_first: 17, other: 19 });
    let r = decided(outcome_of_match(&m));
    assert_eq!(r.winner, Some(B));
    assert_eq!(r.decided_by, DecidedBy::KnowledgeTest);
}

/// "if that is equal too, an extra game (play-off, "dogrywka") is played"
#[test]
fn knockout_level_knowledge_test_asks_for_then_uses_the_extra_game() {
    let mut m = input(DrawRule::MustBeDecided, red_wins(A, B, 21), red_wins(B, A, 21));
    m.knowledge_test = Some(KnowledgeScores { red_first: 18, other: 18 });
    assert_eq!(outcome_of_match(&m), Ok(MatchDecision::NeedsExtraGame));
    m.extra_game = Some(polish_wins(B, A, 4));
    let r = decided(outcome_of_match(&m));
    assert_eq!(r.winner, Some(A));
    assert_eq!(r.decided_by, DecidedBy::ExtraGame);
    assert_eq!(r.extra_game_red, Some(B));
    // The extra game decides but does not add to the match's games won.
    assert_eq!(r.red_first_tally.games_won, 1);
    m.extra_game = Some(polish_wins(A, PlayerId(9), 4));
    assert_eq!(outcome_of_match(&m), Err(MatchError::ExtraGamePlayers));
}

/// "A player who exceeds the time automatically loses the game and loses the points from that game."
#[test]
fn red_commander_who_flags_loses_the_game_and_its_red_points() {
    // A flags as Red in game 1 with a position worth 25 (entered by mistake): counts 0.
    let g1 = game(A, B, Side::Polish, Termination::TimeForfeit, 25);
    let g2 = red_wins(B, A, 10);
    let r = decided(outcome_of_match(&input(DrawRule::Stands, g1, g2)));
    assert_eq!(r.winner, Some(B));
    assert_eq!(r.decided_by, DecidedBy::BothGames);
    assert_eq!(r.red_first_tally.red_points, 0);
}

/// The Polish player who flags loses the game; Red keeps the points of the position (PRODUCT).
#[test]
fn polish_player_who_flags_lets_red_keep_the_position_points() {
    let g1 = game(A, B, Side::Red, Termination::TimeForfeit, 14);
    let g2 = red_wins(B, A, 13);
    let r = decided(outcome_of_match(&input(DrawRule::Stands, g1, g2)));
    assert_eq!(r.red_first_tally.red_points, 14);
    assert_eq!(r.winner, Some(A));
    assert_eq!(r.decided_by, DecidedBy::RedSidePoints);
}

/// A forfeited match (no-show): the absent player loses, nothing counts as played.
#[test]
fn no_show_loses_the_match_without_play() {
    let m = MatchInput {
        red_first: A,
        other: B,
        draw_rule: DrawRule::Stands,
        play: MatchPlay::NoShow { absent: Absence::One(A) },
        knowledge_test: None,
        extra_game: None,
    };
    let r = decided(outcome_of_match(&m));
    assert_eq!(r.winner, Some(B));
    assert_eq!(r.decided_by, DecidedBy::NoShow);
    assert!(!r.played_over_the_board());
    assert_eq!(r.other_tally, MatchTally::default());

    let both = MatchInput { play: MatchPlay::NoShow { absent: Absence::Both }, ..m };
    let r = decided(outcome_of_match(&both));
    assert_eq!((r.score_of(A), r.score_of(B)), (Some(MatchScore::Loss), Some(MatchScore::Loss)));

    let stranger = MatchInput { play: MatchPlay::NoShow { absent: Absence::One(PlayerId(7)) }, ..m };
    assert_eq!(outcome_of_match(&stranger), Err(MatchError::NotInMatch(PlayerId(7))));
}

/// A withdrawal during the tournament: the withdrawn player's match is lost.
#[test]
fn withdrawal_loses_the_match() {
    let m = MatchInput {
        red_first: A,
        other: B,
        draw_rule: DrawRule::MustBeDecided,
        play: MatchPlay::Withdrawal { withdrawn: B },
        knowledge_test: None,
        extra_game: None,
    };
    let r = decided(outcome_of_match(&m));
    assert_eq!(r.winner, Some(A));
    assert_eq!(r.decided_by, DecidedBy::Withdrawal);
    assert!(!r.played_over_the_board());
}

/// "Players play a match and a rematch (two games, sides swapped)."
#[test]
fn games_with_unswapped_sides_or_impossible_winners_are_refused() {
    let e = outcome_of_match(&input(DrawRule::Stands, red_wins(A, B, 21), red_wins(A, B, 21)));
    assert_eq!(e, Err(MatchError::WrongSides { game: 2, red: B, polish: A }));
    let bad = game(A, B, Side::Polish, Termination::WarsawEntered, 21);
    let e = outcome_of_match(&input(DrawRule::Stands, bad, red_wins(B, A, 21)));
    assert!(matches!(e, Err(MatchError::ImpossibleWinner { game: 1, expected: Side::Red, .. })));
    let same = MatchInput { other: A, ..input(DrawRule::Stands, red_wins(A, B, 1), red_wins(B, A, 1)) };
    assert_eq!(outcome_of_match(&same), Err(MatchError::SamePlayer(A)));
}

#[test]
fn match_results_round_trip_through_json() {
    let r = decided(outcome_of_match(&input(DrawRule::Stands, red_wins(A, B, 25), red_wins(B, A, 21))));
    let json = serde_json::to_string(&r).expect("serialise");
    let back: MatchResult = serde_json::from_str(&json).expect("deserialise");
    assert_eq!(back, r);
}

/// Knockout: someone must go through, so both players absent is refused there (and allowed in the
/// Swiss phase, where both lose).
#[test]
fn a_double_no_show_is_refused_in_the_knockout_only() {
    let both = MatchPlay::NoShow { absent: Absence::Both };
    assert_eq!(check_play(DrawRule::MustBeDecided, &both), Err(MatchError::DoubleNoShowInKnockout));
    assert_eq!(check_play(DrawRule::Stands, &both), Ok(()));
    let one = MatchPlay::NoShow { absent: Absence::One(A) };
    assert_eq!(check_play(DrawRule::MustBeDecided, &one), Ok(()));
    let m = MatchInput {
        red_first: A,
        other: B,
        draw_rule: DrawRule::MustBeDecided,
        play: both,
        knowledge_test: None,
        extra_game: None,
    };
    assert_eq!(outcome_of_match(&m), Err(MatchError::DoubleNoShowInKnockout));
}
