//! `bitwa random-game`.

use super::{CliError, RandomGameArgs};
use crate::edition_dir::read_edition_dir;
use crate::engine::{Edition, RuleOptions, random_game};
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
    if args.json {
        let json = serde_json::to_string_pretty(&log).map_err(|e| CliError::Message(e.to_string()))?;
        println!("{json}");
    } else {
        print!("{log}");
    }
    Ok(ExitCode::SUCCESS)
}
