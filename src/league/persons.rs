//! One person across a season (issue 20, PRODUCT "Persons"): how a registration finds the person
//! it is. Names are compared folded: lower case, Polish diacritics dropped (`Łukasz` = `lukasz`),
//! blanks collapsed. A registration *is* an existing person when its folded name and birth date
//! are that person's ([`Found::Same`]); it is only *near* one when the folded name is the same and
//! the birth date another, or the birth date the same and the folded names one letter apart (one
//! letter inserted, removed or replaced). A near person is never taken silently: the organiser
//! confirms it or keeps the two apart ([`Found::Near`]). Pure: a function of the registry given.

use chrono::NaiveDate;
use std::collections::HashMap;

/// A name folded for comparison: lower case, the Polish letters with diacritics as their base
/// letters (and the few other Latin ones a Polish school list meets), inner blanks as one space.
#[must_use]
pub fn fold(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    let mut blank = false;
    for c in name.trim().chars().flat_map(char::to_lowercase) {
        if c.is_whitespace() {
            blank = true;
            continue;
        }
        if blank {
            out.push(' ');
            blank = false;
        }
        out.push(base_letter(c));
    }
    out
}

/// A lower-case letter without its diacritic (Polish first; then German, Czech, Slovak,
/// Lithuanian and Ukrainian-Latin letters met on school lists). Others stay as they are.
fn base_letter(c: char) -> char {
    match c {
        'ą' | 'á' | 'à' | 'â' | 'ä' | 'ã' | 'å' | 'ă' => 'a',
        'ć' | 'č' | 'ç' => 'c',
        'ď' => 'd',
        'ę' | 'é' | 'è' | 'ê' | 'ë' | 'ě' | 'ė' => 'e',
        'í' | 'ì' | 'î' | 'ï' | 'į' => 'i',
        'ł' | 'ľ' | 'ĺ' => 'l',
        'ń' | 'ň' | 'ñ' => 'n',
        'ó' | 'ò' | 'ô' | 'ö' | 'õ' | 'ő' => 'o',
        'ř' | 'ŕ' => 'r',
        'ś' | 'š' | 'ş' => 's',
        'ť' | 'ţ' => 't',
        'ú' | 'ù' | 'û' | 'ü' | 'ů' | 'ű' | 'ų' | 'ū' => 'u',
        'ý' | 'ÿ' => 'y',
        'ź' | 'ż' | 'ž' => 'z',
        other => other,
    }
}

/// Whether two folded names are one letter apart: one letter inserted, removed or replaced
/// (Levenshtein distance exactly 1).
#[must_use]
pub fn one_letter_apart(a: &str, b: &str) -> bool {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let (short, long) = if a.len() <= b.len() { (&a, &b) } else { (&b, &a) };
    match long.len() - short.len() {
        0 => short.iter().zip(long.iter()).filter(|(x, y)| x != y).count() == 1,
        1 => {
            let first = short.iter().zip(long.iter()).position(|(x, y)| x != y).unwrap_or(short.len());
            short[first..] == long[first + 1..]
        }
        _ => false,
    }
}

/// A person of the registry as matching sees them (`id` is the store's, opaque here).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Known {
    pub id: i64,
    pub name: String,
    pub birth_date: NaiveDate,
}

/// Why a person is near a registration, not the same.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Nearness {
    /// The same folded name, another birth date.
    OtherBirthDate,
    /// The same birth date, the folded names one letter apart.
    OneLetterApart,
    /// The same folded name and birth date, but several persons have them (kept apart before).
    SameNameAndBirthDate,
}

/// A person near a registration.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Near {
    pub id: i64,
    pub why: Nearness,
}

/// Who a registration is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Found {
    /// Exactly one person has its folded name and birth date: that person.
    Same(i64),
    /// No such person, but these are near (or several have the same folded name and birth
    /// date): the organiser confirms one or keeps the registration apart. Ordered by id.
    Near(Vec<Near>),
    /// Nobody like it: a new person.
    New,
}

/// The registry indexed for matching many registrations (an import of 400 against a season of
/// 5,000 persons): by folded name and by birth date.
#[derive(Debug, Default)]
pub struct Registry {
    folded: Vec<String>,
    people: Vec<Known>,
    by_name: HashMap<String, Vec<usize>>,
    by_birth: HashMap<NaiveDate, Vec<usize>>,
}

impl Registry {
    #[must_use]
    pub fn new(people: Vec<Known>) -> Registry {
        let mut r = Registry::default();
        for p in people {
            r.add(p);
        }
        r
    }

    /// Add a person (a registration earlier in the same import that becomes a new person).
    pub fn add(&mut self, p: Known) {
        let i = self.people.len();
        let folded = fold(&p.name);
        self.by_name.entry(folded.clone()).or_default().push(i);
        self.by_birth.entry(p.birth_date).or_default().push(i);
        self.folded.push(folded);
        self.people.push(p);
    }

    #[must_use]
    pub fn len(&self) -> usize {
        self.people.len()
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.people.is_empty()
    }

    /// Who `name`, born `birth_date`, is.
    #[must_use]
    pub fn find(&self, name: &str, birth_date: NaiveDate) -> Found {
        let key = fold(name);
        let mut same = Vec::new();
        let mut near = Vec::new();
        for &i in self.by_name.get(&key).into_iter().flatten() {
            let p = &self.people[i];
            if p.birth_date == birth_date {
                same.push(p.id);
            } else {
                near.push(Near { id: p.id, why: Nearness::OtherBirthDate });
            }
        }
        if let [id] = same[..] {
            return Found::Same(id);
        }
        for &i in self.by_birth.get(&birth_date).into_iter().flatten() {
            if one_letter_apart(&self.folded[i], &key) {
                near.push(Near { id: self.people[i].id, why: Nearness::OneLetterApart });
            }
        }
        // Several persons with the same name and birth date (kept apart before): which one is asked.
        near.extend(same.into_iter().map(|id| Near { id, why: Nearness::SameNameAndBirthDate }));
        near.sort();
        near.dedup_by_key(|n| n.id);
        if near.is_empty() { Found::New } else { Found::Near(near) }
    }
}

impl Registry {
    /// The persons near `id` (a person of the registry, `name` born `birth_date`), never `id`
    /// itself: the same folded name with another birth date, the same birth date one letter
    /// apart, or the same folded name and birth date (a person twice). The coordinator's list of
    /// near-duplicate persons across the whole registry. Ordered by id.
    #[must_use]
    pub fn near_of(&self, id: i64, name: &str, birth_date: NaiveDate) -> Vec<Near> {
        let key = fold(name);
        let mut near = Vec::new();
        for &i in self.by_name.get(&key).into_iter().flatten() {
            let p = &self.people[i];
            if p.id == id {
                continue;
            }
            let why = if p.birth_date == birth_date {
                Nearness::SameNameAndBirthDate
            } else {
                Nearness::OtherBirthDate
            };
            near.push(Near { id: p.id, why });
        }
        for &i in self.by_birth.get(&birth_date).into_iter().flatten() {
            if self.people[i].id != id && one_letter_apart(&self.folded[i], &key) {
                near.push(Near { id: self.people[i].id, why: Nearness::OneLetterApart });
            }
        }
        near.sort();
        near.dedup_by_key(|n| n.id);
        near
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folding_drops_case_diacritics_and_extra_blanks() {
        assert_eq!(fold("Łukasz"), "lukasz");
        assert_eq!(fold("  ŻÓŁĆ  Gęślą  Jaźń "), "zolc gesla jazn");
        assert_eq!(fold("Anna-Maria Śliwińska"), "anna-maria sliwinska");
    }

    #[test]
    fn one_letter_apart_is_levenshtein_one() {
        assert!(one_letter_apart("jan kowalski", "jan kowalsky"));
        assert!(one_letter_apart("jan kowalski", "jan kowalsk"));
        assert!(one_letter_apart("jan kowalski", "jan kowallski"));
        assert!(!one_letter_apart("jan kowalski", "jan kowalski"));
        assert!(!one_letter_apart("jan kowalski", "jna kowalski"));
        assert!(!one_letter_apart("ab", "abcd"));
    }

    #[test]
    fn near_of_a_person_finds_the_others_never_themselves() {
        let d = |s: &str| NaiveDate::parse_from_str(s, "%Y-%m-%d").expect("date");
        let known = |id, name: &str, born| Known { id, name: name.into(), birth_date: d(born) };
        let r = Registry::new(vec![
            known(1, "Łukasz Żak", "2010-01-01"),
            known(2, "lukasz zak", "2010-02-02"),
            known(3, "Łukasz Żal", "2010-01-01"),
            known(4, "Łukasz Żak", "2010-01-01"),
            known(5, "Anna Nowak", "2010-01-01"),
        ]);
        let ids = |v: Vec<Near>| v.into_iter().map(|n| (n.id, n.why)).collect::<Vec<_>>();
        assert_eq!(
            ids(r.near_of(1, "Łukasz Żak", d("2010-01-01"))),
            [
                (2, Nearness::OtherBirthDate),
                (3, Nearness::OneLetterApart),
                (4, Nearness::SameNameAndBirthDate)
            ]
        );
        assert_eq!(ids(r.near_of(5, "Anna Nowak", d("2010-01-01"))), []);
    }
}
