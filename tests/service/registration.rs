//! Creating and configuring a tournament; registering, importing, withdrawing players; restarts.

use crate::helpers::*;
use crate::pages::admin::{change, history};
use crate::pages::{KeptForm, Overview, Tournament, has, input, invalid, one, tournaments};
use crate::setup::{Day, OpenDay};

#[actix_rt::test]
async fn an_organiser_creates_and_reconfigures_a_tournament_with_a_version_check() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    let t = create_tournament(&admin, &[("name", "Liga Mazowiecka")]).await;
    assert_eq!(tournaments(&app.browser().get("/").await), [(t, "Liga Mazowiecka".to_string())]);

    let form = admin.get(&format!("/admin/t/{t}")).await;
    let config = format!("form[action=/admin/t/{t}/config]");
    assert_eq!(input(&form, &config, "version"), "1");
    let mut fields = tournament_form(&[("name", "Liga Mazowiecka 2026"), ("swiss_rounds", "4")]);
    fields.push(("version", "1"));
    assert_eq!(admin.post(&format!("/admin/t/{t}/config"), &fields).await.status, 303);
    let name = |page: &Page| Tournament::read(page).name;
    assert_eq!(name(&app.browser().get(&format!("/t/{t}")).await), "Liga Mazowiecka 2026");

    // A second save from the same (now stale) form is a conflict, not a silent overwrite.
    let mut stale = tournament_form(&[("name", "Stara nazwa")]);
    stale.push(("version", "1"));
    let conflict = admin.post(&format!("/admin/t/{t}/config"), &stale).await;
    // It comes back with this organiser's values and the stored version: saving again (after a
    // look) replaces the other save knowingly.
    assert_eq!(conflict.status, 409);
    assert_eq!(
        KeptForm::read(&conflict, &config, "config").summary,
        ["Ktoś inny zmienił konfigurację w międzyczasie. Poniżej są Twoje wartości: sprawdź je i zapisz \
          ponownie, jeśli mają zastąpić zapisane."]
    );
    assert_eq!(input(&conflict, &config, "name"), "Stara nazwa");
    assert_eq!(input(&conflict, &config, "version"), "2");
    assert_eq!(name(&app.browser().get(&format!("/t/{t}")).await), "Liga Mazowiecka 2026");
    let mut again = tournament_form(&[("name", "Stara nazwa")]);
    again.push(("version", "2"));
    assert_eq!(admin.post(&format!("/admin/t/{t}/config"), &again).await.status, 303);
    assert_eq!(name(&app.browser().get(&format!("/t/{t}")).await), "Stara nazwa");
}

#[actix_rt::test]
async fn tiebreak_order_and_dates_are_checked() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    let bad = admin.post("/admin/new", &tournament_form(&[("tiebreaks", "buchholz,elo")])).await;
    assert_eq!(bad.status, 422);
    let criteria = "(direct_encounter, buchholz_cut1, buchholz, sonneborn_berger, games_won, red_side_points, \
                    knowledge_test)";
    assert_eq!(
        KeptForm::read(&bad, "form[action=/admin/new]", "config").problems,
        [format!("nieznane kryterium \"elo\" {criteria}")]
    );
    // Both problems at once, each beside its field; the typed dates stay in the form.
    let bad = admin
        .post("/admin/new", &tournament_form(&[("last_day", "2026-05-08"), ("knockout_size", "1")]))
        .await;
    assert_eq!(bad.status, 422);
    let form = "form[action=/admin/new]";
    assert_eq!(
        (input(&bad, form, "first_day"), input(&bad, form, "last_day")),
        ("2026-05-09".into(), "2026-05-08".into())
    );
    assert_eq!(input(&bad, form, "knockout_size"), "1");
    assert!(
        invalid(&bad, form, "last_day") && invalid(&bad, form, "knockout_size"),
        "each problem beside its field"
    );
    assert!(!invalid(&bad, form, "first_day"));
    assert!(field_error(&bad.body, "last_day").is_some(), "the last day's problem beside it");
    assert_eq!(
        field_error(&bad.body, "knockout_size").as_deref(),
        Some("0 (bez fazy pucharowej) albo od 2 do 128")
    );
    // The same refusal in English for an English page.
    admin.get("/lang/en").await;
    let english = admin.post("/admin/new", &tournament_form(&[("knockout_size", "1")])).await;
    assert_eq!(english.status, 422);
    assert_eq!(
        crate::pages::text_of(&english, "#config-refused p"),
        "The configuration is not saved. Fix the marked fields (the rest stays as typed):"
    );
    assert_eq!(field_error(&english.body, "knockout_size").as_deref(), Some("0 (no knockout) or 2 to 128"));
    admin.get("/lang/pl").await;
    assert_eq!(tournaments(&app.browser().get("/").await), [], "nothing was created");
}

#[actix_rt::test]
async fn registration_refuses_players_outside_14_to_20_unless_overridden() {
    let app = TestApp::spawn().await;
    let OpenDay { t, admin, .. } = Day::new(&app).open().await;
    let path = format!("/admin/t/{t}/players");

    // First day 2026-05-09: born 2012-05-10 is 13, born 2005-05-09 is 21.
    for birth in ["2012-05-10", "2005-05-09"] {
        let refused = admin.post(&path, &[("name", "Za Młody"), ("birth_date", birth)]).await;
        assert_eq!(refused.status, 422, "{birth}");
        let why = field_error(&refused.body, "birth_date").unwrap_or_default();
        let age = if birth == "2012-05-10" { 13 } else { 21 };
        assert_eq!(
            why,
            format!(
                "W turnieju grają osoby, które w pierwszym dniu mają od 14 do 20 lat (wiek w pierwszym dniu, 2026-05-09: {age})"
            )
        );
        assert_eq!(field_value(&refused.body, "name").as_deref(), Some("Za Młody"), "the input is kept");
    }
    // Edges: 14 on the first day, 20 on the first day.
    for (name, birth) in [("Czternastolatek", "2012-05-09"), ("Dwudziestolatek", "2005-05-10")] {
        assert_eq!(admin.post(&path, &[("name", name), ("birth_date", birth)]).await.status, 303);
    }
    let overridden =
        admin.post(&path, &[("name", "Za Młody"), ("birth_date", "2012-05-10"), ("age_override", "1")]).await;
    assert_eq!(overridden.status, 303);

    let names: Vec<String> = Overview::read(&admin.get(&format!("/admin/t/{t}")).await)
        .players
        .into_iter()
        .map(|p| p.name)
        .collect();
    assert_eq!(names, ["Czternastolatek", "Dwudziestolatek", "Za Młody"]);
    let changes = history(&admin.get(&format!("/admin/t/{t}/history")).await);
    change(&changes, "Rejestracja: Za Młody (Zgoda mimo wieku");
}

#[actix_rt::test]
async fn csv_import_names_the_bad_row_and_imports_nothing_until_all_rows_are_good() {
    let app = TestApp::spawn().await;
    let OpenDay { t, admin, .. } = Day::new(&app).open().await;
    let path = format!("/admin/t/{t}/players/import");

    let bad = "imię i nazwisko;data urodzenia;szkoła;test\nAnna Nowak;2010-03-01;LO 5;17\nJan Kowalski;2010-13-01;LO 5;\n";
    let page = admin.post(&path, &[("csv", bad)]).await;
    assert_eq!(page.status, 422);
    assert_eq!(field_value(&page.body, "csv").as_deref(), Some(bad), "the pasted rows are kept");
    let why = field_error(&page.body, "csv").unwrap();
    assert_eq!(why, "Wiersz 3: Jan Kowalski: Data urodzenia: podaj datę jako DD.MM.RRRR lub RRRR-MM-DD");
    let listed =
        |page: &Page| Tournament::read(page).names().into_iter().map(str::to_string).collect::<Vec<_>>();
    assert!(listed(&app.browser().get(&format!("/t/{t}")).await).is_empty(), "nothing imported");

    let short = "name,birth\nAnna Nowak,2010-03-01\n";
    assert_eq!(
        field_error(&admin.post(&path, &[("csv", short)]).await.body, "csv").as_deref(),
        Some("Wiersz 2: potrzebne co najmniej 3 kolumny (imię i nazwisko, data urodzenia, szkoła/klub)")
    );

    let good = "\u{feff}name,birth date,club,knowledge\nAnna Nowak,2010-03-01,LO 5,17\nJan Kowalski,2009-12-01,LO 5,\nEwa Zielińska,2008-07-07,SP 3,12\n";
    assert_eq!(admin.post(&path, &[("csv", good)]).await.status, 303);
    let public = app.browser().get(&format!("/t/{t}")).await;
    assert_eq!(listed(&public), ["Anna Nowak", "Jan Kowalski", "Ewa Zielińska"]);
}

#[actix_rt::test]
async fn withdraw_and_readmit_are_kept_in_history() {
    let app = TestApp::spawn().await;
    let OpenDay { t, admin, .. } = Day::new(&app).open().await;
    let p = register(&admin, t, "Piotr Wiśniewski").await;
    let path = format!("/admin/t/{t}/players/{p}");

    assert_eq!(
        admin.post(&path, &[("version", "1"), ("action", "withdraw"), ("confirm", "1")]).await.status,
        303
    );
    let withdrawn = |page: &Page| Tournament::read(page).players.iter().any(|x| x.0 == p && x.2);
    assert!(withdrawn(&app.browser().get(&format!("/t/{t}")).await), "shown as withdrawn");
    // The stale version is refused.
    assert_eq!(admin.post(&path, &[("version", "1"), ("action", "readmit")]).await.status, 409);
    assert_eq!(admin.post(&path, &[("version", "2"), ("action", "readmit")]).await.status, 303);
    assert_eq!(
        admin.post(&path, &[("version", "3"), ("action", "knowledge"), ("knowledge", "18")]).await.status,
        303
    );
    assert!(!withdrawn(&app.browser().get(&format!("/t/{t}")).await), "back in the tournament");
    let history = admin.get(&format!("/admin/t/{t}/history")).await;
    let changes = crate::pages::admin::history(&history);
    change(&changes, "Wycofanie z turnieju: Piotr Wiśniewski");
    change(&changes, "Powrót do turnieju: Piotr Wiśniewski");
    assert!(changes.iter().any(|c| c.after.iter().any(|a| a == "Test wiedzy: 18")), "{changes:#?}");
    history.assert_lacks("knowledge_score");
}

#[actix_rt::test]
async fn forbidden_pairs_and_referees_are_listed() {
    let app = TestApp::spawn().await;
    let OpenDay { t, admin, .. } = Day::new(&app).open().await;
    let a = register(&admin, t, "Brat Pierwszy").await.to_string();
    let b = register(&admin, t, "Brat Drugi").await.to_string();
    assert_eq!(admin.post(&format!("/admin/t/{t}/forbidden"), &[("a", &a), ("b", &b)]).await.status, 303);
    assert_eq!(admin.post(&format!("/admin/t/{t}/forbidden"), &[("a", &a), ("b", &a)]).await.status, 400);
    let (a_id, b_id): (i64, i64) = (a.parse().unwrap(), b.parse().unwrap());
    assert_eq!(Overview::read(&admin.get(&format!("/admin/t/{t}")).await).forbidden, [(a_id, b_id)]);
    assert_eq!(
        admin.post(&format!("/admin/t/{t}/forbidden/remove"), &[("a", &b), ("b", &a)]).await.status,
        303
    );
    assert_eq!(Overview::read(&admin.get(&format!("/admin/t/{t}")).await).forbidden, []);

    let short = appoint(&admin, t, "sedzia", "krotkie").await;
    assert_eq!(short.status, 400);
    assert_eq!(appoint(&admin, t, "sedzia", "dlugie-haslo").await.status, 303);
    assert_eq!(Overview::read(&admin.get(&format!("/admin/t/{t}")).await).referees, ["sedzia"]);
}

#[actix_rt::test]
async fn a_restart_keeps_data_and_sessions_and_prints_no_new_password() {
    let app = TestApp::spawn().await;
    let OpenDay { t, admin, matches, .. } = Day::new(&app)
        .config(&[("name", "Liga Trwała")])
        .named(&["Zofia Trwała", "Zenon Trwały"])
        .published()
        .open()
        .await;
    let games = game_forms(&admin.get(&format!("/ref/t/{t}/match/{}", matches[0])).await.body, t);
    assert_eq!(enter(&admin, t, (games[0].0, &games[0].1), "red", "warsaw-entered", "21").await.status, 303);
    let dir = app.stop().await;

    let again = TestApp::spawn_with(dir, false).await;
    assert!(again.admin_password.is_empty(), "the first password is printed once only");
    let page = Tournament::read(&again.browser().get(&format!("/t/{t}")).await);
    assert_eq!((page.name.as_str(), page.names()[0]), ("Liga Trwała", "Zofia Trwała"));
    let game = again.browser().get(&format!("/t/{t}/game/{}", games[0].0)).await;
    let result = crate::pages::Game::read(&game).result.expect("the result kept over the restart");
    assert!(
        result.contains("Czerwoni weszli do Warszawy") && result.contains("21 pkt za Czerwonych"),
        "{result}"
    );
    // The session cookie from before the restart still works (the key is kept in the database).
    let same_session = Browser::with_cookies_of(&admin, &again.base);
    let overview = Overview::read(&same_session.get(&format!("/admin/t/{t}")).await);
    assert_eq!(overview.players[0].name, "Zofia Trwała", "the organiser's page, still logged in");
}

#[actix_rt::test]
async fn an_import_reads_polish_excel_dates_and_lists_every_bad_row_at_once() {
    let app = TestApp::spawn().await;
    let OpenDay { t, admin, .. } = Day::new(&app).open().await;
    let path = format!("/admin/t/{t}/players/import");
    // Three bad rows among good ones: each named with its field, nothing stored.
    let bad = "imię i nazwisko;data urodzenia;szkoła\n\
               Anna Nowak;14.03.2008;LO 5\n\
               Jan Kowalski;31.02.2009;LO 5\n\
               Ewa Zielińska;2008-07-07;SP 3\n\
               ;01.01.2009;SP 3\n\
               Piotr Wiśniewski;14.03.08;LO 1\n";
    let page = admin.post(&path, &[("csv", bad)]).await;
    assert_eq!(page.status, 422);
    let refused = field_error(&page.body, "csv").expect("the problems beside the box");
    // Every bad row named with its field, the good rows (2 and 4) not at all.
    let date = "Data urodzenia: podaj datę jako DD.MM.RRRR lub RRRR-MM-DD";
    assert_eq!(
        refused,
        format!(
            "Wiersz 3: Jan Kowalski: {date} Wiersz 5: Imię i nazwisko: pole jest wymagane Wiersz 6: Piotr Wiśniewski: {date}"
        )
    );
    assert!(Tournament::read(&app.browser().get(&format!("/t/{t}")).await).players.is_empty());

    // Polish Excel's dates, and a tab-separated paste from a spreadsheet.
    let good = "imię i nazwisko\tdata urodzenia\tszkoła\n\
                Anna Nowak\t14.03.2008\tLO 5\n\
                Jan Kowalski\t1.2.2009\tLO 5\n\
                Ewa Zielińska\t2008-07-07\tSP 3\n";
    assert_eq!(admin.post(&path, &[("csv", good)]).await.status, 303);
    let public = Tournament::read(&app.browser().get(&format!("/t/{t}")).await);
    assert_eq!(public.names(), ["Anna Nowak", "Jan Kowalski", "Ewa Zielińska"]);
}

/// A players file from `fixtures/imports/`.
fn players_file(name: &str) -> Vec<u8> {
    std::fs::read(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/imports").join(name))
        .unwrap()
}

#[actix_rt::test]
async fn an_excel_workbook_and_a_windows_1250_csv_register_every_player() {
    let app = TestApp::spawn().await;
    let OpenDay { t, admin, .. } = Day::new(&app).open().await;
    let path = format!("/admin/t/{t}/players/import-file");
    let token = admin.csrf_token().await;
    let xlsx = players_file("gracze.xlsx");
    let sent = admin
        .post_parts(&path, &[Part::Field("csrf", &token), Part::File("players_file", "gracze.xlsx", &xlsx)])
        .await;
    assert_eq!(sent.status, 303, "{}", sent.body);
    let cp1250 = players_file("gracze-cp1250.csv");
    assert!(std::str::from_utf8(&cp1250).is_err(), "the fixture is not UTF-8");
    let sent = admin
        .post_parts(&path, &[Part::Field("csrf", &token), Part::File("players_file", "gracze.csv", &cp1250)])
        .await;
    assert_eq!(sent.status, 303, "{}", sent.body);
    let public = Tournament::read(&app.browser().get(&format!("/t/{t}")).await);
    let mut names = public.names();
    names.sort_unstable();
    let mut expected =
        ["Łucja Żółkiewska", "Jan Kowalski", "Ewa Zielińska", "Małgorzata Źrebięcka", "Świętosław Gąsienica"];
    expected.sort_unstable();
    assert_eq!(names, expected);
    // The workbook's date cells and the text date are the birth dates typed.
    let overview = Overview::read(&admin.get(&format!("/admin/t/{t}")).await);
    let born = |name: &str| overview.player(name).born.clone();
    assert_eq!(born("Łucja Żółkiewska"), "2008-03-14");
    assert_eq!(born("Jan Kowalski"), "2009-02-01");
    assert_eq!(born("Ewa Zielińska"), "2008-07-07");
    // Without the token the file is not read.
    let forged = admin.post_parts(&path, &[Part::File("players_file", "gracze.xlsx", &xlsx)]).await;
    assert_eq!(forged.status, 403);
}

#[actix_rt::test]
async fn an_unreadable_workbook_comes_back_on_the_organisers_page_in_polish_and_stores_nothing() {
    let app = TestApp::spawn().await;
    let OpenDay { t, admin, .. } = Day::new(&app).open().await;
    let before = Overview::read(&admin.get(&format!("/admin/t/{t}")).await).players.len();
    let token = admin.csrf_token().await;
    // A ZIP's first bytes and then nothing a workbook has: half a file, as a broken download leaves it.
    let mut broken = players_file("gracze.xlsx");
    broken.truncate(200);
    let page = admin
        .post_parts(
            &format!("/admin/t/{t}/players/import-file"),
            &[Part::Field("csrf", &token), Part::File("players_file", "gracze.xlsx", &broken)],
        )
        .await;
    assert_eq!(page.status, 422, "{}", page.body);
    assert_eq!(one(&page.body, "html").get("lang"), "pl");
    let form = one(&page.body, "form#import-file-form");
    assert!(form.first("#import-file-form-refused").is_some(), "the refusal summary on the form");
    let kept = KeptForm::read(&page, "form#import-file-form", "import-file-form");
    let said = "nie da się odczytać arkusza; zapisz go jako .xlsx albo CSV";
    assert_eq!(kept.summary, [said], "the summary above the form");
    assert_eq!(kept.problems, [said], "the problem beside the field");
    assert!(form.first("a[href=#import-file-form-players_file]").is_some(), "the summary links the field");
    // The organiser's whole page, not an error page, and nothing of the reader's English.
    assert!(has(&page, "form#import-form"));
    for english in ["Zip", "zip error", "invalid", "Invalid"] {
        assert!(!form.inner.contains(english), "{english} in {}", form.inner);
    }
    let after = Overview::read(&admin.get(&format!("/admin/t/{t}")).await).players.len();
    assert_eq!(after, before, "nothing registered");
}
