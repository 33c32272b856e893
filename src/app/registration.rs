//! Players: registration (one or many, all or none), changes (withdraw, re-admit, the
//! knowledge-test score), forbidden pairs, and the erasure of a player's personal data after the
//! season. A late entry joins with the next round (0 points before it).

use super::{AppResult, Refusal};
use crate::store::players::{NewPlayer, Player, PlayerChange};
use crate::store::{self, PlayerId, Store, StoreError, TournamentId, UserId};
use chrono::NaiveDate;

/// The round a player registered now can first be paired in: the one after the last stored.
///
/// # Errors
/// The database fails.
pub async fn next_round(db: &Store, t: TournamentId) -> AppResult<i64> {
    Ok(store::rounds::list(db, t).await?.iter().map(|r| r.number).max().unwrap_or(0) + 1)
}

/// Register players (a form registers one, a CSV import many): all or none, each joining with the
/// next round. Their fields and the age rule were checked where the organiser typed them (who may
/// override the age rule); names registered twice are asked about there too.
///
/// # Errors
/// The database fails; nothing is registered then.
pub async fn register(
    db: &Store,
    t: TournamentId,
    players: &[NewPlayer],
    by: UserId,
) -> AppResult<Vec<PlayerId>> {
    let joined = next_round(db, t).await?;
    Ok(store::players::register_all(db, t, players, joined, by).await?)
}

/// A player of the tournament.
///
/// # Errors
/// [`StoreError::NotFound`]; the database fails.
pub async fn player(db: &Store, t: TournamentId, id: PlayerId) -> AppResult<Player> {
    Ok(store::players::get(db, t, id).await?.ok_or(StoreError::NotFound)?)
}

/// The players of the tournament, in registration order.
///
/// # Errors
/// The database fails.
pub async fn players(db: &Store, t: TournamentId) -> AppResult<Vec<Player>> {
    Ok(store::players::list(db, t).await?)
}

/// Withdraw, re-admit or record a knowledge-test score, if the player is still at `version`.
/// Sending a change that the player already shows (a double click) is a success, not a conflict.
///
/// # Errors
/// [`StoreError::Conflict`] if someone changed the player otherwise first; [`StoreError::NotFound`];
/// the database fails.
pub async fn change(
    db: &Store,
    t: TournamentId,
    player: &Player,
    version: i64,
    change: &PlayerChange,
    by: UserId,
) -> AppResult<()> {
    match store::players::change(db, t, player.id, version, change, by).await {
        Err(StoreError::Conflict)
            if change.withdrawn == player.withdrawn && change.knowledge_score == player.knowledge_score =>
        {
            Ok(())
        }
        other => Ok(other?),
    }
}

/// Two distinct players of the tournament, for a forbidden pair.
///
/// # Errors
/// [`Refusal::SamePlayer`], [`Refusal::NoSuchPlayer`]; the database fails.
pub async fn pair_of(
    db: &Store,
    t: TournamentId,
    a: PlayerId,
    b: PlayerId,
) -> AppResult<(PlayerId, PlayerId)> {
    if a == b {
        return Err(Refusal::SamePlayer.into());
    }
    for p in [a, b] {
        store::players::get(db, t, p).await?.ok_or(Refusal::NoSuchPlayer { player: p })?;
    }
    Ok((a, b))
}

/// Keep two players apart in the pairing, always (`until` `None`) or in rounds 1 to `until`.
///
/// # Errors
/// As [`pair_of`]; the database fails.
pub async fn forbid(
    db: &Store,
    t: TournamentId,
    a: PlayerId,
    b: PlayerId,
    until: Option<i64>,
    by: UserId,
) -> AppResult<()> {
    let (a, b) = pair_of(db, t, a, b).await?;
    Ok(store::players::forbid_pair(db, t, a, b, until, by).await?)
}

/// Lift a forbidden pair.
///
/// # Errors
/// As [`pair_of`]; the database fails.
pub async fn allow(db: &Store, t: TournamentId, a: PlayerId, b: PlayerId, by: UserId) -> AppResult<()> {
    let (a, b) = pair_of(db, t, a, b).await?;
    Ok(store::players::allow_pair(db, t, a, b, by).await?)
}

/// Erase a player's personal data once the season is over (the tournament's last day before
/// `today`, checked in the write's transaction); the results stay under a pseudonym.
///
/// # Errors
/// [`Refusal::SeasonNotOver`]; [`StoreError::NotFound`]; the database fails.
pub async fn erase(
    db: &Store,
    t: TournamentId,
    player: PlayerId,
    today: NaiveDate,
    by: UserId,
) -> AppResult<()> {
    Ok(store::players::erase(db, t, player, today, by).await?)
}

/// Whether the tournament is over on `today` (its last day before it), so personal data may be erased.
#[must_use]
pub fn season_over(last_day: NaiveDate, today: NaiveDate) -> bool {
    last_day < today
}
