//! The blossom solver against brute force over every matching of small random graphs.

use bitwa::league::matching::{EdmondsBlossom, MatchingSolver, WeightedEdge, matching_weight};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{RngCore, SeedableRng};

/// Best (cardinality, weight) by trying every matching; with `max_cardinality` the size counts first.
fn brute_force(n: usize, edges: &[WeightedEdge], max_cardinality: bool) -> (usize, i128) {
    fn go(
        v: usize,
        used: &mut Vec<bool>,
        adj: &[Vec<(usize, i128)>],
        mc: bool,
        size: usize,
        w: i128,
    ) -> (usize, i128) {
        let n = used.len();
        let mut v = v;
        while v < n && used[v] {
            v += 1;
        }
        if v == n {
            return if mc { (size, w) } else { (0, w) };
        }
        used[v] = true;
        let mut best = go(v + 1, used, adj, mc, size, w);
        for &(u, ew) in &adj[v] {
            if !used[u] {
                used[u] = true;
                best = best.max(go(v + 1, used, adj, mc, size + 1, w + ew));
                used[u] = false;
            }
        }
        used[v] = false;
        best
    }
    let mut adj = vec![Vec::new(); n];
    for e in edges {
        adj[e.a].push((e.b, e.weight));
        adj[e.b].push((e.a, e.weight));
    }
    go(0, &mut vec![false; n], &adj, max_cardinality, 0, 0)
}

fn check_is_matching(n: usize, edges: &[WeightedEdge], mates: &[Option<usize>]) -> usize {
    assert_eq!(mates.len(), n);
    let mut size = 0;
    for (v, m) in mates.iter().enumerate() {
        if let Some(u) = *m {
            assert_eq!(mates[u], Some(v), "mates must be symmetric");
            assert!(edges.iter().any(|e| (e.a == v && e.b == u) || (e.a == u && e.b == v)), "not an edge");
            size += 1;
        }
    }
    size / 2
}

#[test]
fn blossom_matches_brute_force_on_random_small_graphs() {
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    for case in 0..1500 {
        let n = 1 + (rng.next_u32() % 10) as usize;
        let density = 20 + rng.next_u32() % 81;
        let wide = case % 3 == 0;
        let mut edges = Vec::new();
        for a in 0..n {
            for b in a + 1..n {
                if rng.next_u32() % 100 < density {
                    let weight = if wide {
                        (i128::from(rng.next_u64() % 1000) << 80) + i128::from(rng.next_u32() % 7)
                    } else {
                        i128::from(rng.next_u32() % 21) - 5
                    };
                    edges.push(WeightedEdge { a, b, weight });
                }
            }
        }
        for mc in [false, true] {
            let mates = EdmondsBlossom.solve(n, &edges, mc);
            let size = check_is_matching(n, &edges, &mates);
            let got = matching_weight(&edges, &mates);
            let (best_size, best_w) = brute_force(n, &edges, mc);
            assert_eq!(
                got, best_w,
                "case {case} (n={n}, max_cardinality={mc}): weight not optimal; edges {edges:?}"
            );
            if mc {
                assert_eq!(size, best_size, "case {case}: not of maximum cardinality");
            }
        }
    }
}

#[test]
fn blossom_handles_the_classic_blossom_cases() {
    // From the reference implementation's tests: S-blossom, then augmentation through it.
    let e = |a, b, weight| WeightedEdge { a, b, weight };
    let edges = [e(1, 2, 8), e(1, 3, 9), e(2, 3, 10), e(3, 4, 7)];
    assert_eq!(EdmondsBlossom.solve(5, &edges, false), vec![None, Some(2), Some(1), Some(4), Some(3)]);
    let edges = [e(1, 2, 8), e(1, 3, 9), e(2, 3, 10), e(3, 4, 7), e(1, 6, 5), e(4, 5, 6)];
    assert_eq!(
        EdmondsBlossom.solve(7, &edges, false),
        vec![None, Some(6), Some(3), Some(2), Some(5), Some(4), Some(1)]
    );
    // Nested S-blossom, relabelled as T-blossom and expanded.
    let edges = [
        e(1, 2, 19),
        e(1, 3, 20),
        e(1, 8, 8),
        e(2, 3, 25),
        e(2, 4, 18),
        e(3, 5, 18),
        e(4, 5, 13),
        e(4, 7, 7),
        e(5, 6, 7),
    ];
    assert_eq!(
        EdmondsBlossom.solve(9, &edges, false),
        vec![None, Some(8), Some(3), Some(2), Some(7), Some(6), Some(5), Some(4), Some(1)]
    );
    assert!(EdmondsBlossom.solve(0, &[], true).is_empty());
}
