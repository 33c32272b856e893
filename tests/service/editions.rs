//! Editions in the service: an organiser uploads the printed game's data, a tournament plays it from
//! end to end (log validation, card-by-card deck check, game page), a bad upload shows every problem
//! and stores nothing.

use crate::helpers::*;
use crate::pages::admin::{EditionPage, deck_cards, edition_problems, editions, selected};
use crate::pages::{Game, Overview, Standings, attr_of, has, input, invalid, text_of, texts};
use crate::setup::Day;
use bitwa::engine::{Edition, RuleOptions, random_game, validate_log};

/// The tournament form's rules: no optional rules, 15 minutes.
const OPTIONS: RuleOptions = RuleOptions {
    fortifications: false,
    flank_attacks: false,
    time_control_secs: 900,
    ..RuleOptions::STANDARD
};

const CODE: &str = "liga-2026-pudelko-7";
const NAME: &str = "Liga 2026: karty z pudełka nr 7";

/// The shipped edition's files as an organiser would correct them from a printed copy: another id
/// and name, the Polish card 28 renamed, and the Red card 14 (21 Dywizja Strzelców) at strength 9.
fn printed_files() -> Vec<(String, String)> {
    Edition::builtin_files(Edition::builtin().id())
        .unwrap()
        .into_iter()
        .map(|(name, text)| {
            let text = match name.as_str() {
                "edition.csv" => format!("key,value\nid,{CODE}\nname,{NAME}\n"),
                "cards.csv" => {
                    let text = text.replace(
                        "polish,28,Batalion Akademicki,white,1,,reconstructed",
                        "polish,28,Batalion Szturmowy,white,1,,printed",
                    );
                    let text = text.replace(
                        "red,14,21 Dywizja Strzelców,blue,3,,reconstructed",
                        "red,14,21 Dywizja Strzelców,blue,9,,printed",
                    );
                    assert!(text.contains("Batalion Szturmowy") && text.contains(",blue,9,"));
                    text
                }
                _ => text,
            };
            (name, text)
        })
        .collect()
}

/// Upload files as separate parts of one form, the CSRF token first (as the page's form sends them).
async fn upload(b: &Browser, files: &[(String, String)]) -> Page {
    let token = b.csrf_token().await;
    let mut parts = vec![Part::Field("csrf", token.as_str())];
    parts.extend(files.iter().map(|(n, c)| Part::File("files", n.as_str(), c.as_bytes())));
    b.post_parts("/admin/editions", &parts).await
}

/// A published round with one match on a new tournament; (tournament, match).
async fn one_match(app: &TestApp, overrides: &[(&str, &str)]) -> (i64, i64) {
    let day =
        Day::new(app).config(overrides).named(&["Anna Czerwona", "Bartek Polski"]).published().open().await;
    (day.t, day.matches[0])
}

/// A random game on `printed` whose moves are refused on the built-in edition (a combat that the
/// stronger card decides differently), as (log on `printed`, the same moves tagged for the built-in one).
fn game_that_needs_the_printed_cards(printed: &Edition) -> (String, String) {
    let builtin = Edition::builtin();
    (0..500)
        .find_map(|seed| {
            let log = random_game(seed, printed, &OPTIONS).to_string();
            validate_log(&log, printed, &OPTIONS).expect("a random game is valid on its edition");
            let retagged =
                log.replace(&format!("[Edition \"{CODE}\"]"), &format!("[Edition \"{}\"]", builtin.id()));
            validate_log(&retagged, builtin, &OPTIONS).is_err().then_some((log, retagged))
        })
        .expect("some game in 500 is decided by the 9-strength card")
}

/// What the referee page says about a refused log: the log error's block above the form (said once,
/// under its heading), not the log shown again in the form.
fn rejection(page: &Page) -> String {
    text_of(page, "#log-error")
}

#[actix_rt::test]
async fn an_organiser_uploads_an_edition_and_runs_a_tournament_on_it() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    let files = printed_files();
    let printed = Edition::check_files(&files).expect("the corrected files are a valid edition");

    // Upload: stored with its provenance, shown with what the loader read.
    let uploaded = upload(&admin, &files).await;
    assert_eq!(uploaded.status, 303, "{}", uploaded.body);
    assert_eq!(uploaded.location.as_deref(), Some(format!("/admin/editions/{CODE}").as_str()));
    let page = EditionPage::read(&admin.get(&format!("/admin/editions/{CODE}")).await);
    assert_eq!((page.name.as_str(), page.code.as_str()), (NAME, CODE));
    assert_eq!(page.uploaded_by.as_deref(), Some("admin"));
    assert_eq!(page.card("P28").1, "Batalion Szturmowy");
    assert_eq!(page.card("R14").2, 9, "the strength as corrected");
    assert_eq!(page.files, ["blocked.csv", "board.csv", "cards.csv", "edition.csv", "units.csv"]);
    let source = page.source.clone().unwrap_or_default();
    assert!(
        source.ends_with("Wgrane pliki: edition.csv, units.csv, board.csv, blocked.csv, cards.csv"),
        "{source}"
    );
    let list = editions(&admin.get("/admin/editions").await);
    assert!(list.contains(&(CODE.to_string(), NAME.to_string())), "{list:?}");
    let builtin =
        (Edition::builtin().id().to_string(), Edition::builtin().name_in(bitwa::lang::Lang::Pl).to_string());
    assert!(list.contains(&builtin), "{list:?}");
    let csv = admin.get(&format!("/admin/editions/{CODE}/files/cards.csv")).await;
    assert_eq!((csv.status, csv.content_type.as_str()), (200, "text/csv; charset=utf-8"));
    assert_eq!(csv.body, files.iter().find(|(n, _)| n == "cards.csv").unwrap().1, "the file as sent");

    // A tournament on the printed edition, and one on the built-in edition.
    let (t, m) = one_match(&app, &[("name", "Liga z pudełka"), ("edition", CODE)]).await;
    let (t0, m0) = one_match(&app, &[("name", "Liga wbudowana")]).await;
    assert_eq!(
        selected(&admin.get(&format!("/admin/t/{t}")).await, "#config-edition").as_deref(),
        Some(CODE)
    );

    // The same moves: valid on the printed edition, refused on the built-in one at the combat the
    // stronger card decides.
    let (log, retagged) = game_that_needs_the_printed_cards(&printed);
    let expected = validate_log(&log, &printed, &OPTIONS).unwrap().outcome;
    let refusal = validate_log(&retagged, Edition::builtin(), &OPTIONS).unwrap_err();
    let games = game_forms(&admin.get(&format!("/ref/t/{t}/match/{m}")).await.body, t);
    let saved = submit_log(&admin, t, &games[0], &log).await;
    assert_eq!(saved.status, 303, "{}", saved.body);
    let game = admin.get(&format!("/t/{t}/game/{}", games[0].0)).await;
    assert!(has(&game, "a[download]"), "the validated log is offered for download");
    let result = Game::read(&game).result.expect("the log's result");
    assert!(result.contains(&format!("{} pkt za Czerwonych", expected.red_points)), "{result}");
    assert_eq!(text_of(&game, "#game-edition"), format!("Edycja: {NAME}"));
    let games0 = game_forms(&admin.get(&format!("/ref/t/{t0}/match/{m0}")).await.body, t0);
    let refused = admin
        .post(
            &format!("/ref/t/{t0}/game/{}", games0[0].0),
            &[("version", games0[0].1.as_str()), ("log", retagged.as_str())],
        )
        .await;
    assert_eq!(refused.status, 422, "{}", refused.body);
    assert!(rejection(&refused).contains(&refusal.event), "the refused event is named:\n{}", refused.body);
    assert!(
        crate::pages::Game::read(&admin.get(&format!("/t/{t0}/game/{}", games0[0].0)).await).result.is_none(),
        "no result yet"
    );
    // The printed edition's log is refused by a tournament on another edition, and the reverse.
    let wrong = submit_log(&admin, t0, &games0[0], &log).await;
    assert_eq!(wrong.status, 422);
    assert!(rejection(&wrong).contains(CODE), "the log's edition is named:\n{}", wrong.body);

    // The card-by-card deck check lists the printed edition's cards and names the renamed one.
    let form = admin.get(&format!("/ref/t/{t}/match/{m}")).await;
    let cards = deck_cards(&form);
    assert!(cards.iter().any(|c| c == "P28 Batalion Szturmowy"), "{cards:?}");
    assert!(!cards.iter().any(|c| c.contains("Batalion Akademicki")), "{cards:?}");
    assert_eq!(text_of(&form, "#deck-edition"), format!("Edycja: {NAME}"));
    let deck = admin
        .post(
            &format!("/ref/t/{t}/match/{m}/deck"),
            &[("set_label", "7"), ("red_count", "30"), ("polish_count", "29"), ("missing_polish_28", "1")],
        )
        .await;
    assert_eq!(deck.status, 303, "{}", deck.body);
    let overview = admin.get(&format!("/admin/t/{t}")).await;
    let decks = Overview::read(&overview).decks;
    assert_eq!(
        decks.iter().map(|d| d.text.as_str()).collect::<Vec<_>>(),
        [
            "7: Karty Armii Czerwonej: 30, Karty Wojska Polskiego: 29. Brakujące karty (zaznacz): 28 P28 Batalion \
             Szturmowy"
        ],
        "the missing card named as the tournament's edition names it"
    );

    // The stored log keeps its edition when the tournament moves to another one.
    let version = input(&overview, "#config", "version");
    let mut fields = tournament_form(&[("name", "Liga z pudełka"), ("edition", Edition::builtin().id())]);
    fields.push(("version", version.as_str()));
    assert_eq!(admin.post(&format!("/admin/t/{t}/config"), &fields).await.status, 303);
    let game = admin.get(&format!("/t/{t}/game/{}", games[0].0)).await;
    assert_eq!(text_of(&game, "#game-edition"), format!("Edycja: {NAME}"));
    let form = admin.get(&format!("/ref/t/{t}/match/{m}")).await;
    assert!(deck_cards(&form).iter().any(|c| c == "P28 Batalion Akademicki"), "{:?}", deck_cards(&form));
    // In Polish on a Polish page (the edition's `name_pl`), in English on an English one.
    let edition = text_of(&form, "#deck-edition");
    assert_eq!(
        edition,
        "Edycja: Bitwa Warszawska 2021 (rekonstrukcja na podstawie instrukcji i frontu z sierpnia 1920; rzeki nie \
         blokują ruchu)"
    );
    admin.get("/lang/en").await;
    let form = admin.get(&format!("/ref/t/{t}/match/{m}")).await;
    assert_eq!(text_of(&form, "#deck-edition"), format!("Edition: {}", Edition::builtin().name()));
    admin.get("/lang/pl").await;

    // The round is finished on the printed edition: game 2 typed, the round locked, standings shown.
    let games = game_forms(&admin.get(&format!("/ref/t/{t}/match/{m}")).await.body, t);
    let typed = enter(&admin, t, (games[1].0, &games[1].1), "polish", "radzymin-check", "6").await;
    assert_eq!(typed.status, 303, "{}", typed.body);
    let locked = admin.post(&format!("/admin/t/{t}/round/1/lock"), &[("confirm", "1")]).await;
    assert_eq!(locked.status, 303, "{}", locked.body);
    let standings = Standings::read(&admin.get(&format!("/t/{t}/standings")).await);
    assert_eq!(standings.named("Anna Czerwona").place, 1, "{standings:?}");

    // In use by a stored log: it cannot be deleted.
    let delete = admin.post(&format!("/admin/editions/{CODE}/delete"), &[]).await;
    assert_eq!(delete.status, 409, "{}", delete.body);
    assert_eq!(
        crate::pages::text_of(&delete, "#message"),
        format!("Nie można usunąć edycji, z której korzystają turnieje lub zapisane partie ({CODE})")
    );
    assert!(editions(&admin.get("/admin/editions").await).iter().any(|e| e.0 == CODE));
}

/// The count of uploaded editions, read from the database itself.
async fn stored_editions(app: &TestApp) -> (i64, i64) {
    let db = TestDb::open(&app.db_url).await;
    let editions: (i64,) =
        on_db!(&db, |c| sqlx::query_as("SELECT COUNT(*) FROM editions WHERE NOT builtin").fetch_one(c).await)
            .unwrap();
    let files: (i64,) =
        on_db!(&db, |c| sqlx::query_as("SELECT COUNT(*) FROM edition_files").fetch_one(c).await).unwrap();
    db.close().await;
    (editions.0, files.0)
}

#[actix_rt::test]
async fn a_bad_upload_shows_every_problem_in_the_page_language_and_stores_nothing() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    let files: Vec<(String, String)> = printed_files()
        .into_iter()
        .filter(|(n, _)| n != "board.csv")
        .map(|(n, c)| match n.as_str() {
            "units.csv" => (n, c.replace("R16A,16 Armia,red,green", "R16A,16 Armia,red,blue")),
            "cards.csv" => {
                (n, c.replace("red,9,2 Dywizja Strzelców,green,3", "red,9,2 Dywizja Strzelców,gren,3"))
            }
            _ => (n, c),
        })
        .chain([("plan.csv".to_string(), "a,b\n".to_string())])
        .collect();

    let page = upload(&admin, &files).await;
    assert_eq!(page.status, 422, "{}", page.body);
    // The problems are the feature: each said in the page's language, the rulebook quoted.
    let (heading, problems) = edition_problems(&page);
    assert_eq!(heading, "Edycja odrzucona, nic nie zapisano. Do poprawienia (4)");
    assert_eq!(
        problems,
        [
            "plan.csv: nieznany plik edycji; pliki edycji to edition.csv, units.csv, board.csv, blocked.csv, cards.csv",
            "units.csv: 16 Armia jest zielona (instrukcja, „Fortifications”): 16 Armia (R16A) ma kolor niebieski",
            "board.csv: brak pliku",
            "cards.csv:10: kolor \"gren\" nie jest kolorem karty (blue, green, red, yellow, white)",
        ],
        "four problems, each listed"
    );
    let quotes = texts(&page, "#problems blockquote");
    assert!(
        quotes.iter().any(|q| q.contains("All three of the cards match the 16th Army's color (green)")),
        "{quotes:?}"
    );
    assert_eq!(stored_editions(&app).await, (0, 0));

    // The same in English.
    admin.get("/lang/en").await;
    let page = upload(&admin, &files).await;
    assert_eq!(page.status, 422);
    let (heading, problems) = edition_problems(&page);
    assert_eq!(heading, "Edition refused, nothing was stored. To fix (4)");
    assert!(
        problems.iter().any(|p| p
            == "units.csv: the 16th Army is green (rulebook, \"Fortifications\"): 16 Armia (R16A) is blue"),
        "{problems:?}"
    );
    assert!(problems.iter().any(|p| p == "board.csv: file is missing"), "{problems:?}");

    // Files that are no edition at all, or no files.
    let junk = upload(&admin, &[("cards.csv".to_string(), "\u{0}\u{1}".to_string())]).await;
    assert_eq!(junk.status, 422);
    assert!(edition_problems(&junk).1.iter().any(|p| p == "units.csv: file is missing"), "{}", junk.body);
    let token = admin.csrf_token().await;
    let nothing = admin
        .post_parts("/admin/editions", &[Part::Field("csrf", &token), Part::File("files", "", b"")])
        .await;
    assert_eq!(nothing.status, 422);
    assert_eq!(
        edition_problems(&nothing).1,
        [
            "-: no edition files were sent (edition.csv, units.csv, board.csv, blocked.csv, cards.csv, or one zip of them)"
        ]
    );
    assert_eq!(stored_editions(&app).await, (0, 0));
}

#[actix_rt::test]
async fn an_upload_needs_the_token_before_any_file_and_an_organiser_account() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    let files = printed_files();
    let cards = files.iter().find(|(n, _)| n == "cards.csv").unwrap().1.as_bytes();
    let token = admin.csrf_token().await;

    let none = admin.post_parts("/admin/editions", &[Part::File("files", "cards.csv", cards)]).await;
    assert_eq!(none.status, 403);
    let late = admin
        .post_parts(
            "/admin/editions",
            &[Part::File("files", "cards.csv", cards), Part::Field("csrf", &token)],
        )
        .await;
    assert_eq!(late.status, 403, "a file before the token is not read");
    let wrong = admin
        .post_parts(
            "/admin/editions",
            &[Part::Field("csrf", "0000"), Part::File("files", "cards.csv", cards)],
        )
        .await;
    assert_eq!(wrong.status, 403);
    assert_eq!(stored_editions(&app).await, (0, 0));

    // A referee account (not an organiser) may neither see nor upload editions.
    let t = create_tournament(&admin, &[]).await;
    appoint(&admin, t, "sedzia1", "haslo-sedziego").await;
    let referee = app.browser();
    referee.login("sedzia1", "haslo-sedziego").await;
    assert_eq!(referee.get("/admin/editions").await.status, 403);
    assert_eq!(upload(&referee, &files).await.status, 403);
    assert_eq!(stored_editions(&app).await, (0, 0));
}

#[actix_rt::test]
async fn an_edition_sent_as_one_zip_is_stored_once_and_deleted_while_unused() {
    use std::io::Write;
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    for (name, text) in printed_files() {
        zip.start_file(format!("pudelko-7/{name}"), zip::write::SimpleFileOptions::default()).unwrap();
        zip.write_all(text.as_bytes()).unwrap();
    }
    let bytes = zip.finish().unwrap().into_inner();
    let send = |bytes: Vec<u8>| {
        let admin = &admin;
        async move {
            let token = admin.csrf_token().await;
            admin
                .post_parts(
                    "/admin/editions",
                    &[Part::Field("csrf", &token), Part::File("files", "pudelko-7.zip", &bytes)],
                )
                .await
        }
    };

    let stored = send(bytes.clone()).await;
    assert_eq!(stored.status, 303, "{}", stored.body);
    let page = EditionPage::read(&admin.get(&format!("/admin/editions/{CODE}")).await);
    let source = page.source.clone().unwrap_or_default();
    assert_eq!(
        source, "Wgrane pliki: pudelko-7.zip (edition.csv, units.csv, board.csv, blocked.csv, cards.csv)",
        "the zip is named, with the files it held"
    );
    assert_eq!(page.card("P28").1, "Batalion Szturmowy");
    assert_eq!(stored_editions(&app).await, (1, 5));

    // Stored editions never change: the same id again is refused.
    let again = send(bytes).await;
    assert_eq!(again.status, 422);
    let problems = edition_problems(&again).1;
    assert!(
        problems[0].starts_with(&format!("edition.csv: id {CODE}: taka edycja już istnieje")),
        "{problems:?}"
    );

    // The built-in editions stay; an unused upload can be deleted.
    let builtin = admin.post(&format!("/admin/editions/{}/delete", Edition::builtin().id()), &[]).await;
    assert_eq!(builtin.status, 400);
    // Deleting asks first (a page, no JavaScript), then acts.
    let asked = admin.post(&format!("/admin/editions/{CODE}/delete"), &[]).await;
    assert_eq!(asked.status, 200, "{}", asked.body);
    assert!(has(&asked, "#confirm input[name=confirm]"), "a confirmation form: {}", asked.body);
    assert_eq!(attr_of(&asked, "#confirm form", "action"), format!("/admin/editions/{CODE}/delete"));
    assert_eq!(stored_editions(&app).await.0, 1, "nothing deleted before the confirmation");
    let deleted = admin.post(&format!("/admin/editions/{CODE}/delete"), &[("confirm", "1")]).await;
    assert_eq!(deleted.status, 303, "{}", deleted.body);
    assert_eq!(stored_editions(&app).await, (0, 0));
    assert_eq!(admin.get(&format!("/admin/editions/{CODE}")).await.status, 404);
    // A tournament cannot name it any more.
    let refused = admin.post("/admin/new", &tournament_form(&[("edition", CODE)])).await;
    assert_eq!(refused.status, 422);
    assert!(invalid(&refused, "form", "edition"), "{}", refused.body);
}

#[actix_rt::test]
async fn the_built_in_editions_are_listed_and_tournaments_play_the_current_one_by_default() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    let list = editions(&admin.get("/admin/editions").await);
    for e in Edition::builtins() {
        assert!(list.iter().any(|l| l.0 == e.id()), "{} listed: {list:?}", e.id());
    }
    let t = create_tournament(&admin, &[]).await;
    let chosen = selected(&admin.get(&format!("/admin/t/{t}")).await, "#config-edition");
    assert_eq!(chosen.as_deref(), Some(Edition::builtin().id()));
    // The built-in edition's files download as shipped (to correct them from a printed copy).
    let board = admin.get(&format!("/admin/editions/{}/files/board.csv", Edition::builtin().id())).await;
    assert_eq!(board.status, 200);
    assert!(
        board.body.lines().any(|l| l == "d4,4,4,Radzymin,no,yes,radzymin,P1A,rulebook"),
        "{}",
        board.body
    );
}

/// An edition stored before the Red-card facts were checked (here Doborowe oddziały blue, which an
/// upload now refuses) still serves the tournaments that play it: the referee's match page loads
/// the edition as stored (`Edition::load_stored`), while a new upload of the same files is refused.
#[actix_rt::test]
async fn an_edition_stored_before_the_red_card_facts_still_serves_its_tournaments() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    let code = "liga-2025-stara";
    let files: Vec<(String, String)> = Edition::builtin_files(Edition::builtin().id())
        .unwrap()
        .into_iter()
        .map(|(name, text)| {
            let text = match name.as_str() {
                "edition.csv" => format!("key,value\nid,{code}\nname,Stara edycja\n"),
                "cards.csv" => {
                    let line =
                        text.lines().find(|l| l.starts_with("red,2,")).expect("red card 2").to_string();
                    text.replace(&line, "red,2,Doborowe oddziały,blue,2,elite-troops,reconstructed")
                }
                _ => text,
            };
            (name, text)
        })
        .collect();
    assert!(Edition::check_files(&files).is_err(), "an upload of these files is refused today");
    assert_eq!(upload(&admin, &files).await.status, 422);

    // Stored as an earlier version of the service stored it, before the fact was checked.
    let db = bitwa::store::connect(&app.db_url).await.unwrap();
    let by = bitwa::store::users::by_username(&db, "admin").await.unwrap().expect("the first organiser").id;
    let edition = bitwa::store::editions::NewEdition {
        code: code.into(),
        name: "Stara edycja".into(),
        source: "test".into(),
        files: files.clone(),
    };
    assert!(bitwa::store::editions::insert(&db, &edition, by).await.unwrap());
    let (t, m) = one_match(&app, &[("edition", code)]).await;
    let page = admin.get(&format!("/ref/t/{t}/match/{m}")).await;
    assert_eq!(page.status, 200, "{}", page.body);
    assert!(deck_cards(&page).iter().any(|c| c == "R2 Doborowe oddziały"), "{:?}", deck_cards(&page));
}

/// Uploads refuse what every other form refuses (issue 23): control and direction characters and
/// overlong text in any cell, a key given twice (naming both lines), an id that differs from a
/// stored one only in case. Nothing is stored; a clean upload of the same files then is.
#[actix_rt::test]
async fn an_upload_refuses_what_other_forms_refuse_duplicate_keys_and_case_variants_of_an_id() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    let with_edition_csv = |edition_csv: String| -> Vec<(String, String)> {
        printed_files()
            .into_iter()
            .map(|(n, c)| if n == "edition.csv" { (n, edition_csv.clone()) } else { (n, c) })
            .collect()
    };
    let long = "x".repeat(200_000);
    let cases: Vec<(String, &str)> = vec![
        (format!("key,value\nid,{CODE}\nname,{NAME}\nname_pl,Edycja\u{0}\n"), "znak U+0000"),
        (format!("key,value\nid,{CODE}\nname,{NAME}\nname_pl,Dzwonek\u{7}\n"), "znak U+0007"),
        (format!("key,value\nid,{CODE}\nname,{NAME}\nname_pl,\u{1b}[31mCzerwona\n"), "znak U+001B"),
        (format!("key,value\nid,{CODE}\nname,Edycja \u{202E}odwrócona\n"), "znak U+202E"),
        (format!("key,value\nid,{CODE}\nname,{long}\n"), "ma więcej niż 200 znaków"),
        (
            format!("key,value\nid,{CODE}\nname,{NAME}\nid,inne-id\n"),
            "klucz `id` podano dwa razy (pierwszy raz w wierszu 2)",
        ),
    ];
    for (edition_csv, said) in &cases {
        let page = upload(&admin, &with_edition_csv(edition_csv.clone())).await;
        assert_eq!(page.status, 422, "{said}: {}", page.body);
        let problems = edition_problems(&page).1;
        assert!(
            problems.iter().any(|p| p.starts_with("edition.csv:") && p.contains(said)),
            "{said}: {problems:?}"
        );
        assert!(
            !page.body.contains('\u{202E}') && !page.body.contains('\u{1b}'),
            "{said}: not shown back raw"
        );
        assert!(page.body.len() < 100_000, "{said}: the page does not carry the overlong name");
    }
    // A card's name too, in its own file and line.
    let files: Vec<(String, String)> = printed_files()
        .into_iter()
        .map(|(n, c)| {
            if n == "cards.csv" {
                let c = c.replace("Batalion Szturmowy", "Batalion\u{200B}Szturmowy");
                (n, c)
            } else {
                (n, c)
            }
        })
        .collect();
    let page = upload(&admin, &files).await;
    assert_eq!(page.status, 422);
    let problems = edition_problems(&page).1;
    assert!(
        problems.iter().any(|p| p.starts_with("cards.csv:") && p.contains("znak U+200B")),
        "{problems:?}"
    );
    assert_eq!(stored_editions(&app).await, (0, 0), "nothing stored");

    // An id that is a built-in one in other letters is not a new edition.
    let builtin = bitwa::engine::Edition::builtin().id().to_string();
    let shouted = builtin.to_uppercase();
    let page = upload(&admin, &with_edition_csv(format!("key,value\nid,{shouted}\nname,{NAME}\n"))).await;
    assert_eq!(page.status, 422, "{}", page.body);
    assert_eq!(stored_editions(&app).await, (0, 0));
    // The clean files are stored, and then a case variant of their id is refused.
    assert_eq!(upload(&admin, &printed_files()).await.status, 303);
    let variant = CODE.to_uppercase();
    let page = upload(&admin, &with_edition_csv(format!("key,value\nid,{variant}\nname,{NAME}\n"))).await;
    assert_eq!(page.status, 422, "{}", page.body);
    assert_eq!(stored_editions(&app).await.0, 1, "one edition stored");
}
