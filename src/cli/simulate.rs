//! `bitwa simulate`: a whole tournament with random results (drawn as real games and decided by
//! the league's match-outcome rules), printed as CSV: the pairings table, a blank line, the
//! standings table, and with `--top` a blank line and the knockout table. With `--trf`, the
//! Swiss phase as a FIDE Tournament Report File instead (load it into a tie-break calculator).

use super::{CliError, SimulateArgs};
use crate::league::simulation::{Simulation, SimulationConfig, match_label, simulate};
use crate::league::trf::TrfEvent;
use crate::league::{MatchResult, Pairing, PlayerId};
use std::io::Write;
use std::process::ExitCode;

pub(super) fn run(args: SimulateArgs) -> Result<ExitCode, CliError> {
    let rounds =
        args.rounds.ok_or_else(|| CliError::Message("--rounds or --groups is needed".to_string()))?;
    if !(0.0..=1.0).contains(&args.withdraw_rate) {
        return Err(CliError::Message(format!(
            "--withdraw-rate must be between 0 and 1, not {}",
            args.withdraw_rate
        )));
    }
    if args.players < 2 {
        return Err(CliError::Message("--players must be at least 2".to_string()));
    }
    let mut cfg = SimulationConfig::new(args.players, rounds, args.seed);
    cfg.top = args.top;
    // The league works in integers: the rate becomes parts per million.
    cfg.withdraw_per_million = (args.withdraw_rate * 1_000_000.0).round() as u32;
    cfg.late_entries = args.late_entries;
    let sim = simulate(&cfg).map_err(|e| CliError::Message(e.to_string()))?;
    let text = if args.trf {
        trf(&sim, &cfg)
    } else {
        render(&sim).map_err(|e| CliError::Message(format!("writing CSV: {e}")))?
    };
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .map_err(|source| CliError::Io { path: "<stdout>".into(), source })?;
    Ok(ExitCode::SUCCESS)
}

/// The TRF of the simulation's Swiss rounds; players are named by their number.
fn trf(sim: &Simulation, cfg: &SimulationConfig) -> String {
    let input = sim.standings_input();
    let event = TrfEvent {
        name: format!("bitwa simulate: {} players, {} rounds, seed {}", cfg.players, cfg.rounds, cfg.seed),
        city: String::new(),
        start_date: None,
        end_date: None,
        planned_rounds: cfg.rounds,
        names: input.players.iter().map(|p| (p.id, format!("Player {}", p.id))).collect(),
    };
    crate::league::trf::write(&event, &input)
}

/// The result column, from the pairing's point of view: who won (`red_first`, `other`, or
/// `draw`) and which rule decided it.
pub(super) fn result_cell(r: &MatchResult) -> String {
    let who = match r.winner {
        Some(w) if w == r.red_first => "red_first",
        Some(_) => "other",
        None if r.decided_by == crate::league::DecidedBy::DoubleNoShow => "none",
        None => "draw",
    };
    format!("{who}:{}", r.decided_by.as_str())
}

fn render(sim: &Simulation) -> Result<String, Box<dyn std::error::Error>> {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record(["round", "table", "red_first", "other", "result"])?;
    for r in &sim.rounds {
        let round = r.pairing.round.to_string();
        let result_of = |a: PlayerId| r.record.matches.iter().find(|m| m.red_first == a).map(result_cell);
        for p in &r.pairing.pairings {
            match *p {
                Pairing::Match { table, red_first, other } => w.write_record([
                    round.clone(),
                    table.to_string(),
                    red_first.to_string(),
                    other.to_string(),
                    result_of(red_first).unwrap_or_default(),
                ])?,
                Pairing::Bye { player } => {
                    w.write_record([round.as_str(), "", &player.to_string(), "BYE", "bye"])?;
                }
            }
        }
    }
    let mut text = String::from_utf8(w.into_inner()?)?;
    text.push('\n');

    let mut w = csv::Writer::from_writer(Vec::new());
    let mut header = vec!["rank".to_string(), "player".to_string(), "match_points".to_string()];
    if let Some(first) = sim.standings.first() {
        header.extend(first.tiebreaks.iter().map(|t| t.tiebreak.as_str().to_string()));
    }
    w.write_record(&header)?;
    for row in &sim.standings {
        let mut rec = vec![row.rank.to_string(), row.player.to_string(), row.match_points.to_string()];
        rec.extend(row.tiebreaks.iter().map(|t| t.to_decimal_string()));
        w.write_record(&rec)?;
    }
    text.push_str(&String::from_utf8(w.into_inner()?)?);

    if let Some(b) = &sim.knockout {
        text.push('\n');
        text.push_str(&knockout_table(b, None)?);
    }
    Ok(text)
}

/// The knockout table: one line per match with both players known; with `origins`, where each
/// player came from ("A1") in two more columns.
pub(super) fn knockout_table(
    b: &crate::league::Bracket,
    origins: Option<&std::collections::BTreeMap<PlayerId, String>>,
) -> Result<String, Box<dyn std::error::Error>> {
    let mut w = csv::Writer::from_writer(Vec::new());
    let mut header = vec!["stage", "red_first", "other", "result", "extra_game_red", "lot_seed"];
    if origins.is_some() {
        header.extend(["red_first_from", "other_from"]);
    }
    w.write_record(&header)?;
    let rounds = b.rounds.len();
    for m in b.rounds.iter().flatten().chain(b.third_place.iter()) {
        let Some((a, o)) = m.players() else { continue };
        let result = m.result.as_ref().map(result_cell).unwrap_or_default();
        let lot = m.extra_game_lot;
        let mut rec = vec![
            match_label(m.at, rounds),
            a.to_string(),
            o.to_string(),
            result,
            lot.map(|l| l.red.to_string()).unwrap_or_default(),
            lot.map(|l| l.seed.to_string()).unwrap_or_default(),
        ];
        if let Some(origins) = origins {
            rec.extend([a, o].map(|p| origins.get(&p).cloned().unwrap_or_default()));
        }
        w.write_record(&rec)?;
    }
    Ok(String::from_utf8(w.into_inner()?)?)
}
