//! `bitwa simulate --groups G`: a groups tournament with random results, printed as CSV
//! sections separated by blank lines (docs/league.md, "Simulating a groups tournament"): the
//! group assignment, the group matches, each group's standings, then with `--knockout` the
//! knockout as for a Swiss, with where each player came from.

use super::simulate::{knockout_table, result_cell};
use super::{CliError, SimulateArgs};
use crate::league::group_simulation::{GroupSimulation, GroupSimulationConfig, simulate_groups};
use crate::league::round_robin::berger::BergerPairing;
use crate::league::{GroupQualify, PlayerId, Seeding};
use std::collections::BTreeMap;
use std::io::Write;
use std::process::ExitCode;

pub(super) fn run(args: &SimulateArgs, groups: u32) -> Result<ExitCode, CliError> {
    let cfg = GroupSimulationConfig {
        players: args.players,
        groups,
        double: args.double,
        seeding: Seeding::Snake,
        qualify: GroupQualify { per_group: args.qualify, best_next: args.best_next },
        knockout: args.knockout,
        seed: args.seed,
    };
    let sim = simulate_groups(&cfg).map_err(|e| CliError::Message(e.to_string()))?;
    let text = render(&sim).map_err(|e| CliError::Message(format!("writing CSV: {e}")))?;
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .map_err(|source| CliError::Io { path: "<stdout>".into(), source })?;
    Ok(ExitCode::SUCCESS)
}

fn render(sim: &GroupSimulation) -> Result<String, Box<dyn std::error::Error>> {
    let mut sections = Vec::new();

    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record(["group", "number", "player"])?;
    for g in &sim.groups {
        for (i, p) in g.players.iter().enumerate() {
            w.write_record([g.label.to_string(), (i + 1).to_string(), p.to_string()])?;
        }
    }
    sections.push(String::from_utf8(w.into_inner()?)?);

    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record(["stage", "group", "round", "table", "red_first", "other", "result"])?;
    for g in &sim.groups {
        let number = |n: u32| g.players[n as usize - 1];
        for (r, round) in g.rounds.iter().enumerate() {
            let round_no = (r + 1).to_string();
            for p in &round.pairings {
                match *p {
                    BergerPairing::Match { table, red_first, other } => {
                        let a = number(red_first);
                        let result = round.record.matches.iter().find(|m| m.red_first == a).map(result_cell);
                        w.write_record([
                            "groups".to_string(),
                            g.label.to_string(),
                            round_no.clone(),
                            table.to_string(),
                            a.to_string(),
                            number(other).to_string(),
                            result.unwrap_or_default(),
                        ])?;
                    }
                    BergerPairing::Bye { number: n } => {
                        let label = g.label.to_string();
                        let p = number(n).to_string();
                        w.write_record([
                            "groups",
                            label.as_str(),
                            round_no.as_str(),
                            "",
                            p.as_str(),
                            "BYE",
                            "bye",
                        ])?;
                    }
                }
            }
        }
    }
    sections.push(String::from_utf8(w.into_inner()?)?);

    for g in &sim.groups {
        let mut w = csv::Writer::from_writer(Vec::new());
        let mut header =
            vec!["group".to_string(), "rank".to_string(), "player".to_string(), "match_points".to_string()];
        if let Some(first) = g.standings.rows.first() {
            header.extend(first.tiebreaks.iter().map(|t| t.tiebreak.as_str().to_string()));
        }
        w.write_record(&header)?;
        for row in &g.standings.rows {
            let mut rec = vec![
                g.label.to_string(),
                row.rank.to_string(),
                row.player.to_string(),
                row.match_points.to_string(),
            ];
            rec.extend(row.tiebreaks.iter().map(|t| t.to_decimal_string()));
            w.write_record(&rec)?;
        }
        sections.push(String::from_utf8(w.into_inner()?)?);
    }

    if let Some(k) = &sim.knockout {
        let origins: BTreeMap<PlayerId, String> =
            k.entries.iter().map(|e| (e.player, e.origin.to_string())).collect();
        sections.push(knockout_table(&k.bracket, Some(&origins))?);
    }
    Ok(sections.join("\n"))
}
