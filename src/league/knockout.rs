//! The knockout bracket after the Swiss rounds (PRODUCT "Knockout"): the top K of the standings,
//! seeded 1 v K, 2 v K-1, ... and placed so that 1 and 2 can only meet in the final; byes to the
//! top seeds when K is not a power of two; optional third-place match; the extra game's Red side
//! drawn by a seeded lot that is recorded.

use super::ids::PlayerId;
use super::matches::MatchResult;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{RngCore, SeedableRng};
use serde::{Deserialize, Serialize};

/// A place in the bracket. `round` 0 is the first round; the final is the last round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "kind")]
pub enum MatchRef {
    Main { round: u32, index: u32 },
    ThirdPlace,
}

/// Which round of the bracket a knockout match is in, named by the rounds left to the final (not a
/// tournament's stage: `league::stages`) (PRODUCT "Knockout": "1/8
/// finału", "ćwierćfinał", "półfinał", "finał", "mecz o 3. miejsce").
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum BracketRound {
    Final,
    ThirdPlace,
    SemiFinal,
    QuarterFinal,
    /// An earlier round: `1/{fraction}` of the final (`8`: the round of 16, "1/8 finału").
    Fraction(u32),
}

/// How many rounds a bracket of `size` players has (byes fill it up to a power of two).
#[must_use]
pub fn rounds_for(size: u32) -> u32 {
    size.max(1).next_power_of_two().trailing_zeros()
}

impl BracketRound {
    /// The stage of the main bracket's round `round` (0: the first) of `rounds`.
    #[must_use]
    pub fn of_round(round: u32, rounds: u32) -> BracketRound {
        match rounds.saturating_sub(round + 1) {
            0 => BracketRound::Final,
            1 => BracketRound::SemiFinal,
            2 => BracketRound::QuarterFinal,
            // Three rounds before the final: 16 players, an eighth of the final's pairs.
            before => BracketRound::Fraction(1u32.checked_shl(before).unwrap_or(u32::MAX)),
        }
    }
}

impl MatchRef {
    /// The stage of this match in a bracket of `rounds` rounds.
    #[must_use]
    pub fn stage(self, rounds: u32) -> BracketRound {
        match self {
            MatchRef::Main { round, .. } => BracketRound::of_round(round, rounds),
            MatchRef::ThirdPlace => BracketRound::ThirdPlace,
        }
    }
}

/// One side of a bracket match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "kind", content = "player")]
pub enum Slot {
    /// Seeded player, with their seed (1 best).
    Player { id: PlayerId, seed: u32 },
    /// No opponent: the other side advances without playing.
    Bye,
    /// Waits for the winner (or loser) of an earlier match.
    Pending,
}

/// The recorded lot for an extra game's Red side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExtraGameLot {
    pub red: PlayerId,
    /// The seed of the ChaCha8 generator that drew it (derived from the bracket's seed and the
    /// match), so anyone can redraw it.
    pub seed: u64,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BracketMatch {
    pub at: MatchRef,
    pub slots: [Slot; 2],
    pub result: Option<MatchResult>,
    pub extra_game_lot: Option<ExtraGameLot>,
}

impl BracketMatch {
    /// `(red_first, other)` once both players are known: the better seed commands Red first.
    #[must_use]
    pub fn players(&self) -> Option<(PlayerId, PlayerId)> {
        match self.slots {
            [Slot::Player { id: a, seed: sa }, Slot::Player { id: b, seed: sb }] => {
                Some(if sa <= sb { (a, b) } else { (b, a) })
            }
            _ => None,
        }
    }

    /// The winner: from the result, or the player facing a bye.
    #[must_use]
    pub fn winner(&self) -> Option<Slot> {
        match (self.slots, &self.result) {
            ([p @ Slot::Player { .. }, Slot::Bye], _) | ([Slot::Bye, p @ Slot::Player { .. }], _) => Some(p),
            (slots, Some(r)) => {
                slots.into_iter().find(|s| matches!(s, Slot::Player { id, .. } if Some(*id) == r.winner))
            }
            _ => None,
        }
    }

    fn loser(&self) -> Option<Slot> {
        let r = self.result.as_ref()?;
        self.slots.into_iter().find(|s| matches!(s, Slot::Player { id, .. } if Some(*id) != r.winner))
    }
}

/// A knockout bracket.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bracket {
    /// Number of qualified players K.
    pub size: u32,
    /// Seed of the lots for extra games (recorded so every lot can be checked).
    pub lot_seed: u64,
    /// `rounds[r][i]`; the last round holds the final.
    pub rounds: Vec<Vec<BracketMatch>>,
    pub third_place: Option<BracketMatch>,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
pub enum KnockoutError {
    #[error("a knockout needs at least 2 players, not {0}")]
    TooFew(usize),
    #[error("player {0} is seeded twice")]
    DuplicatePlayer(PlayerId),
    #[error("there is no match {0:?} in this bracket")]
    NoSuchMatch(MatchRef),
    #[error("match {0:?} does not have both players yet")]
    NotReady(MatchRef),
    #[error("the result is for other players than match {0:?}")]
    WrongPlayers(MatchRef),
    #[error("a knockout match needs a winner (no draws): match {0:?}")]
    NoWinner(MatchRef),
    #[error("match {0:?} already has a result; later matches depend on it")]
    AlreadyDecided(MatchRef),
    #[error(
        "a bracket's first round has 2, 4, 8 ... places with at most one bye a match, not this layout of {0}"
    )]
    Layout(usize),
}

/// Positions of seeds 1..=size (a power of two) in bracket order, so that seeds 1 and 2 are in
/// opposite halves, 1-4 in different quarters, and so on: order(2m) puts s and 2m+1-s together.
fn seed_order(size: u32) -> Vec<u32> {
    let mut order = vec![1u32];
    while (order.len() as u32) < size {
        let m = 2 * order.len() as u32;
        order = order.iter().flat_map(|&s| [s, m + 1 - s]).collect();
    }
    order
}

impl Bracket {
    /// Seed a bracket from players in standings order (best first).
    ///
    /// # Errors
    /// Fewer than 2 players, or a player listed twice.
    pub fn seeded(ranked: &[PlayerId], third_place: bool, lot_seed: u64) -> Result<Bracket, KnockoutError> {
        let size = ranked.len().next_power_of_two() as u32;
        let layout: Vec<Option<(PlayerId, u32)>> = seed_order(size)
            .into_iter()
            .map(|seed| ranked.get(seed as usize - 1).map(|&id| (id, seed)))
            .collect();
        Bracket::placed(&layout, third_place, lot_seed)
    }

    /// A bracket from its first round as laid out: `layout[2i]` against `layout[2i + 1]` in
    /// match `i`, each a player with their seed (the better seed commands Red first) or `None`
    /// for a bye. The qualification from groups lays brackets out this way (crossover,
    /// group-mates apart); [`Bracket::seeded`] is the 1 v K layout.
    ///
    /// # Errors
    /// Fewer than 2 players, a player twice, a layout that is not a power of two or that puts
    /// two byes in one match.
    pub fn placed(
        layout: &[Option<(PlayerId, u32)>],
        third_place: bool,
        lot_seed: u64,
    ) -> Result<Bracket, KnockoutError> {
        let k = layout.iter().flatten().count();
        if k < 2 {
            return Err(KnockoutError::TooFew(k));
        }
        let mut seen = std::collections::BTreeSet::new();
        for &(p, _) in layout.iter().flatten() {
            if !seen.insert(p) {
                return Err(KnockoutError::DuplicatePlayer(p));
            }
        }
        if !layout.len().is_power_of_two() || layout.chunks(2).any(|c| c.iter().all(Option::is_none)) {
            return Err(KnockoutError::Layout(layout.len()));
        }
        let size = layout.len() as u32;
        let slot = |s: &Option<(PlayerId, u32)>| match *s {
            Some((id, seed)) => Slot::Player { id, seed },
            None => Slot::Bye,
        };
        let mut rounds = Vec::new();
        let first: Vec<BracketMatch> = layout
            .chunks(2)
            .enumerate()
            .map(|(i, c)| BracketMatch {
                at: MatchRef::Main { round: 0, index: i as u32 },
                slots: [slot(&c[0]), slot(&c[1])],
                result: None,
                extra_game_lot: None,
            })
            .collect();
        rounds.push(first);
        let mut n = size / 2;
        let mut r = 1;
        while n > 1 {
            n /= 2;
            rounds.push(
                (0..n)
                    .map(|i| BracketMatch {
                        at: MatchRef::Main { round: r, index: i },
                        slots: [Slot::Pending, Slot::Pending],
                        result: None,
                        extra_game_lot: None,
                    })
                    .collect(),
            );
            r += 1;
        }
        let third_place = (third_place && size >= 4).then_some(BracketMatch {
            at: MatchRef::ThirdPlace,
            slots: [Slot::Pending, Slot::Pending],
            result: None,
            extra_game_lot: None,
        });
        let mut b = Bracket { size: k as u32, lot_seed, rounds, third_place };
        b.advance();
        Ok(b)
    }

    /// Seed a bracket from the top `k` rows of the Swiss standings (fewer if the standings are
    /// shorter). Withdrawn players should be filtered out of `rows` by the caller.
    ///
    /// # Errors
    /// As [`Bracket::seeded`].
    pub fn from_standings(
        rows: &[super::standings::StandingRow],
        k: usize,
        third_place: bool,
        lot_seed: u64,
    ) -> Result<Bracket, KnockoutError> {
        let mut ranked: Vec<&super::standings::StandingRow> = rows.iter().collect();
        ranked.sort_by_key(|r| r.rank);
        let ids: Vec<PlayerId> = ranked.iter().take(k).map(|r| r.player).collect();
        Bracket::seeded(&ids, third_place, lot_seed)
    }

    /// The match at a place.
    #[must_use]
    pub fn get(&self, at: MatchRef) -> Option<&BracketMatch> {
        match at {
            MatchRef::Main { round, index } => self.rounds.get(round as usize)?.get(index as usize),
            MatchRef::ThirdPlace => self.third_place.as_ref(),
        }
    }

    fn get_mut(&mut self, at: MatchRef) -> Option<&mut BracketMatch> {
        match at {
            MatchRef::Main { round, index } => self.rounds.get_mut(round as usize)?.get_mut(index as usize),
            MatchRef::ThirdPlace => self.third_place.as_mut(),
        }
    }

    /// Matches with both players known and no result yet, in bracket order.
    #[must_use]
    pub fn ready(&self) -> Vec<&BracketMatch> {
        self.rounds
            .iter()
            .flatten()
            .chain(self.third_place.iter())
            .filter(|m| m.result.is_none() && m.players().is_some())
            .collect()
    }

    /// Record a decided match and move the winner on (and, from the semifinals, the loser to
    /// the third-place match).
    ///
    /// # Errors
    /// Unknown match, players not both known, a result for other players, or no winner.
    pub fn record_result(&mut self, at: MatchRef, result: MatchResult) -> Result<(), KnockoutError> {
        let m = self.get(at).ok_or(KnockoutError::NoSuchMatch(at))?;
        let (a, b) = m.players().ok_or(KnockoutError::NotReady(at))?;
        if m.result.is_some() {
            return Err(KnockoutError::AlreadyDecided(at));
        }
        let same =
            (result.red_first == a && result.other == b) || (result.red_first == b && result.other == a);
        if !same {
            return Err(KnockoutError::WrongPlayers(at));
        }
        if result.winner.is_none() {
            return Err(KnockoutError::NoWinner(at));
        }
        if let Some(m) = self.get_mut(at) {
            m.result = Some(result);
        }
        self.advance();
        Ok(())
    }

    /// Draw (once) and record the Red side of a match's extra game: a ChaCha8 lot seeded from
    /// the bracket's lot seed and the match's place, so the same bracket always draws the same.
    ///
    /// # Errors
    /// Unknown match, or players not both known.
    pub fn draw_extra_game_red(&mut self, at: MatchRef) -> Result<ExtraGameLot, KnockoutError> {
        let lot_seed = self.lot_seed;
        let m = self.get_mut(at).ok_or(KnockoutError::NoSuchMatch(at))?;
        let (a, b) = m.players().ok_or(KnockoutError::NotReady(at))?;
        if let Some(lot) = m.extra_game_lot {
            return Ok(lot);
        }
        let place = match at {
            MatchRef::Main { round, index } => (u64::from(round) << 32) | u64::from(index),
            MatchRef::ThirdPlace => u64::MAX,
        };
        let seed = lot_seed ^ place.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let red = if rng.next_u32() & 1 == 0 { a } else { b };
        let lot = ExtraGameLot { red, seed };
        m.extra_game_lot = Some(lot);
        Ok(lot)
    }

    /// The winner of the third-place match, once decided (or the only semifinal loser).
    #[must_use]
    pub fn third(&self) -> Option<PlayerId> {
        match self.third_place.as_ref()?.winner()? {
            Slot::Player { id, .. } => Some(id),
            _ => None,
        }
    }

    /// The winner of the final, once played.
    #[must_use]
    pub fn champion(&self) -> Option<PlayerId> {
        match self.rounds.last()?.first()?.winner()? {
            Slot::Player { id, .. } => Some(id),
            _ => None,
        }
    }

    /// Fill every pending slot whose feeding match is decided.
    fn advance(&mut self) {
        for r in 1..self.rounds.len() {
            for i in 0..self.rounds[r].len() {
                for side in 0..2 {
                    if self.rounds[r][i].slots[side] == Slot::Pending
                        && let Some(w) = self.rounds[r - 1][2 * i + side].winner()
                    {
                        self.rounds[r][i].slots[side] = w;
                    }
                }
            }
        }
        let n = self.rounds.len();
        if n >= 2
            && let Some(third) = self.third_place.as_mut()
        {
            for side in 0..2 {
                let semi = &self.rounds[n - 2][side];
                if third.slots[side] != Slot::Pending {
                    continue;
                }
                if semi.slots.contains(&Slot::Bye) {
                    // A semifinal won on a bye has no loser: the other semifinal's loser is third.
                    third.slots[side] = Slot::Bye;
                } else if let Some(l) = semi.loser() {
                    third.slots[side] = l;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::seed_order;

    #[test]
    fn seed_order_keeps_one_and_two_apart() {
        assert_eq!(seed_order(2), vec![1, 2]);
        assert_eq!(seed_order(4), vec![1, 4, 2, 3]);
        assert_eq!(seed_order(8), vec![1, 8, 4, 5, 2, 7, 3, 6]);
    }
}
