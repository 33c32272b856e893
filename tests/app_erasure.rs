//! A person erased (issue 41) through `app::erasure` against a real store (SQLite, or PostgreSQL
//! with `BITWA_TEST_POSTGRES_URL`): a pupil who played three closed events of a season and entered
//! an open one is erased on a guardian's request during the season (the open entry withdrawn
//! first); afterwards no column of any table holds their name, surname or birth date, and every
//! stored ranking and result is as before. Only a coordinator of a season they play in erases;
//! after the season only once it is over; the season's retention erases by itself N days after.

#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "support/day.rs"]
#[allow(dead_code)]
mod day;
#[path = "support/text_search.rs"]
mod text_search;

use bitwa::app::season::close;
use bitwa::app::{Refusal, erasure, persons, registration, season, tournament};
use bitwa::league::season::{Eligibility, QualificationRule, SeasonDraft};
use bitwa::store::erasure::Reason;
use bitwa::store::players::{NewPlayer, PersonLink};
use bitwa::store::tournaments::{Role, TournamentConfig};
use bitwa::store::{self, PersonId, SeasonId, Store, TournamentId, UserId};
use chrono::NaiveDate;
use day::{Day, first_day, refusal};

const NAME: &str = "Zofia Tajemnicka";
const SURNAME: &str = "Tajemnicka";
const BORN: &str = "2011-03-17";

fn d(s: &str) -> NaiveDate {
    NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
}

/// The four pupils of every event: Zofia and three others, each with a birth date of their own.
fn pupils() -> Vec<NewPlayer> {
    [
        (NAME, BORN, "SP 12 Radom"),
        ("Adam Abacki", "2010-01-02", "LO 1"),
        ("Beata Babacka", "2010-02-03", "LO 2"),
        ("Cezary Cabacki", "2010-04-05", "LO 3"),
    ]
    .into_iter()
    .map(|(name, born, school)| NewPlayer {
        name: name.into(),
        birth_date: d(born),
        club: school.into(),
        region: String::new(),
        knowledge_score: Some(10),
        age_override: false,
        person: PersonLink::Match,
    })
    .collect()
}

/// A season (1 April to 30 June 2026) of three local eliminations of one region, played (two
/// Swiss rounds) and closed, and the region's regional event, open; every pupil entered in each.
struct Season {
    url: String,
    db: Store,
    id: SeasonId,
    coordinator: UserId,
    referee: UserId,
    closed: Vec<TournamentId>,
    open: TournamentId,
    zofia: PersonId,
}

async fn season_played() -> Season {
    let url = day::scratch::database_url_named(&day::scratch::fresh_dir("app"), "erasure").await;
    let db = store::connect(&url).await.unwrap();
    let coordinator = store::users::create(&db, "koordynator", "not-a-hash", true).await.unwrap().unwrap();
    let referee = store::users::create(&db, "sedzia", "not-a-hash", false).await.unwrap().unwrap();
    let draft = SeasonDraft::with_defaults(
        "Liga 2026",
        d("2026-04-01"),
        d("2026-06-30"),
        "builtin",
        Eligibility::BirthYears { from: 2006, to: 2012 },
    );
    let id = season::create(&db, draft, coordinator).await.unwrap();
    let s = season::season(&db, id).await.unwrap();
    let rule = QualificationRule { places: 1, per_school: None };
    let mut events = Vec::new();
    for (name, level) in [("Eliminacje 1", 0), ("Eliminacje 2", 0), ("Eliminacje 3", 0), ("Kwalifikacje", 1)]
    {
        let cfg = TournamentConfig {
            name: name.into(),
            swiss_rounds: 2,
            knockout_size: 0,
            ..tournament::default_config(first_day())
        };
        let t = tournament::create(&db, &cfg, coordinator).await.unwrap();
        tournament::grant(&db, t, referee, Role::Referee).await.unwrap();
        season::add_event(&db, id, t, s.levels[level], Some(s.regions[0]), rule).await.unwrap();
        let players = registration::register(&db, t, &pupils(), coordinator).await.unwrap();
        events.push(Day { db: db.clone(), t, organiser: coordinator, referee, players });
    }
    let zofia = persons::of_player(&db, events[0].players[0]).await.unwrap().unwrap();
    for day in &events[..3] {
        day.played_round().await;
        day.played_round().await;
        close::close_event(&db, day.t, coordinator).await.unwrap();
    }
    // A reopening's reason names her (the season's log keeps it), then the event closes again.
    close::reopen_event(&db, events[0].t, &format!("sprawdzenie wyniku: {NAME}"), coordinator).await.unwrap();
    close::close_event(&db, events[0].t, coordinator).await.unwrap();
    let closed = events[..3].iter().map(|e| e.t).collect();
    Season { url, db, id, coordinator, referee, closed, open: events[3].t, zofia }
}

/// Every result of the events: (match, forfeit, each game's winner and points), by match.
async fn results(db: &Store, t: TournamentId) -> Vec<String> {
    let data = bitwa::app::snapshot::Loaded::load_id(db, t).await.unwrap();
    let mut out: Vec<String> = data
        .matches
        .iter()
        .map(|m| {
            let games: Vec<String> = data
                .games_of(m.id)
                .iter()
                .map(|g| format!("{:?} {:?} {:?}", g.winner, g.termination, g.red_points))
                .collect();
            format!("{} {:?} {:?} {:?} {games:?}", m.id, m.player_a, m.player_b, m.forfeit())
        })
        .collect();
    out.sort();
    out
}

#[tokio::test]
async fn a_guardians_request_erases_a_pupil_from_every_event_and_every_column_of_the_database() {
    let s = season_played().await;
    let (db, by) = (&s.db, s.coordinator);
    let before = text_search::holding(&s.url, &[NAME, SURNAME, BORN]).await;
    assert!(before.iter().any(|f| f.starts_with("persons.name")), "the search finds her before: {before:?}");
    assert!(before.iter().any(|f| f.starts_with("history.new_value")), "{before:?}");
    assert!(before.iter().any(|f| f.starts_with("season_log.reason")), "{before:?}");
    let mut rankings = Vec::new();
    let mut played = Vec::new();
    for t in &s.closed {
        rankings.push(close::ranking(db, *t).await.unwrap());
        played.push(results(db, *t).await);
    }

    // During the season, asked as "after the season": refused; by the referee: refused.
    let during = d("2026-05-20");
    assert_eq!(
        refusal(erasure::erase(db, s.id, s.zofia, Reason::SeasonOver, during, by).await),
        Refusal::SeasonNotOver
    );
    assert_eq!(
        refusal(erasure::erase(db, s.id, s.zofia, Reason::GuardianRequest, during, s.referee).await),
        Refusal::NotACoordinator
    );
    // The guardian's request: at once, the open entry withdrawn first.
    let erased = erasure::erase(db, s.id, s.zofia, Reason::GuardianRequest, during, by).await.unwrap();
    assert_eq!(erased.pseudonym, format!("Anonim P{}", s.zofia));
    assert_eq!(erased.reason, Reason::GuardianRequest);

    let found = text_search::holding(&s.url, &[NAME, SURNAME, BORN]).await;
    assert!(found.is_empty(), "her data is still stored: {found:?}");
    for t in s.closed.iter().chain([&s.open]) {
        let entry = registration::players(db, *t).await.unwrap().remove(0);
        assert_eq!((entry.name.as_str(), entry.club.as_str()), (erased.pseudonym.as_str(), ""), "{t}");
        assert!(entry.erased());
    }
    let open_entry = registration::players(db, s.open).await.unwrap().remove(0);
    assert!(open_entry.withdrawn, "the open event's entry was withdrawn first");
    // Every stored ranking keeps its places and persons (her school there is gone), every result stays.
    for (i, t) in s.closed.iter().enumerate() {
        let now = close::ranking(db, *t).await.unwrap();
        let school_out = |rows: &[store::seasons::flow::RankingRow]| {
            rows.iter()
                .map(|r| (r.position, r.place, r.player_id, r.person_id, r.eligible))
                .collect::<Vec<_>>()
        };
        assert_eq!(school_out(&now), school_out(&rankings[i]));
        assert!(now.iter().any(|r| r.person_id == s.zofia && r.school.is_empty()));
        assert!(
            now.iter().any(|r| r.person_id != s.zofia && r.school.starts_with("LO")),
            "others' schools stay"
        );
        assert_eq!(results(db, *t).await, played[i]);
    }
    // Logged without the erased data; erasing again is refused as gone.
    let log = erasure::of_season(db, s.id).await.unwrap();
    assert_eq!(log.len(), 1);
    assert_eq!((log[0].person, log[0].reason, log[0].by), (s.zofia, Reason::GuardianRequest, Some(by)));
    assert_eq!(
        refusal(erasure::erase(db, s.id, s.zofia, Reason::GuardianRequest, during, by).await),
        Refusal::PersonGone
    );
    // The other pupils are untouched.
    let adam = registration::players(db, s.open).await.unwrap().remove(1);
    assert_eq!((adam.name.as_str(), adam.birth_date), ("Adam Abacki", d("2010-01-02")));
}

#[tokio::test]
async fn a_coordinator_of_another_season_cannot_erase_and_the_retention_erases_n_days_after() {
    let s = season_played().await;
    let (db, by) = (&s.db, s.coordinator);
    // Another season's coordinator, through their own season: the person is not in it.
    let other = store::users::create(db, "inny", "not-a-hash", false).await.unwrap().unwrap();
    let draft = SeasonDraft::with_defaults(
        "Liga 2027",
        d("2027-04-01"),
        d("2027-06-30"),
        "builtin",
        Eligibility::BirthYears { from: 2007, to: 2013 },
    );
    let theirs = season::create(db, draft, other).await.unwrap();
    let after = d("2026-07-01");
    assert_eq!(
        refusal(erasure::erase(db, s.id, s.zofia, Reason::SeasonOver, after, other).await),
        Refusal::NotACoordinator
    );
    let not_here = erasure::erase(db, theirs, s.zofia, Reason::SeasonOver, after, other).await;
    assert!(
        matches!(not_here, Err(bitwa::app::AppError::Store(store::StoreError::NotFound))),
        "{not_here:?}"
    );

    // Retention: one day after the season's last day. Not on the day after it, on the second.
    assert_eq!(refusal(erasure::set_retention(db, s.id, Some(1), other).await), Refusal::NotACoordinator);
    erasure::set_retention(db, s.id, Some(1), by).await.unwrap();
    assert_eq!(erasure::erase_on(db, s.id, d("2026-06-30")).await.unwrap(), Some(d("2026-07-02")));
    assert_eq!(erasure::retention(db, d("2026-07-01")).await.unwrap(), 0);
    assert_eq!(erasure::retention(db, d("2026-07-02")).await.unwrap(), 4, "the four pupils");
    assert_eq!(erasure::retention(db, d("2026-07-03")).await.unwrap(), 0, "once");
    let found = text_search::holding(&s.url, &[NAME, SURNAME, BORN, "Abacki", "2010-02-03"]).await;
    assert!(found.is_empty(), "data still stored: {found:?}");
    let log = erasure::of_season(db, s.id).await.unwrap();
    assert_eq!(log.len(), 4);
    assert!(log.iter().all(|e| e.reason == Reason::Retention));
}

#[tokio::test]
async fn a_pupil_who_plays_on_in_a_later_season_keeps_only_the_birth_year_in_the_finished_one() {
    let s = season_played().await;
    let (db, by) = (&s.db, s.coordinator);
    // The 2027 season (birth years, so the year is all its eligibility needs): Zofia enters its
    // first event, which runs on past the 2026 season's retention day.
    let draft = SeasonDraft::with_defaults(
        "Liga 2027",
        d("2026-09-01"),
        d("2027-06-30"),
        "builtin",
        Eligibility::BirthYears { from: 2007, to: 2013 },
    );
    let later = season::create(db, draft, by).await.unwrap();
    let l = season::season(db, later).await.unwrap();
    let cfg =
        TournamentConfig { name: "Eliminacje 2027".into(), ..tournament::default_config(d("2026-10-10")) };
    let t = tournament::create(db, &cfg, by).await.unwrap();
    let rule = QualificationRule { places: 1, per_school: None };
    season::add_event(db, later, t, l.levels[0], Some(l.regions[0]), rule).await.unwrap();
    let later_entry = registration::register(db, t, &pupils()[..1], by).await.unwrap()[0];
    // Another season's event: the exact match is asked, not linked (issue 36); the coordinator of
    // both seasons confirms that she is the same person.
    let asked = persons::of_player(db, later_entry).await.unwrap().expect("a person of her own");
    if asked != s.zofia {
        persons::merge(db, s.zofia, asked, by).await.unwrap();
    }
    assert_eq!(persons::of_player(db, later_entry).await.unwrap(), Some(s.zofia), "matched to her person");

    erasure::set_retention(db, s.id, Some(1), by).await.unwrap();
    assert_eq!(erasure::retention(db, d("2026-07-02")).await.unwrap(), 3, "the three other pupils");
    let year = d("2011-01-01");
    let zofia = store::persons::get(db, s.zofia).await.unwrap().unwrap();
    assert_eq!((zofia.name.as_str(), zofia.birth_date, zofia.erased_at.is_none()), (NAME, year, true));
    for t in s.closed.iter().chain([&s.open]) {
        let entry = registration::players(db, *t).await.unwrap().remove(0);
        assert_eq!((entry.name.as_str(), entry.birth_date), (NAME, year), "{t}");
    }
    // The full date stays only with the 2027 entry (its row and its registration's history).
    let later_row = registration::players(db, t).await.unwrap().remove(0);
    assert_eq!(later_row.birth_date, d(BORN));
    let mut found = text_search::holding(&s.url, &[BORN]).await;
    found.sort();
    assert_eq!(found, ["history.new_value: 2011-03-17", "players.birth_date: 2011-03-17"]);
    // Every day after, the task finds nothing more to do, and erases nobody else.
    assert_eq!(erasure::retention(db, d("2026-07-03")).await.unwrap(), 0);
    assert_eq!(store::persons::get(db, s.zofia).await.unwrap().unwrap().birth_date, year);
}
