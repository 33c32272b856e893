//! Group standings (issue 19, PRODUCT "Stages"): match points, then the organiser's ordered
//! tiebreaks (default: direct encounter, Sonneborn-Berger, games won, Red-side points, knowledge
//! test), each computed as the Swiss standings compute it (`league::standings`, over the C.07
//! articles of `league::c07`), then a lot only for a tie everything else left and only where it
//! decides a qualifying place. Other ties are shared and listed by the players' numbers.
//!
//! A round robin's bye scores nothing (every player of an odd group has one), unlike the Swiss
//! pairing's bye. Withdrawals: the withdrawn player's remaining matches are entered as forfeits
//! (`MatchPlay::Withdrawal`); the organiser chooses whether the results played stand (default)
//! or are annulled when the player played fewer than half of their matches, and then the
//! player leaves the standings and every match with them is struck out.

use super::super::ids::{HalfPoints, PlayerId};
use super::super::lot;
use super::super::rounds::RoundRecord;
use super::super::scoring::Scoring;
use super::super::standings::{StandingPlayer, StandingsInput, compute_round_robin as rank};
use super::super::tiebreak::{Tiebreak, TiebreakValue};
use serde::{Deserialize, Serialize};
use std::cmp::Ordering;

/// The default group tiebreaks, in order.
pub const DEFAULT_TIEBREAKS: [Tiebreak; 5] = [
    Tiebreak::DirectEncounter,
    Tiebreak::SonnebornBerger,
    Tiebreak::GamesWon,
    Tiebreak::RedSidePoints,
    Tiebreak::KnowledgeTest,
];

/// What happens to a withdrawn player's results (the organiser's choice; the page says which).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum WithdrawalRule {
    /// The results played stand; the remaining matches are forfeits.
    #[default]
    ResultsStand,
    /// Annulled when the player played fewer than half of their matches at the table.
    AnnulUnderHalf,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct GroupPlayer {
    pub id: PlayerId,
    /// The player's number in the group's Berger table (the order of a shared place).
    pub number: u32,
    pub knowledge_test: Option<u32>,
    pub withdrawn: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GroupStandingsInput {
    pub players: Vec<GroupPlayer>,
    /// The group's finished rounds (a bye listed as the round's bye).
    pub rounds: Vec<RoundRecord>,
    /// Win, draw, loss (the bye is taken as 0 whatever it says).
    pub scoring: Scoring,
    pub tiebreaks: Vec<Tiebreak>,
    pub withdrawal: WithdrawalRule,
    /// Matches each player has in the schedule (the half the annulment rule counts against).
    pub matches_per_player: u32,
    /// Places whose boundary decides qualification: with 2 qualifying, `[2]` (a tie across
    /// places 2 and 3 is decided by lot); with the best of the next place too, `[2, 3]`.
    pub deciding: Vec<u32>,
    /// The recorded seed of the organiser's lot; `None` before it is drawn.
    pub lot_seed: Option<u64>,
}

/// How a row stands against the rows level with it on match points and every tiebreak.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "kind")]
pub enum Tie {
    /// Separated by match points or a tiebreak.
    None,
    /// A tie that decides nothing: a shared place, listed by number.
    Shared,
    /// Decided by the organiser's lot, drawn with this seed (derived from the recorded one).
    Lot { seed: u64 },
    /// Decides a qualifying place: the organiser must draw the lot.
    NeedsLot,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GroupRow {
    /// 1-based and distinct.
    pub rank: u32,
    pub player: PlayerId,
    pub number: u32,
    pub match_points: HalfPoints,
    /// Matches with a result (played or forfeited): the best of the next place compare per match.
    pub matches: u32,
    pub tiebreaks: Vec<TiebreakValue>,
    pub tie: Tie,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GroupStandings {
    pub rows: Vec<GroupRow>,
    /// Withdrawn players whose results were annulled (not ranked).
    pub annulled: Vec<PlayerId>,
}

impl GroupStandings {
    /// Whether a tie at a qualifying place still waits for the organiser's lot.
    #[must_use]
    pub fn needs_lot(&self) -> bool {
        self.rows.iter().any(|r| r.tie == Tie::NeedsLot)
    }
}

/// Rank a group.
#[must_use]
pub fn compute(input: &GroupStandingsInput) -> GroupStandings {
    let annulled: Vec<PlayerId> = match input.withdrawal {
        WithdrawalRule::ResultsStand => Vec::new(),
        WithdrawalRule::AnnulUnderHalf => input
            .players
            .iter()
            .filter(|p| p.withdrawn)
            .filter(|p| {
                let played = input
                    .rounds
                    .iter()
                    .flat_map(|r| &r.matches)
                    .filter(|m| m.played_over_the_board() && m.score_of(p.id).is_some())
                    .count() as u32;
                2 * played < input.matches_per_player
            })
            .map(|p| p.id)
            .collect(),
    };
    let rounds: Vec<RoundRecord> = input
        .rounds
        .iter()
        .map(|r| RoundRecord {
            round: r.round,
            matches: r
                .matches
                .iter()
                .filter(|m| !annulled.contains(&m.red_first) && !annulled.contains(&m.other))
                .copied()
                .collect(),
            byes: r.byes.iter().filter(|b| !annulled.contains(b)).copied().collect(),
        })
        .collect();
    let players: Vec<&GroupPlayer> = input.players.iter().filter(|p| !annulled.contains(&p.id)).collect();
    let matches_of = |id: PlayerId| {
        rounds.iter().flat_map(|r| &r.matches).filter(|m| m.score_of(id).is_some()).count() as u32
    };
    let standings = StandingsInput {
        players: players
            .iter()
            .map(|p| StandingPlayer {
                knowledge_test: p.knowledge_test,
                withdrawn: p.withdrawn,
                ..StandingPlayer::new(p.id, p.number)
            })
            .collect(),
        rounds: rounds.clone(),
        scoring: Scoring { bye: HalfPoints::ZERO, ..input.scoring },
        tiebreaks: input.tiebreaks.clone(),
    };
    // Ordered by match points, the tiebreaks, then the number (the seed of `StandingPlayer`).
    let ranked = rank(&standings);
    let mut rows: Vec<GroupRow> = ranked
        .iter()
        .map(|r| GroupRow {
            rank: r.rank,
            player: r.player,
            number: r.seed,
            match_points: r.match_points,
            matches: matches_of(r.player),
            tiebreaks: r.tiebreaks.clone(),
            tie: Tie::None,
        })
        .collect();
    let level = |a: &GroupRow, b: &GroupRow| a.match_points == b.match_points && a.tiebreaks == b.tiebreaks;
    let mut start = 0;
    while start < rows.len() {
        let mut end = start + 1;
        while end < rows.len() && level(&rows[start], &rows[end]) {
            end += 1;
        }
        if end - start > 1 {
            // Places start+1 ..= end are level.
            let (first, last) = (start as u32 + 1, end as u32);
            let decides = input.deciding.iter().any(|&q| first <= q && q < last);
            let tie = match (decides, input.lot_seed) {
                (false, _) => Tie::Shared,
                (true, None) => Tie::NeedsLot,
                (true, Some(seed)) => {
                    let seed = lot::derive(seed, u64::from(first));
                    // Drawn over the tied players in number order, so the lot depends only on
                    // who is tied and the seed.
                    lot::shuffle(seed, &mut rows[start..end]);
                    Tie::Lot { seed }
                }
            };
            for r in &mut rows[start..end] {
                r.tie = tie;
            }
        }
        start = end;
    }
    for (i, r) in rows.iter_mut().enumerate() {
        r.rank = i as u32 + 1;
    }
    GroupStandings { rows, annulled }
}

/// Compare two players of different groups ("the best of the next place", and the final
/// ranking across groups), `Greater` when `a` is better. Groups may differ in size (5, 4, 4, 4:
/// four matches against three), so every value is compared per match, as a share of what the
/// player's own schedule allowed (C.07 has no article for players of different groups; this is
/// the league's rule, PRODUCT "Qualification: [...] the best M of the next place across groups
/// (per match played, then tiebreaks)"):
/// - match points, games won and Red-side points: divided by the matches played (`m`, forfeits
///   counted, an annulled player's struck out);
/// - Sonneborn-Berger and Buchholz sum an opponent's score per opponent, and an opponent of a
///   larger group has more matches to score in: each is divided by `m` for the matches and by
///   `m` again for the opponents' matches (every member of a finished group has the same `m`),
///   so SB / m² is the share of the most a player could have (every opponent unbeaten, every
///   match won) in any group size; Buchholz Cut-1 leaves one opponent out: / (m · (m − 1));
/// - direct encounter is skipped (they never met), the knowledge test compared as it is.
#[must_use]
pub fn across_groups(a: &GroupRow, b: &GroupRow) -> Ordering {
    let (ma, mb) = (i128::from(a.matches.max(1)), i128::from(b.matches.max(1)));
    // x / dx against y / dy, exactly.
    let cmp = |x: i64, dx: i128, y: i64, dy: i128| (i128::from(x) * dy).cmp(&(i128::from(y) * dx));
    let mut order = cmp(a.match_points.0, ma, b.match_points.0, mb);
    for (ta, tb) in a.tiebreaks.iter().zip(&b.tiebreaks) {
        order = order.then(match ta.tiebreak {
            Tiebreak::DirectEncounter => Ordering::Equal,
            Tiebreak::KnowledgeTest => ta.value.cmp(&tb.value),
            Tiebreak::SonnebornBerger | Tiebreak::Buchholz => cmp(ta.value, ma * ma, tb.value, mb * mb),
            Tiebreak::BuchholzCut1 => cmp(ta.value, ma * (ma - 1).max(1), tb.value, mb * (mb - 1).max(1)),
            Tiebreak::GamesWon | Tiebreak::RedSidePoints => cmp(ta.value, ma, tb.value, mb),
        });
    }
    order
}
