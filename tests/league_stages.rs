//! The stage sequence is checked as a whole: what the constructor accepts and what it refuses.

use bitwa::league::*;

fn groups(count: u32, per_group: u32, best_next: u32) -> Stage {
    Stage::Groups(GroupStage {
        count,
        double: false,
        seeding: Seeding::Snake,
        separation: Separation::School,
        qualify: GroupQualify { per_group, best_next },
    })
}

fn knockout(size: u32, from: KnockoutEntry) -> Stage {
    Stage::Knockout(KnockoutStage { size, third_place: true, from })
}

#[test]
fn the_four_presets_are_accepted() {
    let swiss_ko = Stages::swiss_then_knockout(7, Some(8), true).expect("Swiss + knockout");
    assert_eq!(swiss_ko.stages().len(), 2);
    assert_eq!(swiss_ko.knockout().map(|k| k.from), Some(KnockoutEntry::SwissStandings));
    assert!(Stages::swiss_then_knockout(7, None, false).expect("Swiss only").knockout().is_none());
    let final_format =
        Stages::new(vec![groups(4, 2, 0), knockout(8, KnockoutEntry::Crossover)]).expect("final");
    assert_eq!(final_format.opening().draw_rule(), DrawRule::Stands);
    assert_eq!(final_format.stages()[1].draw_rule(), DrawRule::MustBeDecided);
    assert!(Stages::new(vec![groups(4, 2, 0)]).is_ok(), "groups only");
    assert!(Stages::new(vec![groups(3, 2, 2), knockout(8, KnockoutEntry::GroupMatesApart)]).is_ok());
}

#[test]
fn out_of_order_sequences_are_refused_with_the_rule_they_break() {
    let ko = knockout(8, KnockoutEntry::SwissStandings);
    assert_eq!(Stages::new(vec![]), Err(StagesError::Empty));
    assert_eq!(Stages::new(vec![ko]), Err(StagesError::KnockoutFirst));
    assert_eq!(
        Stages::new(vec![Stage::Swiss { rounds: 5 }, ko, Stage::Swiss { rounds: 2 }]),
        Err(StagesError::KnockoutNotLast(2))
    );
    assert_eq!(
        Stages::new(vec![Stage::Swiss { rounds: 5 }, groups(4, 2, 0)]),
        Err(StagesError::SecondOpeningStage(2))
    );
    assert_eq!(Stages::swiss_then_knockout(0, None, false), Err(StagesError::NoRounds));
    assert_eq!(Stages::swiss_then_knockout(5, Some(1), false), Err(StagesError::KnockoutTooSmall(1)));
}

#[test]
fn the_knockout_must_fit_what_the_groups_qualify() {
    assert_eq!(
        Stages::new(vec![groups(4, 2, 0), knockout(16, KnockoutEntry::GroupMatesApart)]),
        Err(StagesError::SizeMismatch { size: 16, qualified: 8 })
    );
    assert_eq!(
        Stages::new(vec![groups(4, 2, 0), knockout(8, KnockoutEntry::SwissStandings)]),
        Err(StagesError::SwissEntryAfterGroups)
    );
    assert_eq!(
        Stages::new(vec![Stage::Swiss { rounds: 5 }, knockout(8, KnockoutEntry::Crossover)]),
        Err(StagesError::GroupEntryAfterSwiss)
    );
    assert_eq!(
        Stages::new(vec![groups(4, 0, 0), knockout(2, KnockoutEntry::GroupMatesApart)]),
        Err(StagesError::NobodyQualifies)
    );
    assert_eq!(
        Stages::new(vec![groups(3, 1, 3), knockout(6, KnockoutEntry::GroupMatesApart)]),
        Err(StagesError::TooManyBestNext { best_next: 3, groups: 3 })
    );
    // Crossover pairs groups A-B, C-D: 3 groups, or best thirds, do not pair.
    for bad in [groups(3, 2, 0), groups(4, 1, 0), groups(4, 2, 1)] {
        let Stage::Groups(g) = bad else { unreachable!() };
        let size = g.count * g.qualify.per_group + g.qualify.best_next;
        assert_eq!(
            Stages::new(vec![bad, knockout(size, KnockoutEntry::Crossover)]),
            Err(StagesError::CrossoverShape),
            "{g:?}"
        );
    }
}

#[test]
fn group_sizes_differ_by_at_most_one_and_stay_within_the_berger_tables() {
    let Stage::Groups(g) = groups(4, 2, 0) else { unreachable!() };
    assert_eq!(g.sizes(16), Ok(vec![4, 4, 4, 4]));
    assert_eq!(g.sizes(18), Ok(vec![5, 5, 4, 4]));
    for players in 12..=64 {
        let sizes = g.sizes(players).expect("sizes");
        assert_eq!(sizes.iter().sum::<u32>(), players);
        assert!(sizes.iter().max().expect("max") - sizes.iter().min().expect("min") <= 1);
    }
    assert_eq!(g.sizes(11), Err(StagesError::GroupSize { players: 11, groups: 4 }));
    assert_eq!(g.sizes(65), Err(StagesError::GroupSize { players: 65, groups: 4 }));
    let Stage::Groups(g) = groups(4, 3, 0) else { unreachable!() };
    assert_eq!(g.sizes(12), Err(StagesError::GroupTooSmallToQualify { qualifying: 3, smallest: 3 }));
}

#[test]
fn a_stored_sequence_is_checked_when_read_back() {
    let s = Stages::new(vec![groups(4, 2, 0), knockout(8, KnockoutEntry::Crossover)]).expect("stages");
    let json = serde_json::to_string(&s).expect("json");
    assert_eq!(serde_json::from_str::<Stages>(&json).expect("read back"), s);
    let bad = json.replace("\"size\":8", "\"size\":6");
    assert!(serde_json::from_str::<Stages>(&bad).is_err(), "{bad}");
}

#[test]
fn groups_are_named_a_to_z_then_two_letters() {
    let names: Vec<String> = [0, 1, 25, 26, 27, 63].iter().map(|&i| GroupLabel(i).to_string()).collect();
    assert_eq!(names, ["A", "B", "Z", "AA", "AB", "BL"]);
}
