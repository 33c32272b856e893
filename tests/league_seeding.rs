//! The group draw: the snake's and the pots' structure, the lot, and school separation whenever
//! the seeding allows it (property tests over seeded random fields).

use bitwa::league::round_robin::seeding::*;
use bitwa::league::{PlayerId, Seeding};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{RngCore, SeedableRng};

/// Seeds 1..=n as players 1..=n (seed order), schools from `school`.
fn field(n: u32, school: impl Fn(u32) -> Option<i64>) -> Vec<SeedEntry> {
    (1..=n)
        .map(|s| SeedEntry { player: PlayerId(i64::from(s)), affiliation: school(s).map(Affiliation) })
        .collect()
}

fn seeds(group: &[PlayerId]) -> Vec<i64> {
    group.iter().map(|p| p.0).collect()
}

fn group_of(draw: &GroupDraw, player: i64) -> usize {
    draw.groups.iter().position(|g| g.contains(&PlayerId(player))).expect("drawn")
}

#[test]
fn a_snake_of_16_in_4_groups_gives_a_seeds_1_8_9_16() {
    let d = draw_groups(&field(16, |_| None), 4, Seeding::Snake, false, 0).expect("draw");
    let got: Vec<Vec<i64>> = d.groups.iter().map(|g| seeds(g)).collect();
    assert_eq!(got, vec![vec![1, 8, 9, 16], vec![2, 7, 10, 15], vec![3, 6, 11, 14], vec![4, 5, 12, 13]]);
    assert_eq!(d.lot_seed, None, "a snake draws no lot");
    assert!(d.clashes.is_empty());
}

#[test]
fn every_snake_deals_rows_forth_and_back() {
    for n in 3..=70u32 {
        for g in 1..=8u32 {
            let d = draw_groups(&field(n, |_| None), g, Seeding::Snake, false, 0).expect("draw");
            for s in 1..=n {
                let (tier, pos) = ((s - 1) / g, (s - 1) % g);
                let want = if tier % 2 == 0 { pos } else { g - 1 - pos };
                assert_eq!(group_of(&d, i64::from(s)), want as usize, "{n} in {g}: seed {s}");
            }
        }
    }
}

#[test]
fn pots_give_each_group_one_player_of_each_pot_and_the_same_seed_the_same_draw() {
    let mut rng = ChaCha8Rng::seed_from_u64(19);
    let mut differs = false;
    for _ in 0..200 {
        let g = 2 + rng.next_u32() % 7;
        let n = g * 2 + rng.next_u32() % (g * 6);
        let seed = rng.next_u64();
        let entries = field(n, |_| None);
        let d = draw_groups(&entries, g, Seeding::Pots, false, seed).expect("draw");
        assert_eq!(d.lot_seed, Some(seed), "the lot's seed is recorded");
        for (pot, members) in (1..=n).collect::<Vec<_>>().chunks(g as usize).enumerate() {
            let mut groups: Vec<usize> = members.iter().map(|&s| group_of(&d, i64::from(s))).collect();
            groups.sort_unstable();
            groups.dedup();
            assert_eq!(groups.len(), members.len(), "pot {pot}: one player a group");
        }
        assert_eq!(draw_groups(&entries, g, Seeding::Pots, false, seed), Ok(d.clone()), "repeatable");
        differs |= draw_groups(&entries, g, Seeding::Pots, false, seed ^ 1) != Ok(d);
    }
    assert!(differs, "the lot depends on its seed");
}

#[test]
fn a_lot_places_everyone_once_in_groups_differing_by_at_most_one() {
    for seed in 0..50u64 {
        let entries = field(37, |_| None);
        let d = draw_groups(&entries, 5, Seeding::Lot, false, seed).expect("draw");
        let sizes: Vec<usize> = d.groups.iter().map(Vec::len).collect();
        assert!(sizes.iter().max().expect("max") - sizes.iter().min().expect("min") <= 1, "{sizes:?}");
        let mut all: Vec<i64> = d.groups.iter().flat_map(|g| seeds(g)).collect();
        all.sort_unstable();
        assert_eq!(all, (1..=37).collect::<Vec<_>>());
        assert_eq!(draw_groups(&entries, 5, Seeding::Lot, false, seed), Ok(d));
    }
}

/// Whether every group holds one player of each tier (a row of the snake, a pot).
fn tiers_kept(d: &GroupDraw, n: u32, g: u32) {
    for (t, tier) in (1..=n).collect::<Vec<_>>().chunks(g as usize).enumerate() {
        let mut groups: Vec<usize> = tier.iter().map(|&s| group_of(d, i64::from(s))).collect();
        groups.sort_unstable();
        groups.dedup();
        assert_eq!(groups.len(), tier.len(), "tier {t} keeps one player a group");
    }
}

#[test]
fn separation_keeps_every_school_apart_whenever_no_school_outnumbers_the_groups() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut needed = 0;
    for case in 0..400 {
        let g = 2 + rng.next_u32() % 7;
        let n = g * 3 + rng.next_u32() % (g * 5);
        let schools = 1 + rng.next_u32() % n;
        // Random schools, each capped at g players (the bound separation can always meet).
        let mut count = vec![0u32; schools as usize];
        let assigned: Vec<Option<i64>> = (0..n)
            .map(|_| {
                let s = rng.next_u32() % (schools + 1);
                if s == schools || count[s as usize] == g {
                    None
                } else {
                    count[s as usize] += 1;
                    Some(i64::from(s))
                }
            })
            .collect();
        let entries = field(n, |s| assigned[s as usize - 1]);
        for seeding in [Seeding::Snake, Seeding::Pots] {
            let plain = draw_groups(&entries, g, seeding, false, case).expect("draw");
            needed += usize::from(!plain.clashes.is_empty());
            let d = draw_groups(&entries, g, seeding, true, case).expect("draw");
            assert!(d.clashes.is_empty(), "case {case}, {seeding:?}: {:?}", d.clashes);
            tiers_kept(&d, n, g);
            for group in &d.groups {
                let mut seen = std::collections::BTreeSet::new();
                for p in group {
                    if let Some(s) = assigned[p.0 as usize - 1] {
                        assert!(seen.insert(s), "case {case}: school {s} twice in a group");
                    }
                }
            }
        }
        let d = draw_groups(&entries, g, Seeding::Lot, true, case).expect("draw");
        assert!(d.clashes.is_empty(), "case {case}, lot: {:?}", d.clashes);
    }
    assert!(needed > 200, "most fields need separation to keep schools apart ({needed} of 800)");
}

#[test]
fn separation_leaves_a_draw_without_clashes_as_the_seeding_made_it() {
    // Schools 1..=4 for seeds 1-4, 5-8, ...: a snake already keeps them apart.
    let entries = field(16, |s| Some(i64::from((s - 1) / 4)));
    let plain = draw_groups(&entries, 4, Seeding::Snake, false, 0).expect("draw");
    assert!(plain.clashes.is_empty());
    assert_eq!(draw_groups(&entries, 4, Seeding::Snake, true, 0), Ok(plain));
}

#[test]
fn separation_moves_a_player_within_their_row_and_reports_what_it_could_not_keep_apart() {
    // Seeds 1 and 8 are of one school: the snake puts both in A; separation swaps 8 with
    // another player of row 2.
    let entries = field(16, |s| (s == 1 || s == 8).then_some(1));
    let d = draw_groups(&entries, 4, Seeding::Snake, true, 0).expect("draw");
    assert!(d.clashes.is_empty());
    assert_ne!(group_of(&d, 1), group_of(&d, 8));
    tiers_kept(&d, 16, 4);
    // Six players of one school in 4 groups: two groups must hold two of them, and say so.
    let entries = field(16, |s| (s <= 6).then_some(9));
    let d = draw_groups(&entries, 4, Seeding::Snake, true, 0).expect("draw");
    assert_eq!(d.clashes.len(), 2, "{:?}", d.clashes);
    assert!(d.clashes.iter().all(|c| c.players.len() == 2 && c.affiliation == Affiliation(9)));
    let unseparated = draw_groups(&entries, 4, Seeding::Snake, false, 0).expect("draw");
    assert!(unseparated.clashes.iter().map(|c| c.players.len()).sum::<usize>() >= 4);
}

#[test]
fn a_draw_refuses_no_groups_and_a_player_twice() {
    assert_eq!(draw_groups(&field(4, |_| None), 0, Seeding::Snake, false, 0), Err(SeedingError::NoGroups));
    let mut twice = field(4, |_| None);
    twice.push(twice[0]);
    assert_eq!(
        draw_groups(&twice, 2, Seeding::Lot, false, 0),
        Err(SeedingError::DuplicatePlayer(PlayerId(1)))
    );
}
