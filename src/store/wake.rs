//! Wake-up calls between service processes behind one PostgreSQL (issue 35, item 4): a process that
//! saved a move says so on a channel (`NOTIFY`), every process listening (`LISTEN`) wakes its own
//! streams of that game at once. Only the game and its line count travel, never a card. On SQLite
//! there is no such channel: a call says nothing and there is no listener (the streams' periodic
//! read stays the way another process's move arrives, as it does on PostgreSQL when a
//! notification is lost).

use super::{GameId, Pool, Store, StoreError};
use sqlx::postgres::PgListener;

/// The channel's name.
const CHANNEL: &str = "bitwa_online";

/// One wake-up call: which process sent it (so it does not wake itself twice), the game, its lines.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Wake {
    pub origin: u64,
    pub game: GameId,
    pub steps: i64,
}

impl Wake {
    fn payload(self) -> String {
        format!("{}:{}:{}", self.origin, self.game.0, self.steps)
    }

    /// A payload read back; `None` for anything else on the channel.
    fn parse(payload: &str) -> Option<Wake> {
        let mut parts = payload.split(':');
        let origin = parts.next()?.parse().ok()?;
        let game = GameId(parts.next()?.parse().ok()?);
        let steps = parts.next()?.parse().ok()?;
        parts.next().is_none().then_some(Wake { origin, game, steps })
    }
}

/// Tell the other processes (PostgreSQL; nothing on SQLite).
pub async fn announce(db: &Store, wake: Wake) -> Result<(), StoreError> {
    if let Pool::Postgres(pool) = &db.pool {
        sqlx::query("SELECT pg_notify($1, $2)").bind(CHANNEL).bind(wake.payload()).execute(pool).await?;
    }
    Ok(())
}

/// A process's ear on the channel.
pub struct Listener(PgListener);

/// Listen on the channel: `None` on SQLite.
pub async fn listen(db: &Store) -> Result<Option<Listener>, StoreError> {
    let Pool::Postgres(pool) = &db.pool else { return Ok(None) };
    let mut listener = PgListener::connect_with(pool).await?;
    listener.listen(CHANNEL).await?;
    Ok(Some(Listener(listener)))
}

impl Listener {
    /// The next wake-up call (a lost connection is opened again here; calls sent meanwhile are
    /// lost, which the streams' periodic read covers).
    pub async fn next(&mut self) -> Result<Wake, StoreError> {
        loop {
            let n = self.0.recv().await?;
            if let Some(w) = Wake::parse(n.payload()) {
                return Ok(w);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_payload_reads_back_and_nothing_else_does() {
        let w = Wake { origin: 7, game: GameId(42), steps: 118 };
        assert_eq!(w.payload(), "7:42:118");
        assert_eq!(Wake::parse(&w.payload()), Some(w));
        for bad in ["", "7:42", "7:42:118:1", "x:42:118", "7:42:-", "7:4 2:1"] {
            assert_eq!(Wake::parse(bad), None, "{bad}");
        }
    }
}
