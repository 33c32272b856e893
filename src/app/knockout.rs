//! The knockout after the Swiss rounds: started by seeding the league's bracket from the top K of
//! the Swiss standings (`league::Bracket::from_standings`, withdrawn players left out), then paired
//! round by round from the bracket rebuilt from the stored results. The seed of the extra-game
//! lots is a parameter: the web draws it from the operating system, the demo and tests pass their
//! own; it is stored with the seeding so every lot can be drawn again.

use super::snapshot::{
    Loaded, Seeding, check_last_round_locked, next_number, on_fresh_snapshot, opens_with_groups, slot_of, sp,
    swiss_paired,
};
use super::{AppResult, Refusal};
use crate::league::{self, Bracket, Slot};
use crate::store::rounds::{NewMatch, Phase};
use crate::store::{self, Store, StoreError, TournamentId, UserId};

/// The seeded players of a bracket, best seed first (every seed sits in the first round, facing
/// another seed or a bye).
#[must_use]
pub fn seeds(bracket: &Bracket) -> Vec<league::PlayerId> {
    let mut seeded: Vec<(u32, league::PlayerId)> = bracket
        .rounds
        .first()
        .into_iter()
        .flatten()
        .flat_map(|m| m.slots)
        .filter_map(|s| match s {
            Slot::Player { id, seed } => Some((seed, id)),
            Slot::Bye | Slot::Pending => None,
        })
        .collect();
    seeded.sort_unstable();
    seeded.into_iter().map(|(_, id)| id).collect()
}

/// The bracket to pair from and, when the knockout starts now, the seeding to store with its first
/// round (empty otherwise).
///
/// # Errors
/// The last round is not locked, there is no knockout, the Swiss is unfinished, or the league
/// refuses the bracket.
pub fn bracket_now(data: &Loaded, lot_seed: u64) -> Result<(Bracket, Option<Seeding>), Refusal> {
    check_last_round_locked(data)?;
    // After groups the knockout starts by qualification (`stages::qualify`); then it goes on here.
    if opens_with_groups(data) {
        return match data.knockout_bracket() {
            Some(bracket) => Ok((bracket.map_err(Refusal::Bracket)?, None)),
            None => Err(super::StageRefusal::QualifyFirst.into()),
        };
    }
    if data.t.knockout_size < 2 {
        return Err(Refusal::NoKnockout);
    }
    if i64::try_from(swiss_paired(&data.rounds)).unwrap_or(0) < data.t.swiss_rounds {
        return Err(Refusal::SwissNotDone);
    }
    // Started already: the bracket rebuilt from its stored seeding and results.
    if let Some(bracket) = data.knockout_bracket() {
        return Ok((bracket.map_err(Refusal::Bracket)?, None));
    }
    let standings: Vec<league::StandingRow> = data
        .standings()
        .into_iter()
        .filter(|r| data.player(sp(r.player)).is_some_and(|p| !p.withdrawn))
        .collect();
    let k = usize::try_from(data.t.knockout_size).unwrap_or(0);
    let bracket =
        Bracket::from_standings(&standings, k, data.t.third_place, lot_seed).map_err(Refusal::Bracket)?;
    let seeding = Seeding {
        ranked: seeds(&bracket).iter().map(|p| p.0).collect(),
        third_place: data.t.third_place,
        lot_seed,
        layout: None,
        origins: Vec::new(),
    };
    Ok((bracket, Some(seeding)))
}

/// Every bracket match whose two players are known and which is not stored yet, at tables 1, 2, …
///
/// # Errors
/// [`Refusal::KnockoutOver`] once the final is decided, [`Refusal::KnockoutWaiting`] while the
/// next matches wait for results.
pub fn ready_matches(data: &Loaded, bracket: &Bracket) -> Result<Vec<NewMatch>, Refusal> {
    let stored: Vec<i64> = data.knockout_matches().map(|(_, at)| slot_of(at)).collect();
    let ready: Vec<NewMatch> = bracket
        .ready()
        .into_iter()
        .filter(|m| !stored.contains(&slot_of(m.at)))
        .filter_map(|m| m.players().map(|(a, b)| (m.at, a, b)))
        .zip(1..)
        .map(|((at, a, b), table)| NewMatch {
            table_no: table,
            player_a: sp(a),
            player_b: Some(sp(b)),
            bracket_slot: Some(slot_of(at)),
            group_no: None,
        })
        .collect();
    if ready.is_empty() {
        return Err(if bracket.champion().is_some() {
            Refusal::KnockoutOver
        } else {
            Refusal::KnockoutWaiting
        });
    }
    Ok(ready)
}

/// Start the knockout (its seeding stored with its first round, `lot_seed` the seed of every
/// extra-game lot) or pair its next round; the new round's number (a draft).
///
/// # Errors
/// [`Refusal::LockFirst`], [`Refusal::NoKnockout`], [`Refusal::SwissNotDone`],
/// [`Refusal::Bracket`], [`Refusal::KnockoutOver`], [`Refusal::KnockoutWaiting`]; a conflict if the
/// tournament kept changing; the database fails.
pub async fn pair_next_round(db: &Store, t: TournamentId, lot_seed: u64, by: UserId) -> AppResult<i64> {
    on_fresh_snapshot(db, t, |data| async move {
        let (bracket, seeding) = bracket_now(&data, lot_seed)?;
        let ready = ready_matches(&data, &bracket)?;
        let explanation = match seeding {
            Some(s) => serde_json::to_string(&s).map_err(StoreError::from)?,
            None => String::new(),
        };
        let number = next_number(&data);
        store::rounds::create(db, t, Some(data.stamp), number, Phase::Knockout, &explanation, &ready, by)
            .await?;
        Ok(number)
    })
    .await
}
