//! A league season (issue 20, PRODUCT "Season"): its dates and edition, who may play
//! ([`Eligibility`]: birth years, "roczniki 2006-2012", or an age range on a reference date; a
//! tournament outside any season keeps the league's 14 to 20 on its first day,
//! [`super::eligibility`]), its levels in order (local eliminations, regional qualifiers, the
//! national final by default) and its regions (the 16 voivodeships by default), and an event's
//! [`QualificationRule`]: the top Q eligible players of its final ranking, optionally at most C per
//! school, then reserves in ranking order. Pure: the store keeps a season, this decides.

use super::eligibility::{AGE_RANGE, age_on};
use super::ids::PlayerId;
use chrono::{Datelike, NaiveDate};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// The levels of a season by default, in order (PRODUCT "Season").
pub const DEFAULT_LEVELS: [&str; 3] = ["eliminacje lokalne", "kwalifikacje regionalne", "finał ogólnopolski"];

/// The regions of a season by default: Poland's 16 voivodeships, in alphabetical order.
pub const VOIVODESHIPS: [&str; 16] = [
    "dolnośląskie",
    "kujawsko-pomorskie",
    "lubelskie",
    "lubuskie",
    "łódzkie",
    "małopolskie",
    "mazowieckie",
    "opolskie",
    "podkarpackie",
    "podlaskie",
    "pomorskie",
    "śląskie",
    "świętokrzyskie",
    "warmińsko-mazurskie",
    "wielkopolskie",
    "zachodniopomorskie",
];

/// Who may play in a season's events.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "kind")]
pub enum Eligibility {
    /// Born in the years `from..=to` ("roczniki 2006-2012"), whatever the day.
    BirthYears { from: i32, to: i32 },
    /// Aged `min..=max` in whole years on `on` (the league's rule outside a season: 14 to 20 on
    /// the tournament's first day, see [`Eligibility::outside_a_season`]).
    AgeOn { on: NaiveDate, min: i32, max: i32 },
}

/// Why a person may not play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum Ineligible {
    #[error("born in {year}: the season admits {from} to {to}")]
    BirthYear { year: i32, from: i32, to: i32 },
    #[error("{age} years old on {on}: the season admits {min} to {max}")]
    Age { age: i32, on: NaiveDate, min: i32, max: i32 },
}

impl Eligibility {
    /// The league's rule for a tournament outside any season: 14 to 20 on its first day.
    #[must_use]
    pub fn outside_a_season(first_day: NaiveDate) -> Eligibility {
        Eligibility::AgeOn { on: first_day, min: *AGE_RANGE.start(), max: *AGE_RANGE.end() }
    }

    /// Whether someone born on `birth` may play.
    ///
    /// # Errors
    /// [`Ineligible`] with the birth year or the age that is outside.
    pub fn check(self, birth: NaiveDate) -> Result<(), Ineligible> {
        match self {
            Eligibility::BirthYears { from, to } => {
                let year = birth.year();
                if (from..=to).contains(&year) {
                    Ok(())
                } else {
                    Err(Ineligible::BirthYear { year, from, to })
                }
            }
            Eligibility::AgeOn { on, min, max } => {
                let age = age_on(birth, on);
                if (min..=max).contains(&age) { Ok(()) } else { Err(Ineligible::Age { age, on, min, max }) }
            }
        }
    }
}

/// Why a season as typed cannot be kept.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SeasonError {
    #[error("a season needs a name")]
    NoName,
    #[error("the season ends before it starts")]
    EndsBeforeStart,
    #[error("an eligibility range ends before it starts")]
    EmptyEligibility,
    #[error("a season needs at least one level")]
    NoLevels,
    #[error("a level or region without a name")]
    EmptyName,
    #[error("{0:?} is named twice")]
    Twice(String),
}

/// A season: its name, dates, edition (the stored edition's id), who may play, its levels (in
/// order, the last one the final) and its regions. Built only through [`Season::new`], which
/// checks it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Season {
    name: String,
    first_day: NaiveDate,
    last_day: NaiveDate,
    edition: String,
    eligibility: Eligibility,
    levels: Vec<String>,
    regions: Vec<String>,
}

/// A season as typed, before it is checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeasonDraft {
    pub name: String,
    pub first_day: NaiveDate,
    pub last_day: NaiveDate,
    pub edition: String,
    pub eligibility: Eligibility,
    pub levels: Vec<String>,
    pub regions: Vec<String>,
}

impl SeasonDraft {
    /// A season with the default levels and regions.
    #[must_use]
    pub fn with_defaults(
        name: &str,
        first_day: NaiveDate,
        last_day: NaiveDate,
        edition: &str,
        eligibility: Eligibility,
    ) -> SeasonDraft {
        SeasonDraft {
            name: name.to_string(),
            first_day,
            last_day,
            edition: edition.to_string(),
            eligibility,
            levels: DEFAULT_LEVELS.iter().map(ToString::to_string).collect(),
            regions: VOIVODESHIPS.iter().map(ToString::to_string).collect(),
        }
    }
}

/// Trimmed names, none empty and none twice (compared folded: `Łódzkie` is `lodzkie`).
fn names(list: &[String]) -> Result<Vec<String>, SeasonError> {
    let mut seen = HashMap::new();
    let mut out = Vec::with_capacity(list.len());
    for n in list {
        let n = n.trim();
        if n.is_empty() {
            return Err(SeasonError::EmptyName);
        }
        if seen.insert(super::persons::fold(n), ()).is_some() {
            return Err(SeasonError::Twice(n.to_string()));
        }
        out.push(n.to_string());
    }
    Ok(out)
}

impl Season {
    /// # Errors
    /// [`SeasonError`]: no name, dates or an eligibility range the wrong way round, no level, a
    /// level or region empty or named twice.
    pub fn new(d: SeasonDraft) -> Result<Season, SeasonError> {
        let name = d.name.trim().to_string();
        if name.is_empty() {
            return Err(SeasonError::NoName);
        }
        if d.last_day < d.first_day {
            return Err(SeasonError::EndsBeforeStart);
        }
        let empty = match d.eligibility {
            Eligibility::BirthYears { from, to } => to < from,
            Eligibility::AgeOn { min, max, .. } => max < min,
        };
        if empty {
            return Err(SeasonError::EmptyEligibility);
        }
        let levels = names(&d.levels)?;
        if levels.is_empty() {
            return Err(SeasonError::NoLevels);
        }
        let regions = names(&d.regions)?;
        Ok(Season {
            name,
            first_day: d.first_day,
            last_day: d.last_day,
            edition: d.edition,
            eligibility: d.eligibility,
            levels,
            regions,
        })
    }

    #[must_use]
    pub fn name(&self) -> &str {
        &self.name
    }
    #[must_use]
    pub fn first_day(&self) -> NaiveDate {
        self.first_day
    }
    #[must_use]
    pub fn last_day(&self) -> NaiveDate {
        self.last_day
    }
    #[must_use]
    pub fn edition(&self) -> &str {
        &self.edition
    }
    #[must_use]
    pub fn eligibility(&self) -> Eligibility {
        self.eligibility
    }
    /// The levels in order, the first the lowest; the last is the final.
    #[must_use]
    pub fn levels(&self) -> &[String] {
        &self.levels
    }
    #[must_use]
    pub fn regions(&self) -> &[String] {
        &self.regions
    }

    /// The level an event at `level` (0-based) qualifies into; `None` from the final.
    #[must_use]
    pub fn next_level(&self, level: usize) -> Option<usize> {
        (level + 1 < self.levels.len()).then_some(level + 1)
    }

    /// Whether `level` is the final (the last level: its event has no region).
    #[must_use]
    pub fn is_final(&self, level: usize) -> bool {
        level + 1 == self.levels.len()
    }
}

/// An event's qualification rule to the next level: the top `places` (Q) eligible players of its
/// final ranking, at most `per_school` (C) of one school when set, then the reserves in ranking
/// order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct QualificationRule {
    pub places: u32,
    pub per_school: Option<u32>,
}

/// One line of an event's final ranking as qualification reads it, in ranking order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ranked {
    pub player: PlayerId,
    /// The school as registered; an empty one counts as no school (never capped).
    pub school: String,
    /// Whether the season's [`Eligibility`] admits the player.
    pub eligible: bool,
}

/// Why a ranked player is neither a qualifier nor a reserve.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Passed {
    /// The season's eligibility does not admit them.
    Ineligible,
    /// They declined their invitation.
    Declined,
}

/// The outcome of a [`QualificationRule`] over a final ranking.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Qualified {
    /// Who is invited, in ranking order.
    pub qualifiers: Vec<PlayerId>,
    /// Who is invited next, in ranking order, when a qualifier declines (a reserve from a school
    /// that has its C qualifiers comes in only once one of them declines).
    pub reserves: Vec<PlayerId>,
    /// Who is passed over and why, in ranking order.
    pub passed: Vec<(PlayerId, Passed)>,
}

/// Apply the rule to a final ranking (in ranking order), with the players who declined their
/// invitation taken out: each eligible player who did not decline qualifies in turn while places
/// are left and their school has fewer than C qualifiers; every other eligible one is a reserve.
/// Declining a qualifier's place passes it to the next reserve whose school has room.
#[must_use]
pub fn qualify(rule: QualificationRule, ranking: &[Ranked], declined: &[PlayerId]) -> Qualified {
    let mut out = Qualified::default();
    let mut per_school: HashMap<String, u32> = HashMap::new();
    for r in ranking {
        if !r.eligible {
            out.passed.push((r.player, Passed::Ineligible));
            continue;
        }
        if declined.contains(&r.player) {
            out.passed.push((r.player, Passed::Declined));
            continue;
        }
        let school = super::persons::fold(&r.school);
        let full = match (rule.per_school, school.is_empty()) {
            (Some(cap), false) => per_school.get(&school).copied().unwrap_or(0) >= cap,
            _ => false,
        };
        if !full && out.qualifiers.len() < rule.places as usize {
            out.qualifiers.push(r.player);
            if !school.is_empty() {
                *per_school.entry(school).or_default() += 1;
            }
        } else {
            out.reserves.push(r.player);
        }
    }
    out
}

/// Whom an event invites now: the qualifiers of [`qualify`] (with the declined taken out) who hold
/// no invitation yet, in ranking order. Closing an event invites its Q qualifiers; each decline
/// then invites the reserve who moves up (the next one whose school has room).
#[must_use]
pub fn to_invite(
    rule: QualificationRule,
    ranking: &[Ranked],
    declined: &[PlayerId],
    invited: &[PlayerId],
) -> Vec<PlayerId> {
    qualify(rule, ranking, declined).qualifiers.into_iter().filter(|p| !invited.contains(p)).collect()
}

/// How many of the rule's Q places nobody fills (issue 34): Q less the qualifiers [`qualify`]
/// finds with the declined taken out; no eligible reserve is left for the others (or none whose
/// school has room).
#[must_use]
pub fn unfilled(rule: QualificationRule, ranking: &[Ranked], declined: &[PlayerId]) -> u32 {
    let filled = u32::try_from(qualify(rule, ranking, declined).qualifiers.len()).unwrap_or(u32::MAX);
    rule.places.saturating_sub(filled)
}

/// The runs of players sharing a place in `places` (one number per line of `ranking`, equal for
/// players sharing a place), as index ranges, in ranking order; runs of one player left out.
fn shared_runs(places: &[u32]) -> Vec<std::ops::Range<usize>> {
    let mut out = Vec::new();
    let mut start = 0;
    for i in 1..=places.len() {
        if i == places.len() || places[i] != places[start] {
            if i - start > 1 {
                out.push(start..i);
            }
            start = i;
        }
    }
    out
}

/// The shared places (each by its number) of an event's final ranking at which the
/// qualification's cut falls (issue 34, PRODUCT "Group standings": "a lot drawn by the organiser
/// only where a tie decides a qualifying place"): players who share a place and whom the listed
/// order alone would split into qualifiers and others, so that listing them the other way round
/// qualifies someone else. The organiser draws a lot ([`by_lot`]) before the event closes.
/// `places` holds one number per line of `ranking`; `declined` are passed over as [`qualify`]
/// does (a place declined, or taken from another event: a tie among them decides nothing).
#[must_use]
pub fn ties_at_the_cut(
    rule: QualificationRule,
    ranking: &[Ranked],
    places: &[u32],
    declined: &[PlayerId],
) -> Vec<u32> {
    let places = &places[..places.len().min(ranking.len())];
    let listed = qualify(rule, ranking, declined).qualifiers;
    let mut out = Vec::new();
    for run in shared_runs(places) {
        let mut reversed = ranking.to_vec();
        reversed[run.clone()].reverse();
        let mut other = qualify(rule, &reversed, declined).qualifiers;
        let mut same = listed.clone();
        other.sort();
        same.sort();
        if other != same {
            out.push(places[run.start]);
        }
    }
    out
}

/// The final ranking in the order the qualification walks once the organiser's lot (`seed`) is
/// drawn: every run of players sharing a place shuffled by the lot (ChaCha8, seed
/// `lot::derive(seed, place)`, over the run in its listed order: repeatable by anyone), the rest
/// as listed. Every shared place, not only the one at the cut, so that a reserve moving up after
/// a decline follows the same recorded lot.
#[must_use]
pub fn by_lot(ranking: &[Ranked], places: &[u32], seed: u64) -> Vec<Ranked> {
    let places = &places[..places.len().min(ranking.len())];
    let mut out = ranking.to_vec();
    for run in shared_runs(places) {
        let place = u64::from(places[run.start]);
        super::lot::shuffle(super::lot::derive(seed, place), &mut out[run]);
    }
    out
}

/// The season's region a typed name means (a registration form, an import's `region` or
/// `województwo` column): compared folded as persons' names are (`Slaskie` = `śląskie`), with a
/// leading "województwo" or "woj." dropped. `None` for a name that is no region of `regions`.
#[must_use]
pub fn region_named<'a>(regions: &'a [String], typed: &str) -> Option<&'a str> {
    let folded = super::persons::fold(typed);
    let bare = ["wojewodztwo ", "woj. ", "woj "]
        .iter()
        .find_map(|prefix| folded.strip_prefix(prefix))
        .unwrap_or(&folded)
        .trim();
    regions.iter().find(|r| super::persons::fold(r) == bare).map(String::as_str)
}

/// Where an entry of an event comes from, for seeding it by the qualifying events' placings:
/// the level of the event it qualified from (0 the lowest; `None`: no qualifying event, a
/// wildcard or an entry made by hand), its place there and how many that event ranked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Placing<P> {
    pub entry: P,
    pub from: Option<FromEvent>,
}

/// The qualifying event's level, the entry's place there and the event's ranked field.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FromEvent {
    pub level: usize,
    pub place: u32,
    pub field: u32,
}

/// The seed list of an event from its entries' qualifying placings, best first: entries from a
/// higher level first, then the better place, then the larger field (a regional winner of 300
/// before one of 40), then the order given (registration); entries with no qualifying event
/// after all of them, in the order given.
#[must_use]
pub fn seed_by_placings<P: Copy>(entries: &[Placing<P>]) -> Vec<P> {
    let mut ranked: Vec<(usize, &Placing<P>)> = entries.iter().enumerate().collect();
    ranked.sort_by_key(|(i, p)| match p.from {
        Some(f) => (0, std::cmp::Reverse(f.level), f.place, std::cmp::Reverse(f.field), *i),
        None => (1, std::cmp::Reverse(0), 0, std::cmp::Reverse(0), *i),
    });
    ranked.into_iter().map(|(_, p)| p.entry).collect()
}

/// One entry of a person in an event of the season, for the season ranking: the event's level
/// (0 the lowest), the person's place in its stored final ranking (`None` while it is open) and
/// how many that ranking holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SeasonEntry<P, E> {
    pub person: P,
    pub event: E,
    pub level: usize,
    pub place: Option<u32>,
    pub field: u32,
}

/// A person's line of the season ranking: their best entry (the highest level reached, there the
/// best place, a placed entry before one still open, then the larger field) and their rank,
/// shared by persons with the same level and place.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SeasonLine<P, E> {
    pub rank: u32,
    pub best: SeasonEntry<P, E>,
    /// How many of the season's events the person entered.
    pub events: u32,
}

/// The order of two entries, best first.
fn better<P, E>(e: &SeasonEntry<P, E>) -> (std::cmp::Reverse<usize>, bool, u32, std::cmp::Reverse<u32>) {
    (std::cmp::Reverse(e.level), e.place.is_none(), e.place.unwrap_or(0), std::cmp::Reverse(e.field))
}

/// The season ranking: every person once, ordered by the final's placing, then the regional
/// level's, then the local (the highest level first, there by place, a place before none, the
/// larger field first; then the order given, e.g. by name). Ranks are shared by equal level and
/// place (two regional winners are both third after a final of two).
#[must_use]
pub fn season_ranking<P: Copy + Eq + std::hash::Hash, E: Copy>(
    entries: &[SeasonEntry<P, E>],
) -> Vec<SeasonLine<P, E>> {
    let mut best: HashMap<P, (usize, SeasonEntry<P, E>, u32)> = HashMap::new();
    for (i, e) in entries.iter().enumerate() {
        best.entry(e.person)
            .and_modify(|(_, b, n)| {
                *n += 1;
                if better(e) < better(b) {
                    *b = *e;
                }
            })
            .or_insert((i, *e, 1));
    }
    let mut lines: Vec<(usize, SeasonEntry<P, E>, u32)> = best.into_values().collect();
    lines.sort_by_key(|(first, b, _)| (better(b), *first));
    let mut out: Vec<SeasonLine<P, E>> = Vec::with_capacity(lines.len());
    for (i, (_, b, events)) in lines.into_iter().enumerate() {
        let rank = match out.last() {
            Some(prev) if prev.best.level == b.level && prev.best.place == b.place => prev.rank,
            _ => u32::try_from(i + 1).unwrap_or(u32::MAX),
        };
        out.push(SeasonLine { rank, best: b, events });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> NaiveDate {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap_or_default()
    }

    #[test]
    fn birth_years_count_the_year_only_and_ages_reuse_the_league_count() {
        let years = Eligibility::BirthYears { from: 2006, to: 2012 };
        assert_eq!(years.check(d("2006-01-01")), Ok(()));
        assert_eq!(years.check(d("2012-12-31")), Ok(()));
        assert_eq!(
            years.check(d("2005-12-31")),
            Err(Ineligible::BirthYear { year: 2005, from: 2006, to: 2012 })
        );
        let outside = Eligibility::outside_a_season(d("2024-06-15"));
        assert_eq!(outside.check(d("2010-06-15")), Ok(()));
        assert_eq!(
            outside.check(d("2010-06-16")),
            Err(Ineligible::Age { age: 13, on: d("2024-06-15"), min: 14, max: 20 })
        );
    }

    #[test]
    fn a_region_is_found_whatever_its_case_diacritics_or_the_word_wojewodztwo() {
        let regions: Vec<String> = VOIVODESHIPS.iter().map(|r| (*r).to_string()).collect();
        for typed in ["śląskie", "Slaskie", "ŚLĄSKIE", "  slaskie ", "województwo śląskie", "woj. slaskie"]
        {
            assert_eq!(region_named(&regions, typed), Some("śląskie"), "{typed}");
        }
        assert_eq!(region_named(&regions, "Łódzkie"), Some("łódzkie"));
        assert_eq!(region_named(&regions, "lodzkie"), Some("łódzkie"));
        assert_eq!(region_named(&regions, "Mazowsze"), None);
        assert_eq!(region_named(&regions, ""), None);
        // Every default region is found from its own name in capitals without diacritics.
        for r in &regions {
            let shouted = super::super::persons::fold(r).to_uppercase();
            assert_eq!(region_named(&regions, &shouted), Some(r.as_str()));
        }
    }

    #[test]
    fn the_seed_list_takes_the_higher_level_then_the_place_then_the_larger_field() {
        let from = |level, place, field| Some(FromEvent { level, place, field });
        let entries = [
            Placing { entry: 'w', from: None },
            Placing { entry: 'a', from: from(1, 2, 300) },
            Placing { entry: 'b', from: from(1, 1, 40) },
            Placing { entry: 'c', from: from(0, 1, 500) },
            Placing { entry: 'd', from: from(1, 1, 300) },
            Placing { entry: 'e', from: from(1, 2, 300) },
            Placing { entry: 'h', from: None },
        ];
        // By hand: level 1 first (d and b placed 1st: d's field larger; then a and e placed 2nd
        // in equal fields, as registered), then level 0 (c), then the wildcards as registered.
        assert_eq!(seed_by_placings(&entries), ['d', 'b', 'a', 'e', 'c', 'w', 'h']);
        assert!(seed_by_placings::<char>(&[]).is_empty());
    }

    #[test]
    fn the_season_ranking_puts_the_final_first_then_the_regional_then_the_local_placings() {
        let e = |person, event, level, place, field| SeasonEntry { person, event, level, place, field };
        let entries = [
            // Ola: local 1st, regional 2nd, final 3rd. Jan: local 1st, regional 1st, final 1st.
            e("Ola", 1, 0, Some(1), 30),
            e("Jan", 2, 0, Some(1), 20),
            e("Ola", 3, 1, Some(2), 100),
            e("Jan", 3, 1, Some(1), 100),
            e("Ola", 9, 2, Some(3), 16),
            e("Jan", 9, 2, Some(1), 16),
            // Ewa and Piotr: regional only, both 3rd; Ewa of the larger field.
            e("Piotr", 4, 1, Some(3), 50),
            e("Ewa", 3, 1, Some(3), 100),
            // Kuba: local 2nd, then in a regional still open: that regional entry is his best
            // (the higher level), after the placed regionals.
            e("Kuba", 1, 0, Some(2), 30),
            e("Kuba", 5, 1, None, 40),
            // Zosia: local 5th only.
            e("Zosia", 2, 0, Some(5), 20),
        ];
        let got: Vec<_> = season_ranking(&entries)
            .into_iter()
            .map(|l| (l.rank, l.best.person, l.best.level, l.best.place, l.events))
            .collect();
        // By hand.
        assert_eq!(
            got,
            [
                (1, "Jan", 2, Some(1), 3),
                (2, "Ola", 2, Some(3), 3),
                (3, "Ewa", 1, Some(3), 1),
                (3, "Piotr", 1, Some(3), 1),
                (5, "Kuba", 1, None, 2),
                (6, "Zosia", 0, Some(5), 1),
            ]
        );
    }

    fn ranked(players: &[(i64, &str, bool)]) -> Vec<Ranked> {
        players
            .iter()
            .map(|&(p, school, eligible)| Ranked {
                player: PlayerId(p),
                school: school.to_string(),
                eligible,
            })
            .collect()
    }

    #[test]
    fn a_shared_place_across_the_cut_needs_a_lot_and_one_below_or_above_it_does_not() {
        let rule = |places| QualificationRule { places, per_school: None };
        // Places 1, 2, 3-4 (semi-finalists without a third-place match), 5-8, 9.
        let r = ranked(&[
            (1, "", true),
            (2, "", true),
            (3, "", true),
            (4, "", true),
            (5, "", true),
            (6, "", true),
            (7, "", true),
            (8, "", true),
            (9, "", true),
        ]);
        let places = [1, 2, 3, 3, 5, 5, 5, 5, 9];
        assert_eq!(ties_at_the_cut(rule(1), &r, &places, &[]), Vec::<u32>::new());
        assert_eq!(ties_at_the_cut(rule(3), &r, &places, &[]), [3]);
        assert_eq!(ties_at_the_cut(rule(4), &r, &places, &[]), Vec::<u32>::new());
        assert_eq!(ties_at_the_cut(rule(6), &r, &places, &[]), [5]);
        // An ineligible player of the shared place leaves the other the place: no lot.
        let mut one_out = r.clone();
        one_out[3].eligible = false;
        assert_eq!(ties_at_the_cut(rule(3), &one_out, &places, &[]), Vec::<u32>::new());
        // A player of the shared place who declined (or took a place elsewhere) is passed over:
        // the other takes the place whatever the order.
        assert_eq!(ties_at_the_cut(rule(3), &r, &places, &[PlayerId(3)]), Vec::<u32>::new());
        // A school cap: 3 and 4 share a place, 3's school has its one place already (1): 4
        // qualifies whatever the order, so no lot.
        let capped = ranked(&[(1, "X", true), (2, "Y", true), (3, "X", true), (4, "Z", true)]);
        let cap = QualificationRule { places: 3, per_school: Some(1) };
        assert_eq!(ties_at_the_cut(cap, &capped, &[1, 2, 3, 3], &[]), Vec::<u32>::new());
    }

    #[test]
    fn the_lot_orders_every_shared_place_repeatably_and_leaves_the_others() {
        let r = ranked(&[
            (1, "", true),
            (2, "", true),
            (3, "", true),
            (4, "", true),
            (5, "", true),
            (6, "", true),
            (7, "", true),
            (8, "", true),
        ]);
        let places = [1, 2, 3, 3, 5, 5, 5, 5];
        let ids = |v: Vec<Ranked>| v.into_iter().map(|r| r.player.0).collect::<Vec<_>>();
        let a = ids(by_lot(&r, &places, 11));
        assert_eq!(a, ids(by_lot(&r, &places, 11)), "the same seed, the same order");
        assert_eq!(a[..2], [1, 2]);
        let mut semis = a[2..4].to_vec();
        semis.sort_unstable();
        assert_eq!(semis, [3, 4]);
        let mut quarters = a[4..].to_vec();
        quarters.sort_unstable();
        assert_eq!(quarters, [5, 6, 7, 8]);
        // Some seed puts 4 before 3: the lot decides, not the listing.
        assert!((0..64).any(|seed| ids(by_lot(&r, &places, seed))[2] == 4));
        assert!((0..64).any(|seed| ids(by_lot(&r, &places, seed))[2] == 3));
    }
}
