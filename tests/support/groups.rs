//! Round-robin groups typed by hand for the league tests (issue 34): who beat whom in each pair,
//! played on the group's Berger schedule (FIDE C.05 Annex 1) as a tournament plays them: every
//! group in the same tournament rounds, so a smaller group's schedule ends before the larger
//! groups' last rounds (those rounds are recorded empty for it, as the tournament has them).

use bitwa::league::round_robin::berger::{BergerPairing, schedule};
use bitwa::league::round_robin::standings::{
    DEFAULT_TIEBREAKS, GroupPlayer, GroupStandings, GroupStandingsInput, WithdrawalRule, compute,
};
use bitwa::league::*;

/// The player numbered `number` (1 first) in group `g` (0 for A): A1 is 101, B3 is 203.
pub fn pid(g: u32, number: u32) -> PlayerId {
    PlayerId(i64::from(100 * (g + 1) + number))
}

/// "A1", "B3": a player's group letter and number.
pub fn name(p: PlayerId) -> String {
    let g = u8::try_from(p.0 / 100 - 1).expect("a group");
    format!("{}{}", char::from(b'A' + g), p.0 % 100)
}

/// One pair's match: numbers `a` and `b`, and the winner's number (2:0, 12 Red-side points to
/// the winner's 4), or `None` for a draw (1:1, 7:7 Red-side points).
pub type Pair = (u32, u32, Option<u32>);

fn result(g: u32, red_first: u32, other: u32, winner: Option<u32>) -> MatchResult {
    let (a, b) = (pid(g, red_first), pid(g, other));
    let tally = |games_won, red_points| MatchTally { games_won, red_points };
    let (winner, decided_by, ta, tb) = match winner {
        Some(w) if w == red_first => (Some(a), DecidedBy::BothGames, tally(2, 12), tally(0, 4)),
        Some(_) => (Some(b), DecidedBy::BothGames, tally(0, 4), tally(2, 12)),
        None => (None, DecidedBy::Draw, tally(1, 7), tally(1, 7)),
    };
    MatchResult {
        red_first: a,
        other: b,
        winner,
        decided_by,
        red_first_tally: ta,
        other_tally: tb,
        extra_game_red: None,
    }
}

/// Group `g` of `size` players with these results, played over `rounds` tournament rounds (at
/// least its own schedule's), ranked with `tiebreaks`; `deciding` the places whose boundary
/// decides qualification.
pub fn input(
    g: u32,
    size: u32,
    pairs: &[Pair],
    rounds: u32,
    tiebreaks: &[Tiebreak],
    deciding: &[u32],
) -> GroupStandingsInput {
    let sched = schedule(size, false).expect("a group of 3 to 16");
    let winner_of = |a: u32, b: u32| {
        pairs
            .iter()
            .find(|&&(x, y, _)| (x, y) == (a, b) || (x, y) == (b, a))
            .unwrap_or_else(|| panic!("the result of {a}-{b} in group {g}"))
            .2
    };
    let records = (1..=rounds)
        .map(|round| {
            let mut record = RoundRecord { round, matches: Vec::new(), byes: Vec::new() };
            for pairing in sched.rounds.get(round as usize - 1).into_iter().flatten() {
                match *pairing {
                    BergerPairing::Match { red_first, other, .. } => {
                        record.matches.push(result(g, red_first, other, winner_of(red_first, other)));
                    }
                    BergerPairing::Bye { number } => record.byes.push(pid(g, number)),
                }
            }
            record
        })
        .collect();
    GroupStandingsInput {
        players: (1..=size)
            .map(|n| GroupPlayer { id: pid(g, n), number: n, knowledge_test: None, withdrawn: false })
            .collect(),
        rounds: records,
        scoring: Scoring::default(),
        tiebreaks: tiebreaks.to_vec(),
        withdrawal: WithdrawalRule::ResultsStand,
        matches_per_player: sched.matches_per_player(),
        deciding: deciding.to_vec(),
        lot_seed: None,
    }
}

/// The groups of sizes 5, 4, 4, 4 (A to D) of issue 34, played in 5 tournament rounds, ranked by
/// the default group tiebreaks, one per group qualifying and the best runner-up (places 1 and 2
/// decide). Match points (a win 1):
/// - A: A1 3 (beat 2, 3, 4), A4 2 (beat 2, 5), A2 2 (beat 3, 5), A5 2 (beat 1, 3), A3 1 (beat 4);
///   A4, A2, A5 level: A4 beat both, A2 beat A5 (direct encounter).
/// - B: B1 2 (beat 2, 4), B3 1.5 (beat 1, drew 2), B2 1.5 (drew 3, beat 4), B4 1 (beat 3); B3
///   and B2 drew each other, Sonneborn-Berger separates them.
/// - C: C1 3, C2 2 (beat 3, 4), C3 1 (beat 4), C4 0.
/// - D: D2 2 (beat 1, 4), D1 2 (beat 3, 4), D4 1 (beat 3), D3 1 (beat 2); D2 beat D1, D4 beat D3.
pub fn five_four_four_four() -> Vec<GroupStandings> {
    const A: [Pair; 10] = [
        (1, 2, Some(1)),
        (1, 3, Some(1)),
        (1, 4, Some(1)),
        (1, 5, Some(5)),
        (2, 3, Some(2)),
        (2, 4, Some(4)),
        (2, 5, Some(2)),
        (3, 4, Some(3)),
        (3, 5, Some(5)),
        (4, 5, Some(4)),
    ];
    const B: [Pair; 6] =
        [(1, 2, Some(1)), (1, 3, Some(3)), (1, 4, Some(1)), (2, 3, None), (2, 4, Some(2)), (3, 4, Some(4))];
    const C: [Pair; 6] = [
        (1, 2, Some(1)),
        (1, 3, Some(1)),
        (1, 4, Some(1)),
        (2, 3, Some(2)),
        (2, 4, Some(2)),
        (3, 4, Some(3)),
    ];
    const D: [Pair; 6] = [
        (1, 2, Some(2)),
        (1, 3, Some(1)),
        (1, 4, Some(1)),
        (2, 3, Some(3)),
        (2, 4, Some(2)),
        (3, 4, Some(4)),
    ];
    [(5, &A[..]), (4, &B[..]), (4, &C[..]), (4, &D[..])]
        .iter()
        .enumerate()
        .map(|(g, (size, pairs))| {
            let g = u32::try_from(g).expect("four groups");
            compute(&input(g, *size, pairs, 5, &DEFAULT_TIEBREAKS, &[1, 2]))
        })
        .collect()
}
