//! Service settings, taken from the command line and the environment by `bitwa serve`.

/// Everything `Application::build` needs.
#[derive(Debug, Clone)]
pub struct Settings {
    /// sqlx URL, e.g. `sqlite://bitwa.db`.
    pub database_url: String,
    /// Address to listen on; port 0 picks a free port (tests).
    pub bind: String,
    /// Load the demo tournament and demo logins if the database is empty.
    pub demo: bool,
    /// HTTP worker threads; `None`: one per core.
    pub workers: Option<usize>,
}
