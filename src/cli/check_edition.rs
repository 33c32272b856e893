//! `bitwa check-edition`.

use super::{CheckEditionArgs, CliError};
use crate::edition_dir::read_edition_dir;
use crate::outcome::Side;
use std::process::ExitCode;

pub(super) fn run(args: CheckEditionArgs) -> Result<ExitCode, CliError> {
    match read_edition_dir(&args.dir) {
        Ok(e) => {
            println!(
                "{}: valid edition `{}` ({}): {} spaces, {} units, {} Red and {} Polish cards",
                args.dir.display(),
                e.id(),
                e.name(),
                e.hex_count(),
                e.unit_count(),
                e.cards(Side::Red).count(),
                e.cards(Side::Polish).count()
            );
            Ok(ExitCode::SUCCESS)
        }
        Err(err) => {
            println!("{err}");
            Ok(ExitCode::FAILURE)
        }
    }
}
