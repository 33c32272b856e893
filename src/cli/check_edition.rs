//! `bitwa check-edition`.

use super::{CheckEditionArgs, CliError};
use std::process::ExitCode;

pub(super) fn run(_args: CheckEditionArgs) -> Result<ExitCode, CliError> {
    Err(CliError::NotBuiltYet { command: "check-edition", part: "the game engine (edition data)", issue: 3 })
}
