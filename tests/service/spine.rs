//! The whole tournament day in one run, as the organiser, a referee and the public live it: create,
//! register, pair, publish, deck check, results with and without a move log, next round, knockout,
//! a final decided by the knowledge test and the extra game, and the exports at the end.

use crate::helpers::*;
use crate::setup::{Day, players_csv};
use bitwa::engine::{Edition, RuleOptions, random_game, validate_log};

#[actix_rt::test]
async fn the_whole_tournament_day() {
    let app = TestApp::spawn().await;
    let (t, organiser, referee, _) = Day::new(&app)
        .config(&[("swiss_rounds", "2"), ("knockout_size", "2"), ("third_place", "")])
        .imported(&players_csv(6))
        .referee()
        .open()
        .await
        .into_parts();
    let public = app.browser();

    // Round 1: paired, checked, published.
    let draft = organiser.post_follow(&format!("/admin/t/{t}/rounds"), &[]).await;
    assert_eq!(crate::pages::Round::read(&draft).status, "draft");
    organiser.post(&format!("/admin/t/{t}/round/1/publish"), &[]).await;
    let tables = referee.get(&format!("/ref/t/{t}")).await;
    let (mine, others) = crate::pages::my_tables(&tables);
    let numbers: Vec<i64> = mine.iter().chain(&others).map(|l| l.1).collect();
    assert!(numbers.contains(&1) && numbers.contains(&3), "{numbers:?}");
    let matches = ids_after(&tables.body, &format!("/ref/t/{t}/match/"));
    assert_eq!(matches.len(), 3);

    // Table 1: deck check, then game 1 from a move log, game 2 typed.
    let m1 = matches[0];
    let deck = deck_check(&referee, t, m1, "1", "30", "30").await;
    assert_eq!(deck.status, 303);
    let options = RuleOptions {
        fortifications: false,
        flank_attacks: false,
        time_control_secs: 900,
        ..RuleOptions::STANDARD
    };
    let log = random_game(5, Edition::builtin(), &options).to_string();
    let logged = validate_log(&log, Edition::builtin(), &options).unwrap().outcome;
    let games = game_forms(&referee.get(&format!("/ref/t/{t}/match/{m1}")).await.body, t);
    let r = referee
        .post(&format!("/ref/t/{t}/game/{}", games[0].0), &[("version", &games[0].1), ("log", &log)])
        .await;
    assert_eq!(r.status, 303, "{}", r.body);
    assert_eq!(
        enter(&referee, t, (games[1].0, &games[1].1), "polish", "three-red-eliminated", "2").await.status,
        303
    );
    let game1 = public.get(&format!("/t/{t}/game/{}", games[0].0)).await;
    let shown = crate::pages::admin::GameLog::read(&game1).expect("the log is shown");
    assert_eq!(shown.heading, "Sprawdzony zapis partii");
    let result = crate::pages::Game::read(&game1).result.expect("its result");
    assert!(result.contains(&format!("{} pkt za Czerwonych", logged.red_points)), "{result}");

    // The other tables typed, then lock; the standings show every player.
    for m in &matches[1..] {
        let games = game_forms(&referee.get(&format!("/ref/t/{t}/match/{m}")).await.body, t);
        enter(&referee, t, (games[0].0, &games[0].1), "red", "warsaw-entered", "21").await;
        enter(&referee, t, (games[1].0, &games[1].1), "red", "radzymin-check", "10").await;
    }
    assert_eq!(organiser.post(&format!("/admin/t/{t}/round/1/lock"), &[("confirm", "1")]).await.status, 303);
    let standings = public.get(&format!("/t/{t}/standings")).await;
    assert_eq!(standings.body.matches(&format!("/t/{t}/player/")).count(), 6);

    // Round 2.
    organiser.post(&format!("/admin/t/{t}/rounds"), &[]).await;
    organiser.post(&format!("/admin/t/{t}/round/2/publish"), &[]).await;
    play_round_red_first_wins(&referee, t, 2).await;
    organiser.post(&format!("/admin/t/{t}/round/2/lock"), &[("confirm", "1")]).await;

    // Knockout of two: the final, level after two games and on Red-side points.
    organiser.post(&format!("/admin/t/{t}/knockout"), &[]).await;
    organiser.post(&format!("/admin/t/{t}/round/3/publish"), &[]).await;
    let final_match =
        ids_after(&referee.get(&format!("/t/{t}/round/3")).await.body, &format!("/ref/t/{t}/match/"))[0];
    let games = game_forms(&referee.get(&format!("/ref/t/{t}/match/{final_match}")).await.body, t);
    enter(&referee, t, (games[0].0, &games[0].1), "red", "radzymin-check", "10").await;
    enter(&referee, t, (games[1].0, &games[1].1), "red", "radzymin-check", "10").await;
    let level =
        crate::pages::RefereeMatch::read(&referee.get(&format!("/ref/t/{t}/match/{final_match}")).await);
    assert_eq!(level.line.state, "knowledge", "the knowledge test decides next: {:?}", level.line);

    // Knowledge test level: everyone scores 12; the extra game decides.
    let overview = organiser.get(&format!("/admin/t/{t}")).await;
    let forms: Vec<(String, String)> = overview
        .body
        .split(&format!("action=\"/admin/t/{t}/players/"))
        .skip(1)
        .filter(|part| part.contains("value=\"knowledge\""))
        .map(|part| {
            let id: String = part.chars().take_while(char::is_ascii_digit).collect();
            let v = part.split("name=\"version\" value=\"").nth(1).unwrap();
            (id, v[..v.find('"').unwrap()].to_string())
        })
        .collect();
    assert_eq!(forms.len(), 6);
    for (id, version) in &forms {
        let r = organiser
            .post(
                &format!("/admin/t/{t}/players/{id}"),
                &[("version", version), ("action", "knowledge"), ("knowledge", "12")],
            )
            .await;
        assert_eq!(r.status, 303);
    }
    assert_eq!(referee.post(&format!("/ref/t/{t}/match/{final_match}/extra"), &[]).await.status, 303);
    let games = game_forms(&referee.get(&format!("/ref/t/{t}/match/{final_match}")).await.body, t);
    assert_eq!(games.len(), 3);
    enter(&referee, t, (games[2].0, &games[2].1), "polish", "all-red-dispersed", "0").await;
    let bracket = public.get(&format!("/t/{t}/bracket")).await;
    assert!(crate::pages::Bracket::read(&bracket).champion.is_some(), "the champion named: {}", bracket.body);
    let decided = crate::pages::Match::read(&public.get(&format!("/t/{t}/match/{final_match}")).await);
    assert!(decided.line.winner.is_some(), "{decided:?}");
    assert!(decided.games.iter().any(|g| g.1 == 3), "decided in the extra game: {decided:?}");

    // Exports at the end of the day.
    let results = public.get(&format!("/t/{t}/export/results")).await;
    let text = results.body.trim_start_matches('\u{feff}');
    assert_eq!(text.lines().count(), 1 + 3 + 3 + 1, "header, two rounds of three, the final:\n{text}");
    assert!(text.lines().last().unwrap().starts_with("3;1;"), "{text}");
    let standings = public.get(&format!("/t/{t}/export/standings?sep=comma")).await;
    assert_eq!(standings.body.trim_start_matches('\u{feff}').lines().count(), 7);
}
