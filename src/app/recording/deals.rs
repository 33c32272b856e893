//! The deals of online games (seed and commitment), kept in memory by game once read. A deal never
//! changes once stored: `store::online` inserts it once (`ON CONFLICT DO NOTHING`) and nothing
//! updates or deletes it, and its game cannot be deleted while it exists (the foreign key, without
//! a cascade), so a game id never comes to name another deal. A game without a deal yet is not
//! kept (its deal is stored when the match is marked online or the game starts).

use crate::store::online::Deal;
use crate::store::{self, GameId, Store, StoreError};
use std::collections::HashMap;
use std::sync::{PoisonError, RwLock};

/// The deals read so far, by game.
#[derive(Default)]
pub struct DealCache {
    kept: RwLock<HashMap<GameId, Deal>>,
}

impl DealCache {
    /// The game's deal, if it has one (read once, then from memory).
    ///
    /// # Errors
    /// The database fails.
    pub async fn get(&self, db: &Store, game: GameId) -> Result<Option<Deal>, StoreError> {
        if let Some(d) = self.kept.read().unwrap_or_else(PoisonError::into_inner).get(&game) {
            return Ok(Some(d.clone()));
        }
        let Some(d) = store::online::deal(db, game).await? else { return Ok(None) };
        self.kept.write().unwrap_or_else(PoisonError::into_inner).insert(game, d.clone());
        Ok(Some(d))
    }
}
