//! The store's transaction helper for a tournament's writes: opening the transaction (the change
//! counter moved first, which locks the tournament's row and stamps the read model; a closed event
//! refused) and recording, inside it, the history row of every change it makes. The aggregates
//! (`games`, `rounds`, `players`, ...) hand their typed [`Change`] to [`Conn::record`]: none of them
//! writes the history table itself, and `store::history` names none of them (only `store::values`),
//! so the store's folders depend on each other one way.

use super::history::{Change, Columns};
use super::{Conn, Refusal, Stamp, Store, StoreError, TournamentId, UserId, now};

impl Store {
    /// A transaction that writes the tournament's data (results, pairings, players, rounds, deck
    /// checks, configuration). Its first statement moves the tournament's change counter on, which
    /// (a) locks the tournament's row until commit, so on PostgreSQL the tournament's writers run
    /// one after the other as they do on SQLite, each seeing everything committed before it, and
    /// (b) is the change stamp of the public pages: a commit that changed anything shown moved it.
    ///
    /// # Errors
    /// [`StoreError::NotFound`] if there is no such tournament; no connection or lock.
    pub async fn write_tournament(&self, id: TournamentId) -> Result<Conn, StoreError> {
        let mut tx = self.write().await?;
        let bumped =
            on!(&mut tx, |c| sqlx::query("UPDATE tournaments SET changes = changes + 1 WHERE id = $1")
                .bind(id)
                .execute(c)
                .await
                .map(|r| r.rows_affected()))?;
        if bumped == 0 {
            return Err(StoreError::NotFound);
        }
        refuse_closed_event_in(&mut tx, id).await?;
        Ok(tx)
    }

    /// [`Store::write_tournament`] without the closed event's refusal: only for reopening the
    /// event (`app::season::close::reopen_event`), the one write a closed event takes.
    ///
    /// # Errors
    /// [`StoreError::NotFound`] if there is no such tournament; no connection or lock.
    pub async fn write_closed_event(&self, id: TournamentId) -> Result<Conn, StoreError> {
        let mut tx = self.write().await?;
        touch_tournament_in(&mut tx, id).await?;
        Ok(tx)
    }

    /// [`Store::write_tournament`] for a write decided on a snapshot read at `seen` (pairing a
    /// round, locking one): the counter moves on only if nothing was written since, so the decision
    /// still holds at commit (compare-and-set on the change stamp).
    ///
    /// # Errors
    /// [`StoreError::Conflict`] if the tournament changed since `seen` (decide again on a fresh
    /// snapshot); [`StoreError::NotFound`]; no connection or lock.
    pub async fn write_tournament_unchanged(
        &self,
        id: TournamentId,
        seen: Stamp,
    ) -> Result<Conn, StoreError> {
        let mut tx = self.write().await?;
        let bumped = on!(&mut tx, |c| sqlx::query(
            "UPDATE tournaments SET changes = changes + 1 WHERE id = $1 AND version = $2 AND changes = $3"
        )
        .bind(id)
        .bind(seen.config)
        .bind(seen.changes)
        .execute(c)
        .await
        .map(|r| r.rows_affected()))?;
        if bumped == 0 {
            let exists: Option<(i64,)> =
                on!(&mut tx, |c| sqlx::query_as("SELECT id FROM tournaments WHERE id = $1")
                    .bind(id)
                    .fetch_optional(c)
                    .await)?;
            return Err(if exists.is_some() { StoreError::Conflict } else { StoreError::NotFound });
        }
        refuse_closed_event_in(&mut tx, id).await?;
        Ok(tx)
    }
}

impl Conn {
    /// Record one change in this transaction's history (a [`Store::write_tournament`] transaction:
    /// the change counter moved with it), so the change and its history commit or vanish together.
    ///
    /// # Errors
    /// The insert fails or a value cannot be encoded.
    pub async fn record(
        &mut self,
        tournament: TournamentId,
        by: UserId,
        change: &Change,
    ) -> Result<(), StoreError> {
        let Columns { entity, entity_id, action, old_value, new_value } = change.columns()?;
        on!(self, |c| {
            sqlx::query(
        "INSERT INTO history (tournament_id, entity, entity_id, action, user_id, at, old_value, new_value) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    )
    .bind(tournament)
    .bind(entity)
    .bind(entity_id)
    .bind(action)
    .bind(by)
    .bind(now())
    .bind(&old_value)
    .bind(&new_value)
    .execute(c)
    .await
    .map(|r| r.rows_affected())
        })?;
        Ok(())
    }
}

/// Move a tournament's change counter inside a [`Store::write`] transaction that writes several
/// tournaments' rows (a person's erasure across a season), as [`Store::write_tournament`] does.
///
/// # Errors
/// [`StoreError::NotFound`] if there is no such tournament; the statement fails.
pub async fn touch_tournament_in(tx: &mut Conn, id: TournamentId) -> Result<(), StoreError> {
    let bumped = on!(tx, |c| sqlx::query("UPDATE tournaments SET changes = changes + 1 WHERE id = $1")
        .bind(id)
        .execute(c)
        .await
        .map(|r| r.rows_affected()))?;
    if bumped == 0 {
        return Err(StoreError::NotFound);
    }
    Ok(())
}

/// Refuse inside the caller's transaction (which locked the tournament's row first) when the
/// tournament is a closed event of a season: its stored final ranking must not diverge from its
/// results, rounds and entries (`Refusal::EventFrozen`). Every `write_tournament` checks it; a
/// write that only touches the tournament (an acceptance into it) calls it itself.
///
/// # Errors
/// [`StoreError::Refused`]; the query fails.
pub async fn refuse_closed_event_in(tx: &mut Conn, id: TournamentId) -> Result<(), StoreError> {
    let closed: Option<(i64,)> = on!(tx, |c| sqlx::query_as(
        // The id (a BIGINT on both backends; PostgreSQL's `1` is an INT4 the `i64` would refuse).
        "SELECT tournament_id FROM season_events WHERE tournament_id = $1 AND closed_at IS NOT NULL"
    )
    .bind(id)
    .fetch_optional(c)
    .await)?;
    if closed.is_some() {
        return Err(StoreError::Refused(Refusal::EventFrozen));
    }
    Ok(())
}
