//! A stored season (issue 20) through `app::season`: created with its default levels and regions,
//! read back the same; events at a level and region with their qualification rule; the final has
//! no region; who may play follows the season, and outside one the league's 14 to 20.

#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "support/day.rs"]
#[allow(dead_code)]
mod day;

use bitwa::app::{Refusal, season, tournament};
use bitwa::league::season::{Eligibility, QualificationRule, SeasonDraft, SeasonError};
use bitwa::store::StoreError;
use bitwa::store::tournaments::TournamentConfig;
use chrono::NaiveDate;
use day::{Day, first_day, refusal};

fn d(s: &str) -> NaiveDate {
    NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
}

fn draft() -> SeasonDraft {
    SeasonDraft::with_defaults(
        "Liga 2026/27",
        d("2026-04-01"),
        d("2026-06-30"),
        "builtin",
        Eligibility::BirthYears { from: 2006, to: 2012 },
    )
}

#[tokio::test]
async fn a_season_is_stored_with_its_levels_regions_and_events() {
    let day = Day::new(0).await;
    let (db, by) = (&day.db, day.organiser);
    let id = season::create(db, draft(), by).await.unwrap();
    let s = season::season(db, id).await.unwrap();
    assert_eq!(s.season.name(), "Liga 2026/27");
    assert_eq!(s.season.levels(), ["eliminacje lokalne", "kwalifikacje regionalne", "finał ogólnopolski"]);
    assert_eq!(s.season.regions().len(), 16);
    assert_eq!(s.season.eligibility(), Eligibility::BirthYears { from: 2006, to: 2012 });
    assert_eq!((s.levels.len(), s.regions.len()), (3, 16));

    // Outside the season: the league's 14 to 20 on the first day.
    assert_eq!(season::eligibility(db, day.t).await.unwrap(), Eligibility::outside_a_season(first_day()));

    let rule = QualificationRule { places: 2, per_school: Some(1) };
    let (regional, mazowieckie) = (s.levels[1], s.regions[6]);
    season::add_event(db, id, day.t, regional, Some(mazowieckie), rule).await.unwrap();
    assert_eq!(
        season::eligibility(db, day.t).await.unwrap(),
        Eligibility::BirthYears { from: 2006, to: 2012 }
    );
    let final_t = tournament::create(
        db,
        &TournamentConfig { name: "Finał".into(), ..tournament::default_config(first_day()) },
        by,
    )
    .await
    .unwrap();
    // The final has no region; every other level needs one; a level below the final qualifies someone.
    assert_eq!(
        refusal(season::add_event(db, id, final_t, s.levels[2], Some(mazowieckie), rule).await),
        Refusal::FinalHasNoRegion
    );
    let other = tournament::create(
        db,
        &TournamentConfig { name: "Inny".into(), ..tournament::default_config(first_day()) },
        by,
    )
    .await
    .unwrap();
    assert_eq!(refusal(season::add_event(db, id, other, regional, None, rule).await), Refusal::RegionNeeded);
    let none = QualificationRule { places: 0, per_school: None };
    assert_eq!(
        refusal(season::add_event(db, id, other, regional, Some(s.regions[0]), none).await),
        Refusal::NoQualifyingPlaces
    );
    season::add_event(db, id, final_t, s.levels[2], None, rule).await.unwrap();

    let events = season::events(db, id).await.unwrap();
    assert_eq!(events.len(), 2);
    assert_eq!(
        (events[0].tournament_id, events[0].region_id, events[0].rule()),
        (day.t, Some(mazowieckie), rule)
    );
    assert_eq!((events[1].tournament_id, events[1].region_id), (final_t, None));
    assert_eq!(events[1].rule().places, 0, "the final qualifies nobody");

    // One season per tournament (said as such: no 409 for what is no concurrent change); levels
    // of another season are refused.
    let again = season::add_event(db, id, day.t, regional, Some(mazowieckie), rule).await;
    assert_eq!(refusal(again), Refusal::AlreadyAnEvent);
    let second = season::create(db, draft(), by).await.unwrap();
    let theirs = season::season(db, second).await.unwrap();
    assert_eq!(
        refusal(season::add_event(db, id, other, theirs.levels[1], Some(s.regions[0]), rule).await),
        Refusal::NotThisSeason
    );
}

#[tokio::test]
async fn a_season_as_typed_wrongly_is_refused_and_nothing_stored() {
    let day = Day::new(0).await;
    let mut twice = draft();
    twice.levels = vec!["Finał".into(), "finał".into()];
    assert_eq!(
        refusal(season::create(&day.db, twice, day.organiser).await),
        Refusal::Season(SeasonError::Twice("finał".into()))
    );
    let mut edited = draft();
    edited.regions = vec!["Warszawa".into(), "Radzymin".into()];
    let id = season::create(&day.db, edited, day.organiser).await.unwrap();
    assert_eq!(season::season(&day.db, id).await.unwrap().season.regions(), ["Warszawa", "Radzymin"]);
}

/// The qualifiers a rule of 2 places, at most 1 per school, picks from a ranking (by hand: the
/// first eligible player of each school, in ranking order, until two are in), then the reserves.
fn by_hand(
    ranking: &[(bitwa::store::PlayerId, String, bool)],
) -> (Vec<bitwa::store::PlayerId>, Vec<bitwa::store::PlayerId>) {
    let mut schools: Vec<&str> = Vec::new();
    let (mut q, mut reserves) = (Vec::new(), Vec::new());
    for (p, school, eligible) in ranking {
        if !eligible {
            continue;
        }
        if q.len() < 2 && !schools.contains(&school.as_str()) {
            schools.push(school);
            q.push(*p);
        } else {
            reserves.push(*p);
        }
    }
    (q, reserves)
}

#[tokio::test]
async fn an_event_closes_into_invitations_which_are_accepted_declined_and_withdrawn_on_reopening() {
    use bitwa::app::season::{close, invitations};
    use bitwa::store::players::{NewPlayer, PersonLink};
    use bitwa::store::seasons::flow::{InvitationKind, InvitationState};
    let day = Day::with(0, |c| {
        c.swiss_rounds = 3;
        c.knockout_size = 0;
    })
    .await;
    let (db, by) = (&day.db, day.organiser);
    // Eight players of two schools; the eighth born too early for the season's 2006-2012.
    let new: Vec<NewPlayer> = (1..=8)
        .map(|i| NewPlayer {
            name: format!("Gracz {i}"),
            birth_date: if i == 8 { d("2004-05-05") } else { d("2010-01-01") },
            club: if i % 2 == 0 { "SP 2".into() } else { "SP 1".into() },
            region: String::new(),
            knowledge_score: Some(10),
            age_override: true,
            person: PersonLink::Match,
        })
        .collect();
    let players = bitwa::app::registration::register(db, day.t, &new, by).await.unwrap();
    let id = season::create(db, draft(), by).await.unwrap();
    let s = season::season(db, id).await.unwrap();
    let rule = QualificationRule { places: 2, per_school: Some(1) };
    season::add_event(db, id, day.t, s.levels[1], Some(s.regions[6]), rule).await.unwrap();

    assert_eq!(refusal(close::close_event(db, day.t, by).await), Refusal::EventNotOver, "nothing played");
    let r1 = day.pair().await;
    day.publish(r1).await;
    assert_eq!(refusal(close::close_event(db, day.t, by).await), Refusal::MatchUndecided { round: 1 });
    day.play(r1).await;
    day.lock(r1).await;
    assert_eq!(refusal(close::close_event(db, day.t, by).await), Refusal::EventNotOver, "two rounds left");
    day.played_round().await;
    day.played_round().await;
    assert_eq!(refusal(close::close_event(db, day.t, by).await), Refusal::NoNextEvent, "no final yet");

    let final_t = tournament::create(
        db,
        &TournamentConfig { name: "Finał".into(), ..tournament::default_config(first_day()) },
        by,
    )
    .await
    .unwrap();
    season::add_event(db, id, final_t, s.levels[2], None, rule).await.unwrap();
    close::close_event(db, day.t, by).await.unwrap();
    assert_eq!(refusal(close::close_event(db, day.t, by).await), Refusal::EventClosed);

    // The stored ranking: every player once, places 1 to 8; the winner of all three rounds first
    // (counted from the matches: player_a won each).
    let ranking = close::ranking(db, day.t).await.unwrap();
    assert_eq!(ranking.len(), 8);
    assert_eq!(ranking.iter().map(|r| r.place).collect::<Vec<_>>(), (1..=8).collect::<Vec<i64>>());
    let mut wins = std::collections::HashMap::new();
    for n in 1..=3 {
        for m in day.matches(n).await {
            *wins.entry(m.player_a).or_insert(0) += 1;
        }
    }
    assert_eq!(wins.get(&ranking[0].player_id), Some(&3));
    let last = ranking.iter().find(|r| r.player_id == players[7]).unwrap();
    assert!(!last.eligible, "born in 2004");
    let typed: Vec<_> = ranking.iter().map(|r| (r.player_id, r.school.clone(), r.eligible)).collect();
    let (qualifiers, reserves) = by_hand(&typed);
    let person_of = |p: bitwa::store::PlayerId| ranking.iter().find(|r| r.player_id == p).unwrap().person_id;

    let invited = invitations::to_event(db, final_t).await.unwrap();
    assert_eq!(
        invited.iter().map(|i| i.person_id).collect::<Vec<_>>(),
        qualifiers.iter().map(|&p| person_of(p)).collect::<Vec<_>>()
    );
    assert!(
        invited.iter().all(|i| i.state == InvitationState::Invited && i.kind == InvitationKind::Qualifier)
    );

    // Reopening needs a reason; it withdraws the open invitations; closing again invites anew.
    assert_eq!(refusal(close::reopen_event(db, day.t, " ", by).await), Refusal::ReasonRequired);
    close::reopen_event(db, day.t, "wynik rundy 2 poprawiony", by).await.unwrap();
    assert!(close::ranking(db, day.t).await.unwrap().is_empty());
    let after = invitations::to_event(db, final_t).await.unwrap();
    assert!(after.iter().all(|i| i.state == InvitationState::Withdrawn), "{after:?}");
    close::close_event(db, day.t, by).await.unwrap();
    let open: Vec<_> = invitations::to_event(db, final_t)
        .await
        .unwrap()
        .into_iter()
        .filter(|i| i.state == InvitationState::Invited)
        .collect();
    assert_eq!(open.len(), 2);

    // An organiser of the regional event cannot act on the final's invitations.
    assert!(matches!(
        invitations::accept(db, day.t, open[0].id, by).await,
        Err(bitwa::app::AppError::Store(StoreError::NotFound))
    ));
    // The final accepts the first: an entry of the final, the same person.
    let entry = invitations::accept(db, final_t, open[0].id, by).await.unwrap();
    assert_eq!(bitwa::app::persons::of_player(db, entry).await.unwrap(), Some(person_of(qualifiers[0])));
    assert_eq!(refusal(invitations::accept(db, final_t, open[0].id, by).await), Refusal::InvitationNotOpen);
    // Declining the second invites the next reserve of that school (the other school's first has
    // the place already; the cap is one per school).
    let made = invitations::decline(db, final_t, open[1].id, by).await.unwrap();
    assert_eq!(made.len(), 1);
    let school = &typed.iter().find(|r| r.0 == qualifiers[1]).unwrap().1;
    let next = reserves.iter().find(|p| &typed.iter().find(|r| r.0 == **p).unwrap().1 == school).unwrap();
    let now = invitations::to_event(db, final_t).await.unwrap();
    let reserve = now.iter().find(|i| i.id == made[0]).unwrap();
    assert_eq!((reserve.person_id, reserve.state), (person_of(*next), InvitationState::Invited));

    // Wildcards: the coordinator (the season's creator) only, with a reason, logged.
    let someone = person_of(players[7]);
    assert_eq!(
        refusal(invitations::wildcard(db, id, final_t, someone, "mistrz zeszłego roku", day.referee).await),
        Refusal::NotACoordinator
    );
    assert_eq!(
        refusal(invitations::wildcard(db, id, final_t, someone, "", by).await),
        Refusal::ReasonRequired
    );
    // The eighth is outside the season's birth years: refused when given (issue 34), not only
    // at acceptance; nothing is logged.
    assert!(matches!(
        refusal(invitations::wildcard(db, id, final_t, someone, "mistrz zeszłego roku", by).await),
        Refusal::NotEligible(_)
    ));
    let invited: Vec<_> =
        invitations::to_event(db, final_t).await.unwrap().iter().map(|i| i.person_id).collect();
    let eligible = players[..7].iter().map(|&p| person_of(p)).find(|p| !invited.contains(p)).unwrap();
    invitations::wildcard(db, id, final_t, eligible, "mistrz zeszłego roku", by).await.unwrap();
    assert_eq!(
        refusal(invitations::wildcard(db, id, final_t, eligible, "znowu", by).await),
        Refusal::InvitedAlready
    );
    season::appoint(db, id, day.referee, by).await.unwrap();
    assert!(season::is_coordinator(db, id, day.referee).await.unwrap());
    let log = bitwa::store::seasons::flow::log(db, id).await.unwrap();
    assert_eq!(log.iter().filter(|l| l.reason == "mistrz zeszłego roku").count(), 1);
    assert!(log.iter().any(|l| l.reason == "wynik rundy 2 poprawiony"));

    // Reopening once an invitation was accepted is a correction (issue 34): the stored ranking
    // and every invitation stay until the event closes again; nothing is withdrawn.
    let kept = close::ranking(db, day.t).await.unwrap();
    close::reopen_event(db, day.t, "jeszcze raz", by).await.unwrap();
    assert_eq!(close::ranking(db, day.t).await.unwrap(), kept);
    assert!(!bitwa::store::seasons::event_of(db, day.t).await.unwrap().unwrap().closed);
    assert!(
        invitations::to_event(db, final_t)
            .await
            .unwrap()
            .iter()
            .any(|i| i.id == made[0] && i.state == InvitationState::Invited)
    );
}

/// A closed event's stored ranking cannot silently diverge: an organiser's correction of a locked
/// round's result, a walkover, unlocking a round, a withdrawal and a new entry are
/// each refused until the event reopens; then the correction goes in.
#[tokio::test]
async fn a_closed_event_refuses_every_change_to_its_results_rounds_and_entries_until_reopened() {
    use bitwa::app::season::close;
    use bitwa::app::{registration, rounds};
    use bitwa::store::players::{NewPlayer, PersonLink, PlayerChange};
    use bitwa::store::tournaments::Role;
    let day = Day::with(4, |c| {
        c.swiss_rounds = 2;
        c.knockout_size = 0;
    })
    .await;
    let (db, by) = (&day.db, day.organiser);
    let id = season::create(db, draft(), by).await.unwrap();
    let s = season::season(db, id).await.unwrap();
    let rule = QualificationRule { places: 1, per_school: None };
    season::add_event(db, id, day.t, s.levels[1], Some(s.regions[0]), rule).await.unwrap();
    let final_t = tournament::create(
        db,
        &TournamentConfig { name: "Finał".into(), ..tournament::default_config(first_day()) },
        by,
    )
    .await
    .unwrap();
    season::add_event(db, id, final_t, s.levels[2], None, rule).await.unwrap();
    day.played_round().await;
    day.played_round().await;
    close::close_event(db, day.t, by).await.unwrap();
    let stored = close::ranking(db, day.t).await.unwrap();

    let m = day.matches(2).await[0].clone();
    // player_b wins game 1 now: the organiser's correction of a locked round.
    let correction = day.enter_as(&m, 1, &day::polish_wins(30), Role::Organiser).await;
    assert_eq!(refusal(correction), Refusal::EventFrozen, "a result");
    assert_eq!(refusal(day.forfeit(&m, None).await), Refusal::EventFrozen, "a walkover cleared");
    assert_eq!(refusal(rounds::unlock(db, day.t, 2, "poprawka", by).await), Refusal::EventFrozen, "a round");
    let player = registration::player(db, day.t, m.player_a).await.unwrap();
    let withdraw = PlayerChange { withdrawn: true, knowledge_score: player.knowledge_score };
    assert_eq!(
        refusal(registration::change(db, day.t, &player, player.version, &withdraw, by).await),
        Refusal::EventFrozen,
        "a withdrawal"
    );
    let late = NewPlayer {
        name: "Spóźniony Gracz".into(),
        birth_date: d("2010-02-02"),
        club: "SP 9".into(),
        region: String::new(),
        knowledge_score: None,
        age_override: true,
        person: PersonLink::Match,
    };
    assert_eq!(
        refusal(registration::register(db, day.t, std::slice::from_ref(&late), by).await),
        Refusal::EventFrozen,
        "an entry"
    );
    assert_eq!(close::ranking(db, day.t).await.unwrap(), stored, "nothing changed");
    assert_eq!(registration::players(db, day.t).await.unwrap().len(), 4);

    // Reopened, the correction goes in (the round unlocked first).
    close::reopen_event(db, day.t, "wynik rundy 2 poprawiony", by).await.unwrap();
    rounds::unlock(db, day.t, 2, "poprawka", by).await.unwrap();
    day.enter_as(&m, 1, &day::polish_wins(30), Role::Organiser).await.unwrap();
}

/// Where qualifiers go when the level above holds several events of their region: the only one
/// if there is one; refused while several are open and none chosen; the coordinator's choice
/// (only one of the next level's events of the same region, only by a coordinator) otherwise.
#[tokio::test]
async fn qualifiers_go_to_the_chosen_event_when_the_region_has_several_at_the_next_level() {
    use bitwa::app::season::{close, invitations};
    let day = Day::with(4, |c| {
        c.swiss_rounds = 1;
        c.knockout_size = 0;
    })
    .await;
    let (db, by) = (&day.db, day.organiser);
    let id = season::create(db, draft(), by).await.unwrap();
    let s = season::season(db, id).await.unwrap();
    let rule = QualificationRule { places: 1, per_school: None };
    let (local, regional) = (s.levels[0], s.levels[1]);
    season::add_event(db, id, day.t, local, Some(s.regions[3]), rule).await.unwrap();
    let make = |name: &'static str| async move {
        tournament::create(
            db,
            &TournamentConfig { name: name.into(), ..tournament::default_config(first_day()) },
            by,
        )
        .await
        .unwrap()
    };
    let north = make("Region północ").await;
    season::add_event(db, id, north, regional, Some(s.regions[3]), rule).await.unwrap();
    day.played_round().await;
    // One regional event of the region: it.
    assert_eq!(
        season::next_event(db, &s, &season::event_of(db, day.t).await.unwrap().unwrap())
            .await
            .unwrap()
            .map(|e| e.tournament_id),
        Some(north)
    );
    let south = make("Region południe").await;
    season::add_event(db, id, south, regional, Some(s.regions[3]), rule).await.unwrap();
    let elsewhere = make("Inny region").await;
    season::add_event(db, id, elsewhere, regional, Some(s.regions[4]), rule).await.unwrap();
    assert_eq!(refusal(close::close_event(db, day.t, by).await), Refusal::NextEventToChoose);
    // The choice: a coordinator's, among the region's events of the next level.
    assert_eq!(
        refusal(season::choose_next(db, id, day.t, Some(south), day.referee).await),
        Refusal::NotACoordinator
    );
    assert_eq!(
        refusal(season::choose_next(db, id, day.t, Some(elsewhere), by).await),
        Refusal::NotTheNextLevel
    );
    assert_eq!(refusal(season::choose_next(db, id, day.t, Some(day.t), by).await), Refusal::NotTheNextLevel);
    season::choose_next(db, id, day.t, Some(south), by).await.unwrap();
    close::close_event(db, day.t, by).await.unwrap();
    assert_eq!(invitations::to_event(db, south).await.unwrap().len(), 1);
    assert!(invitations::to_event(db, north).await.unwrap().is_empty());
    assert_eq!(refusal(season::choose_next(db, id, day.t, Some(north), by).await), Refusal::EventClosed);
}

/// `len` players named `prefix 1`... (distinct persons across events), born in the season.
fn named_players(prefix: &str, len: usize) -> Vec<bitwa::store::players::NewPlayer> {
    (1..=len)
        .map(|i| bitwa::store::players::NewPlayer {
            name: format!("{prefix} {i}"),
            birth_date: d("2010-03-03"),
            club: format!("Szkoła {prefix} {i}"),
            region: String::new(),
            knowledge_score: Some(10),
            age_override: false,
            person: bitwa::store::players::PersonLink::Match,
        })
        .collect()
}

/// Two regional events of two Swiss rounds and no knockout (A: four players "Ala …", B:
/// `b_players` "Bartek …") and a final, one organiser, no season yet.
async fn two_regions_and_a_final(b_players: usize) -> (Day, Day, bitwa::store::TournamentId) {
    use bitwa::app::registration;
    let a = Day::with(0, |c| {
        c.swiss_rounds = 2;
        c.knockout_size = 0;
    })
    .await;
    let (db, by) = (&a.db, a.organiser);
    registration::register(db, a.t, &named_players("Ala", 4), by).await.unwrap();
    let swiss = TournamentConfig {
        name: "Region B".into(),
        swiss_rounds: 2,
        knockout_size: 0,
        ..tournament::default_config(first_day())
    };
    let b_t = tournament::create(db, &swiss, by).await.unwrap();
    registration::register(db, b_t, &named_players("Bartek", b_players), by).await.unwrap();
    let b = Day { db: db.clone(), t: b_t, organiser: by, referee: a.referee, players: Vec::new() };
    let final_t = tournament::create(
        db,
        &TournamentConfig { name: "Finał".into(), ..tournament::default_config(first_day()) },
        by,
    )
    .await
    .unwrap();
    (a, b, final_t)
}

/// The final's group seeding from the qualifying placings: two regional events (4 and 6 players)
/// closed, their qualifiers (A's top 2, B's winner) and a wildcard accepted into a groups final;
/// the seed list written is, by hand: B's winner (1st of 6), A's winner (1st of 4), A's second,
/// the wildcard.
#[tokio::test]
async fn the_finals_seed_list_follows_the_qualifying_placings_and_the_wildcard_comes_last() {
    use bitwa::app::season::{close, invitations, seeding};
    use bitwa::app::stages::{draw, format};
    use bitwa::app::{StageRefusal, registration};
    use bitwa::league::stages::{
        GroupQualify, GroupStage, KnockoutEntry, KnockoutStage, Seeding, Separation, Stage,
    };
    let (a, b, final_t) = two_regions_and_a_final(6).await;
    let (db, by, b_t) = (&a.db, a.organiser, b.t);
    let groups = GroupStage {
        count: 2,
        double: false,
        seeding: Seeding::Snake,
        separation: Separation::None,
        qualify: GroupQualify { per_group: 2, best_next: 0 },
    };
    let knockout = KnockoutStage { size: 4, third_place: false, from: KnockoutEntry::Crossover };
    format::choose(db, final_t, vec![Stage::Groups(groups), Stage::Knockout(knockout)], by).await.unwrap();

    let id = season::create(db, draft(), by).await.unwrap();
    let s = season::season(db, id).await.unwrap();
    let two = QualificationRule { places: 2, per_school: None };
    let one = QualificationRule { places: 1, per_school: None };
    season::add_event(db, id, a.t, s.levels[1], Some(s.regions[0]), two).await.unwrap();
    season::add_event(db, id, b_t, s.levels[1], Some(s.regions[1]), one).await.unwrap();
    season::add_event(db, id, final_t, s.levels[2], None, one).await.unwrap();
    // An event that opens with a Swiss: the stages' refusal.
    assert_eq!(
        refusal(seeding::seed_from_placings(db, a.t, by).await),
        Refusal::Stage(StageRefusal::NotGroups)
    );
    for day in [&a, &b] {
        day.played_round().await;
        day.played_round().await;
        close::close_event(db, day.t, by).await.unwrap();
    }
    let (ra, rb) = (close::ranking(db, a.t).await.unwrap(), close::ranking(db, b_t).await.unwrap());
    assert_eq!((ra.len(), rb.len()), (4, 6));
    // A wildcard for B's last, accepted first of all (registration order is no seed).
    let wild = invitations::wildcard(db, id, final_t, rb[5].person_id, "gospodarz finału", by).await.unwrap();
    let mut entry_of = std::collections::HashMap::new();
    entry_of.insert(rb[5].person_id, invitations::accept(db, final_t, wild, by).await.unwrap());
    for i in invitations::to_event(db, final_t).await.unwrap() {
        if i.state == bitwa::store::seasons::flow::InvitationState::Invited {
            entry_of.insert(i.person_id, invitations::accept(db, final_t, i.id, by).await.unwrap());
        }
    }
    assert_eq!(entry_of.len(), 4);
    let expected: Vec<_> = [rb[0].person_id, ra[0].person_id, ra[1].person_id, rb[5].person_id]
        .iter()
        .map(|p| entry_of[p])
        .collect();
    assert_eq!(seeding::by_placings(db, final_t).await.unwrap(), expected);
    assert_eq!(seeding::seed_from_placings(db, final_t, by).await.unwrap(), expected);
    let final_day =
        Day { db: db.clone(), t: final_t, organiser: by, referee: a.referee, players: Vec::new() };
    assert_eq!(draw::seed_order(&final_day.snapshot().await), expected, "the stored seed list");
    // A withdrawn entry leaves the list; the others keep their order.
    let gone = registration::player(db, final_t, expected[1]).await.unwrap();
    let out = bitwa::store::players::PlayerChange { withdrawn: true, knowledge_score: gone.knowledge_score };
    registration::change(db, final_t, &gone, gone.version, &out, by).await.unwrap();
    assert_eq!(
        seeding::seed_from_placings(db, final_t, by).await.unwrap(),
        [expected[0], expected[2], expected[3]]
    );
}

/// A person merge reaches the season (issue 20): B's winner (invited into the final) merged into
/// a player of A. The invitation, B's stored ranking row and the season ranking follow the person
/// kept (one line where there were two); a wildcard for the kept person into the final is
/// "invited already"; merging in a person with a wildcard into the final is refused, since one
/// person would be invited twice; the acceptance makes an entry of the kept person. Undoing
/// the merge puts back the invitation, the entry its acceptance made, the ranking row and both
/// persons' lines of the season ranking.
#[tokio::test]
async fn rankings_and_invitations_follow_a_merge_and_its_undoing() {
    use bitwa::app::persons;
    use bitwa::app::registration;
    use bitwa::app::season::{close, invitations, ranking};
    let (a, b, final_t) = two_regions_and_a_final(4).await;
    let (db, by, b_t) = (&a.db, a.organiser, b.t);
    let id = season::create(db, draft(), by).await.unwrap();
    let s = season::season(db, id).await.unwrap();
    let one = QualificationRule { places: 1, per_school: None };
    season::add_event(db, id, a.t, s.levels[1], Some(s.regions[0]), one).await.unwrap();
    season::add_event(db, id, b_t, s.levels[1], Some(s.regions[1]), one).await.unwrap();
    season::add_event(db, id, final_t, s.levels[2], None, one).await.unwrap();
    for day in [&a, &b] {
        day.played_round().await;
        day.played_round().await;
        close::close_event(db, day.t, by).await.unwrap();
    }
    let (ra, rb) = (close::ranking(db, a.t).await.unwrap(), close::ranking(db, b_t).await.unwrap());
    let (kept, merged, a_winner) = (ra[3].person_id, rb[0].person_id, ra[0].person_id);
    let before = ranking::of_season(db, id).await.unwrap();
    assert_eq!(before.len(), 8);
    let invited = invitations::to_event(db, final_t).await.unwrap();
    assert_eq!(invited.iter().map(|i| i.person_id).collect::<Vec<_>>(), [a_winner, merged]);
    let b_invitation = invited[1].id;

    let m = persons::merge(db, kept, merged, by).await.unwrap();
    // The invitation and B's ranking row are the kept person's; one line in the season ranking.
    let invited = invitations::to_event(db, final_t).await.unwrap();
    assert_eq!(invited.iter().find(|i| i.id == b_invitation).unwrap().person_id, kept);
    assert_eq!(close::ranking(db, b_t).await.unwrap()[0].person_id, kept);
    let after = ranking::of_season(db, id).await.unwrap();
    assert_eq!(after.len(), 7);
    let line = after.iter().find(|r| r.person == kept).unwrap();
    let first = u32::try_from(rb[0].place).unwrap();
    assert_eq!((line.events, line.place), (2, Some(first)), "B's first place is the kept person's best");
    assert!(!after.iter().any(|r| r.person == merged));
    // Never invited twice: a wildcard for the kept person, a merge with A's winner.
    assert_eq!(
        refusal(invitations::wildcard(db, id, final_t, kept, "jeszcze raz", by).await),
        Refusal::InvitedAlready
    );
    // A's winner plays in A as the kept person does: two people. A person of a school tournament
    // outside the season with a wildcard into the final: merged, invited twice.
    assert_eq!(refusal(persons::merge(db, kept, a_winner, by).await), Refusal::PersonsInOneTournament);
    let school = tournament::create(
        db,
        &TournamentConfig { name: "Turniej szkolny".into(), ..tournament::default_config(first_day()) },
        by,
    )
    .await
    .unwrap();
    let celina = registration::register(db, school, &named_players("Celina", 1), by).await.unwrap()[0];
    let celina = persons::of_player(db, celina).await.unwrap().unwrap();
    invitations::wildcard(db, id, final_t, celina, "mistrzostwo szkoły", by).await.unwrap();
    assert_eq!(refusal(persons::merge(db, kept, celina, by).await), Refusal::InvitedTwice);
    assert_eq!(refusal(persons::merge(db, celina, kept, by).await), Refusal::InvitedTwice);
    // Accepted: an entry of the final, the kept person's; their best level is the final now.
    let entry = invitations::accept(db, final_t, b_invitation, by).await.unwrap();
    assert_eq!(persons::of_player(db, entry).await.unwrap(), Some(kept));
    let line = ranking::of_season(db, id).await.unwrap().into_iter().find(|r| r.person == kept).unwrap();
    assert_eq!((line.level, line.events), (2, 3));

    persons::unmerge(db, m, by).await.unwrap();
    let invited = invitations::to_event(db, final_t).await.unwrap();
    let back = invited.iter().find(|i| i.id == b_invitation).unwrap();
    assert_eq!((back.person_id, back.player_id), (merged, Some(entry)));
    assert_eq!(persons::of_player(db, entry).await.unwrap(), Some(merged), "the acceptance's entry");
    assert_eq!(close::ranking(db, b_t).await.unwrap()[0].person_id, merged);
    let undone = ranking::of_season(db, id).await.unwrap();
    assert_eq!(undone.len(), 8);
    let of = |p| undone.iter().find(|r| r.person == p).unwrap();
    assert_eq!((of(merged).level, of(merged).events), (2, 2));
    let last = u32::try_from(ra[3].place).unwrap();
    assert_eq!((of(kept).level, of(kept).events, of(kept).place), (1, 1, Some(last)));
    assert_eq!(refusal(persons::unmerge(db, m, by).await), Refusal::MergeUndone);
}

/// One person winning in two regions (issue 34; the registry learns it by merging A's winner
/// with B's before B closes): invited from both, the first acceptance (the organiser's choice) is
/// the place taken; B's invitation is then taken elsewhere, logged, and B's second is invited in
/// the same transaction. B reopened and closed again passes the person over at once: its place
/// goes straight to its second. Every invitation typed by hand as (source, person, state).
#[tokio::test]
async fn a_person_qualified_from_two_regions_takes_one_place_and_the_other_passes_to_the_reserve() {
    use bitwa::app::persons;
    use bitwa::app::season::{close, invitations};
    use bitwa::store::seasons::flow::{self, Invitation, InvitationState as S, LogKind};
    let (a, b, final_t) = two_regions_and_a_final(4).await;
    let (db, by, b_t) = (&a.db, a.organiser, b.t);
    let id = season::create(db, draft(), by).await.unwrap();
    let s = season::season(db, id).await.unwrap();
    let one = QualificationRule { places: 1, per_school: None };
    season::add_event(db, id, a.t, s.levels[1], Some(s.regions[0]), one).await.unwrap();
    season::add_event(db, id, b_t, s.levels[1], Some(s.regions[1]), one).await.unwrap();
    season::add_event(db, id, final_t, s.levels[2], None, one).await.unwrap();
    for day in [&a, &b] {
        day.played_round().await;
        day.played_round().await;
    }
    close::close_event(db, a.t, by).await.unwrap();
    let winner = close::ranking(db, a.t).await.unwrap()[0].person_id;
    let b_places = bitwa::app::final_ranking::of(&b.snapshot().await).unwrap();
    let b_winner = bitwa::store::PlayerId(b_places[0].player.0);
    let b_winner = persons::of_player(db, b_winner).await.unwrap().unwrap();
    persons::merge(db, winner, b_winner, by).await.unwrap();
    close::close_event(db, b_t, by).await.unwrap();
    let rb = close::ranking(db, b_t).await.unwrap();
    assert_eq!(rb[0].person_id, winner, "B's winner is A's");
    let second = rb[1].person_id;
    let states =
        |list: &[Invitation]| list.iter().map(|i| (i.source_id, i.person_id, i.state)).collect::<Vec<_>>();
    let invited = invitations::to_event(db, final_t).await.unwrap();
    assert_eq!(states(&invited), [(Some(a.t), winner, S::Invited), (Some(b_t), winner, S::Invited)]);

    invitations::accept(db, final_t, invited[0].id, by).await.unwrap();
    let after = invitations::to_event(db, final_t).await.unwrap();
    assert_eq!(
        states(&after),
        [
            (Some(a.t), winner, S::Accepted),
            (Some(b_t), winner, S::Elsewhere),
            (Some(b_t), second, S::Invited)
        ]
    );
    assert_eq!(
        refusal(invitations::accept(db, final_t, invited[1].id, by).await),
        Refusal::InvitationNotOpen
    );
    let passed = |log: &[flow::LogLine]| {
        log.iter()
            .filter(|l| {
                l.kind == LogKind::Elsewhere && l.tournament_id == Some(b_t) && l.person_id == Some(winner)
            })
            .count()
    };
    assert_eq!(passed(&flow::log(db, id).await.unwrap()), 1, "in the season's log");

    close::reopen_event(db, b_t, "korekta wyniku", by).await.unwrap();
    let reopened = invitations::to_event(db, final_t).await.unwrap();
    assert_eq!(
        states(&reopened),
        [
            (Some(a.t), winner, S::Accepted),
            (Some(b_t), winner, S::Withdrawn),
            (Some(b_t), second, S::Withdrawn)
        ]
    );
    close::close_event(db, b_t, by).await.unwrap();
    let again = invitations::to_event(db, final_t).await.unwrap();
    assert_eq!(
        states(&again[3..]),
        [(Some(b_t), winner, S::Elsewhere), (Some(b_t), second, S::Invited)],
        "passed over at once"
    );
    assert_eq!(passed(&flow::log(db, id).await.unwrap()), 2);

    // B's reserves decline one after another: after the last, B's place is unfilled (no
    // reserve left), and only then.
    use bitwa::app::season::unfilled::{Unfilled, of_season};
    assert_eq!(of_season(db, id).await.unwrap(), []);
    for (k, reserve) in rb.iter().enumerate().take(4).skip(1) {
        let open = invitations::to_event(db, final_t).await.unwrap();
        let last = open.last().unwrap();
        assert_eq!((last.source_id, last.person_id, last.state), (Some(b_t), reserve.person_id, S::Invited));
        assert_eq!(of_season(db, id).await.unwrap(), [], "{k}: a reserve holds the place");
        invitations::decline(db, final_t, last.id, by).await.unwrap();
    }
    assert_eq!(of_season(db, id).await.unwrap(), [Unfilled { source: b_t, target: final_t, places: 1 }]);
}

/// The lower seed (earlier registered) of a match's two players.
fn stronger(day: &Day, m: &bitwa::store::rounds::MatchRow) -> bitwa::store::PlayerId {
    let seed = |p| day.players.iter().position(|&q| q == p).unwrap();
    let b = m.player_b.unwrap();
    if seed(m.player_a) < seed(b) { m.player_a } else { b }
}

/// Every match of round `n` won 2:0 by `winner(match)`, each scoring 20 points as Red; published
/// first, locked after.
async fn play_round(
    day: &Day,
    n: i64,
    winner: impl Fn(&bitwa::store::rounds::MatchRow) -> bitwa::store::PlayerId,
) {
    day.publish(n).await;
    for m in day.matches(n).await {
        if winner(&m) == m.player_a {
            day.a_wins(&m, 20).await;
        } else {
            day.enter(&m, 1, &day::polish_wins(0)).await;
            day.enter(&m, 2, &day::red_wins(20)).await;
        }
    }
    day.lock(n).await;
}

/// The day's tournament as the only event (the final) of a season of its own.
async fn as_final(day: &Day) {
    let (db, by) = (&day.db, day.organiser);
    let id = season::create(db, draft(), by).await.unwrap();
    let s = season::season(db, id).await.unwrap();
    season::add_event(db, id, day.t, s.levels[2], None, QualificationRule { places: 0, per_school: None })
        .await
        .unwrap();
}

/// The day's tournament as the only event (the final) of a season of its own, closed; its
/// stored ranking as (seed, place), in stored order.
async fn close_as_final(day: &Day) -> Vec<(usize, i64)> {
    let (db, by) = (&day.db, day.organiser);
    if season::event_of(db, day.t).await.unwrap().is_none() {
        as_final(day).await;
    }
    season::close::close_event(db, day.t, by).await.unwrap();
    let seed = |p| day.players.iter().position(|&q| q == p).unwrap() + 1;
    season::close::ranking(db, day.t).await.unwrap().iter().map(|r| (seed(r.player_id), r.place)).collect()
}

/// Closing stores the final ranking of every format place for place, shared places kept
/// (issue 34). In every event the lower seed wins each match 2:0 with 20 Red-side points, except
/// where a knockout result says otherwise. Expected rankings by hand, as (seed, place):
/// - Swiss only, 4 players, 3 rounds: 3, 2, 1, 0 points: seeds 1 to 4 in order.
/// - Swiss + knockout of 4 (no third-place match): semi-finals 1-4 (4 wins), 2-3 (3 wins), final
///   3-4 (4 wins): 4, 3, then 1 and 2 share place 3 (in Swiss order).
/// - Groups only, 6 in 2 groups of 3 by snake (A: 1, 4, 5; B: 2, 3, 6): winners 1 and 2 level
///   per match on everything (2 of 2, SB 1, 4 games won, 40 Red-side points, the same knowledge
///   test), so they share place 1; 4 and 3 place 3; 5 and 6 place 5.
/// - Groups + knockout, 8 in 2 groups of 4 (A: 1, 4, 5, 8; B: 2, 3, 6, 7), the top 2 crossed
///   (1-3, 2-4): 3 beats 1, 2 beats 4, 2 beats 3 in the final: 2, 3, then 1 and 4 share 3 (the
///   groups' order: A1 before A2), then 5 and 6 share 5, 8 and 7 share 7.
#[tokio::test]
async fn closing_stores_the_final_ranking_of_every_format_place_for_place() {
    use bitwa::app::stages::{close as stage_close, draw, format, group_round, qualify};
    use bitwa::app::{AppError, StageRefusal, knockout};
    use bitwa::league::stages::{
        GroupQualify, GroupStage, KnockoutEntry, KnockoutStage, Seeding, Separation, Stage,
    };
    const LOT: u64 = 1920;

    // Swiss only.
    let swiss = Day::with(4, |c| c.knockout_size = 0).await;
    for _ in 0..3 {
        let n = swiss.pair().await;
        play_round(&swiss, n, |m| stronger(&swiss, m)).await;
    }
    assert_eq!(close_as_final(&swiss).await, [(1, 1), (2, 2), (3, 3), (4, 4)]);

    // Swiss + knockout.
    let ko = Day::new(4).await;
    for _ in 0..3 {
        let n = ko.pair().await;
        play_round(&ko, n, |m| stronger(&ko, m)).await;
    }
    let p = ko.players.clone();
    let upset = |m: &bitwa::store::rounds::MatchRow| {
        let b = m.player_b.unwrap();
        if [m.player_a, b].contains(&p[3]) {
            p[3]
        } else if [m.player_a, b].contains(&p[2]) {
            p[2]
        } else {
            p[0]
        }
    };
    let semis = knockout::pair_next_round(&ko.db, ko.t, LOT, ko.organiser).await.unwrap();
    play_round(&ko, semis, upset).await;
    let last = knockout::pair_next_round(&ko.db, ko.t, LOT, ko.organiser).await.unwrap();
    play_round(&ko, last, upset).await;
    assert_eq!(close_as_final(&ko).await, [(4, 1), (3, 2), (1, 3), (2, 3)]);

    // Groups, only or then a knockout.
    async fn groups_day(players: usize, count: u32, knockout: bool) -> Day {
        let day = Day::with(players, |c| c.knockout_size = 0).await;
        let mut stages = vec![Stage::Groups(GroupStage {
            count,
            double: false,
            seeding: Seeding::Snake,
            separation: Separation::None,
            qualify: GroupQualify { per_group: if knockout { 2 } else { 1 }, best_next: 0 },
        })];
        if knockout {
            stages.push(Stage::Knockout(KnockoutStage {
                size: 4,
                third_place: false,
                from: KnockoutEntry::Crossover,
            }));
        }
        format::choose(&day.db, day.t, stages, day.organiser).await.unwrap();
        draw::fix(&day.db, day.t, LOT, day.organiser).await.unwrap();
        loop {
            match group_round::pair_next(&day.db, day.t, day.organiser).await {
                Ok(n) => play_round(&day, n, |m| stronger(&day, m)).await,
                Err(AppError::Refused(Refusal::Stage(StageRefusal::GroupsDone))) => break,
                Err(e) => panic!("{e:?}"),
            }
        }
        // Closing the event waits for the groups stage to be closed.
        day
    }
    let only = groups_day(6, 2, false).await;
    as_final(&only).await;
    assert_eq!(
        refusal(season::close::close_event(&only.db, only.t, only.organiser).await),
        Refusal::GroupsNotClosed
    );
    stage_close::close(&only.db, only.t, only.organiser).await.unwrap();
    assert_eq!(close_as_final(&only).await, [(1, 1), (2, 1), (4, 3), (3, 3), (5, 5), (6, 5)]);

    let then = groups_day(8, 2, true).await;
    stage_close::close(&then.db, then.t, then.organiser).await.unwrap();
    let p = then.players.clone();
    let first = qualify::start_knockout(&then.db, then.t, LOT, then.organiser).await.unwrap();
    play_round(&then, first, |m| if [m.player_a, m.player_b.unwrap()].contains(&p[2]) { p[2] } else { p[1] })
        .await;
    let last = knockout::pair_next_round(&then.db, then.t, LOT, then.organiser).await.unwrap();
    play_round(&then, last, |_| p[1]).await;
    assert_eq!(close_as_final(&then).await, [(2, 1), (3, 2), (1, 3), (4, 3), (5, 5), (6, 5), (8, 7), (7, 7)]);
}

/// An event with no entrants is not closed (nothing to rank, nobody to invite).
#[tokio::test]
async fn an_event_without_entrants_is_not_closed() {
    let empty = Day::new(0).await;
    let (db, by) = (&empty.db, empty.organiser);
    as_final(&empty).await;
    assert_eq!(refusal(season::close::close_event(db, empty.t, by).await), Refusal::NoEntrants);
}
