//! `bitwa simulate`.

use super::{CliError, SimulateArgs};
use std::process::ExitCode;

pub(super) fn run(_args: SimulateArgs) -> Result<ExitCode, CliError> {
    Err(CliError::NotBuiltYet {
        command: "simulate",
        part: "the league logic (Swiss, standings, knockout)",
        issue: 4,
    })
}
