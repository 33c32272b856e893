//! The record of finished rounds: the one input shared by pairing and standings, so both read
//! the same facts (who met whom, who had the bye, who commanded Red first).

use super::ids::{HalfPoints, PlayerId};
use super::matches::MatchResult;
use super::scoring::Scoring;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// One finished Swiss round. A player in neither list did not take part (not yet registered,
/// withdrawn, or absent without a pairing): an unplayed round worth 0.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundRecord {
    /// 1-based round number.
    pub round: u32,
    pub matches: Vec<MatchResult>,
    /// Pairing-allocated byes (at most one per round in practice).
    pub byes: Vec<PlayerId>,
}

/// Match points of every player who appears in the rounds, under a scoring.
#[must_use]
pub fn match_points(rounds: &[RoundRecord], scoring: &Scoring) -> BTreeMap<PlayerId, HalfPoints> {
    let mut points: BTreeMap<PlayerId, HalfPoints> = BTreeMap::new();
    for r in rounds {
        for m in &r.matches {
            for p in [m.red_first, m.other] {
                if let Some(s) = m.score_of(p) {
                    *points.entry(p).or_default() += scoring.points(s);
                }
            }
        }
        for &p in &r.byes {
            *points.entry(p).or_default() += scoring.bye;
        }
    }
    points
}
