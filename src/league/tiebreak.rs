//! The tiebreaks the standings can use, with stable machine names (CSV headers, settings, URLs).

use serde::{Deserialize, Serialize};
use std::fmt;

/// A tiebreak, named as FIDE's tiebreak regulations (C.07, 2023/24) name it where one exists;
/// each is computed by one function of `league::c07` (see there for the quoted articles).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Tiebreak {
    /// C.07 Art. 6 (DE): the encounters between the tied players, forfeits excluded, with
    /// partial separation; the value is how many of the tied players it ranks below this one.
    DirectEncounter,
    /// Buchholz Cut-1 (BH-C1): Buchholz without the least significant value, a voluntary
    /// unplayed round's first (Art. 16.5.1).
    BuchholzCut1,
    /// Buchholz (BH): "The sum of the scores of each of the opponents of a participant"
    /// (unplayed rounds: Art. 16).
    Buchholz,
    /// Sonneborn-Berger (SB): each opponent's score times the points scored against them.
    SonnebornBerger,
    /// Games won (the league's "game points").
    GamesWon,
    /// Red-side points scored while commanding Red, in total (league rules' points table).
    RedSidePoints,
    /// The league's knowledge-test score.
    KnowledgeTest,
}

impl Tiebreak {
    pub const ALL: [Tiebreak; 7] = [
        Tiebreak::DirectEncounter,
        Tiebreak::BuchholzCut1,
        Tiebreak::Buchholz,
        Tiebreak::SonnebornBerger,
        Tiebreak::GamesWon,
        Tiebreak::RedSidePoints,
        Tiebreak::KnowledgeTest,
    ];

    /// The default order (PRODUCT "Standings tiebreaks").
    pub const DEFAULT_ORDER: [Tiebreak; 7] = Tiebreak::ALL;

    /// Stable machine name.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Tiebreak::DirectEncounter => "direct_encounter",
            Tiebreak::BuchholzCut1 => "buchholz_cut1",
            Tiebreak::Buchholz => "buchholz",
            Tiebreak::SonnebornBerger => "sonneborn_berger",
            Tiebreak::GamesWon => "games_won",
            Tiebreak::RedSidePoints => "red_side_points",
            Tiebreak::KnowledgeTest => "knowledge_test",
        }
    }

    /// The value's unit: values are integers counted in `1 / divisor` of the shown unit, so
    /// nothing is ever a float (half-points for point sums, quarter-points for
    /// Sonneborn-Berger, whole numbers for counts).
    #[must_use]
    pub fn divisor(self) -> i64 {
        match self {
            Tiebreak::BuchholzCut1 | Tiebreak::Buchholz => 2,
            Tiebreak::SonnebornBerger => 4,
            Tiebreak::DirectEncounter
            | Tiebreak::GamesWon
            | Tiebreak::RedSidePoints
            | Tiebreak::KnowledgeTest => 1,
        }
    }
}

impl fmt::Display for Tiebreak {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl std::str::FromStr for Tiebreak {
    type Err = crate::outcome::UnknownName;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Tiebreak::ALL
            .into_iter()
            .find(|t| t.as_str() == s.trim())
            .ok_or_else(|| crate::outcome::UnknownName { kind: "tiebreak", name: s.to_string() })
    }
}

/// One tiebreak value of one player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct TiebreakValue {
    pub tiebreak: Tiebreak,
    /// In units of `1 / tiebreak.divisor()`.
    pub value: i64,
}

impl TiebreakValue {
    /// Exact decimal form for people and CSV: `7`, `7.5`, `7.25`.
    #[must_use]
    pub fn to_decimal_string(&self) -> String {
        let d = self.tiebreak.divisor();
        let sign = if self.value < 0 { "-" } else { "" };
        let v = self.value.unsigned_abs();
        let (whole, frac) = (v / d.unsigned_abs(), v % d.unsigned_abs());
        // d is 1, 2 or 4, so the fraction is a multiple of a quarter.
        let cents = frac * 100 / d.unsigned_abs();
        match cents {
            0 => format!("{sign}{whole}"),
            c if c % 10 == 0 => format!("{sign}{whole}.{}", c / 10),
            c => format!("{sign}{whole}.{c}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_values_print_exactly() {
        for t in Tiebreak::ALL {
            assert_eq!(t.as_str().parse::<Tiebreak>(), Ok(t));
        }
        let v = |tiebreak, value| TiebreakValue { tiebreak, value }.to_decimal_string();
        assert_eq!(v(Tiebreak::Buchholz, 15), "7.5");
        assert_eq!(v(Tiebreak::SonnebornBerger, 29), "7.25");
        assert_eq!(v(Tiebreak::SonnebornBerger, 30), "7.5");
        assert_eq!(v(Tiebreak::SonnebornBerger, 31), "7.75");
        assert_eq!(v(Tiebreak::GamesWon, 7), "7");
    }
}
