//! A round of the groups: every group's next round of its Berger schedule (FIDE C.05 Annex 1, in
//! `league::round_robin::berger`), all groups at once, stored as a draft round of the phase
//! `groups` and published as every round is (`rounds::publish`). Tables run on across the groups
//! (group A's first, then B's, ...), so a table number names one match of the round; a bye sits at
//! no table. A withdrawn player's match is entered as their withdrawal (a forfeit) with the round.

use super::super::snapshot::{Loaded, check_last_round_locked, next_number, on_fresh_snapshot};
use super::super::{AppResult, Refusal, StageRefusal};
use crate::league::round_robin::berger::BergerPairing;
use crate::store::rounds::{NewMatch, Phase};
use crate::store::{self, Store, TournamentId, UserId};

/// The next group round's matches.
///
/// # Errors
/// [`StageRefusal::NotGroups`], [`StageRefusal::StageClosed`], [`StageRefusal::NotDrawn`],
/// [`Refusal::LockFirst`], [`StageRefusal::GroupsDone`].
pub fn decide(data: &Loaded) -> Result<Vec<NewMatch>, Refusal> {
    let stage = super::open_groups_stage(data)?;
    let groups = super::drawn_groups(data);
    if groups.is_empty() {
        return Err(StageRefusal::NotDrawn.into());
    }
    check_last_round_locked(data)?;
    let paired = super::group_rounds(data).count();
    let schedules = super::schedules(data, &stage);
    if schedules.iter().all(|s| s.rounds.len() <= paired) {
        return Err(StageRefusal::GroupsDone.into());
    }
    let mut matches = Vec::new();
    let mut table = 0;
    for (g, (members, schedule)) in groups.iter().zip(&schedules).enumerate() {
        let player = |number: u32| members[number as usize - 1];
        let group_no = i64::try_from(g).ok();
        for pairing in schedule.rounds.get(paired).into_iter().flatten() {
            matches.push(match *pairing {
                BergerPairing::Match { red_first, other, .. } => {
                    table += 1;
                    NewMatch {
                        table_no: table,
                        player_a: player(red_first),
                        player_b: Some(player(other)),
                        bracket_slot: None,
                        group_no,
                    }
                }
                BergerPairing::Bye { number } => NewMatch {
                    table_no: 0,
                    player_a: player(number),
                    player_b: None,
                    bracket_slot: None,
                    group_no,
                },
            });
        }
    }
    Ok(matches)
}

/// Pair the next group round as a draft; its number. A withdrawn player's matches in it are
/// recorded as their withdrawal.
///
/// # Errors
/// As [`decide`]; a conflict if the tournament kept changing; the database fails.
pub async fn pair_next(db: &Store, t: TournamentId, by: UserId) -> AppResult<i64> {
    let number = on_fresh_snapshot(db, t, |data| async move {
        let matches = decide(&data)?;
        let number = next_number(&data);
        store::rounds::create(db, t, Some(data.stamp), number, Phase::Groups, "", &matches, by).await?;
        Ok(number)
    })
    .await?;
    super::withdraw::forfeit_remaining(db, t, by).await?;
    Ok(number)
}
