//! Knockout brackets: seeding, byes to the top seeds, 1 and 2 only in the final, third place,
//! recorded lots for the extra game.

use bitwa::league::knockout::*;
use bitwa::league::*;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{RngCore, SeedableRng};

fn ids(k: i64) -> Vec<PlayerId> {
    (1..=k).map(|i| PlayerId(100 + i)).collect()
}

/// A decided match with `winner` winning 2:0 (the details do not matter to the bracket).
fn result(red_first: PlayerId, other: PlayerId, winner: PlayerId) -> MatchResult {
    MatchResult {
        red_first,
        other,
        winner: Some(winner),
        decided_by: DecidedBy::BothGames,
        red_first_tally: MatchTally::default(),
        other_tally: MatchTally::default(),
        extra_game_red: None,
    }
}

fn seeds(m: &BracketMatch) -> [Option<u32>; 2] {
    m.slots.map(|s| match s {
        Slot::Player { seed, .. } => Some(seed),
        _ => None,
    })
}

#[test]
fn eight_players_are_seeded_one_v_eight_and_one_two_in_opposite_halves() {
    let b = Bracket::seeded(&ids(8), false, 7).expect("bracket");
    let first: Vec<_> = b.rounds[0].iter().map(seeds).collect();
    assert_eq!(first, vec![[Some(1), Some(8)], [Some(4), Some(5)], [Some(2), Some(7)], [Some(3), Some(6)]]);
    assert_eq!(b.rounds.len(), 3);
    // The better seed commands Red first.
    assert_eq!(b.rounds[0][0].players(), Some((PlayerId(101), PlayerId(108))));
}

#[test]
fn byes_go_to_the_top_seeds_when_k_is_not_a_power_of_two() {
    let b = Bracket::seeded(&ids(6), true, 7).expect("bracket");
    // Bracket of 8: seeds 7 and 8 are byes, so 1 and 2 go straight to round 2.
    assert_eq!(seeds(&b.rounds[0][0]), [Some(1), None]);
    assert_eq!(seeds(&b.rounds[0][2]), [Some(2), None]);
    assert_eq!(seeds(&b.rounds[1][0])[0], Some(1));
    assert_eq!(seeds(&b.rounds[1][1])[0], Some(2));
    let ready: Vec<_> = b.ready().iter().map(|m| seeds(m)).collect();
    assert_eq!(ready, vec![[Some(4), Some(5)], [Some(3), Some(6)]]);
    assert!(Bracket::seeded(&ids(1), false, 0).is_err());
    let dup = [PlayerId(1), PlayerId(1)];
    assert_eq!(Bracket::seeded(&dup, false, 0), Err(KnockoutError::DuplicatePlayer(PlayerId(1))));
}

/// Play a whole bracket with random winners; returns it.
fn play_out(k: i64, seed: u64, third: bool) -> Bracket {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut b = Bracket::seeded(&ids(k), third, seed).expect("bracket");
    while let Some(m) = b.ready().first().map(|m| (m.at, m.players())) {
        let (at, Some((a, c))) = m else { panic!("ready match without players") };
        let w = if rng.next_u32() % 2 == 0 { a } else { c };
        b.record_result(at, result(a, c, w)).expect("recorded");
    }
    b
}

#[test]
fn seeds_one_and_two_can_only_meet_in_the_final() {
    for k in 2..=40 {
        for seed in 0..20 {
            let b = play_out(k, seed, true);
            assert!(b.champion().is_some(), "k={k}: bracket finished");
            let last = b.rounds.len() - 1;
            for (r, round) in b.rounds.iter().enumerate() {
                for m in round {
                    let s = seeds(m);
                    if s.contains(&Some(1)) && s.contains(&Some(2)) {
                        assert_eq!(r, last, "k={k}: 1 and 2 met before the final");
                    }
                }
            }
            if k >= 3 {
                assert!(b.third().is_some(), "k={k}: third place decided");
            }
        }
    }
}

#[test]
fn favourites_winning_gives_a_final_of_one_against_two() {
    for k in 2..=33 {
        let mut b = Bracket::seeded(&ids(k), false, 1).expect("bracket");
        while let Some((at, (a, c))) = b.ready().first().and_then(|m| Some((m.at, m.players()?))) {
            b.record_result(at, result(a, c, a)).expect("recorded");
        }
        let fin = &b.rounds[b.rounds.len() - 1][0];
        assert_eq!(seeds(fin), [Some(1), Some(2)], "k={k}");
        assert_eq!(b.champion(), Some(PlayerId(101)));
    }
}

#[test]
fn results_are_checked_and_the_extra_game_lot_is_recorded_and_repeatable() {
    let mut b = Bracket::seeded(&ids(4), true, 99).expect("bracket");
    let at = MatchRef::Main { round: 0, index: 0 };
    let (a, c) = b.get(at).and_then(BracketMatch::players).expect("players");
    assert_eq!(b.record_result(at, result(a, PlayerId(1), a)), Err(KnockoutError::WrongPlayers(at)));
    let draw = MatchResult { winner: None, decided_by: DecidedBy::Draw, ..result(a, c, a) };
    assert_eq!(b.record_result(at, draw), Err(KnockoutError::NoWinner(at)));
    let fin = MatchRef::Main { round: 1, index: 0 };
    assert_eq!(b.record_result(fin, result(a, c, a)), Err(KnockoutError::NotReady(fin)));

    let lot = b.draw_extra_game_red(at).expect("lot");
    assert!(lot.red == a || lot.red == c);
    assert_eq!(b.draw_extra_game_red(at), Ok(lot), "drawn once, then recorded");
    assert_eq!(b.get(at).and_then(|m| m.extra_game_lot), Some(lot));
    let mut again = Bracket::seeded(&ids(4), true, 99).expect("bracket");
    assert_eq!(again.draw_extra_game_red(at), Ok(lot), "same seed, same lot");
    // Different lot seeds draw both sides over many brackets.
    let reds: std::collections::BTreeSet<PlayerId> = (0..32)
        .map(|s| {
            Bracket::seeded(&ids(4), true, s).and_then(|mut b| b.draw_extra_game_red(at)).expect("lot").red
        })
        .collect();
    assert_eq!(reds.len(), 2);

    b.record_result(at, result(a, c, c)).expect("recorded");
    assert_eq!(b.record_result(at, result(a, c, c)), Err(KnockoutError::AlreadyDecided(at)));
    let third = b.third_place.as_ref().expect("third place match");
    assert_eq!(third.slots[0], Slot::Player { id: a, seed: 1 });
}

#[test]
fn a_bracket_is_seeded_from_the_top_of_the_standings() {
    let rows: Vec<StandingRow> = [(2, 7), (1, 3), (3, 9), (4, 1)]
        .into_iter()
        .map(|(rank, id)| StandingRow {
            rank,
            player: PlayerId(id),
            match_points: HalfPoints(10 - i64::from(rank)),
            tiebreaks: vec![],
            seed: rank,
            red_side_points: 0,
        })
        .collect();
    let b = Bracket::from_standings(&rows, 3, false, 5).expect("bracket");
    // Seeds by rank: 3 (rank 1), 7 (rank 2), 9 (rank 3); seed 1 gets the bye.
    assert_eq!(b.rounds[0][0].slots, [Slot::Player { id: PlayerId(3), seed: 1 }, Slot::Bye]);
    assert_eq!(b.rounds[0][1].players(), Some((PlayerId(7), PlayerId(9))));
}

#[test]
fn knockout_rounds_are_named_by_the_rounds_left_to_the_final() {
    use bitwa::league::{BracketRound, MatchRef, rounds_for};
    // 16 players: 1/8 finału, ćwierćfinał, półfinał, finał; 32: 1/16 first; 6 fill up to 8.
    assert_eq!(rounds_for(16), 4);
    assert_eq!(rounds_for(6), 3);
    assert_eq!(rounds_for(2), 1);
    let names: Vec<BracketRound> = (0..4).map(|r| BracketRound::of_round(r, 4)).collect();
    assert_eq!(
        names,
        [BracketRound::Fraction(8), BracketRound::QuarterFinal, BracketRound::SemiFinal, BracketRound::Final]
    );
    assert_eq!(BracketRound::of_round(0, 5), BracketRound::Fraction(16));
    assert_eq!(MatchRef::ThirdPlace.stage(2), BracketRound::ThirdPlace);
    assert_eq!(MatchRef::Main { round: 1, index: 0 }.stage(2), BracketRound::Final);
    // The bracket's own rounds agree with its size.
    let ranked: Vec<bitwa::league::PlayerId> = (1..=6).map(bitwa::league::PlayerId).collect();
    let b = bitwa::league::Bracket::seeded(&ranked, true, 1).unwrap();
    assert_eq!(u32::try_from(b.rounds.len()).unwrap(), rounds_for(6));
}
