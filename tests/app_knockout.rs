//! The knockout use cases (`app::knockout`, and the extra game in `app::results`) against a real
//! store, without HTTP: when the knockout may start, the top K it seeds (checked against an order
//! computed here by hand from the results entered), its rounds to the end, the extra game's lot.

#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "support/day.rs"]
#[allow(dead_code)]
mod day;

use bitwa::app::results::{self, ExtraGame};
use bitwa::app::{AppError, Refusal, knockout, registration};
use bitwa::store::PlayerId;
use bitwa::store::players::PlayerChange;
use bitwa::store::rounds::{Forfeit, Phase};
use bitwa::store::tournaments::Role;
use day::{Day, polish_wins, red_wins, refusal};

const LOT: u64 = 1920;

async fn pair_knockout(day: &Day) -> Result<i64, AppError> {
    knockout::pair_next_round(&day.db, day.t, LOT, day.organiser).await
}

/// Six players, one Swiss round, a knockout of four ranked by match points, then Red-side points.
async fn six_after_the_swiss() -> (Day, Vec<PlayerId>) {
    let day = Day::with(6, |cfg| {
        cfg.swiss_rounds = 1;
        cfg.knockout_size = 4;
        cfg.tiebreaks = "red_side_points".parse().unwrap();
    })
    .await;
    assert_eq!(refusal(pair_knockout(&day).await), Refusal::SwissNotDone);
    let n = day.pair().await;
    assert_eq!(refusal(pair_knockout(&day).await), Refusal::LockFirst { round: n });
    day.publish(n).await;
    // Table by table: `player_a` wins 2:0 scoring `won` as Red; `player_b` scores `lost` as Red.
    let points = [(30, 6), (10, 15), (20, 25)];
    let matches = day.matches(n).await;
    let mut table: Vec<(PlayerId, i64, i64)> = Vec::new(); // (player, match points, Red-side points)
    for (m, (won, lost)) in matches.iter().zip(points) {
        day.enter(m, 1, &red_wins(won)).await;
        day.enter(m, 2, &polish_wins(lost)).await;
        table.push((m.player_a, 2, won));
        table.push((m.player_b.unwrap(), 0, lost));
    }
    day.lock(n).await;
    // The best winner withdraws: the knockout seeds the other players only.
    let best = matches[0].player_a;
    let p = registration::player(&day.db, day.t, best).await.unwrap();
    let change = PlayerChange { withdrawn: true, knowledge_score: p.knowledge_score };
    registration::change(&day.db, day.t, &p, p.version, &change, day.organiser).await.unwrap();
    // By hand: match points, then Red-side points (no two players level), without the withdrawn one.
    table.retain(|&(p, _, _)| p != best);
    table.sort_by_key(|&(_, points, red)| (std::cmp::Reverse(points), std::cmp::Reverse(red)));
    let top: Vec<PlayerId> = table.iter().take(4).map(|&(p, _, _)| p).collect();
    assert_eq!(
        top,
        [
            matches[2].player_a,
            matches[1].player_a,
            matches[2].player_b.unwrap(),
            matches[1].player_b.unwrap()
        ]
    );
    (day, top)
}

#[tokio::test]
async fn the_knockout_seeds_the_top_k_of_the_standings_without_withdrawn_players() {
    let (day, top) = six_after_the_swiss().await;
    let n = pair_knockout(&day).await.unwrap();
    let data = day.snapshot().await;
    let seeding = data.seeding().expect("stored with the first knockout round");
    assert_eq!(seeding.ranked, top.iter().map(|p| p.0).collect::<Vec<_>>());
    assert_eq!(seeding.lot_seed, LOT);
    // Seeds 1 v 4 and 2 v 3, the better seed Red first.
    let round = day.round(n).await;
    assert_eq!(round.phase(), Phase::Knockout);
    let pairs: Vec<(PlayerId, Option<PlayerId>)> =
        day.matches(n).await.iter().map(|m| (m.player_a, m.player_b)).collect();
    assert_eq!(pairs, [(top[0], Some(top[3])), (top[1], Some(top[2]))]);
}

#[tokio::test]
async fn the_knockout_is_paired_round_by_round_until_the_final_is_decided() {
    let (day, top) = six_after_the_swiss().await;
    let semis = pair_knockout(&day).await.unwrap();
    assert_eq!(refusal(pair_knockout(&day).await), Refusal::LockFirst { round: semis });
    day.publish(semis).await;
    // A knockout match cannot end with both players absent.
    let m = day.matches(semis).await.remove(0);
    let both = results::set_forfeit(
        &day.db,
        day.t,
        &m,
        m.version,
        Some(Forfeit::AbsentBoth),
        Role::Referee,
        day.referee,
    )
    .await;
    assert_eq!(refusal(both), Refusal::KnockoutNeedsAWinner);
    day.play(semis).await;
    day.lock(semis).await;
    let final_round = pair_knockout(&day).await.unwrap();
    let finals = day.matches(final_round).await;
    assert_eq!(finals.len(), 1);
    assert_eq!((finals[0].player_a, finals[0].player_b), (top[0], Some(top[1])));
    day.publish(final_round).await;
    day.play(final_round).await;
    day.lock(final_round).await;
    assert_eq!(refusal(pair_knockout(&day).await), Refusal::KnockoutOver);
    assert_eq!(
        day.snapshot().await.knockout_bracket().unwrap().unwrap().champion(),
        Some(bitwa::league::PlayerId(top[0].0))
    );
}

#[tokio::test]
async fn a_level_knockout_match_draws_its_extra_games_red_side_once() {
    let (day, _) = six_after_the_swiss().await;
    let semis = pair_knockout(&day).await.unwrap();
    day.publish(semis).await;
    let matches = day.matches(semis).await;
    // 1:1 with the same Red-side points and the same knowledge-test score: level.
    day.enter(&matches[0], 1, &red_wins(20)).await;
    day.enter(&matches[0], 2, &red_wins(20)).await;
    day.a_wins(&matches[1], 20).await;
    assert_eq!(
        refusal(results::draw_extra_game(&day.db, day.t, matches[1].id, day.referee).await),
        Refusal::NoExtraGame
    );
    assert_eq!(
        refusal(bitwa::app::rounds::lock(&day.db, day.t, semis, day.organiser).await),
        Refusal::ResultsMissing { round: semis }
    );
    let drawn = results::draw_extra_game(&day.db, day.t, matches[0].id, day.referee).await.unwrap();
    let ExtraGame::Drawn(lot) = drawn else { panic!("drawn now: {drawn:?}") };
    let players = [matches[0].player_a, matches[0].player_b.unwrap()];
    assert!(players.iter().any(|p| p.0 == lot.red.0), "{lot:?}");
    // A repeated click draws nothing new.
    assert_eq!(
        results::draw_extra_game(&day.db, day.t, matches[0].id, day.referee).await.unwrap(),
        ExtraGame::DrawnBefore
    );
    let data = day.snapshot().await;
    let extra = data.games_of(matches[0].id).iter().find(|g| g.game_no == 3).expect("the extra game").clone();
    assert_eq!(extra.red_player.0, lot.red.0);
    day.enter(&matches[0], 3, &red_wins(20)).await;
    day.lock(semis).await;
}

#[tokio::test]
async fn a_tournament_without_a_knockout_refuses_one() {
    let day = Day::with(4, |cfg| {
        cfg.swiss_rounds = 1;
        cfg.knockout_size = 0;
    })
    .await;
    day.played_round().await;
    assert_eq!(refusal(pair_knockout(&day).await), Refusal::NoKnockout);
}
