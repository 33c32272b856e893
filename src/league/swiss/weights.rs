//! The pairing criteria (PRODUCT "Swiss pairing"), each a small cost per candidate pair, packed
//! lexicographically into one integer weight (the approach of bbpPairings): a matching of
//! maximum weight is then best on the first criterion, then the second among those, and so on.
//!
//! Priority (the hard rules, no rematch and at most one bye per player, leave the edge out of
//! the graph):
//! 1. the organiser's forbidden pairs;
//! 2. the bye to a player of the lowest score that allows a pairing;
//! 3. score differences, the largest first: one criterion per distinct difference between the
//!    field's score groups, largest difference first, each counting the pairs at exactly that
//!    difference. So no pair is further apart than needed, then there are the fewest pairs at
//!    that difference, and so on down to half a point;
//! 4. the fewest floaters: implied by 3, which fixes how many pairs there are at every non-zero
//!    difference, so it costs no weight;
//! 5. the bye to the lowest-ranked such player who has not had one;
//! 6. top half against bottom half within a score group (floaters from the bottom of the group
//!    above, against the top of the group below);
//! 7. Red first alternating and balanced as colours in FIDE's Dutch system (C.04.3 A.6): each
//!    player's side preference is absolute, strong or mild, and a pair whose players want the
//!    same side costs the weaker preference's weight (16, 4 or 1).
//!
//! What the score differences cost: one field of `log2(U + 1)` bits per distinct difference, `U`
//! the most pairs a matching can have at that difference (at most half the field). When every
//! field fits in an `i128` the whole order is packed exactly. When not (large fields late in a
//! tournament), the differences above the `L` smallest are packed as one count ("pairs further
//! apart than the L-th difference"): if the optimum has no such pair, it is also the optimum of
//! the full order (both orders then rank every candidate by the same remaining criteria); if it
//! has one, the round is solved again with 512-bit weights and every difference on its own.

use crate::league::matching::Weight;

/// The costs of one candidate pair (or of giving one player the bye).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct EdgeCosts {
    pub forbidden: bool,
    /// Half-points above the lowest score (bye only).
    pub bye_score: u64,
    /// Index into the field's score differences, plus one (0: the same score group).
    pub level: usize,
    /// Players ranked below the bye player (bye only).
    pub bye_rank: u64,
    pub half_split: u64,
    /// The side preference left unmet ([`super::field::Preference::unmet_cost`]; 0: none).
    pub red_clash: u64,
}

/// The most a whole matching can total on each criterion; `levels[k]` for the k-th smallest
/// score difference.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Bounds {
    pub pairs: u64,
    pub forbidden: u64,
    pub bye_score: u64,
    pub levels: Vec<u64>,
    pub bye_rank: u64,
    pub half_split: u64,
    pub red_clash: u64,
}

/// Packs [`EdgeCosts`] into weights: `weight = CARD - Σ cost[k] * base[k]`, where each `base[k]`
/// exceeds the largest possible total of every lower criterion over a whole matching and `CARD`
/// exceeds the largest total cost, so the number of pairs comes before everything.
#[derive(Debug, Clone)]
pub(crate) struct Packer<W: Weight> {
    card: W,
    forbidden: W,
    bye_score: W,
    /// Per level (index 0: no difference, weight zero).
    level: Vec<W>,
    bye_rank: W,
    half_split: W,
    red_clash: W,
    /// Levels above this one share one base (see the module doc); `levels.len()`: none do.
    pub exact_levels: usize,
    /// Bits the largest weight takes, for the report.
    pub bits: u32,
}

impl<W: Weight> Packer<W> {
    /// Pack every level above `exact_levels` as one criterion. `None` if the weights (with the
    /// solver's headroom: it quadruples weights and sums them over a matching) would not fit.
    pub(crate) fn new(b: &Bounds, exact_levels: usize) -> Option<Packer<W>> {
        let exact_levels = exact_levels.min(b.levels.len());
        let above: u64 = b.levels[exact_levels..].iter().fold(0u64, |s, &u| s.saturating_add(u)).min(b.pairs);
        // Lowest priority first: each base is the product of (bound + 1) of all below it.
        let mut base = W::from_u64(1);
        let mut next = |bound: u64| -> Option<W> {
            let this = base;
            base = base.checked_mul_u64(bound.checked_add(1)?)?;
            Some(this)
        };
        let red_clash = next(b.red_clash)?;
        let half_split = next(b.half_split)?;
        let bye_rank = next(b.bye_rank)?;
        let mut level = vec![W::ZERO; b.levels.len() + 1];
        for k in 0..exact_levels {
            level[k + 1] = next(b.levels[k])?;
        }
        if exact_levels < b.levels.len() {
            let shared = next(above)?;
            for l in level.iter_mut().skip(exact_levels + 1) {
                *l = shared;
            }
        }
        let bye_score = next(b.bye_score)?;
        let forbidden = next(b.forbidden)?;
        let card = base;
        let headroom = 64 - b.pairs.max(1).leading_zeros() + 3;
        let bits = card.bit_len();
        (bits + headroom < W::BITS).then_some(Packer {
            card,
            forbidden,
            bye_score,
            level,
            bye_rank,
            half_split,
            red_clash,
            exact_levels,
            bits,
        })
    }

    pub(crate) fn weight(&self, c: &EdgeCosts) -> W {
        let mut w = self.card;
        if c.forbidden {
            w -= self.forbidden;
        }
        w -= self.level[c.level];
        // The factors are within their bounds (checked by `Packer::new`), so these fit.
        let times = |base: W, k: u64| base.checked_mul_u64(k).unwrap_or(base);
        if c.red_clash > 0 {
            w -= times(self.red_clash, c.red_clash);
        }
        if c.bye_score > 0 {
            w -= times(self.bye_score, c.bye_score);
        }
        if c.bye_rank > 0 {
            w -= times(self.bye_rank, c.bye_rank);
        }
        if c.half_split > 0 {
            w -= times(self.half_split, c.half_split);
        }
        w
    }
}

/// The criterion totals of a whole pairing in priority order (lower is better, compared
/// lexicographically): forbidden pairs, the bye's score, then for each score difference from the
/// largest down the number of pairs at it, the bye's rank, the half-split cost, Red-first
/// clashes. This is the order the packed weights encode; tests compare pairings by it directly.
#[must_use]
pub(crate) fn totals(levels: usize, costs: &[EdgeCosts]) -> Vec<u64> {
    let mut t = vec![0u64; 2 + levels + 3];
    for c in costs {
        t[0] += u64::from(c.forbidden);
        t[1] += c.bye_score;
        if c.level > 0 {
            // Largest difference first.
            t[2 + levels - c.level] += 1;
        }
        t[2 + levels] += c.bye_rank;
        t[3 + levels] += c.half_split;
        t[4 + levels] += c.red_clash;
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::league::matching::Wide;

    fn bounds() -> Bounds {
        Bounds {
            pairs: 3,
            forbidden: 1,
            bye_score: 4,
            levels: vec![3, 3, 3],
            bye_rank: 5,
            half_split: 9,
            red_clash: 3,
        }
    }

    fn sum<W: Weight>(p: &Packer<W>, edges: &[EdgeCosts]) -> W {
        edges.iter().fold(W::ZERO, |s, c| s + p.weight(c))
    }

    #[test]
    fn a_higher_criterion_outweighs_every_lower_one_over_a_whole_matching() {
        let p: Packer<i128> = Packer::new(&bounds(), 3).expect("fits");
        let zero = EdgeCosts::default();
        let worst_lower = |level| EdgeCosts { level, bye_rank: 0, half_split: 3, red_clash: 1, ..zero };
        // One pair at the largest difference costs more than three pairs at the next one with
        // every lower criterion at its worst.
        let one_far = [EdgeCosts { level: 3, ..zero }, zero, zero];
        let three_near = [worst_lower(2), worst_lower(2), worst_lower(2)];
        assert!(sum(&p, &three_near) > sum(&p, &one_far));
        // One forbidden pair costs more than everything below it.
        let forbidden = [EdgeCosts { forbidden: true, ..zero }, zero, zero];
        let rest =
            [EdgeCosts { bye_score: 4, bye_rank: 5, ..worst_lower(3) }, worst_lower(3), worst_lower(3)];
        assert!(sum(&p, &rest) > sum(&p, &forbidden));
        // Two edges always beat one, whatever their costs.
        let pair = EdgeCosts { forbidden: true, level: 3, half_split: 9, red_clash: 1, ..zero };
        let bye = EdgeCosts { bye_score: 4, bye_rank: 5, ..zero };
        assert!(sum(&p, &[pair, bye]) > p.weight(&zero));
        let huge = Bounds { levels: vec![u64::MAX / 4; 8], ..bounds() };
        assert!(Packer::<i128>::new(&huge, 8).is_none());
    }

    #[test]
    fn collapsed_levels_share_one_base_and_wide_weights_agree_with_narrow_ones() {
        let p: Packer<i128> = Packer::new(&bounds(), 1).expect("fits");
        let zero = EdgeCosts::default();
        assert_eq!(p.weight(&EdgeCosts { level: 2, ..zero }), p.weight(&EdgeCosts { level: 3, ..zero }));
        assert!(p.weight(&EdgeCosts { level: 1, ..zero }) > p.weight(&EdgeCosts { level: 2, ..zero }));
        let w: Packer<Wide> = Packer::new(&bounds(), 3).expect("fits");
        let n: Packer<i128> = Packer::new(&bounds(), 3).expect("fits");
        let c =
            EdgeCosts { forbidden: false, bye_score: 2, level: 2, bye_rank: 1, half_split: 2, red_clash: 1 };
        assert_eq!(w.weight(&c).to_i128(), Some(n.weight(&c)));
        assert_eq!(totals(3, &[c, EdgeCosts { level: 3, ..zero }]), vec![0, 2, 1, 1, 0, 1, 2, 1]);
    }
}
