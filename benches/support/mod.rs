//! What the service benchmarks share (included by each with `#[path = "support/mod.rs"] mod support;`):
//! percentiles and their one-line report, the client's cookie jar, a substring between two markers,
//! and the process's peak memory. Each bench uses some of it.
#![allow(dead_code, clippy::unwrap_used)]

use std::time::Duration;

/// The `p` quantile (0 to 1) of latencies sorted ascending: the nearest rank, rounded.
pub fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

/// Milliseconds, for printing.
pub fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

/// One line: how many requests, p50, p90, p99 and the slowest.
pub fn report(name: &str, mut latencies: Vec<Duration>) {
    latencies.sort();
    println!(
        "{name}: {} requests; p50 {:.2} ms, p90 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        latencies.len(),
        ms(percentile(&latencies, 0.50)),
        ms(percentile(&latencies, 0.90)),
        ms(percentile(&latencies, 0.99)),
        ms(*latencies.last().unwrap()),
    );
}

/// A client's `Cookie` header after an answer's `Set-Cookie` headers (an empty value deletes).
pub fn merge_cookies(cookies: &str, headers: &awc::http::header::HeaderMap) -> String {
    let mut jar: Vec<(String, String)> = cookies
        .split("; ")
        .filter_map(|c| c.split_once('=').map(|(k, v)| (k.to_string(), v.to_string())))
        .collect();
    for set in headers.get_all("set-cookie").filter_map(|v| v.to_str().ok()) {
        let Some((k, v)) = set.split(';').next().and_then(|c| c.split_once('=')) else { continue };
        jar.retain(|(name, _)| name != k);
        if !v.is_empty() {
            jar.push((k.to_string(), v.to_string()));
        }
    }
    jar.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join("; ")
}

/// The text between the first `start` and the next `end` after it.
pub fn between<'a>(text: &'a str, start: &str, end: &str) -> Option<&'a str> {
    let from = text.find(start)? + start.len();
    let rest = &text[from..];
    Some(&rest[..rest.find(end)?])
}

/// This process's peak resident memory (VmHWM), MiB; `None` where /proc does not say.
pub fn peak_mib() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let kb: f64 =
        status.lines().find(|l| l.starts_with("VmHWM:"))?.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}
