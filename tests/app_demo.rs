//! The demo loader (`app::demo`) goes through the use cases the pages call, so what it builds obeys
//! their rules: every round but the last locked with every match decided, the last published with
//! results missing (so it cannot be locked, and no round can be paired after it).

#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "support/day.rs"]
#[allow(dead_code)]
mod day;

use bitwa::app::demo::{DemoSpec, create_on};
use bitwa::app::snapshot::Loaded;
use bitwa::app::{Refusal, rounds};
use bitwa::store::rounds::Status;
use bitwa::store::tournaments::Role;
use day::refusal;

#[tokio::test]
async fn the_demo_obeys_the_rules_of_the_pages() {
    let db = day::fresh_store().await;
    let spec = DemoSpec { players: 10, rounds: 3, complete: false, logged_matches_per_round: 1 };
    let (t, logins) = create_on(&db, &spec, day::first_day()).await.unwrap();
    assert_eq!(logins.len(), 2);
    let data = Loaded::load_id(&db, t).await.unwrap();
    let statuses: Vec<Status> = data.rounds.iter().map(|r| r.status()).collect();
    assert_eq!(statuses, [Status::Locked, Status::Locked, Status::Published]);
    for r in &data.rounds[..2] {
        assert!(data.round_complete(r), "round {} locked with every match decided", r.number);
    }
    let last = &data.rounds[2];
    assert!(!data.round_complete(last));
    let organiser =
        bitwa::store::users::by_username(&db, bitwa::app::demo::ORGANISER.0).await.unwrap().unwrap();
    assert_eq!(
        refusal(rounds::lock(&db, t, last.number, organiser.id).await),
        Refusal::ResultsMissing { round: 3 }
    );
    assert_eq!(
        refusal(rounds::pair_next_swiss_round(&db, t, organiser.id).await),
        Refusal::LockFirst { round: 3 }
    );
    // The first match of each round has a validated move log, the others typed results.
    let logged = data
        .games
        .values()
        .flatten()
        .filter(|g| g.log_status == bitwa::store::games::LogStatus::Valid)
        .count();
    assert!(logged >= 2, "{logged} logged games");
    // Entered as the referee the demo appoints (history says who).
    let referee = bitwa::store::users::by_username(&db, bitwa::app::demo::REFEREE.0).await.unwrap().unwrap();
    assert!(bitwa::store::tournaments::has_role(&db, t, referee.id, Role::Referee).await.unwrap());
}

/// The second demo tournament is the national final's format, part played, through the stages'
/// use cases: four groups of four with one player of each school, two group rounds locked, the
/// third published with results missing (so the stage cannot close).
#[tokio::test]
async fn the_final_demo_is_four_groups_of_four_part_played() {
    use bitwa::app::StageRefusal;
    use bitwa::app::stages::{self, close};
    use bitwa::store::rounds::Phase;
    let db = day::fresh_store().await;
    let today = chrono::NaiveDate::from_ymd_opt(2026, 11, 30).unwrap();
    let t = bitwa::app::demo::create_final_on(&db, today).await.unwrap();
    let data = Loaded::load_id(&db, t).await.unwrap();
    let groups = stages::drawn_groups(&data);
    assert_eq!(groups.iter().map(Vec::len).collect::<Vec<_>>(), vec![4, 4, 4, 4]);
    for g in &groups {
        let mut clubs: Vec<&str> = g.iter().map(|&p| data.player(p).unwrap().club.as_str()).collect();
        clubs.sort_unstable();
        clubs.dedup();
        assert_eq!(clubs.len(), 4, "one player of each school per group");
    }
    let statuses: Vec<(Phase, Status)> = data.rounds.iter().map(|r| (r.phase, r.status)).collect();
    assert_eq!(
        statuses,
        vec![
            (Phase::Groups, Status::Locked),
            (Phase::Groups, Status::Locked),
            (Phase::Groups, Status::Published)
        ]
    );
    assert!(!data.round_complete(&data.rounds[2]));
    let organiser = bitwa::store::users::by_username(&db, "organizator").await.unwrap().unwrap().id;
    assert!(matches!(
        refusal(close::close(&db, t, organiser).await),
        Refusal::Stage(StageRefusal::GroupUnfinished { .. })
    ));
}

/// The demo season reads like a league's (issue 37): varied names (at least 10 surnames in every
/// event of 16 or more entrants), secondary schools, IPN branches by their city.
#[tokio::test]
async fn the_demo_season_has_varied_surnames_secondary_schools_and_ipn_branch_cities() {
    use bitwa::app::demo_season::{SeasonSpec, create_on};
    let db = day::fresh_store().await;
    let today = chrono::NaiveDate::from_ymd_opt(2026, 5, 20).unwrap();
    create_on(&db, SeasonSpec { regions: 2, players_per_event: 16 }, today).await.unwrap();
    let mut events = 0;
    for t in bitwa::store::tournaments::list(&db).await.unwrap() {
        let players = bitwa::store::players::list(&db, t.id).await.unwrap();
        let surnames: std::collections::BTreeSet<&str> =
            players.iter().filter_map(|p| p.name.split(' ').nth(1)).collect();
        let wanted = players.len().min(10);
        assert!(
            surnames.len() >= wanted,
            "{}: {} surnames of {} players: {surnames:?}",
            t.name,
            surnames.len(),
            players.len()
        );
        if players.len() >= 16 {
            assert!(surnames.len() >= 10, "{}: {surnames:?}", t.name);
            events += 1;
        }
        for p in &players {
            assert!(
                p.club.starts_with("Liceum Ogólnokształcące") || p.club.starts_with("Technikum"),
                "a secondary school: {}",
                p.club
            );
            // Named as schools are, by number and city ("… nr 3 we Wrocławiu"), not by a region in
            // brackets.
            assert!(p.club.contains(" nr ") && !p.club.contains('('), "a school's name: {}", p.club);
            assert!(p.club.contains(" w ") || p.club.contains(" we "), "the school's city: {}", p.club);
        }
        assert!(!t.venue.contains("oddział") && !t.venue.contains("Szkoła podstawowa"), "{}", t.venue);
        if t.name.starts_with("Kwalifikacje regionalne") {
            assert!(t.venue.starts_with("Oddział IPN w"), "a branch by its city: {}", t.venue);
        }
    }
    assert!(events >= 2, "events of 16 or more: {events}");
    assert_eq!(bitwa::app::demo_names::ipn_branch("dolnośląskie"), "we Wrocławiu");
}
