//! E-mail, optional and real (issue 39, item 7). With `BITWA_SMTP_URL` set, the changes that
//! concern a teacher write a mail into the outbox in their own transaction (`store::outbox`), and
//! [`run`], a task of the server's runtime, sends what is due through SMTP (`lettre`), one mail
//! at a time, never in a request: a failed try waits 10 s, then twice as long each time (at most
//! an hour), and after [`TRIES`] failures the mail is given up (`failed_at`, the error kept).
//! Without the setting nothing is queued: links are shown on screen only.
//!
//! `BITWA_SMTP_URL`: `smtp://[USER[:PASSWORD]@]HOST[:PORT][?from=ADDRESS]`, the port 25 by default,
//! the sender `bitwa@HOST` by default, each part percent-encoded where it has `@`, `:` or `/`.
//! Plain SMTP only (no TLS is built in): give it a relay on the same machine or network (the
//! system's MTA, or a relay that speaks TLS onwards).

use crate::store::outbox::{self, Queued};
use crate::store::{Store, StoreError};
use lettre::message::header::ContentType;
use lettre::transport::smtp::authentication::Credentials;
use lettre::transport::smtp::extension::ClientId;
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use std::time::Duration;

/// A mail is tried this many times at most.
pub const TRIES: i64 = 12;
/// How often the outbox is looked at.
const POLL: Duration = Duration::from_secs(1);
/// How long one try may take (connect, hand over) before it counts as failed.
const TRY_TIMEOUT: Duration = Duration::from_secs(20);

/// The relay, from `BITWA_SMTP_URL`.
#[derive(Clone, PartialEq, Eq)]
pub struct Smtp {
    pub host: String,
    pub port: u16,
    pub user: Option<(String, String)>,
    pub from: String,
}

impl std::fmt::Debug for Smtp {
    // The password is never printed.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Smtp")
            .field("host", &self.host)
            .field("port", &self.port)
            .field("user", &self.user.as_ref().map(|u| &u.0))
            .field("from", &self.from)
            .finish()
    }
}

fn percent_decode(s: &str) -> Result<String, String> {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            let hex = s.get(i + 1..i + 3).ok_or_else(|| format!("bad escape in {s:?}"))?;
            out.push(u8::from_str_radix(hex, 16).map_err(|_| format!("bad escape in {s:?}"))?);
            i += 3;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    String::from_utf8(out).map_err(|_| format!("not UTF-8: {s:?}"))
}

impl Smtp {
    /// Read `smtp://[USER[:PASSWORD]@]HOST[:PORT][?from=ADDRESS]`.
    ///
    /// # Errors
    /// Another scheme (`smtps://`: no TLS here), no host, a bad port or escape, a bad sender.
    pub fn parse(url: &str) -> Result<Smtp, String> {
        let rest = url.trim().strip_prefix("smtp://").ok_or("BITWA_SMTP_URL must start with smtp://")?;
        let (authority, query) = rest.split_once('?').unwrap_or((rest, ""));
        let authority = authority.trim_end_matches('/');
        let (user, hostport) = match authority.rsplit_once('@') {
            Some((u, h)) => {
                let (name, pass) = u.split_once(':').unwrap_or((u, ""));
                (Some((percent_decode(name)?, percent_decode(pass)?)), h)
            }
            None => (None, authority),
        };
        let port_of = |p: &str| p.parse::<u16>().map_err(|_| format!("bad port in BITWA_SMTP_URL: {p:?}"));
        let (host, port) = if let Some(v6) = hostport.strip_prefix('[') {
            let (h, rest) = v6.split_once(']').ok_or("BITWA_SMTP_URL: no ] after [")?;
            (h, rest.strip_prefix(':').map_or(Ok(25), port_of)?)
        } else {
            match hostport.rsplit_once(':') {
                Some((h, p)) => (h, port_of(p)?),
                None => (hostport, 25),
            }
        };
        let host = host.to_string();
        if host.is_empty() {
            return Err("BITWA_SMTP_URL has no host".into());
        }
        let mut from = format!("bitwa@{host}");
        for pair in query.split('&').filter(|p| !p.is_empty()) {
            match pair.split_once('=') {
                Some(("from", v)) => from = percent_decode(v)?,
                _ => return Err(format!("unknown BITWA_SMTP_URL parameter: {pair:?}")),
            }
        }
        from.parse::<lettre::message::Mailbox>().map_err(|e| format!("bad sender {from:?}: {e}"))?;
        Ok(Smtp { host, port, user, from })
    }

    fn transport(&self) -> AsyncSmtpTransport<Tokio1Executor> {
        let domain = self.from.rsplit_once('@').map_or("localhost", |(_, d)| d.trim_end_matches('>'));
        let mut b = AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(self.host.clone())
            .port(self.port)
            .timeout(Some(TRY_TIMEOUT))
            .hello_name(ClientId::Domain(domain.to_string()));
        if let Some((u, p)) = &self.user {
            b = b.credentials(Credentials::new(u.clone(), p.clone()));
        }
        b.build()
    }
}

/// How long to wait after the `attempts`-th failure: 10 s, doubling, at most an hour.
#[must_use]
pub fn backoff(attempts: i64) -> Duration {
    let shift = u32::try_from(attempts.clamp(1, 20) - 1).unwrap_or(0);
    Duration::from_secs((10u64 << shift).min(3600))
}

fn stamp(t: chrono::DateTime<chrono::Utc>) -> String {
    t.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

/// A failure that no retry mends (a malformed address): given up at once.
enum Failure {
    Permanent(String),
    Transient(String),
}

async fn send(transport: &AsyncSmtpTransport<Tokio1Executor>, from: &str, m: &Queued) -> Result<(), Failure> {
    let bad = |e: &dyn std::fmt::Display| Failure::Permanent(e.to_string());
    let msg = Message::builder()
        .from(from.parse().map_err(|e| bad(&e))?)
        .to(m.recipient.parse().map_err(|e| bad(&e))?)
        .subject(m.subject.clone())
        .header(ContentType::TEXT_PLAIN)
        .body(m.body.clone())
        .map_err(|e| bad(&e))?;
    match transport.send(msg).await {
        Ok(_) => Ok(()),
        Err(e) if e.is_permanent() => Err(Failure::Permanent(e.to_string())),
        Err(e) => Err(Failure::Transient(e.to_string())),
    }
}

/// One look at the outbox: every due mail this process leases is tried once. How many were sent.
///
/// # Errors
/// The database fails.
pub async fn send_due(db: &Store, smtp: &Smtp) -> Result<usize, StoreError> {
    let transport = smtp.transport();
    let now = chrono::Utc::now();
    let mut sent = 0;
    for m in outbox::due(db, &stamp(now), 20).await? {
        let lease = now + chrono::Duration::seconds(60);
        if !outbox::lease(db, &m, &stamp(lease)).await? {
            continue;
        }
        match send(&transport, &smtp.from, &m).await {
            Ok(()) => {
                outbox::sent(db, m.id).await?;
                sent += 1;
                tracing::info!(mail = m.id, kind = %m.kind, "mail sent");
            }
            Err(Failure::Permanent(e)) => {
                tracing::warn!(mail = m.id, error = %e, "mail refused for good");
                outbox::failed(db, m.id, &e, None).await?;
            }
            Err(Failure::Transient(e)) => {
                let tries = m.attempts + 1;
                let retry = (tries < TRIES).then(|| {
                    stamp(chrono::Utc::now() + chrono::Duration::from_std(backoff(tries)).unwrap_or_default())
                });
                tracing::warn!(mail = m.id, tries, error = %e, "mail not sent");
                outbox::failed(db, m.id, &e, retry.as_deref()).await?;
            }
        }
    }
    Ok(sent)
}

/// The sender: looks at the outbox every second for as long as the runtime lives.
pub async fn run(db: Store, smtp: Smtp) {
    tracing::info!(host = %smtp.host, port = smtp.port, "mail on: the outbox is sent through SMTP");
    loop {
        if let Err(e) = send_due(&db, &smtp).await {
            tracing::warn!(error = ?e, "the outbox could not be read");
        }
        tokio::time::sleep(POLL).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn smtp_urls() {
        let s = Smtp::parse("smtp://mail.example.org").unwrap();
        assert_eq!(
            (s.host.as_str(), s.port, s.user.clone(), s.from.as_str()),
            ("mail.example.org", 25, None, "bitwa@mail.example.org")
        );
        let s = Smtp::parse("smtp://liga%40x.pl:p%3Ass@127.0.0.1:2525/?from=Liga%20%3Cliga@x.pl%3E").unwrap();
        assert_eq!(s.port, 2525);
        assert_eq!(s.user, Some(("liga@x.pl".into(), "p:ss".into())));
        assert_eq!(s.from, "Liga <liga@x.pl>");
        assert!(!format!("{s:?}").contains("p:ss"), "the password is never printed");
        assert!(Smtp::parse("smtps://x").is_err());
        assert!(Smtp::parse("smtp://x:port").is_err());
        assert!(Smtp::parse("smtp://").is_err());
        assert!(Smtp::parse("smtp://x?from=nobody").is_err());
        assert!(Smtp::parse("smtp://x?to=a@b.pl").is_err());
    }

    #[test]
    fn backoff_doubles_to_an_hour() {
        assert_eq!(backoff(1), Duration::from_secs(10));
        assert_eq!(backoff(2), Duration::from_secs(20));
        assert_eq!(backoff(5), Duration::from_secs(160));
        assert_eq!(backoff(11), Duration::from_secs(3600));
    }
}
