//! Live updates of a player's page, `/online/{token}/events`: a server-sent event stream (no
//! polling by the page) carrying only `game:steps`, which the page's script compares with what it
//! shows and reloads on a change; without scripts, the page's reload link does the same. A move
//! saved by this process wakes the streams of its game at once; every few seconds (and when the
//! running clock's flag is due) the stream also reads the game from the database, which sees moves
//! saved by another process behind the same database, and a flag that fell: then it tells the page
//! (`event: flag`), whose reload ends the game on time (`app::recording::flag`). The stream only
//! reads. Reconnecting (the browser does it by itself after `retry`) starts with the current state.

use crate::app::recording::game::now_ms;
use crate::store::recordings::{self, Status as RecStatus};
use crate::store::{GameId, Store};
use crate::web::error::WebError;
use crate::web::extract::player_link::PlayerLink;
use actix_web::web::Bytes;
use actix_web::{HttpResponse, web};
use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Duration;
use tokio::sync::watch;

/// The longest a stream waits before it reads the game from the database again.
const CHECK_EVERY: Duration = Duration::from_secs(10);

/// The streams' wake-up calls, one channel per game in play (in this process).
#[derive(Default)]
pub struct OnlineEvents {
    games: Mutex<HashMap<GameId, watch::Sender<i64>>>,
}

impl OnlineEvents {
    /// The game has `steps` lines now: wake its streams.
    pub fn notify(&self, game: GameId, steps: i64) {
        let games = self.games.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(tx) = games.get(&game) {
            tx.send_replace(steps);
        }
    }

    fn subscribe(&self, game: GameId, steps: i64) -> watch::Receiver<i64> {
        let mut games = self.games.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        // Channels nobody listens to any more go (a finished game's).
        games.retain(|_, tx| tx.receiver_count() > 0);
        games.entry(game).or_insert_with(|| watch::channel(steps).0).subscribe()
    }
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
pub async fn online_events(
    player: PlayerLink,
    db: web::Data<Store>,
    events: web::Data<OnlineEvents>,
) -> Result<HttpResponse, WebError> {
    let game = player.current().map(|g| g.id).ok_or(WebError::NotFound)?;
    let steps = recordings::get(&db, game).await?.map_or(0, |r| r.steps);
    let rx = events.subscribe(game, steps);
    let start = Stream { db: db.get_ref().clone(), game, rx, last: steps, first: true, wait: CHECK_EVERY };
    let body = futures_util::stream::unfold(start, Stream::next);
    Ok(HttpResponse::Ok()
        .content_type("text/event-stream")
        .insert_header(("Cache-Control", "no-store"))
        // Not compressed (a compressor holds chunks back) nor buffered by a proxy.
        .insert_header(("Content-Encoding", "identity"))
        .insert_header(("X-Accel-Buffering", "no"))
        .streaming(body))
}
