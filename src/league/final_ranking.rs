//! An event's final ranking, one function for every format ([`of_event`], PRODUCT "Stages": Swiss,
//! Swiss + knockout, groups only, groups + knockout): the public final standings show it and
//! closing a season's event stores it, place for place.
//!
//! After a knockout (PRODUCT "Knockout"): the champion, the finalist, then third place (the
//! third-place match's winner, then its loser; without that match both semi-finalists share third
//! place), then the players who went out in each earlier knockout round (later rounds first;
//! quarter-finalists share 5th to 8th place), then everyone else by the opening stage. Players
//! who share a place are listed in the opening stage's order.
//!
//! The opening stage's order: a Swiss's standings (a total order: every place one player's); the
//! groups' frozen rankings by place in the group (every group winner before every runner-up),
//! then, among players of the same place in different groups, by the cross-group comparison
//! ([`across_groups`]: match points and tiebreaks per match), then by group (A first). Players of
//! the same place level on every per-match value share a place. Pure: a function of the bracket
//! and the opening stage's ranking.

use super::ids::PlayerId;
use super::knockout::{Bracket, BracketMatch, Slot};
use super::round_robin::standings::{GroupStandings, across_groups};
use super::standings::StandingRow;
use serde::{Deserialize, Serialize};
use std::cmp::Ordering;

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
    /// Did not qualify from the groups: placed by the groups' ranking ([`groups_order`]).
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

/// What an event's final ranking is made of, by its format.
#[derive(Debug, Clone, Copy)]
pub enum EventResults<'a> {
    /// Swiss only: the standings after the last round.
    Swiss { standings: &'a [StandingRow] },
    /// Swiss then a knockout: the bracket, then the Swiss standings.
    SwissKnockout { standings: &'a [StandingRow], bracket: &'a Bracket },
    /// Round-robin groups only: the frozen ranking of every group (A first).
    Groups { groups: &'a [GroupStandings] },
    /// Groups then a knockout: the bracket, then the groups' frozen rankings.
    GroupsKnockout { groups: &'a [GroupStandings], bracket: &'a Bracket },
}

/// The event's final ranking, best first; `None` while a knockout is still to finish (the caller
/// checks that the Swiss rounds are over and the groups frozen).
#[must_use]
pub fn of_event(results: EventResults<'_>) -> Option<Vec<FinalPlace>> {
    match results {
        EventResults::Swiss { standings } => {
            Some(placed(&swiss_order(standings), Vec::new(), Reached::Swiss))
        }
        EventResults::SwissKnockout { standings, bracket } => final_ranking(bracket, standings),
        EventResults::Groups { groups } => Some(placed(&groups_order(groups), Vec::new(), Reached::Groups)),
        EventResults::GroupsKnockout { groups, bracket } => {
            ranked(bracket, &groups_order(groups), Reached::Groups)
        }
    }
}

/// The final ranking of a Swiss + knockout, once the final (and the third-place match, if there
/// is one) is decided; `None` before. `swiss` is the Swiss standings (any order: sorted by rank
/// here).
#[must_use]
pub fn final_ranking(bracket: &Bracket, swiss: &[StandingRow]) -> Option<Vec<FinalPlace>> {
    ranked(bracket, &swiss_order(swiss), Reached::Swiss)
}

/// The Swiss standings as places of one player each, best first.
fn swiss_order(standings: &[StandingRow]) -> Vec<Vec<PlayerId>> {
    let mut rows: Vec<&StandingRow> = standings.iter().collect();
    rows.sort_by_key(|r| r.rank);
    rows.into_iter().map(|r| vec![r.player]).collect()
}

/// Every ranked player of the groups, best first, as places (players level on everything that
/// compares them share one): by place in their group, then across groups at the same place by
/// [`across_groups`], then by group. A group's own ties keep the group's places (its ranking
/// is the one its page shows, a lot included).
#[must_use]
pub fn groups_order(groups: &[GroupStandings]) -> Vec<Vec<PlayerId>> {
    let mut rows: Vec<(usize, &super::round_robin::standings::GroupRow)> =
        groups.iter().enumerate().flat_map(|(g, s)| s.rows.iter().map(move |r| (g, r))).collect();
    rows.sort_by(|(ga, a), (gb, b)| a.rank.cmp(&b.rank).then(across_groups(b, a)).then(ga.cmp(gb)));
    let mut classes: Vec<(u32, &super::round_robin::standings::GroupRow, Vec<PlayerId>)> = Vec::new();
    for (_, r) in rows {
        match classes.last_mut() {
            Some((rank, first, players)) if *rank == r.rank && across_groups(first, r) == Ordering::Equal => {
                players.push(r.player);
            }
            _ => classes.push((r.rank, r, vec![r.player])),
        }
    }
    classes.into_iter().map(|(_, _, players)| players).collect()
}

/// `out` followed by the players of `order` not in it yet, each class of `order` one place
/// (shared by its members), placed as `rest`.
fn placed(order: &[Vec<PlayerId>], mut out: Vec<FinalPlace>, rest: Reached) -> Vec<FinalPlace> {
    let mut next = out.last().map_or(1, |f| f.last + 1);
    for class in order {
        let players: Vec<PlayerId> =
            class.iter().copied().filter(|p| !out.iter().any(|f| f.player == *p)).collect();
        if players.is_empty() {
            continue;
        }
        let last = next + u32::try_from(players.len()).unwrap_or(u32::MAX) - 1;
        out.extend(players.into_iter().map(|player| FinalPlace { player, first: next, last, reached: rest }));
        next = last + 1;
    }
    out
}

/// The ranking from the bracket, then `order` (best first) for shared places and for the rest,
/// who are placed as `rest`.
fn ranked(bracket: &Bracket, order: &[Vec<PlayerId>], rest: Reached) -> Option<Vec<FinalPlace>> {
    let champion = bracket.champion()?;
    if let Some(third) = &bracket.third_place
        && third.winner().is_none()
    {
        return None;
    }
    let flat: Vec<PlayerId> = order.iter().flatten().copied().collect();
    let swiss_rank = |p: PlayerId| flat.iter().position(|&q| q == p).unwrap_or(usize::MAX);

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

    let mut out: Vec<FinalPlace> = Vec::with_capacity(flat.len());
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
    Some(placed(order, out, rest))
}
