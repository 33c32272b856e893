//! `bitwa check-log`.

use super::{CheckLogArgs, CliError};
use std::process::ExitCode;

pub(super) fn run(_args: CheckLogArgs) -> Result<ExitCode, CliError> {
    Err(CliError::NotBuiltYet {
        command: "check-log",
        part: "the game engine (move-log validation)",
        issue: 3,
    })
}
