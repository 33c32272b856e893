//! The result use cases (`app::results`) against a real store, without HTTP: who may enter
//! results in which round, the result's rules (typed or from a move log), walkovers, deck checks,
//! and writes that lose a race to a lock. Refusals are asserted as typed values.

#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "support/day.rs"]
#[allow(dead_code)]
mod day;

use bitwa::app::results::{self, DeckSide, Submission, Typed};
use bitwa::app::{AppError, Refusal, rounds};
use bitwa::engine::{Edition, random_game};
use bitwa::outcome::{Side, Termination};
use bitwa::store::StoreError;
use bitwa::store::deck_checks::NewDeckCheck;
use bitwa::store::games::LogStatus;
use bitwa::store::rounds::Forfeit;
use bitwa::store::tournaments::Role;
use day::{Day, polish_wins, red_wins, refusal, typed};

/// A header tag of a log as written (the log's own claim, read without the engine).
fn tag<'a>(log: &'a str, name: &str) -> &'a str {
    let start = format!("[{name} \"");
    let line = log.lines().find(|l| l.starts_with(&start)).expect("the tag");
    line[start.len()..].trim_end_matches("\"]")
}

#[tokio::test]
async fn results_go_into_published_rounds_and_an_organiser_corrects_locked_ones() {
    let day = Day::new(4).await;
    let n = day.pair().await;
    let m = day.matches(n).await.remove(0);
    // A draft takes no result from anyone.
    for role in [Role::Referee, Role::Organiser] {
        assert_eq!(refusal(day.enter_as(&m, 1, &red_wins(20), role).await), Refusal::RoundNotOpen);
    }
    day.publish(n).await;
    day.play(n).await;
    day.lock(n).await;
    assert_eq!(refusal(day.enter_as(&m, 1, &red_wins(24), Role::Referee).await), Refusal::RoundNotOpen);
    day.enter_as(&m, 1, &red_wins(24), Role::Organiser).await.unwrap();
    let data = day.snapshot().await;
    assert_eq!(data.games_of(m.id)[0].red_points, Some(24));
}

#[tokio::test]
async fn a_correction_racing_a_lock_is_refused_in_the_writes_transaction() {
    let day = Day::new(4).await;
    let n = day.pair().await;
    day.publish(n).await;
    day.play(n).await;
    let m = day.matches(n).await.remove(0);
    let (game, version) = day.game(&m, 1).await;
    // The referee's form was checked while the round was open ...
    let open = results::open_game(&day.db, day.t, game, Role::Referee).await.unwrap();
    // ... then the organiser locked it ...
    day.lock(n).await;
    // ... and the correction arrives: the save's own transaction refuses it.
    let t = day.tournament().await;
    let late = results::enter(
        &day.db,
        &t,
        &open,
        version,
        &red_wins(28),
        Edition::builtin(),
        Role::Referee,
        day.referee,
    )
    .await;
    assert_eq!(refusal(late), Refusal::RoundNotOpen);
    assert_eq!(day.snapshot().await.games_of(m.id)[0].red_points, Some(20));
    // The same for a walkover on a match read before the lock.
    let stale = results::set_forfeit(
        &day.db,
        day.t,
        &m,
        m.version,
        Some(Forfeit::AbsentA),
        Role::Referee,
        day.referee,
    )
    .await;
    assert_eq!(refusal(stale), Refusal::RoundNotOpen);
}

#[tokio::test]
async fn a_typed_result_needs_every_field_and_a_winner_the_ending_allows() {
    let day = Day::new(4).await;
    let n = day.pair().await;
    day.publish(n).await;
    let m = day.matches(n).await.remove(0);
    let partial =
        Submission { typed: Typed { winner: Some(Side::Red), ..Typed::default() }, ..Submission::default() };
    assert_eq!(
        refusal(day.enter_as(&m, 1, &partial, Role::Referee).await),
        Refusal::ResultIncomplete { winner: false, termination: true, red_points: true }
    );
    // Warsaw entered is a Red win only.
    let wrong = typed(Side::Polish, Termination::WarsawEntered, 20);
    assert_eq!(
        refusal(day.enter_as(&m, 1, &wrong, Role::Referee).await),
        Refusal::WinsOnly { termination: Termination::WarsawEntered, winner: Side::Red }
    );
    // Either side may win on a Radzymin check.
    day.enter(&m, 1, &typed(Side::Polish, Termination::RadzyminCheck, 6)).await;
}

#[tokio::test]
async fn a_move_log_decides_the_result_and_typed_fields_must_agree_with_it() {
    let day = Day::new(4).await;
    let n = day.pair().await;
    day.publish(n).await;
    let matches = day.matches(n).await;
    let t = day.tournament().await;
    let options = bitwa::app::tournament::rule_options(&t.config());
    let log = random_game(7, Edition::builtin(), &options).to_string();
    let winner: Side = tag(&log, "Result").parse().unwrap();
    let termination: Termination = tag(&log, "Termination").parse().unwrap();
    let points: u32 = tag(&log, "RedPoints").parse().unwrap();
    // The other side typed as the winner: the log's winner comes back beside the field.
    let contradicting = Submission {
        typed: Typed { winner: Some(winner.opponent()), ..Typed::default() },
        log: log.clone(),
        accept_invalid: false,
    };
    assert_eq!(
        refusal(day.enter_as(&matches[0], 1, &contradicting, Role::Referee).await),
        Refusal::Contradicts { winner: Some(winner), termination: None, red_points: None }
    );
    day.enter(&matches[0], 1, &Submission { log: log.clone(), ..Submission::default() }).await;
    let g = day.snapshot().await.games_of(matches[0].id)[0].clone();
    assert_eq!(
        (g.winner, g.termination, g.red_points),
        (Some(winner), Some(termination), Some(i64::from(points)))
    );
    assert_eq!(g.log_status, LogStatus::Valid);
    // A log cut short does not validate: refused with the engine's first error, unless the
    // referee keeps it beside a complete typed result.
    let cut: String = log.lines().take(20).map(|l| format!("{l}\n")).collect();
    let refused = refusal(
        day.enter_as(
            &matches[1],
            1,
            &Submission { log: cut.clone(), ..Submission::default() },
            Role::Referee,
        )
        .await,
    );
    assert!(matches!(refused, Refusal::InvalidLog(_)), "{refused:?}");
    let incomplete = Submission { log: cut.clone(), accept_invalid: true, ..Submission::default() };
    assert!(matches!(
        refusal(day.enter_as(&matches[1], 1, &incomplete, Role::Referee).await),
        Refusal::ResultIncomplete { winner: true, termination: true, red_points: true }
    ));
    let kept = Submission { log: cut, accept_invalid: true, ..red_wins(20) };
    day.enter(&matches[1], 1, &kept).await;
    assert_eq!(day.snapshot().await.games_of(matches[1].id)[0].log_status, LogStatus::Invalid);
}

#[tokio::test]
async fn the_same_result_again_is_a_success_and_another_one_a_conflict() {
    let day = Day::new(4).await;
    let n = day.pair().await;
    day.publish(n).await;
    let m = day.matches(n).await.remove(0);
    let (game, version) = day.game(&m, 1).await;
    let t = day.tournament().await;
    let open = results::open_game(&day.db, day.t, game, Role::Referee).await.unwrap();
    let enter = |s: Submission| {
        let (db, t, open) = (day.db.clone(), t.clone(), &open);
        async move {
            results::enter(&db, &t, open, version, &s, Edition::builtin(), Role::Referee, day.referee).await
        }
    };
    enter(red_wins(20)).await.unwrap();
    // The version the form was loaded with, again: the same result (a double click) is saved ...
    enter(red_wins(20)).await.unwrap();
    // ... another one lost the race.
    assert!(matches!(enter(red_wins(24)).await, Err(AppError::Store(StoreError::Conflict))));
}

#[tokio::test]
async fn a_walkover_decides_the_match_and_refuses_game_results_beside_it() {
    let day = Day::new(5).await;
    let n = day.pair().await;
    day.publish(n).await;
    let data = day.snapshot().await;
    let round = day.round(n).await;
    let bye =
        data.matches_of_round(&round).find(|m| m.player_b.is_none()).expect("a bye with 5 players").clone();
    assert_eq!(
        refusal(
            results::set_forfeit(
                &day.db,
                day.t,
                &bye,
                bye.version,
                Some(Forfeit::AbsentA),
                Role::Referee,
                day.referee
            )
            .await
        ),
        Refusal::Bye
    );
    let m = day.matches(n).await.remove(0);
    results::set_forfeit(&day.db, day.t, &m, m.version, Some(Forfeit::AbsentB), Role::Referee, day.referee)
        .await
        .unwrap();
    assert_eq!(refusal(day.enter_as(&m, 1, &red_wins(20), Role::Referee).await), Refusal::MatchForfeited);
    // The same choice again from the form loaded before: a success.
    results::set_forfeit(&day.db, day.t, &m, m.version, Some(Forfeit::AbsentB), Role::Referee, day.referee)
        .await
        .unwrap();
}

#[tokio::test]
async fn a_deck_check_lists_what_a_short_deck_lacks_and_goes_only_into_a_published_round() {
    let day = Day::new(4).await;
    let edition = Edition::builtin();
    let full = i64::try_from(results::card_list(edition, Side::Red).len()).unwrap();
    let first = results::card_list(edition, Side::Red)[0].0;
    assert_eq!(results::check_deck_side(edition, Side::Red, full, &[]), Ok(DeckSide::default()));
    assert_eq!(
        results::check_deck_side(edition, Side::Red, full, &[first]),
        Err(Refusal::DeckMissingButNotShort { side: Side::Red })
    );
    assert_eq!(
        results::check_deck_side(edition, Side::Polish, full - 1, &[1, 2]),
        Err(Refusal::DeckMoreMissingThanShort { side: Side::Polish, short: 1, listed: 2 })
    );
    let short = results::check_deck_side(edition, Side::Red, full - 1, &[first]).unwrap();
    assert!(short.short);
    assert_eq!(short.missing.len(), 1);
    assert!(short.missing[0].1.starts_with(&format!("R{first:02} ")), "{:?}", short.missing);
    let unlisted = results::check_deck_side(edition, Side::Red, full - 1, &[]).unwrap();
    assert_eq!(results::check_swap(std::slice::from_ref(&unlisted), ""), Err(Refusal::SwapNeeded));
    assert_eq!(results::check_swap(&[unlisted], "B"), Ok(()));
    let n = day.pair().await;
    let m = day.matches(n).await.remove(0);
    let check = NewDeckCheck {
        set_label: "A".into(),
        red_count: full,
        polish_count: full,
        swapped_to: String::new(),
        missing_cards: vec![],
    };
    assert_eq!(
        refusal(results::record_deck_check(&day.db, day.t, m.id, &check, day.referee).await),
        Refusal::RoundNotPublished
    );
    day.publish(n).await;
    results::record_deck_check(&day.db, day.t, m.id, &check, day.referee).await.unwrap();
}

#[tokio::test]
async fn a_draft_takes_no_lock_and_its_round_locks_once_published_and_played() {
    // Two players, one match: a draft has no results, so it is never locked.
    let day = Day::new(2).await;
    let n = day.pair().await;
    assert_eq!(
        refusal(rounds::lock(&day.db, day.t, n, day.organiser).await),
        Refusal::ResultsMissing { round: n }
    );
    let m = day.matches(n).await.remove(0);
    day.publish(n).await;
    day.enter(&m, 1, &red_wins(20)).await;
    day.enter(&m, 2, &polish_wins(0)).await;
    day.lock(n).await;
}
