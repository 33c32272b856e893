//! `bitwa serve`.

use super::{CliError, ServeArgs};
use std::process::ExitCode;

pub(super) fn run(_args: ServeArgs) -> Result<ExitCode, CliError> {
    Err(CliError::NotBuiltYet { command: "serve", part: "the service (database, pages, accounts)", issue: 5 })
}
