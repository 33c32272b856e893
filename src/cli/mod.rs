//! The `bitwa` command line: one binary, one subcommand per job. Each subcommand lives in its own
//! file; this one only declares the interface (names are fixed: docs and scripts rely on them).

mod backup;
mod check_edition;
mod check_log;
mod demo;
mod random_game;
mod serve;
mod simulate;
mod simulate_groups;

use clap::{Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Debug, Parser)]
#[command(name = "bitwa", version, about = "Tournament service for Bitwa Warszawska leagues")]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Run the web service (SQLite file created and migrated on start).
    Serve(ServeArgs),
    /// Validate game logs: print each outcome or the first illegal event; exit 0 only if all are valid.
    CheckLog(CheckLogArgs),
    /// Print a complete, legal game log played by random legal moves.
    RandomGame(RandomGameArgs),
    /// Validate edition data (board, units, decks) in a folder or zip, the rulebook's facts included.
    CheckEdition(CheckEditionArgs),
    /// Run a whole tournament with random results; print pairings and standings as CSV.
    Simulate(SimulateArgs),
    /// Fill a database with a demo tournament (players, played rounds, validated logs) and exit.
    Demo(DemoArgs),
    /// Copy the database of a running service, consistently, to a new file (SQLite: `VACUUM INTO`;
    /// PostgreSQL: `pg_dump --format=custom`).
    Backup(BackupArgs),
}

#[derive(Debug, clap::Args)]
pub struct BackupArgs {
    /// Database URL (env BITWA_DATABASE_URL): `sqlite://FILE` or `postgres://USER:PASSWORD@HOST/DB`.
    #[arg(long, env = "BITWA_DATABASE_URL", default_value = "sqlite://bitwa.db")]
    pub database_url: String,
    /// The file to write (it must not exist yet).
    #[arg(long)]
    pub out: PathBuf,
}

#[derive(Debug, clap::Args)]
pub struct ServeArgs {
    /// Database URL (env BITWA_DATABASE_URL); default: SQLite file `bitwa.db` in the working directory.
    #[arg(long, env = "BITWA_DATABASE_URL", default_value = "sqlite://bitwa.db")]
    pub database_url: String,
    /// Address to listen on (env BITWA_BIND).
    #[arg(long, env = "BITWA_BIND", default_value = "127.0.0.1:8080")]
    pub bind: String,
    /// Load a demo tournament (players, rounds, validated logs) and demo logins, if the database is empty.
    #[arg(long)]
    pub demo: bool,
    /// The address people use (env BITWA_PUBLIC_URL); `https://…` makes cookies Secure and adds HSTS.
    #[arg(long, env = "BITWA_PUBLIC_URL")]
    pub public_url: Option<String>,
    /// Minutes a session may stay unused (env BITWA_SESSION_IDLE_MINUTES).
    #[arg(long, env = "BITWA_SESSION_IDLE_MINUTES", default_value_t = 720)]
    pub session_idle_minutes: u64,
    /// Hours a session may last after login, however active (env BITWA_SESSION_MAX_HOURS).
    #[arg(long, env = "BITWA_SESSION_MAX_HOURS", default_value_t = 24)]
    pub session_max_hours: u64,
    /// Behind a reverse proxy that sets X-Forwarded-For: throttle logins by that address
    /// (env BITWA_TRUST_PROXY=true).
    #[arg(long, env = "BITWA_TRUST_PROXY")]
    pub trust_proxy: bool,
    /// Seconds a request body may take to arrive after its head (env BITWA_BODY_DEADLINE_SECS).
    #[arg(long, env = "BITWA_BODY_DEADLINE_SECS", default_value_t = 10)]
    pub body_deadline_secs: u64,
    /// MiB of request bodies all connections may be reading at once; anonymous ones get half
    /// (env BITWA_BODY_BUDGET_MIB).
    #[arg(long, env = "BITWA_BODY_BUDGET_MIB", default_value_t = 64)]
    pub body_budget_mib: usize,
    /// Live streams of online pages the process holds at once; past it a new one is answered 503
    /// (env BITWA_ONLINE_STREAMS).
    #[arg(long, env = "BITWA_ONLINE_STREAMS", default_value_t = crate::web::routes::online::STREAMS_MAX)]
    pub online_streams: usize,
    /// Send the entries' mails (the teacher's link, consents, waiting-list promotions) through this
    /// SMTP relay: smtp://[USER[:PASSWORD]@]HOST[:PORT][?from=ADDRESS] (env BITWA_SMTP_URL). Unset:
    /// no mail, links shown on screen only.
    #[arg(long, env = "BITWA_SMTP_URL", hide_env_values = true)]
    pub smtp_url: Option<String>,
    /// Go the whole way (session, router, handler) for every request, also for a shared page an
    /// anonymous visitor asks for again while nothing changed (env BITWA_NO_FAST_PATH=true; for
    /// measuring what the fast path saves).
    #[arg(long, env = "BITWA_NO_FAST_PATH")]
    pub no_fast_path: bool,
}

#[derive(Debug, clap::Args)]
pub struct DemoArgs {
    /// Number of players.
    #[arg(long, default_value_t = 24)]
    pub players: usize,
    /// Swiss rounds paired and published: all played and locked but the last, which has half its
    /// results in (a round in play) unless `--complete`.
    #[arg(long, default_value_t = 4)]
    pub rounds: usize,
    /// Play the last round in full too.
    #[arg(long)]
    pub complete: bool,
    /// Matches per round whose games get an engine-generated, validated move log (the rest get a
    /// typed result).
    #[arg(long, default_value_t = 24)]
    pub logged_tables: usize,
    /// Build a whole finished league season instead: regional qualifiers (Swiss and a
    /// knockout of 4), local eliminations in two regions, the national final in groups and a
    /// knockout; prints the season's id.
    #[arg(long)]
    pub season: bool,
    /// With `--season`: the regional qualifiers (1 to 16).
    #[arg(long, default_value_t = 16)]
    pub regions: usize,
    /// With `--season`: the players of each regional qualifier (8 or more).
    #[arg(long, default_value_t = 24)]
    pub players_per_event: usize,
    /// Database URL (env BITWA_DATABASE_URL); created and migrated if missing.
    #[arg(long, env = "BITWA_DATABASE_URL", default_value = "sqlite://bitwa.db")]
    pub database_url: String,
}

#[derive(Debug, clap::Args)]
pub struct CheckLogArgs {
    /// Game log files (text notation, or JSON if the file ends in .json).
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Edition folder; default: the built-in edition the log's `Edition` tag names, else the current one.
    #[arg(long)]
    pub edition: Option<PathBuf>,
    /// Print machine-readable JSON, one object per file.
    #[arg(long)]
    pub json: bool,
    /// Language of the error messages: `en` (default) or `pl`.
    #[arg(long, default_value = "en", value_parser = parse_lang)]
    pub lang: crate::lang::Lang,
    /// Print the whole position with an error (every unit, reserve, deck and clock), not only the phase.
    #[arg(long)]
    pub verbose: bool,
    /// The league's thinking time per player in seconds; a log whose TimeControl differs is refused.
    #[arg(long, default_value_t = crate::engine::RuleOptions::STANDARD.time_control_secs)]
    pub time_control: u32,
    /// The rules the games were played under, in the words of the log's `Rules` tag
    /// (`"no-fortifications no-flank-attacks"`, or `standard`, the default); a log whose tag names
    /// other rules is refused.
    #[arg(long, default_value = crate::engine::STANDARD_RULES, value_parser = parse_rules)]
    pub rules: crate::engine::RuleOptions,
}

fn parse_rules(s: &str) -> Result<crate::engine::RuleOptions, String> {
    crate::engine::RuleOptions::from_rules_tag(s).ok_or_else(|| {
        format!("unknown rule in {s:?}: the words are those of the log's Rules tag (docs/notation.md)")
    })
}

fn parse_lang(s: &str) -> Result<crate::lang::Lang, String> {
    crate::lang::Lang::parse(s).ok_or_else(|| format!("unknown language {s:?}: use pl or en"))
}

#[derive(Debug, clap::Args)]
pub struct RandomGameArgs {
    /// Seed of the portable random generator; the same seed prints the same game.
    #[arg(long)]
    pub seed: u64,
    /// Edition folder; default: the built-in reconstructed edition.
    #[arg(long)]
    pub edition: Option<PathBuf>,
    /// Print the JSON form instead of the text notation.
    #[arg(long)]
    pub json: bool,
    /// Write the log as a table would: every card nobody at the table saw as `?` (draws, cards drawn
    /// back in combat, the cards Broken Cipher shows).
    #[arg(long)]
    pub masked: bool,
}

#[derive(Debug, clap::Args)]
pub struct CheckEditionArgs {
    /// Folder holding the edition's data files, or one `.zip` of them.
    pub dir: PathBuf,
    /// Write the problems in Polish.
    #[arg(long)]
    pub polish: bool,
}

#[derive(Debug, clap::Args)]
pub struct SimulateArgs {
    /// Number of players at the start.
    #[arg(long)]
    pub players: u32,
    /// Number of Swiss rounds (not with `--groups`).
    #[arg(long, required_unless_present = "groups", conflicts_with = "groups")]
    pub rounds: Option<u32>,
    /// Size of the knockout bracket after the Swiss rounds (none if absent).
    #[arg(long)]
    pub top: Option<u32>,
    /// Seed of the portable random generator.
    #[arg(long)]
    pub seed: u64,
    /// Chance (0 to 1) that a player withdraws after a round.
    #[arg(long, default_value_t = 0.0)]
    pub withdraw_rate: f64,
    /// Number of players who join after round 1.
    #[arg(long, default_value_t = 0)]
    pub late_entries: u32,
    /// Print the Swiss phase as a FIDE Tournament Report File (TRF-16) instead of CSV.
    #[arg(long)]
    pub trf: bool,
    /// Round-robin groups instead of a Swiss: the number of groups (snake seeding by number).
    #[arg(long, conflicts_with_all = ["top", "trf", "withdraw_rate", "late_entries"])]
    pub groups: Option<u32>,
    /// Groups play a double round robin.
    #[arg(long, requires = "groups")]
    pub double: bool,
    /// How many of each group go on to the knockout.
    #[arg(long, requires = "groups", default_value_t = 2)]
    pub qualify: u32,
    /// And the best of the next place across the groups.
    #[arg(long, requires = "groups", default_value_t = 0)]
    pub best_next: u32,
    /// Size of the knockout after the groups (groups × qualify + best-next).
    #[arg(long, requires = "groups")]
    pub knockout: Option<u32>,
}

/// Run one parsed command line; the exit code says whether it succeeded.
#[must_use]
pub fn run(cli: Cli) -> ExitCode {
    let result = match cli.command {
        Command::Serve(args) => serve::run(args),
        Command::CheckLog(args) => check_log::run(args),
        Command::RandomGame(args) => random_game::run(args),
        Command::CheckEdition(args) => check_edition::run(args),
        Command::Simulate(args) => match args.groups {
            Some(groups) => simulate_groups::run(&args, groups),
            None => simulate::run(args),
        },
        Command::Demo(args) => demo::run(args),
        Command::Backup(args) => backup::run(args),
    };
    match result {
        Ok(code) => code,
        Err(err) => {
            eprintln!("bitwa: {err}");
            ExitCode::from(2)
        }
    }
}

/// An error that stops a subcommand; printed as one clear line on stderr.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    #[error("{0}")]
    Message(String),
    #[error("{path}: {source}")]
    Io { path: PathBuf, source: std::io::Error },
}
