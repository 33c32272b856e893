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

#[path = "support/groups.rs"]
#[allow(dead_code)]
mod groups;

use bitwa::league::final_ranking::{EventResults, of_event};
use bitwa::league::round_robin::standings::{DEFAULT_TIEBREAKS, compute as rank_group};
use groups::{name, pid};

/// (name, first place, last place) of a ranking of group players.
fn named(r: &[FinalPlace]) -> Vec<(String, u32, u32)> {
    r.iter().map(|f| (name(f.player), f.first, f.last)).collect()
}

fn expected(list: &[(&str, u32, u32)]) -> Vec<(String, u32, u32)> {
    list.iter().map(|(n, a, b)| ((*n).to_string(), *a, *b)).collect()
}

/// Groups only, of 5, 4, 4, 4 (`support/groups.rs`): every group's winner before every
/// runner-up, and so on; at one place across groups by match points per match, then
/// Sonneborn-Berger per match and per opponent's match (SB / m², m the matches each played).
/// By hand (points per match; SB / m²):
/// - winners: C1 3/3 = 1; A1 3/4 = 0.75; D2 2/3, 3/9 = 0.333; B1 2/3, 2.5/9 = 0.278;
/// - runners-up: D1 2/3, 2/9 = 0.222; C2 2/3, 1/9 = 0.111; B3 1.5/3 = 0.5, 2.75/9 = 0.306;
///   A4 2/4 = 0.5, 4/16 = 0.25 (per match alone, A4's SB 4/4 = 1 would beat B3's 2.75/3 =
///   0.917: A4's opponents had four matches to score in, B3's three);
/// - thirds: B2 1.5/3 = 0.5, 1.75/9 = 0.194; A2 2/4 = 0.5, 3/16 = 0.1875; D4 1/3, 1/9; C3 1/3, 0;
/// - fourths: A5 2/4; D3 1/3, 2/9; B4 1/3, 1.5/9; C4 0; then A3.
#[test]
fn groups_only_rank_by_place_then_per_match_across_groups_of_five_and_four() {
    let groups = groups::five_four_four_four();
    let r = of_event(EventResults::Groups { groups: &groups }).expect("a ranking");
    let order = [
        "C1", "A1", "D2", "B1", "D1", "C2", "B3", "A4", "B2", "A2", "D4", "C3", "A5", "D3", "B4", "C4", "A3",
    ];
    let want: Vec<(&str, u32, u32)> = order.iter().zip(1..).map(|(n, i)| (*n, i, i)).collect();
    assert_eq!(named(&r), expected(&want));
    assert!(r.iter().all(|f| f.reached == Reached::Groups));
}

/// Two groups of 4 with the same results (C's of `support/groups.rs`): each place is level
/// across the groups on everything, so its two players share it, listed A first.
#[test]
fn players_level_at_one_place_across_groups_share_it() {
    let pairs = [
        (1, 2, Some(1)),
        (1, 3, Some(1)),
        (1, 4, Some(1)),
        (2, 3, Some(2)),
        (2, 4, Some(2)),
        (3, 4, Some(3)),
    ];
    let groups: Vec<_> =
        (0..2).map(|g| rank_group(&groups::input(g, 4, &pairs, 3, &DEFAULT_TIEBREAKS, &[2]))).collect();
    let r = of_event(EventResults::Groups { groups: &groups }).expect("a ranking");
    assert_eq!(
        named(&r),
        expected(&[
            ("A1", 1, 2),
            ("B1", 1, 2),
            ("A2", 3, 4),
            ("B2", 3, 4),
            ("A3", 5, 6),
            ("B3", 5, 6),
            ("A4", 7, 8),
            ("B4", 7, 8)
        ])
    );
}

/// Groups of 5, 4, 4, 4, their winners into a knockout of 4 (seeded C1, A1, D2, B1 by the
/// ranking above): semi-finals C1-B1 (B1 wins), A1-D2 (A1 wins), final A1-B1 (A1 wins), no
/// third-place match. A1, B1, then C1 and D2 share 3-4 (listed in the groups' order), then
/// everyone else as in the groups-only ranking from D1 on.
#[test]
fn groups_then_a_knockout_rank_the_bracket_then_the_groups() {
    let groups = groups::five_four_four_four();
    let seeds = [pid(2, 1), pid(0, 1), pid(3, 2), pid(1, 1)];
    let mut b = Bracket::seeded(&seeds, false, 5).expect("bracket");
    assert_eq!(of_event(EventResults::GroupsKnockout { groups: &groups, bracket: &b }), None);
    for (at, winner) in
        [(main_match(0, 0), pid(1, 1)), (main_match(0, 1), pid(0, 1)), (main_match(1, 0), pid(0, 1))]
    {
        win(&mut b, at, winner.0);
    }
    let r = of_event(EventResults::GroupsKnockout { groups: &groups, bracket: &b }).expect("over");
    let rest = ["D1", "C2", "B3", "A4", "B2", "A2", "D4", "C3", "A5", "D3", "B4", "C4", "A3"];
    let mut want = vec![("A1", 1, 1), ("B1", 2, 2), ("C1", 3, 4), ("D2", 3, 4)];
    want.extend(rest.iter().zip(5..).map(|(n, i)| (*n, i, i)));
    assert_eq!(named(&r), expected(&want));
    assert_eq!(r[2].reached, Reached::SemiFinal);
    assert_eq!(r[4].reached, Reached::Groups);
}

/// Swiss only: the standings, place for place; Swiss + knockout: [`final_ranking`].
#[test]
fn a_swiss_only_event_ranks_as_its_standings() {
    let mut rows = swiss(4);
    rows.reverse();
    let r = of_event(EventResults::Swiss { standings: &rows }).expect("a ranking");
    assert_eq!(places(&r), vec![(1, 1, 1), (2, 2, 2), (3, 3, 3), (4, 4, 4)]);
    assert!(r.iter().all(|f| f.reached == Reached::Swiss));
    let b = eight_of_ten(false);
    assert_eq!(
        of_event(EventResults::SwissKnockout { standings: &swiss(10), bracket: &b }),
        final_ranking(&b, &swiss(10))
    );
}
