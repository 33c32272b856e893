//! Maximum-weight matching behind a small trait, so the solver can be swapped (issue 4: "a
//! maintained matching crate is welcome behind our own small trait").
//!
//! Weights are exact integers because the Swiss pairing packs several criteria into one number
//! lexicographically, as bbpPairings does: `i128` for the trait (and the usual case), any
//! [`Weight`] (such as the 512-bit [`Wide`]) through [`EdmondsBlossom`]'s generic functions.

mod blossom;
mod certificate;
mod weight;

pub use blossom::EdmondsBlossom;
pub use certificate::DualCertificate;
pub use weight::{Weight, Wide};

/// An undirected edge between vertices `a` and `b` (indices `0..n`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WeightedEdge<W = i128> {
    pub a: usize,
    pub b: usize,
    pub weight: W,
}

/// A maximum-weight matching solver.
pub trait MatchingSolver {
    /// The mate of every vertex (`None`: unmatched) in a matching of maximum total weight; with
    /// `max_cardinality`, of maximum weight among the matchings of maximum size.
    fn solve(&self, vertex_count: usize, edges: &[WeightedEdge], max_cardinality: bool)
    -> Vec<Option<usize>>;

    /// A maximum-weight matching plus, if the solver can give one, the optimal dual solution: it
    /// tells whether an edge left out of `edges` could have improved the matching, so a caller
    /// can solve a sparse graph and still prove the result optimal for the whole graph.
    fn solve_certified(
        &self,
        vertex_count: usize,
        edges: &[WeightedEdge],
    ) -> (Vec<Option<usize>>, Option<DualCertificate>) {
        (self.solve(vertex_count, edges, false), None)
    }
}

/// Total weight of a matching given as mates (each edge counted once).
#[must_use]
pub fn matching_weight(edges: &[WeightedEdge], mates: &[Option<usize>]) -> i128 {
    edges.iter().filter(|e| mates.get(e.a).copied().flatten() == Some(e.b)).map(|e| e.weight).sum()
}
