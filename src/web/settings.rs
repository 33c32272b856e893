//! Service settings, taken from the command line and the environment by `bitwa serve`.

use std::time::Duration;

/// Everything `Application::build` needs. Build it with `..Settings::default()` so that new
/// settings keep their defaults.
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
    /// The address people use (`BITWA_PUBLIC_URL`); `https://…` makes cookies `Secure` and adds
    /// `Strict-Transport-Security`.
    pub public_url: Option<String>,
    /// A session unused this long ends (`BITWA_SESSION_IDLE_MINUTES`, default 12 h).
    pub session_idle: Duration,
    /// A session ends this long after login, however active (`BITWA_SESSION_MAX_HOURS`, default 24 h).
    pub session_absolute: Duration,
    /// Behind a reverse proxy that sets `X-Forwarded-For`: throttle logins by that address
    /// (`BITWA_TRUST_PROXY`). Off by default: a client could otherwise claim any address.
    pub trust_proxy: bool,
    /// Password-hashing threads (at most this many checks at once); 0: one per core.
    pub hash_threads: usize,
    /// How long a login may wait for a hashing thread before the answer is 503.
    pub hash_deadline: Duration,
    /// How long a request body may take to arrive after its head (`BITWA_BODY_DEADLINE_SECS`,
    /// default 10 s); past it, 408.
    pub body_deadline: Duration,
    /// Bytes of request bodies all connections may be reading at once (`BITWA_BODY_BUDGET_MIB`,
    /// default 64 MiB); anonymous requests get half.
    pub body_budget: usize,
    /// Answer every request with `Server-Timing: app;dur=<ms>` (W3C Server Timing: "the server
    /// communicates performance metrics about the request-response cycle"): the time from the
    /// request reaching the app's middleware to its response head, for the benchmarks. Off by
    /// default: visitors are not told how long the server worked.
    pub server_timing: bool,
    /// How often the service applies the seasons' retention (issue 41: a season's persons' data
    /// erased its set number of days after its last day). Every hour by default; the first run at start.
    pub retention_every: Duration,
    /// The most live streams of online pages the process holds at once (`BITWA_ONLINE_STREAMS`;
    /// past it a new one is answered 503); each link holds at most 4.
    pub online_streams: usize,
    /// The SMTP relay the entries' mails go through (`BITWA_SMTP_URL`, see `app::mail`); `None`:
    /// no mail is queued, links are shown on screen only.
    pub smtp_url: Option<String>,
    /// Answer a shared page an anonymous visitor asks for again from the answer kept while nothing
    /// was committed since (`read_model::hot`); off only to measure what it saves.
    pub fast_path: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            database_url: "sqlite://bitwa.db".into(),
            bind: "127.0.0.1:8080".into(),
            demo: false,
            workers: None,
            public_url: None,
            session_idle: Duration::from_secs(12 * 3600),
            session_absolute: Duration::from_secs(24 * 3600),
            trust_proxy: false,
            hash_threads: 0,
            hash_deadline: Duration::from_secs(5),
            body_deadline: crate::web::security::bodies::BODY_DEADLINE,
            body_budget: crate::web::security::bodies::BODY_BUDGET_BYTES,
            server_timing: false,
            retention_every: Duration::from_secs(3600),
            online_streams: crate::web::routes::online::STREAMS_MAX,
            smtp_url: None,
            fast_path: true,
        }
    }
}

impl Settings {
    /// Is the service reached over HTTPS?
    #[must_use]
    pub fn https(&self) -> bool {
        self.public_url.as_deref().is_some_and(|u| u.trim().to_ascii_lowercase().starts_with("https://"))
    }
}

/// The address people use (`Settings::public_url`), given to the handlers that print absolute
/// links (the table cards' QR codes). `None`: take the address the request came to.
#[derive(Debug, Clone, Default)]
pub struct PublicUrl(pub Option<String>);
