//! Players for the pairing tests: ids `1..=n`, active from round 1, ranked by id.

use bitwa::league::{DecidedBy, MatchResult, MatchTally, PairingPlayer, PlayerId, PlayerStatus};

pub fn p(n: i64) -> PlayerId {
    PlayerId(n)
}

pub fn players(n: i64) -> Vec<PairingPlayer> {
    (1..=n)
        .map(|i| PairingPlayer { id: p(i), status: PlayerStatus::Active, joined_round: 1, rank: i as u32 })
        .collect()
}

/// A match between `a` (Red first) and `b` that neither played (both absent): in a round's record it
/// makes them have met without changing anyone's score.
pub fn met_without_playing(a: PlayerId, b: PlayerId) -> MatchResult {
    MatchResult {
        red_first: a,
        other: b,
        winner: None,
        decided_by: DecidedBy::DoubleNoShow,
        red_first_tally: MatchTally::default(),
        other_tally: MatchTally::default(),
        extra_game_red: None,
    }
}
