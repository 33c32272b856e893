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

    // One season per tournament; levels of another season are refused.
    let again = season::add_event(db, id, day.t, regional, Some(mazowieckie), rule).await;
    assert!(matches!(again, Err(bitwa::app::AppError::Store(StoreError::Conflict))), "{again:?}");
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
