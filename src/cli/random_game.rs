//! `bitwa random-game`.

use super::{CliError, RandomGameArgs};
use crate::edition_dir::read_edition_dir;
use crate::engine::{Edition, RuleOptions, mask_unseen, random_game};
use std::io::Write;
use std::process::ExitCode;

pub(super) fn run(args: RandomGameArgs) -> Result<ExitCode, CliError> {
    let loaded;
    let edition = match &args.edition {
        Some(dir) => {
            loaded = read_edition_dir(dir).map_err(|e| CliError::Message(e.to_string()))?;
            &loaded
        }
        None => Edition::builtin(),
    };
    let log = random_game(args.seed, edition, &RuleOptions::default());
    let log = if args.masked { mask_unseen(&log) } else { log };
    let text = if args.json {
        serde_json::to_string_pretty(&log).map_err(|e| CliError::Message(e.to_string()))? + "\n"
    } else {
        log.to_string()
    };
    write_stdout(&text)?;
    Ok(ExitCode::SUCCESS)
}

/// Print to stdout; a closed pipe (`| head`) is not an error.
pub(super) fn write_stdout(text: &str) -> Result<(), CliError> {
    match std::io::stdout().lock().write_all(text.as_bytes()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            Err(CliError::Message(format!("stdout: {e}")))
        }
        _ => Ok(()),
    }
}
