//! Entries from schools (issue 39) through `app::entries` against a real store (SQLite, or
//! PostgreSQL with `BITWA_TEST_POSTGRES_URL`): the organiser opens entries (cap 3, 2 per school),
//! two schools sign up five pupils, consents arrive online and on paper, a pupil beyond the
//! school's cap waits and is promoted in the withdrawal's transaction, one pupil never consents,
//! the desk leaves one absent, and round 1 pairs exactly the confirmed pupils present. A withdrawn
//! consent erases the pupil everywhere.

#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "support/day.rs"]
#[allow(dead_code)]
mod day;
#[path = "support/text_search.rs"]
mod text_search;

use bitwa::app::entries::{self, consent, desk, open, organiser, school};
use bitwa::app::{Refusal, registration, rounds, tournament};
use bitwa::store::entries::{EntryRefusal, NewPupil, NewSchool, Rules, State};
use bitwa::store::{self, Store};
use chrono::NaiveDate;
use day::{first_day, refusal};

fn d(s: &str) -> NaiveDate {
    NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
}

fn rules() -> Rules {
    Rules {
        deadline: d("2026-05-01"),
        cap: 3,
        per_school: Some(2),
        born_from: 2006,
        born_to: 2012,
        consent_text: "Administratorem danych jest organizator. Cel: udział w turnieju.".into(),
        paper_allowed: true,
        max_schools: 2,
        desk_referees: false,
    }
}

fn school_named(name: &str) -> NewSchool {
    NewSchool {
        name: name.into(),
        town: "Radom".into(),
        region: "mazowieckie".into(),
        teacher: "Ewa Nauczycielska".into(),
        email: "ewa@example.org".into(),
        phone: "600 100 200".into(),
    }
}

fn pupil(name: &str, born: &str) -> NewPupil {
    NewPupil { name: name.into(), birth_date: d(born), class: "2b".into() }
}

fn state_of(all: &[store::entries::Entry], id: i64) -> State {
    all.iter().find(|e| e.id == id).unwrap().state
}

async fn states(db: &Store, t: store::TournamentId) -> Vec<store::entries::Entry> {
    organiser::entries(db, t).await.unwrap().1
}

#[tokio::test]
async fn two_schools_enter_pupils_consents_fill_the_caps_and_round_1_pairs_the_confirmed_present() {
    let url = day::scratch::database_url_named(&day::scratch::fresh_dir("app"), "entries").await;
    let db = store::connect(&url).await.unwrap();
    let by = store::users::create(&db, "organizator", "not-a-hash", false).await.unwrap().unwrap();
    let t = tournament::create(&db, &tournament::default_config(first_day()), by).await.unwrap();
    let today = d("2026-04-20");

    // Not open yet: refused. Opened with caps that cannot hold: refused.
    assert_eq!(
        refusal(school::sign_up(&db, t, &school_named("SP 1"), today, None).await),
        Refusal::Entry(EntryRefusal::NotOpen)
    );
    let bad = Rules { per_school: Some(4), ..rules() };
    assert_eq!(refusal(open::open(&db, t, bad, by, None).await), Refusal::Entry(EntryRefusal::BadRules));
    assert_eq!(open::open(&db, t, rules(), by, None).await.unwrap(), 1, "the consent text's first version");

    let (a, ta) = school::sign_up(&db, t, &school_named("SP 1 Radom"), today, None).await.unwrap();
    let (b, tb) = school::sign_up(&db, t, &school_named("LO 2 Radom"), today, None).await.unwrap();
    assert_ne!(ta, tb);
    assert_eq!(
        refusal(school::sign_up(&db, t, &school_named("SP 3"), today, None).await),
        Refusal::Entry(EntryRefusal::SchoolsFull)
    );
    let sa = school::open(&db, &ta).await.unwrap().unwrap();
    let sb = school::open(&db, &tb).await.unwrap().unwrap();
    assert_eq!((sa.id, sb.id), (a, b));
    assert!(school::open(&db, &"0".repeat(64)).await.unwrap().is_none(), "a guessed link opens nothing");

    let a1 = school::add(&db, &ta, &sa, &pupil("Anna Żółć", "2010-02-03"), today).await.unwrap();
    let a2 = school::add(&db, &ta, &sa, &pupil("Bartek Ąbacki", "2011-03-04"), today).await.unwrap();
    let a3 = school::add(&db, &ta, &sa, &pupil("Celina Ćma", "2009-04-05"), today).await.unwrap();
    let b1 = school::add(&db, &tb, &sb, &pupil("Dawid Dąb", "2010-05-06"), today).await.unwrap();
    let b2 = school::add(&db, &tb, &sb, &pupil("Ewa Ęka", "2012-06-07"), today).await.unwrap();
    // The same pupil again (case and Polish letters aside), a pupil born too early, after the deadline.
    assert_eq!(
        refusal(school::add(&db, &tb, &sb, &pupil("ANNA ZOLC", "2010-02-03"), today).await),
        Refusal::Entry(EntryRefusal::Duplicate)
    );
    assert_eq!(
        refusal(school::add(&db, &tb, &sb, &pupil("Filip Stary", "2003-01-01"), today).await),
        Refusal::Entry(EntryRefusal::NotEligible { from: 2006, to: 2012 })
    );
    assert_eq!(
        refusal(school::add(&db, &tb, &sb, &pupil("Filip Późny", "2010-01-01"), d("2026-05-02")).await),
        Refusal::Entry(EntryRefusal::DeadlinePassed)
    );
    assert!(states(&db, t).await.iter().all(|e| e.state == State::Consent));
    assert!(registration::players(&db, t).await.unwrap().is_empty(), "nothing public before consent");

    // Consents: a1 online, a2 on paper, a3 online (beyond the school's cap: waits), b1 online (the
    // event's third place); b2 never.
    let guardian = |token: &str, id| entries::guardian_token(token, id);
    let (e1, text, version) = consent::open(&db, &guardian(&ta, a1)).await.unwrap().unwrap();
    assert_eq!((e1.id, version), (a1, 1));
    assert!(text.contains("Administratorem danych"));
    assert_eq!(consent::give(&db, &e1, "Maria Żółć", true, false, None).await.unwrap(), State::Confirmed);
    assert_eq!(
        refusal(consent::give(&db, &e1, "Maria Żółć", true, false, None).await),
        Refusal::Entry(EntryRefusal::ConsentGiven)
    );
    assert_eq!(
        refusal(school::declare_paper(&db, &sb, a2, "Jan Ąbacki", d("2026-04-18"), None).await),
        Refusal::NotYours,
        "another school's pupil"
    );
    assert_eq!(
        school::declare_paper(&db, &sa, a2, "Jan Ąbacki", d("2026-04-18"), None).await.unwrap(),
        State::Confirmed
    );
    let (e3, _, _) = consent::open(&db, &guardian(&ta, a3)).await.unwrap().unwrap();
    assert_eq!(consent::give(&db, &e3, "Olga Ćma", false, false, None).await.unwrap(), State::Waiting);
    let (eb1, _, _) = consent::open(&db, &guardian(&tb, b1)).await.unwrap().unwrap();
    assert_eq!(consent::give(&db, &eb1, "Piotr Dąb", true, true, None).await.unwrap(), State::Confirmed);
    assert!(
        consent::open(&db, &guardian(&tb, a1)).await.unwrap().is_none(),
        "a link of another school's token"
    );

    let all = states(&db, t).await;
    let record = all.iter().find(|e| e.id == a2).unwrap();
    assert_eq!(
        (record.how.as_deref(), record.guardian.as_deref(), record.paper_date, record.text_version),
        (Some("paper"), Some("Jan Ąbacki"), Some(d("2026-04-18")), Some(1))
    );
    assert_eq!(all.iter().find(|e| e.id == a1).unwrap().how.as_deref(), Some("online"));
    assert_eq!(
        [a1, a2, a3, b1, b2].map(|id| state_of(&all, id)),
        [State::Confirmed, State::Confirmed, State::Waiting, State::Confirmed, State::Consent]
    );

    // The teacher withdraws a1: a3 takes the place in the same transaction.
    assert_eq!(refusal(school::withdraw(&db, &sb, a1, None).await), Refusal::NotYours);
    assert_eq!(school::withdraw(&db, &sa, a1, None).await.unwrap(), vec![a3]);
    let all = states(&db, t).await;
    assert_eq!(
        [a1, a2, a3, b1, b2].map(|id| state_of(&all, id)),
        [State::Withdrawn, State::Confirmed, State::Confirmed, State::Confirmed, State::Consent]
    );
    assert_eq!(refusal(school::withdraw(&db, &sa, a1, None).await), Refusal::Entry(EntryRefusal::Closed));

    // The desk: a2 and a3 came, b1 did not; b2 (no consent) cannot be ticked.
    desk::check_in(&db, t, a2, true, by).await.unwrap();
    desk::check_in(&db, t, a3, true, by).await.unwrap();
    assert_eq!(
        refusal(desk::check_in(&db, t, b2, true, by).await),
        Refusal::Entry(EntryRefusal::NotConfirmed)
    );
    let players = desk::seat(&db, t, by).await.unwrap();
    assert_eq!(players.len(), 2);
    let names: Vec<String> =
        registration::players(&db, t).await.unwrap().into_iter().map(|p| p.name).collect();
    // Neither guardian consented to publishing the name: the players are known by initials.
    assert_eq!(names, ["B. Ą.", "C. Ć."]);
    assert_eq!(state_of(&states(&db, t).await, b1), State::Absent);
    // Seated: a tick is not taken back (a latecomer's tick is the HTTP test's, entries_desk).
    assert_eq!(refusal(desk::check_in(&db, t, a2, false, by).await), Refusal::Entry(EntryRefusal::Seated));
    assert_eq!(refusal(desk::seat(&db, t, by).await), Refusal::Entry(EntryRefusal::Seated));

    // Round 1 pairs exactly the two present.
    assert_eq!(rounds::pair_next_swiss_round(&db, t, by).await.unwrap(), 1);
    let round = rounds::by_number(&db, t, 1).await.unwrap();
    let matches = store::rounds::matches_of(&db, round.id).await.unwrap();
    assert_eq!(matches.len(), 1);
    let mut paired = vec![Some(matches[0].player_a), matches[0].player_b];
    paired.sort();
    let mut expected: Vec<_> = players.iter().copied().map(Some).collect();
    expected.sort();
    assert_eq!(paired, expected);

    // Celina's guardian withdraws consent: her entry is withdrawn, and her data erased everywhere
    // (the consent record kept under a pseudonym, as the proof).
    let (e3, _, _) = consent::open(&db, &guardian(&ta, a3)).await.unwrap().unwrap();
    consent::withdraw(&db, &e3, today, by, None).await.unwrap();
    let found = text_search::holding(&url, &["Celina", "Ćma", "2009-04-05"]).await;
    assert!(found.is_empty(), "her data is still stored: {found:?}");
    let after = states(&db, t).await;
    let gone = after.iter().find(|e| e.id == a3).unwrap();
    assert_eq!(gone.state, State::Withdrawn);
    assert!(gone.name.starts_with("Anonim"));

    // Dawid, absent at the desk, is named in the history's line about it; his guardian withdraws
    // consent: erased everywhere, that line included (it names his pseudonym now).
    let absent_line = |h: &[store::history::Recorded]| {
        h.iter()
            .find_map(|r| match &r.change {
                store::history::Change::EntryAbsent { entry, name, .. } if *entry == b1 => Some(name.clone()),
                _ => None,
            })
            .expect("the absent entry's history line")
    };
    assert_eq!(absent_line(&store::history::for_tournament(&db, t).await.unwrap()), "Dawid Dąb");
    let (eb1, _, _) = consent::open(&db, &guardian(&tb, b1)).await.unwrap().unwrap();
    consent::withdraw(&db, &eb1, today, by, None).await.unwrap();
    let found = text_search::holding(&url, &["Dawid", "Dąb", "2010-05-06"]).await;
    assert!(found.is_empty(), "his data is still stored: {found:?}");
    assert_eq!(absent_line(&store::history::for_tournament(&db, t).await.unwrap()), format!("Anonim Z{b1}"));
}

/// Issue 39 item 6 with issue 36's rule: a pupil seated from the entries is linked to the person
/// registry without asking only when the exact match (name and birth date, case and Polish letters
/// aside) already plays in this season's events of the same region; the same pupil entered in
/// another region's event becomes a person of their own, and that event's look-alike list shows
/// the pair for the organiser to confirm.
#[tokio::test]
async fn a_pupil_seated_in_another_regions_event_is_asked_about_and_in_the_same_region_linked() {
    use bitwa::app::{persons, season};
    use bitwa::league::season::{Eligibility, QualificationRule, SeasonDraft};

    let url = day::scratch::database_url_named(&day::scratch::fresh_dir("app"), "entries-regions").await;
    let db = store::connect(&url).await.unwrap();
    let by = store::users::create(&db, "koordynator", "not-a-hash", true).await.unwrap().unwrap();
    let draft = SeasonDraft::with_defaults(
        "Liga 2026",
        d("2026-04-01"),
        d("2026-06-30"),
        "builtin",
        Eligibility::BirthYears { from: 2006, to: 2012 },
    );
    let s = season::create(&db, draft, by).await.unwrap();
    let stored = season::season(&db, s).await.unwrap();
    let (level, here, there) = (stored.levels[0], stored.regions[0], stored.regions[1]);
    let one = QualificationRule { places: 1, per_school: None };
    let event = |name: &'static str, region| {
        let db = db.clone();
        async move {
            let cfg = store::tournaments::TournamentConfig {
                name: name.into(),
                ..tournament::default_config(first_day())
            };
            let t = tournament::create(&db, &cfg, by).await.unwrap();
            season::add_event(&db, s, t, level, Some(region), one).await.unwrap();
            t
        }
    };
    let radom = event("Eliminacje Radom", here).await;
    let plock = event("Eliminacje Płock", there).await;
    let siedlce = event("Eliminacje Siedlce", here).await;

    // One pupil entered by a school, consented, checked in and seated: the player made.
    let today = d("2026-04-20");
    let seated = |t: store::TournamentId, name: &'static str| {
        let db = db.clone();
        async move {
            let open_rules = Rules { cap: 10, per_school: None, max_schools: 5, ..rules() };
            open::open(&db, t, open_rules, by, None).await.unwrap();
            let (_, token) = school::sign_up(&db, t, &school_named("LO 1 Radom"), today, None).await.unwrap();
            let sc = school::open(&db, &token).await.unwrap().unwrap();
            let id = school::add(&db, &token, &sc, &pupil(name, "2010-02-03"), today).await.unwrap();
            let (e, _, _) = consent::open(&db, &entries::guardian_token(&token, id)).await.unwrap().unwrap();
            assert_eq!(
                consent::give(&db, &e, "Maria Żółć", true, true, None).await.unwrap(),
                State::Confirmed
            );
            desk::check_in(&db, t, id, true, by).await.unwrap();
            let players = desk::seat(&db, t, by).await.unwrap();
            assert_eq!(players.len(), 1);
            persons::of_player(&db, players[0]).await.unwrap().expect("a person")
        }
    };
    let first = seated(radom, "Anna Żółć").await;
    // The same region: the exact match (case and Polish letters aside) is linked.
    assert_eq!(seated(siedlce, "ANNA ZOLC").await, first, "the same region links the same person");
    assert!(persons::near_pairs(&db, siedlce).await.unwrap().is_empty(), "nothing to ask");
    // Another region: not linked without asking (the exact match plays in no event of Płock's region).
    let elsewhere = seated(plock, "Anna Żółć").await;
    assert_ne!(elsewhere, first, "linked across regions without asking");
    let asked = persons::near_pairs(&db, plock).await.unwrap();
    assert!(
        asked.iter().any(|p| p.here.id == elsewhere && p.other.id == first),
        "the look-alike list asks about the pair: {asked:?}"
    );
}
