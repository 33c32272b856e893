//! FIDE tie-break regulations C.07 (2023/24 text), one function per article, over the players'
//! [`Scorecards`]. Match points play the part of game points: a league match is one C.07 game.
//!
//! Where the articles' full text was not in our sources, the behaviour follows FIDE's reference
//! tie-break calculator (and the worked examples of IA Mario Held's "Exercises in Tie-Breaking",
//! which the tests reproduce): `docs/league.md` says which.

use super::ids::{HalfPoints, PlayerId};
use super::scorecard::{RoundKind, Scorecard, Scorecards};

/// Art. 16.3, the participant's score as their opponents' tie-breaks count it: the real score,
/// except that "Unplayed rounds of category 16.2.5 are evaluated as draws": the voluntary
/// unplayed rounds without an opponent after the last round the participant had a result that
/// was not voluntary (a withdrawal's rounds, a trailing absence). A forfeit keeps its real
/// points (it has an opponent); so do absences before the participant's last real round.
#[must_use]
pub fn adjusted_score(card: &Scorecard, draw: HalfPoints) -> HalfPoints {
    let last_not_voluntary =
        card.rounds.iter().filter(|r| !r.kind.voluntary_unplayed()).map(|r| r.round).max();
    card.rounds
        .iter()
        .map(|r| {
            let trailing = last_not_voluntary.is_none_or(|last| r.round > last);
            if trailing && r.opponent.is_none() { draw } else { r.points }
        })
        .sum()
}

/// One round's contribution to a Buchholz-like tie-break.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Contribution {
    pub round: u32,
    /// The opponent's score for this round: the opponent's adjusted score (Art. 16.3) for a
    /// game played, the dummy's (the participant's own score, Art. 16.4) for an unplayed round.
    pub score: HalfPoints,
    /// Points the participant scored in the round.
    pub points: HalfPoints,
    /// A voluntary unplayed round (Art. 16: cut first, Art. 16.5).
    pub voluntary_unplayed: bool,
}

/// Art. 16.4: "To calculate the participant's own tie-break, each of their unplayed rounds is
/// evaluated as if the participant had played against a dummy [...] The dummy's score for the
/// tie-break calculation is the participant's own score." Played rounds count the opponent's
/// adjusted score (Art. 16.3). Every unplayed round is a dummy: byes, forfeits won or lost,
/// absences, rounds before a late entry or after a withdrawal.
///
/// A round-robin group ([`Scorecards::is_round_robin`]) is scored as FIDE's reference tie-break
/// calculator scores a round robin: Art. 16's dummies and draws are for rounds a Swiss pairing
/// could have filled, while a round robin's schedule is fixed, and its bye is no game (C.05
/// Annex 1: "If there is an odd number of players (or teams), the highest number counts as a
/// bye."). So only the rounds with an opponent of the group's own schedule contribute: a game
/// played the opponent's score as scored (nothing valued as a draw), a game not played (a
/// forfeit, won or lost) nothing; the bye and any round outside the group's schedule are left
/// out, as the calculator leaves out every round without an opponent in a round robin.
#[must_use]
pub fn contributions(card: &Scorecard, cards: &Scorecards) -> Vec<Contribution> {
    if cards.is_round_robin() {
        return round_robin_contributions(card, cards);
    }
    let draw = cards.scoring().draw;
    card.rounds
        .iter()
        .map(|r| {
            let score = match (r.kind, r.opponent) {
                (RoundKind::Played, Some(o)) => {
                    cards.get(o).map_or(HalfPoints::ZERO, |oc| adjusted_score(oc, draw))
                }
                _ => card.score,
            };
            Contribution {
                round: r.round,
                score,
                points: r.points,
                voluntary_unplayed: r.kind.voluntary_unplayed(),
            }
        })
        .collect()
}

/// [`contributions`] in a round-robin group: one per round with an opponent.
fn round_robin_contributions(card: &Scorecard, cards: &Scorecards) -> Vec<Contribution> {
    card.rounds
        .iter()
        .filter_map(|r| {
            let opponent = r.opponent?;
            let score = match r.kind {
                RoundKind::Played => cards.get(opponent).map_or(HalfPoints::ZERO, |oc| oc.score),
                _ => HalfPoints::ZERO,
            };
            Some(Contribution {
                round: r.round,
                score,
                points: r.points,
                voluntary_unplayed: r.kind.voluntary_unplayed(),
            })
        })
        .collect()
}

/// Buchholz (BH), C.07's definition: "The sum of the scores of each of the opponents of a
/// participant", with unplayed rounds as Art. 16 says (see [`contributions`]). Half-points.
#[must_use]
pub fn buchholz(card: &Scorecard, cards: &Scorecards) -> HalfPoints {
    contributions(card, cards).iter().map(|c| c.score).sum()
}

/// Buchholz Cut-1 (BH-C1): Buchholz without its least significant value, where Art. 16.5.1
/// makes an exception: "When a modifier calls for cutting the least significant value (see
/// Articles 14.1 to 14.4) of a participant with one or more VURs, the lowest contribution
/// coming from such rounds shall be cut, as long as such contribution is not lower than the
/// least significant value." For Buchholz the least significant value is the lowest
/// contribution, so a VUR, if any, is always the one cut: the lowest of them. Half-points.
#[must_use]
pub fn buchholz_cut1(card: &Scorecard, cards: &Scorecards) -> HalfPoints {
    let all = contributions(card, cards);
    let total: HalfPoints = all.iter().map(|c| c.score).sum();
    let lowest_voluntary = all.iter().filter(|c| c.voluntary_unplayed).map(|c| c.score).min();
    let lowest = all.iter().map(|c| c.score).min();
    total - lowest_voluntary.or(lowest).unwrap_or_default()
}

/// Sonneborn-Berger (SB), C.07's definition: "It is calculated by adding, for each round, a
/// value given by multiplying the final score of the opponents by the points scored against
/// them", the opponents' scores as for Buchholz (Art. 16.3 and 16.4). In quarter-points
/// (half-points times half-points).
#[must_use]
pub fn sonneborn_berger(card: &Scorecard, cards: &Scorecards) -> i64 {
    contributions(card, cards).iter().map(|c| c.score.0 * c.points.0).sum()
}

/// The results of the games played at the table between members of `group`: for each member,
/// the points scored against the others (an average per opponent if they met more than once,
/// scaled by [`DE_SCALE`] to stay an integer) and how many of the others they met.
fn encounters(group: &[PlayerId], cards: &Scorecards) -> Vec<(i64, usize)> {
    group
        .iter()
        .map(|&me| {
            let Some(card) = cards.get(me) else { return (0, 0) };
            let mut per_opponent: Vec<(PlayerId, i64, i64)> = Vec::new();
            for r in card.rounds.iter().filter(|r| r.kind.played()) {
                let Some(o) = r.opponent.filter(|o| *o != me && group.contains(o)) else { continue };
                match per_opponent.iter_mut().find(|(x, _, _)| *x == o) {
                    Some(e) => {
                        e.1 += r.points.0;
                        e.2 += 1;
                    }
                    None => per_opponent.push((o, r.points.0, 1)),
                }
            }
            let score = per_opponent.iter().map(|&(_, sum, n)| sum * DE_SCALE / n).sum();
            (score, per_opponent.len())
        })
        .collect()
}

/// Encounter points are held in half-points times this (a common multiple of the number of
/// times two players can have met), so an average over repeated encounters is exact.
const DE_SCALE: i64 = 2520;

/// Direct Encounter (DE), Art. 6. C.07's definition: "If some or all the tied participants have
/// met each other, the sum of the scores from these encounters is used to produce separate
/// standings." Games won by forfeit are not encounters (only games played count). As FIDE's
/// reference calculator applies it:
/// - if every tied participant met every other, they are ordered by the points scored against
///   each other; participants level on those points stay tied;
/// - if not, a participant is separated from the others only when the points they scored
///   against the tied participants exceed what any of the rest could still reach (their
///   points plus a win against every tied participant they did not meet), from the top, one
///   at a time; the rest stay tied;
/// - the tie-break is applied again inside every group that stays tied after a separation,
///   counting only the encounters inside that group.
///
/// Returns the tied participants as ordered classes (best first); the members of a class stay
/// tied.
#[must_use]
pub fn direct_encounter(group: &[PlayerId], cards: &Scorecards) -> Vec<Vec<PlayerId>> {
    if group.len() < 2 {
        return vec![group.to_vec()];
    }
    let win = cards.scoring().win.0 * DE_SCALE;
    let scores = encounters(group, cards);
    let all_met = scores.iter().all(|&(_, met)| met == group.len() - 1);
    let mut order: Vec<(PlayerId, i64, i64)> = group
        .iter()
        .zip(&scores)
        .map(|(&p, &(s, met))| (p, s, s + (group.len() - 1 - met) as i64 * win))
        .collect();
    order.sort_by_key(|&(p, s, max)| (std::cmp::Reverse(s), std::cmp::Reverse(max), p));
    let mut classes: Vec<Vec<PlayerId>> = Vec::new();
    if all_met {
        for &(p, s, _) in &order {
            match classes.last_mut() {
                Some(c) if scores_of(&order, c[0]) == s => c.push(p),
                _ => classes.push(vec![p]),
            }
        }
    } else {
        let mut k = 0;
        while k + 1 < order.len() && order[k].1 > order[k + 1..].iter().map(|e| e.2).max().unwrap_or(0) {
            classes.push(vec![order[k].0]);
            k += 1;
        }
        classes.push(order[k..].iter().map(|e| e.0).collect());
    }
    if classes.len() == 1 {
        return classes;
    }
    classes
        .into_iter()
        .flat_map(|c| if c.len() > 1 { direct_encounter(&c, cards) } else { vec![c] })
        .collect()
}

fn scores_of(order: &[(PlayerId, i64, i64)], p: PlayerId) -> i64 {
    order.iter().find(|e| e.0 == p).map_or(0, |e| e.1)
}
