//! Live updates of a player's page, `/online/{token}/events`: a server-sent event stream (no
//! polling by the page) carrying only `game:steps`, which the page's script compares with what it
//! shows and reloads on a change; without scripts, the page's reload link does the same. A move
//! saved by this process wakes the streams of its game at once; every few seconds (and when the
//! running clock's flag is due) the stream also reads the game from the database, which sees moves
//! saved by another process behind the same database, and a flag that fell: then it tells the page
//! (`event: flag`), whose reload ends the game on time (`app::recording::flag`). The stream only
//! reads. Reconnecting (the browser does it by itself after `retry`) starts with the current state.
//!
//! Across processes (issue 35, item 4): on PostgreSQL each wake-up is also said on the database's
//! channel (`store::wake`, `NOTIFY`) and every other process listening wakes its streams of that
//! game at once; the periodic read stays as the fallback (a notification lost while a connection
//! was down).
//!
//! Bounded (issue 35: one link once held 1,000 streams, and the others' pages slowed tenfold): at
//! most [`STREAMS_PER_LINK`] streams per link, a new one closing the link's oldest (a player's tabs
//! and devices, even when the process is full), and at most `Settings::online_streams` in the whole
//! process, past which a new stream is answered 503 with `Retry-After`.

use crate::app::recording::game::now_ms;
use crate::store::recordings::{self, Status as RecStatus};
use crate::store::wake::{self, Wake};
use crate::store::{GameId, Store};
use crate::web::error::{Away, WebError};
use crate::web::extract::player_link::PlayerLink;
use actix_web::web::Bytes;
use actix_web::{HttpResponse, web};
use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};
use std::time::Duration;
use tokio::sync::{Notify, mpsc, watch};

/// The longest a stream waits before it reads the game from the database again.
const CHECK_EVERY: Duration = Duration::from_secs(10);

/// The most streams one link holds open at once; a new one closes the oldest.
pub const STREAMS_PER_LINK: usize = 4;

/// The most streams in one process by default (`Settings::online_streams`): a round of 200 online
/// matches, each player with a phone and a computer, is 800.
pub const STREAMS_MAX: usize = 2000;

/// Seconds a stream refused for the global cap is told to wait.
const FULL_RETRY_AFTER: u64 = 5;

/// The streams' wake-up calls, one channel per game in play, and the streams open (in this process).
pub struct OnlineEvents {
    games: Mutex<HashMap<GameId, watch::Sender<i64>>>,
    open: Mutex<Open>,
    max: usize,
    /// This process among the others (a random number), so its own calls do not wake it twice.
    origin: u64,
    /// Where wake-ups go to be said to the other processes (set on PostgreSQL at start).
    announce: OnceLock<mpsc::UnboundedSender<(GameId, i64)>>,
}

/// The streams open: how many, and each link's, oldest first, with the call that closes each.
#[derive(Default)]
struct Open {
    count: usize,
    next: u64,
    links: HashMap<i64, VecDeque<(u64, Arc<Notify>)>>,
}

impl Default for OnlineEvents {
    fn default() -> Self {
        OnlineEvents::with_cap(STREAMS_MAX)
    }
}

/// One admitted stream's place: given back when the stream's body is dropped (the client left, the
/// stream ended or was closed).
struct Admitted {
    events: Arc<OnlineEvents>,
    link: i64,
    id: u64,
    close: Arc<Notify>,
}

impl Drop for Admitted {
    fn drop(&mut self) {
        let mut open = self.events.open.lock().unwrap_or_else(PoisonError::into_inner);
        open.count = open.count.saturating_sub(1);
        if let Some(q) = open.links.get_mut(&self.link) {
            q.retain(|(id, _)| *id != self.id);
            if q.is_empty() {
                open.links.remove(&self.link);
            }
        }
    }
}

impl OnlineEvents {
    /// At most `max` streams in this process.
    #[must_use]
    pub fn with_cap(max: usize) -> Self {
        OnlineEvents {
            games: Mutex::default(),
            open: Mutex::default(),
            max,
            origin: rand_core::RngCore::next_u64(&mut rand_core::OsRng),
            announce: OnceLock::new(),
        }
    }

    /// The streams open now.
    #[must_use]
    pub fn open_streams(&self) -> usize {
        self.open.lock().unwrap_or_else(PoisonError::into_inner).count
    }

    /// Admit a stream of `link`: the link's oldest stream is told to close if it holds
    /// [`STREAMS_PER_LINK`] already (the new one takes its place, even in a full process: the
    /// closed one leaves at once); otherwise `None` when the process holds its most.
    fn admit(self: &Arc<Self>, link: i64) -> Option<Admitted> {
        let mut open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        let replaces = open.links.get(&link).is_some_and(|q| q.len() >= STREAMS_PER_LINK);
        if open.count >= self.max && !replaces {
            return None;
        }
        open.count += 1;
        open.next += 1;
        let id = open.next;
        let close = Arc::new(Notify::new());
        let q = open.links.entry(link).or_default();
        q.push_back((id, close.clone()));
        while q.len() > STREAMS_PER_LINK {
            if let Some((_, oldest)) = q.pop_front() {
                // A permit is kept: the stream ends at its next wait even if it is not waiting now.
                oldest.notify_one();
            }
        }
        Some(Admitted { events: self.clone(), link, id, close })
    }

    /// The game has `steps` lines now: wake its streams, and those of the other processes.
    pub fn notify(&self, game: GameId, steps: i64) {
        if let Some(tx) = self.announce.get() {
            let _ = tx.send((game, steps));
        }
        self.wake_here(game, steps);
    }

    /// Wake this process's streams of `game` only.
    fn wake_here(&self, game: GameId, steps: i64) {
        let games = self.games.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(tx) = games.get(&game) {
            tx.send_replace(steps);
        }
    }

    fn subscribe(&self, game: GameId, steps: i64) -> watch::Receiver<i64> {
        let mut games = self.games.lock().unwrap_or_else(PoisonError::into_inner);
        // Channels nobody listens to any more go (a finished game's).
        games.retain(|_, tx| tx.receiver_count() > 0);
        games.entry(game).or_insert_with(|| watch::channel(steps).0).subscribe()
    }
}

/// On PostgreSQL: say this process's wake-ups on the database's channel and hear the other
/// processes' (two background tasks, each going on after a failure: an outage loses calls, which
/// the streams' periodic read covers). Nothing on SQLite.
pub fn connect_processes(db: &Store, events: &Arc<OnlineEvents>) {
    if db.backend() != crate::store::Backend::Postgres {
        return;
    }
    let (tx, mut rx) = mpsc::unbounded_channel::<(GameId, i64)>();
    if events.announce.set(tx).is_err() {
        return;
    }
    let origin = events.origin;
    let sender = db.clone();
    // On the runtime itself, not the arbiter's local set: the listener's connection must be let go
    // of inside the runtime when it shuts down (sqlx spawns to give it back).
    tokio::spawn(async move {
        while let Some((game, steps)) = rx.recv().await {
            if let Err(e) = wake::announce(&sender, Wake { origin, game, steps }).await {
                tracing::warn!(error = ?e, "a move's wake-up could not be said to the other processes");
            }
        }
    });
    let db = db.clone();
    let events = events.clone();
    tokio::spawn(async move {
        loop {
            match wake::listen(&db).await {
                Ok(Some(mut ear)) => loop {
                    match ear.next().await {
                        Ok(w) if w.origin != origin => events.wake_here(w.game, w.steps),
                        Ok(_) => {}
                        Err(e) => {
                            tracing::warn!(error = ?e, "the other processes' wake-ups are not heard");
                            break;
                        }
                    }
                },
                Ok(None) => return,
                Err(e) => tracing::warn!(error = ?e, "cannot listen to the other processes' wake-ups"),
            }
            tokio::time::sleep(Duration::from_secs(1)).await;
        }
    });
}

fn event(game: GameId, steps: i64) -> Bytes {
    Bytes::from(format!("event: step\ndata: {game}:{steps}\n\n"))
}

/// The running clock's flag fell: the page reloads, and its reload ends the game on time.
fn flag_event(game: GameId, steps: i64) -> Bytes {
    Bytes::from(format!("event: flag\ndata: {game}:{steps}\n\n"))
}

struct Stream {
    db: Store,
    game: GameId,
    rx: watch::Receiver<i64>,
    last: i64,
    first: bool,
    /// How long to wait before reading the game again.
    wait: Duration,
    /// Its place among the streams open (closed when a newer stream of the link needs it).
    admitted: Admitted,
}

/// What a read of the game found: its lines, and the running clock's time left.
struct Seen {
    steps: i64,
    due_ms: Option<i64>,
}

impl Stream {
    /// Read the game again (only read: a fallen flag is the page's to end).
    async fn check(&self) -> Option<Seen> {
        let rec = recordings::get(&self.db, self.game).await.ok()??;
        let due = rec.clock.running.filter(|_| !rec.paused && rec.status == RecStatus::Recording);
        Some(Seen { steps: rec.steps, due_ms: due.map(|s| rec.clock.remaining(s, now_ms())) })
    }

    /// The next chunk: an event when the game moved on, a comment to keep the connection.
    async fn next(mut self) -> Option<(Result<Bytes, std::convert::Infallible>, Stream)> {
        if self.first {
            self.first = false;
            let head = format!("retry: 3000\n\n{}", String::from_utf8_lossy(&event(self.game, self.last)));
            return Some((Ok(Bytes::from(head)), self));
        }
        loop {
            tokio::select! {
                () = self.admitted.close.notified() => return None,
                changed = self.rx.changed() => {
                    if changed.is_err() {
                        return None;
                    }
                    let steps = *self.rx.borrow_and_update();
                    if steps != self.last {
                        self.last = steps;
                        return Some((Ok(event(self.game, steps)), self));
                    }
                }
                () = tokio::time::sleep(self.wait) => {
                    let seen = self.check().await.unwrap_or(Seen { steps: self.last, due_ms: None });
                    if seen.steps != self.last {
                        self.last = seen.steps;
                        return Some((Ok(event(self.game, seen.steps)), self));
                    }
                    if seen.due_ms.is_some_and(|ms| ms <= 0) {
                        self.wait = CHECK_EVERY;
                        return Some((Ok(flag_event(self.game, seen.steps)), self));
                    }
                    self.wait = seen.due_ms.map_or(CHECK_EVERY, |ms| {
                        Duration::from_millis(u64::try_from(ms + 50).unwrap_or(0)).min(CHECK_EVERY)
                    });
                    return Some((Ok(Bytes::from_static(b": still here\n\n")), self));
                }
            }
        }
    }
}

/// The stream of a link's game in play.
///
/// # Errors
/// 503 when the process holds its most streams; 404 without a game; the database fails.
pub async fn online_events(
    player: PlayerLink,
    db: web::Data<Store>,
    events: web::Data<OnlineEvents>,
) -> Result<HttpResponse, WebError> {
    let game = player.current().map(|g| g.id).ok_or(WebError::NotFound)?;
    let events = events.into_inner();
    let admitted = events
        .admit(player.link.id)
        .ok_or(WebError::Unavailable { retry_after: FULL_RETRY_AFTER, why: Away::Streams })?;
    let steps = recordings::get(&db, game).await?.map_or(0, |r| r.steps);
    let rx = events.subscribe(game, steps);
    let start =
        Stream { db: db.get_ref().clone(), game, rx, last: steps, first: true, wait: CHECK_EVERY, admitted };
    let body = futures_util::stream::unfold(start, Stream::next);
    Ok(HttpResponse::Ok()
        .content_type("text/event-stream")
        .insert_header(("Cache-Control", "no-store"))
        // Not compressed (a compressor holds chunks back) nor buffered by a proxy.
        .insert_header(("Content-Encoding", "identity"))
        .insert_header(("X-Accel-Buffering", "no"))
        .streaming(body))
}
