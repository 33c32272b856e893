//! The stages' use cases (`app::stages`) against a real store, without HTTP: the national final's
//! format (16 players, 4 groups of 4, top 2 by crossover into a knockout of 8) from the choice of
//! format to the knockout's second round, and every step refused when taken out of order. The
//! expected schedules are FIDE's Berger table for 3/4 players (Handbook C.05, Annex 1) typed in
//! by hand; the expected draws are the snake written out by hand.

#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "support/day.rs"]
#[allow(dead_code)]
mod day;

use bitwa::app::snapshot::MatchState;
use bitwa::app::stages::{self, close, draw, format, group_round, lot, qualify, withdraw};
use bitwa::app::{Refusal, StageRefusal, knockout, registration, rounds};
use bitwa::league::qualification::Origin;
use bitwa::league::round_robin::standings::Tie;
use bitwa::league::stages::{
    GroupLabel, GroupQualify, GroupStage, KnockoutEntry, KnockoutStage, Seeding, Separation, Stage,
    StagesError,
};
use bitwa::store::PlayerId;
use bitwa::store::players::NewPlayer;
use bitwa::store::rounds::{Forfeit, MatchRow, Phase};
use chrono::NaiveDate;
use day::{Day, polish_wins, red_wins, refusal};

const LOT: u64 = 1920;

fn groups(seeding: Seeding, separation: Separation) -> GroupStage {
    GroupStage {
        count: 4,
        double: false,
        seeding,
        separation,
        qualify: GroupQualify { per_group: 2, best_next: 0 },
    }
}

/// The final's format: 4 groups of 4, top 2 by crossover into 8.
fn the_final(seeding: Seeding, separation: Separation) -> Vec<Stage> {
    vec![
        Stage::Groups(groups(seeding, separation)),
        Stage::Knockout(KnockoutStage { size: 8, third_place: true, from: KnockoutEntry::Crossover }),
    ]
}

fn stage_refusal<T: std::fmt::Debug>(r: Result<T, bitwa::app::AppError>) -> StageRefusal {
    match refusal(r) {
        Refusal::Stage(s) => s,
        other => panic!("expected a stage refusal, got {other:?}"),
    }
}

/// 16 players (`Player 1` ... in seed order) with the final's format chosen.
async fn final_day(seeding: Seeding, separation: Separation) -> Day {
    let day = Day::new(16).await;
    format::choose(&day.db, day.t, the_final(seeding, separation), day.organiser).await.unwrap();
    day
}

async fn group_matches(day: &Day, number: i64, group: i64) -> Vec<MatchRow> {
    day.matches(number).await.into_iter().filter(|m| m.group_no == Some(group)).collect()
}

#[tokio::test]
async fn a_tournament_made_as_before_is_swiss_then_knockout_and_refuses_group_steps() {
    let day = Day::new(6).await;
    let data = day.snapshot().await;
    let stages = stages::stages_of(&data).unwrap();
    assert_eq!(
        stages.stages(),
        &[
            Stage::Swiss { rounds: 3 },
            Stage::Knockout(KnockoutStage {
                size: 4,
                third_place: false,
                from: KnockoutEntry::SwissStandings
            })
        ]
    );
    assert_eq!(
        stage_refusal(draw::preview(&data, LOT).map_err(bitwa::app::AppError::from)),
        StageRefusal::NotGroups
    );
    assert_eq!(
        stage_refusal(group_round::pair_next(&day.db, day.t, day.organiser).await),
        StageRefusal::NotGroups
    );
    assert_eq!(stage_refusal(close::close(&day.db, day.t, day.organiser).await), StageRefusal::NotGroups);
    // The configuration moves its stages with it.
    let mut cfg = day.tournament().await.config();
    cfg.knockout_size = 0;
    cfg.swiss_rounds = 4;
    let version = day.tournament().await.version;
    bitwa::app::tournament::configure(&day.db, day.t, version, &cfg, day.organiser).await.unwrap();
    assert_eq!(stages::stages_of(&day.snapshot().await).unwrap().stages(), &[Stage::Swiss { rounds: 4 }]);
}

#[tokio::test]
async fn the_format_is_checked_whole_and_fixed_once_the_groups_are_drawn() {
    let day = Day::new(16).await;
    let mut wrong = the_final(Seeding::Snake, Separation::None);
    wrong[1] = Stage::Knockout(KnockoutStage { size: 4, third_place: false, from: KnockoutEntry::Crossover });
    assert_eq!(
        stage_refusal(format::choose(&day.db, day.t, wrong, day.organiser).await),
        StageRefusal::Invalid(StagesError::SizeMismatch { size: 4, qualified: 8 })
    );
    let t = day.tournament().await;
    let choice = format::GroupsChoice {
        count: 4,
        double: false,
        seeding: Seeding::Snake,
        separation: Separation::None,
        qualify: GroupQualify { per_group: 2, best_next: 0 },
        entry: KnockoutEntry::Crossover,
    };
    let preset = format::preset(format::Preset::GroupsKnockout, &t, choice);
    assert_eq!(
        preset,
        the_final(Seeding::Snake, Separation::None)
            .into_iter()
            .map(|s| match s {
                Stage::Knockout(k) => Stage::Knockout(KnockoutStage { third_place: false, ..k }),
                other => other,
            })
            .collect::<Vec<_>>()
    );
    format::choose(&day.db, day.t, preset, day.organiser).await.unwrap();
    // A Swiss round or a Swiss knockout does not belong to this format.
    assert_eq!(
        stage_refusal(rounds::pair_next_swiss_round(&day.db, day.t, day.organiser).await),
        StageRefusal::NotSwiss
    );
    assert_eq!(
        stage_refusal(knockout::pair_next_round(&day.db, day.t, LOT, day.organiser).await),
        StageRefusal::QualifyFirst
    );
    assert_eq!(
        stage_refusal(group_round::pair_next(&day.db, day.t, day.organiser).await),
        StageRefusal::NotDrawn
    );
    draw::fix(&day.db, day.t, LOT, day.organiser).await.unwrap();
    assert_eq!(
        stage_refusal(
            format::choose(&day.db, day.t, the_final(Seeding::Lot, Separation::None), day.organiser).await
        ),
        StageRefusal::FormatFixed
    );
    assert_eq!(
        stage_refusal(draw::fix(&day.db, day.t, LOT, day.organiser).await),
        StageRefusal::AlreadyDrawn
    );
}

#[tokio::test]
async fn the_snake_deals_seeds_one_eight_nine_sixteen_to_group_a_and_the_preview_is_what_is_fixed() {
    let day = final_day(Seeding::Snake, Separation::None).await;
    let preview = draw::preview(&day.snapshot().await, LOT).unwrap();
    let fixed = draw::fix(&day.db, day.t, LOT, day.organiser).await.unwrap();
    assert_eq!(preview, fixed);
    assert_eq!(fixed.lot_seed, None, "a snake draws no lot");
    let p = |seed: usize| day.players[seed - 1];
    // Written out by hand: rows 1-4 left to right, 5-8 right to left, ...
    let expected = vec![
        vec![p(1), p(8), p(9), p(16)],
        vec![p(2), p(7), p(10), p(15)],
        vec![p(3), p(6), p(11), p(14)],
        vec![p(4), p(5), p(12), p(13)],
    ];
    assert_eq!(stages::drawn_groups(&day.snapshot().await), expected);
}

#[tokio::test]
async fn a_draw_by_pots_keeps_each_school_apart_and_repeats_with_its_seed() {
    let day = Day::new(0).await;
    format::choose(&day.db, day.t, the_final(Seeding::Pots, Separation::School), day.organiser)
        .await
        .unwrap();
    // Four schools of four, registered school by school: every pot is one school.
    let new: Vec<NewPlayer> = (0..16)
        .map(|i| NewPlayer {
            name: format!("Gracz {i}"),
            birth_date: NaiveDate::from_ymd_opt(2010, 1, 1).unwrap(),
            club: format!("Szkoła {}", i / 4),
            region: String::new(),
            knowledge_score: Some(10),
            age_override: false,
            person: bitwa::store::players::PersonLink::Match,
        })
        .collect();
    let ids = registration::register(&day.db, day.t, &new, day.organiser).await.unwrap();
    let data = day.snapshot().await;
    let a = draw::preview(&data, LOT).unwrap();
    assert_eq!(a, draw::preview(&data, LOT).unwrap(), "the same seed draws the same groups");
    assert_ne!(a.groups, draw::preview(&data, LOT + 1).unwrap().groups, "another seed, another draw");
    assert!(a.clashes.is_empty());
    let fixed = draw::fix(&day.db, day.t, LOT, day.organiser).await.unwrap();
    assert_eq!(fixed, a);
    assert_eq!(fixed.lot_seed, Some(LOT));
    let school = |p: PlayerId| ids.iter().position(|&x| x == p).unwrap() / 4;
    for g in stages::drawn_groups(&day.snapshot().await) {
        let mut schools: Vec<usize> = g.iter().map(|&p| school(p)).collect();
        schools.sort_unstable();
        assert_eq!(schools, vec![0, 1, 2, 3], "one of each school");
    }
    // The draw and its seed are in the history.
    let history = bitwa::store::history::for_tournament(&day.db, day.t).await.unwrap();
    assert!(history.iter().any(|r| matches!(
        &r.change,
        bitwa::store::history::Change::StageChanged {
            event: bitwa::store::stages::StageEvent::Drawn {
                seeding: Seeding::Pots,
                lot_seed: Some(1920),
                ..
            },
            ..
        }
    )));
}

/// FIDE's Berger table for 3/4 players (C.05 Annex 1), typed in: (White, Black) by round.
const BERGER_4: [[(u32, u32); 2]; 3] = [[(1, 4), (2, 3)], [(4, 3), (1, 2)], [(2, 4), (3, 1)]];

#[tokio::test]
async fn the_final_from_the_draw_to_the_knockout_second_round() {
    let day = final_day(Seeding::Snake, Separation::None).await;
    draw::fix(&day.db, day.t, LOT, day.organiser).await.unwrap();
    let groups = stages::drawn_groups(&day.snapshot().await);
    let number = |g: usize, p: PlayerId| groups[g].iter().position(|&x| x == p).unwrap() as u32 + 1;
    let withdrawn = groups[1][3]; // B4
    for (r, table) in BERGER_4.iter().enumerate() {
        let n = group_round::pair_next(&day.db, day.t, day.organiser).await.unwrap();
        // The next round waits for this one to be locked, as a Swiss round does.
        assert_eq!(
            refusal(group_round::pair_next(&day.db, day.t, day.organiser).await),
            Refusal::LockFirst { round: n }
        );
        assert_eq!(day.round(n).await.phase, Phase::Groups);
        let all = day.matches(n).await;
        assert_eq!(all.iter().map(|m| m.table_no).collect::<Vec<_>>(), (1..=8).collect::<Vec<_>>());
        for g in 0..4 {
            let ms = group_matches(&day, n, g as i64).await;
            let pairs: Vec<(u32, u32)> =
                ms.iter().map(|m| (number(g, m.player_a), number(g, m.player_b.unwrap()))).collect();
            assert_eq!(&pairs, table, "group {g}, round {}", r + 1);
        }
        if r == 1 {
            // B4 withdraws before round 2 is played: their match of it is a forfeit.
            withdraw::withdraw(&day.db, day.t, withdrawn, day.organiser).await.unwrap();
        }
        day.publish(n).await;
        for m in day.matches(n).await {
            if m.forfeit().is_some() {
                continue;
            }
            if m.group_no == Some(0) {
                // Group A: every game won by Red with 20 points: every match drawn, and it stands.
                day.enter(&m, 1, &red_wins(20)).await;
                day.enter(&m, 2, &red_wins(20)).await;
                let data = day.snapshot().await;
                let state = data.state(data.match_row(m.id).unwrap());
                assert!(matches!(state, MatchState::Decided(_)), "a drawn group match stands: {state:?}");
            } else {
                day.enter(&m, 1, &red_wins(20)).await;
                day.enter(&m, 2, &polish_wins(0)).await;
            }
        }
        day.lock(n).await;
    }
    assert_eq!(
        stage_refusal(group_round::pair_next(&day.db, day.t, day.organiser).await),
        StageRefusal::GroupsDone
    );
    let data = day.snapshot().await;
    let withdrawn_matches: Vec<&MatchRow> =
        data.matches.iter().filter(|m| m.player_a == withdrawn || m.player_b == Some(withdrawn)).collect();
    assert_eq!(withdrawn_matches.len(), 3);
    assert_eq!(
        withdrawn_matches.iter().filter(|m| m.forfeit().is_some()).count(),
        2,
        "rounds 2 and 3 forfeited"
    );
    assert!(
        withdrawn_matches
            .iter()
            .filter_map(|m| m.forfeit())
            .all(|f| matches!(f, Forfeit::WithdrewA | Forfeit::WithdrewB))
    );

    // Group A is level on everything: the lot decides places 1 to 4 (place 2 qualifies).
    let standings = stages::standings(&data).unwrap();
    assert!(standings[0].needs_lot());
    assert!(standings[0].rows.iter().all(|r| r.tie == Tie::NeedsLot));
    // Group B: B1, B2, B3 have 2 points and beat each other in a circle; B2 and B3 each won one
    // of them by B4's forfeit, which is no game in a round robin (nothing for Sonneborn-Berger:
    // C.07 as FIDE's calculator applies it to a round robin), so after B1's four games won B2
    // and B3 are level on everything at the qualifying place 2: a lot.
    assert!(standings[1].needs_lot());
    assert!(standings[1].rows.iter().all(|r| r.player.0 != withdrawn.0 || r.rank == 4), "B4 last");
    assert!(!standings[2].needs_lot());
    assert_eq!(
        stage_refusal(close::close(&day.db, day.t, day.organiser).await),
        StageRefusal::LotPending { group: 0 }
    );
    assert_eq!(
        stage_refusal(lot::draw(&day.db, day.t, 2, 7, day.organiser).await),
        StageRefusal::NoTieToDraw { group: 2 }
    );
    lot::draw(&day.db, day.t, 0, 7, day.organiser).await.unwrap();
    assert_eq!(
        stage_refusal(close::close(&day.db, day.t, day.organiser).await),
        StageRefusal::LotPending { group: 1 }
    );
    lot::draw(&day.db, day.t, 1, 7, day.organiser).await.unwrap();
    let standings = stages::standings(&day.snapshot().await).unwrap();
    let seed = bitwa::league::lot::derive(7, 1);
    assert!(standings[0].rows.iter().all(|r| r.tie == Tie::Lot { seed }));
    // The same seed draws the same order (the lot over the tied players in number order).
    let mut by_lot: Vec<u32> = vec![1, 2, 3, 4];
    bitwa::league::lot::shuffle(seed, &mut by_lot);
    assert_eq!(standings[0].rows.iter().map(|r| r.number).collect::<Vec<_>>(), by_lot);
    assert_eq!(
        stage_refusal(lot::draw(&day.db, day.t, 0, 8, day.organiser).await),
        StageRefusal::NoTieToDraw { group: 0 }
    );

    assert_eq!(
        stage_refusal(qualify::start_knockout(&day.db, day.t, LOT, day.organiser).await),
        StageRefusal::StageOpen
    );
    close::close(&day.db, day.t, day.organiser).await.unwrap();
    assert_eq!(stage_refusal(close::close(&day.db, day.t, day.organiser).await), StageRefusal::StageClosed);
    // The frozen ranking rests on the last group round: it opens again only once the stage is
    // reopened (checked in the unlock's own write).
    let last = day.snapshot().await.rounds.iter().map(|r| r.number).max().unwrap();
    assert_eq!(
        stage_refusal(rounds::unlock(&day.db, day.t, last, "poprawka", day.organiser).await),
        StageRefusal::StageClosed
    );
    // Nor does a result of it change, not even the organiser's correction of a locked round.
    let m = day.matches(last).await.into_iter().find(|m| m.player_b.is_some()).unwrap();
    let role = bitwa::store::tournaments::Role::Organiser;
    assert_eq!(stage_refusal(day.enter_as(&m, 1, &red_wins(21), role).await), StageRefusal::StageClosed);
    assert_eq!(refusal(close::reopen(&day.db, day.t, "  ", day.organiser).await), Refusal::ReasonRequired);
    close::reopen(&day.db, day.t, "poprawka wyniku", day.organiser).await.unwrap();
    // Closing races the organiser's correction of a group result, ten times: whichever lands
    // first, a closed stage's frozen ranking is the standings of the results stored (a correction
    // after the close is refused in its own transaction; one before it makes the close decide again).
    let b = group_matches(&day, last, 1).await.into_iter().find(|m| m.forfeit().is_none()).unwrap();
    let (mut landed, mut refused) = (0, 0);
    for race in 0..10 {
        let correction = red_wins(if race % 2 == 0 { 21 } else { 20 });
        let (_, corrected) =
            tokio::join!(close::close(&day.db, day.t, day.organiser), day.enter_as(&b, 1, &correction, role));
        match corrected {
            Ok(()) => landed += 1,
            Err(e) => {
                assert_eq!(stage_refusal(Err::<(), _>(e)), StageRefusal::StageClosed, "race {race}");
                refused += 1;
            }
        }
        let data = day.snapshot().await;
        if let Ok(frozen) = stages::frozen(&data) {
            assert_eq!(
                frozen,
                stages::standings(&data).unwrap(),
                "race {race}: frozen from the stored results"
            );
            close::reopen(&day.db, day.t, "wyścig", day.organiser).await.unwrap();
        }
    }
    println!("close races: 10, the correction landed {landed}, refused after the close {refused}");
    day.enter_as(&b, 1, &red_wins(20), role).await.unwrap();
    rounds::unlock(&day.db, day.t, last, "poprawka wyniku", day.organiser).await.unwrap();
    rounds::lock(&day.db, day.t, last, day.organiser).await.unwrap();
    close::close(&day.db, day.t, day.organiser).await.unwrap();
    let frozen = stages::frozen(&day.snapshot().await).unwrap();
    assert_eq!(frozen, standings);

    let n = qualify::start_knockout(&day.db, day.t, LOT, day.organiser).await.unwrap();
    assert_eq!(
        stage_refusal(close::reopen(&day.db, day.t, "za późno", day.organiser).await),
        StageRefusal::KnockoutStarted
    );
    // Crossover: A1-B2, B1-A2, C1-D2, D1-C2.
    let data = day.snapshot().await;
    let origins: std::collections::BTreeMap<i64, Origin> =
        data.seeding().unwrap().origins.into_iter().collect();
    let origin = |p: PlayerId| origins[&p.0].to_string();
    let mut pairs: Vec<(String, String)> = day
        .matches(n)
        .await
        .iter()
        .map(|m| {
            let (a, b) = (origin(m.player_a), origin(m.player_b.unwrap()));
            if a < b { (a, b) } else { (b, a) }
        })
        .collect();
    pairs.sort();
    let o = |g: u32, place: u32| Origin::Group { group: GroupLabel(g), place }.to_string();
    assert_eq!(pairs, vec![(o(0, 1), o(1, 2)), (o(0, 2), o(1, 1)), (o(2, 1), o(3, 2)), (o(2, 2), o(3, 1))]);
    let winner_of = |g: usize| frozen[g].rows[0].player.0;
    assert_eq!(origins[&winner_of(0)], Origin::Group { group: GroupLabel(0), place: 1 });
    // The knockout goes on as after a Swiss, from the stored layout.
    day.publish(n).await;
    day.play(n).await;
    day.lock(n).await;
    let semi = knockout::pair_next_round(&day.db, day.t, LOT, day.organiser).await.unwrap();
    let winners: Vec<PlayerId> = day.matches(n).await.iter().map(|m| m.player_a).collect();
    let semis = day.matches(semi).await;
    assert_eq!(semis.len(), 2);
    assert!(semis.iter().all(|m| winners.contains(&m.player_a) && winners.contains(&m.player_b.unwrap())));
}

#[tokio::test]
async fn a_player_withdrawn_before_half_their_matches_is_annulled_when_the_organiser_chose_so() {
    let day = final_day(Seeding::Snake, Separation::None).await;
    draw::fix(&day.db, day.t, LOT, day.organiser).await.unwrap();
    format::set_withdrawal_rule(
        &day.db,
        day.t,
        bitwa::league::round_robin::standings::WithdrawalRule::AnnulUnderHalf,
        day.organiser,
    )
    .await
    .unwrap();
    let withdrawn = stages::drawn_groups(&day.snapshot().await)[1][3];
    for r in 0..3 {
        let n = group_round::pair_next(&day.db, day.t, day.organiser).await.unwrap();
        day.publish(n).await;
        if r == 0 {
            withdraw::withdraw(&day.db, day.t, withdrawn, day.organiser).await.unwrap();
            // A lot waits for the group to finish.
            assert_eq!(
                stage_refusal(lot::draw(&day.db, day.t, 1, 7, day.organiser).await),
                StageRefusal::GroupUnfinished { group: 1 }
            );
        }
        for m in day.matches(n).await.iter().filter(|m| m.forfeit().is_none()) {
            day.a_wins(m, 20).await;
        }
        day.lock(n).await;
    }
    let standings = stages::standings(&day.snapshot().await).unwrap();
    // Played none of 3 at the table: annulled; the group ranks the other three on their two
    // matches against each other.
    assert_eq!(standings[1].annulled.iter().map(|p| p.0).collect::<Vec<_>>(), vec![withdrawn.0]);
    assert_eq!(standings[1].rows.len(), 3);
    assert!(standings[1].rows.iter().all(|r| r.matches == 2), "{:?}", standings[1].rows);
    assert_eq!(standings[0].rows.len(), 4);
    // Each of the three beat one other (Red first won every match): a tie only the lot decides.
    assert!(standings[1].needs_lot());
    assert_eq!(
        stage_refusal(close::close(&day.db, day.t, day.organiser).await),
        StageRefusal::LotPending { group: 1 }
    );
    lot::draw(&day.db, day.t, 1, 7, day.organiser).await.unwrap();
    close::close(&day.db, day.t, day.organiser).await.unwrap();
    assert_eq!(
        stage_refusal(
            format::set_withdrawal_rule(
                &day.db,
                day.t,
                bitwa::league::round_robin::standings::WithdrawalRule::ResultsStand,
                day.organiser
            )
            .await
        ),
        StageRefusal::StageClosed
    );
}

/// Regions (issue 20): each entry's region as registered goes on the person too, and a draw that
/// separates by region keeps them apart: four regions of four, all of one school (so a school
/// separation could keep nobody apart), snake seeded region by region: each group has one of each.
#[tokio::test]
async fn a_draw_keeps_regions_apart_and_each_person_keeps_the_region_registered() {
    let day = Day::new(0).await;
    format::choose(&day.db, day.t, the_final(Seeding::Snake, Separation::Region), day.organiser)
        .await
        .unwrap();
    // Registered in turn: row i is of region i mod 4.
    let regions = ["mazowieckie", "śląskie", "pomorskie", "lubelskie"];
    let new: Vec<NewPlayer> = (0..16)
        .map(|i| NewPlayer {
            name: format!("Gracz {i}"),
            birth_date: NaiveDate::from_ymd_opt(2010, 1, 1).unwrap(),
            club: "Jedna szkoła".into(),
            region: regions[i % 4].into(),
            knowledge_score: Some(10),
            age_override: false,
            person: bitwa::store::players::PersonLink::Match,
        })
        .collect();
    let ids = registration::register(&day.db, day.t, &new, day.organiser).await.unwrap();
    for (i, &p) in ids.iter().enumerate() {
        let person = bitwa::app::persons::of_player(&day.db, p).await.unwrap().unwrap();
        assert_eq!(bitwa::app::persons::person(&day.db, person).await.unwrap().region, regions[i % 4]);
    }
    let fixed = draw::fix(&day.db, day.t, LOT, day.organiser).await.unwrap();
    assert!(fixed.clashes.is_empty(), "{:?}", fixed.clashes);
    let region = |p: PlayerId| ids.iter().position(|&x| x == p).unwrap() % 4;
    for g in stages::drawn_groups(&day.snapshot().await) {
        let mut of: Vec<usize> = g.iter().map(|&p| region(p)).collect();
        of.sort_unstable();
        assert_eq!(of, vec![0, 1, 2, 3], "one of each region");
    }
    // Without the region separation the snake puts seeds 1, 8, 9, 16 together (registration rows
    // 0, 7, 8 and 15: regions 0, 3, 0 and 3).
    let plain = Day::new(0).await;
    format::choose(&plain.db, plain.t, the_final(Seeding::Snake, Separation::None), plain.organiser)
        .await
        .unwrap();
    let ids = registration::register(&plain.db, plain.t, &new, plain.organiser).await.unwrap();
    draw::fix(&plain.db, plain.t, LOT, plain.organiser).await.unwrap();
    let a = &stages::drawn_groups(&plain.snapshot().await)[0];
    let mut of: Vec<usize> = a.iter().map(|&p| ids.iter().position(|&x| x == p).unwrap() % 4).collect();
    of.sort_unstable();
    assert_eq!(of, vec![0, 0, 3, 3], "seeds 1, 8, 9, 16 are rows 0, 7, 8, 15");
}
