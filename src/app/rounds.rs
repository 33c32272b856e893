//! A round's life: paired as a draft (the league's Swiss pairing), published, locked once every
//! match is decided; a draft may be discarded or overridden (two players swapped); referees are
//! assigned to its tables. Decisions taken on a snapshot (the pairing, "every result is in") are
//! saved only if the tournament did not change since (the snapshot's stamp), and taken again if it
//! did.

use super::snapshot::{
    Loaded, check_last_round_locked, lp, next_number, on_fresh_snapshot, opens_with_groups, scoring, sp,
    swiss_left, swiss_paired,
};
use super::{AppError, AppResult, Refusal};
use crate::league::{
    self, ForbiddenPair, ForbiddenUntil, Pairing, PairingInput, PairingPlayer, PlayerStatus,
};
use crate::store::rounds::{NewMatch, Phase, Round, Status};
use crate::store::tournaments::Role;
use crate::store::{self, PlayerId, Store, StoreError, TournamentId, UserId};
use std::collections::BTreeMap;

/// The fewest active players a round is paired for (one player alone has nobody to play; the league
/// would give a bye and call it a round).
pub const MIN_PLAYERS: usize = 2;

/// The players active in round `round`: not withdrawn, and entered for it or before.
#[must_use]
pub fn active_for(data: &Loaded, round: i64) -> usize {
    data.players.iter().filter(|p| !p.withdrawn && p.joined_round <= round).count()
}

/// What the league decides for the next Swiss round: its matches and the explanation to store.
///
/// # Errors
/// The last round is not locked, every Swiss round is paired, or the league finds no pairing.
fn decide_swiss_round(
    data: &Loaded,
    forbidden: &[(PlayerId, PlayerId, Option<i64>)],
) -> Result<(Vec<NewMatch>, league::RoundPairing), Refusal> {
    check_last_round_locked(data)?;
    if opens_with_groups(data) {
        return Err(super::StageRefusal::NotSwiss.into());
    }
    if !swiss_left(&data.rounds, data.t.swiss_rounds) {
        return Err(Refusal::SwissDone);
    }
    let round = u32::try_from(swiss_paired(&data.rounds) + 1).unwrap_or(u32::MAX);
    let active = active_for(data, i64::from(round));
    if active < MIN_PLAYERS {
        return Err(Refusal::TooFewPlayers { active });
    }
    let standings = data.standings();
    let rank: BTreeMap<league::PlayerId, u32> = standings.iter().map(|r| (r.player, r.rank)).collect();
    let players = data
        .players
        .iter()
        .map(|p| PairingPlayer {
            id: lp(p.id),
            status: if p.withdrawn { PlayerStatus::Withdrawn } else { PlayerStatus::Active },
            joined_round: u32::try_from(p.joined_round).unwrap_or(1),
            rank: rank.get(&lp(p.id)).copied().unwrap_or(u32::MAX),
        })
        .collect();
    let forbidden = forbidden
        .iter()
        .map(|&(a, b, until)| ForbiddenPair {
            a: lp(a),
            b: lp(b),
            until: match until.and_then(|n| u32::try_from(n).ok()) {
                Some(n) => ForbiddenUntil::Round(n),
                None => ForbiddenUntil::Always,
            },
        })
        .collect();
    let input =
        PairingInput { round, players, history: data.swiss_records(), forbidden, scoring: scoring(&data.t) };
    let pairing = league::pair_round(&input).map_err(Refusal::NoPairing)?;
    let matches = pairing
        .pairings
        .iter()
        .map(|p| match *p {
            Pairing::Match { table, red_first, other } => NewMatch {
                table_no: i64::from(table),
                player_a: sp(red_first),
                player_b: Some(sp(other)),
                bracket_slot: None,
                group_no: None,
            },
            Pairing::Bye { player } => NewMatch {
                table_no: 0,
                player_a: sp(player),
                player_b: None,
                bracket_slot: None,
                group_no: None,
            },
        })
        .collect();
    Ok((matches, pairing))
}

/// Pair the next Swiss round with the league's `pair_round` and store it as a draft; its number.
///
/// # Errors
/// [`Refusal::LockFirst`], [`Refusal::SwissDone`], [`Refusal::NoPairing`]; a conflict if the
/// tournament kept changing; the database fails.
pub async fn pair_next_swiss_round(db: &Store, t: TournamentId, by: UserId) -> AppResult<i64> {
    // Entries from schools (issue 39): round 1 pairs only the pupils checked in at the desk.
    super::seating::seat_before_round_1(db, t, by).await?;
    on_fresh_snapshot(db, t, |data| async move {
        let forbidden = store::players::forbidden_pairs(db, t).await?;
        let (matches, pairing) = decide_swiss_round(&data, &forbidden)?;
        let explanation = serde_json::to_string(&pairing.explanation).map_err(StoreError::from)?;
        let number = next_number(&data);
        store::rounds::create(db, t, Some(data.stamp), number, Phase::Swiss, &explanation, &matches, by)
            .await?;
        Ok(number)
    })
    .await
}

/// A round of the tournament by its number.
///
/// # Errors
/// [`StoreError::NotFound`]; the database fails.
pub async fn by_number(db: &Store, t: TournamentId, number: i64) -> AppResult<Round> {
    Ok(store::rounds::by_number(db, t, number).await?.ok_or(StoreError::NotFound)?)
}

/// Move a round from `from` to `to`. Doing it again (a double click, a resent form) is a success:
/// the round is where the organiser asked, whoever got it there first.
async fn advance(
    db: &Store,
    t: TournamentId,
    round: &Round,
    from: Status,
    to: Status,
    by: UserId,
) -> AppResult<()> {
    match store::rounds::advance(db, t, None, round.id, from, to, by).await {
        Err(StoreError::Conflict) => {
            let now = by_number(db, t, round.number).await?;
            if now.status() == to { Ok(()) } else { Err(StoreError::Conflict.into()) }
        }
        other => Ok(other?),
    }
}

/// Publish a draft: its pairings become public and results may be entered. A draft with no table
/// is never published (the store checks it again in the write's transaction).
///
/// # Errors
/// [`Refusal::EmptyRound`]; [`StoreError::Conflict`] if the round is no longer a draft (and not
/// published); the database fails.
pub async fn publish(db: &Store, t: TournamentId, round: &Round, by: UserId) -> AppResult<()> {
    if store::rounds::matches_of(db, round.id).await?.is_empty() {
        return Err(Refusal::EmptyRound.into());
    }
    match advance(db, t, round, Status::Draft, Status::Published, by).await {
        Err(AppError::Store(StoreError::Conflict))
            if store::rounds::matches_of(db, round.id).await?.is_empty() =>
        {
            Err(Refusal::EmptyRound.into())
        }
        other => other,
    }
}

/// Lock a published round once every match of it is decided (byes count as decided): no more
/// edits but an organiser's corrections, and the next round may be paired. Locking a locked round
/// is a success. The results are checked on a snapshot and the lock saved only if nothing changed
/// since, so a result cleared meanwhile (a walkover undone) cannot leave a locked round incomplete.
///
/// # Errors
/// [`Refusal::ResultsMissing`]; [`StoreError::Conflict`] if the round is a draft or the
/// tournament kept changing; [`StoreError::NotFound`]; the database fails.
pub async fn lock(db: &Store, t: TournamentId, number: i64, by: UserId) -> AppResult<()> {
    on_fresh_snapshot(db, t, |data| async move {
        let round = data.rounds.iter().find(|r| r.number == number).ok_or(StoreError::NotFound)?;
        if round.status() == Status::Locked {
            return Ok(());
        }
        if !data.round_complete(round) {
            return Err(Refusal::ResultsMissing { round: number }.into());
        }
        let (from, to) = (Status::Published, Status::Locked);
        Ok(store::rounds::advance(db, t, Some(data.stamp), round.id, from, to, by).await?)
    })
    .await
}

/// Open a locked round again for corrections (back to published), with the organiser's reason in the
/// history. Refused once a later round is paired (checked in the write's transaction: that pairing
/// counted the round's results). Opening an open round is a success.
///
/// # Errors
/// [`Refusal::ReasonRequired`], [`Refusal::NextRoundPaired`]; [`StoreError::Conflict`] if the
/// round is a draft; [`StoreError::NotFound`]; the database fails.
pub async fn unlock(db: &Store, t: TournamentId, number: i64, reason: &str, by: UserId) -> AppResult<()> {
    let reason = reason.trim();
    if reason.is_empty() {
        return Err(Refusal::ReasonRequired.into());
    }
    let round = by_number(db, t, number).await?;
    match store::rounds::unlock(db, t, round.id, reason, by).await {
        Err(StoreError::Conflict) if by_number(db, t, number).await?.status() == Status::Published => Ok(()),
        other => Ok(other?),
    }
}

/// Throw away a draft (the organiser re-pairs after a late change), with everything stored with it.
///
/// # Errors
/// [`StoreError::Conflict`] if the round is no longer a draft; the database fails.
pub async fn discard(db: &Store, t: TournamentId, round: &Round, by: UserId) -> AppResult<()> {
    Ok(store::rounds::discard_draft(db, t, round.id, by).await?)
}

/// Swap two players between matches of a draft (the organiser's pairing override; logged).
///
/// # Errors
/// [`Refusal::SwapInvalid`] if they are not both in the draft at different tables;
/// [`StoreError::Conflict`] if the round is no longer a draft; the database fails.
pub async fn swap(
    db: &Store,
    t: TournamentId,
    round: &Round,
    x: PlayerId,
    y: PlayerId,
    by: UserId,
) -> AppResult<()> {
    store::rounds::swap_players(db, t, round.id, x, y, by).await.map_err(|e| match e {
        StoreError::NotFound => Refusal::SwapInvalid.into(),
        other => AppError::from(other),
    })
}

/// A round whose tables may be given referees (any but a locked one).
///
/// # Errors
/// [`StoreError::NotFound`], [`Refusal::RoundNotOpen`]; the database fails.
pub async fn open_for_assignment(db: &Store, t: TournamentId, number: i64) -> AppResult<Round> {
    let round = by_number(db, t, number).await?;
    if round.status() == Status::Locked {
        return Err(Refusal::RoundNotOpen.into());
    }
    Ok(round)
}

/// Assign the referee (or organiser) of this tournament named `referee` to the tables
/// `from..=to` of a round, or give them back to nobody in particular (`None`); the tables changed.
///
/// # Errors
/// [`Refusal::NotAReferee`], [`Refusal::NoTablesInRange`], [`Refusal::RoundNotOpen`] (checked
/// again in the write's transaction); the database fails.
#[allow(clippy::too_many_arguments)]
pub async fn assign_referee(
    db: &Store,
    t: TournamentId,
    round: &Round,
    from: i64,
    to: i64,
    referee: Option<&str>,
    by: UserId,
) -> AppResult<Vec<i64>> {
    let referee = match referee {
        None => None,
        Some(name) => {
            let u = store::users::by_username(db, name).await?.ok_or(Refusal::NotAReferee)?;
            let refs = store::tournaments::has_role(db, t, u.id, Role::Referee).await?
                || store::tournaments::has_role(db, t, u.id, Role::Organiser).await?;
            if !refs {
                return Err(Refusal::NotAReferee.into());
            }
            Some(u.id)
        }
    };
    let tables = store::assignments::assign(db, t, round.id, from, to, referee, by).await?;
    if tables.is_empty() {
        return Err(Refusal::NoTablesInRange.into());
    }
    Ok(tables)
}
