//! An independent implementation of the C.07 (2023/24) tiebreaks, written from the articles
//! for this test and sharing no code with `bitwa::league::c07`: it reads a plain cross table
//! (per player and round, the opponent and a TRF-style result code).
//!
//! It is first checked against the published answers of IA Mario Held's "Exercises in
//! Tie-Breaking" (FIDE Arbiters' Commission, C.07-2023 edition; the cross tables of his 5-round
//! and 9-round Swiss examples), then compared with the library's standings on simulated
//! tournaments with byes, forfeits, withdrawals and late entries: every Buchholz, Buchholz
//! Cut-1, Sonneborn-Berger and direct-encounter value must be equal.

use bitwa::league::simulation::{SimulationConfig, simulate};
use bitwa::league::standings::StandingRow;
use bitwa::league::*;
use std::collections::BTreeMap;
#[path = "support/trf_result.rs"]
mod trf_result;

/// One round of one player: the opponent (if any) and the result code, as TRF writes them:
/// `1`, `=`, `0` played; `+` forfeit won; `-` forfeit lost; `U` pairing-allocated bye;
/// `F` full-point bye; `H` half-point bye; `Z` zero-point bye; ` ` not paired.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Cell {
    opponent: Option<u32>,
    code: char,
}

/// Scores in half-points (win 2, draw 1), as the league counts them.
struct Table {
    rounds: usize,
    cells: BTreeMap<u32, Vec<Cell>>,
}

const WIN: i64 = 2;
const DRAW: i64 = 1;

impl Cell {
    fn points(self) -> i64 {
        match self.code {
            '1' | '+' | 'U' | 'F' => WIN,
            '=' | 'H' => DRAW,
            _ => 0,
        }
    }

    fn played(self) -> bool {
        matches!(self.code, '1' | '=' | '0') && self.opponent.is_some()
    }

    /// Art. 16's voluntary unplayed rounds: the participant chose not to play (a forfeit lost,
    /// a requested bye of half or zero points, a round not paired). A forfeit won and a bye
    /// the participant did not ask for (pairing-allocated, full-point) are not.
    fn voluntary(self) -> bool {
        matches!(self.code, '-' | 'H' | 'Z' | ' ')
    }
}

impl Table {
    fn score(&self, p: u32) -> i64 {
        self.cells[&p].iter().map(|c| c.points()).sum()
    }

    /// Art. 16.3: the score opponents count. Walking back from the last round, as long as no
    /// round that was not voluntary has been met, a round without an opponent is a draw.
    fn adjusted(&self, p: u32) -> i64 {
        let mut total = 0;
        let mut after_last_real_round = true;
        for c in self.cells[&p].iter().rev() {
            if !c.voluntary() {
                after_last_real_round = false;
            }
            total += if after_last_real_round && c.opponent.is_none() { DRAW } else { c.points() };
        }
        total
    }

    /// Per round: (the opponent's score for Buchholz-like tiebreaks, points scored, voluntary).
    /// Art. 16.4: an unplayed round is a game against a dummy with the participant's own score.
    fn elements(&self, p: u32) -> Vec<(i64, i64, bool)> {
        let own = self.score(p);
        self.cells[&p]
            .iter()
            .map(|c| {
                let opp = if c.played() { self.adjusted(c.opponent.unwrap_or_default()) } else { own };
                (opp, c.points(), c.voluntary())
            })
            .collect()
    }

    fn buchholz(&self, p: u32) -> i64 {
        self.elements(p).iter().map(|e| e.0).sum()
    }

    /// Art. 16.5.1: with voluntary unplayed rounds, the lowest of their contributions is cut
    /// (never lower than the least significant value, which for Buchholz it cannot be).
    fn buchholz_cut1(&self, p: u32) -> i64 {
        let mut e = self.elements(p);
        if e.is_empty() {
            return 0;
        }
        e.sort_by_key(|&(v, _, voluntary)| (!voluntary, v));
        let cut_voluntary = e[0].2;
        let cut = if cut_voluntary { e[0].0 } else { e.iter().map(|x| x.0).min().unwrap_or(0) };
        self.buchholz(p) - cut
    }

    /// Sonneborn-Berger in quarter-points.
    fn sonneborn_berger(&self, p: u32) -> i64 {
        self.elements(p).iter().map(|&(opp, pts, _)| opp * pts).sum()
    }

    /// Direct encounter among `group`: ordered classes of players still tied.
    fn direct_encounter(&self, group: &[u32]) -> Vec<Vec<u32>> {
        let mut done: Vec<Vec<u32>> = Vec::new();
        // A worklist of groups still to examine, in order; each examined group is replaced by
        // its classes.
        let mut work: Vec<Vec<u32>> = vec![group.to_vec()];
        while let Some(g) = work.pop() {
            if g.len() < 2 {
                done.push(g);
                continue;
            }
            // Points scored at the table against the others of the group, and whom they met.
            let mut earned: BTreeMap<u32, i64> = BTreeMap::new();
            let mut met: BTreeMap<u32, usize> = BTreeMap::new();
            for &a in &g {
                let mut opponents = Vec::new();
                for c in &self.cells[&a] {
                    if let Some(o) = c.opponent.filter(|o| c.played() && g.contains(o)) {
                        *earned.entry(a).or_default() += c.points();
                        if !opponents.contains(&o) {
                            opponents.push(o);
                        }
                    }
                }
                met.insert(a, opponents.len());
            }
            let everyone_met = g.iter().all(|a| met[a] == g.len() - 1);
            let reach = |a: u32| earned.get(&a).copied().unwrap_or(0) + (g.len() - 1 - met[&a]) as i64 * WIN;
            let e = |a: u32| earned.get(&a).copied().unwrap_or(0);
            let mut sorted = g.clone();
            sorted.sort_by_key(|&a| (std::cmp::Reverse(e(a)), std::cmp::Reverse(reach(a)), a));
            let classes: Vec<Vec<u32>> = if everyone_met {
                let mut cs: Vec<Vec<u32>> = Vec::new();
                for a in sorted {
                    match cs.last_mut() {
                        Some(c) if e(c[0]) == e(a) => c.push(a),
                        _ => cs.push(vec![a]),
                    }
                }
                cs
            } else {
                // Take from the top every player nobody below can reach any more.
                let mut cs = Vec::new();
                let mut rest = sorted;
                while rest.len() > 1 && rest[1..].iter().all(|&b| e(rest[0]) > reach(b)) {
                    cs.push(vec![rest.remove(0)]);
                }
                cs.push(rest);
                cs
            };
            if classes.len() == 1 {
                done.push(g);
            } else {
                // Examine the classes in order: push them reversed so the first pops first.
                work.extend(classes.into_iter().rev());
            }
        }
        done
    }
}

/// Parse the player lines of a TRF cross table (whitespace-separated: start number, sex,
/// name, rating, federation, FIDE id, birth date, points, rank, then opponent, colour and result
/// per round).
fn parse_crosstable(text: &str) -> Table {
    let mut cells = BTreeMap::new();
    let mut rounds = 0;
    for line in text.lines().filter(|l| l.starts_with("001")) {
        let t: Vec<&str> = line.split_whitespace().collect();
        let start: u32 = t[1].parse().expect("start number");
        let row: Vec<Cell> = t[10..]
            .chunks(3)
            .map(|c| {
                let opp: u32 = c[0].parse().expect("opponent");
                Cell { opponent: (opp > 0).then_some(opp), code: c[2].chars().next().expect("code") }
            })
            .collect();
        rounds = row.len();
        cells.insert(start, row);
    }
    Table { rounds, cells }
}

/// Held's 5-round, 16-player Swiss (his exercises 1 to 13 and 23, 24).
const HELD_SWISS_5: &str = "\
001    2 m    Bruno     2150 NOR 0 1990/01/01  4.0    2    10 b 1     7 w 1     1 b =    16 w 1     3 b =
001    1 m    Alyx      2200 NOR 0 1990/01/01  3.5    1     9 w 1    13 b =     2 w =    15 b 1     4 w =
001    3 m    Charline  2100 NOR 0 1990/01/01  3.5    3    11 w =     6 b 1     8 w 1     4 b =     2 w =
001    4 m    David     2050 NOR 0 1990/01/01  3.5    4    12 b 1     0 - H    13 w 1     3 w =     1 b =
001   16 m    Stephan   1450 NOR 0 1990/01/01  3.5   16     8 w =    11 b 1     7 w 1     2 b 0    15 w 1
001    6 m    Franck    1950 NOR 0 1990/01/01  3.0    6    14 b 0     3 w 0     0 - U    10 w 1     8 b 1
001    5 m    Helene    2000 NOR 0 1990/01/01  2.5    5    13 w 0    15 b 0    11 w 1     7 b =    10 w 1
001    8 m    Irina     1850 NOR 0 1990/01/01  2.5    8    16 b =    14 w 1     3 b 0    13 w 1     6 w 0
001   11 m    Maria     1700 NOR 0 1990/01/01  2.5   11     3 b =    16 w 0     5 b 0     9 w +     7 w 1
001   12 m    Nick      1650 NOR 0 1990/01/01  2.0   12     4 w 0     0 - U    14 w +     0 - Z     0 - Z
001   14 m    Paul      1550 NOR 0 1990/01/01  2.0   14     6 w 1     8 b 0    12 b -     0 - Z    13 b 1
001   15 m    Reine     1500 NOR 0 1990/01/01  2.0   15     7 b 0     5 w 1    10 b 1     1 w 0    16 b 0
001    7 m    Genevieve 1900 NOR 0 1990/01/01  1.5    7    15 w 1     2 b 0    16 b 0     5 w =    11 b 0
001    9 m    Jessica   1800 NOR 0 1990/01/01  1.5    9     1 b 0    10 w 0     0 - H    11 b -     0 - U
001   13 m    Opal      1600 NOR 0 1990/01/01  1.5   13     5 b 1     1 w =     4 b 0     8 b 0    14 w 0
001   10 m    Lais      1750 NOR 0 1990/01/01  1.0   10     2 w 0     9 b 1    15 w 0     6 b 0     5 b 0
";

/// Held's 9-round continuation of the same event (his exercise 25, direct encounter).
const HELD_SWISS_9: &str = "\
001    1 m Alyx      2150 NOR 0 1990/01/01 6.0  1  9 w 1 13 b = 2 w = 15 b 1 4 w = 6 b = 3 b = 16 w = 8 b 1
001    2 m Bruno     2130 NOR 0 1990/01/01 6.0  2 10 b 1 7 w 1 1 b = 16 w 1 3 b 1 4 w = 6 w 0 15 b = 5 w =
001    3 m Charline  2200 NOR 0 1990/01/01 6.5  3 11 w = 6 b 1 8 w 1 4 b = 2 w 0 16 b 1 1 w = 14 w 1 10 b 1
001    4 m David     2110 NOR 0 1990/01/01 6.0  4 12 b 1 0 - H 13 w 1 3 w = 1 b = 2 b = 16 w = 6 b = 15 w 1
001    5 m Helene    1890 NOR 0 1990/01/01 4.0  5 13 w 0 15 b 0 11 w 1 7 b = 10 w 1 14 b 0 9 b 1 8 w 0 2 b =
001    6 m Franck    2090 NOR 0 1990/01/01 6.0  6 14 b 0 3 w 0 0 - U 10 w 1 8 b 1 1 w = 2 b 1 4 w = 16 b 1
001    7 m Genevieve 1950 NOR 0 1990/01/01 4.5  7 15 w 1 2 b 0 16 b 0 5 w = 11 b 0 10 b 0 13 w 1 9 w 1 14 b 1
001    8 m Irina     1930 NOR 0 1990/01/01 4.5  8 16 b = 14 w 1 3 b 0 13 w 1 6 w 0 11 b = 15 w = 5 b 1 1 w 0
001    9 m Jessica   1790 NOR 0 1990/01/01 3.0  9 1 b 0 10 w 0 0 - H 11 b - 0 - U 13 b 1 5 w 0 7 b 0 12 w =
001   10 m Lais      1870 NOR 0 1990/01/01 4.0 10 2 w 0 9 b 1 15 w 0 6 b 0 5 b 0 7 w 1 12 b 1 11 w 1 3 w 0
001   11 m Maria     1810 NOR 0 1990/01/01 3.5 11 3 b = 16 w 0 5 b 0 9 w + 7 w 1 8 w = 14 b 0 10 b 0 13 w =
001   12 m Nick      1770 NOR 0 1990/01/01 3.0 12 4 w 0 0 - U 14 w + 0 - Z 0 - Z 15 b 0 10 w 0 13 b = 9 b =
001   13 m Opal      1750 NOR 0 1990/01/01 2.5 13 5 b 1 1 w = 4 b 0 8 b 0 14 w 0 9 w 0 7 b 0 12 w = 11 b =
001   14 m Paul      1850 NOR 0 1990/01/01 4.0 14 6 w 1 8 b 0 12 b - 0 - Z 13 b 1 5 w 1 11 w 1 3 b 0 7 w 0
001   15 m Reine     1830 NOR 0 1990/01/01 4.0 15 7 b 0 5 w 1 10 b 1 1 w 0 16 b 0 12 w 1 8 b = 2 w = 4 b 0
001   16 m Stephan   1910 NOR 0 1990/01/01 4.5 16 8 w = 11 b 1 7 w 1 2 b 0 15 w 1 3 w 0 4 b = 1 b = 6 w 0
";

/// Half-points (quarter-points for SB) from Held's answers, written as decimal points.
fn units(points: &str, per_point: i64) -> i64 {
    let (whole, frac) = points.split_once('.').unwrap_or((points, "0"));
    let frac: i64 = format!("{frac:0<2}")[..2].parse().expect("fraction");
    whole.parse::<i64>().expect("whole") * per_point + frac * per_point / 100
}

#[test]
fn the_independent_implementation_reproduces_held_s_published_answers() {
    let t = parse_crosstable(HELD_SWISS_5);
    assert_eq!(t.rounds, 5);
    // Scores as printed in the cross table.
    for line in HELD_SWISS_5.lines() {
        let tok: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(t.score(tok[1].parse().expect("id")), units(tok[8], 2), "{line}");
    }
    // Exercises 1-4 and 12-13 (and the calculator's values for the rest of the field).
    let bh = [
        "12.5", "13.0", "15.5", "15.0", "8.5", "12.0", "14.5", "13.5", "9.0", "13.0", "13.5", "11.5", "14.0",
        "11.0", "12.0", "12.5",
    ];
    let bh_c1 = [
        "11.0", "12.0", "13.0", "11.5", "7.5", "11.0", "12.5", "12.0", "7.5", "11.5", "12.0", "9.5", "12.0",
        "9.0", "11.0", "11.0",
    ];
    let sb = [
        "8.00", "9.50", "10.50", "9.75", "4.25", "6.50", "3.25", "5.25", "2.25", "1.50", "5.75", "4.00",
        "4.25", "4.50", "3.50", "7.25",
    ];
    for p in 1..=16u32 {
        let k = p as usize - 1;
        assert_eq!(t.buchholz(p), units(bh[k], 2), "BH of {p}");
        assert_eq!(t.buchholz_cut1(p), units(bh_c1[k], 2), "BH-C1 of {p}");
        assert_eq!(t.sonneborn_berger(p), units(sb[k], 4), "SB of {p}");
    }
    // Exercises 23, 24: the ties on 3.5 (1, 3, 4, 16) and 2.5 (5, 8, 11) are not broken.
    for group in [vec![1, 3, 4, 16], vec![5, 8, 11]] {
        assert_eq!(t.direct_encounter(&group).len(), 1, "{group:?}");
    }
    // Exercise 25: the ranks after points and direct encounter, 9 rounds.
    let t9 = parse_crosstable(HELD_SWISS_9);
    let expected: BTreeMap<u32, usize> = [
        (1, 3),
        (2, 5),
        (3, 1),
        (4, 3),
        (5, 9),
        (6, 2),
        (7, 6),
        (8, 6),
        (9, 14),
        (10, 9),
        (11, 13),
        (12, 14),
        (13, 16),
        (14, 9),
        (15, 9),
        (16, 6),
    ]
    .into_iter()
    .collect();
    let mut by_score: BTreeMap<std::cmp::Reverse<i64>, Vec<u32>> = BTreeMap::new();
    for p in 1..=16 {
        by_score.entry(std::cmp::Reverse(t9.score(p))).or_default().push(p);
    }
    let mut rank = 1;
    let mut got = BTreeMap::new();
    for group in by_score.values() {
        for class in t9.direct_encounter(group) {
            for &p in &class {
                got.insert(p, rank);
            }
            rank += class.len();
        }
    }
    assert_eq!(got, expected);
}

/// The cross table of a simulated tournament, read straight from its rounds.
fn table_of(rounds: &[RoundRecord], players: &[PlayerId]) -> Table {
    let mut cells: BTreeMap<u32, Vec<Cell>> = players
        .iter()
        .map(|p| (p.0 as u32, vec![Cell { opponent: None, code: ' ' }; rounds.len()]))
        .collect();
    for (k, r) in rounds.iter().enumerate() {
        for m in &r.matches {
            for (me, opp) in [(m.red_first, m.other), (m.other, m.red_first)] {
                let code = trf_result::result_code(m.decided_by, m.winner, me);
                cells.get_mut(&(me.0 as u32)).expect("player")[k] =
                    Cell { opponent: Some(opp.0 as u32), code };
            }
        }
        for b in &r.byes {
            cells.get_mut(&(b.0 as u32)).expect("player")[k] = Cell { opponent: None, code: 'U' };
        }
    }
    Table { rounds: rounds.len(), cells }
}

fn value(row: &StandingRow, t: Tiebreak) -> i64 {
    row.tiebreaks.iter().find(|v| v.tiebreak == t).map(|v| v.value).expect("tiebreak present")
}

/// Seeds 1 to 25, fields of 9 to 57 players (odd and even), 5 to 9 rounds; 2 to 10% no-shows,
/// withdrawals, late entries.
#[test]
fn every_tiebreak_of_simulated_tournaments_equals_the_independent_value() {
    let mut compared = 0;
    let mut with_vur = 0;
    let mut separated_in_part = 0;
    let mut simulated = 0;
    for seed in 1..=25u64 {
        let players = 9 + (seed as u32 * 7) % 49;
        let mut cfg = SimulationConfig::new(players, 5 + (seed as u32 % 5), seed);
        cfg.no_show_per_million = [20_000, 50_000, 100_000][seed as usize % 3];
        cfg.withdraw_per_million = [0, 30_000, 80_000][seed as usize % 3];
        cfg.late_entries = (seed % 4) as u32;
        // A small field can run out of opponents before the last round: such a tournament
        // stops there (the invariants tests check that claim); try the next seed.
        let Ok(sim) = simulate(&cfg) else { continue };
        simulated += 1;
        let ids: Vec<PlayerId> = sim.standings.iter().map(|r| r.player).collect();
        let rounds: Vec<RoundRecord> = sim.rounds.iter().map(|r| r.record.clone()).collect();
        let t = table_of(&rounds, &ids);
        for row in &sim.standings {
            let p = row.player.0 as u32;
            assert_eq!(row.match_points.0, t.score(p), "seed {seed}: score of {p}");
            assert_eq!(value(row, Tiebreak::Buchholz), t.buchholz(p), "seed {seed}: BH of {p}");
            assert_eq!(value(row, Tiebreak::BuchholzCut1), t.buchholz_cut1(p), "seed {seed}: BH-C1 of {p}");
            assert_eq!(
                value(row, Tiebreak::SonnebornBerger),
                t.sonneborn_berger(p),
                "seed {seed}: SB of {p}"
            );
            if t.cells[&p].iter().any(|c| c.voluntary()) {
                with_vur += 1;
            }
            compared += 1;
        }
        // Direct encounter is the first tiebreak: the groups are the players level on points.
        let mut groups: BTreeMap<i64, Vec<u32>> = BTreeMap::new();
        for row in &sim.standings {
            groups.entry(row.match_points.0).or_default().push(row.player.0 as u32);
        }
        for group in groups.values() {
            let classes = t.direct_encounter(group);
            if classes.len() > 1 && classes.iter().any(|c| c.len() > 1) {
                separated_in_part += 1;
            }
            let mut below = group.len();
            for class in classes {
                below -= class.len();
                for p in class {
                    let row = sim.standings.iter().find(|r| r.player.0 as u32 == p).expect("row");
                    assert_eq!(value(row, Tiebreak::DirectEncounter), below as i64, "seed {seed}: DE of {p}");
                }
            }
        }
    }
    assert!(simulated >= 20, "only {simulated} tournaments simulated");
    assert!(compared > 600, "{compared} players compared");
    assert!(with_vur > 100, "only {with_vur} players with voluntary unplayed rounds");
    assert!(separated_in_part > 0, "no tie was separated only in part");
}
