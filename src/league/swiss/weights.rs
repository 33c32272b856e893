//! The pairing criteria, each a small cost per candidate pair, packed lexicographically into one
//! `i128` weight (the approach of bbpPairings): a matching of maximum weight is then best on the
//! first criterion, then the second among those, and so on.

/// The soft criteria in priority order (the hard ones, no rematch and at most one bye per
/// player, are enforced by leaving the edge out of the graph). Index = priority (0 highest).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Criterion {
    /// Avoid organiser-forbidden pairs where possible.
    Forbidden = 0,
    /// The bye goes to the lowest score possible (half-points above the lowest score).
    ByeScore = 1,
    /// Fewest pairs between different score groups (floaters).
    MixedPairs = 2,
    /// Smallest score differences (sum of squared differences, half-points).
    ScoreDifference = 3,
    /// Top half v bottom half within a score group; floaters from the bottom of the group above,
    /// against the top of the group below.
    HalfSplit = 4,
    /// The bye to the lowest-ranked player who has not had one.
    ByeRank = 5,
    /// Who commands Red first alternates: a pair whose two players both want the same is a clash.
    RedFirstClash = 6,
}

pub(crate) const CRITERIA: usize = 7;

/// The costs of one candidate pair.
pub(crate) type Costs = [u64; CRITERIA];

/// Packs costs into weights: `weight = CARD - Σ cost[k] * base[k]`, where each `base[k]` exceeds
/// the largest possible total of every lower criterion over a whole matching, and `CARD` exceeds
/// the largest total cost, so the number of pairs comes before everything.
pub(crate) struct Packer {
    base: [i128; CRITERIA],
    card: i128,
}

impl Packer {
    /// `pairs`: the most edges a matching can hold; `max_cost[k]`: the largest cost of criterion
    /// `k` on any edge (the bye criteria are paid by one edge at most). `None` if the packed weights would not fit comfortably in an `i128`.
    pub(crate) fn new(pairs: u64, max_cost: &Costs) -> Option<Packer> {
        let mut base = [0i128; CRITERIA];
        let mut b: i128 = 1;
        for k in (0..CRITERIA).rev() {
            base[k] = b;
            // Only one edge of a matching is the bye, so the bye criteria never add up.
            let bye_only = k == Criterion::ByeScore as usize || k == Criterion::ByeRank as usize;
            let edges = if bye_only { 1 } else { pairs };
            let field = i128::from(edges).checked_mul(i128::from(max_cost[k]))?.checked_add(1)?;
            b = b.checked_mul(field)?;
        }
        // Headroom: the solver doubles weights and sums them over a matching.
        let _headroom = b.checked_mul(i128::from(pairs.max(1)))?.checked_mul(8)?;
        Some(Packer { base, card: b })
    }

    pub(crate) fn weight(&self, costs: &Costs) -> i128 {
        self.card - costs.iter().zip(self.base.iter()).map(|(&c, &b)| i128::from(c) * b).sum::<i128>()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_higher_criterion_outweighs_every_lower_one_over_a_whole_matching() {
        let max = [1, 4, 1, 16, 3, 5, 1];
        let p = Packer::new(3, &max).expect("fits");
        // The bye's rank outweighs the Red-first clashes of every pair.
        assert!(
            p.weight(&[0, 0, 0, 0, 0, 0, 1]) * 3
                > p.weight(&[0, 0, 0, 0, 0, 1, 0]) + 2 * p.weight(&[0; CRITERIA])
        );
        // One forbidden pair costs more than three pairs at the maximum of every other criterion.
        let forbidden = p.weight(&[1, 0, 0, 0, 0, 0, 0]) + 2 * p.weight(&[0; CRITERIA]);
        // (At most one edge of a matching is the bye.)
        let rest = p.weight(&[0, 4, 1, 16, 3, 5, 1]) + 2 * p.weight(&[0, 0, 1, 16, 3, 0, 1]);
        assert!(rest > forbidden);
        // Two edges always beat one, whatever their costs.
        assert!(2 * p.weight(&max) > p.weight(&[0; CRITERIA]));
        assert!(Packer::new(u64::MAX / 2, &[u64::MAX; CRITERIA]).is_none());
    }
}
