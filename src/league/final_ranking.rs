//! The final ranking once the knockout is over (PRODUCT "Knockout"): the champion, the finalist,
//! then third place (the third-place match's winner, then its loser; without that match both
//! semi-finalists share third place), then the players who went out in each earlier knockout round
//! (later rounds first; quarter-finalists share 5th to 8th place), then everyone else by the Swiss
//! standings. Players who share a place are listed in their Swiss order. Pure: a function of the
//! bracket and the Swiss standings.

use super::ids::PlayerId;
use super::knockout::{Bracket, BracketMatch, Slot};
use super::standings::StandingRow;
use serde::{Deserialize, Serialize};

/// How far a player got ("Osiągnięty etap" on the pages).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "kind")]
pub enum Reached {
    /// Won the final.
    Champion,
    /// Lost the final.
    Finalist,
    /// Won the third-place match.
    ThirdPlace,
    /// Lost the third-place match.
    FourthPlace,
    /// Lost a semi-final, with no third-place match played.
    SemiFinal,
    /// Lost in the knockout round this many rounds before the final (2: a quarter-final, 3: the
    /// round of 16, ...).
    KnockoutRound { before_final: u32 },
    /// Did not reach the knockout (or lost nowhere in it): placed by the Swiss standings.
    Swiss,
    /// Did not qualify from the groups: placed by the groups' ranking ([`final_ranking_after_groups`]).
    Groups,
}

/// One line of the final ranking: the places `first..=last` are shared by everyone at the same
/// point (`first == last` for a place of one's own).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct FinalPlace {
    pub player: PlayerId,
    pub first: u32,
    pub last: u32,
    #[serde(rename = "stage")]
    pub reached: Reached,
}

/// A bracket match's players who lost it (none for a bye or an undecided match).
fn loser(m: &BracketMatch) -> Option<PlayerId> {
    let winner = m.winner()?;
    if m.slots.contains(&Slot::Bye) {
        return None;
    }
    m.slots.iter().find_map(|s| match *s {
        Slot::Player { id, .. } if *s != winner => Some(id),
        _ => None,
    })
}

fn player_of(slot: Slot) -> Option<PlayerId> {
    match slot {
        Slot::Player { id, .. } => Some(id),
        _ => None,
    }
}

/// The final ranking, once the final (and the third-place match, if there is one) is decided;
/// `None` before. `swiss` is the Swiss standings (any order: sorted by rank here).
#[must_use]
pub fn final_ranking(bracket: &Bracket, swiss: &[StandingRow]) -> Option<Vec<FinalPlace>> {
    let mut swiss: Vec<&StandingRow> = swiss.iter().collect();
    swiss.sort_by_key(|r| r.rank);
    let order: Vec<PlayerId> = swiss.iter().map(|r| r.player).collect();
    ranked(bracket, &order, Reached::Swiss)
}

/// The final ranking of a tournament whose knockout came from round-robin groups: as
/// [`final_ranking`], with `groups_order` (every player of the groups, best first: the caller's
/// order of the frozen group ranking) in place of the Swiss standings, both for the order inside a
/// shared place and for everyone who did not qualify ([`Reached::Groups`]).
#[must_use]
pub fn final_ranking_after_groups(bracket: &Bracket, groups_order: &[PlayerId]) -> Option<Vec<FinalPlace>> {
    ranked(bracket, groups_order, Reached::Groups)
}

/// The ranking from the bracket, then `order` (best first) for shared places and for the rest,
/// who are placed as `rest`.
fn ranked(bracket: &Bracket, order: &[PlayerId], rest: Reached) -> Option<Vec<FinalPlace>> {
    let champion = bracket.champion()?;
    if let Some(third) = &bracket.third_place
        && third.winner().is_none()
    {
        return None;
    }
    let swiss_rank = |p: PlayerId| order.iter().position(|&q| q == p).unwrap_or(usize::MAX);

    // Groups of players sharing places, best first.
    let mut groups: Vec<(Reached, Vec<PlayerId>)> = vec![(Reached::Champion, vec![champion])];
    let n = bracket.rounds.len();
    let final_match = bracket.rounds.last().and_then(|r| r.first());
    groups.push((Reached::Finalist, final_match.and_then(loser).into_iter().collect()));
    match &bracket.third_place {
        Some(third) => {
            groups.push((Reached::ThirdPlace, third.winner().and_then(player_of).into_iter().collect()));
            groups.push((Reached::FourthPlace, loser(third).into_iter().collect()));
        }
        None if n >= 2 => {
            let semis = bracket.rounds.get(n - 2).map(Vec::as_slice).unwrap_or_default();
            groups.push((Reached::SemiFinal, semis.iter().filter_map(loser).collect()));
        }
        None => {}
    }
    for r in (0..n.saturating_sub(2)).rev() {
        let before_final = u32::try_from(n - 1 - r).unwrap_or(u32::MAX);
        let losers = bracket.rounds[r].iter().filter_map(loser).collect();
        groups.push((Reached::KnockoutRound { before_final }, losers));
    }

    let mut out: Vec<FinalPlace> = Vec::with_capacity(order.len());
    let mut next = 1u32;
    for (reached, mut players) in groups {
        players.retain(|p| !out.iter().any(|f| f.player == *p));
        if players.is_empty() {
            continue;
        }
        players.sort_by_key(|&p| swiss_rank(p));
        let last = next + u32::try_from(players.len()).unwrap_or(u32::MAX) - 1;
        out.extend(players.into_iter().map(|player| FinalPlace { player, first: next, last, reached }));
        next = last + 1;
    }
    for &player in order {
        if out.iter().any(|f| f.player == player) {
            continue;
        }
        out.push(FinalPlace { player, first: next, last: next, reached: rest });
        next += 1;
    }
    Some(out)
}
