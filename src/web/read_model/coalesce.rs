//! Coalesced reads ("group commit" for a query): many concurrent callers share one fetch, yet every
//! caller gets a value fetched *after* it called, never an older one. A public page asks the database
//! for the tournaments' change stamps on every request; under load one query answers all the requests
//! that arrived while the previous query ran, and a page still never shows a result older than a
//! write acknowledged before the request came in.
//!
//! At most one fetch runs at a time. A caller that arrives while a fetch runs waits for the next
//! one (the running fetch may have read before the caller's write was acknowledged), which the first
//! waiter to wake starts. A fetch whose caller is cancelled (a client went away) hands over to the
//! waiters instead of leaving them stuck.

use std::future::Future;
use std::sync::{Mutex, MutexGuard, PoisonError};
use tokio::sync::watch;

/// Shares fetches of one value among concurrent callers (see the module comment).
pub struct Coalesced<T, E> {
    state: Mutex<State>,
    done: watch::Sender<Published<T, E>>,
}

#[derive(Default)]
struct State {
    /// Number of the newest fetch started (fetches are numbered 1, 2, ...).
    started: u64,
    running: bool,
}

#[derive(Clone)]
struct Published<T, E> {
    /// The fetch this value came from; 0 before the first.
    seq: u64,
    value: Option<Result<T, E>>,
}

impl<T: Clone, E: Clone> Default for Coalesced<T, E> {
    fn default() -> Self {
        Coalesced { state: Mutex::default(), done: watch::Sender::new(Published { seq: 0, value: None }) }
    }
}

impl<T: Clone, E: Clone> Coalesced<T, E> {
    fn state(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The value from a fetch that started after this call: either one this caller runs (`fetch`)
    /// or one another caller started later. A failed fetch's error goes to every caller it served.
    ///
    /// # Errors
    /// The fetch that served this caller failed.
    pub async fn get<F, Fut>(&self, fetch: F) -> Result<T, E>
    where
        F: FnOnce() -> Fut,
        Fut: Future<Output = Result<T, E>>,
    {
        let mut rx = self.done.subscribe();
        // Any fetch numbered above the newest one started now began after this call.
        let target = self.state().started + 1;
        let seq = loop {
            {
                let published = rx.borrow_and_update();
                if published.seq >= target
                    && let Some(value) = &published.value
                {
                    return value.clone();
                }
            }
            {
                let mut state = self.state();
                if !state.running {
                    state.running = true;
                    state.started += 1;
                    break state.started;
                }
            }
            // Woken by the next published value, or by a cancelled fetch handing over. The sender
            // lives in `self`, so this cannot fail while `self` is borrowed.
            let _ = rx.changed().await;
        };
        let mut running = Running { owner: self, seq, value: None };
        let value = fetch().await;
        running.value = Some(value.clone());
        value
    }
}

/// The fetch in progress: publishes its value when done, or only wakes the waiters when cancelled.
struct Running<'a, T, E> {
    owner: &'a Coalesced<T, E>,
    seq: u64,
    value: Option<Result<T, E>>,
}

impl<T, E> Drop for Running<'_, T, E> {
    fn drop(&mut self) {
        // Not running any more before anything is published: a waiter woken by the publication
        // that needs a newer value must be able to start it.
        self.owner.state.lock().unwrap_or_else(PoisonError::into_inner).running = false;
        match self.value.take() {
            Some(value) => {
                self.owner.done.send_replace(Published { seq: self.seq, value: Some(value) });
            }
            None => self.owner.done.send_modify(|_| {}),
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use std::sync::Arc;
    use std::sync::atomic::{AtomicU64, Ordering};
    use tokio::sync::Semaphore;

    /// A fetch that counts its runs and waits for a permit, so the test decides when it finishes.
    async fn gated(runs: &AtomicU64, gate: &Semaphore) -> Result<u64, String> {
        let n = runs.fetch_add(1, Ordering::SeqCst) + 1;
        gate.acquire().await.unwrap().forget();
        Ok(n)
    }

    #[tokio::test]
    async fn callers_arriving_during_a_fetch_share_the_next_one_and_never_get_the_running_one() {
        let c = Arc::new(Coalesced::<u64, String>::default());
        let runs = Arc::new(AtomicU64::new(0));
        let gate = Arc::new(Semaphore::new(0));
        // The first caller starts fetch 1 and is held inside it.
        let first = {
            let (c, runs, gate) = (c.clone(), runs.clone(), gate.clone());
            tokio::spawn(async move { c.get(|| gated(&runs, &gate)).await })
        };
        while runs.load(Ordering::SeqCst) < 1 {
            tokio::task::yield_now().await;
        }
        // Twenty callers arrive while fetch 1 runs: fetch 1 may predate their writes.
        let late: Vec<_> = (0..20)
            .map(|_| {
                let (c, runs, gate) = (c.clone(), runs.clone(), gate.clone());
                tokio::spawn(async move { c.get(|| gated(&runs, &gate)).await })
            })
            .collect();
        for _ in 0..10 {
            tokio::task::yield_now().await;
        }
        gate.add_permits(1);
        assert_eq!(first.await.unwrap(), Ok(1));
        // One of the late callers starts fetch 2; all twenty get its value.
        while runs.load(Ordering::SeqCst) < 2 {
            tokio::task::yield_now().await;
        }
        gate.add_permits(1);
        for task in late {
            assert_eq!(task.await.unwrap(), Ok(2));
        }
        assert_eq!(runs.load(Ordering::SeqCst), 2, "twenty-one callers, two fetches");
    }

    #[tokio::test]
    async fn a_caller_alone_gets_a_fresh_fetch_each_time() {
        let c = Coalesced::<u64, String>::default();
        let runs = AtomicU64::new(0);
        for expected in 1..=3 {
            let got = c.get(|| async { Ok(runs.fetch_add(1, Ordering::SeqCst) + 1) }).await;
            assert_eq!(got, Ok(expected));
        }
    }

    #[tokio::test]
    async fn a_cancelled_fetch_hands_over_to_the_waiters() {
        let c = Arc::new(Coalesced::<u64, String>::default());
        let runs = Arc::new(AtomicU64::new(0));
        let gate = Arc::new(Semaphore::new(0));
        let first = {
            let (c, runs, gate) = (c.clone(), runs.clone(), gate.clone());
            tokio::spawn(async move { c.get(|| gated(&runs, &gate)).await })
        };
        while runs.load(Ordering::SeqCst) < 1 {
            tokio::task::yield_now().await;
        }
        let waiter = {
            let (c, runs) = (c.clone(), runs.clone());
            tokio::spawn(
                async move { c.get(|| async move { Ok(runs.fetch_add(1, Ordering::SeqCst) + 1) }).await },
            )
        };
        for _ in 0..10 {
            tokio::task::yield_now().await;
        }
        // The client of the first caller goes away mid-fetch.
        first.abort();
        assert!(first.await.is_err());
        assert_eq!(waiter.await.unwrap(), Ok(2), "the waiter ran its own fetch");
    }

    #[tokio::test]
    async fn errors_reach_every_caller_that_shared_the_fetch() {
        let c = Coalesced::<u64, String>::default();
        assert_eq!(
            c.get(|| async { Err("database is locked".to_string()) }).await,
            Err("database is locked".into())
        );
        assert_eq!(c.get(|| async { Ok(7) }).await, Ok(7), "a failure is not remembered");
    }
}
