//! The optimal dual solution of a solved matching, used to prove a matching found on a sparse
//! graph optimal for a larger one (see the Swiss pairing's solver).

use super::blossom::NONE;
use super::weight::Weight;

/// The optimal duals of a solved maximum-weight matching (vertex duals and blossom duals, both
/// doubled, over doubled weights, as the solver holds them). By LP duality the matching is optimal
/// for any larger graph in which every added edge has non-negative reduced cost.
#[derive(Debug, Clone)]
pub struct DualCertificate<W: Weight = i128> {
    /// Vertex duals (doubled).
    dual: Vec<W>,
    /// Per vertex, the blossoms holding it, outermost first (blossoms form a laminar family).
    chains: Vec<Vec<usize>>,
    /// Per vertex, `2 * Σ z` over the first k blossoms of its chain, for k = 1..=len.
    zsums: Vec<Vec<W>>,
}

impl<W: Weight> DualCertificate<W> {
    pub(super) fn new(n: usize, dualvar: &[W], parent: &[usize]) -> DualCertificate<W> {
        let mut chains = Vec::with_capacity(n);
        let mut zsums = Vec::with_capacity(n);
        for v in 0..n {
            let mut chain = Vec::new();
            let mut b = parent[v];
            while b != NONE {
                chain.push(b);
                b = parent[b];
            }
            chain.reverse();
            let mut acc = W::ZERO;
            let sums = chain
                .iter()
                .map(|&b| {
                    acc += dualvar[b].double();
                    acc
                })
                .collect();
            chains.push(chain);
            zsums.push(sums);
        }
        DualCertificate { dual: dualvar[..n].to_vec(), chains, zsums }
    }

    /// Whether edge `a`-`b` of `weight` has non-negative reduced cost (so adding it to the graph
    /// cannot improve the matching): `u_a + u_b - w + Σ z_B >= 0` over the blossoms holding both.
    #[must_use]
    pub fn admits(&self, a: usize, b: usize, weight: W) -> bool {
        self.reduced_cost(a, b, weight) >= W::ZERO
    }

    /// The edge's reduced cost (in the solver's doubled units): negative means adding the edge
    /// could improve the matching; the more negative, the more likely. Blossom duals are never
    /// negative, so when the vertex duals alone already cover the edge the blossoms are not
    /// looked at and that smaller, non-negative value is returned (the large pairings check
    /// millions of edges against deeply nested blossoms).
    #[must_use]
    pub fn reduced_cost(&self, a: usize, b: usize, weight: W) -> W {
        let slack = self.dual[a] + self.dual[b] - weight.double().double();
        if slack >= W::ZERO {
            return slack;
        }
        // The blossoms holding both are the common outermost part of the two chains.
        let (ca, cb) = (&self.chains[a], &self.chains[b]);
        let common = ca.iter().zip(cb.iter()).take_while(|(x, y)| x == y).count();
        if common == 0 { slack } else { slack + self.zsums[a][common - 1] }
    }
}
