//! The small game-outcome type shared by the engine (which computes it from a log) and the league
//! (which scores it, also when a referee types a result by hand without a log).

use serde::{Deserialize, Serialize};
use std::fmt;

/// One of the two armies. White = Red Army, Black = Polish Army (league rules).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    Red,
    Polish,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::Red, Side::Polish];

    #[must_use]
    pub fn opponent(self) -> Side {
        match self {
            Side::Red => Side::Polish,
            Side::Polish => Side::Red,
        }
    }

    /// Stable machine name used in notation, CSV and URLs.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Side::Red => "red",
            Side::Polish => "polish",
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl std::str::FromStr for Side {
    type Err = UnknownName;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "red" | "white" => Ok(Side::Red),
            "polish" | "black" => Ok(Side::Polish),
            _ => Err(UnknownName { kind: "side", name: s.to_string() }),
        }
    }
}

/// How a game ended (rulebook "End of the Game"; league rules for the time forfeit).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Termination {
    /// Red wins: a Red unit entered Warsaw (by march or by advance after combat).
    WarsawEntered,
    /// Polish win: 3 Red units eliminated.
    ThreeRedEliminated,
    /// Polish win: every Red unit on the map is dispersed.
    AllRedDispersed,
    /// End of round 5: Red wins with a Red unit in Radzymin, Polish win otherwise.
    RadzyminCheck,
    /// A player's clock reached 0: that player loses (league rules).
    TimeForfeit,
    /// A player resigned (`red resign`): the opponent wins; the league rules are silent, so it counts
    /// as a loss on the board (Red keeps the position's points).
    Resignation,
}

impl Termination {
    pub const ALL: [Termination; 6] = [
        Termination::WarsawEntered,
        Termination::ThreeRedEliminated,
        Termination::AllRedDispersed,
        Termination::RadzyminCheck,
        Termination::TimeForfeit,
        Termination::Resignation,
    ];

    /// Stable machine name used in notation (`[Termination "..."]`), CSV and forms.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Termination::WarsawEntered => "warsaw-entered",
            Termination::ThreeRedEliminated => "three-red-eliminated",
            Termination::AllRedDispersed => "all-red-dispersed",
            Termination::RadzyminCheck => "radzymin-check",
            Termination::TimeForfeit => "time-forfeit",
            Termination::Resignation => "resignation",
        }
    }

    /// Which side can win a game that ended this way (`None`: either, as for the Radzymin check
    /// and the time forfeit).
    #[must_use]
    pub fn fixed_winner(self) -> Option<Side> {
        match self {
            Termination::WarsawEntered => Some(Side::Red),
            Termination::ThreeRedEliminated | Termination::AllRedDispersed => Some(Side::Polish),
            Termination::RadzyminCheck | Termination::TimeForfeit | Termination::Resignation => None,
        }
    }
}

impl fmt::Display for Termination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl std::str::FromStr for Termination {
    type Err = UnknownName;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Termination::ALL
            .into_iter()
            .find(|t| t.as_str().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| UnknownName { kind: "termination", name: s.to_string() })
    }
}

/// A name that is not one of the known values of an enum.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown {kind} {name:?}")]
pub struct UnknownName {
    pub kind: &'static str,
    pub name: String,
}

/// The result of one game, as the league needs it.
///
/// For a time forfeit the loser is the player who flagged (`winner.opponent()`), and `red_points`
/// already carries the league's consequence: 0 if Red flagged, the position's points if the Polish
/// player flagged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GameOutcome {
    pub winner: Side,
    pub termination: Termination,
    /// Red-side points scored in this game by the player commanding Red (league table).
    pub red_points: u32,
}

impl GameOutcome {
    /// The side whose clock ran out, if the game ended on time.
    #[must_use]
    pub fn flagged(&self) -> Option<Side> {
        (self.termination == Termination::TimeForfeit).then(|| self.winner.opponent())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for t in Termination::ALL {
            assert_eq!(t.as_str().parse::<Termination>(), Ok(t));
        }
        for s in Side::BOTH {
            assert_eq!(s.as_str().parse::<Side>(), Ok(s));
        }
        assert!("draw".parse::<Termination>().is_err());
    }

    #[test]
    fn flagged_side_is_the_loser_of_a_time_forfeit() {
        let o = GameOutcome { winner: Side::Polish, termination: Termination::TimeForfeit, red_points: 0 };
        assert_eq!(o.flagged(), Some(Side::Red));
        let o = GameOutcome { winner: Side::Red, termination: Termination::RadzyminCheck, red_points: 10 };
        assert_eq!(o.flagged(), None);
    }
}
