//! Issue 12 over HTTP: tournament-day pages a referee, a player and an organiser read at a glance.
//! Decimal commas in the `;` CSV (the `,` export keeps the dot), standings after round N with the
//! round in play apart, the final ranking after the knockout, the bracket before it, history as
//! sentences (paged, filtered, logs linked), labelled fields, idempotent actions, the CSV import's
//! questions, error pages in the site's frame, the print stylesheet and the table cards.

use crate::helpers::*;
use crate::pages::admin;
use crate::pages::exports::Csv;
use crate::pages::knockout::BeforeKnockout;
use crate::pages::{Overview, Round, Standings, Tournament, final_ranking, has, one, select, text_of, texts};
use crate::setup::{Day, OpenDay};

#[actix_rt::test]
async fn semicolon_csv_exports_write_decimal_commas_and_the_comma_export_keeps_the_dot() {
    let app = TestApp::spawn().await;
    let (t, admin, referee, matches) =
        published_round(&app, &[("swiss_rounds", "2"), ("knockout_size", "0")]).await;
    // Table 1 a draw (1:1, 10 points as Red each): half a point each. Table 2 a 2:0.
    let games = game_forms(&referee.get(&format!("/ref/t/{t}/match/{}", matches[0])).await.body, t);
    enter(&referee, t, (games[0].0, &games[0].1), "red", "radzymin-check", "10").await;
    enter(&referee, t, (games[1].0, &games[1].1), "red", "radzymin-check", "10").await;
    let games = game_forms(&referee.get(&format!("/ref/t/{t}/match/{}", matches[1])).await.body, t);
    enter(&referee, t, (games[0].0, &games[0].1), "red", "warsaw-entered", "21").await;
    enter(&referee, t, (games[1].0, &games[1].1), "polish", "three-red-eliminated", "0").await;
    let round = Round::read(&admin.get(&format!("/t/{t}/round/1")).await);
    let drawn = round.names()[0].clone();

    let public = app.browser();
    let semicolon = public.get(&format!("/t/{t}/export/standings")).await;
    assert_eq!(Csv::read(&semicolon, ';').cell(&drawn, "Punkty meczowe"), "0,5", "{}", semicolon.body);
    let comma = public.get(&format!("/t/{t}/export/standings?sep=comma")).await;
    assert_eq!(Csv::read(&comma, ',').cell(&drawn, "Punkty meczowe"), "0.5", "{}", comma.body);
    // The page says it as people here write it, too.
    let standings = Standings::read(&public.get(&format!("/t/{t}/standings")).await);
    assert_eq!(standings.named(&drawn).shown_points, "0,5", "{standings:?}");
    // ... and the English page as English readers do.
    public.get("/lang/en").await;
    let english = Standings::read(&public.get(&format!("/t/{t}/standings")).await);
    assert_eq!(english.named(&drawn).shown_points, "0.5", "{english:?}");
}

#[actix_rt::test]
async fn standings_count_only_finished_rounds_and_show_the_round_in_play_apart() {
    let app = TestApp::spawn().await;
    let (t, _admin, referee, matches) =
        published_round(&app, &[("swiss_rounds", "2"), ("knockout_size", "0")]).await;
    let public = app.browser();
    // One match of two decided: round 1 is in play, nothing counts yet.
    let games = game_forms(&referee.get(&format!("/ref/t/{t}/match/{}", matches[0])).await.body, t);
    enter(&referee, t, (games[0].0, &games[0].1), "red", "warsaw-entered", "21").await;
    enter(&referee, t, (games[1].0, &games[1].1), "red", "radzymin-check", "10").await;
    let page = public.get(&format!("/t/{t}/standings")).await;
    assert_eq!(text_of(&page, "#scope"), "Przed pierwszą rundą: nikt nie ma jeszcze punktów.");
    let note = text_of(&page, "#in-progress");
    assert!(note.starts_with("Runda 1 trwa: rozstrzygnięte mecze 1 z 2. "), "{note}");
    let standings = Standings::read(&page);
    assert_eq!(standings.with_points("0"), 4, "nobody scores before the round ends: {standings:?}");
    let csv = Csv::read(&public.get(&format!("/t/{t}/export/standings")).await, ';');
    assert_eq!(csv.column("Punkty meczowe"), ["0"; 4], "nor in the export: {csv:?}");

    // The last match decided: the round is finished and counts, "after round 1".
    let games = game_forms(&referee.get(&format!("/ref/t/{t}/match/{}", matches[1])).await.body, t);
    enter(&referee, t, (games[0].0, &games[0].1), "red", "warsaw-entered", "21").await;
    enter(&referee, t, (games[1].0, &games[1].1), "red", "radzymin-check", "10").await;
    let page = public.get(&format!("/t/{t}/standings")).await;
    assert_eq!(text_of(&page, "#scope"), "po rundzie 1 z 2");
    assert!(!has(&page, "#in-progress"));
    assert_eq!(Standings::read(&page).with_points("1"), 2, "two winners");
}

/// Four players, one Swiss round, a knockout of four with a third-place match, every match won by
/// the player commanding Red first: (tournament, organiser).
pub(crate) async fn a_finished_knockout(app: &TestApp) -> (i64, Browser) {
    let (t, admin, referee, _) =
        published_round(app, &[("swiss_rounds", "1"), ("knockout_size", "4"), ("third_place", "1")]).await;
    play_round_red_first_wins(&referee, t, 1).await;
    assert_eq!(admin.post(&format!("/admin/t/{t}/round/1/lock"), &[("confirm", "1")]).await.status, 303);
    for round in [2, 3] {
        assert_eq!(admin.post(&format!("/admin/t/{t}/knockout"), &[]).await.status, 303);
        assert_eq!(admin.post(&format!("/admin/t/{t}/round/{round}/publish"), &[]).await.status, 303);
        play_round_red_first_wins(&referee, t, round).await;
        assert_eq!(
            admin.post(&format!("/admin/t/{t}/round/{round}/lock"), &[("confirm", "1")]).await.status,
            303
        );
    }
    (t, admin)
}

#[actix_rt::test]
async fn after_the_knockout_the_final_ranking_lists_the_champion_first_everywhere() {
    let app = TestApp::spawn().await;
    let (t, _admin) = a_finished_knockout(&app).await;
    let public = app.browser();
    // Who won the final, as the bracket (the league's `Bracket::champion`) says.
    let bracket = public.get(&format!("/t/{t}/bracket")).await;
    let champion = text_of(&bracket, "#champion strong");
    // The final is round 3's match whose players are the semi-finals' winners; its other player is
    // the finalist. Round 3 also holds the third-place match.
    let round3 = public.get(&format!("/t/{t}/round/3")).await;
    let players3 = Round::read(&round3).names();
    let at = players3.iter().position(|p| *p == champion).expect("the champion played round 3");
    let finalist = &players3[if at % 2 == 0 { at + 1 } else { at - 1 }];

    for page in [public.get(&format!("/t/{t}/standings")).await, bracket] {
        let ranking = final_ranking(&page);
        let names: Vec<&str> = ranking.iter().map(|r| r.name.as_str()).collect();
        assert_eq!(names.len(), 4, "{ranking:?}");
        assert_eq!((names[0], names[1]), (champion.as_str(), finalist.as_str()), "{ranking:?}");
        let reached: Vec<&str> = ranking.iter().map(|r| r.reached_key.as_str()).collect();
        assert_eq!(reached, ["stage_champion", "stage_finalist", "stage_third", "stage_fourth"]);
        assert_eq!(ranking[0].reached, "wygrany finał", "the stage in words");
    }
    assert_eq!(Standings::read(&public.get(&format!("/t/{t}/standings")).await).finals.len(), 4);
    let csv = Csv::read(&public.get(&format!("/t/{t}/export/standings")).await, ';');
    assert_eq!(csv.header[..3], ["Miejsce końcowe", "Miejsce po fazie szwajcarskiej", "Imię i nazwisko"]);
    let first_two = [0, 1].map(|n| (csv.at(n, "Miejsce końcowe"), csv.at(n, "Imię i nazwisko")));
    assert_eq!(
        first_two,
        [("1", champion.as_str()), ("2", finalist.as_str())],
        "the champion first: {csv:?}"
    );
}

#[actix_rt::test]
async fn the_bracket_page_before_the_knockout_says_when_and_how_it_starts() {
    let app = TestApp::spawn().await;
    let (t, _admin, _referee, _) =
        published_round(&app, &[("swiss_rounds", "3"), ("knockout_size", "4"), ("third_place", "1")]).await;
    let page = app.browser().get(&format!("/t/{t}/bracket")).await;
    let before = BeforeKnockout::read(&page);
    let expected =
        BeforeKnockout { after_round: 3, top: 4, pairs: vec!["1-4".into(), "2-3".into()], third_place: true };
    assert_eq!(before, expected);
    assert_eq!(text_of(&page, "#before-knockout strong"), "4", "the top four go on");
    // Five of a bracket of eight: the top seeds get byes.
    let app = TestApp::spawn().await;
    let (t, ..) = published_round(&app, &[("knockout_size", "5")]).await;
    let page = app.browser().get(&format!("/t/{t}/bracket")).await;
    assert_eq!(BeforeKnockout::read(&page).pairs, ["1-bye", "2-bye", "3-bye", "4-5"], "{}", page.body);
}

#[actix_rt::test]
async fn history_is_sentences_newest_first_paged_filtered_with_old_and_new_side_by_side_and_logs_linked() {
    let app = TestApp::spawn().await;
    let (t, admin, referee, matches) = published_round(&app, &[]).await;
    let m = matches[0];
    let games = game_forms(&referee.get(&format!("/ref/t/{t}/match/{m}")).await.body, t);
    let options = bitwa::engine::RuleOptions::default();
    let log = bitwa::engine::random_game(9, bitwa::engine::Edition::builtin(), &options).to_string();
    let saved = referee
        .post(&format!("/ref/t/{t}/game/{}", games[0].0), &[("version", &games[0].1), ("log", &log)])
        .await;
    assert_eq!(saved.status, 303, "{}", saved.body);
    // A correction: the typed result replaces the logged one (the old value keeps its log).
    let fresh = game_forms(&referee.get(&format!("/ref/t/{t}/match/{m}")).await.body, t);
    assert_eq!(
        enter(&referee, t, (fresh[0].0, &fresh[0].1), "red", "warsaw-entered", "21").await.status,
        303
    );

    let history = admin.get(&format!("/admin/t/{t}/history")).await;
    // No JSON, no log text: sentences, with the log linked.
    for json in ["{&#34;", "&#34;:", "&#34;winner", "log_text", "[Event"] {
        history.assert_lacks(json);
    }
    let first = &admin::history(&history)[0];
    assert!(first.what.starts_with("Poprawka wyniku: partia 1 (runda 1, stół 1)"), "newest first: {first:?}");
    // Old and new side by side: the logged result before, the typed one after.
    assert!(first.before.iter().any(|b| b == "zapis poprawny"), "{first:?}");
    assert!(first.after.iter().any(|a| a == "Czerwoni weszli do Warszawy"), "{first:?}");
    let links = select(&history.body, "#history li.change")[0].select("a");
    let link =
        links.iter().filter_map(|a| a.attr("href")).find(|h| h.contains("/log/old")).expect("the old log");
    let log_page = admin.get(link).await;
    assert_eq!(log_page.status, 200);
    assert_eq!(log_page.body.trim(), log.trim(), "the log as it was");
    for line in log.lines().filter(|l| !l.starts_with('[') && l.len() > 12).take(20) {
        history.assert_lacks(line);
    }

    // Filters: round 1 only; one player only.
    let round1 = admin.get(&format!("/admin/t/{t}/history?round=1")).await;
    let whats = |page: &Page| -> Vec<String> { admin::history(page).into_iter().map(|c| c.what).collect() };
    let round1 = whats(&round1);
    assert!(round1.iter().any(|w| w.starts_with("Poprawka wyniku")), "{round1:?}");
    assert!(!round1.iter().any(|w| w.starts_with("Rejestracja")), "{round1:?}");
    let adam = Overview::read(&admin.get(&format!("/admin/t/{t}")).await).player("Adam Abacki").id;
    let filtered = whats(&admin.get(&format!("/admin/t/{t}/history?player={adam}")).await);
    assert!(filtered.iter().any(|w| w == "Rejestracja: Adam Abacki"), "{filtered:?}");
    assert!(!filtered.iter().any(|w| w.starts_with("Rejestracja: Beata Babacka")), "{filtered:?}");

    // Paging: 60 more players, 50 changes a page, newest first.
    let mut csv = "imię i nazwisko;data urodzenia;szkoła\n".to_string();
    for i in 0..60 {
        csv.push_str(&format!("Gracz Numer{i:02};2010-01-01;LO\n"));
    }
    assert_eq!(admin.post(&format!("/admin/t/{t}/players/import"), &[("csv", &csv)]).await.status, 303);
    let page1 = admin.get(&format!("/admin/t/{t}/history")).await;
    assert_eq!(page1.body.matches("class=\"change\"").count(), 50);
    let newest = &admin::history(&page1)[0];
    assert_eq!(newest.what, "Rejestracja: Gracz Numer59", "the newest first: {newest:?}");
    assert!(has(&page1, "a#older[rel=next]"), "a link to the older changes");
    let page2 = whats(&admin.get(&format!("/admin/t/{t}/history?page=2")).await);
    assert!(page2.iter().any(|w| w == "Rejestracja: Gracz Numer00"), "{page2:?}");
    assert!(page2.iter().any(|w| w.starts_with("Poprawka wyniku")), "{page2:?}");
}

/// Every form field on a page that no label names: `(tag, name)` of each. A field is labelled by a
/// `<label>` around it, a `<label for>` naming its id, or an `aria-label`.
fn unlabelled(body: &str) -> Vec<String> {
    let label_for: Vec<String> = crate::pages::html::attribute_values(body, "for");
    let mut out = Vec::new();
    for kind in ["input", "select", "textarea"] {
        for (field, in_label) in crate::pages::html::select_within(body, kind, "label") {
            let hidden = matches!(field.attr("type"), Some("hidden" | "submit" | "button"));
            let labelled = in_label
                || field.has("aria-label")
                || field.attr("id").is_some_and(|id| label_for.iter().any(|f| f == id));
            if !hidden && !labelled {
                out.push(format!("<{kind} {}", field.attr("name").unwrap_or_default()));
            }
        }
    }
    out
}

#[actix_rt::test]
async fn every_input_on_the_referee_and_organiser_pages_has_a_label() {
    let app = TestApp::spawn().await;
    let (t, admin, referee, matches) = published_round(&app, &[]).await;
    let adam = Overview::read(&admin.get(&format!("/admin/t/{t}")).await).player("Adam Abacki").id;
    admin
        .post(&format!("/admin/t/{t}/forbidden"), &[("a", &adam.to_string()), ("b", &(adam + 1).to_string())])
        .await;
    let draft_t = create_tournament(&admin, &[("name", "Szkic")]).await;
    for name in ["Ala", "Ola"] {
        register(&admin, draft_t, name).await;
    }
    admin.post(&format!("/admin/t/{draft_t}/referees"), &[("username", "sedzia")]).await;
    admin.post(&format!("/admin/t/{draft_t}/rounds"), &[]).await;
    let confirm = admin
        .post(&format!("/admin/t/{t}/players/{adam}"), &[("version", "1"), ("action", "withdraw")])
        .await;
    let refused = enter(
        &referee,
        t,
        (game_forms(&referee.get(&format!("/ref/t/{t}/match/{}", matches[0])).await.body, t)[0].0, "1"),
        "",
        "",
        "",
    )
    .await;
    let pages = vec![
        ("organiser: tournament", admin.get(&format!("/admin/t/{t}")).await),
        ("organiser: new tournament", admin.get("/admin/new").await),
        ("organiser: history", admin.get(&format!("/admin/t/{t}/history")).await),
        ("organiser: editions", admin.get("/admin/editions").await),
        ("organiser: draft round", admin.get(&format!("/t/{draft_t}/round/1")).await),
        ("organiser: published round", admin.get(&format!("/t/{t}/round/1")).await),
        ("organiser: confirmation", confirm),
        ("referee: tables", referee.get(&format!("/ref/t/{t}")).await),
        ("referee: match", referee.get(&format!("/ref/t/{t}/match/{}", matches[0])).await),
        ("referee: a refused result", refused),
        ("account: password", referee.get("/account/password").await),
    ];
    let mut missing = Vec::new();
    let mut fields = 0;
    for (what, page) in &pages {
        assert!(page.status == 200 || page.status == 422, "{what}: {}", page.status);
        fields += page.body.matches("<input").count() + page.body.matches("<select").count();
        missing.extend(unlabelled(&page.body).into_iter().map(|f| format!("{what}: {f}")));
    }
    assert!(fields > 60, "the pages hold the forms they should ({fields} fields)");
    assert!(missing.is_empty(), "fields without a label:\n{}", missing.join("\n"));
    // The check itself finds what it should.
    assert_eq!(
        unlabelled("<input name=\"a\"><label>x <input name=\"b\"></label><input type=\"hidden\" name=\"c\">"),
        vec!["<input a"]
    );
}

#[actix_rt::test]
async fn a_repeated_publish_lock_or_save_shows_the_result_not_a_conflict() {
    let app = TestApp::spawn().await;
    let (t, admin, referee, matches) = published_round(&app, &[]).await;
    // Publish again (round 1 was published by the helper): the round, not a conflict.
    let again = admin.post(&format!("/admin/t/{t}/round/1/publish"), &[]).await;
    assert_eq!(again.status, 303, "{}", again.body);
    assert_eq!(history_rows(&app, "round", "published").await.len(), 1, "published once");

    // The same result saved twice with the same version (a double click): saved once, no conflict.
    let games = game_forms(&referee.get(&format!("/ref/t/{t}/match/{}", matches[0])).await.body, t);
    let g = (games[0].0, games[0].1.as_str());
    assert_eq!(enter(&referee, t, g, "red", "warsaw-entered", "21").await.status, 303);
    let twice = enter(&referee, t, g, "red", "warsaw-entered", "21").await;
    assert_eq!(twice.status, 303, "{}", twice.body);
    assert!(twice.location.as_deref().unwrap().contains("saved=game-1"));
    assert_eq!(history_rows(&app, "game", "enter").await.len(), 1);
    assert!(history_rows(&app, "game", "correct").await.is_empty());
    // Another result with that old version is a real conflict.
    assert_eq!(enter(&referee, t, g, "polish", "three-red-eliminated", "0").await.status, 409);

    // The same walkover twice; a knowledge score twice; the configuration twice.
    let form = referee.get(&format!("/ref/t/{t}/match/{}", matches[1])).await;
    let v = one(&form.body, "#forfeit-form input[name=version]").get("value").to_string();
    let path = format!("/ref/t/{t}/match/{}/forfeit", matches[1]);
    assert_eq!(referee.post(&path, &[("version", &v), ("forfeit", "absent-a")]).await.status, 303);
    assert_eq!(referee.post(&path, &[("version", &v), ("forfeit", "absent-a")]).await.status, 303);
    assert_eq!(history_rows(&app, "match", "forfeit").await.len(), 1);
    let adam = Overview::read(&admin.get(&format!("/admin/t/{t}")).await).player("Adam Abacki").id;
    let knowledge = [("version", "1"), ("action", "knowledge"), ("knowledge", "17")];
    assert_eq!(admin.post(&format!("/admin/t/{t}/players/{adam}"), &knowledge).await.status, 303);
    assert_eq!(admin.post(&format!("/admin/t/{t}/players/{adam}"), &knowledge).await.status, 303);
    let mut config = tournament_form(&[("name", "Liga Powtórzona")]);
    config.push(("version", "1"));
    assert_eq!(admin.post(&format!("/admin/t/{t}/config"), &config).await.status, 303);
    assert_eq!(admin.post(&format!("/admin/t/{t}/config"), &config).await.status, 303);
    assert_eq!(history_rows(&app, "tournament", "configure").await.len(), 1);

    // Lock twice once every match is decided.
    let games = game_forms(&referee.get(&format!("/ref/t/{t}/match/{}", matches[0])).await.body, t);
    assert_eq!(
        enter(&referee, t, (games[1].0, &games[1].1), "red", "radzymin-check", "10").await.status,
        303
    );
    assert_eq!(admin.post(&format!("/admin/t/{t}/round/1/lock"), &[("confirm", "1")]).await.status, 303);
    assert_eq!(admin.post(&format!("/admin/t/{t}/round/1/lock"), &[("confirm", "1")]).await.status, 303);
    assert_eq!(history_rows(&app, "round", "locked").await.len(), 1, "locked once");
}

#[actix_rt::test]
async fn a_csv_import_without_a_header_is_reported_and_duplicates_are_flagged_for_confirmation() {
    let app = TestApp::spawn().await;
    let OpenDay { t, admin, .. } = Day::new(&app).open().await;
    let path = format!("/admin/t/{t}/players/import");
    let public = app.browser();

    // No header: the first player would be dropped as one. Asked, nothing imported.
    let headless = "Anna Nowak;2010-03-01;LO 5\nJan Kowalski;2009-12-01;LO 5\n";
    let asked = admin.post(&path, &[("csv", headless)]).await;
    assert_eq!(asked.status, 422);
    assert_eq!(text_of(&asked, "#first-row code"), "Anna Nowak; 2010-03-01; LO 5", "the row shown");
    assert_eq!(
        field_error(&asked.body, "csv").as_deref(),
        Some(
            "Pierwszy wiersz wygląda na gracza, a nie na nagłówek z nazwami kolumn. Jeśli to gracz, zaznacz to poniżej; jeśli nagłówek, popraw go."
        )
    );
    assert_eq!(field_value(&asked.body, "csv").as_deref(), Some(headless), "the rows are kept");
    assert!(!Tournament::read(&public.get(&format!("/t/{t}")).await).lists("Jan Kowalski"));
    let imported = admin.post(&path, &[("csv", headless), ("first_row_is_player", "1")]).await;
    assert_eq!(imported.status, 303, "{}", imported.body);
    assert_eq!(
        Tournament::read(&public.get(&format!("/t/{t}")).await).names(),
        ["Anna Nowak", "Jan Kowalski"]
    );

    // Names twice (in the file, and one already registered): flagged, then imported on request.
    let twice = "imię i nazwisko;data urodzenia;szkoła\nEwa Zielińska;2008-07-07;SP 3\nEWA  Zielińska;2009-07-07;SP 4\nJan Kowalski;2009-12-01;LO 5\n";
    let flagged = admin.post(&path, &[("csv", twice)]).await;
    assert_eq!(flagged.status, 422);
    assert_eq!(
        texts(&flagged, "#import-duplicates li"),
        ["Ewa Zielińska (wiersze 2, 3)", "Jan Kowalski (wiersz 4; ta osoba jest już na liście graczy)"]
    );
    assert!(!Tournament::read(&public.get(&format!("/t/{t}")).await).lists("Ewa Zielińska"));
    assert_eq!(admin.post(&path, &[("csv", twice), ("accept_duplicates", "1")]).await.status, 303);
    assert_eq!(Tournament::read(&public.get(&format!("/t/{t}")).await).players.len(), 5);

    // One registration with a name on the list: asked too.
    let one = [("name", "Anna Nowak"), ("birth_date", "2010-05-05"), ("club", "LO 9")];
    let asked = admin.post(&format!("/admin/t/{t}/players"), &one).await;
    assert_eq!(asked.status, 422);
    let named = texts(&asked, "#register-duplicates li");
    assert!(named.len() == 1 && named[0].starts_with("Anna Nowak"), "named: {named:?}");
    let mut accepted = one.to_vec();
    accepted.push(("accept_duplicate", "1"));
    assert_eq!(admin.post(&format!("/admin/t/{t}/players"), &accepted).await.status, 303);
    assert_eq!(Tournament::read(&public.get(&format!("/t/{t}")).await).players.len(), 6);
}

#[actix_rt::test]
async fn a_refused_log_comes_back_on_the_form_with_the_log_kept_and_a_polish_message() {
    let app = TestApp::spawn().await;
    let (t, _admin, referee, matches) = published_round(&app, &[]).await;
    let games = game_forms(&referee.get(&format!("/ref/t/{t}/match/{}", matches[0])).await.body, t);
    let log = "[Event \"Liga\"]\nred march Nie-Ma-Takiej-Jednostki a1 b2\n";
    let page = referee
        .post(
            &format!("/ref/t/{t}/game/{}", games[0].0),
            &[("version", &games[0].1), ("log", log), ("red_clock", "12:05")],
        )
        .await;
    assert_eq!(page.status, 422);
    let refused = admin::LogError::read(&page, "form#game-1").expect("the log's refusal on game 1's form");
    assert!(refused.line.starts_with("Błąd w zapisie partii. Wiersz 2"), "the line is named: {refused:?}");
    let kept = crate::pages::KeptForm::read(&page, "form#game-1", "game-1");
    assert_eq!(kept.value("log"), Some(log), "the log as typed");
    assert_eq!(kept.value("red_clock"), Some("12:05"));
    assert_eq!(one(&page.body, "html").get("lang"), "pl");
    assert!(
        crate::pages::Game::read(&app.browser().get(&format!("/t/{t}/game/{}", games[0].0)).await)
            .result
            .is_none(),
        "no result yet"
    );
}

#[actix_rt::test]
async fn error_pages_keep_the_site_header_and_the_visitor_language() {
    let app = TestApp::spawn().await;
    let OpenDay { t, admin, .. } = Day::new(&app).open().await;
    let b = app.browser();
    let missing = b.get(&format!("/t/{t}/match/4242")).await;
    assert_eq!(missing.status, 404);
    assert_eq!(one(&missing.body, "html").get("lang"), "pl");
    assert!(
        has(&missing, "nav") && has(&missing, &format!("a[href=/t/{t}]")),
        "the site's frame, a way back"
    );
    assert!(text_of(&missing, "h1").starts_with("Nie znaleziono"), "{}", missing.body);
    missing.assert_lacks("history.back").assert_lacks("javascript:");
    b.get("/lang/en").await;
    let english = b.get(&format!("/t/{t}/match/4242")).await;
    assert_eq!(one(&english.body, "html").get("lang"), "en");
    assert!(text_of(&english, "h1").starts_with("Not found"), "{}", english.body);
    english.assert_lacks("Nie znaleziono");
    // A conflict from the store (a player changed from a stale page), said in the page's
    // language only.
    let p = register(&admin, t, "Piotr Wiśniewski").await;
    let stale = admin
        .post(
            &format!("/admin/t/{t}/players/{p}"),
            &[("version", "0"), ("action", "withdraw"), ("confirm", "1")],
        )
        .await;
    assert_eq!(stale.status, 409);
    stale.assert_contains("Ktoś inny zapisał").assert_lacks("Someone else");
}

#[actix_rt::test]
async fn the_print_stylesheet_exists_and_table_cards_render_for_a_round() {
    let app = TestApp::spawn().await;
    let (t, admin, _referee, matches) = published_round(&app, &[]).await;
    let public = app.browser();
    let round = public.get(&format!("/t/{t}/round/1")).await;
    let link = one(&round.body, "link[media=print]");
    assert!(link.get("href").starts_with("/static/print."), "the print stylesheet is linked: {link:?}");
    let css = public.get(link.get("href")).await;
    assert_eq!(css.status, 200);
    assert!(css.content_type.starts_with("text/css"));
    assert!(
        css.body.contains("@page") && css.body.contains("A4") && css.body.contains(".table-card"),
        "{}",
        css.body
    );

    let cards = public.get(&format!("/t/{t}/round/1/cards")).await;
    assert_eq!(cards.status, 200);
    assert_eq!(select(&cards.body, "article.table-card").len(), 2, "one card per match");
    for m in &matches {
        let card = text_of(&cards, &format!("article#card-{m}"));
        for needed in [
            "Stół ",
            "Czerwoni w 1. partii",
            "Kontrola talii",
            "Partia 1",
            "Partia 2",
            "Punkty za Czerwonych",
            "Czas pozostały Czerwonym",
            "Sędzia",
        ] {
            assert!(card.contains(needed), "{needed} on the card:\n{card}");
        }
    }
    let mut players: Vec<String> = select(&cards.body, "article.table-card .card-players")
        .iter()
        .flat_map(|p| p.text().split(" – ").map(str::to_string).collect::<Vec<_>>())
        .collect();
    players.sort_unstable();
    assert_eq!(
        players,
        ["Adam Abacki", "Beata Babacka", "Cezary Cabacki", "Dorota Dadacka"],
        "both players on each card"
    );
    // A draft's cards are the organiser's only, like its pairings.
    admin.post(&format!("/admin/t/{t}/round/1/lock"), &[("confirm", "1")]).await;
    assert_eq!(public.get(&format!("/t/{t}/round/2/cards")).await.status, 404);
}

#[actix_rt::test]
async fn results_read_as_the_same_sentence_on_the_match_and_player_pages() {
    let app = TestApp::spawn().await;
    let (t, admin, referee, matches) = published_round(&app, &[]).await;
    let games = game_forms(&referee.get(&format!("/ref/t/{t}/match/{}", matches[0])).await.body, t);
    enter(&referee, t, (games[0].0, &games[0].1), "red", "warsaw-entered", "25").await;
    enter(&referee, t, (games[1].0, &games[1].1), "red", "radzymin-check", "12").await;
    let round = admin.get(&format!("/t/{t}/round/1")).await;
    let line = Round::read(&round).line(matches[0]).clone();
    let red_first = &line.names[0];
    let sentence = format!("Wygrywa {red_first} (1:1, więcej punktów za Czerwonych: 25 do 12)");
    let public = app.browser();
    let on_match = crate::pages::Match::read(&public.get(&format!("/t/{t}/match/{}", matches[0])).await);
    assert_eq!(on_match.line.result, sentence);
    for id in [line.red, line.other.unwrap()] {
        let player = public.get(&format!("/t/{t}/player/{id}")).await;
        assert_eq!(text_of(&player, "section.match-summary span.result"), sentence);
    }
    assert_eq!(line.result, sentence);
    // And the game: who won, how, the points; no raw names of enums.
    let game = public.get(&format!("/t/{t}/game/{}", games[0].0)).await;
    assert_eq!(
        crate::pages::Game::read(&game).result.as_deref(),
        Some(
            format!(
                "Wygrywa Armia Czerwona ({red_first}): Czerwoni weszli do Warszawy; 25 pkt za Czerwonych"
            )
            .as_str()
        )
    );
}

#[actix_rt::test]
async fn tiebreaks_are_named_in_words_each_with_a_one_line_explanation() {
    let app = TestApp::spawn().await;
    let (t, ..) = published_round(&app, &[]).await;
    let page = app.browser().get(&format!("/t/{t}/standings")).await;
    let terms = crate::pages::texts(&page, "#tiebreak-help dt");
    let explanations = crate::pages::texts(&page, "#tiebreak-help dd");
    assert_eq!(terms.len(), 8, "match points and seven tiebreaks: {terms:?}");
    assert_eq!(explanations.len(), 8, "each explained: {explanations:?}");
    for (name, explained) in [
        ("Buchholz bez najsłabszego", "bez najsłabszego z nich"),
        ("Mecze bezpośrednie", "między osobami z tą samą liczbą punktów"),
        ("Punkty za Czerwonych", "rozegranych Armią Czerwoną"),
    ] {
        let at = terms.iter().position(|t| t == name).unwrap_or_else(|| panic!("{name} in {terms:?}"));
        assert!(explanations[at].contains(explained), "{name}: {}", explanations[at]);
    }
    // No raw names where people read (the rows carry the codes as data- attributes only).
    let shown = crate::pages::page_text(&page);
    assert!(!shown.contains("buchholz_cut1") && !shown.contains("tb_"), "{shown}");
    // The configuration names them in words too, in numbered choices.
    let admin = app.admin().await;
    let form = admin.get(&format!("/admin/t/{t}")).await;
    let choices = crate::pages::texts(&form, "select[name=tiebreak_1] option");
    assert!(choices.iter().any(|c| c == "Mecze bezpośrednie"), "{choices:?}");
}

#[actix_rt::test]
async fn the_demo_day_history_is_a_page_of_sentences_not_the_whole_day_with_its_logs() {
    let app = TestApp::spawn_with(fresh_dir(), true).await;
    let organiser = app.browser();
    organiser.login("organizator", "demo-organizator").await;
    let t = ids_after(&organiser.get("/").await.body, "/t/")[0];
    let history = organiser.get(&format!("/admin/t/{t}/history")).await;
    assert_eq!(history.status, 200);
    assert_eq!(history.body.matches("class=\"change\"").count(), 50, "one page");
    assert!(has(&history, "a#older[rel=next]"), "a link to the older changes");
    history.assert_lacks("[Event").assert_lacks("&#34;log_text");
    let logs = history.body.matches("/log/new\"").count();
    assert!(logs > 0, "the logs of the day are linked");
    eprintln!("demo history page: {} bytes, {logs} logs linked", history.body.len());
    // The 24-player demo's whole history with its logs inline was 319 KB on one page.
    assert!(history.body.len() < 100 * 1024, "{} bytes", history.body.len());
}
