//! Lots drawn by the league (group draws, a tie nothing else separates, the best of the next
//! place across groups): a ChaCha8 generator seeded with a recorded number, so anyone holding the
//! seed can draw the same lot again on any machine. The knockout's extra-game lot is its own
//! (`knockout::Bracket::draw_extra_game_red`), unchanged.

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{RngCore, SeedableRng};

/// A lot's seed for one of several draws made from one recorded seed (`part` names the draw:
/// a pot, a tie's first place), so the draws do not repeat each other.
#[must_use]
pub fn derive(seed: u64, part: u64) -> u64 {
    seed ^ part.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// Shuffle `items` in place (Fisher-Yates) with the lot seeded by `seed`.
pub fn shuffle<T>(seed: u64, items: &mut [T]) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for i in (1..items.len()).rev() {
        // `i + 1` is at most the slice's length: the modulo's bias is nil for small lots and the
        // draw only has to be repeatable, not cryptographic.
        let j = (rng.next_u64() % (i as u64 + 1)) as usize;
        items.swap(i, j);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_seed_draws_the_same_order_and_another_seed_another() {
        let draw = |seed| {
            let mut v: Vec<u32> = (1..=16).collect();
            shuffle(seed, &mut v);
            v
        };
        assert_eq!(draw(7), draw(7));
        assert_ne!(draw(7), draw(8));
        let mut sorted = draw(7);
        sorted.sort_unstable();
        assert_eq!(sorted, (1..=16).collect::<Vec<_>>(), "a permutation");
        assert_ne!(derive(7, 0), derive(7, 1));
    }
}
