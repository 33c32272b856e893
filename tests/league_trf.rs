//! The TRF-16 export: a parser written here from the format's column table reads the export
//! of simulated tournaments back to the same pairings and results.

use bitwa::league::simulation::{Simulation, SimulationConfig, simulate};
use bitwa::league::standings::StandingsInput;
use bitwa::league::trf::{TrfEvent, write};
use bitwa::league::*;
use std::collections::BTreeMap;
#[path = "support/trf_result.rs"]
mod trf_result;

#[path = "support/trf_read.rs"]
mod trf_read;
use trf_read::{Game, field, parse};

fn config(players: u32, rounds: u32, seed: u64) -> SimulationConfig {
    let mut cfg = SimulationConfig::new(players, rounds, seed);
    cfg.no_show_per_million = 60_000;
    cfg.withdraw_per_million = 50_000;
    cfg.late_entries = 3;
    cfg
}

fn export(sim: &Simulation, cfg: &SimulationConfig) -> (String, StandingsInput) {
    let input = sim.standings_input();
    let event = TrfEvent {
        name: "Liga Bitwa Warszawska – runda próbna".to_string(),
        city: "Warszawa".to_string(),
        start_date: Some("2026/09/12".to_string()),
        end_date: Some("2026/09/13".to_string()),
        planned_rounds: cfg.rounds,
        names: input.players.iter().map(|p| (p.id, format!("Gracz {}, Żaneta", p.id))).collect(),
    };
    (write(&event, &input), input)
}

#[test]
fn the_trf_of_a_simulated_tournament_reads_back_to_the_same_pairings_and_results() {
    let mut checked = 0;
    let mut codes: BTreeMap<char, usize> = BTreeMap::new();
    for (players, rounds, seed) in [(21u32, 7u32, 1u64), (30, 6, 2), (17, 5, 3)] {
        let cfg = config(players, rounds, seed);
        let sim = simulate(&cfg).expect("simulated");
        let (trf, input) = export(&sim, &cfg);
        let (header, parsed) = parse(&trf);
        assert_eq!(header.get("012").map(String::as_str), Some("Liga Bitwa Warszawska – runda próbna"));
        assert_eq!(header.get("042").map(String::as_str), Some("2026/09/12"));
        assert_eq!(header.get("XXR").map(String::as_str), Some(rounds.to_string().as_str()));
        assert_eq!(parsed.len(), input.players.len());
        // Starting ranks are the registration order; the rank column is the standings'.
        let start_of: BTreeMap<u32, PlayerId> =
            parsed.iter().map(|p| (p.start, PlayerId(i64::from(p.start)))).collect();
        for (k, p) in parsed.iter().enumerate() {
            assert_eq!(p.start as usize, k + 1);
            assert_eq!(p.name, format!("Gracz {}, Żaneta", p.start));
            let row = sim.standings.iter().find(|r| r.player.0 == i64::from(p.start)).expect("row");
            assert_eq!(p.rank, row.rank);
            assert_eq!(
                p.points,
                format!("{}.{}", row.match_points.0 / 2, if row.match_points.0 % 2 == 0 { 0 } else { 5 })
            );
            assert_eq!(p.games.len(), rounds as usize);
        }
        // Every round's pairings and results, back from the cross table.
        for (k, r) in sim.rounds.iter().enumerate() {
            let cell = |id: PlayerId| &parsed[id.0 as usize - 1].games[k];
            for m in &r.record.matches {
                let (a, b) = (cell(m.red_first), cell(m.other));
                assert_eq!((a.opponent, a.colour), (m.other.0 as u32, 'w'), "round {}: {m:?}", k + 1);
                assert_eq!((b.opponent, b.colour), (m.red_first.0 as u32, 'b'), "round {}: {m:?}", k + 1);
                let code = |p: PlayerId| trf_result::result_code(m.decided_by, m.winner, p);
                assert_eq!((a.result, b.result), (code(m.red_first), code(m.other)), "round {}", k + 1);
                checked += 1;
            }
            for &bye in &r.record.byes {
                assert_eq!(cell(bye), &Game { opponent: 0, colour: '-', result: 'U' });
            }
            // Everyone else was not paired: a known absence.
            let paired: Vec<PlayerId> = r
                .record
                .matches
                .iter()
                .flat_map(|m| [m.red_first, m.other])
                .chain(r.record.byes.iter().copied())
                .collect();
            for id in start_of.values().filter(|id| !paired.contains(id)) {
                assert_eq!(cell(*id), &Game { opponent: 0, colour: '-', result: 'Z' });
            }
            for p in &parsed {
                *codes.entry(p.games[k].result).or_default() += 1;
            }
        }
    }
    assert!(checked > 150, "{checked} matches read back");
    for code in ['1', '0', '+', '-', 'U', 'Z'] {
        assert!(codes.get(&code).copied().unwrap_or(0) > 0, "no {code} in the exports: {codes:?}");
    }
}

#[test]
fn the_columns_are_where_the_format_puts_them() {
    let cfg = config(9, 3, 5);
    let sim = simulate(&cfg).expect("simulated");
    let (trf, _) = export(&sim, &cfg);
    let line: Vec<char> =
        trf.lines().find(|l| l.starts_with("001    1 ")).expect("player 1").chars().collect();
    // 5–8 starting rank, right-aligned; 15–47 name (33 characters); 81–84 points; 86–89 rank.
    assert_eq!(field(&line, 5, 8), "   1");
    assert_eq!(field(&line, 15, 47).chars().count(), 33);
    assert!(field(&line, 15, 47).starts_with("Gracz 1, Żaneta "));
    assert!(field(&line, 81, 84).trim().contains('.'));
    // Nothing personal between the name and the points: rating, federation, FIDE number and
    // birth date are blank.
    assert!(field(&line, 48, 80).trim().is_empty(), "{:?}", field(&line, 48, 80));
    // Round 1 at 92–95 / 97 / 99, round 2 ten columns on.
    for at in [92, 102, 112] {
        assert!(field(&line, at, at + 3).trim().parse::<u32>().is_ok());
        assert!(matches!(line[at + 4], 'w' | 'b' | '-'), "column {}", at + 5);
        assert!("10=+-UZ".contains(line[at + 6]), "column {}", at + 7);
    }
    assert_eq!(line.len(), 89 + 3 * 10);
}

#[path = "support/groups.rs"]
#[allow(dead_code)]
mod groups;

/// A group of every size the league schedules, 3 to 16 (issue 34): the lower number wins every
/// match, except that the highest number beats number 1. Its TRF (`trf::write_group`), read back
/// by the parser above: every player's points column is their match points on the group's table,
/// a bye of an odd group is FIDE's zero-point bye (`0000 - Z`, not the pairing bye `U`, which
/// counts a win), and the rank column is the table's rank.
#[test]
fn a_group_s_trf_scores_as_the_group_s_table_for_groups_of_three_to_sixteen() {
    use bitwa::league::round_robin::standings::{DEFAULT_TIEBREAKS, compute};
    for size in 3u32..=16 {
        let pairs: Vec<groups::Pair> = (1..=size)
            .flat_map(|a| (a + 1..=size).map(move |b| (a, b, Some(if (a, b) == (1, size) { b } else { a }))))
            .collect();
        let input = groups::input(0, size, &pairs, size - 1 + size % 2, &DEFAULT_TIEBREAKS, &[2]);
        let table = compute(&input);
        let ranks = table.rows.iter().map(|r| (r.player, r.rank)).collect();
        let event = TrfEvent {
            name: format!("Grupa {size}"),
            city: String::new(),
            start_date: None,
            end_date: None,
            planned_rounds: size - 1 + size % 2,
            names: (1..=size).map(|n| (groups::pid(0, n), format!("Gracz {n}"))).collect(),
        };
        let trf = bitwa::league::trf::write_group(&event, &input, &ranks);
        let (header, players) = parse(&trf);
        assert_eq!(header.get("092").map(String::as_str), Some("Individual: Round-Robin"));
        assert_eq!(players.len(), size as usize);
        for p in &players {
            let row = table.rows.iter().find(|r| r.number == p.start).expect("on the table");
            // Half-points of the TRF's "11.5".
            let halves = |s: &str| (s.trim().parse::<f64>().expect("points") * 2.0).round() as i64;
            assert_eq!(halves(&p.points), row.match_points.0, "size {size}, number {}", p.start);
            assert_eq!(p.rank, row.rank, "size {size}, number {}", p.start);
            let byes: Vec<&Game> = p.games.iter().filter(|g| g.opponent == 0).collect();
            assert_eq!(byes.len(), (size % 2) as usize, "one bye in an odd group");
            assert!(byes.iter().all(|g| (g.colour, g.result) == ('-', 'Z')), "size {size}: {byes:?}");
            let points: u32 = p
                .games
                .iter()
                .map(|g| match g.result {
                    '1' | '+' => 2,
                    '=' => 1,
                    _ => 0,
                })
                .sum();
            assert_eq!(i64::from(points), halves(&p.points), "size {size}: the cells add up");
        }
    }
}
