//! Persons across events (issue 20), through `app::persons` and `app::registration` against a real
//! store: the same person (name folded, same birth date) is linked once the organiser confirms it
//! outside every season (issue 36, item 3); near ones are never linked silently; merging then unmerging restores every entry; a person's erasure after the
//! season reaches every entry in every event; who may merge, undo, keep apart and confirm
//! (`authority`, issue 36).

#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "support/day.rs"]
#[allow(dead_code)]
mod day;

use bitwa::app::{Refusal, persons, registration, tournament};
use bitwa::league::persons::{Found, Near, Nearness};
use bitwa::store::persons::{Entry, PersonLink};
use bitwa::store::players::NewPlayer;
use bitwa::store::{self, PersonId, PlayerId, Store, TournamentId, UserId};
use chrono::{Days, NaiveDate};
use day::{Day, first_day, refusal};

#[path = "app_persons/authority.rs"]
mod authority;

fn born(y: i32, m: u32, d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, d).unwrap()
}

fn entry(name: &str, birth: NaiveDate, school: &str, person: PersonLink) -> NewPlayer {
    NewPlayer {
        name: name.into(),
        birth_date: birth,
        club: school.into(),
        region: String::new(),
        knowledge_score: None,
        age_override: false,
        person,
    }
}

async fn event(db: &Store, name: &str, by: UserId) -> TournamentId {
    let cfg = bitwa::store::tournaments::TournamentConfig {
        name: name.into(),
        ..tournament::default_config(first_day())
    };
    tournament::create(db, &cfg, by).await.unwrap()
}

async fn register(db: &Store, t: TournamentId, p: NewPlayer, by: UserId) -> PlayerId {
    registration::register(db, t, &[p], by).await.unwrap()[0]
}

async fn person_of(db: &Store, p: PlayerId) -> PersonId {
    store::persons::of_player(db, p).await.unwrap().expect("every entry has a person")
}

async fn entries(db: &Store, p: PersonId) -> Vec<Entry> {
    persons::entries(db, p).await.unwrap()
}

#[tokio::test]
async fn the_same_name_folded_and_birth_date_outside_every_season_is_one_person_once_confirmed() {
    let day = Day::new(0).await;
    let (db, by) = (&day.db, day.organiser);
    let t2 = event(db, "Kwalifikacje", by).await;
    let t3 = event(db, "Finał", by).await;
    let a = register(db, day.t, entry("Łukasz Żółć", born(2010, 3, 4), "LO 1", PersonLink::Match), by).await;
    let p = person_of(db, a).await;
    // Tournaments of no season (issue 36, item 3): the exact match is a person of its own until
    // the organiser confirms it, and the look-alike list shows the pair.
    let b = register(db, t2, entry("  lukasz ZOLC ", born(2010, 3, 4), "LO 1", PersonLink::Match), by).await;
    let pb = person_of(db, b).await;
    assert_ne!(pb, p, "not linked by itself");
    let pairs = persons::near_pairs(db, t2).await.unwrap();
    assert_eq!(pairs.iter().map(|n| (n.here.id, n.other.id)).collect::<Vec<_>>(), [(pb, p)]);
    // Confirmed (the registration's answer): the same person in every event.
    let c =
        register(db, t3, entry("LUKASZ ZOLC", born(2010, 3, 4), "LO 1", PersonLink::Existing(p)), by).await;
    assert_eq!(person_of(db, c).await, p);
    assert_eq!(
        entries(db, p).await,
        [Entry { tournament_id: day.t, player_id: a }, Entry { tournament_id: t3, player_id: c }]
    );
    let person = persons::person(db, p).await.unwrap();
    assert_eq!((person.name.as_str(), person.school.as_str()), ("Łukasz Żółć", "LO 1"));
}

/// The one rule for an exact match (issue 36, item 3): linked without asking only in a season's
/// event, for a person who already plays in that season's events of the same region.
#[test]
fn an_exact_match_is_linked_without_asking_only_in_the_persons_own_season_and_region() {
    use bitwa::app::authority::links_without_asking;
    use bitwa::store::persons::ExactMatch;
    let m = |season_event, same_season_region| ExactMatch { season_event, same_season_region };
    assert!(links_without_asking(m(true, true)));
    assert!(!links_without_asking(m(true, false)), "another region or season: asked");
    assert!(!links_without_asking(m(false, false)), "outside every season: asked");
}

#[tokio::test]
async fn near_matches_are_found_and_never_linked_silently() {
    let day = Day::new(0).await;
    let (db, by) = (&day.db, day.organiser);
    let t2 = event(db, "Kwalifikacje", by).await;
    let a = register(db, day.t, entry("Anna Nowak", born(2009, 1, 2), "", PersonLink::Match), by).await;
    let pa = person_of(db, a).await;
    let mut registry = persons::registry(db).await.unwrap();
    let found = persons::find_all(
        &mut registry,
        &[
            ("Anna Nowak", born(2009, 2, 1)),
            ("Anna Nowakk", born(2009, 1, 2)),
            ("Anna Nowak", born(2009, 1, 2)),
        ],
    );
    assert_eq!(
        found,
        [
            Found::Near(vec![Near { id: pa.0, why: Nearness::OtherBirthDate }]),
            Found::Near(vec![Near { id: pa.0, why: Nearness::OneLetterApart }]),
            Found::Same(pa.0),
        ]
    );
    // Registered without the organiser's confirmation, a near one is a person of their own.
    let other_day = register(db, t2, entry("Anna Nowak", born(2009, 2, 1), "", PersonLink::Match), by).await;
    let one_letter =
        register(db, t2, entry("Anna Nowakk", born(2009, 1, 2), "", PersonLink::Match), by).await;
    for p in [other_day, one_letter] {
        assert_ne!(person_of(db, p).await, pa);
    }
    // Confirmed, it is that person; kept apart (`New`), a new one even with the same name and date.
    let t3 = event(db, "Finał", by).await;
    let confirmed =
        register(db, t3, entry("Anna Nowak", born(2009, 2, 1), "", PersonLink::Existing(pa)), by).await;
    assert_eq!(person_of(db, confirmed).await, pa);
    let t4 = event(db, "Turniej 4", by).await;
    let apart = register(db, t4, entry("Anna Nowak", born(2009, 1, 2), "", PersonLink::New), by).await;
    assert_ne!(person_of(db, apart).await, pa);
}

#[tokio::test]
async fn merge_then_unmerge_restores_every_entry() {
    let day = Day::new(0).await;
    let (db, by) = (&day.db, day.organiser);
    let t2 = event(db, "Kwalifikacje", by).await;
    let t3 = event(db, "Finał", by).await;
    let a1 =
        register(db, day.t, entry("Jan Kowalski", born(2008, 5, 6), "SP 5", PersonLink::Match), by).await;
    let b2 = register(db, t2, entry("Jan Kowalsky", born(2008, 5, 6), "SP 5", PersonLink::Match), by).await;
    let (pa, pb) = (person_of(db, a1).await, person_of(db, b2).await);
    // The same person in a third event, as the organiser confirmed.
    let b3 =
        register(db, t3, entry("Jan Kowalsky", born(2008, 5, 6), "SP 5", PersonLink::Existing(pb)), by).await;
    assert_ne!(pa, pb);
    let (before_a, before_b) = (entries(db, pa).await, entries(db, pb).await);
    assert_eq!(before_b.len(), 2);

    let m = persons::merge(db, pa, pb, by).await.unwrap();
    assert_eq!(entries(db, pa).await.len(), 3);
    assert!(entries(db, pb).await.is_empty());
    assert_eq!(persons::person(db, pb).await.unwrap().merged_into, Some(pa));
    // A merged person takes no other merge; a new entry confirmed for them goes to the one kept.
    assert_eq!(refusal(persons::merge(db, pb, pa, by).await), Refusal::PersonGone);
    let t4 = event(db, "Turniej 4", by).await;
    let late =
        register(db, t4, entry("Jan Kowalsky", born(2008, 5, 6), "", PersonLink::Existing(pb)), by).await;
    assert_eq!(person_of(db, late).await, pa);

    persons::unmerge(db, m, by).await.unwrap();
    let mut after_a = before_a.clone();
    after_a.push(Entry { tournament_id: t4, player_id: late });
    assert_eq!(entries(db, pa).await, after_a);
    assert_eq!(entries(db, pb).await, before_b);
    assert_eq!(persons::person(db, pb).await.unwrap().merged_into, None);
    assert_eq!(person_of(db, b3).await, pb);
    assert_eq!(refusal(persons::unmerge(db, m, by).await), Refusal::MergeUndone);
    // The log: who merged, what moved, and that it was undone.
    let log = persons::merges(db, pb).await.unwrap();
    assert_eq!(log.len(), 1);
    assert_eq!((log[0].kept, log[0].merged, log[0].by), (pa, pb, Some(by)));
    assert_eq!(log[0].entries, [b2, b3]);
    assert!(log[0].undone_at.is_some());
}

#[tokio::test]
async fn two_persons_of_one_event_or_one_person_twice_are_not_merged() {
    let day = Day::new(0).await;
    let (db, by) = (&day.db, day.organiser);
    let a = register(db, day.t, entry("Ola Lis", born(2010, 1, 1), "", PersonLink::Match), by).await;
    let b = register(db, day.t, entry("Ola Lisa", born(2010, 1, 1), "", PersonLink::Match), by).await;
    let (pa, pb) = (person_of(db, a).await, person_of(db, b).await);
    assert_eq!(refusal(persons::merge(db, pa, pb, by).await), Refusal::PersonsInOneTournament);
    assert_eq!(refusal(persons::merge(db, pa, pa, by).await), Refusal::SamePerson);
    assert_eq!(entries(db, pb).await, [Entry { tournament_id: day.t, player_id: b }]);
}

#[tokio::test]
async fn a_persons_erasure_after_the_season_reaches_every_entry_of_every_event() {
    let day = Day::new(0).await;
    let (db, by) = (&day.db, day.organiser);
    let t2 = event(db, "Kwalifikacje", by).await;
    let a = register(db, day.t, entry("Zofia Tajna", born(2010, 1, 15), "LO 1", PersonLink::Match), by).await;
    let p = person_of(db, a).await;
    // The same person in another event, as the organiser confirmed.
    let b =
        register(db, t2, entry("Zofia Tajna", born(2010, 1, 15), "LO 1", PersonLink::Existing(p)), by).await;
    let during = first_day();
    assert_eq!(refusal(persons::erase(db, p, during, by).await), Refusal::SeasonNotOver);
    assert_eq!(registration::player(db, t2, b).await.unwrap().name, "Zofia Tajna");
    let after = first_day().checked_add_days(Days::new(30)).unwrap();
    persons::erase(db, p, after, by).await.unwrap();
    for (t, e) in [(day.t, a), (t2, b)] {
        let player = registration::player(db, t, e).await.unwrap();
        assert!(player.erased(), "{player:?}");
        assert!(!player.name.contains("Zofia"));
        assert_eq!(player.birth_date, bitwa::store::players::erased_birth_date());
    }
    let person = persons::person(db, p).await.unwrap();
    assert!(person.erased_at.is_some() && !person.name.contains("Zofia") && person.school.is_empty());
    assert_eq!(person.birth_date, bitwa::store::players::erased_birth_date());
    // An erased person is matched by no one.
    let mut registry = persons::registry(db).await.unwrap();
    assert_eq!(persons::find_all(&mut registry, &[("Zofia Tajna", born(2010, 1, 15))]), [Found::New]);
}

#[tokio::test]
async fn two_entries_of_one_name_in_one_event_are_two_persons() {
    let day = Day::new(0).await;
    let (db, by) = (&day.db, day.organiser);
    let twins = [
        entry("Piotr Wójcik", born(2010, 1, 1), "", PersonLink::Match),
        entry("Piotr Wojcik", born(2010, 1, 1), "", PersonLink::Match),
    ];
    let ids = registration::register(db, day.t, &twins, by).await.unwrap();
    let (a, b) = (person_of(db, ids[0]).await, person_of(db, ids[1]).await);
    assert_ne!(a, b);
    // Confirming a person who plays here already is refused, nothing registered.
    let again = entry("Piotr Wójcik", born(2010, 1, 1), "", PersonLink::Existing(a));
    assert_eq!(
        refusal(registration::register(db, day.t, &[again], by).await),
        Refusal::PersonsInOneTournament
    );
    assert_eq!(registration::players(db, day.t).await.unwrap().len(), 2);
}

#[tokio::test]
async fn erasing_an_entry_erases_the_person_once_no_entry_keeps_their_name() {
    let day = Day::new(0).await;
    let (db, by) = (&day.db, day.organiser);
    let t2 = event(db, "Kwalifikacje", by).await;
    let a = register(db, day.t, entry("Zofia Tajna", born(2010, 1, 15), "LO 1", PersonLink::Match), by).await;
    let p = person_of(db, a).await;
    // The same person in another event, as the organiser confirmed.
    let b =
        register(db, t2, entry("Zofia Tajna", born(2010, 1, 15), "LO 1", PersonLink::Existing(p)), by).await;
    let after = first_day().checked_add_days(Days::new(30)).unwrap();
    registration::erase(db, day.t, a, after, by).await.unwrap();
    assert_eq!(persons::person(db, p).await.unwrap().name, "Zofia Tajna", "kept for the other entry");
    registration::erase(db, t2, b, after, by).await.unwrap();
    let person = persons::person(db, p).await.unwrap();
    assert!(person.erased_at.is_some() && !person.name.contains("Zofia"));
}
