//! Thin entry point: logging, parse the command line, run.

use clap::Parser;
use std::process::ExitCode;

/// jemalloc, with its background threads on (below), gives pages back to the system a few seconds
/// after they were freed, whether or not the server is busy. glibc's malloc kept every page a burst
/// of requests had used: after 600 stalled bodies the server stayed near its peak for good (issue
/// 23, "memory returns after the clients leave"; figures in `docs/service.md`, "Slow and stalled
/// bodies").
#[global_allocator]
static ALLOCATOR: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

fn main() -> ExitCode {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_env("BITWA_LOG")
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info")),
        )
        .with_writer(std::io::stderr)
        .init();
    // jemalloc purges freed pages only when an arena is next used, unless its background threads
    // do it on their own clock ("Threads run periodically and handle purging asynchronously").
    if let Err(cause) = tikv_jemalloc_ctl::background_thread::write(true) {
        tracing::warn!(%cause, "the allocator's background purging is off: freed memory returns later");
    }
    bitwa::cli::run(bitwa::cli::Cli::parse())
}
