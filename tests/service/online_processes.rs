//! Issue 35, item 4: two service processes on one PostgreSQL, each player on a different one (the
//! league's deployment: several web processes behind a proxy). A move saved by one process wakes
//! the other player's stream on the other process through the database's channel (`LISTEN` /
//! `NOTIFY`, `store::wake`), not the streams' periodic read (every 10 s). Measured: the time from
//! the move's answer to the other process's stream event, over game 1's moves (up to 60): median
//! under 50 ms, p95 under 200 ms, none over 2 s. The first process is the test's own app, the
//! second a real `bitwa serve` binary.
//!
//! On SQLite there is no such channel (two processes on one file wake each other only by the
//! periodic read): the test runs in CI's PostgreSQL pass and says so on SQLite.

use crate::helpers::*;
use crate::online::{issue_links, offers, referee_url, round_one};
use crate::pages::Online;
use crate::processes::Server;
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// A page's event stream read as the browser does, on a plain connection of its own.
struct Sse {
    conn: TcpStream,
    text: String,
}

impl Sse {
    async fn open(base: &str, path: &str) -> Sse {
        let host = base.trim_start_matches("http://");
        let mut conn = TcpStream::connect(host).await.expect("the process answers");
        let head = format!("GET {path} HTTP/1.1\r\nHost: {host}\r\nAccept: text/event-stream\r\n\r\n");
        conn.write_all(head.as_bytes()).await.unwrap();
        let mut sse = Sse { conn, text: String::new() };
        sse.fill_until("\r\n\r\n").await;
        assert!(sse.text.starts_with("HTTP/1.1 200"), "the stream opens: {}", sse.text);
        let at = sse.text.find("\r\n\r\n").unwrap() + 4;
        sse.text.drain(..at);
        sse
    }

    async fn fill_until(&mut self, needle: &str) {
        let mut buf = [0u8; 4096];
        while !self.text.contains(needle) {
            let n = self.conn.read(&mut buf).await.expect("the stream goes on");
            assert!(n > 0, "the stream ended: {}", self.text);
            self.text.push_str(&String::from_utf8_lossy(&buf[..n]));
        }
    }

    /// The next `step` event's data (`game:steps`).
    async fn next(&mut self) -> String {
        loop {
            if let Some(at) = self.text.find("event: step\ndata: ") {
                let rest = &self.text[at + "event: step\ndata: ".len()..];
                if let Some(end) = rest.find("\n\n") {
                    let data = rest[..end].to_string();
                    let used = at + "event: step\ndata: ".len() + end + 2;
                    self.text.drain(..used);
                    return data;
                }
            }
            let mut buf = [0u8; 4096];
            let n = self.conn.read(&mut buf).await.expect("the stream goes on");
            assert!(n > 0, "the stream ended: {}", self.text);
            self.text.push_str(&String::from_utf8_lossy(&buf[..n]));
        }
    }
}

#[actix_web::test]
async fn a_move_on_one_process_wakes_the_opponents_stream_on_another_at_once() {
    if postgres_url().is_none() {
        eprintln!("PostgreSQL only (LISTEN/NOTIFY): runs in the PostgreSQL pass (scripts/with-postgres.sh)");
        return;
    }
    let app = TestApp::spawn().await;
    let (t, admin, matches) = round_one(&app, 2).await;
    let m = matches[0];
    assert_eq!(admin.post(&referee_url(t, m), &[("action", "mark")]).await.status, 303);
    let tokens = issue_links(&admin, t, m).await;
    // Player a on the test's process, player b on the other one.
    let other = Server::start(&app.db_url, false);
    let bases = [app.base.clone(), other.base.clone()];
    let players = [Browser::new(&bases[0]), Browser::new(&bases[1])];
    let urls = [format!("/online/{}", tokens[0].1), format!("/online/{}", tokens[1].1)];
    for (p, u) in players.iter().zip(&urls) {
        p.get(u).await.assert_ok();
    }
    // Each player's page listens on its own process, one stream for the whole match (as a phone's).
    // A stream follows one game: a page reloads when the next game starts, and listens again.
    let mut streams = Vec::new();
    let mut streams_game = None;
    // What each stream told last.
    let mut last = [String::new(), String::new()];
    let mut woke: Vec<Duration> = Vec::new();
    let mut across = [0usize; 2];
    let mut idle = 0;
    let mut rng = 7u64;
    for _ in 0..400 {
        let pages = [players[0].get(&urls[0]).await, players[1].get(&urls[1]).await];
        let Some(mover) = (0..2).find(|&i| !offers(&pages[i].body).is_empty()) else {
            // Between the match's games (the next starts once both pages come back), or its end.
            idle += 1;
            if idle > 20 {
                break;
            }
            actix_rt::time::sleep(Duration::from_millis(100)).await;
            continue;
        };
        idle = 0;
        let waiter = 1 - mover;
        let page = Online::read(&pages[mover]);
        if streams_game.is_some() && streams_game != page.game {
            // Game 1 is over: enough moves measured (a game is 20-70 of them).
            break;
        }
        if streams_game != page.game {
            streams.clear();
            for (i, (base, url)) in bases.iter().zip(&urls).enumerate() {
                let mut stream = Sse::open(base, &format!("{url}/events")).await;
                last[i] = stream.next().await;
                streams.push(stream);
            }
            streams_game = page.game;
        }
        // Any offer but a pass while there is one (passes end a game in a few moves).
        let offered = offers(&pages[mover].body);
        let moves: Vec<&String> = offered.iter().filter(|o| !o.ends_with(" pass")).collect();
        rng = rng.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let event = if moves.is_empty() {
            offered[0].clone()
        } else {
            moves[((rng >> 33) % moves.len() as u64) as usize].clone()
        };
        let moved = players[mover].post(&urls[mover], &[("step", &page.step), ("event", &event)]).await;
        assert_eq!(moved.status, 303, "{}", moved.body);
        let sent = Instant::now();
        // The waiter's stream, on the other process, tells a new line count.
        let heard = tokio::time::timeout(Duration::from_secs(15), async {
            loop {
                let e = streams[waiter].next().await;
                if e != last[waiter] {
                    return e;
                }
            }
        })
        .await
        .expect("the waiter's process hears of the move");
        woke.push(sent.elapsed());
        across[mover] += 1;
        let now = Online::read(&players[mover].get(&urls[mover]).await);
        if now.game != page.game {
            // The move ended game 1 (the page shows the next one): measured enough.
            break;
        }
        let now = format!("{}:{}", now.game.expect("the game in play"), now.step);
        assert_eq!(heard, now, "the waiter hears the line count the mover's page shows");
        // The mover's own stream hears of it too (its own process).
        tokio::time::timeout(Duration::from_secs(15), async { while streams[mover].next().await != now {} })
            .await
            .expect("the mover's own stream hears of the move");
        last = [now.clone(), now];
        if woke.len() >= 60 {
            break;
        }
    }
    woke.sort();
    let n = woke.len();
    assert!(n >= 10 && across.iter().all(|&k| k > 0), "moves both ways: {across:?}");
    let p50 = woke[n / 2];
    let p95 = woke[(n * 95).div_ceil(100) - 1];
    let p99 = woke[(n * 99).div_ceil(100) - 1];
    eprintln!(
        "across two processes on PostgreSQL: {n} moves ({} from the test's process, {} from the other), \
         wake-up median {:.1} ms, p95 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        across[0],
        across[1],
        p50.as_secs_f64() * 1e3,
        p95.as_secs_f64() * 1e3,
        p99.as_secs_f64() * 1e3,
        woke[n - 1].as_secs_f64() * 1e3
    );
    // The periodic read alone (every 10 s) would put the median near 5 s. With 60 moves p99 is the
    // slowest one, and the test's client shares a thread with the first process on a machine
    // running other tests: the issue's 200 ms is asserted at p95, every wake-up under 2 s.
    assert!(p50 < Duration::from_millis(50), "wake-up median {p50:?} (the periodic read is 10 s)");
    assert!(p95 < Duration::from_millis(200), "wake-up p95 {p95:?}");
    assert!(woke[n - 1] < Duration::from_secs(2), "slowest wake-up {:?}", woke[n - 1]);
    drop(other);
    app.stop().await;
}
