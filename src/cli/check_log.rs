//! `bitwa check-log`.

use super::{CheckLogArgs, CliError};
use crate::edition_dir::read_edition_dir;
use crate::engine::{Detail, Edition, RuleOptions, validate_log};
use std::process::ExitCode;

pub(super) fn run(args: CheckLogArgs) -> Result<ExitCode, CliError> {
    let loaded = match &args.edition {
        Some(dir) => Some(read_edition_dir(dir).map_err(|e| CliError::Message(e.to_string()))?),
        None => None,
    };
    let options = RuleOptions { time_control_secs: args.time_control, ..args.rules };
    let detail = if args.verbose { Detail::Full } else { Detail::Short };
    let mut all_valid = true;
    for path in &args.files {
        let text =
            std::fs::read_to_string(path).map_err(|source| CliError::Io { path: path.clone(), source })?;
        // Without --edition, the built-in edition the log names (a log keeps the edition it was played on).
        let edition = loaded.as_ref().unwrap_or_else(|| Edition::builtin_for_log(&text));
        let result = validate_log(&text, edition, &options);
        all_valid &= result.is_ok();
        let file = path.display().to_string();
        if args.json {
            let value = match &result {
                Ok(g) => serde_json::json!({ "file": file, "valid": true, "game": g }),
                Err(e) => {
                    serde_json::json!({ "file": file, "valid": false, "error": e.to_json(args.lang, detail) })
                }
            };
            super::random_game::write_stdout(&format!("{value}\n"))?;
            continue;
        }
        match result {
            Ok(g) => {
                let o = g.outcome;
                let line = format!(
                    "{file}: valid: {} wins by {}, Red-side points {}, {} events, ended in round {}{}\n",
                    o.winner,
                    o.termination,
                    o.red_points,
                    g.events,
                    g.rounds,
                    if g.claims_agree {
                        String::new()
                    } else {
                        format!("; header disagrees: {}", g.claim_mismatches.join("; "))
                    }
                );
                super::random_game::write_stdout(&line)?;
            }
            Err(e) => {
                let message = e.render(args.lang, detail);
                super::random_game::write_stdout(&format!("{file}: invalid: {message}\n"))?;
            }
        }
    }
    Ok(if all_valid { ExitCode::SUCCESS } else { ExitCode::FAILURE })
}
