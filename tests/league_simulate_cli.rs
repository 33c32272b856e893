//! `bitwa simulate` prints the pairings table, a blank line and the standings table as CSV.

use std::process::Command;

fn simulate(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_bitwa")).arg("simulate").args(args).output().expect("runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn simulate_prints_pairings_then_standings_as_csv() {
    let (ok, out, err) = simulate(&["--players", "11", "--rounds", "4", "--seed", "3"]);
    assert!(ok, "{err}");
    let tables: Vec<&str> = out.split("\n\n").collect();
    assert_eq!(tables.len(), 2, "two tables separated by one blank line");
    let pairings: Vec<&str> = tables[0].lines().collect();
    assert_eq!(pairings[0], "round,table,red_first,other,result");
    // 11 players, 4 rounds: 5 matches and a bye per round.
    assert_eq!(pairings.len(), 1 + 4 * 6);
    assert_eq!(pairings.iter().filter(|l| l.contains(",BYE,")).count(), 4);
    let standings: Vec<&str> = tables[1].lines().collect();
    assert_eq!(
        standings[0],
        "rank,player,match_points,direct_encounter,buchholz_cut1,buchholz,sonneborn_berger,games_won,red_side_points,knowledge_test"
    );
    assert_eq!(standings.len(), 12);
    assert!(standings[1].starts_with("1,"));
    // Same seed, same tournament.
    let (_, again, _) = simulate(&["--players", "11", "--rounds", "4", "--seed", "3"]);
    assert_eq!(out, again);
}

#[test]
fn simulate_with_top_withdrawals_and_late_entries_adds_the_knockout() {
    let (ok, out, err) = simulate(&[
        "--players",
        "20",
        "--rounds",
        "5",
        "--top",
        "6",
        "--seed",
        "8",
        "--withdraw-rate",
        "0.05",
        "--late-entries",
        "3",
    ]);
    assert!(ok, "{err}");
    let tables: Vec<&str> = out.split("\n\n").collect();
    assert_eq!(tables.len(), 3);
    assert!(tables[2].starts_with("stage,red_first,other,result,extra_game_red,lot_seed"));
    assert!(tables[2].lines().any(|l| l.starts_with("final,")));
    assert_eq!(tables[1].lines().count(), 1 + 23, "every registered player has a standings row");
}

#[test]
fn simulate_refuses_a_bad_rate() {
    let (ok, _, err) = simulate(&["--players", "4", "--rounds", "1", "--seed", "1", "--withdraw-rate", "2"]);
    assert!(!ok);
    assert!(err.contains("--withdraw-rate"), "{err}");
}

#[test]
fn simulate_with_trf_prints_a_tournament_report_file() {
    let (ok, out, err) = simulate(&["--players", "11", "--rounds", "4", "--seed", "3", "--trf"]);
    assert!(ok, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "012 bitwa simulate: 11 players, 4 rounds, seed 3");
    assert!(lines.contains(&"XXR 4"));
    let players: Vec<&str> = lines.iter().copied().filter(|l| l.starts_with("001 ")).collect();
    assert_eq!(players.len(), 11);
    // Four rounds of ten columns after the rank (positions 86-89).
    assert!(players.iter().all(|l| l.chars().count() == 89 + 4 * 10), "{players:?}");
    // One pairing-allocated bye per round in an 11-player field.
    let byes: usize = players.iter().map(|l| l.matches("0000 - U").count()).sum();
    assert_eq!(byes, 4);
}
