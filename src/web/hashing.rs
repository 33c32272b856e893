//! Password hashing on a small pool of its own threads, so that a flood of logins cannot take the
//! server's memory or its async workers.
//!
//! Each argon2 check holds its memory cost (19 MiB with the defaults) for its duration. The pool has
//! as many threads as cores, so at most that many checks run at once and memory stays bounded by
//! construction (threads × 19 MiB). Requests queue in a bounded channel; a request that cannot be
//! queued, or whose deadline passes in the queue, gets [`WebError::Busy`] (503 with `Retry-After`)
//! and its check is skipped, never run late.
//!
//! OWASP Password Storage Cheat Sheet: "Use Argon2id with a minimum configuration of 19 MiB of
//! memory, an iteration count of 2, and 1 degree of parallelism." These are `argon2`'s defaults
//! (m = 19456 KiB, t = 2, p = 1), which [`hash_password`] uses.

use super::error::WebError;
use argon2::Argon2;
use argon2::password_hash::{PasswordHash, PasswordHasher as _, PasswordVerifier, SaltString};
use rand_core::OsRng;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, SyncSender, TrySendError, sync_channel};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};
use tokio::sync::oneshot;

/// Hash a password with argon2id (OWASP's minimum parameters) and a random salt. Slow on purpose:
/// call it on a [`Hasher`] thread (or at startup), never on an async worker.
///
/// # Errors
/// Hashing fails (it does not with these parameters).
pub fn hash_password(password: &str) -> Result<String, argon2::password_hash::Error> {
    let salt = SaltString::generate(&mut OsRng);
    Argon2::default().hash_password(password.as_bytes(), &salt).map(|h| h.to_string())
}

/// Does `password` match the stored hash? (Slow on purpose, as [`hash_password`].)
#[must_use]
pub fn verify_password(hash: &str, password: &str) -> bool {
    PasswordHash::new(hash).is_ok_and(|h| Argon2::default().verify_password(password.as_bytes(), &h).is_ok())
}

/// A hash of no password anyone knows, with the same parameters as every stored hash, so that a
/// login for an unknown account costs as much as one with a wrong password (no user enumeration by
/// timing).
fn decoy_hash() -> &'static str {
    static DECOY: OnceLock<String> = OnceLock::new();
    DECOY.get_or_init(|| hash_password(&super::mac::random_hex(16)).unwrap_or_default())
}

enum Work {
    Hash(String),
    Verify {
        hash: String,
        password: String,
    },
    /// Verify against the decoy (the account does not exist): always false, as slow as a check.
    Decoy(String),
}

enum Done {
    Hashed(Option<String>),
    Verified(bool),
}

struct Job {
    work: Work,
    until: Instant,
    reply: oneshot::Sender<Done>,
}

/// What the pool did (tests, the flood figures in the docs).
#[derive(Debug, Default)]
pub struct Stats {
    /// Checks and hashes computed.
    pub done: AtomicU64,
    /// Requests answered busy (queue full or deadline passed).
    pub busy: AtomicU64,
    /// Checks running right now, and the most ever at once.
    pub running: AtomicUsize,
    pub peak: AtomicUsize,
}

/// The bounded pool (one per application, shared by every HTTP worker).
pub struct Hasher {
    tx: SyncSender<Job>,
    deadline: Duration,
    threads: usize,
    stats: Arc<Stats>,
}

/// The number of hashing threads for a setting: as many as cores when 0.
#[must_use]
pub fn threads(setting: usize) -> usize {
    if setting == 0 { std::thread::available_parallelism().map_or(2, usize::from) } else { setting }
}

impl Hasher {
    /// Start `threads` hashing threads (0: one per core) with a queue of `queue` waiting requests,
    /// each waiting at most `deadline`.
    ///
    /// # Errors
    /// A thread cannot be started.
    pub fn start(threads: usize, queue: usize, deadline: Duration) -> std::io::Result<Hasher> {
        let threads = self::threads(threads);
        let (tx, rx) = sync_channel::<Job>(queue.max(1));
        let rx = Arc::new(Mutex::new(rx));
        let stats = Arc::new(Stats::default());
        for n in 0..threads {
            let (rx, stats) = (Arc::clone(&rx), Arc::clone(&stats));
            std::thread::Builder::new().name(format!("bitwa-hash-{n}")).spawn(move || worker(&rx, &stats))?;
        }
        Ok(Hasher { tx, deadline, threads, stats })
    }

    /// How many checks may run at once.
    #[must_use]
    pub fn threads(&self) -> usize {
        self.threads
    }

    #[must_use]
    pub fn stats(&self) -> &Stats {
        &self.stats
    }

    fn busy(&self) -> WebError {
        self.stats.busy.fetch_add(1, Ordering::Relaxed);
        WebError::Busy { retry_after: self.deadline.as_secs().max(1) }
    }

    async fn run(&self, work: Work) -> Result<Done, WebError> {
        let (reply, answer) = oneshot::channel();
        let job = Job { work, until: Instant::now() + self.deadline, reply };
        match self.tx.try_send(job) {
            Ok(()) => {}
            Err(TrySendError::Full(_)) => return Err(self.busy()),
            Err(TrySendError::Disconnected(_)) => {
                return Err(WebError::internal("the hashing threads stopped"));
            }
        }
        match tokio::time::timeout(self.deadline, answer).await {
            Ok(Ok(done)) => Ok(done),
            // The worker dropped the job: its deadline had passed when it came up.
            Ok(Err(_)) | Err(_) => Err(self.busy()),
        }
    }

    /// Does `password` match `hash`? `None` for the hash: the account does not exist (the answer is
    /// false, after as long as a real check).
    ///
    /// # Errors
    /// [`WebError::Busy`] when the pool is saturated past the deadline.
    pub async fn verify(&self, hash: Option<String>, password: &str) -> Result<bool, WebError> {
        let work = match hash {
            Some(hash) => Work::Verify { hash, password: password.to_string() },
            None => Work::Decoy(password.to_string()),
        };
        match self.run(work).await? {
            Done::Verified(ok) => Ok(ok),
            Done::Hashed(_) => Err(WebError::internal("hashing pool answered a check with a hash")),
        }
    }

    /// Hash a new password.
    ///
    /// # Errors
    /// [`WebError::Busy`] when the pool is saturated past the deadline; hashing fails.
    pub async fn hash(&self, password: &str) -> Result<String, WebError> {
        match self.run(Work::Hash(password.to_string())).await? {
            Done::Hashed(Some(h)) => Ok(h),
            Done::Hashed(None) => Err(WebError::internal("argon2 could not hash")),
            Done::Verified(_) => Err(WebError::internal("hashing pool answered a hash with a check")),
        }
    }
}

fn worker(rx: &Mutex<Receiver<Job>>, stats: &Stats) {
    loop {
        let job = {
            let Ok(rx) = rx.lock() else { return };
            match rx.recv() {
                Ok(job) => job,
                // Every sender is gone: the application stopped.
                Err(_) => return,
            }
        };
        if Instant::now() > job.until || job.reply.is_closed() {
            continue;
        }
        let now = stats.running.fetch_add(1, Ordering::SeqCst) + 1;
        stats.peak.fetch_max(now, Ordering::SeqCst);
        let done = match job.work {
            Work::Hash(password) => Done::Hashed(hash_password(&password).ok()),
            Work::Verify { hash, password } => Done::Verified(verify_password(&hash, &password)),
            Work::Decoy(password) => {
                let _ = verify_password(decoy_hash(), &password);
                Done::Verified(false)
            }
        };
        stats.running.fetch_sub(1, Ordering::SeqCst);
        stats.done.fetch_add(1, Ordering::Relaxed);
        let _ = job.reply.send(done);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passwords_verify_only_themselves_with_owasp_parameters() {
        let hash = hash_password("correct horse").unwrap();
        // m=19456 KiB (19 MiB), t=2, p=1: OWASP's minimum, quoted above.
        assert!(hash.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{hash}");
        assert!(verify_password(&hash, "correct horse"));
        assert!(!verify_password(&hash, "correct hors"));
        assert!(!verify_password("not a hash", "x"));
        assert!(decoy_hash().starts_with("$argon2id$v=19$m=19456,t=2,p=1$"));
    }

    #[actix_rt::test]
    async fn at_most_threads_checks_run_at_once_and_the_rest_wait_or_are_refused() {
        let hasher = Arc::new(Hasher::start(2, 4, Duration::from_secs(30)).unwrap());
        let hash = hash_password("pw").unwrap();
        let mut tasks = Vec::new();
        for i in 0..12 {
            let (hasher, hash) = (Arc::clone(&hasher), hash.clone());
            tasks.push(actix_rt::spawn(async move {
                hasher.verify(Some(hash), if i % 2 == 0 { "pw" } else { "no" }).await
            }));
        }
        let mut answers = Vec::new();
        for t in tasks {
            answers.push(t.await.unwrap());
        }
        let refused = answers.iter().filter(|a| matches!(a, Err(WebError::Busy { .. }))).count();
        let checked = answers.iter().filter(|a| a.is_ok()).count();
        // 2 running + 4 queued at most (4 if the threads had not yet taken any when all 12 came):
        // the others are refused at once.
        assert!(
            (4..=6).contains(&checked) && refused + checked == 12,
            "checked {checked}, refused {refused}"
        );
        assert!(refused >= 1, "a full queue refuses");
        assert!(hasher.stats().peak.load(Ordering::SeqCst) <= 2);
        assert!(
            answers.iter().any(|a| matches!(a, Ok(true))) && answers.iter().any(|a| matches!(a, Ok(false)))
        );
    }

    #[actix_rt::test]
    async fn a_deadline_passed_in_the_queue_is_a_busy_answer() {
        let hasher = Arc::new(Hasher::start(1, 64, Duration::from_millis(1)).unwrap());
        let mut tasks = Vec::new();
        for _ in 0..8 {
            let hasher = Arc::clone(&hasher);
            tasks.push(actix_rt::spawn(async move { hasher.verify(None, "x").await }));
        }
        let mut busy = 0;
        for t in tasks {
            if matches!(t.await.unwrap(), Err(WebError::Busy { retry_after: 1 })) {
                busy += 1;
            }
        }
        assert!(busy >= 7, "one check may finish within 1 ms at most; {busy} busy");
    }
}
