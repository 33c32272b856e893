//! The optimal dual solution of a solved matching, used to prove a matching found on a sparse
//! graph optimal for a larger one (see the Swiss pairing's solver).

use super::blossom::NONE;

/// The optimal duals of a solved maximum-weight matching (vertex duals and blossom duals, both
/// doubled, over doubled weights, as the solver holds them). By LP duality the matching is optimal
/// for any larger graph in which every added edge has non-negative reduced cost.
#[derive(Debug, Clone)]
pub struct DualCertificate {
    /// Vertex duals (doubled).
    dual: Vec<i128>,
    /// Per vertex, the blossoms holding it, outermost first (blossoms form a laminar family).
    chains: Vec<Vec<usize>>,
    /// Per vertex, `2 * Σ z` over the first k blossoms of its chain, for k = 1..=len.
    zsums: Vec<Vec<i128>>,
}

impl DualCertificate {
    pub(super) fn new(n: usize, dualvar: &[i128], parent: &[usize]) -> DualCertificate {
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
            let mut acc = 0i128;
            let sums = chain
                .iter()
                .map(|&b| {
                    acc += 2 * dualvar[b];
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
    pub fn admits(&self, a: usize, b: usize, weight: i128) -> bool {
        self.reduced_cost(a, b, weight) >= 0
    }

    /// The edge's reduced cost (in the solver's doubled units): negative means adding the edge
    /// could improve the matching; the more negative, the more likely.
    #[must_use]
    pub fn reduced_cost(&self, a: usize, b: usize, weight: i128) -> i128 {
        let slack = self.dual[a] + self.dual[b] - 4 * weight;
        // The blossoms holding both are the common outermost part of the two chains.
        let (ca, cb) = (&self.chains[a], &self.chains[b]);
        let common = ca.iter().zip(cb.iter()).take_while(|(x, y)| x == y).count();
        if common == 0 { slack } else { slack + self.zsums[a][common - 1] }
    }
}
