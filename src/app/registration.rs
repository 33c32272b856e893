//! Players: registration (one or many, all or none), changes (withdraw, re-admit, the
//! knowledge-test score), forbidden pairs, and the erasure of a player's personal data after the
//! season. A late entry joins with the next round (0 points before it); an entry before a draft
//! round is published joins that round, paired again with them.

use super::{AppError, AppResult, Refusal};
use crate::store::players::{NewPlayer, Player, PlayerChange};
use crate::store::rounds::{Phase, Status};
use crate::store::{self, PlayerId, Store, StoreError, TournamentId, UserId};
use chrono::NaiveDate;

pub use super::seating::next_round;

/// What became of a draft round when players entered before it was published (issue 37: they join
/// it, so it is paired again with them).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DraftAfterEntry {
    /// No Swiss draft waited for publication.
    None,
    /// The draft of this round was paired again, the newcomers with the others.
    Repaired(i64),
    /// The draft of this round was discarded but the league refuses a pairing now (the organiser
    /// pairs again when it can).
    Discarded(i64),
}

/// Players registered, and what became of the draft round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entered {
    pub ids: Vec<PlayerId>,
    pub draft: DraftAfterEntry,
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
    Ok(enter(db, t, players, by).await?.ids)
}

/// [`register`], saying what became of the draft round: a Swiss round paired but not published is
/// paired again with the newcomers (they join it), so no entrant waits a round for a draft.
///
/// # Errors
/// The database fails; nothing is registered then (a failed re-pairing after the registration is
/// said as [`DraftAfterEntry::Discarded`] where the league refuses it).
pub async fn enter(db: &Store, t: TournamentId, players: &[NewPlayer], by: UserId) -> AppResult<Entered> {
    let joined = next_round(db, t).await?;
    let ids =
        store::players::register_all(db, t, players, joined, by, super::authority::links_without_asking)
            .await?;
    let draft = rejoin_draft(db, t, joined, by).await?;
    Ok(Entered { ids, draft })
}

/// Players joined with round `joined`: its Swiss draft, if one waits for publication, is paired
/// again with them (also the desk's latecomers from the entries, issue 39).
///
/// # Errors
/// The database fails.
pub async fn rejoin_draft(
    db: &Store,
    t: TournamentId,
    joined: i64,
    by: UserId,
) -> AppResult<DraftAfterEntry> {
    let rounds = store::rounds::list(db, t).await?;
    let draft = rounds.into_iter().find(|r| r.number == joined && r.status() == Status::Draft);
    let Some(draft) = draft.filter(|r| r.phase() == Phase::Swiss) else {
        return Ok(DraftAfterEntry::None);
    };
    match super::rounds::discard(db, t, &draft, by).await {
        Ok(()) => {}
        // Published or discarded meanwhile: the newcomers join as the round now stands.
        Err(AppError::Store(StoreError::Conflict)) => return Ok(DraftAfterEntry::None),
        Err(e) => return Err(e),
    }
    let draft = match super::rounds::pair_next_swiss_round(db, t, by).await {
        Ok(number) => DraftAfterEntry::Repaired(number),
        Err(AppError::Refused(_)) => DraftAfterEntry::Discarded(draft.number),
        Err(e) => return Err(e),
    };
    tracing::info!(tournament = %t, ?draft, "players entered before the draft was published");
    Ok(draft)
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
    let mut tx = db.write_tournament(t).await?;
    store::erasure::erase_player_in(&mut tx, t, player, today, by).await?;
    tx.commit().await?;
    Ok(())
}

/// Whether the tournament is over on `today` (its last day before it), so personal data may be erased.
#[must_use]
pub fn season_over(last_day: NaiveDate, today: NaiveDate) -> bool {
    last_day < today
}
