//! The round use cases (`app::rounds`) against a real store, without HTTP: every refusal asserted
//! as its typed value, never as a sentence; decisions taken on a snapshot that went stale are not
//! saved.

#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "support/day.rs"]
#[allow(dead_code)]
mod day;

use bitwa::app::{AppError, Refusal, results, rounds};
use bitwa::store::rounds::{Forfeit, Status};
use bitwa::store::tournaments::Role;
use bitwa::store::{self, StoreError};
use day::{Day, refusal};

#[tokio::test]
async fn a_round_is_paired_only_after_the_last_one_is_locked() {
    let day = Day::new(4).await;
    let first = day.pair().await;
    assert_eq!(first, 1);
    // Still a draft, then published: round 1 must be locked first, and the refusal names it.
    let again = rounds::pair_next_swiss_round(&day.db, day.t, day.organiser).await;
    assert_eq!(refusal(again), Refusal::LockFirst { round: 1 });
    day.publish(1).await;
    let again = rounds::pair_next_swiss_round(&day.db, day.t, day.organiser).await;
    assert_eq!(refusal(again), Refusal::LockFirst { round: 1 });
    day.play(1).await;
    day.lock(1).await;
    assert_eq!(day.pair().await, 2);
}

#[tokio::test]
async fn a_round_with_a_result_missing_cannot_be_locked_and_locking_twice_is_a_success() {
    let day = Day::new(4).await;
    let n = day.pair().await;
    day.publish(n).await;
    let matches = day.matches(n).await;
    assert_eq!(matches.len(), 2);
    day.a_wins(&matches[0], 20).await;
    // One game of the second match only: that match is not decided.
    day.enter(&matches[1], 1, &day::red_wins(20)).await;
    let locked = rounds::lock(&day.db, day.t, n, day.organiser).await;
    assert_eq!(refusal(locked), Refusal::ResultsMissing { round: n });
    assert_eq!(day.round(n).await.status(), Status::Published);
    day.enter(&matches[1], 2, &day::polish_wins(0)).await;
    day.lock(n).await;
    assert_eq!(day.round(n).await.status(), Status::Locked);
    day.lock(n).await;
    assert_eq!(day.round(n).await.status(), Status::Locked);
}

#[tokio::test]
async fn every_swiss_round_paired_refuses_another() {
    let day = Day::with(4, |cfg| cfg.swiss_rounds = 1).await;
    day.played_round().await;
    let more = rounds::pair_next_swiss_round(&day.db, day.t, day.organiser).await;
    assert_eq!(refusal(more), Refusal::SwissDone);
}

#[tokio::test]
async fn a_draft_can_be_overridden_and_discarded_a_published_round_cannot() {
    let day = Day::new(6).await;
    let n = day.pair().await;
    let round = day.round(n).await;
    let matches = day.matches(n).await;
    let (a, b) = (matches[0].player_a, matches[1].player_a);
    // Two players at one table cannot be swapped; two at different tables can.
    let same_table = rounds::swap(
        &day.db,
        day.t,
        &round,
        matches[0].player_a,
        matches[0].player_b.unwrap(),
        day.organiser,
    )
    .await;
    assert_eq!(refusal(same_table), Refusal::SwapInvalid);
    rounds::swap(&day.db, day.t, &round, a, b, day.organiser).await.unwrap();
    let swapped = day.matches(n).await;
    assert_eq!((swapped[0].player_a, swapped[1].player_a), (b, a));
    day.publish(n).await;
    let discarded = rounds::discard(&day.db, day.t, &round, day.organiser).await;
    assert!(matches!(discarded, Err(AppError::Store(StoreError::Conflict))), "{discarded:?}");
    // A draft goes, with its pairings.
    day.play(n).await;
    day.lock(n).await;
    let next = day.pair().await;
    rounds::discard(&day.db, day.t, &day.round(next).await, day.organiser).await.unwrap();
    assert!(store::rounds::by_number(&day.db, day.t, next).await.unwrap().is_none());
}

#[tokio::test]
async fn tables_go_only_to_the_tournaments_referees_and_only_in_an_open_round() {
    let day = Day::new(4).await;
    let n = day.pair().await;
    let round = day.round(n).await;
    let assign = |from: i64, to: i64, who: Option<&'static str>| {
        let round = round.clone();
        let (db, t, by) = (day.db.clone(), day.t, day.organiser);
        async move { rounds::assign_referee(&db, t, &round, from, to, who, by).await }
    };
    assert_eq!(assign(1, 2, Some("referee")).await.unwrap(), vec![1, 2]);
    store::users::create(&day.db, "stranger", "not-a-hash", false).await.unwrap();
    assert_eq!(refusal(assign(1, 1, Some("stranger")).await), Refusal::NotAReferee);
    assert_eq!(refusal(assign(1, 1, Some("nobody")).await), Refusal::NotAReferee);
    assert_eq!(refusal(assign(50, 60, Some("referee")).await), Refusal::NoTablesInRange);
    day.publish(n).await;
    day.play(n).await;
    day.lock(n).await;
    assert_eq!(refusal(rounds::open_for_assignment(&day.db, day.t, n).await), Refusal::RoundNotOpen);
    // The round read before the lock: the write's own transaction refuses it.
    assert_eq!(refusal(assign(1, 1, None).await), Refusal::RoundNotOpen);
}

#[tokio::test]
async fn a_lock_decided_on_a_stale_snapshot_is_not_saved() {
    let day = Day::new(4).await;
    let n = day.pair().await;
    day.publish(n).await;
    day.play(n).await;
    let seen = day.snapshot().await;
    assert!(seen.round_complete(&day.round(n).await));
    // A walkover recorded after the snapshot (the stamp moves on).
    let m = &day.matches(n).await[0];
    day.forfeit(m, Some(Forfeit::AbsentB)).await.unwrap();
    let round = day.round(n).await;
    let stale = store::rounds::advance(
        &day.db,
        day.t,
        Some(seen.stamp),
        round.id,
        Status::Published,
        Status::Locked,
        day.organiser,
    )
    .await;
    assert!(matches!(stale, Err(StoreError::Conflict)), "{stale:?}");
    assert_eq!(day.round(n).await.status(), Status::Published);
    // Decided again on a fresh snapshot, the lock goes through (a walkover decides the match).
    day.lock(n).await;
    assert_eq!(day.round(n).await.status(), Status::Locked);
}

/// Races a referee clearing a walkover (the last match's decision) against the organiser locking
/// the round, many times over: the round never ends locked with a match undecided. Before the
/// walkover's round status was checked in its own transaction, and the lock on the stamp it was
/// decided on, either side could slip between the other's check and its write.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn clearing_a_walkover_racing_a_lock_never_leaves_a_locked_round_undecided() {
    for _ in 0..12 {
        let day = Day::new(4).await;
        let n = day.pair().await;
        day.publish(n).await;
        let matches = day.matches(n).await;
        day.a_wins(&matches[0], 20).await;
        let m = &matches[1];
        day.forfeit(m, Some(Forfeit::AbsentB)).await.unwrap();
        let m = results::find_match(&day.db, day.t, m.id).await.unwrap();
        let (db, t, organiser, referee) = (day.db.clone(), day.t, day.organiser, day.referee);
        let lock = tokio::spawn({
            let db = db.clone();
            async move { rounds::lock(&db, t, n, organiser).await }
        });
        let clear = tokio::spawn({
            let db = db.clone();
            async move { results::set_forfeit(&db, t, &m, m.version, None, Role::Referee, referee).await }
        });
        let (locked, cleared) = (lock.await.unwrap(), clear.await.unwrap());
        let data = day.snapshot().await;
        let round = data.rounds.iter().find(|r| r.number == n).unwrap();
        if round.status() == Status::Locked {
            assert!(data.round_complete(round), "locked with a match undecided");
            assert!(locked.is_ok());
            if let Err(e) = cleared {
                assert_eq!(refusal::<()>(Err(e)), Refusal::RoundNotOpen);
            }
        } else {
            assert!(cleared.is_ok());
            assert_eq!(refusal(locked), Refusal::ResultsMissing { round: n });
        }
    }
}
