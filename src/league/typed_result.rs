//! A result typed by hand, checked as a move log would be: the Red-side points must be a total the
//! league's table can make from a position the game's ending allows, and the clocks must be readings a
//! chess clock of the tournament's time control can show.
//!
//! League rules ("Po każdej rozgrywce dowodzący Armią Czerwoną podlicza swój wynik zgodnie z poniższą
//! tabelą"): "+21 punktów za armię bolszewicką w Warszawie; +10 punktów za armię bolszewicką w
//! Radzyminie; +7 punktów za armię bolszewicką w Modlinie; +4 punkty za każdą armię bolszewicką na
//! pozostałych polach bez czerwonego wzorka; +2 punkty za każdą usuniętą z planszy armię polską (w tym
//! Obrońców Warszawy)". A Red army on a space with the red pattern scores nothing. One army stands on
//! a space (rulebook, "March": "A unit cannot enter a space occupied by another unit"), so Warsaw,
//! Radzymin and Modlin score at most once each.
//!
//! What each ending allows (rulebook "End of the Game", league rules):
//! - Warsaw entered: a Red army stands in Warsaw (at least 21).
//! - Radzymin check, Red wins: a Red army stands in Radzymin, none in Warsaw (at least 10).
//! - Radzymin check, Polish win: no Red army in Radzymin or Warsaw.
//! - three Red armies eliminated: at most the edition's Red armies less three on the board, none in Warsaw.
//! - all Red armies dispersed, or a time forfeit the Polish player lost: no Red army in Warsaw.
//! - a time forfeit Red lost: "Przekroczenie ... oznacza jego automatyczną przegraną i utratę punktów z
//!   partii" (the flagged player loses the points of the game): 0.
//!
//! Clocks: each reading is the time left, from 0:00 to the tournament's time control; a time forfeit
//! means the loser's flag fell, so a given loser's clock reads 0:00.

use crate::outcome::{Side, Termination};

/// The points of one Red army in Warsaw (league table).
pub const WARSAW: u32 = 21;
/// The points of one Red army in Radzymin.
pub const RADZYMIN: u32 = 10;
/// The points of one Red army in Modlin.
pub const MODLIN: u32 = 7;
/// The points of each Red army on another space without the red pattern.
pub const OTHER_SPACE: u32 = 4;
/// The points of each Polish army removed from the board (the Warsaw Defenders included).
pub const POLISH_REMOVED: u32 = 2;

/// How many armies each side has in the edition (the table's terms count armies).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Armies {
    pub red: u32,
    pub polish: u32,
}

/// A result as typed: who won, how, the Red-side points and the clocks (seconds left; `None`: not given).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TypedResult {
    pub winner: Side,
    pub termination: Termination,
    pub red_points: i64,
    pub red_clock_secs: Option<i64>,
    pub polish_clock_secs: Option<i64>,
}

/// Which rule of the points table an impossible total breaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PointsRule {
    /// Red entered Warsaw: the army in Warsaw alone scores 21.
    WarsawAtLeast21,
    /// Red won the Radzymin check: the army in Radzymin alone scores 10.
    RadzyminAtLeast10,
    /// Red lost on time: the flagged player loses the game's points.
    RedFlagScoresZero,
    /// More than the table gives for this ending with the edition's armies.
    AboveMaximum { max: u32 },
    /// No sum of the table's terms (21, 10, 7, 4 per army, 2 per Polish army removed) makes it.
    NotASum,
}

/// What is wrong with a clock reading.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClockRule {
    /// Below 0:00 or above the time control.
    OutsideTimeControl { time_control_secs: i64 },
    /// The game was lost on time by this side, so its clock reads 0:00.
    FlagNotDown,
}

/// One impossible part of a typed result, with the field it concerns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Impossible {
    /// The Red-side points.
    Points(PointsRule),
    /// One side's clock.
    Clock { side: Side, rule: ClockRule },
}

/// The positions an ending allows, as limits on the table's terms.
#[derive(Debug, Clone, Copy)]
struct Position {
    /// Red armies that may stand on the board.
    red_on_board: u32,
    /// A Red army in Warsaw: `Some(true)` required, `Some(false)` excluded.
    warsaw: Option<bool>,
    /// A Red army in Radzymin: required, excluded or either.
    radzymin: Option<bool>,
}

/// The positions a game that ended so can end in (`None`: the points are fixed at 0).
fn allowed(winner: Side, termination: Termination, armies: Armies) -> Option<Position> {
    let any = Position { red_on_board: armies.red, warsaw: Some(false), radzymin: None };
    match (termination, winner) {
        (Termination::WarsawEntered, _) => Some(Position { warsaw: Some(true), ..any }),
        (Termination::RadzyminCheck, Side::Red) => Some(Position { radzymin: Some(true), ..any }),
        (Termination::RadzyminCheck, Side::Polish) => Some(Position { radzymin: Some(false), ..any }),
        (Termination::ThreeRedEliminated, _) => {
            Some(Position { red_on_board: armies.red.saturating_sub(3), ..any })
        }
        (Termination::AllRedDispersed | Termination::Resignation, _)
        | (Termination::TimeForfeit, Side::Red) => Some(any),
        (Termination::TimeForfeit, Side::Polish) => None,
    }
}

/// Whether a flag (`Some(true)`: required) allows `n` armies on the space.
fn fits(rule: Option<bool>, n: u32) -> bool {
    rule.is_none_or(|required| u32::from(required) == n)
}

/// Every total the table makes from the positions allowed, in increasing order.
fn totals(p: Position, armies: Armies) -> Vec<u32> {
    let mut out = Vec::new();
    for warsaw in 0..=1u32 {
        for radzymin in 0..=1u32 {
            for modlin in 0..=1u32 {
                let placed = warsaw + radzymin + modlin;
                if !fits(p.warsaw, warsaw) || !fits(p.radzymin, radzymin) || placed > p.red_on_board {
                    continue;
                }
                // The rest stand on other spaces, with or without the red pattern (4 or 0 each).
                for others in 0..=p.red_on_board - placed {
                    for removed in 0..=armies.polish {
                        out.push(
                            WARSAW * warsaw
                                + RADZYMIN * radzymin
                                + MODLIN * modlin
                                + OTHER_SPACE * others
                                + POLISH_REMOVED * removed,
                        );
                    }
                }
            }
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// The highest Red-side points a game that ended so can give.
#[must_use]
pub fn max_points(winner: Side, termination: Termination, armies: Armies) -> u32 {
    allowed(winner, termination, armies).and_then(|p| totals(p, armies).last().copied()).unwrap_or(0)
}

/// Whether `points` is a total the table can make for a game that ended so; the rule broken if not.
///
/// # Errors
/// The [`PointsRule`] the total breaks (the ending's minimum first, then the maximum, then the sum).
pub fn check_points(
    winner: Side,
    termination: Termination,
    points: i64,
    armies: Armies,
) -> Result<(), PointsRule> {
    let Some(position) = allowed(winner, termination, armies) else {
        return if points == 0 { Ok(()) } else { Err(PointsRule::RedFlagScoresZero) };
    };
    if position.warsaw == Some(true) && points < i64::from(WARSAW) {
        return Err(PointsRule::WarsawAtLeast21);
    }
    if position.radzymin == Some(true) && points < i64::from(RADZYMIN) {
        return Err(PointsRule::RadzyminAtLeast10);
    }
    let all = totals(position, armies);
    let max = all.last().copied().unwrap_or(0);
    if points > i64::from(max) {
        return Err(PointsRule::AboveMaximum { max });
    }
    match u32::try_from(points) {
        Ok(p) if all.binary_search(&p).is_ok() => Ok(()),
        _ => Err(PointsRule::NotASum),
    }
}

/// Whether a clock reading fits the game: within the time control, and 0:00 for a side lost on time.
///
/// # Errors
/// The [`ClockRule`] broken.
pub fn check_clock(
    side: Side,
    secs: i64,
    winner: Option<Side>,
    termination: Option<Termination>,
    time_control_secs: i64,
) -> Result<(), ClockRule> {
    if !(0..=time_control_secs).contains(&secs) {
        return Err(ClockRule::OutsideTimeControl { time_control_secs });
    }
    let flagged = termination == Some(Termination::TimeForfeit) && winner == Some(side.opponent());
    if flagged && secs != 0 {
        return Err(ClockRule::FlagNotDown);
    }
    Ok(())
}

/// Every impossible part of a typed result (empty: the result is one the game can end with).
#[must_use]
pub fn check_typed_result(r: &TypedResult, armies: Armies, time_control_secs: i64) -> Vec<Impossible> {
    let mut out = Vec::new();
    if let Err(rule) = check_points(r.winner, r.termination, r.red_points, armies) {
        out.push(Impossible::Points(rule));
    }
    out.extend(check_clocks(
        Some(r.winner),
        Some(r.termination),
        r.red_clock_secs,
        r.polish_clock_secs,
        time_control_secs,
    ));
    out
}

/// The impossible clock readings of a result (a logged game's clocks are typed beside its log).
#[must_use]
pub fn check_clocks(
    winner: Option<Side>,
    termination: Option<Termination>,
    red_clock_secs: Option<i64>,
    polish_clock_secs: Option<i64>,
    time_control_secs: i64,
) -> Vec<Impossible> {
    [(Side::Red, red_clock_secs), (Side::Polish, polish_clock_secs)]
        .into_iter()
        .filter_map(|(side, secs)| {
            let rule = check_clock(side, secs?, winner, termination, time_control_secs).err()?;
            Some(Impossible::Clock { side, rule })
        })
        .collect()
}
