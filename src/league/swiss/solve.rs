//! Solving the pairing graph. Small fields: the whole graph of allowed pairs. Large fields: the
//! whole graph has n²/2 edges (12.5 million for 5,000 players), so the matching is solved on a
//! sparse graph of likely pairs (neighbours in pairing order, and the top-half/bottom-half
//! partners inside each score group) and then checked against every allowed pair with the
//! solver's dual certificate; pairs that could improve it are added and it is solved again. The
//! result is the same optimum as on the whole graph, proved, not hoped.

use super::{Strategy, Weigher};
use crate::league::matching::{EdmondsBlossom, Weight, WeightedEdge};

/// Up to this many players the whole graph is solved directly.
const FULL_GRAPH_UP_TO: usize = 96;
/// Neighbours on each side in pairing order, and around the ideal partner in a score group.
const WINDOW: usize = 12;
/// Edges added per vertex and round of checking.
const ADD_PER_VERTEX: usize = 3;

pub(super) fn solve<W: Weight>(w: &Weigher<'_, W>, strategy: Strategy) -> Vec<Option<usize>> {
    let n = w.players();
    let v = w.vertex_count();
    if strategy == Strategy::FullGraph || n <= FULL_GRAPH_UP_TO {
        let edges: Vec<WeightedEdge<W>> =
            (0..n).flat_map(|i| (i + 1..v).filter_map(move |j| w.edge(i, j))).collect();
        return EdmondsBlossom::solve_weighted(v, &edges, true);
    }
    let mut in_graph = vec![false; n * v];
    let mut edges = Vec::new();
    let add = |i: usize, j: usize, in_graph: &mut Vec<bool>, edges: &mut Vec<WeightedEdge<W>>| {
        let (i, j) = (i.min(j), i.max(j));
        if i != j && !in_graph[i * v + j] {
            in_graph[i * v + j] = true;
            if let Some(e) = w.edge(i, j) {
                edges.push(e);
            }
        }
    };
    for i in 0..n {
        for j in i + 1..(i + 1 + WINDOW).min(n) {
            add(i, j, &mut in_graph, &mut edges);
        }
        if w.has_bye() {
            add(i, n, &mut in_graph, &mut edges);
        }
    }
    for (_, members) in &w.field.groups {
        let g = members.len();
        for (pos, &i) in members.iter().enumerate() {
            let ideal = pos + g / 2;
            let (lo, hi) = (ideal.saturating_sub(WINDOW / 2).min(g), (ideal + WINDOW / 2 + 1).min(g));
            for &j in &members[lo..hi] {
                add(i, j, &mut in_graph, &mut edges);
            }
        }
    }
    loop {
        let (mates, cert) = EdmondsBlossom::solve_certified_weighted(v, &edges);
        let Some(cert) = cert else { return mates };
        // Add, per vertex, the few edges with the most negative reduced cost: adding every
        // violated edge at once would make the graph nearly whole again.
        let mut added = false;
        for i in 0..n {
            let mut worst: Vec<(W, WeightedEdge<W>)> = Vec::new();
            for j in i + 1..v {
                if in_graph[i * v + j] {
                    continue;
                }
                if let Some(e) = w.edge(i, j) {
                    let rc = cert.reduced_cost(i, j, e.weight);
                    if rc < W::ZERO && (worst.len() < ADD_PER_VERTEX || rc < worst[ADD_PER_VERTEX - 1].0) {
                        let at = worst.partition_point(|x| x.0 <= rc);
                        worst.insert(at, (rc, e));
                        worst.truncate(ADD_PER_VERTEX);
                    }
                }
            }
            for (_, e) in worst {
                in_graph[e.a * v + e.b] = true;
                edges.push(e);
                added = true;
            }
        }
        if !added {
            return mates;
        }
    }
}
