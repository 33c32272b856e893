//! `bitwa check-edition`: every problem of an edition folder (or zip), one a line, the rulebook's facts
//! included; under a broken fact, the passage of the rulebook that fixes it (`> …`), as the upload page
//! shows it beside the message.

use super::{CheckEditionArgs, CliError};
use crate::edition_dir::{EditionDirError, read_edition_path};
use crate::outcome::Side;
use std::process::ExitCode;

pub(super) fn run(args: CheckEditionArgs) -> Result<ExitCode, CliError> {
    match read_edition_path(&args.dir) {
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
        Err(EditionDirError::Invalid(all, dir)) => {
            for e in &all.0 {
                println!("{}/{}", dir.display(), e.render(args.polish));
                if let Some(fact) = e.fact {
                    println!("    > {}", fact.quote());
                }
            }
            Ok(ExitCode::FAILURE)
        }
        Err(err) => {
            println!("{}", if args.polish { err.polish() } else { err.to_string() });
            Ok(ExitCode::FAILURE)
        }
    }
}
