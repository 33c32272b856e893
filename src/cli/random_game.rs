//! `bitwa random-game`.

use super::{CliError, RandomGameArgs};
use std::process::ExitCode;

pub(super) fn run(_args: RandomGameArgs) -> Result<ExitCode, CliError> {
    Err(CliError::NotBuiltYet {
        command: "random-game",
        part: "the game engine (random legal games)",
        issue: 3,
    })
}
