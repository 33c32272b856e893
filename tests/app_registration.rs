//! The registration use cases (`app::registration`) against a real store, without HTTP: late
//! entries join with the next round, changes are version-checked (a repeated change is a
//! success), forbidden pairs need two players of the tournament, personal data goes only after the
//! season.

#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "support/day.rs"]
#[allow(dead_code)]
mod day;

use bitwa::app::{AppError, Refusal, registration};
use bitwa::store::players::{NewPlayer, PlayerChange};
use bitwa::store::{PlayerId, StoreError};
use chrono::Days;
use day::{Day, first_day, refusal};

fn late(name: &str) -> NewPlayer {
    NewPlayer {
        name: name.into(),
        birth_date: chrono::NaiveDate::from_ymd_opt(2011, 3, 3).unwrap(),
        club: "LO 1".into(),
        region: String::new(),
        knowledge_score: None,
        age_override: false,
        person: bitwa::store::players::PersonLink::Match,
    }
}

#[tokio::test]
async fn a_late_entry_joins_with_the_next_round() {
    let day = Day::new(4).await;
    assert!(day.snapshot().await.players.iter().all(|p| p.joined_round == 1));
    day.played_round().await;
    let ids = registration::register(&day.db, day.t, &[late("Ola Późna")], day.organiser).await.unwrap();
    let p = registration::player(&day.db, day.t, ids[0]).await.unwrap();
    assert_eq!(p.joined_round, 2);
    // Paired from round 2 on: five players, one of them on the bye or at a table.
    let n = day.pair().await;
    let data = day.snapshot().await;
    let round = day.round(n).await;
    assert!(data.matches_of_round(&round).any(|m| m.player_a == p.id || m.player_b == Some(p.id)));
}

#[tokio::test]
async fn a_change_is_version_checked_and_the_same_change_again_is_a_success() {
    let day = Day::new(4).await;
    let p = registration::player(&day.db, day.t, day.players[0]).await.unwrap();
    let withdraw = PlayerChange { withdrawn: true, knowledge_score: p.knowledge_score };
    registration::change(&day.db, day.t, &p, p.version, &withdraw, day.organiser).await.unwrap();
    // The same form sent again (its version is stale): the player shows the change already.
    let now = registration::player(&day.db, day.t, p.id).await.unwrap();
    registration::change(&day.db, day.t, &now, p.version, &withdraw, day.organiser).await.unwrap();
    // Another change on the stale version is a conflict.
    let score = PlayerChange { withdrawn: true, knowledge_score: Some(17) };
    let stale = registration::change(&day.db, day.t, &now, p.version, &score, day.organiser).await;
    assert!(matches!(stale, Err(AppError::Store(StoreError::Conflict))), "{stale:?}");
    assert!(registration::player(&day.db, day.t, p.id).await.unwrap().withdrawn);
}

#[tokio::test]
async fn a_forbidden_pair_is_two_different_players_of_the_tournament() {
    let day = Day::new(4).await;
    let [a, b, ..] = day.players[..] else { panic!("four players") };
    assert_eq!(
        refusal(registration::forbid(&day.db, day.t, a, a, None, day.organiser).await),
        Refusal::SamePlayer
    );
    let stranger = PlayerId(a.0 + 1000);
    assert_eq!(
        refusal(registration::forbid(&day.db, day.t, a, stranger, None, day.organiser).await),
        Refusal::NoSuchPlayer { player: stranger }
    );
    registration::forbid(&day.db, day.t, a, b, Some(2), day.organiser).await.unwrap();
    // The pairing keeps them apart in round 1.
    let n = day.pair().await;
    assert!(
        day.matches(n)
            .await
            .iter()
            .all(|m| !(m.player_a == a && m.player_b == Some(b) || m.player_a == b && m.player_b == Some(a)))
    );
    registration::allow(&day.db, day.t, a, b, day.organiser).await.unwrap();
}

#[tokio::test]
async fn personal_data_is_erased_only_after_the_last_day() {
    let day = Day::new(4).await;
    let p = day.players[0];
    let on_the_day = registration::erase(&day.db, day.t, p, first_day(), day.organiser).await;
    assert_eq!(refusal(on_the_day), Refusal::SeasonNotOver);
    let after = first_day().checked_add_days(Days::new(1)).unwrap();
    registration::erase(&day.db, day.t, p, after, day.organiser).await.unwrap();
    let erased = registration::player(&day.db, day.t, p).await.unwrap();
    assert!(erased.erased());
    assert_ne!(erased.name, "Player 1");
}

#[tokio::test]
async fn players_entered_before_round_1_is_published_join_it_and_the_draft_is_paired_again() {
    let day = Day::new(4).await;
    assert_eq!(day.pair().await, 1);
    assert_eq!(day.matches(1).await.len(), 2, "a draft of four players");
    // Two more players before the draft is published: they join round 1 (not 2), and the draft is
    // paired again with them.
    let entered = registration::enter(&day.db, day.t, &[late("Ola Późna"), late("Jan Późny")], day.organiser)
        .await
        .unwrap();
    assert_eq!(entered.draft, registration::DraftAfterEntry::Repaired(1));
    for id in &entered.ids {
        assert_eq!(registration::player(&day.db, day.t, *id).await.unwrap().joined_round, 1);
    }
    let tables = day.matches(1).await;
    assert_eq!(tables.len(), 3, "six players at three tables: {tables:?}");
    for id in &entered.ids {
        assert!(tables.iter().any(|m| m.player_a == *id || m.player_b == Some(*id)), "{id:?} paired");
    }
    // Once published, a newcomer waits for round 2 and nothing is paired again.
    day.publish(1).await;
    let late_one = registration::enter(&day.db, day.t, &[late("Ewa Późna")], day.organiser).await.unwrap();
    assert_eq!(late_one.draft, registration::DraftAfterEntry::None);
    assert_eq!(registration::player(&day.db, day.t, late_one.ids[0]).await.unwrap().joined_round, 2);
    assert_eq!(day.matches(1).await.len(), 3);
}
