//! Qualification between stages: the top of each group and the best of the next place, the top
//! of a Swiss, and the two ways into a bracket, crossover and group-mates apart, for 2, 3, 4 and
//! 8 groups.

use bitwa::league::knockout::Slot;
use bitwa::league::qualification::*;
use bitwa::league::round_robin::standings::{GroupRow, GroupStandings, Tie};
use bitwa::league::standings::StandingRow;
use bitwa::league::*;
use std::collections::BTreeMap;

fn player(group: u32, place: u32) -> PlayerId {
    PlayerId(i64::from(1000 * (group + 1) + place))
}

/// A group's standings: `places` rows, match points falling with the place, `matches` each.
fn group(g: u32, places: u32, matches: u32) -> GroupStandings {
    let rows = (1..=places)
        .map(|place| GroupRow {
            rank: place,
            player: player(g, place),
            number: place,
            match_points: HalfPoints(i64::from(2 * (places - place))),
            matches,
            tiebreaks: vec![TiebreakValue { tiebreak: Tiebreak::SonnebornBerger, value: 0 }],
            tie: Tie::None,
        })
        .collect();
    GroupStandings { rows, annulled: vec![] }
}

fn labels(q: &Qualification) -> Vec<String> {
    q.qualifiers.iter().map(|q| q.origin.to_string()).collect()
}

#[test]
fn the_top_of_each_group_go_on_in_seed_order_named_by_group_and_place() {
    let groups: Vec<GroupStandings> = (0..4).map(|g| group(g, 4, 3)).collect();
    let q = from_groups(&groups, GroupQualify { per_group: 2, best_next: 0 }, 0).expect("qualified");
    assert_eq!(labels(&q), ["A1", "B1", "C1", "D1", "A2", "B2", "C2", "D2"]);
    assert_eq!(q.qualifiers[5].player, player(1, 2));
}

#[test]
fn the_best_of_the_next_place_are_compared_per_match_played() {
    // A has 5 players (4 matches), B and C 4 (3 matches). Thirds: A 2.5 points (0.625 a
    // match), B 2 (0.667), C 1.5 (0.5). Per match, B's third is best although A's has more.
    let mut groups = vec![group(0, 5, 4), group(1, 4, 3), group(2, 4, 3)];
    groups[0].rows[2].match_points = HalfPoints(5);
    groups[1].rows[2].match_points = HalfPoints(4);
    groups[2].rows[2].match_points = HalfPoints(3);
    let q = from_groups(&groups, GroupQualify { per_group: 2, best_next: 2 }, 0).expect("qualified");
    assert_eq!(labels(&q), ["A1", "B1", "C1", "A2", "B2", "C2", "B3", "A3"]);
    assert_eq!(q.best_next_lot, None, "separated: no lot");
}

#[test]
fn a_tie_for_the_last_next_place_nothing_separates_goes_to_a_recorded_lot() {
    let groups: Vec<GroupStandings> = (0..4).map(|g| group(g, 4, 3)).collect();
    let qualify = GroupQualify { per_group: 1, best_next: 2 };
    let mut chosen = std::collections::BTreeSet::new();
    for seed in 0..30 {
        let q = from_groups(&groups, qualify, seed).expect("qualified");
        assert!(q.best_next_lot.is_some());
        assert_eq!(from_groups(&groups, qualify, seed), Ok(q.clone()), "the same seed, the same lot");
        chosen.insert(labels(&q)[4..].to_vec());
    }
    assert!(chosen.len() > 1, "the lot depends on its seed: {chosen:?}");
}

#[test]
fn a_group_waiting_for_its_lot_or_too_small_stops_qualification() {
    let mut groups: Vec<GroupStandings> = (0..2).map(|g| group(g, 4, 3)).collect();
    groups[1].rows[1].tie = Tie::NeedsLot;
    groups[1].rows[2].tie = Tie::NeedsLot;
    let two = GroupQualify { per_group: 2, best_next: 0 };
    assert_eq!(from_groups(&groups, two, 0), Err(QualificationError::LotPending(GroupLabel(1))));
    let groups = vec![group(0, 4, 3), group(1, 2, 1)];
    assert_eq!(
        from_groups(&groups, GroupQualify { per_group: 2, best_next: 1 }, 0),
        Err(QualificationError::GroupTooSmall { group: GroupLabel(1), ranked: 2, needed: 3 })
    );
}

/// The first round's places, in bracket order, as origins ("A1"; "bye").
fn layout(b: &QualifiedBracket) -> Vec<String> {
    let origin: BTreeMap<PlayerId, String> =
        b.entries.iter().map(|e| (e.player, e.origin.to_string())).collect();
    b.bracket.rounds[0]
        .iter()
        .flat_map(|m| m.slots)
        .map(|s| match s {
            Slot::Player { id, .. } => origin[&id].clone(),
            _ => "bye".to_string(),
        })
        .collect()
}

/// The earliest round (0 the first) in which two places of a bracket can meet.
fn meeting_round(a: usize, b: usize) -> u32 {
    usize::BITS - 1 - (a ^ b).leading_zeros()
}

/// Every group's players meet no earlier than the latest round a bracket allows.
fn assert_group_mates_apart(b: &QualifiedBracket) {
    let places = layout(b);
    let rounds = places.len().trailing_zeros();
    let mut by_group: BTreeMap<char, Vec<usize>> = BTreeMap::new();
    for (pos, o) in places.iter().enumerate() {
        if o != "bye" {
            by_group.entry(o.chars().next().expect("letter")).or_default().push(pos);
        }
    }
    for (g, pos) in by_group {
        if pos.len() < 2 {
            continue;
        }
        let latest = rounds - (pos.len() as u32).next_power_of_two().trailing_zeros();
        let earliest = pos
            .iter()
            .flat_map(|&a| pos.iter().filter(move |&&b| b > a).map(move |&b| meeting_round(a, b)))
            .min();
        assert_eq!(earliest, Some(latest), "group {g} in {places:?}");
    }
}

fn qualify(groups: u32, per_group: u32, best_next: u32) -> Qualification {
    let standings: Vec<GroupStandings> = (0..groups).map(|g| group(g, 5, 4)).collect();
    from_groups(&standings, GroupQualify { per_group, best_next }, 3).expect("qualified")
}

#[test]
fn a_crossover_plays_a1_b2_b1_a2_and_keeps_group_mates_to_the_final() {
    let b = into_knockout(&qualify(2, 2, 0), KnockoutEntry::Crossover, false, 0).expect("bracket");
    assert_eq!(layout(&b), ["A1", "B2", "B1", "A2"]);
    let b = into_knockout(&qualify(4, 2, 0), KnockoutEntry::Crossover, true, 0).expect("bracket");
    assert_eq!(layout(&b), ["A1", "B2", "D1", "C2", "B1", "A2", "C1", "D2"]);
    assert_group_mates_apart(&b);
    let b = into_knockout(&qualify(8, 2, 0), KnockoutEntry::Crossover, true, 0).expect("bracket");
    let places = layout(&b);
    for pair in places.chunks(2) {
        let (w, r) = (pair[0].as_bytes(), pair[1].as_bytes());
        assert_eq!((w[1], r[1]), (b'1', b'2'), "a winner against a runner-up: {pair:?}");
        assert_eq!((w[0] - b'A') ^ 1, r[0] - b'A', "of the paired group: {pair:?}");
    }
    assert_group_mates_apart(&b);
    // The winner commands Red first.
    let first = b.bracket.rounds[0][0].players().expect("players");
    assert_eq!(first.0, b.entries.iter().find(|e| e.origin.to_string() == "A1").expect("A1").player);
}

#[test]
fn a_crossover_of_three_groups_is_refused() {
    assert_eq!(
        into_knockout(&qualify(3, 2, 0), KnockoutEntry::Crossover, false, 0),
        Err(QualificationError::CrossoverShape)
    );
    assert_eq!(
        into_knockout(&qualify(4, 2, 1), KnockoutEntry::Crossover, false, 0),
        Err(QualificationError::CrossoverShape)
    );
}

#[test]
fn group_mates_apart_meet_as_late_as_the_bracket_allows_for_2_3_4_and_8_groups() {
    for (groups, per_group, best_next) in [
        (2, 2, 0),
        (2, 4, 0),
        (2, 3, 0),
        (3, 2, 0),
        (3, 2, 2),
        (3, 3, 1),
        (4, 2, 0),
        (4, 3, 0),
        (4, 4, 0),
        (8, 2, 0),
        (8, 3, 0),
        (8, 1, 0),
    ] {
        let q = qualify(groups, per_group, best_next);
        let b = into_knockout(&q, KnockoutEntry::GroupMatesApart, true, 0).expect("bracket");
        let places = layout(&b);
        let k = (groups * per_group + best_next) as usize;
        assert_eq!(places.len(), k.next_power_of_two(), "{groups} groups, top {per_group} + {best_next}");
        assert_eq!(places.iter().filter(|p| *p != "bye").count(), k);
        assert_group_mates_apart(&b);
        assert!(
            b.bracket.rounds[0].iter().all(|m| m.players().is_some() || m.winner().is_some()),
            "no bye v bye"
        );
    }
    // And every shape up to 8 groups of top 4 and the best of the next place.
    for groups in 2..=8 {
        for per_group in 1..=4 {
            for best_next in 0..groups {
                let q = qualify(groups, per_group, best_next);
                let b = into_knockout(&q, KnockoutEntry::GroupMatesApart, true, 0).expect("bracket");
                assert_group_mates_apart(&b);
            }
        }
    }
    // The top seeds still go to opposite halves: A1 and B1 meet in the final only.
    let b = into_knockout(&qualify(4, 2, 0), KnockoutEntry::GroupMatesApart, false, 0).expect("bracket");
    let places = layout(&b);
    let at = |o: &str| places.iter().position(|p| p == o).expect("placed");
    assert_eq!(meeting_round(at("A1"), at("B1")), 2);
}

#[test]
fn the_top_of_a_swiss_is_seeded_one_v_k_as_before() {
    let rows: Vec<StandingRow> = (1..=10)
        .map(|r| StandingRow {
            rank: r,
            player: PlayerId(i64::from(50 + r)),
            match_points: HalfPoints(i64::from(20 - r)),
            tiebreaks: vec![],
            seed: r,
            red_side_points: 0,
        })
        .collect();
    let q = from_swiss(&rows, 6);
    assert_eq!(labels(&q), ["1", "2", "3", "4", "5", "6"]);
    let b = into_knockout(&q, KnockoutEntry::SwissStandings, true, 9).expect("bracket");
    assert_eq!(b.bracket, Bracket::from_standings(&rows, 6, true, 9).expect("bracket"));
}

#[path = "support/groups.rs"]
#[allow(dead_code)]
mod groups;

/// Groups of 5, 4, 4, 4 (`support/groups.rs`), each winner and the best three runners-up:
/// D1 (2 of 3, SB 2 / 3²), C2 (2 of 3, SB 1 / 3²), B3 (1.5 of 3, SB 2.75 / 3² = 0.306); A4 (2
/// of 4, SB 4 / 4² = 0.25) stays out. Compared by SB per match alone A4 (4 / 4 = 1) would have
/// gone through before B3 (2.75 / 3 = 0.917), though B3 beat B's winner and A4 beat two players
/// of half A's points: per match of the opponents too, B3 is ahead.
#[test]
fn the_best_runners_up_of_groups_of_five_and_four_compare_per_match_and_per_opponent_s_match() {
    use groups::pid;
    let standings = groups::five_four_four_four();
    let q = from_groups(&standings, GroupQualify { per_group: 1, best_next: 3 }, 0).expect("qualified");
    let players: Vec<PlayerId> = q.qualifiers.iter().map(|q| q.player).collect();
    assert_eq!(players, [pid(0, 1), pid(1, 1), pid(2, 1), pid(3, 2), pid(3, 1), pid(2, 2), pid(1, 3)]);
    assert_eq!(labels(&q), ["A1", "B1", "C1", "D1", "D2", "C2", "B2"]);
    assert_eq!(q.best_next_lot, None);
}
