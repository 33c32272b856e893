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

/// Rows of a CSV section after its header.
fn rows(section: &str) -> Vec<Vec<String>> {
    section.lines().skip(1).map(|l| l.split(',').map(str::to_string).collect()).collect()
}

#[test]
fn simulate_groups_prints_the_draw_the_berger_matches_each_groups_standings_and_the_knockout() {
    let args = ["--players", "16", "--groups", "4", "--qualify", "2", "--knockout", "8", "--seed", "5"];
    let (ok, out, err) = simulate(&args);
    assert!(ok, "{err}");
    let sections: Vec<&str> = out.split("\n\n").collect();
    assert_eq!(sections.len(), 1 + 1 + 4 + 1, "draw, matches, four standings, knockout");
    assert!(sections[0].starts_with("group,number,player\n"));
    let draw = rows(sections[0]);
    assert_eq!(draw.len(), 16);
    // The snake: A holds seeds 1, 8, 9, 16 as numbers 1 to 4.
    let a: Vec<&str> = draw.iter().filter(|r| r[0] == "A").map(|r| r[2].as_str()).collect();
    assert_eq!(a, ["1", "8", "9", "16"]);
    let player = |g: &str, n: u32| {
        draw.iter().find(|r| r[0] == g && r[1] == n.to_string()).map(|r| r[2].clone()).expect("drawn")
    };
    assert!(sections[1].starts_with("stage,group,round,table,red_first,other,result\n"));
    let matches = rows(sections[1]);
    assert_eq!(matches.len(), 4 * 3 * 2);
    // Each group plays the 3/4 Berger table (1-4, 2-3 | 4-3, 1-2 | 2-4, 3-1), numbers as drawn.
    let table = [[(1, 4), (2, 3)], [(4, 3), (1, 2)], [(2, 4), (3, 1)]];
    for g in ["A", "B", "C", "D"] {
        for (r, round) in table.iter().enumerate() {
            for (t, &(w, b)) in round.iter().enumerate() {
                let row = matches
                    .iter()
                    .find(|m| m[1] == g && m[2] == (r + 1).to_string() && m[3] == (t + 1).to_string())
                    .expect("scheduled");
                assert_eq!((row[0].as_str(), &row[4], &row[5]), ("groups", &player(g, w), &player(g, b)));
                assert!(!row[6].is_empty(), "every group match has a result");
            }
        }
    }
    for (i, g) in ["A", "B", "C", "D"].iter().enumerate() {
        let s = sections[2 + i];
        assert!(s.starts_with(
            "group,rank,player,match_points,direct_encounter,sonneborn_berger,games_won,red_side_points,knowledge_test\n"
        ));
        let ranks: Vec<String> = rows(s).iter().map(|r| format!("{}{}", r[0], r[1])).collect();
        assert_eq!(ranks, [1, 2, 3, 4].map(|k| format!("{g}{k}")));
    }
    let ko = sections[6];
    assert!(
        ko.starts_with("stage,red_first,other,result,extra_game_red,lot_seed,red_first_from,other_from\n")
    );
    let first: Vec<(String, String)> =
        rows(ko).iter().filter(|r| r[0].starts_with("ko1-")).map(|r| (r[6].clone(), r[7].clone())).collect();
    let pairs: Vec<(&str, &str)> = first.iter().map(|(a, b)| (a.as_str(), b.as_str())).collect();
    assert_eq!(pairs, [("A1", "B2"), ("D1", "C2"), ("B1", "A2"), ("C1", "D2")], "crossover");
    assert!(rows(ko).iter().any(|r| r[0] == "final"));
    // The qualifiers are the groups' top two.
    let winner_a = rows(sections[2])[0][2].clone();
    assert_eq!(rows(ko).iter().find(|r| r[6] == "A1").map(|r| r[1].clone()), Some(winner_a));
    let (_, again, _) = simulate(&args);
    assert_eq!(out, again, "same seed, same tournament");
}

#[test]
fn simulate_groups_double_with_odd_groups_gives_byes_and_twice_the_matches() {
    let (ok, out, err) = simulate(&["--players", "18", "--groups", "4", "--double", "--seed", "2"]);
    assert!(ok, "{err}");
    let sections: Vec<&str> = out.split("\n\n").collect();
    assert_eq!(sections.len(), 1 + 1 + 4, "no knockout asked");
    let matches = rows(sections[1]);
    // Two groups of 5 (10 rounds of 2 matches and a bye), two of 4 (6 rounds of 2 matches).
    let byes = matches.iter().filter(|m| m[5] == "BYE").count();
    assert_eq!(byes, 2 * 10);
    assert_eq!(matches.len() - byes, 2 * 10 * 2 + 2 * 6 * 2);
}

#[test]
fn simulate_groups_refuses_a_knockout_that_does_not_fit() {
    let (ok, _, err) = simulate(&["--players", "16", "--groups", "4", "--knockout", "16", "--seed", "1"]);
    assert!(!ok);
    assert!(err.contains("the groups qualify 8"), "{err}");
    let (ok, _, err) = simulate(&["--players", "8", "--groups", "4", "--seed", "1"]);
    assert!(!ok);
    assert!(err.contains("3 to 16 players"), "{err}");
}
