//! The final ranking after the knockout: champion, finalist, third place (match or shared), then the
//! earlier rounds' losers sharing their places, then the rest by the Swiss standings. Every expected
//! list is written out by hand from the bracket drawn in the test's comment.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use bitwa::league::*;

fn p(n: i64) -> PlayerId {
    PlayerId(n)
}

/// Swiss standings where player n is ranked n (1 best).
fn swiss(n: i64) -> Vec<StandingRow> {
    (1..=n)
        .map(|i| StandingRow {
            rank: u32::try_from(i).unwrap(),
            player: p(i),
            match_points: HalfPoints(0),
            tiebreaks: Vec::new(),
            seed: u32::try_from(i).unwrap(),
            red_side_points: 0,
        })
        .collect()
}

/// `winner` beats the other player of the match at `at`.
fn win(b: &mut Bracket, at: MatchRef, winner: i64) {
    let (red_first, other) = b.get(at).and_then(BracketMatch::players).expect("both players known");
    let result = MatchResult {
        red_first,
        other,
        winner: Some(p(winner)),
        decided_by: DecidedBy::BothGames,
        red_first_tally: MatchTally::default(),
        other_tally: MatchTally::default(),
        extra_game_red: None,
    };
    b.record_result(at, result).expect("result recorded");
}

fn main_match(round: u32, index: u32) -> MatchRef {
    MatchRef::Main { round, index }
}

/// (player, first place, last place) of a ranking.
fn places(r: &[FinalPlace]) -> Vec<(i64, u32, u32)> {
    r.iter().map(|f| (f.player.0, f.first, f.last)).collect()
}

/// Ten players, top 8 in the knockout. Seed order 1 v 8, 4 v 5, 2 v 7, 3 v 6. Upsets: 5 beats 4,
/// 7 beats 2; semis 1 v 5 (5 wins), 7 v 3 (3 wins); final 5 v 3 (3 wins); third place 1 v 7 (7 wins).
fn eight_of_ten(third_place: bool) -> Bracket {
    let ranked: Vec<PlayerId> = (1..=8).map(p).collect();
    let mut b = Bracket::seeded(&ranked, third_place, 7).expect("bracket");
    win(&mut b, main_match(0, 0), 1);
    win(&mut b, main_match(0, 1), 5);
    win(&mut b, main_match(0, 2), 7);
    win(&mut b, main_match(0, 3), 3);
    win(&mut b, main_match(1, 0), 5);
    win(&mut b, main_match(1, 1), 3);
    win(&mut b, main_match(2, 0), 3);
    b
}

#[test]
fn the_champion_is_first_then_the_finalist_then_the_third_place_match() {
    let mut b = eight_of_ten(true);
    assert_eq!(final_ranking(&b, &swiss(10)), None, "the third-place match is still to play");
    win(&mut b, MatchRef::ThirdPlace, 7);
    let r = final_ranking(&b, &swiss(10)).expect("knockout over");
    assert_eq!(
        places(&r),
        vec![
            (3, 1, 1), // champion
            (5, 2, 2), // finalist
            (7, 3, 3), // won the third-place match
            (1, 4, 4), // lost it
            (2, 5, 8), // quarter-finalists, in Swiss order
            (4, 5, 8),
            (6, 5, 8),
            (8, 5, 8),
            (9, 9, 9), // the rest by the Swiss standings
            (10, 10, 10),
        ]
    );
    assert_eq!(r[0].reached, Reached::Champion);
    assert_eq!(r[1].reached, Reached::Finalist);
    assert_eq!(r[2].reached, Reached::ThirdPlace);
    assert_eq!(r[3].reached, Reached::FourthPlace);
    assert_eq!(r[4].reached, Reached::KnockoutRound { before_final: 2 });
    assert_eq!(r[9].reached, Reached::Swiss);
}

#[test]
fn without_a_third_place_match_both_semi_finalists_share_third() {
    let b = eight_of_ten(false);
    let r = final_ranking(&b, &swiss(8)).expect("knockout over");
    assert_eq!(
        places(&r),
        vec![(3, 1, 1), (5, 2, 2), (1, 3, 4), (7, 3, 4), (2, 5, 8), (4, 5, 8), (6, 5, 8), (8, 5, 8)]
    );
    assert_eq!(r[2].reached, Reached::SemiFinal);
}

#[test]
fn nothing_before_the_final_is_decided() {
    let ranked: Vec<PlayerId> = (1..=4).map(p).collect();
    let mut b = Bracket::seeded(&ranked, false, 1).expect("bracket");
    assert_eq!(final_ranking(&b, &swiss(4)), None);
    win(&mut b, main_match(0, 0), 1);
    win(&mut b, main_match(0, 1), 2);
    assert_eq!(final_ranking(&b, &swiss(4)), None, "the final is not played yet");
    win(&mut b, main_match(1, 0), 2);
    let r = final_ranking(&b, &swiss(4)).expect("over");
    assert_eq!(places(&r), vec![(2, 1, 1), (1, 2, 2), (3, 3, 4), (4, 3, 4)]);
}

/// Six players in a bracket of 8: seeds 1 and 2 have byes (1 v bye, 4 v 5, 2 v bye, 3 v 6). A player
/// with a bye never lost in round one, so only 5 and 6 go out there, sharing 5th and 6th.
#[test]
fn byes_leave_fewer_players_in_the_early_rounds() {
    let ranked: Vec<PlayerId> = (1..=6).map(p).collect();
    let mut b = Bracket::seeded(&ranked, true, 3).expect("bracket");
    win(&mut b, main_match(0, 1), 4);
    win(&mut b, main_match(0, 3), 3);
    win(&mut b, main_match(1, 0), 1); // 1 v 4
    win(&mut b, main_match(1, 1), 3); // 2 v 3
    win(&mut b, main_match(2, 0), 1);
    win(&mut b, MatchRef::ThirdPlace, 4); // 4 v 2
    let r = final_ranking(&b, &swiss(7)).expect("over");
    assert_eq!(places(&r), vec![(1, 1, 1), (3, 2, 2), (4, 3, 3), (2, 4, 4), (5, 5, 6), (6, 5, 6), (7, 7, 7)]);
}
