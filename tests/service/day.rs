//! The tournament day, end to end over HTTP: pairing, publishing, results, standings, exports.

use crate::helpers::*;
use crate::pages::exports::Csv;
use crate::pages::why::Why;
use crate::pages::{Overview, PlayerPage, Round, Standings, has};
use crate::setup::Day;

const SEVEN: &str = "name;birth date;club;knowledge\n\
Adam Abacki;2009-01-01;LO 1;20\n\
Beata Babacka;2009-02-02;LO 2;19\n\
Cezary Cabacki;2009-03-03;LO 3;18\n\
Dorota Dadacka;2009-04-04;LO 4;17\n\
Emil Ebacki;2009-05-05;LO 5;16\n\
Filip Fabacki;2009-06-06;LO 6;15\n\
Gosia Gagacka;2009-07-07;LO 7;14\n";

/// A tournament with seven players and a referee; (tournament, organiser, referee).
async fn seven_players(app: &TestApp, overrides: &[(&str, &str)]) -> (i64, Browser, Browser) {
    let (t, admin, referee, _) =
        Day::new(app).config(overrides).imported(SEVEN).referee().open().await.into_parts();
    (t, admin, referee)
}

#[actix_rt::test]
async fn a_swiss_day_pairs_publishes_takes_results_and_updates_standings() {
    let app = TestApp::spawn().await;
    let (t, admin, referee) = seven_players(&app, &[("swiss_rounds", "2"), ("knockout_size", "0")]).await;
    let public = app.browser();

    // Round 1 is computed as a draft: the organiser sees it, the public does not.
    let draft = admin.post_follow(&format!("/admin/t/{t}/rounds"), &[]).await;
    let publish = format!("form[action=/admin/t/{t}/round/1/publish]");
    let round = Round::read(&draft);
    assert_eq!(round.status, "draft");
    assert!(has(&draft, &publish), "the organiser may publish the draft");
    assert_eq!(public.get(&format!("/t/{t}/round/1")).await.status, 404);
    // Seven players: three tables and a bye, every player listed once.
    assert_eq!(round.lines.len(), 4, "three tables and a bye: {round:?}");
    assert!(round.bye().is_some(), "{round:?}");
    let mut everyone = round.players();
    everyone.sort_unstable();
    everyone.dedup();
    assert_eq!(everyone.len(), 7, "{round:?}");

    assert_eq!(admin.post(&format!("/admin/t/{t}/round/1/publish"), &[]).await.status, 303);
    let published = public.get(&format!("/t/{t}/round/1")).await;
    assert_eq!(Round::read(&published).status, "published");
    assert!(!has(&published, &publish), "nothing left to publish");
    let why = Why::read(&public.get(&format!("/t/{t}/round/1/why")).await);
    assert_eq!(why.groups.len(), 1, "one score group before round 1: {why:?}");
    assert_eq!((why.groups[0].0.as_str(), why.grouped().len()), ("0 pkt", 7), "{why:?}");
    assert_eq!(why.bye_name(), Some("Gosia Gagacka"), "{why:?}");

    // Locking needs every result.
    let early = admin.post(&format!("/admin/t/{t}/round/1/lock"), &[("confirm", "1")]).await;
    assert_eq!(early.status, 400);
    assert!(has(&early, "nav"), "the refusal comes in the site's frame");
    early.assert_contains("brakuje wyników");

    play_round_red_first_wins(&referee, t, 1).await;
    let round1 = Round::read(&public.get(&format!("/t/{t}/round/1")).await);
    for line in round1.matches() {
        // One game each; Red-first scored more as Red (21 to 10) and wins.
        assert_eq!((line.games.as_str(), line.red_points.as_str()), ("1:1", "21:10"), "{line:?}");
        assert_eq!(line.winner, Some(line.red), "{line:?}");
    }
    assert_eq!(admin.post(&format!("/admin/t/{t}/round/1/lock"), &[("confirm", "1")]).await.status, 303);

    // Standings: winners and the bye on 1 point, every tiebreak column shown.
    let standings = Standings::read(&public.get(&format!("/t/{t}/standings")).await);
    let shown: Vec<&str> = standings.rows[0].tiebreaks.iter().map(|(c, _)| c.as_str()).collect();
    for column in ["direct_encounter", "buchholz_cut1", "sonneborn_berger", "games_won", "knowledge_test"] {
        assert!(shown.contains(&column), "{column} in {shown:?}");
    }
    assert_eq!(standings.with_points("1"), 4, "three winners and the bye: {standings:?}");
    assert_eq!(standings.with_points("0"), 3, "three losers: {standings:?}");

    // Round 2: paired, published, played; nobody meets the same opponent twice.
    assert_eq!(Round::read(&admin.post_follow(&format!("/admin/t/{t}/rounds"), &[]).await).status, "draft");
    admin.post(&format!("/admin/t/{t}/round/2/publish"), &[]).await;
    play_round_red_first_wins(&referee, t, 2).await;
    assert_eq!(admin.post(&format!("/admin/t/{t}/round/2/lock"), &[("confirm", "1")]).await.status, 303);
    let standings = Standings::read(&public.get(&format!("/t/{t}/standings")).await);
    assert!(standings.with_points("2") > 0, "someone won both rounds: {standings:?}");

    // No third Swiss round: the configuration says two.
    let third = admin.post(&format!("/admin/t/{t}/rounds"), &[]).await;
    assert_eq!(third.status, 400);
    third.assert_contains("Wszystkie rundy szwajcarskie");

    // A player page lists the matches and totals the Red-side points.
    let player = standings.rows[0].player;
    let page = PlayerPage::read(&public.get(&format!("/t/{t}/player/{player}")).await);
    let mut rounds: Vec<i64> = page.rounds.iter().map(|r| r.0).collect();
    rounds.sort_unstable();
    assert_eq!(rounds, [1, 2], "{page:?}");
    assert!(!page.red_total.is_empty(), "{page:?}");
}

#[actix_rt::test]
async fn exports_are_utf8_with_bom_semicolons_by_default_and_headers_in_the_page_language() {
    let app = TestApp::spawn().await;
    let (t, _, referee, _) =
        Day::new(&app).swiss_only("1").imported(SEVEN).referee().published().open().await.into_parts();
    play_round_red_first_wins(&referee, t, 1).await;

    let b = app.browser();
    let csv = b.get(&format!("/t/{t}/export/standings")).await;
    assert_eq!(csv.status, 200);
    assert!(csv.content_type.starts_with("text/csv"), "{}", csv.content_type);
    assert!(csv.bytes.starts_with(&[0xEF, 0xBB, 0xBF]), "UTF-8 BOM first");
    let standings = Csv::read(&csv, ';');
    assert_eq!(
        standings.header[..5],
        ["Miejsce", "Imię i nazwisko", "Szkoła / klub", "Punkty meczowe", "Mecze bezpośrednie"]
    );
    let mut names = standings.column("Imię i nazwisko");
    names.sort_unstable();
    let mut seven: Vec<&str> = SEVEN.lines().skip(1).map(|l| l.split(';').next().unwrap()).collect();
    seven.sort_unstable();
    assert_eq!(names, seven, "the seven players, one line each: {standings:?}");

    let comma = b.get(&format!("/t/{t}/export/standings?sep=comma")).await;
    assert!(
        comma.body.trim_start_matches('\u{feff}').starts_with("Miejsce,Imię i nazwisko,"),
        "{}",
        comma.body
    );

    let pairings = Csv::read(&b.get(&format!("/t/{t}/export/pairings/1")).await, ';');
    assert_eq!(pairings.header[..5], ["Runda", "Stół", "Czerwoni w 1. partii", "Przeciwnik", "Wynik"]);
    let (results, points) = (pairings.column("Wynik"), pairings.column("Punkty za Czerwonych"));
    let played: Vec<usize> = (0..results.len()).filter(|&i| results[i] == "1 : 1").collect();
    assert_eq!(played.len(), 3, "three tables of one game each: {pairings:?}");
    assert!(played.iter().all(|&i| points[i] == "21 : 10"), "{pairings:?}");
    assert!(
        pairings.column("Partia 1: Sposób zakończenia").contains(&"Czerwoni weszli do Warszawy"),
        "{pairings:?}"
    );
    assert_eq!(
        pairings.column("Przeciwnik").iter().filter(|o| **o == "wolny los").count(),
        1,
        "{pairings:?}"
    );

    b.get("/lang/en").await;
    let english = b.get(&format!("/t/{t}/export/results")).await;
    let results = Csv::read(&english, ';');
    assert_eq!(results.header[..5], ["Round", "Table", "Red in game 1", "Opponent", "Result"]);
    assert!(results.column("Game 1: How it ended").contains(&"Red entered Warsaw"), "{results:?}");
    assert_eq!(results.rows.len(), 4, "three matches, one bye: {results:?}");
}

#[actix_rt::test]
async fn two_referees_saving_the_same_game_get_a_conflict_not_an_overwrite() {
    let app = TestApp::spawn().await;
    let (t, admin, referee, matches) =
        Day::new(&app).imported(SEVEN).referee().published().open().await.into_parts();
    let m = matches[0];

    // Both load the form (same version); the organiser saves first.
    let first = admin.get(&format!("/ref/t/{t}/match/{m}")).await;
    let second = referee.get(&format!("/ref/t/{t}/match/{m}")).await;
    let g1 = game_forms(&first.body, t)[0].clone();
    let g2 = game_forms(&second.body, t)[0].clone();
    assert_eq!(g1, g2);
    assert_eq!(enter(&admin, t, (g1.0, &g1.1), "red", "radzymin-check", "10").await.status, 303);
    let late = enter(&referee, t, (g2.0, &g2.1), "polish", "all-red-dispersed", "0").await;
    assert_eq!(late.status, 409);
    // The late referee's entry is kept on the form, beside what is stored now.
    let conflict = crate::pages::text_of(&late, "#conflict");
    assert!(conflict.contains("Ktoś inny zapisał") && conflict.contains("Zapisane teraz:"), "{conflict}");
    assert_eq!(crate::pages::one(&late.body, "select[name=winner] option[selected]").get("value"), "polish");

    let game = app.browser().get(&format!("/t/{t}/game/{}", g1.0)).await;
    let result = crate::pages::Game::read(&game).result.expect("the first entry stands");
    assert!(result.contains("Kontrola Radzymina") && !result.contains("rozproszone"), "{result}");
    // A correction from the fresh form is kept in the history with the old value.
    let fresh = game_forms(&referee.get(&format!("/ref/t/{t}/match/{m}")).await.body, t)[0].clone();
    assert_eq!(enter(&referee, t, (fresh.0, &fresh.1), "red", "warsaw-entered", "21").await.status, 303);
    let history = admin.get(&format!("/t/{t}/match/{m}")).await;
    let changes = crate::pages::admin::history(&history);
    let corrected = crate::pages::admin::change(&changes, "Poprawka wyniku: partia 1");
    assert!(corrected.before.iter().any(|b| b.contains("Kontrola Radzymina")), "{corrected:?}");
    assert!(corrected.after.iter().any(|a| a.contains("Czerwoni weszli do Warszawy")), "{corrected:?}");
    history.assert_lacks("radzymin-check");
}

#[actix_rt::test]
async fn bad_results_are_refused_with_a_reason_and_change_nothing() {
    let app = TestApp::spawn().await;
    let (t, admin, referee) = seven_players(&app, &[]).await;
    admin.post(&format!("/admin/t/{t}/rounds"), &[]).await;

    // Draft rounds take no results.
    let m = Round::read(&admin.get(&format!("/t/{t}/round/1")).await).matches()[0].id;
    let form = admin.get(&format!("/ref/t/{t}/match/{m}")).await;
    assert!(has(&form, "p[data-round-closed]"), "the page says the round takes no results: {}", form.body);
    assert!(game_forms(&form.body, t).is_empty(), "and offers no result form");
    admin.post(&format!("/admin/t/{t}/round/1/publish"), &[]).await;
    let games = game_forms(&referee.get(&format!("/ref/t/{t}/match/{m}")).await.body, t);
    let g = (games[0].0, games[0].1.as_str());

    let no_winner = enter(&referee, t, g, "", "warsaw-entered", "21").await;
    assert_eq!(no_winner.status, 422);
    assert_eq!(field_error(&no_winner.body, "winner").as_deref(), Some("wybierz, która armia wygrywa"));
    assert_eq!(field_value(&no_winner.body, "red_points").as_deref(), Some("21"), "the input is kept");
    let impossible = enter(&referee, t, g, "polish", "warsaw-entered", "21").await;
    assert_eq!(impossible.status, 422);
    assert_eq!(
        field_error(&impossible.body, "termination").as_deref(),
        Some("Czerwoni weszli do Warszawy: tak wygrywa tylko Armia Czerwona")
    );
    let bad_points = enter(&referee, t, g, "red", "warsaw-entered", "lots").await;
    assert_eq!(bad_points.status, 422);
    assert_eq!(
        field_error(&bad_points.body, "red_points").as_deref(),
        Some("podaj liczbę całkowitą od 0 do 500")
    );
    let malformed = referee.post(&format!("/ref/t/{t}/game/{}", g.0), &[("winner", "red")]).await;
    assert_eq!(malformed.status, 400);

    let game = app.browser().get(&format!("/t/{t}/game/{}", g.0)).await;
    assert!(crate::pages::Game::read(&game).result.is_none(), "no result stored");
    // Another tournament's referee cannot touch this game.
    let other = create_tournament(&admin, &[("name", "Inny turniej")]).await;
    appoint(&admin, other, "obcy", "obcy-haslo").await;
    let stranger = app.browser();
    stranger.login("obcy", "obcy-haslo").await;
    assert_eq!(stranger.get(&format!("/ref/t/{t}")).await.status, 403);
    assert_eq!(enter(&stranger, t, g, "red", "warsaw-entered", "21").await.status, 403);
    // ... nor through its own tournament's address.
    assert_eq!(enter(&stranger, other, g, "red", "warsaw-entered", "21").await.status, 404);
}

#[actix_rt::test]
async fn a_short_deck_is_swapped_then_checked_card_by_card_and_listed_for_the_organiser() {
    let app = TestApp::spawn().await;
    let (t, admin, referee, matches) =
        Day::new(&app).imported(SEVEN).referee().published().open().await.into_parts();
    let m = matches[0];
    let path = format!("/ref/t/{t}/match/{m}/deck");
    let red7 = bitwa::engine::Edition::builtin()
        .cards(bitwa::outcome::Side::Red)
        .find(|c| c.number == 7)
        .map(|c| c.name.clone())
        .unwrap();

    let full = referee.post(&path, &[("set_label", "7"), ("red_count", "30"), ("polish_count", "30")]).await;
    assert_eq!(full.status, 303);
    let unswapped =
        referee.post(&path, &[("set_label", "12"), ("red_count", "29"), ("polish_count", "30")]).await;
    assert_eq!(unswapped.status, 422);
    assert_eq!(
        field_error(&unswapped.body, "swapped_to").as_deref(),
        Some(
            "Talia jest niepełna: wpisz numer kompletu wydanego zamiast niego albo zaznacz brakujące karty."
        )
    );
    assert_eq!(field_value(&unswapped.body, "red_count").as_deref(), Some("29"));
    let swapped = referee
        .post(
            &path,
            &[("set_label", "12"), ("red_count", "29"), ("polish_count", "30"), ("swapped_to", "13")],
        )
        .await;
    assert_eq!(swapped.status, 303);
    let checked = referee
        .post(
            &path,
            &[("set_label", "12"), ("red_count", "29"), ("polish_count", "30"), ("missing_red_7", "1")],
        )
        .await;
    assert_eq!(checked.status, 303);

    let decks = Overview::read(&admin.get(&format!("/admin/t/{t}")).await).decks;
    assert!(decks.iter().all(|d| d.set == "12"), "the complete set 7 is not listed: {decks:?}");
    assert!(decks.iter().any(|d| d.swapped_to == "13"), "the swap is listed: {decks:?}");
    let missing = decks.iter().find(|d| d.swapped_to.is_empty()).expect("the checked deck");
    assert!(missing.text.ends_with(&format!("R07 {red7}")), "the missing card by number and name: {decks:?}");
    let checked = crate::pages::texts(&referee.get(&format!("/ref/t/{t}/match/{m}")).await, "#deck ul li");
    assert!(checked.iter().any(|d| d.ends_with(&format!("R07 {red7}"))), "{checked:?}");
}

#[actix_rt::test]
async fn results_saved_at_the_same_moment_on_different_tables_are_all_kept() {
    let app = TestApp::spawn().await;
    let (t, admin, referee) = seven_players(&app, &[]).await;
    admin.post(&format!("/admin/t/{t}/rounds"), &[]).await;
    admin.post(&format!("/admin/t/{t}/round/1/publish"), &[]).await;
    let round = Round::read(&referee.get(&format!("/t/{t}/round/1")).await);
    let mut games = Vec::new();
    for m in round.matches().iter().map(|l| l.id) {
        games.extend(game_forms(&referee.get(&format!("/ref/t/{t}/match/{m}")).await.body, t));
    }
    assert_eq!(games.len(), 6);
    referee.csrf_token().await;
    let tasks: Vec<_> = games
        .iter()
        .cloned()
        .map(|(id, version)| {
            let b = Browser::with_cookies_of(&referee, &app.base);
            actix_rt::spawn(async move {
                enter(&b, t, (id, &version), "red", "radzymin-check", "10").await.status
            })
        })
        .collect();
    for task in tasks {
        assert_eq!(task.await.unwrap(), 303);
    }
    let round = Round::read(&app.browser().get(&format!("/t/{t}/round/1")).await);
    let draws = round.lines.iter().filter(|l| l.state == "draw" && l.games == "1:1").count();
    assert_eq!(draws, 3, "every result kept: {round:?}");
}

#[actix_rt::test]
async fn withdrawn_players_sit_out_and_the_organiser_can_override_a_draft_pairing() {
    let app = TestApp::spawn().await;
    let (t, admin, _) = seven_players(&app, &[]).await;
    let gosia =
        Overview::read(&admin.get(&format!("/admin/t/{t}")).await).player("Gosia Gagacka").id.to_string();
    // Withdrawing asks first (a page, no JavaScript), then acts.
    let asked = admin
        .post(&format!("/admin/t/{t}/players/{gosia}"), &[("version", "1"), ("action", "withdraw")])
        .await;
    assert_eq!(asked.status, 200);
    assert_eq!(crate::pages::text_of(&asked, "#confirm-yes"), "Tak, wycofaj: Gosia Gagacka");
    assert!(history_rows(&app, "player", "withdraw").await.is_empty());
    let r = withdraw(&admin, t, gosia.parse().unwrap(), "1").await;
    assert_eq!(r.status, 303);

    let draft = admin.post_follow(&format!("/admin/t/{t}/rounds"), &[]).await;
    let round = Round::read(&draft);
    assert!(round.bye().is_none(), "six players left: no bye: {round:?}");
    assert!(!round.players().contains(&gosia.parse().unwrap()), "the withdrawn player sits out: {round:?}");
    let why = Why::read(&admin.get(&format!("/t/{t}/round/1/why")).await);
    assert_eq!(why.not_paired, ["Gosia Gagacka: wycofanie z turnieju"], "{why:?}");

    // Swap the Red-first players of tables 1 and 2.
    let players = round.players();
    let (x, y) = (players[0].to_string(), players[2].to_string());
    let swap = admin.post(&format!("/admin/t/{t}/round/1/swap"), &[("x", &x), ("y", &y)]).await;
    assert_eq!(swap.status, 303);
    let after = Round::read(&admin.get(&format!("/t/{t}/round/1")).await).players();
    assert_eq!((after[0], after[2]), (players[2], players[0]), "swapped");
    let bad = admin.post(&format!("/admin/t/{t}/round/1/swap"), &[("x", &x), ("y", &gosia)]).await;
    assert_eq!(bad.status, 400);
    let changes = crate::pages::admin::history(&admin.get(&format!("/admin/t/{t}/history")).await);
    crate::pages::admin::change(&changes, "Zamiana graczy w szkicu");

    // Published rounds are not swapped any more.
    admin.post(&format!("/admin/t/{t}/round/1/publish"), &[]).await;
    assert_eq!(admin.post(&format!("/admin/t/{t}/round/1/swap"), &[("x", &y), ("y", &x)]).await.status, 409);
}
