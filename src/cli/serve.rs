//! `bitwa serve`: open the database, print the URL and any login created now, serve until stopped.

use super::{CliError, ServeArgs};
use crate::web::{Application, Settings};
use std::process::ExitCode;
use std::time::Duration;

pub(super) fn run(args: ServeArgs) -> Result<ExitCode, CliError> {
    let settings = Settings {
        database_url: args.database_url,
        bind: args.bind,
        demo: args.demo,
        public_url: args.public_url,
        session_idle: Duration::from_secs(args.session_idle_minutes.saturating_mul(60)),
        session_absolute: Duration::from_secs(args.session_max_hours.saturating_mul(3600)),
        trust_proxy: args.trust_proxy,
        body_deadline: Duration::from_secs(args.body_deadline_secs),
        body_budget: args.body_budget_mib.saturating_mul(1 << 20),
        online_streams: args.online_streams,
        smtp_url: args.smtp_url.filter(|u| !u.trim().is_empty()),
        fast_path: !args.no_fast_path,
        ..Settings::default()
    };
    actix_web::rt::System::new().block_on(async move {
        let app = Application::build(&settings).await.map_err(|e| CliError::Message(e.to_string()))?;
        let host = settings.bind.rsplit_once(':').map_or("127.0.0.1", |(h, _)| h);
        let host = if host == "0.0.0.0" { "127.0.0.1" } else { host };
        println!(
            "bitwa: serving on http://{host}:{}/ (database {})",
            app.port(),
            crate::store::display_url(&settings.database_url)
        );
        for login in app.logins() {
            // Printed once: the first organiser's password is random and stored only as a hash.
            println!("bitwa: {} login: {} / password: {}", login.role, login.username, login.password);
        }
        app.run_until_stopped().await.map_err(|e| CliError::Message(format!("server stopped: {e}")))?;
        Ok(ExitCode::SUCCESS)
    })
}
