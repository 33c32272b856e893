//! A typed result checked like a log, over HTTP: each impossible combination the tournament day
//! produced (issue 22) comes back refused with the problem beside the field it concerns, in the
//! page's language, the input kept and nothing stored; the league table's boundaries and possible
//! results are saved. The tournament's time control is the default 15 minutes.

use crate::helpers::*;

/// A result as the form sends it: winner, termination, Red-side points, Red's clock, Polish clock.
type Form<'a> = (&'a str, &'a str, &'a str, &'a str, &'a str);

/// Post one game's result with its clocks; the page answered.
async fn send(b: &Browser, t: i64, game: (i64, &str), f: Form<'_>) -> Page {
    let (winner, termination, red_points, red_clock, polish_clock) = f;
    b.post(
        &format!("/ref/t/{t}/game/{}", game.0),
        &[
            ("version", game.1),
            ("winner", winner),
            ("termination", termination),
            ("red_points", red_points),
            ("red_clock", red_clock),
            ("polish_clock", polish_clock),
        ],
    )
    .await
}

/// The first game of the match and its version as the referee's page shows it now.
async fn first_game(referee: &Browser, t: i64, m: i64) -> (i64, String) {
    game_forms(&referee.get(&format!("/ref/t/{t}/match/{m}")).await.body, t).remove(0)
}

#[actix_rt::test]
async fn every_impossible_typed_result_is_refused_naming_its_field() {
    let app = TestApp::spawn().await;
    let (t, _admin, referee, matches) = published_round(&app, &[]).await;
    let m = matches[0];
    let (game, version) = first_game(&referee, t, m).await;
    // (what was typed, the field refused, words the Polish problem must hold)
    let impossible: [(Form, &str, &str); 11] = [
        (("red", "warsaw-entered", "213", "", ""), "red_points", "najwyżej 62 pkt"),
        (("red", "warsaw-entered", "99", "", ""), "red_points", "najwyżej 62 pkt"),
        (("red", "warsaw-entered", "63", "", ""), "red_points", "najwyżej 62 pkt"),
        (("red", "warsaw-entered", "3", "", ""), "red_points", "co najmniej 21"),
        (("red", "warsaw-entered", "20", "", ""), "red_points", "co najmniej 21"),
        (("red", "warsaw-entered", "22", "", ""), "red_points", "nie da się złożyć"),
        (("red", "radzymin-check", "9", "", ""), "red_points", "co najmniej 10"),
        (("polish", "time-forfeit", "12", "0:00", ""), "red_points", "utratę punktów"),
        (("red", "time-forfeit", "12", "5:00", "3:00"), "polish_clock", "0:00"),
        (("polish", "time-forfeit", "0", "4:10", "7:00"), "red_clock", "0:00"),
        (("red", "warsaw-entered", "21", "25:00", ""), "red_clock", "od 0:00 do 15:00"),
    ];
    for (form, field, words) in impossible {
        let page = send(&referee, t, (game, &version), form).await;
        assert_eq!(page.status, 422, "{form:?} is refused");
        let why =
            field_error(&page.body, field).unwrap_or_else(|| panic!("{form:?}: nothing beside {field}"));
        assert!(why.contains(words), "{form:?}: {why}");
        assert_eq!(field_value(&page.body, "red_points").as_deref(), Some(form.2), "the input is kept");
        for other in ["red_points", "red_clock", "polish_clock"].into_iter().filter(|f| *f != field) {
            assert_eq!(field_error(&page.body, other), None, "{form:?}: only {field} is named");
        }
    }
    // Nothing was stored: the game is still at the version the page showed first.
    assert_eq!(first_game(&referee, t, m).await, (game, version.clone()));
    let public = crate::pages::Match::read(&app.browser().get(&format!("/t/{t}/match/{m}")).await);
    assert_eq!(public.line.state, "pending", "no result shown: {public:?}");

    // Both parts wrong at once: both named. In English, the rule named in English.
    let both = send(&referee, t, (game, &version), ("polish", "time-forfeit", "12", "0:00", "25:00")).await;
    assert!(
        field_error(&both.body, "red_points").is_some() && field_error(&both.body, "polish_clock").is_some()
    );
    referee.get("/lang/en?back=/").await;
    let english = send(&referee, t, (game, &version), ("red", "warsaw-entered", "3", "", "")).await;
    assert_eq!(english.status, 422);
    let why = field_error(&english.body, "red_points").unwrap();
    assert!(why.contains("Red entered Warsaw") && why.contains("at least 21"), "{why}");
}

#[actix_rt::test]
async fn possible_typed_results_at_the_tables_boundaries_are_saved() {
    let app = TestApp::spawn().await;
    let (t, _admin, referee, matches) = published_round(&app, &[]).await;
    let m = matches[0];
    let possible: [Form; 8] = [
        ("red", "warsaw-entered", "21", "15:00", "0:01"),
        ("red", "warsaw-entered", "62", "", ""),
        ("red", "warsaw-entered", "23", "", ""),
        ("red", "radzymin-check", "10", "", ""),
        ("red", "radzymin-check", "45", "", ""),
        ("polish", "time-forfeit", "0", "0:00", "2:30"),
        ("red", "time-forfeit", "12", "3:00", "0:00"),
        ("polish", "three-red-eliminated", "33", "", ""),
    ];
    for form in possible {
        let (game, version) = first_game(&referee, t, m).await;
        let page = send(&referee, t, (game, &version), form).await;
        assert_eq!(page.status, 303, "{form:?}: {}", page.body);
        let shown = app.browser().get(&format!("/t/{t}/match/{m}")).await;
        let games = crate::pages::games::game_rows(&shown);
        let saved = games.iter().find(|g| g.id == game).expect("the game on its match page");
        assert_eq!(saved.red_points, Some(form.2.parse().unwrap()), "{games:?}");
    }
}
