//! Maximum-weight matching behind a small trait, so the solver can be swapped (issue 4: "a
//! maintained matching crate is welcome behind our own small trait").
//!
//! Weights are `i128` because the Swiss pairing packs several criteria into one number
//! lexicographically, as bbpPairings does.

mod blossom;

pub use blossom::EdmondsBlossom;

/// An undirected edge between vertices `a` and `b` (indices `0..n`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WeightedEdge {
    pub a: usize,
    pub b: usize,
    pub weight: i128,
}

/// A maximum-weight matching solver.
pub trait MatchingSolver {
    /// The mate of every vertex (`None`: unmatched) in a matching of maximum total weight; with
    /// `max_cardinality`, of maximum weight among the matchings of maximum size.
    fn solve(&self, vertex_count: usize, edges: &[WeightedEdge], max_cardinality: bool)
    -> Vec<Option<usize>>;
}

/// Total weight of a matching given as mates (each edge counted once).
#[must_use]
pub fn matching_weight(edges: &[WeightedEdge], mates: &[Option<usize>]) -> i128 {
    edges.iter().filter(|e| mates.get(e.a).copied().flatten() == Some(e.b)).map(|e| e.weight).sum()
}
