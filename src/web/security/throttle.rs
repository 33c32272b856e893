//! Login throttling: failed logins slow down exponentially, per client address and per account,
//! without letting an attacker lock a real user out.
//!
//! The lockout rule follows the one OWASP's Web Security Testing Guide (testing for weak lock out
//! mechanisms) cites as acceptable: "After 5 failed sign-in attempts with a password, the user is
//! locked out for one second. The lockout duration doubles with each failed attempt, with a maximum
//! of 15 minutes." Attempts during a lockout are answered 429 with `Retry-After`, are not checked,
//! and do not extend it.
//!
//! Keys (OWASP "Slow Down Online Guessing Attacks with Device Cookies": a lockout of the pair
//! account/IP "is better in regarding to DoS issues", and device cookies let the server
//! "establish universal temporary lockouts for all untrusted clients" and "lockout trusted clients
//! individually"):
//!
//! | key | counts | locks after |
//! |---|---|---|
//! | `ip:ADDR` | every failure from a client address (IPv6: its /64) | 20 (a school's NAT shares one address) |
//! | `user-ip:NAME@ADDR` | failures on one account from one address | 5 |
//! | `user:NAME` | failures on one account from everywhere (a distributed attack) | 100 |
//! | `device:NONCE` | failures from one trusted browser (it holds a device cookie for the account) | 5 |
//! | `link:ADDR` | personal links (`/online/…`) that open nothing, from a client address | 20 |
//!
//! A `link:` lock refuses only tokens that open nothing: never a live link, never a login (issue
//! 35: a shared address's wrong tokens once locked out the real player and a referee's login).
//!
//! A browser that logged in to an account before holds a signed device cookie for it and is judged
//! by its `device:` key alone: an attacker flooding the account from anywhere cannot lock its owner
//! out. A first login on a new device from another address is locked only by `user:` (that is, only
//! when the account is under a distributed attack of 100 failures).
//!
//! Counters live in the database (`store::throttle`), so several server processes share them, and
//! a key with no failure for 24 hours starts again from zero.

use crate::store::{self, Store};
use crate::web::error::WebError;
use crate::web::security::mac::{Secret, random_hex};
use crate::web::security::session::SessionConfig;
use actix_web::HttpRequest;
use actix_web::cookie::Cookie;
use std::net::IpAddr;

/// Milliseconds since the Unix epoch (the throttle's clock).
fn now_ms() -> i64 {
    chrono::Utc::now().timestamp_millis()
}

/// The device cookie of a browser that logged in before.
pub const DEVICE_COOKIE: &str = "bitwa_device";
/// Failures older than this are forgotten (seconds).
pub const WINDOW_SECS: i64 = 24 * 3600;
/// The longest lockout (seconds).
pub const MAX_LOCKOUT_SECS: i64 = 15 * 60;

/// Seconds a key is locked after its `failures`-th failure, if it locks after `threshold`: none
/// before, 1 s at the threshold, doubling with each further failure, at most 15 minutes.
#[must_use]
pub fn lockout_secs(failures: i64, threshold: i64) -> i64 {
    if failures < threshold {
        return 0;
    }
    let doublings = u32::try_from(failures - threshold).unwrap_or(u32::MAX).min(20);
    (1i64 << doublings).min(MAX_LOCKOUT_SECS)
}

/// The failures after which a key of this kind locks (see the table above).
#[must_use]
pub fn threshold(key: &str) -> i64 {
    match key.split_once(':').map(|(kind, _)| kind) {
        Some("ip" | "link") => 20,
        Some("user") => 100,
        _ => 5,
    }
}

/// Where a request comes from: the connection's peer, or the first `X-Forwarded-For`/`Forwarded`
/// address when the service runs behind a proxy that sets them (`BITWA_TRUST_PROXY`).
#[must_use]
pub fn client_addr(req: &HttpRequest, trust_proxy: bool) -> Option<IpAddr> {
    let info = req.connection_info();
    let text = if trust_proxy { info.realip_remote_addr() } else { info.peer_addr() };
    let text = text?;
    text.parse::<IpAddr>().ok().or_else(|| text.parse::<std::net::SocketAddr>().ok().map(|s| s.ip()))
}

/// An address as a throttling key: IPv4 whole, IPv6 by its /64 (one household or one device may
/// hold a whole /64).
#[must_use]
pub fn addr_key(addr: Option<IpAddr>) -> String {
    match addr {
        Some(IpAddr::V4(a)) => a.to_string(),
        Some(IpAddr::V6(a)) => match a.to_ipv4_mapped() {
            Some(v4) => v4.to_string(),
            None => {
                let s = a.segments();
                format!("{:x}:{:x}:{:x}:{:x}::/64", s[0], s[1], s[2], s[3])
            }
        },
        None => "unknown".to_string(),
    }
}

/// A username as keys know it: trimmed, lower case, at most 60 characters.
fn user_key(username: &str) -> String {
    username.trim().to_lowercase().chars().take(60).collect()
}

/// Refuse (429) while `until` (Unix ms, the latest block of the keys checked, read by the caller)
/// is ahead.
///
/// # Errors
/// [`WebError::TooManyRequests`] with the seconds to wait.
pub fn refuse_until(until: i64, message: &str) -> Result<(), WebError> {
    let now = now_ms();
    if until > now {
        // Whole seconds, rounded up: waiting that long is always enough.
        let retry_after = u64::try_from((until - now + 999) / 1000).unwrap_or(1);
        return Err(WebError::TooManyRequests {
            retry_after,
            message: format!("{message} {retry_after} s."),
        });
    }
    Ok(())
}

/// Who is trying to log in, as the throttle sees it.
#[derive(Debug, Clone)]
pub struct Attempt {
    /// The keys checked before and counted after a failure.
    pub keys: Vec<String>,
    /// The key a success clears (the client's own counter, never the shared ones).
    pub own_key: String,
}

impl Attempt {
    /// The keys of a login attempt for `username` from `addr`, with the device cookie's value if any.
    #[must_use]
    pub fn new(secret: &Secret, username: &str, addr: Option<IpAddr>, device: Option<&str>) -> Attempt {
        let user = user_key(username);
        match device.and_then(|d| trusted_device(secret, &user, d)) {
            Some(nonce) => {
                let key = format!("device:{nonce}");
                Attempt { keys: vec![key.clone()], own_key: key }
            }
            None => {
                let addr = addr_key(addr);
                let own = format!("user-ip:{user}@{addr}");
                Attempt {
                    keys: vec![format!("ip:{addr}"), own.clone(), format!("user:{user}")],
                    own_key: own,
                }
            }
        }
    }

    /// Refuse (429) while any key is locked.
    ///
    /// # Errors
    /// [`WebError::TooManyRequests`] with the seconds to wait; the database fails.
    pub async fn check(&self, db: &Store, message: &str) -> Result<(), WebError> {
        let until = store::throttle::blocked_until(db, &self.keys).await?;
        refuse_until(until, message)
    }

    /// Count a failure on every key.
    ///
    /// # Errors
    /// The database fails.
    pub async fn failed(&self, db: &Store) -> Result<(), WebError> {
        store::throttle::record_failure(db, &self.keys, now_ms(), WINDOW_SECS * 1000, |key, n| {
            lockout_secs(n, threshold(key)) * 1000
        })
        .await?;
        Ok(())
    }

    /// Forget this client's failures (a success); sweep keys idle past the window.
    ///
    /// # Errors
    /// The database fails.
    pub async fn succeeded(&self, db: &Store) -> Result<(), WebError> {
        store::throttle::clear(db, &self.own_key).await?;
        store::throttle::purge(db, now_ms() - WINDOW_SECS * 1000).await?;
        Ok(())
    }
}

/// The nonce of a device cookie `value` if it was issued by this server for `user`.
fn trusted_device(secret: &Secret, user: &str, value: &str) -> Option<String> {
    let (nonce, tag) = value.split_once('.')?;
    (nonce.len() == 32 && secret.verify("device", &[nonce, user], tag)).then(|| nonce.to_string())
}

/// The device cookie for a browser that just logged in as `username` (valid for a year).
#[must_use]
pub fn device_cookie(config: &SessionConfig, username: &str) -> Cookie<'static> {
    let nonce = random_hex(16);
    let tag = config.secret.sign("device", &[&nonce, &user_key(username)]);
    let mut c = config.cookie(DEVICE_COOKIE, format!("{nonce}.{tag}"));
    c.set_max_age(actix_web::cookie::time::Duration::days(365));
    c
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lockouts_start_at_one_second_and_double_to_fifteen_minutes() {
        // From the quoted rule: after 5 failures 1 s, then 2, 4, ... capped at 900 s.
        let seq: Vec<i64> = (1..=17).map(|n| lockout_secs(n, 5)).collect();
        assert_eq!(seq, vec![0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900, 900]);
        assert_eq!(lockout_secs(i64::MAX, 5), 900);
        assert_eq!(threshold("ip:1.2.3.4"), 20);
        assert_eq!(threshold("link:1.2.3.4"), 20);
        assert_eq!(threshold("user:ola"), 100);
        assert_eq!(threshold("user-ip:ola@1.2.3.4"), 5);
        assert_eq!(threshold("device:ab"), 5);
    }

    #[test]
    fn keys_separate_addresses_accounts_and_trusted_devices() {
        let secret = Secret::new(vec![5; 64]).unwrap();
        let a: IpAddr = "10.0.0.7".parse().unwrap();
        let attempt = Attempt::new(&secret, " Sedzia ", Some(a), None);
        assert_eq!(attempt.keys, vec!["ip:10.0.0.7", "user-ip:sedzia@10.0.0.7", "user:sedzia"]);
        assert_eq!(attempt.own_key, "user-ip:sedzia@10.0.0.7");
        let v6: IpAddr = "2001:db8:1:2:3:4:5:6".parse().unwrap();
        assert_eq!(addr_key(Some(v6)), "2001:db8:1:2::/64");
        assert_eq!(addr_key(Some("::ffff:10.0.0.7".parse().unwrap())), "10.0.0.7");

        // A device cookie issued for this account makes the browser trusted, for this account only.
        let nonce = "0123456789abcdef0123456789abcdef";
        let cookie = format!("{nonce}.{}", secret.sign("device", &[nonce, "sedzia"]));
        let trusted = Attempt::new(&secret, "sedzia", Some(a), Some(&cookie));
        assert_eq!(trusted.keys, vec![format!("device:{nonce}")]);
        assert_eq!(Attempt::new(&secret, "admin", Some(a), Some(&cookie)).keys.len(), 3);
        let forged = format!("{nonce}.{}", "0".repeat(64));
        assert_eq!(Attempt::new(&secret, "sedzia", Some(a), Some(&forged)).keys.len(), 3);
    }
}
