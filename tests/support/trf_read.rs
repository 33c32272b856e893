//! The project's TRF-16 reader for tests, written from the format's column table (not from the
//! writer): the tournament section by record code, and each `001` player record's columns.

use std::collections::BTreeMap;

/// A cell of the parsed cross table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    pub opponent: u32,
    pub colour: char,
    pub result: char,
}

#[derive(Debug, Clone)]
pub struct Player {
    pub start: u32,
    pub name: String,
    pub points: String,
    pub rank: u32,
    pub games: Vec<Game>,
}

/// Columns are 1-based inclusive in the format's table ("5–8 Starting-rank number", ...).
pub fn field(line: &[char], from: usize, to: usize) -> String {
    line.get(from - 1..to.min(line.len())).map(|c| c.iter().collect::<String>()).unwrap_or_default()
}

/// The TRF-16 player section: "1–3 Data Identification number (001); 5–8 Starting-rank number;
/// 15–47 Name; 81–84 Points; 86–89 Rank"; per round, from 92 for round 1 and 10 columns on for
/// each next: "92–95 Player or forfeit id; 97 Scheduled colour or forfeit; 99 Result".
pub fn parse(trf: &str) -> (BTreeMap<String, String>, Vec<Player>) {
    let mut header = BTreeMap::new();
    let mut players = Vec::new();
    for raw in trf.lines() {
        let line: Vec<char> = raw.chars().collect();
        let code = field(&line, 1, 3);
        if code != "001" {
            header.insert(code, field(&line, 5, line.len()));
            continue;
        }
        assert_eq!(line[3], ' ', "column 4 separates the record code");
        let mut games = Vec::new();
        let mut at = 92;
        while line.len() >= at + 7 {
            assert_eq!(field(&line, at - 2, at - 1), "  ", "two blanks before each round: {raw}");
            games.push(Game {
                opponent: field(&line, at, at + 3).trim().parse().expect("opponent id"),
                colour: line[at + 4],
                result: line[at + 6],
            });
            at += 10;
        }
        players.push(Player {
            start: field(&line, 5, 8).trim().parse().expect("starting rank"),
            name: field(&line, 15, 47).trim_end().to_string(),
            points: field(&line, 81, 84).trim().to_string(),
            rank: field(&line, 86, 89).trim().parse().expect("rank"),
            games,
        });
    }
    (header, players)
}
