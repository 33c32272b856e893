//! A typed result checked against the league's Red-side points table (league rules: +21 Warsaw, +10
//! Radzymin, +7 Modlin, +4 each other space without the red pattern, +2 each Polish army removed) and
//! the rulebook's endings. The expected values are the table summed by hand for the shipped edition's
//! six Red and six Polish armies; the engine's own games (random legal play) must all pass the check.

use bitwa::engine::{Edition, RuleOptions, random_game, validate_log};
use bitwa::league::typed_result::{check_clocks, check_points, max_points};
use bitwa::league::{Armies, ClockRule, Impossible, PointsRule, TypedResult, check_typed_result};
use bitwa::outcome::{Side, Termination};

const SIX: Armies = Armies { red: 6, polish: 6 };
const FIFTEEN_MINUTES: i64 = 900;

fn points(winner: Side, termination: Termination, p: i64) -> Result<(), PointsRule> {
    check_points(winner, termination, p, SIX)
}

#[test]
fn warsaw_entered_needs_at_least_21_and_at_most_the_whole_table() {
    let w = |p| points(Side::Red, Termination::WarsawEntered, p);
    assert_eq!(w(21), Ok(()), "the army in Warsaw alone");
    assert_eq!(w(20), Err(PointsRule::WarsawAtLeast21));
    assert_eq!(w(3), Err(PointsRule::WarsawAtLeast21), "the issue's Warsaw with 3 points");
    assert_eq!(w(22), Err(PointsRule::NotASum), "21 + 1: no term is 1");
    assert_eq!(w(23), Ok(()), "21 + one Polish army removed");
    // 21 + 10 + 7 + 3 x 4 + 6 x 2 = 62: every army placed, every Polish army removed.
    assert_eq!(w(62), Ok(()));
    assert_eq!(w(63), Err(PointsRule::AboveMaximum { max: 62 }));
    // 61: 61-21 = 40 > 5 x 4 + 6 x 2; 61-31 = 30 > 4 x 4 + 12; 61-28 and 61-38 are odd.
    assert_eq!(w(61), Err(PointsRule::NotASum));
    assert_eq!(w(60), Ok(()), "21 + 10 + 7 + 3 x 4 + 5 x 2");
    assert_eq!(w(99), Err(PointsRule::AboveMaximum { max: 62 }));
    assert_eq!(w(213), Err(PointsRule::AboveMaximum { max: 62 }), "the issue's concatenated digits");
}

#[test]
fn a_red_win_on_the_radzymin_check_needs_at_least_10() {
    let r = |p| points(Side::Red, Termination::RadzyminCheck, p);
    assert_eq!(r(10), Ok(()));
    assert_eq!(r(9), Err(PointsRule::RadzyminAtLeast10));
    assert_eq!(r(0), Err(PointsRule::RadzyminAtLeast10));
    assert_eq!(r(11), Err(PointsRule::NotASum));
    // No Red army in Warsaw: 10 + 7 + 4 x 4 + 6 x 2 = 45.
    assert_eq!(r(45), Ok(()));
    assert_eq!(r(46), Err(PointsRule::AboveMaximum { max: 45 }));
    assert_eq!(r(21), Ok(()), "10 + 7 + 4: twenty-one without Warsaw");
}

#[test]
fn a_polish_win_on_the_radzymin_check_has_no_red_army_there() {
    let p = |x| points(Side::Polish, Termination::RadzyminCheck, x);
    assert_eq!(p(0), Ok(()));
    assert_eq!(p(10), Ok(()), "4 + 4 + 2, not Radzymin's 10");
    // 7 + 5 x 4 + 6 x 2 = 39.
    assert_eq!(p(39), Ok(()));
    assert_eq!(p(40), Err(PointsRule::AboveMaximum { max: 39 }));
    assert_eq!(p(1), Err(PointsRule::NotASum));
}

#[test]
fn three_red_armies_eliminated_leaves_three_to_score() {
    let e = |x| points(Side::Polish, Termination::ThreeRedEliminated, x);
    // 10 + 7 + 4 + 6 x 2 = 33.
    assert_eq!(e(33), Ok(()));
    assert_eq!(e(34), Err(PointsRule::AboveMaximum { max: 33 }));
    assert_eq!(e(0), Ok(()));
    assert_eq!(max_points(Side::Polish, Termination::AllRedDispersed, SIX), 45);
}

#[test]
fn a_red_flag_scores_nothing_a_polish_flag_keeps_the_position() {
    assert_eq!(points(Side::Polish, Termination::TimeForfeit, 0), Ok(()));
    assert_eq!(points(Side::Polish, Termination::TimeForfeit, 12), Err(PointsRule::RedFlagScoresZero));
    // Polish flagged: Red keeps the points of the position, which had no Red army in Warsaw.
    assert_eq!(points(Side::Red, Termination::TimeForfeit, 12), Ok(()));
    assert_eq!(points(Side::Red, Termination::TimeForfeit, 45), Ok(()));
    assert_eq!(points(Side::Red, Termination::TimeForfeit, 46), Err(PointsRule::AboveMaximum { max: 45 }));
}

#[test]
fn clocks_run_from_the_time_control_down_to_zero_and_a_flag_reads_zero() {
    let clocks = |w, t, red, polish| check_clocks(Some(w), Some(t), red, polish, FIFTEEN_MINUTES);
    let outside = ClockRule::OutsideTimeControl { time_control_secs: FIFTEEN_MINUTES };
    assert!(clocks(Side::Red, Termination::WarsawEntered, Some(900), Some(0)).is_empty());
    assert_eq!(
        clocks(Side::Red, Termination::WarsawEntered, Some(25 * 60), None),
        [Impossible::Clock { side: Side::Red, rule: outside }],
        "the issue's 25:00 in a 15-minute league"
    );
    assert_eq!(
        clocks(Side::Red, Termination::WarsawEntered, None, Some(-1)),
        [Impossible::Clock { side: Side::Polish, rule: outside }]
    );
    // A time forfeit with neither clock at 0: the loser's is named.
    assert_eq!(
        clocks(Side::Red, Termination::TimeForfeit, Some(300), Some(180)),
        [Impossible::Clock { side: Side::Polish, rule: ClockRule::FlagNotDown }]
    );
    assert_eq!(
        clocks(Side::Polish, Termination::TimeForfeit, Some(1), Some(0)),
        [Impossible::Clock { side: Side::Red, rule: ClockRule::FlagNotDown }]
    );
    assert!(clocks(Side::Polish, Termination::TimeForfeit, Some(0), Some(60)).is_empty());
    assert!(clocks(Side::Red, Termination::TimeForfeit, None, None).is_empty(), "clocks not given");
}

#[test]
fn every_impossible_part_is_listed_at_once() {
    let flagged = TypedResult {
        winner: Side::Polish,
        termination: Termination::TimeForfeit,
        red_points: 12,
        red_clock_secs: Some(0),
        polish_clock_secs: Some(25 * 60),
    };
    assert_eq!(
        check_typed_result(&flagged, SIX, FIFTEEN_MINUTES),
        [
            Impossible::Points(PointsRule::RedFlagScoresZero),
            Impossible::Clock {
                side: Side::Polish,
                rule: ClockRule::OutsideTimeControl { time_control_secs: FIFTEEN_MINUTES }
            },
        ]
    );
    assert!(
        check_typed_result(&TypedResult { red_points: 0, polish_clock_secs: None, ..flagged }, SIX, 900)
            .is_empty()
    );
}

#[test]
fn every_result_the_engine_plays_to_passes_the_typed_check() {
    let edition = Edition::builtin();
    let armies = bitwa::app::results::armies(edition);
    assert_eq!(armies, SIX, "the shipped edition's armies, as the hand sums above assume");
    let options = RuleOptions::default();
    let mut endings = std::collections::BTreeSet::new();
    for seed in 0..150 {
        let log = random_game(seed, edition, &options).to_string();
        let outcome = validate_log(&log, edition, &options).expect("a random game is legal").outcome;
        endings.insert((outcome.winner, outcome.termination));
        let result = check_points(outcome.winner, outcome.termination, i64::from(outcome.red_points), armies);
        assert_eq!(result, Ok(()), "seed {seed}: {outcome:?}");
    }
    assert!(endings.len() >= 3, "the games end in several ways: {endings:?}");
}
