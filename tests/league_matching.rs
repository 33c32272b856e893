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

#[test]
fn the_dual_certificate_proves_a_sparse_solution_optimal_or_names_edges_to_add() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut proved = 0;
    for _ in 0..800 {
        let n = 2 + (rng.next_u32() % 9) as usize;
        let mut full = Vec::new();
        for a in 0..n {
            for b in a + 1..n {
                if rng.next_u32() % 100 < 70 {
                    full.push(WeightedEdge { a, b, weight: i128::from(rng.next_u32() % 50) + 1 });
                }
            }
        }
        let (best_size, best) = brute_force(n, &full, false);
        let _ = best_size;
        // On the whole graph, every edge has non-negative reduced cost and the weight is optimal.
        let (mates, cert) = EdmondsBlossom.solve_certified(n, &full);
        let cert = cert.expect("the blossom solver certifies");
        assert_eq!(matching_weight(&full, &mates), best);
        assert!(full.iter().all(|e| cert.admits(e.a, e.b, e.weight)));
        // On a random half: if the certificate admits every left-out edge, the result is optimal.
        let sub: Vec<WeightedEdge> = full.iter().copied().filter(|_| rng.next_u32() % 2 == 0).collect();
        let (mates, cert) = EdmondsBlossom.solve_certified(n, &sub);
        let cert = cert.expect("certified");
        if full.iter().all(|e| cert.admits(e.a, e.b, e.weight)) {
            assert_eq!(matching_weight(&sub, &mates), best, "certified but not optimal");
            proved += 1;
        } else {
            assert!(matching_weight(&sub, &mates) <= best);
        }
    }
    assert!(proved > 50, "only {proved} sparse solutions proved optimal");
}
