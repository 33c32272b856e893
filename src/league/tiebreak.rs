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

/// The names the first release stored (kebab case, and `red-points` for Red-side points), before
/// the league's names were the stored ones: a tournament configured then still reads its order.
const FIRST_RELEASE_NAMES: [(&str, Tiebreak); 6] = [
    ("direct-encounter", Tiebreak::DirectEncounter),
    ("buchholz-cut1", Tiebreak::BuchholzCut1),
    ("sonneborn-berger", Tiebreak::SonnebornBerger),
    ("games-won", Tiebreak::GamesWon),
    ("red-points", Tiebreak::RedSidePoints),
    ("knowledge-test", Tiebreak::KnowledgeTest),
];

/// Why a stored or chosen tiebreak order is not one.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BadTiebreakOrder {
    #[error("unknown tiebreak {name:?} in the order")]
    Unknown { name: String },
    #[error("tiebreak {name:?} listed twice in the order")]
    Repeated { name: String },
}

/// The tiebreaks applied in turn after match points, each at most once (possibly none). Stored as
/// the league's names joined by commas ([`fmt::Display`]; the empty text is the empty order), and
/// read back strictly ([`std::str::FromStr`]): an unknown or repeated name is an error, never
/// skipped. Every text a release stored reads: the league's names, the first release's names
/// (`games-won`, `red-points`), the empty order.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct TiebreakOrder(Vec<Tiebreak>);

impl TiebreakOrder {
    /// The order of `tiebreaks` as given.
    ///
    /// # Errors
    /// [`BadTiebreakOrder::Repeated`] if a tiebreak comes twice.
    pub fn new(tiebreaks: Vec<Tiebreak>) -> Result<TiebreakOrder, BadTiebreakOrder> {
        for (i, t) in tiebreaks.iter().enumerate() {
            if tiebreaks[..i].contains(t) {
                return Err(BadTiebreakOrder::Repeated { name: t.as_str().to_string() });
            }
        }
        Ok(TiebreakOrder(tiebreaks))
    }

    /// The league's default order for a tournament's standings ([`Tiebreak::DEFAULT_ORDER`]).
    #[must_use]
    pub fn standard() -> TiebreakOrder {
        TiebreakOrder(Tiebreak::DEFAULT_ORDER.to_vec())
    }

    #[must_use]
    pub fn as_slice(&self) -> &[Tiebreak] {
        &self.0
    }

    #[must_use]
    pub fn to_vec(&self) -> Vec<Tiebreak> {
        self.0.clone()
    }

    pub fn iter(&self) -> std::slice::Iter<'_, Tiebreak> {
        self.0.iter()
    }
}

impl<'a> IntoIterator for &'a TiebreakOrder {
    type Item = &'a Tiebreak;
    type IntoIter = std::slice::Iter<'a, Tiebreak>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

impl fmt::Display for TiebreakOrder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, t) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            f.write_str(t.as_str())?;
        }
        Ok(())
    }
}

impl std::str::FromStr for TiebreakOrder {
    type Err = BadTiebreakOrder;
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        if text.trim().is_empty() {
            return Ok(TiebreakOrder::default());
        }
        let named = |name: &str| {
            let name = name.trim();
            name.parse::<Tiebreak>()
                .ok()
                .or_else(|| FIRST_RELEASE_NAMES.iter().find(|(old, _)| *old == name).map(|&(_, t)| t))
        };
        let mut order = Vec::new();
        for name in text.split(',') {
            let Some(t) = named(name) else {
                return Err(BadTiebreakOrder::Unknown { name: name.trim().to_string() });
            };
            order.push(t);
        }
        TiebreakOrder::new(order)
    }
}

impl Serialize for TiebreakOrder {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for TiebreakOrder {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
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

    fn order(text: &str) -> Result<Vec<Tiebreak>, BadTiebreakOrder> {
        text.parse::<TiebreakOrder>().map(|o| o.to_vec())
    }

    /// Every text a release stored reads back: the league's names (any subset, in any order), the
    /// first release's names, the empty order; each written back in the league's names.
    #[test]
    fn every_stored_order_reads_and_is_written_in_the_league_names() {
        use Tiebreak::*;
        let standard = TiebreakOrder::standard();
        assert_eq!(standard.to_string().parse::<TiebreakOrder>(), Ok(standard.clone()));
        assert_eq!(
            standard.to_string(),
            "direct_encounter,buchholz_cut1,buchholz,sonneborn_berger,games_won,red_side_points,knowledge_test"
        );
        assert_eq!(order("games_won,buchholz"), Ok(vec![GamesWon, Buchholz]));
        assert_eq!(order(""), Ok(vec![]), "the form saved with every choice empty");
        assert_eq!(TiebreakOrder::default().to_string(), "");
        // The first release's default order (its form's `KNOWN` names, joined by commas).
        let first =
            "direct-encounter,buchholz-cut1,buchholz,sonneborn-berger,games-won,red-points,knowledge-test";
        assert_eq!(order(first), Ok(Tiebreak::DEFAULT_ORDER.to_vec()));
        assert_eq!(first.parse::<TiebreakOrder>().map(|o| o.to_string()), Ok(standard.to_string()));
        assert_eq!(order("buchholz,sonneborn-berger"), Ok(vec![Buchholz, SonnebornBerger]));
        for t in Tiebreak::ALL {
            assert_eq!(order(t.as_str()), Ok(vec![t]));
        }
    }

    #[test]
    fn an_unknown_or_repeated_name_is_an_error_never_skipped() {
        let unknown = |name: &str| Err(BadTiebreakOrder::Unknown { name: name.to_string() });
        assert_eq!(order("buchholz,elo"), unknown("elo"));
        assert_eq!(order("buchholz,,games_won"), unknown(""));
        assert_eq!(order("Buchholz"), unknown("Buchholz"), "stored names are exact");
        assert_eq!(
            order("buchholz,games_won,buchholz"),
            Err(BadTiebreakOrder::Repeated { name: "buchholz".to_string() })
        );
        assert_eq!(
            order("red-points,red_side_points"),
            Err(BadTiebreakOrder::Repeated { name: "red_side_points".to_string() }),
            "an old and a new name of one tiebreak"
        );
        assert!(TiebreakOrder::new(vec![Tiebreak::GamesWon, Tiebreak::GamesWon]).is_err());
    }

    #[test]
    fn an_order_travels_in_json_as_its_stored_text() {
        let o: TiebreakOrder = "games_won,buchholz".parse().expect("an order");
        assert_eq!(serde_json::to_string(&o).ok().as_deref(), Some(r#""games_won,buchholz""#));
        assert_eq!(serde_json::from_str::<TiebreakOrder>(r#""games_won,buchholz""#).ok(), Some(o));
        assert!(serde_json::from_str::<TiebreakOrder>(r#""games_won,elo""#).is_err());
    }
}
