//! Edition benchmark (`cargo bench --bench edition`): what an organiser's upload costs the server,
//! checking an edition's five files (CSV parsing, every cell, every rulebook fact), and what the
//! service's edition cache saves on each later request (the first use after a restart parses the
//! stored files once). Smoke mode (without `--bench`): a few checks, no timing, fails loudly if the
//! shipped files or a broken copy stop behaving.

use bitwa::engine::Edition;
use std::hint::black_box;
use std::time::{Duration, Instant};

fn main() {
    let measure = std::env::args().any(|a| a == "--bench");
    let files = Edition::builtin_files(Edition::builtin().id()).expect("the shipped files");
    // A copy with a typo and two broken facts: the path of a refused upload (every problem collected).
    let broken: Vec<(String, String)> = files
        .iter()
        .map(|(n, c)| {
            let c = c
                .replace("R16A,16 Armia,red,green", "R16A,16 Armia,red,blue")
                .replace("d5,4,5,Warszawa,no,yes", "d5,4,5,Warszawa,no,no")
                .replace("red,9,2 Dywizja Strzelców,green,3", "red,9,2 Dywizja Strzelców,gren,3");
            (n.clone(), c)
        })
        .collect();
    let runs = if measure { 2_000 } else { 3 };
    let mut ok = Vec::with_capacity(runs);
    let mut refused = Vec::with_capacity(runs);
    for _ in 0..runs {
        let t = Instant::now();
        let e = Edition::check_files(black_box(&files));
        ok.push(t.elapsed());
        assert_eq!(e.expect("the shipped edition loads").id(), Edition::builtin().id());
        let t = Instant::now();
        let all = Edition::check_files(black_box(&broken));
        refused.push(t.elapsed());
        assert_eq!(all.expect_err("the broken copy is refused").0.len(), 3, "a typo and two facts");
    }
    if !measure {
        println!(
            "edition benchmark: smoke mode ({runs} checks of the shipped edition and a broken copy); pass --bench to time"
        );
        return;
    }
    let median = |mut v: Vec<Duration>| {
        v.sort();
        v[v.len() / 2]
    };
    let bytes: usize = files.iter().map(|(_, c)| c.len()).sum();
    println!("edition benchmark: {runs} checks each, single thread, {} KiB of CSV", bytes / 1024);
    println!(
        "  valid edition (parse, build, every rulebook fact): median {:.1} µs",
        median(ok).as_secs_f64() * 1e6
    );
    println!(
        "  refused copy (3 problems collected):              median {:.1} µs",
        median(refused).as_secs_f64() * 1e6
    );
}
