//! Password hashing on a small pool of its own threads, so that a flood of logins cannot take the
//! server's memory or its async workers.
//!
//! Each argon2 check needs its memory cost (19 MiB with the defaults). The pool has as many threads
//! as cores, and each thread allocates that memory once and reuses it for every check, so memory is
//! bounded by construction (threads × 19 MiB) and stays put: freeing and allocating 19 MiB per
//! check let glibc's allocator keep hundreds of MiB in its arenas under a flood (226 MiB measured
//! with two threads before this). Requests queue in a bounded channel; a request that cannot be
//! queued, or whose deadline passes in the queue, gets [`WebError::Busy`] (503 with `Retry-After`)
//! and its check is skipped, never run late.
//!
//! OWASP Password Storage Cheat Sheet: "Use Argon2id with a minimum configuration of 19 MiB of
//! memory, an iteration count of 2, and 1 degree of parallelism." These are `argon2`'s defaults
//! (m = 19456 KiB, t = 2, p = 1), which [`hash_password`] uses.

use crate::web::error::WebError;
use argon2::password_hash::{Output, PasswordHash, PasswordHasher as _, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Block, Params, Version};
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

/// A hashing thread's argon2 memory, allocated once and reused for every check.
struct Memory(Vec<Block>);

impl Memory {
    fn new() -> Memory {
        Memory(vec![Block::default(); Params::default().block_count()])
    }

    /// Hash `password` with a fresh salt into a PHC string, as [`hash_password`] does.
    fn hash(&mut self, password: &str) -> Result<String, argon2::password_hash::Error> {
        let salt = SaltString::generate(&mut OsRng);
        let mut salt_bytes = [0u8; 64];
        let salt_bytes = salt.decode_b64(&mut salt_bytes)?;
        let argon = Argon2::default();
        let params = argon.params().clone();
        let mut out = [0u8; Params::DEFAULT_OUTPUT_LEN];
        argon.hash_password_into_with_memory(password.as_bytes(), salt_bytes, &mut out, &mut self.0)?;
        let phc = PasswordHash {
            algorithm: argon2::ARGON2ID_IDENT,
            version: Some(Version::V0x13.into()),
            params: argon2::password_hash::ParamsString::try_from(&params)?,
            salt: Some(salt.as_salt()),
            hash: Some(Output::new(&out)?),
        };
        Ok(phc.to_string())
    }

    /// Does `password` match the PHC string `hash`? (As [`verify_password`], in this memory.)
    fn verify(&mut self, hash: &str, password: &str) -> bool {
        let mut check = || -> Result<bool, argon2::password_hash::Error> {
            let phc = PasswordHash::new(hash)?;
            let algorithm = Algorithm::try_from(phc.algorithm)?;
            let version = phc.version.map(Version::try_from).transpose()?.unwrap_or_default();
            let params = Params::try_from(&phc)?;
            let (Some(salt), Some(expected)) = (phc.salt, phc.hash) else { return Ok(false) };
            let mut salt_bytes = [0u8; 64];
            let salt_bytes = salt.decode_b64(&mut salt_bytes)?;
            let mut out = vec![0u8; expected.len()];
            let argon = Argon2::new(algorithm, version, params.clone());
            if params.block_count() <= self.0.len() {
                argon.hash_password_into_with_memory(
                    password.as_bytes(),
                    salt_bytes,
                    &mut out,
                    &mut self.0,
                )?;
            } else {
                // A hash made with more memory than ours (not by this service): a one-off allocation.
                argon.hash_password_into(password.as_bytes(), salt_bytes, &mut out)?;
            }
            // `Output`'s equality is constant-time.
            Ok(Output::new(&out)? == expected)
        };
        check().unwrap_or(false)
    }
}

/// A hash of no password anyone knows, with the same parameters as every stored hash, so that a
/// login for an unknown account costs as much as one with a wrong password (no user enumeration by
/// timing).
fn decoy_hash() -> &'static str {
    static DECOY: OnceLock<String> = OnceLock::new();
    DECOY.get_or_init(|| hash_password(&crate::web::security::mac::random_hex(16)).unwrap_or_default())
}

/// How long a check may take once a thread has it (far more than argon2 needs: a safety net).
const COMPUTE_MARGIN: Duration = Duration::from_secs(30);

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
        // The deadline is for waiting in the queue: a thread that takes the job after it drops the
        // job (the answer is then busy at once); a job taken in time is waited for to the end. The
        // timeout here is only a safety net.
        match tokio::time::timeout(self.deadline + COMPUTE_MARGIN, answer).await {
            Ok(Ok(done)) => Ok(done),
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
    // Allocated on the first check, kept for the thread's life (an idle server does not hold it).
    let mut memory: Option<Memory> = None;
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
        let memory = memory.get_or_insert_with(Memory::new);
        let done = match job.work {
            Work::Hash(password) => Done::Hashed(memory.hash(&password).ok()),
            Work::Verify { hash, password } => Done::Verified(memory.verify(&hash, &password)),
            Work::Decoy(password) => {
                let _ = memory.verify(decoy_hash(), &password);
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

    #[test]
    fn the_reused_memory_hashes_and_verifies_as_the_argon2_crate_does() {
        let mut memory = Memory::new();
        // Our hash, checked by the crate's own verifier; the crate's hash, checked by ours.
        let ours = memory.hash("Bitwa pod Warszawą!").unwrap();
        assert!(ours.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{ours}");
        assert!(verify_password(&ours, "Bitwa pod Warszawą!"));
        assert!(!verify_password(&ours, "Bitwa pod Warszawa!"));
        let theirs = hash_password("sedzia-haslo").unwrap();
        assert!(memory.verify(&theirs, "sedzia-haslo"));
        assert!(!memory.verify(&theirs, "sedzia-hasło"));
        // The RFC 9106 / PHC reference: a hash made with other parameters (m=4096) verifies too.
        let small = Argon2::new(Algorithm::Argon2id, Version::V0x13, Params::new(4096, 3, 1, None).unwrap());
        let salt = SaltString::generate(&mut OsRng);
        let other = small.hash_password(b"x-y-z", &salt).unwrap().to_string();
        assert!(memory.verify(&other, "x-y-z") && !memory.verify(&other, "x-y"));
        assert!(!memory.verify("$argon2id$v=19$m=19456,t=2,p=1$bm9wZQ$AAAA", "x"));
        assert!(!memory.verify("garbage", "x"));
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
