//! Matching a registration to a person (issue 20): folded names (case and Polish diacritics
//! ignored) with the same birth date are the same person; the same name with another birth date,
//! or a name one letter apart with the same birth date, is only near and never taken silently.
//! Property tests over seeded random names with diacritics and case.

use bitwa::league::persons::{Found, Known, Near, Nearness, Registry, fold, one_letter_apart};
use chrono::NaiveDate;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{RngCore, SeedableRng};

fn d(y: i32, m: u32, day: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, day).expect("date")
}

fn known(id: i64, name: &str, birth: NaiveDate) -> Known {
    Known { id, name: name.to_string(), birth_date: birth }
}

#[test]
fn lukasz_is_the_same_person_as_lukasz_without_diacritics_or_capitals() {
    let r = Registry::new(vec![known(1, "Łukasz Żółć", d(2009, 3, 4))]);
    assert_eq!(r.find("lukasz zolc", d(2009, 3, 4)), Found::Same(1));
    assert_eq!(r.find("  ŁUKASZ   ŻÓŁĆ ", d(2009, 3, 4)), Found::Same(1));
}

#[test]
fn another_birth_date_or_one_letter_is_only_near() {
    let r =
        Registry::new(vec![known(1, "Anna Nowak", d(2008, 1, 2)), known(2, "Jan Kowalski", d(2009, 5, 6))]);
    assert_eq!(
        r.find("Anna Nowak", d(2008, 2, 1)),
        Found::Near(vec![Near { id: 1, why: Nearness::OtherBirthDate }])
    );
    assert_eq!(
        r.find("Jan Kowalsky", d(2009, 5, 6)),
        Found::Near(vec![Near { id: 2, why: Nearness::OneLetterApart }])
    );
    // One letter apart with another birth date is somebody else.
    assert_eq!(r.find("Jan Kowalsky", d(2009, 5, 7)), Found::New);
    assert_eq!(r.find("Jan Nowak", d(2008, 1, 2)), Found::New);
}

#[test]
fn two_persons_with_one_name_and_birth_date_are_asked_about_not_picked() {
    let r = Registry::new(vec![
        known(3, "Ola Wiśniewska", d(2010, 1, 1)),
        known(7, "Ola Wisniewska", d(2010, 1, 1)),
    ]);
    assert_eq!(
        r.find("ola wiśniewska", d(2010, 1, 1)),
        Found::Near(vec![
            Near { id: 3, why: Nearness::SameNameAndBirthDate },
            Near { id: 7, why: Nearness::SameNameAndBirthDate },
        ])
    );
}

const LETTERS: [&str; 32] = [
    "a", "ą", "b", "c", "ć", "d", "e", "ę", "f", "g", "h", "i", "j", "k", "l", "ł", "m", "n", "ń", "o", "ó",
    "p", "r", "s", "ś", "t", "u", "w", "y", "z", "ź", "ż",
];

fn name(rng: &mut ChaCha8Rng) -> String {
    let (a, b) = (3 + rng.next_u32() % 5, 4 + rng.next_u32() % 7);
    let mut word = |len: u32| -> String {
        (0..len).map(|_| LETTERS[(rng.next_u32() % 32) as usize]).collect::<String>()
    };
    let first = word(a);
    let last = word(b);
    format!("{first} {last}")
}

/// The same name as someone might type it: random capitals, diacritics dropped, extra blanks.
fn retyped(name: &str, rng: &mut ChaCha8Rng) -> String {
    let mut out = String::new();
    for c in name.chars() {
        let c = if rng.next_u32().is_multiple_of(2) {
            fold(&c.to_string()).chars().next().unwrap_or(c)
        } else {
            c
        };
        if c == ' ' {
            out.push_str(if rng.next_u32().is_multiple_of(2) { " " } else { "   " });
        } else if rng.next_u32().is_multiple_of(2) {
            out.extend(c.to_uppercase());
        } else {
            out.push(c);
        }
    }
    format!(" {out} ")
}

/// Replace one letter by another whose base letter differs (so the folded names differ by one).
fn one_letter_changed(name: &str, rng: &mut ChaCha8Rng) -> String {
    let mut chars: Vec<char> = name.chars().collect();
    let letters: Vec<usize> = (0..chars.len()).filter(|&i| chars[i] != ' ').collect();
    let i = letters[(rng.next_u32() as usize) % letters.len()];
    let old = fold(&chars[i].to_string());
    let new = if old == "q" { 'x' } else { 'q' };
    chars[i] = new;
    chars.into_iter().collect()
}

#[test]
fn property_a_retyped_name_is_the_same_person_and_a_changed_one_never_is() {
    let mut rng = ChaCha8Rng::seed_from_u64(20);
    for round in 0..300 {
        let people: Vec<Known> = (0..40)
            .map(|i| {
                known(
                    i,
                    &name(&mut rng),
                    d(2004 + (rng.next_u32() % 8) as i32, 1 + rng.next_u32() % 12, 1 + rng.next_u32() % 28),
                )
            })
            .collect();
        let r = Registry::new(people.clone());
        let p = &people[(rng.next_u32() % 40) as usize];
        // Retyped with other capitals, diacritics and blanks: the same person (names are random,
        // so another person with the same folded name and birth date is practically impossible).
        let typed = retyped(&p.name, &mut rng);
        assert_eq!(
            r.find(&typed, p.birth_date),
            Found::Same(p.id),
            "round {round}: {typed:?} for {:?}",
            p.name
        );
        // Another birth date: near, never the same.
        let other = p.birth_date.succ_opt().expect("date");
        match r.find(&typed, other) {
            Found::Near(near) => {
                assert!(near.contains(&Near { id: p.id, why: Nearness::OtherBirthDate }), "round {round}")
            }
            f => panic!("round {round}: {f:?}"),
        }
        // One letter changed, the same birth date: near, never the same.
        let changed = one_letter_changed(&p.name, &mut rng);
        assert!(one_letter_apart(&fold(&changed), &fold(&p.name)), "{changed:?}");
        match r.find(&changed, p.birth_date) {
            Found::Near(near) => {
                assert!(near.contains(&Near { id: p.id, why: Nearness::OneLetterApart }), "round {round}")
            }
            f => panic!("round {round}: {changed:?} {f:?}"),
        }
    }
}

#[test]
fn property_find_never_returns_same_for_a_different_folded_key() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let people: Vec<Known> = (0..500)
        .map(|i| known(i, &name(&mut rng), d(2006, 1 + rng.next_u32() % 2, 1 + rng.next_u32() % 3)))
        .collect();
    let r = Registry::new(people.clone());
    for _ in 0..2000 {
        let typed = name(&mut rng);
        let birth = d(2006, 1 + rng.next_u32() % 2, 1 + rng.next_u32() % 3);
        match r.find(&typed, birth) {
            Found::Same(id) => {
                let p = &people[usize::try_from(id).expect("id")];
                assert_eq!((fold(&p.name), p.birth_date), (fold(&typed), birth));
            }
            Found::Near(near) => {
                for n in near {
                    let p = &people[usize::try_from(n.id).expect("id")];
                    let (a, b) = (fold(&p.name), fold(&typed));
                    match n.why {
                        Nearness::OtherBirthDate => assert!(a == b && p.birth_date != birth),
                        Nearness::OneLetterApart => {
                            assert!(one_letter_apart(&a, &b) && p.birth_date == birth)
                        }
                        Nearness::SameNameAndBirthDate => assert!(a == b && p.birth_date == birth),
                    }
                }
            }
            Found::New => {
                for p in &people {
                    let (a, b) = (fold(&p.name), fold(&typed));
                    assert!(a != b, "{typed:?} matches {:?}", p.name);
                    assert!(!(p.birth_date == birth && one_letter_apart(&a, &b)));
                }
            }
        }
    }
}
