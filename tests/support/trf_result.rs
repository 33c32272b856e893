//! The result code of one player's cell for one league match, as TRF-16 writes it (`1` won, `0`
//! lost, `=` drawn, `+` won by forfeit, `-` lost by forfeit), from the match record by hand.

use bitwa::league::{DecidedBy, PlayerId};

/// The code for `me` in a match decided by `decided_by` and won by `winner` (`None`: drawn).
pub fn result_code(decided_by: DecidedBy, winner: Option<PlayerId>, me: PlayerId) -> char {
    let pick = |won: bool, codes: [char; 2]| codes[usize::from(!won)];
    match (decided_by, winner) {
        (DecidedBy::NoShow | DecidedBy::Withdrawal, Some(w)) => pick(w == me, ['+', '-']),
        (DecidedBy::DoubleNoShow, _) => '-',
        (_, None) => '=',
        (_, Some(w)) => pick(w == me, ['1', '0']),
    }
}
