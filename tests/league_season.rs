//! The season's pure model (issue 20): defaults, checks, and an event's qualification rule over a
//! final ranking (top Q eligible, at most C per school, reserves in ranking order), by hand and as
//! properties over seeded random rankings.

use bitwa::league::PlayerId;
use bitwa::league::season::*;
use chrono::NaiveDate;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{RngCore, SeedableRng};
use std::collections::HashMap;

fn d(s: &str) -> NaiveDate {
    NaiveDate::parse_from_str(s, "%Y-%m-%d").expect("date")
}

fn draft() -> SeasonDraft {
    SeasonDraft::with_defaults(
        "Liga 2026/27",
        d("2026-10-01"),
        d("2027-05-31"),
        "builtin",
        Eligibility::BirthYears { from: 2006, to: 2012 },
    )
}

#[test]
fn a_season_has_three_levels_and_the_16_voivodeships_by_default() {
    let s = Season::new(draft()).expect("season");
    assert_eq!(s.levels(), ["eliminacje lokalne", "kwalifikacje regionalne", "finał ogólnopolski"]);
    assert_eq!(s.regions().len(), 16);
    assert!(s.regions().iter().any(|r| r == "łódzkie"));
    assert_eq!(s.next_level(0), Some(1));
    assert_eq!(s.next_level(2), None);
    assert!(s.is_final(2) && !s.is_final(1));
}

#[test]
fn levels_and_regions_are_editable_but_never_empty_or_twice() {
    let mut two = draft();
    two.levels = vec!["kwalifikacje".into(), "finał".into()];
    two.regions = vec!["Warszawa".into(), "Kraków".into()];
    let s = Season::new(two).expect("season");
    assert_eq!(s.levels(), ["kwalifikacje", "finał"]);
    let mut twice = draft();
    twice.regions.push("Łódzkie".into());
    assert_eq!(Season::new(twice), Err(SeasonError::Twice("Łódzkie".into())));
    let mut none = draft();
    none.levels.clear();
    assert_eq!(Season::new(none), Err(SeasonError::NoLevels));
    let mut blank = draft();
    blank.name = "  ".into();
    assert_eq!(Season::new(blank), Err(SeasonError::NoName));
    let mut backwards = draft();
    backwards.eligibility = Eligibility::BirthYears { from: 2012, to: 2006 };
    assert_eq!(Season::new(backwards), Err(SeasonError::EmptyEligibility));
    let mut ends = draft();
    ends.last_day = d("2026-09-30");
    assert_eq!(Season::new(ends), Err(SeasonError::EndsBeforeStart));
}

#[test]
fn an_age_range_is_counted_on_the_reference_date() {
    let e = Eligibility::AgeOn { on: d("2027-01-01"), min: 14, max: 18 };
    assert_eq!(e.check(d("2012-12-31")), Ok(()));
    assert_eq!(
        e.check(d("2008-01-01")),
        Err(Ineligible::Age { age: 19, on: d("2027-01-01"), min: 14, max: 18 })
    );
    assert_eq!(
        e.check(d("2013-01-02")),
        Err(Ineligible::Age { age: 13, on: d("2027-01-01"), min: 14, max: 18 })
    );
}

fn ranked(rows: &[(i64, &str, bool)]) -> Vec<Ranked> {
    rows.iter().map(|&(p, s, e)| Ranked { player: PlayerId(p), school: s.to_string(), eligible: e }).collect()
}

fn ids(v: &[PlayerId]) -> Vec<i64> {
    v.iter().map(|p| p.0).collect()
}

#[test]
fn top_two_at_most_one_per_school_by_hand() {
    // 1 LO1, 2 LO1 (capped), 3 ineligible, 4 SP5, 5 no school, 6 lo1 (the same school, folded).
    let r = ranked(&[
        (1, "LO 1", true),
        (2, "LO 1", true),
        (3, "SP 5", false),
        (4, "SP 5", true),
        (5, "", true),
        (6, "lo 1", true),
    ]);
    let rule = QualificationRule { places: 2, per_school: Some(1) };
    let q = qualify(rule, &r, &[]);
    assert_eq!(ids(&q.qualifiers), [1, 4]);
    assert_eq!(ids(&q.reserves), [2, 5, 6]);
    assert_eq!(q.passed, [(PlayerId(3), Passed::Ineligible)]);
    // 4 declines: the next reserve whose school has room is 5 (2 is still capped by 1).
    let q = qualify(rule, &r, &[PlayerId(4)]);
    assert_eq!(ids(&q.qualifiers), [1, 5]);
    // 1 declines too: LO 1 has room again, so 2 comes in.
    let q = qualify(rule, &r, &[PlayerId(4), PlayerId(1)]);
    assert_eq!(ids(&q.qualifiers), [2, 5]);
    assert_eq!(ids(&q.reserves), [6]);
    // Without a cap: the top two eligible.
    let q = qualify(QualificationRule { places: 2, per_school: None }, &r, &[]);
    assert_eq!(ids(&q.qualifiers), [1, 2]);
    assert_eq!(ids(&q.reserves), [4, 5, 6]);
}

fn random_ranking(rng: &mut ChaCha8Rng) -> Vec<Ranked> {
    let n = 1 + rng.next_u32() % 30;
    (1..=n)
        .map(|p| Ranked {
            player: PlayerId(i64::from(p)),
            school: match rng.next_u32() % 5 {
                0 => String::new(),
                s => format!("Szkoła {s}"),
            },
            eligible: !rng.next_u32().is_multiple_of(6),
        })
        .collect()
}

#[test]
fn property_qualifiers_are_the_greedy_top_within_the_caps_and_everyone_is_accounted_for() {
    let mut rng = ChaCha8Rng::seed_from_u64(2026);
    for round in 0..2000 {
        let ranking = random_ranking(&mut rng);
        let rule = QualificationRule {
            places: rng.next_u32() % 6,
            per_school: (rng.next_u32().is_multiple_of(2)).then(|| 1 + rng.next_u32() % 2),
        };
        let declined: Vec<PlayerId> =
            ranking.iter().filter(|_| rng.next_u32().is_multiple_of(7)).map(|r| r.player).collect();
        let q = qualify(rule, &ranking, &declined);
        let pos = |p: PlayerId| ranking.iter().position(|r| r.player == p).expect("ranked");
        // Everyone once: qualifier, reserve or passed over.
        let mut all: Vec<PlayerId> = q.qualifiers.iter().chain(&q.reserves).copied().collect();
        all.extend(q.passed.iter().map(|(p, _)| *p));
        all.sort();
        let mut expected: Vec<PlayerId> = ranking.iter().map(|r| r.player).collect();
        expected.sort();
        assert_eq!(all, expected, "round {round}");
        // Qualifiers and reserves in ranking order, eligible, not declined.
        for list in [&q.qualifiers, &q.reserves] {
            assert!(list.windows(2).all(|w| pos(w[0]) < pos(w[1])), "round {round}");
            for p in list.iter() {
                assert!(ranking[pos(*p)].eligible && !declined.contains(p), "round {round}");
            }
        }
        assert!(q.qualifiers.len() <= rule.places as usize);
        // At most C per (non-empty) school.
        let mut count: HashMap<String, u32> = HashMap::new();
        for p in &q.qualifiers {
            let s = &ranking[pos(*p)].school;
            if !s.is_empty() {
                *count.entry(s.clone()).or_default() += 1;
            }
        }
        if let Some(cap) = rule.per_school {
            assert!(count.values().all(|&c| c <= cap), "round {round}");
        }
        // Greedy: a reserve ranked above the last qualifier, or any reserve while places are left,
        // is there only because their school was full.
        let last = q.qualifiers.last().map(|p| pos(*p));
        for r in &q.reserves {
            let above = last.is_some_and(|l| pos(*r) < l);
            if above || q.qualifiers.len() < rule.places as usize {
                let s = &ranking[pos(*r)].school;
                let cap = rule.per_school.expect("only a cap keeps a reserve out");
                assert!(!s.is_empty() && count.get(s).copied().unwrap_or(0) >= cap, "round {round}");
            }
        }
        // Without a cap, declining a qualifier invites exactly the first reserve.
        if rule.per_school.is_none()
            && let Some(&first) = q.qualifiers.first()
        {
            let mut more = declined.clone();
            more.push(first);
            let again = qualify(rule, &ranking, &more);
            let mut want: Vec<PlayerId> = q.qualifiers[1..].to_vec();
            want.extend(q.reserves.first().copied());
            want.sort_by_key(|p| pos(*p));
            assert_eq!(again.qualifiers, want, "round {round}");
        }
    }
}

#[test]
fn each_decline_invites_only_the_reserve_who_moves_up_by_hand() {
    // 1 LO1, 2 LO1, 3 ineligible, 4 SP5, 5 SP5, 6 no school; 2 places, at most 1 per school.
    let r = ranked(&[
        (1, "LO 1", true),
        (2, "LO 1", true),
        (3, "", false),
        (4, "SP 5", true),
        (5, "SP 5", true),
        (6, "", true),
    ]);
    let rule = QualificationRule { places: 2, per_school: Some(1) };
    // Closing: nobody invited yet, so the two qualifiers.
    assert_eq!(ids(&to_invite(rule, &r, &[], &[])), [1, 4]);
    // Nothing new while both hold their invitations (open or accepted).
    assert!(to_invite(rule, &r, &[], &[PlayerId(1), PlayerId(4)]).is_empty());
    // 4 declines: SP 5's place goes to 5 (the next one whose school has room; 2 is capped by 1).
    assert_eq!(ids(&to_invite(rule, &r, &[PlayerId(4)], &[PlayerId(1)])), [5]);
    // 5 declines too: SP 5 has nobody left, LO 1 is capped, so 6 (no school, never capped).
    assert_eq!(ids(&to_invite(rule, &r, &[PlayerId(4), PlayerId(5)], &[PlayerId(1)])), [6]);
    // 1 declines as well: LO 1 has room again and 2 comes in; 3 never does (ineligible).
    assert_eq!(ids(&to_invite(rule, &r, &[PlayerId(4), PlayerId(5), PlayerId(1)], &[PlayerId(6)])), [2]);
}
