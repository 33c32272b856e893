//! Small value types shared by every part of the league: typed ids, integer half-points, phases.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::ops::{Add, AddAssign, Mul, Sub};

/// A player, by the database's row id (the league never invents ids).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct PlayerId(pub i64);

impl fmt::Display for PlayerId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// Match points held as whole half-points (a draw is ½ by default), so sums and comparisons are
/// exact: never a float (issue 4, STYLE "Tournament logic").
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct HalfPoints(pub i64);

impl HalfPoints {
    pub const ZERO: HalfPoints = HalfPoints(0);
    pub const HALF: HalfPoints = HalfPoints(1);
    pub const ONE: HalfPoints = HalfPoints(2);

    /// Whole points, for people: `3`, `2.5`, `-0.5`.
    #[must_use]
    pub fn to_decimal_string(self) -> String {
        let sign = if self.0 < 0 { "-" } else { "" };
        let abs = self.0.unsigned_abs();
        if abs.is_multiple_of(2) { format!("{sign}{}", abs / 2) } else { format!("{sign}{}.5", abs / 2) }
    }
}

impl fmt::Display for HalfPoints {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_decimal_string())
    }
}

impl Add for HalfPoints {
    type Output = HalfPoints;
    fn add(self, rhs: HalfPoints) -> HalfPoints {
        HalfPoints(self.0 + rhs.0)
    }
}

impl AddAssign for HalfPoints {
    fn add_assign(&mut self, rhs: HalfPoints) {
        self.0 += rhs.0;
    }
}

impl Sub for HalfPoints {
    type Output = HalfPoints;
    fn sub(self, rhs: HalfPoints) -> HalfPoints {
        HalfPoints(self.0 - rhs.0)
    }
}

impl Mul<i64> for HalfPoints {
    type Output = HalfPoints;
    fn mul(self, rhs: i64) -> HalfPoints {
        HalfPoints(self.0 * rhs)
    }
}

impl std::iter::Sum for HalfPoints {
    fn sum<I: Iterator<Item = HalfPoints>>(iter: I) -> HalfPoints {
        iter.fold(HalfPoints::ZERO, Add::add)
    }
}

/// What a level match (1:1, equal Red-side points) comes to: the league rules' "Match result" lets a
/// draw stand in the Swiss phase, and makes the knockout decide it (knowledge test, then an extra
/// game). Serialised with the names of the phases it was first written for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum DrawRule {
    /// A level match is a draw (Swiss rounds).
    #[serde(rename = "swiss")]
    Stands,
    /// A level match goes to the knowledge test, then an extra game (knockout).
    #[serde(rename = "knockout")]
    MustBeDecided,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn half_points_print_as_people_write_them() {
        assert_eq!(HalfPoints(0).to_string(), "0");
        assert_eq!(HalfPoints(5).to_string(), "2.5");
        assert_eq!(HalfPoints(-1).to_string(), "-0.5");
        assert_eq!(HalfPoints(6).to_string(), "3");
        assert_eq!(HalfPoints(3) + HalfPoints(4) - HalfPoints(1), HalfPoints(6));
    }
}
