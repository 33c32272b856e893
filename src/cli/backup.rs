//! `bitwa backup`: a consistent copy of the database while the service runs (see `store::backup`).

use super::{BackupArgs, CliError};
use crate::store;
use std::process::ExitCode;
use std::time::Instant;

pub(super) fn run(args: BackupArgs) -> Result<ExitCode, CliError> {
    actix_web::rt::System::new().block_on(async move {
        let started = Instant::now();
        let bytes = store::backup::backup(&args.database_url, &args.out)
            .await
            .map_err(|e| CliError::Message(e.to_string()))?;
        println!(
            "bitwa: backup of {} written to {} ({bytes} bytes, {:.1} s)",
            store::display_url(&args.database_url),
            args.out.display(),
            started.elapsed().as_secs_f64()
        );
        Ok(ExitCode::SUCCESS)
    })
}
