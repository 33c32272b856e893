//! Round-robin schedules from the Berger tables, FIDE Handbook C.05 (General Regulations for
//! Competitions), Annex 1 (<https://handbook.fide.com/chapter/C05Annex1>). The tables, as their
//! published transcriptions give them (Chris Fox, "Berger Tables",
//! <http://c.w.fox.tripod.com/chess/berger.html>, which reproduces the Annex's tables for 3 to
//! 14 players and its notes; the 15/16 table as FIDE's Annex lists it, transcribed in
//! `BERGER_TABLE_16_PLAYERS` of a pairing program citing "FIDE handbook C.05.Annex 1: Details of
//! Berger Table"):
//!
//! > "If there is an odd number of players (or teams), the highest number counts as a bye."
//!
//! > "If it is decided that players (or teams) shall play each other twice, the fixture list will
//! > be repeated for the second half of the tournament with the black and white players (or home
//! > and away teams) reversed. In this case, it is recommended that the last two rounds of the
//! > first half of the schedule be switched, in order to avoid giving a player three consecutive
//! > games with the same colour".
//!
//! Round 1 of the 7/8 table reads "1-8, 2-7, 3-6, 4-5", round 2 "8-5, 6-4, 7-3, 1-2": the first
//! number of each pair has White. Here White is the player who commands Red in game 1 of the
//! league's match (`red_first`); the rematch swaps sides as in every match.
//!
//! Every published table follows one rule, which is how they are built here (the tests compare
//! the result with the tables typed in by hand): with `m` numbers (even) and `k = m - 1`, round
//! `r` pairs the numbers `a`, `b` below `m` with `a + b = r + 1 (mod k)`; number `m` meets the
//! `p` with `2p = r + 1 (mod k)`, on board 1, `p` with White in odd rounds and `m` in even ones;
//! board `j` (from 2) has `p + j - 1` with White against `p - j + 1` (mod `k`, counted 1 to `k`).

use serde::{Deserialize, Serialize};

/// The smallest group a round robin is scheduled for (3: two matches and a bye per round).
pub const MIN_PLAYERS: u32 = 3;
/// The largest group the league schedules (the national final's 16).
pub const MAX_PLAYERS: u32 = 16;

/// One entry of a round, by the players' numbers in the group's table (1 to the group's size).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "kind")]
pub enum BergerPairing {
    /// `red_first` is the table's White. `table` counts the round's matches from 1 in the
    /// table's board order (the bye is not a table).
    Match { table: u32, red_first: u32, other: u32 },
    /// Paired with the dummy (the highest number of an odd group's table).
    Bye { number: u32 },
}

/// A whole group's schedule: every round in playing order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Schedule {
    pub players: u32,
    pub double: bool,
    pub rounds: Vec<Vec<BergerPairing>>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
pub enum BergerError {
    #[error("a round-robin group needs {MIN_PLAYERS} to {MAX_PLAYERS} players, not {0}")]
    Size(u32),
}

/// Round `round` (1 to `m - 1`) of the Berger table for `m` numbers (even): `(white, black)`
/// pairs in board order, the dummy included.
fn table_round(m: u32, round: u32) -> Vec<(u32, u32)> {
    let k = m - 1;
    // Numbers 1..=k, arithmetic mod k (k + i and i are the same number).
    let wrap = |x: u32| (x + k - 1) % k + 1;
    // 2p = r + 1 (mod k): (r + 1) / 2 for an odd round, (r + 1 + k) / 2 for an even one.
    let p = if round % 2 == 1 { round.div_ceil(2) } else { (round + m) / 2 };
    let mut pairs = Vec::with_capacity(m as usize / 2);
    pairs.push(if round % 2 == 1 { (p, m) } else { (m, p) });
    for j in 2..=m / 2 {
        pairs.push((wrap(p + j - 1), wrap(p + k - (j - 1))));
    }
    pairs
}

/// The Berger schedule of a group of `players` (3 to 16): one cycle of `players - 1` rounds
/// (`players` if odd, each with one bye), or with `double` two cycles, the second the first
/// again with sides reversed, the first cycle's last two rounds swapped (FIDE's advice quoted
/// above) so that nobody starts three matches in a row on the same side.
///
/// # Errors
/// [`BergerError::Size`] outside 3 to 16 players.
pub fn schedule(players: u32, double: bool) -> Result<Schedule, BergerError> {
    if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&players) {
        return Err(BergerError::Size(players));
    }
    let m = players + players % 2;
    let cycle: Vec<u32> = (1..m).collect();
    let mut order: Vec<(u32, bool)> = Vec::new();
    if double {
        let mut first = cycle.clone();
        let n = first.len();
        first.swap(n - 1, n - 2);
        order.extend(first.into_iter().map(|r| (r, false)));
        order.extend(cycle.into_iter().map(|r| (r, true)));
    } else {
        order.extend(cycle.into_iter().map(|r| (r, false)));
    }
    let rounds = order
        .into_iter()
        .map(|(r, reversed)| {
            let mut table = 0;
            table_round(m, r)
                .into_iter()
                .map(|(white, black)| {
                    let (red_first, other) = if reversed { (black, white) } else { (white, black) };
                    if red_first > players || other > players {
                        BergerPairing::Bye { number: red_first.min(other) }
                    } else {
                        table += 1;
                        BergerPairing::Match { table, red_first, other }
                    }
                })
                .collect()
        })
        .collect();
    Ok(Schedule { players, double, rounds })
}

impl Schedule {
    /// Matches each player plays: `players - 1` per cycle.
    #[must_use]
    pub fn matches_per_player(&self) -> u32 {
        (self.players - 1) * if self.double { 2 } else { 1 }
    }
}
