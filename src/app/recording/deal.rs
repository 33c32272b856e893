//! The server's deal of an online game (pure), the engine's [`Chance`] there: a seed of 32 bytes
//! from the operating system fixes both decks' order before the first move (its SHA-256 is shown from the start, the seed once the game is over), and
//! every other random draw of the rules (the combat's pull, the cards an action card reveals,
//! discards or shows at random) comes from the same seed through the engine's portable generator
//! (ChaCha8), so anyone holding the seed and the log can check every card the server dealt.
//!
//! - The decks: a `ChaCha8Rng` seeded with the seed shuffles Red's 30 cards (card ids in order),
//!   then the Poles' 30 (Fisher–Yates from the last place, `j` uniform in `0..=i` as
//!   `(next_u64 · (i+1)) >> 64`). Each draw takes the first card of its deck's order still in the
//!   deck.
//! - Any other random choice made when the log has `n` lines: a `ChaCha8Rng` seeded with
//!   SHA-256(seed ‖ `n` as 8 bytes little-endian) picks uniformly, in the same way, among the
//!   candidates in the engine's order.

use crate::engine::action::{Action, CardRef};
use crate::engine::ids::{CardId, CardSet};
use crate::engine::{Chance, GameState};
use crate::outcome::Side;
use rand_chacha::ChaCha8Rng;
use rand_core::{OsRng, RngCore, SeedableRng};
use sha2::{Digest, Sha256};

/// A deal's seed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Seed(pub [u8; 32]);

/// Lowercase hex of bytes.
#[must_use]
pub fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write;
    bytes.iter().fold(String::with_capacity(bytes.len() * 2), |mut s, b| {
        let _ = write!(s, "{b:02x}");
        s
    })
}

/// SHA-256 of `bytes`, lowercase hex.
#[must_use]
pub fn sha256_hex(bytes: &[u8]) -> String {
    hex(&Sha256::digest(bytes))
}

impl Seed {
    /// 32 bytes from the operating system.
    #[must_use]
    pub fn fresh() -> Seed {
        let mut b = [0u8; 32];
        OsRng.fill_bytes(&mut b);
        Seed(b)
    }

    /// The seed as stored and published (hex).
    #[must_use]
    pub fn to_hex(&self) -> String {
        hex(&self.0)
    }

    /// The commitment shown from the start: SHA-256 of the 32 bytes, hex.
    #[must_use]
    pub fn commitment(&self) -> String {
        sha256_hex(&self.0)
    }

    /// A seed from its hex (64 digits).
    #[must_use]
    pub fn parse(text: &str) -> Option<Seed> {
        let t = text.trim();
        if t.len() != 64 || !t.is_ascii() {
            return None;
        }
        let mut b = [0u8; 32];
        for (i, byte) in b.iter_mut().enumerate() {
            *byte = u8::from_str_radix(&t[2 * i..2 * i + 2], 16).ok()?;
        }
        Some(Seed(b))
    }

    /// The seed and its commitment, hex: what the store keeps.
    #[must_use]
    pub fn stored(&self) -> (String, String) {
        (self.to_hex(), self.commitment())
    }

    /// Both decks' order: Red's, the Poles'.
    #[must_use]
    pub fn decks(&self) -> [Vec<CardId>; 2] {
        let mut rng = ChaCha8Rng::from_seed(self.0);
        let mut shuffle = |side: Side| {
            let mut cards: Vec<CardId> = CardSet::full_deck(side).iter().collect();
            for i in (1..cards.len()).rev() {
                let j = below(&mut rng, i + 1);
                cards.swap(i, j);
            }
            cards
        };
        let red = shuffle(Side::Red);
        let polish = shuffle(Side::Polish);
        [red, polish]
    }

    /// The generator of the random choice made when the log has `lines` lines.
    fn at(&self, lines: usize) -> ChaCha8Rng {
        let mut h = Sha256::new();
        h.update(self.0);
        h.update((lines as u64).to_le_bytes());
        ChaCha8Rng::from_seed(h.finalize().into())
    }

    /// Pick one of `n` candidates (n > 0) for the choice made when the log has `lines` lines.
    #[must_use]
    pub fn pick(&self, lines: usize, n: usize) -> usize {
        below(&mut self.at(lines), n.max(1))
    }
}

/// Uniform in `0..n` (n > 0), portable (as the engine's random player draws).
fn below(rng: &mut ChaCha8Rng, n: usize) -> usize {
    ((u128::from(rng.next_u64()) * n as u128) >> 64) as usize
}

/// The legal actions of the side to act, as a digital game has them: every card named, only the
/// side to act (the opening hands in the engine's order, Red first).
#[must_use]
pub fn named_actions(state: &GameState<'_>) -> Vec<Action> {
    let Some(side) = state.to_act() else { return Vec::new() };
    let mut all = state.legal_actions();
    all.retain(|a| !a.has_unseen() && a.side().is_none_or(|s| s == side));
    all
}

/// Online, chance is the deal: a draw takes the first card of the deck's order still in the deck, any
/// other random choice (the pull) is picked from the seed for the record's length; every decision is
/// the side to act's, every card named.
impl Chance for Seed {
    fn play(&self, state: &GameState<'_>, lines: usize) -> Option<Action> {
        let actions = named_actions(state);
        if actions.is_empty() {
            return None;
        }
        if actions.iter().all(|a| matches!(a, Action::Draw { .. })) {
            let side = state.to_act()?;
            let decks = self.decks();
            let order = if side == Side::Red { &decks[0] } else { &decks[1] };
            return order
                .iter()
                .map(|&c| Action::Draw { side, card: CardRef::Known(c) })
                .find(|a| actions.contains(a));
        }
        if actions.iter().all(|a| matches!(a, Action::Pull { .. })) {
            return actions.get(self.pick(lines, actions.len())).copied();
        }
        None
    }

    fn choices(&self, state: &GameState<'_>, _cap: usize) -> Vec<Action> {
        named_actions(state)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_commitment_is_the_sha256_of_the_seed_and_hex_round_trips() {
        let s = Seed([7; 32]);
        assert_eq!(Seed::parse(&s.to_hex()), Some(s));
        // sha256 of 32 bytes 0x07, computed independently (`printf '\x07%.0s' {1..32} | sha256sum`).
        assert_eq!(s.commitment(), "4bb06f8e4e3a7715d201d573d0aa423762e55dabd61a2c02278fa56cc6d294e0");
        assert_ne!(s.commitment(), Seed([8; 32]).commitment());
        assert_eq!(Seed::parse("zz"), None);
    }

    #[test]
    fn each_deck_is_a_permutation_and_seeds_differ() {
        let [red, polish] = Seed([1; 32]).decks();
        let mut r: Vec<u8> = red.iter().map(|c| c.0).collect();
        r.sort_unstable();
        assert_eq!(r, (0..30).collect::<Vec<u8>>());
        let mut p: Vec<u8> = polish.iter().map(|c| c.0).collect();
        p.sort_unstable();
        assert_eq!(p, (30..60).collect::<Vec<u8>>());
        assert_ne!(Seed([1; 32]).decks(), Seed([2; 32]).decks());
        assert_eq!(Seed([1; 32]).decks(), Seed([1; 32]).decks());
    }
}
