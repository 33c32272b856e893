//! Match points per tournament (PRODUCT "Match points"): configurable, held as half-points.

use super::ids::HalfPoints;
use super::matches::MatchScore;
use serde::{Deserialize, Serialize};

/// How many match points each match result is worth. Default: win 1, draw ½, loss 0, and a bye
/// scores as a win (league rules as the service applies them, PRODUCT "Match points").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Scoring {
    pub win: HalfPoints,
    pub draw: HalfPoints,
    pub loss: HalfPoints,
    /// The pairing-allocated bye (odd number of players).
    pub bye: HalfPoints,
}

impl Default for Scoring {
    fn default() -> Self {
        Scoring { win: HalfPoints::ONE, draw: HalfPoints::HALF, loss: HalfPoints::ZERO, bye: HalfPoints::ONE }
    }
}

impl Scoring {
    /// Match points for one player's result in one match.
    #[must_use]
    pub fn points(&self, score: MatchScore) -> HalfPoints {
        match score {
            MatchScore::Win => self.win,
            MatchScore::Draw => self.draw,
            MatchScore::Loss => self.loss,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_scoring_is_one_half_zero_and_a_bye_is_a_win() {
        let s = Scoring::default();
        assert_eq!(s.points(MatchScore::Win), HalfPoints(2));
        assert_eq!(s.points(MatchScore::Draw), HalfPoints(1));
        assert_eq!(s.points(MatchScore::Loss), HalfPoints(0));
        assert_eq!(s.bye, s.win);
    }

    #[test]
    fn scoring_can_be_configured_three_one_zero() {
        let s = Scoring { win: HalfPoints(6), draw: HalfPoints(2), loss: HalfPoints(0), bye: HalfPoints(2) };
        assert_eq!(s.points(MatchScore::Win).to_string(), "3");
        assert_eq!(s.points(MatchScore::Draw).to_string(), "1");
        assert_eq!(s.bye.to_string(), "1");
    }
}
