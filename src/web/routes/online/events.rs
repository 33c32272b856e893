//! Live updates of a player's page, `/online/{token}/events`: a server-sent event stream (no
//! polling by the page) carrying only `game:steps`, which the page's script compares with what it
//! shows and reloads on a change; without scripts, the page's reload link does the same. A move
//! saved by this process wakes the streams of its game at once; every few seconds (and when the
//! running clock's flag is due) the stream also reads the game from the database, which brings a
//! fallen flag to its end on time and sees moves saved by another process behind the same
//! database. Reconnecting (the browser does it by itself after `retry`) starts with the current
//! state.

use super::{OnlineMatch, open};
use crate::store::recordings::{self, Status as RecStatus};
use crate::store::{GameId, Store};
use crate::web::error::WebError;
use crate::web::extract::ctx::Ctx;
use crate::web::forms::rules::rule_options;
use crate::web::read_model::editions::EditionCache;
use crate::web::security::session::SessionConfig;
use crate::web::table::recorded::{self, now_ms};
use actix_web::web::Bytes;
use actix_web::{HttpRequest, HttpResponse, web};
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

struct Stream {
    db: Store,
    editions: web::Data<EditionCache>,
    o: OnlineMatch,
    game: GameId,
    rx: watch::Receiver<i64>,
    last: i64,
    first: bool,
    /// How long to wait before reading the game again.
    wait: Duration,
}

impl Stream {
    /// Read the game again (settling its clock): its steps and when its running flag is due.
    async fn check(&self) -> Option<(i64, Option<i64>)> {
        let rec = recordings::get(&self.db, self.game).await.ok()??;
        let row = self.o.games.iter().find(|g| g.id == self.game)?;
        if rec.status == RecStatus::Recording {
            let edition = self.editions.get(&self.db, &rec.edition).await.ok()?;
            if recorded::settle(
                &self.db,
                &self.o.t,
                &self.o.m,
                row,
                &rec,
                &edition,
                rule_options(&self.o.t.config()),
            )
            .await
            .ok()?
            {
                let after = recordings::get(&self.db, self.game).await.ok()??;
                return Some((after.steps, None));
            }
        }
        let due = rec.clock.running.filter(|_| !rec.paused && rec.status == RecStatus::Recording);
        Some((rec.steps, due.map(|s| rec.clock.remaining(s, now_ms()))))
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
                    let (steps, due) = self.check().await.unwrap_or((self.last, None));
                    if steps != self.last {
                        self.last = steps;
                        return Some((Ok(event(self.game, steps)), self));
                    }
                    self.wait = due.map_or(CHECK_EVERY, |ms| {
                        Duration::from_millis(u64::try_from(ms.max(0) + 50).unwrap_or(0)).min(CHECK_EVERY)
                    });
                    return Some((Ok(Bytes::from_static(b": still here\n\n")), self));
                }
            }
        }
    }
}

/// The stream of a link's game in play.
pub async fn online_events(
    ctx: Ctx,
    req: HttpRequest,
    config: web::Data<SessionConfig>,
    db: web::Data<Store>,
    editions: web::Data<EditionCache>,
    events: web::Data<OnlineEvents>,
    path: web::Path<String>,
) -> Result<HttpResponse, WebError> {
    let token = path.into_inner();
    let o = open(&ctx, &req, &config, &db, &token).await?;
    let game = o.current().map(|g| g.id).ok_or(WebError::NotFound)?;
    let steps = recordings::get(&db, game).await?.map_or(0, |r| r.steps);
    let rx = events.subscribe(game, steps);
    let start = Stream {
        db: db.get_ref().clone(),
        editions: editions.clone(),
        o,
        game,
        rx,
        last: steps,
        first: true,
        wait: CHECK_EVERY,
    };
    let body = futures_util::stream::unfold(start, Stream::next);
    Ok(HttpResponse::Ok()
        .content_type("text/event-stream")
        .insert_header(("Cache-Control", "no-store"))
        // Not compressed (a compressor holds chunks back) nor buffered by a proxy.
        .insert_header(("Content-Encoding", "identity"))
        .insert_header(("X-Accel-Buffering", "no"))
        .streaming(body))
}
