//! Hand-checked Swiss pairings: halves, byes, rematches, forbidden pairs, Red-first alternation,
//! and the explanation.

use bitwa::league::swiss::{ByeReason, FloatReason, NotPairedReason, pairing_costs};
use bitwa::league::*;
use bitwa::outcome::{GameOutcome, Side, Termination};

#[path = "support/pairing.rs"]
#[allow(dead_code)]
mod pairing;
use pairing::{p, players};

fn input(round: u32, players: Vec<PairingPlayer>, history: Vec<RoundRecord>) -> PairingInput {
    PairingInput { round, players, history, forbidden: vec![], scoring: Scoring::default() }
}

/// `winner` beats `loser` 2:0, `red_first` commanding Red in game 1.
fn win(red_first: i64, other: i64, winner: i64) -> MatchResult {
    let game = |red: i64, polish: i64| {
        let w = if red == winner { Side::Red } else { Side::Polish };
        let termination =
            if w == Side::Red { Termination::WarsawEntered } else { Termination::ThreeRedEliminated };
        PlayedGame {
            red: p(red),
            polish: p(polish),
            outcome: GameOutcome { winner: w, termination, red_points: 21 },
        }
    };
    let m = MatchInput {
        red_first: p(red_first),
        other: p(other),
        draw_rule: DrawRule::Stands,
        play: MatchPlay::Played { game1: game(red_first, other), game2: game(other, red_first) },
        knowledge_test: None,
        extra_game: None,
    };
    match outcome_of_match(&m) {
        Ok(MatchDecision::Decided(r)) => r,
        other => panic!("{other:?}"),
    }
}

fn matches(r: &RoundPairing) -> Vec<(u32, i64, i64)> {
    r.pairings
        .iter()
        .filter_map(|x| match *x {
            Pairing::Match { table, red_first, other } => Some((table, red_first.0, other.0)),
            Pairing::Bye { .. } => None,
        })
        .collect()
}

fn bye(r: &RoundPairing) -> Option<i64> {
    r.pairings.iter().find_map(|x| match *x {
        Pairing::Bye { player } => Some(player.0),
        Pairing::Match { .. } => None,
    })
}

#[test]
fn round_one_pairs_top_half_against_bottom_half() {
    let r = pair_round(&input(1, players(8), vec![])).expect("pairs");
    // 1-5, 2-6, 3-7, 4-8; Red first: the higher-ranked on odd tables, the lower on even ones.
    assert_eq!(matches(&r), vec![(1, 1, 5), (2, 6, 2), (3, 3, 7), (4, 8, 4)]);
    assert_eq!(bye(&r), None);
    assert!(r.explanation.floaters.is_empty());
}

#[test]
fn odd_field_gives_the_bye_to_the_lowest_ranked() {
    let r = pair_round(&input(1, players(5), vec![])).expect("pairs");
    assert_eq!(bye(&r), Some(5));
    assert_eq!(matches(&r), vec![(1, 1, 3), (2, 4, 2)]);
    let b = r.explanation.bye.as_ref().expect("bye explained");
    assert_eq!(b.reason, ByeReason::LowestRankedWithoutBye);
    assert!(
        r.explanation
            .to_string()
            .contains("Bye: player 5 (0 points), the lowest-ranked player without a bye")
    );
}

#[test]
fn second_bye_goes_past_a_player_who_had_one() {
    // R1: 1 beat 2, 3 had the bye. R2: 1 and 3 on 1 point, 2 on 0 but... 2 gets the bye.
    let h = vec![RoundRecord { round: 1, matches: vec![win(1, 2, 1)], byes: vec![p(3)] }];
    let r = pair_round(&input(2, players(3), h.clone())).expect("pairs");
    assert_eq!(bye(&r), Some(2));
    // R3 with 1-3 played in R2: 3 can't have a second bye, 2 has had one: 1 gets the bye.
    let mut h3 = h;
    h3.push(RoundRecord { round: 2, matches: vec![win(3, 1, 1)], byes: vec![p(2)] });
    let r = pair_round(&input(3, players(3), h3)).expect("pairs");
    assert_eq!(bye(&r), Some(1));
    assert_eq!(matches(&r).len(), 1);
    let b = r.explanation.bye.expect("explained");
    assert_eq!(b.lower_ranked_had_bye.len() + b.lower_ranked_passed_over.len(), 2);
}

#[test]
fn winners_meet_winners_without_rematches_and_red_first_alternates() {
    let h = vec![RoundRecord { round: 1, matches: vec![win(1, 3, 1), win(4, 2, 2)], byes: vec![] }];
    let r = pair_round(&input(2, players(4), h)).expect("pairs");
    let m = matches(&r);
    // 1 and 2 on 1 point, 3 and 4 on 0. 1 was Red first, 2 was not: 2 is Red first now.
    // 3 was not Red first (wants it), 4 was (does not): 3 is Red first.
    assert_eq!(m, vec![(1, 2, 1), (2, 3, 4)]);
}

#[test]
fn a_rematch_is_never_made_and_the_floaters_are_explained() {
    // 4 players; R1 1-2 (1 won), 3-4 (3 won). R2 would pair 1-3 and 2-4 (winners, losers)...
    // R2 was 1-3 (1 won) and 2-4 (2 won). R3: scores 1: 2, 2: 1, 3: 1, 4: 0. 2 and 3 would meet
    // in their group; 1 and 4 have not met.
    let h = vec![
        RoundRecord { round: 1, matches: vec![win(1, 2, 1), win(3, 4, 3)], byes: vec![] },
        RoundRecord { round: 2, matches: vec![win(1, 3, 1), win(2, 4, 2)], byes: vec![] },
    ];
    let r = pair_round(&input(3, players(4), h)).expect("pairs");
    let mut pairs: Vec<(i64, i64)> = matches(&r).iter().map(|&(_, a, b)| (a.min(b), a.max(b))).collect();
    pairs.sort();
    assert_eq!(pairs, vec![(1, 4), (2, 3)]);
    let f = &r.explanation.floaters;
    assert_eq!(f.len(), 1);
    assert_eq!((f[0].down, f[0].up), (p(1), p(4)));
    assert!(f[0].reasons.contains(&FloatReason::OddGroup { group_size: 1 }));
}

#[test]
fn no_pairing_without_a_rematch_is_an_error_not_a_silent_rematch() {
    let h = vec![RoundRecord { round: 1, matches: vec![win(1, 2, 1)], byes: vec![] }];
    let e = pair_round(&input(2, players(2), h)).expect_err("must refuse");
    assert_eq!(e, PairingError::NoPairingWithoutRematch { round: 2, unpaired: vec![p(1), p(2)] });
    assert!(e.to_string().contains("no pairing without a rematch"));
}

#[test]
fn forbidden_pairs_are_avoided_when_possible_and_reported_when_not() {
    let mut i = input(1, players(4), vec![]);
    i.forbidden = vec![
        ForbiddenPair { a: p(1), b: p(3), until: ForbiddenUntil::Always },
        ForbiddenPair { a: p(2), b: p(4), until: ForbiddenUntil::Round(1) },
    ];
    let r = pair_round(&i).expect("pairs");
    for (_, a, b) in matches(&r) {
        assert!(![(1, 3), (3, 1), (2, 4), (4, 2)].contains(&(a, b)), "forbidden pair {a}-{b}");
    }
    assert!(r.explanation.forbidden_paired.is_empty());
    // Two players, forbidden always: paired anyway, and said so.
    let mut i = input(1, players(2), vec![]);
    i.forbidden = vec![ForbiddenPair { a: p(2), b: p(1), until: ForbiddenUntil::Always }];
    let r = pair_round(&i).expect("pairs");
    assert_eq!(r.explanation.forbidden_paired, vec![(p(1), p(2))]);
    // "Until round 1" no longer applies in round 2.
    let f = ForbiddenPair { a: p(1), b: p(2), until: ForbiddenUntil::Round(1) };
    assert!(f.applies_in(1) && !f.applies_in(2));
}

#[test]
fn withdrawn_players_and_future_late_entries_are_not_paired() {
    let mut ps = players(6);
    ps[1].status = PlayerStatus::Withdrawn;
    ps[5].joined_round = 3;
    let r = pair_round(&input(2, ps, vec![])).expect("pairs");
    let paired: Vec<i64> = matches(&r).iter().flat_map(|&(_, a, b)| [a, b]).chain(bye(&r)).collect();
    assert_eq!(paired.len(), 4);
    assert!(!paired.contains(&2) && !paired.contains(&6));
    let np = &r.explanation.not_paired;
    assert_eq!(np.len(), 2);
    assert_eq!(np[0].reason, NotPairedReason::Withdrawn);
    assert_eq!(np[1].reason, NotPairedReason::JoinsInRound(3));
}

#[test]
fn the_same_input_gives_the_same_pairing_and_it_has_the_best_costs() {
    let i = input(1, players(7), vec![]);
    let a = pair_round(&i).expect("pairs");
    let b = pair_round(&i).expect("pairs");
    assert_eq!(a, b);
    let w = pairing_costs(&i, &a.pairings).expect("valid");
    // A worse pairing (1-2, 3-4, 5-6, bye 7) costs more (top-half/bottom-half).
    let worse = vec![
        Pairing::Match { table: 1, red_first: p(1), other: p(2) },
        Pairing::Match { table: 2, red_first: p(3), other: p(4) },
        Pairing::Match { table: 3, red_first: p(5), other: p(6) },
        Pairing::Bye { player: p(7) },
    ];
    assert!(pairing_costs(&i, &worse).expect("valid") > w);
    assert_eq!(pairing_costs(&i, &worse[..3]), None, "leaving a player out is not a pairing");
    let json = serde_json::to_string(&a).expect("serialise");
    assert_eq!(serde_json::from_str::<RoundPairing>(&json).expect("deserialise"), a);
}

#[test]
fn the_explanation_reads_as_short_plain_text() {
    // Round 3 of the 4-player example above plus a fifth player who joins in round 4.
    let h = vec![
        RoundRecord { round: 1, matches: vec![win(1, 2, 1), win(3, 4, 3)], byes: vec![] },
        RoundRecord { round: 2, matches: vec![win(1, 3, 1), win(2, 4, 2)], byes: vec![] },
    ];
    let mut ps = players(5);
    ps[4].joined_round = 4;
    let r = pair_round(&input(3, ps, h)).expect("pairs");
    assert_eq!(
        r.explanation.to_string(),
        "Round 3.\n\
         Score groups: 2 points: 1; 1 point: 2, 3; 0 points: 4.\n\
         Player 1 (2 points) plays 4 (0 points) outside their score group, 2 points apart: the group has an odd number of players (1); nobody in the score groups between (1 point) could play them without a rematch or a larger difference elsewhere.\n\
         Player 5 is not paired: joins in round 4.\n"
    );
}
