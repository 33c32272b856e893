//! The FIDE Tournament Report File (TRF-16) of the Swiss phase, so an organiser can load the
//! event into Swiss-Manager, Vega or FIDE's tie-break calculator and see the same tiebreaks.
//! A league match is one TRF game: its result is the match result (match points as game
//! points), White is the player who commanded Red in game 1 (the Red Army moves first).
//!
//! Player section (`001` records), positions as the format gives them:
//! "1–3 Data Identification number `001`; 5–8 Starting-rank number; 10 Sex; 11–13 Title;
//! 15–47 Name; 49–52 FIDE Rating; 54–56 FIDE Federation; 58–68 FIDE Number; 70–79 Birth Date;
//! 81–84 Points (format `11.5`); 86–89 Rank", then per round, from position 92 for round 1
//! and every 10 columns after: "92–95 Player or forfeit id (starting-rank number of scheduled
//! opponent; `0000` for bye/absent)", "97 Scheduled colour (`w` / `b` / `-` bye or not
//! paired)", "99 Result". Result codes used: `1` `=` `0` (played), `+` forfeit win, `-`
//! forfeit loss, `U` pairing-allocated bye, `Z` zero-point bye (known absence: a round not
//! paired, before a late entry or after a withdrawal).
//!
//! Sex, title, rating, federation, FIDE number and birth date are left blank: the league does
//! not keep them, and minors' birth dates are never published.

use super::ids::{HalfPoints, PlayerId};
use super::matches::MatchScore;
use super::round_robin::standings::GroupStandingsInput;
use super::scorecard::{CardRound, RoundKind};
use super::scoring::Scoring;
use super::standings::{StandingPlayer, StandingsInput, compute, scorecards};
use std::collections::BTreeMap;
use std::fmt::Write;

/// What the tournament section says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrfEvent {
    pub name: String,
    pub city: String,
    /// `YYYY/MM/DD`.
    pub start_date: Option<String>,
    pub end_date: Option<String>,
    /// Swiss rounds planned (the `XXR` line pairing programs read).
    pub planned_rounds: u32,
    /// Player names by id (`Lastname, Firstname` where known; the name as registered).
    pub names: BTreeMap<PlayerId, String>,
}

/// The TRF text: the tournament section, then one `001` line per player in starting-rank order
/// (the order of `input.players`), each with every round of `input.rounds`.
#[must_use]
pub fn write(event: &TrfEvent, input: &StandingsInput) -> String {
    let ranks: BTreeMap<PlayerId, u32> = compute(input).into_iter().map(|r| (r.player, r.rank)).collect();
    write_as(event, input, "Individual: Swiss-System", &ranks, 'U')
}

/// One round-robin group as TRF can write it: the same records, "092 Individual: Round-Robin",
/// the players' starting-rank numbers their numbers in the group's Berger table (the order of
/// `input.players`), `XXR` the rounds of the schedule, and each player's rank the group's
/// (`ranks`: match points, then the group's tiebreaks and lot, `round_robin::standings`). The bye
/// of an odd group is no game and scores nothing, so it is FIDE's zero-point bye, `Z` (a pairing
/// bye `U` counts a win): the points column is the group table's.
#[must_use]
pub fn write_round_robin(
    event: &TrfEvent,
    input: &StandingsInput,
    ranks: &BTreeMap<PlayerId, u32>,
) -> String {
    write_as(event, input, "Individual: Round-Robin", ranks, 'Z')
}

/// A round-robin group as [`write_round_robin`] writes it, from the group's standings input (its
/// players in Berger-number order, its own schedule's rounds): the bye scores nothing whatever the
/// tournament's scoring gives a Swiss bye, as on the group's table (`round_robin::standings`).
#[must_use]
pub fn write_group(event: &TrfEvent, group: &GroupStandingsInput, ranks: &BTreeMap<PlayerId, u32>) -> String {
    let input = StandingsInput {
        players: group
            .players
            .iter()
            .map(|p| StandingPlayer {
                id: p.id,
                seed: p.number,
                knowledge_test: p.knowledge_test,
                joined_round: 1,
                withdrawn: p.withdrawn,
            })
            .collect(),
        rounds: group.rounds.clone(),
        scoring: Scoring { bye: HalfPoints::ZERO, ..group.scoring },
        tiebreaks: Vec::new(),
    };
    write_round_robin(event, &input, ranks)
}

/// A tournament that opens with round-robin groups, as one TRF (issue 34): every player in
/// starting-rank order (the order of `input.players`), every finished round of the tournament in
/// its column (the groups' rounds, then the knockout's), and the rank column `ranks` (the final
/// ranking once the event is over). "092" names the format, not a Swiss system; `XXR` is the
/// rounds written. As in [`write_group`], a bye (a group's round-robin bye, a knockout bye) is no
/// game and scores nothing, FIDE's zero-point bye `Z`; a round a player has no match in (a
/// smaller group's last rounds, a knockout round after elimination) is `0000 - Z` too. The
/// points column is then the group table's match points plus the knockout's.
#[must_use]
pub fn write_groups_tournament(
    event: &TrfEvent,
    input: &StandingsInput,
    ranks: &BTreeMap<PlayerId, u32>,
    knockout: bool,
) -> String {
    let input = StandingsInput {
        scoring: Scoring { bye: HalfPoints::ZERO, ..input.scoring },
        tiebreaks: Vec::new(),
        ..input.clone()
    };
    let system = if knockout {
        "Individual: Round-Robin groups, then Knockout"
    } else {
        "Individual: Round-Robin groups"
    };
    write_as(event, &input, system, ranks, 'Z')
}

fn write_as(
    event: &TrfEvent,
    input: &StandingsInput,
    system: &str,
    ranks: &BTreeMap<PlayerId, u32>,
    bye: char,
) -> String {
    let cards = scorecards(input);
    let start: BTreeMap<PlayerId, usize> =
        input.players.iter().enumerate().map(|(i, p)| (p.id, i + 1)).collect();
    let mut out = String::new();
    let mut line = |s: String| {
        out.push_str(&s);
        out.push('\n');
    };
    line(format!("012 {}", one_line(&event.name)));
    if !event.city.trim().is_empty() {
        line(format!("022 {}", one_line(&event.city)));
    }
    if let Some(d) = &event.start_date {
        line(format!("042 {d}"));
    }
    if let Some(d) = &event.end_date {
        line(format!("052 {d}"));
    }
    line(format!("062 {}", input.players.len()));
    line(format!("092 {system}"));
    line(format!("XXR {}", event.planned_rounds.max(cards.rounds() as u32)));
    for p in &input.players {
        let Some(card) = cards.get(p.id) else { continue };
        let name = event.names.get(&p.id).map_or_else(|| format!("#{}", p.id), |n| one_line(n));
        let mut s = format!(
            "001 {:>4} {:1}{:>3} {:<33} {:>4} {:>3} {:>11} {:>10} {:>4} {:>4}",
            start.get(&p.id).copied().unwrap_or(0),
            "",
            "",
            truncate(&name, 33),
            "",
            "",
            "",
            "",
            points(card.score),
            ranks.get(&p.id).copied().unwrap_or(0),
        );
        for r in &card.rounds {
            let (opponent, colour, result) = round_cells(r, &start, bye);
            let _ = write!(s, "  {opponent:>4} {colour} {result}");
        }
        line(s.trim_end().to_string());
    }
    out
}

/// Opponent's starting rank (`0000` for none), scheduled colour and result code of one round
/// (`bye`: the code of the pairing's bye).
fn round_cells(r: &CardRound, start: &BTreeMap<PlayerId, usize>, bye: char) -> (String, char, char) {
    let opponent =
        r.opponent.and_then(|o| start.get(&o).copied()).map_or_else(|| "0000".to_string(), |n| n.to_string());
    let colour = if r.opponent.is_some() { if r.red_first { 'w' } else { 'b' } } else { '-' };
    let result = match r.kind {
        RoundKind::Played => match r.result {
            Some(MatchScore::Win) => '1',
            Some(MatchScore::Draw) => '=',
            _ => '0',
        },
        RoundKind::ForfeitWin => '+',
        RoundKind::ForfeitLoss => '-',
        RoundKind::PairingBye => bye,
        RoundKind::Absent | RoundKind::NotYetJoined | RoundKind::Withdrawn => 'Z',
    };
    (opponent, colour, result)
}

/// `11.5`: whole points with one decimal.
fn points(p: HalfPoints) -> String {
    let v = p.0;
    format!("{}{}.{}", if v < 0 { "-" } else { "" }, v.abs() / 2, if v % 2 == 0 { 0 } else { 5 })
}

/// The field is fixed-width: cut to `n` characters (not bytes: names are Polish).
fn truncate(s: &str, n: usize) -> String {
    s.chars().take(n).collect()
}

/// A record is one line: no line breaks from a name.
fn one_line(s: &str) -> String {
    s.chars().map(|c| if c.is_control() { ' ' } else { c }).collect::<String>().trim().to_string()
}
