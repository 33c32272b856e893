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

/// The next step the rounds accept, on a fresh snapshot.
async fn next(day: &Day) -> bitwa::app::next_step::NextStep {
    bitwa::app::next_step::plan_of(&day.snapshot().await).next
}

#[tokio::test]
async fn the_next_step_offered_is_the_one_the_use_cases_accept_until_the_final_is_decided() {
    use bitwa::app::knockout::pair_next_round;
    use bitwa::app::next_step::NextStep;
    let day = Day::with(4, |cfg| cfg.swiss_rounds = 1).await;
    assert_eq!(next(&day).await, NextStep::PairSwiss);
    let n = day.pair().await;
    assert_eq!(next(&day).await, NextStep::Blocked(Refusal::LockFirst { round: n }));
    day.publish(n).await;
    let plan = bitwa::app::next_step::plan_of(&day.snapshot().await);
    assert!(!plan.can_lock(&n), "results missing: locking would be refused");
    day.play(n).await;
    let plan = bitwa::app::next_step::plan_of(&day.snapshot().await);
    assert!(plan.can_lock(&n) && plan.reopenable.is_none());
    day.lock(n).await;
    assert_eq!(next(&day).await, NextStep::StartKnockout);
    assert!(bitwa::app::next_step::plan_of(&day.snapshot().await).can_reopen(&n));
    let mut round = pair_next_round(&day.db, day.t, 7, day.organiser).await.unwrap();
    loop {
        assert_eq!(next(&day).await, NextStep::Blocked(Refusal::LockFirst { round }));
        day.publish(round).await;
        day.play(round).await;
        day.lock(round).await;
        match next(&day).await {
            NextStep::NextKnockoutRound => {
                round = pair_next_round(&day.db, day.t, 7, day.organiser).await.unwrap()
            }
            NextStep::Over => break,
            other => panic!("after knockout round {round}: {other:?}"),
        }
    }
    // Over: what it offers nothing for, the use case refuses.
    let more = pair_next_round(&day.db, day.t, 7, day.organiser).await;
    assert_eq!(refusal(more), Refusal::KnockoutOver);
    assert_eq!(round, 3, "semifinals, then the final");
}

#[tokio::test]
async fn a_locked_round_opens_again_with_a_reason_until_the_next_round_is_paired() {
    let day = Day::new(4).await;
    let n = day.played_round().await;
    let no_reason = rounds::unlock(&day.db, day.t, n, "  ", day.organiser).await;
    assert_eq!(refusal(no_reason), Refusal::ReasonRequired);
    assert_eq!(day.round(n).await.status(), Status::Locked);
    rounds::unlock(&day.db, day.t, n, "table 2 typed the wrong winner", day.organiser).await.unwrap();
    assert_eq!(day.round(n).await.status(), Status::Published);
    // Open: a referee enters results again; opening it twice is a success.
    let m = day.matches(n).await.remove(0);
    day.enter_as(&m, 1, &day::red_wins(24), Role::Referee).await.unwrap();
    rounds::unlock(&day.db, day.t, n, "again", day.organiser).await.unwrap();
    let history = store::history::for_tournament(&day.db, day.t).await.unwrap();
    let reasons: Vec<&str> = history
        .iter()
        .filter_map(|e| match &e.change {
            store::history::Change::RoundUnlocked { reason, .. } => Some(reason.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(reasons, ["table 2 typed the wrong winner"], "logged once, with its reason");
    day.lock(n).await;
    // Once the next round is paired (a draft too), the round stays locked.
    let next_round = day.pair().await;
    let refused = rounds::unlock(&day.db, day.t, n, "too late", day.organiser).await;
    assert_eq!(refusal(refused), Refusal::NextRoundPaired);
    assert_eq!(day.round(n).await.status(), Status::Locked);
    assert!(!bitwa::app::next_step::plan_of(&day.snapshot().await).can_reopen(&n));
    // A round that is not locked is not "opened again".
    let draft = rounds::unlock(&day.db, day.t, next_round, "a draft", day.organiser).await;
    assert!(matches!(draft, Err(AppError::Store(StoreError::Conflict))), "{draft:?}");
}

#[tokio::test]
async fn no_round_is_paired_below_two_active_players_and_the_next_step_says_so() {
    use bitwa::app::next_step::{NextStep, next_step};
    for players in [0, 1] {
        let day = Day::new(players).await;
        let data = day.snapshot().await;
        assert_eq!(next_step(&data), NextStep::Blocked(Refusal::TooFewPlayers { active: players }));
        let paired = rounds::pair_next_swiss_round(&day.db, day.t, day.organiser).await;
        assert_eq!(refusal(paired), Refusal::TooFewPlayers { active: players });
        assert!(store::rounds::list(&day.db, day.t).await.unwrap().is_empty(), "no round created");
    }
    // Two players, one withdrawn: one active.
    let day = Day::new(2).await;
    let p = bitwa::app::registration::player(&day.db, day.t, day.players[1]).await.unwrap();
    let withdraw =
        bitwa::store::players::PlayerChange { withdrawn: true, knowledge_score: p.knowledge_score };
    bitwa::app::registration::change(&day.db, day.t, &p, p.version, &withdraw, day.organiser).await.unwrap();
    assert_eq!(next_step(&day.snapshot().await), NextStep::Blocked(Refusal::TooFewPlayers { active: 1 }));
    // Two active players: a round of one table.
    let day = Day::new(2).await;
    assert_eq!(next_step(&day.snapshot().await), NextStep::PairSwiss);
    assert_eq!(day.pair().await, 1);
    assert_eq!(day.matches(1).await.len(), 1);
}

#[tokio::test]
async fn a_round_with_no_table_is_never_published() {
    // A draft with no table (stored as an older version could: the league pairs none now).
    let day = Day::new(0).await;
    store::rounds::create(&day.db, day.t, None, 1, store::rounds::Phase::Swiss, "{}", &[], day.organiser)
        .await
        .unwrap();
    let round = day.round(1).await;
    let published = rounds::publish(&day.db, day.t, &round, day.organiser).await;
    assert_eq!(refusal(published), Refusal::EmptyRound);
    assert_eq!(day.round(1).await.status(), Status::Draft);
    // The store refuses it in the write's transaction too, whoever calls it.
    let direct = store::rounds::advance(
        &day.db,
        day.t,
        None,
        round.id,
        Status::Draft,
        Status::Published,
        day.organiser,
    )
    .await;
    assert!(matches!(direct, Err(StoreError::Conflict)), "{direct:?}");
}
