//! Creating and configuring a tournament; registering, importing, withdrawing players; restarts.

use crate::helpers::*;
use crate::setup::{Day, OpenDay};

#[actix_rt::test]
async fn an_organiser_creates_and_reconfigures_a_tournament_with_a_version_check() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    let t = create_tournament(&admin, &[("name", "Liga Mazowiecka")]).await;
    app.browser().get("/").await.assert_contains("Liga Mazowiecka");

    let form = admin.get(&format!("/admin/t/{t}")).await;
    form.assert_contains("name=\"version\" value=\"1\"");
    let mut fields = tournament_form(&[("name", "Liga Mazowiecka 2026"), ("swiss_rounds", "4")]);
    fields.push(("version", "1"));
    assert_eq!(admin.post(&format!("/admin/t/{t}/config"), &fields).await.status, 303);
    app.browser().get(&format!("/t/{t}")).await.assert_contains("Liga Mazowiecka 2026");

    // A second save from the same (now stale) form is a conflict, not a silent overwrite.
    let mut stale = tournament_form(&[("name", "Stara nazwa")]);
    stale.push(("version", "1"));
    let conflict = admin.post(&format!("/admin/t/{t}/config"), &stale).await;
    // It comes back with this organiser's values and the stored version: saving again (after a
    // look) replaces the other save knowingly.
    assert_eq!(conflict.status, 409);
    conflict.assert_contains("Ktoś inny zmienił konfigurację").assert_contains("value=\"Stara nazwa\"");
    conflict.assert_contains("name=\"version\" value=\"2\"");
    app.browser().get(&format!("/t/{t}")).await.assert_lacks("Stara nazwa");
    let mut again = tournament_form(&[("name", "Stara nazwa")]);
    again.push(("version", "2"));
    assert_eq!(admin.post(&format!("/admin/t/{t}/config"), &again).await.status, 303);
    app.browser().get(&format!("/t/{t}")).await.assert_contains("Stara nazwa");
}

#[actix_rt::test]
async fn tiebreak_order_and_dates_are_checked() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    let bad = admin.post("/admin/new", &tournament_form(&[("tiebreaks", "buchholz,elo")])).await;
    assert_eq!(bad.status, 422);
    bad.assert_contains("nieznane kryterium").assert_contains("elo");
    // Both problems at once, each beside its field; the typed dates stay in the form.
    let bad = admin
        .post("/admin/new", &tournament_form(&[("last_day", "2026-05-08"), ("knockout_size", "1")]))
        .await;
    assert_eq!(bad.status, 422);
    bad.assert_contains("Ostatni dzień")
        .assert_contains("value=\"2026-05-08\"")
        .assert_contains("value=\"2026-05-09\"");
    bad.assert_contains("name=\"last_day\" value=\"2026-05-08\" required aria-invalid=\"true\"");
    bad.assert_contains("name=\"knockout_size\" value=\"1\" min=\"0\" max=\"128\" aria-invalid=\"true\"");
    bad.assert_contains("0 (bez fazy pucharowej) albo od 2 do 128");
    // The same refusal in English for an English page.
    admin.get("/lang/en").await;
    let english = admin.post("/admin/new", &tournament_form(&[("knockout_size", "1")])).await;
    assert_eq!(english.status, 422);
    english.assert_contains("The configuration is not saved").assert_contains("0 (no knockout) or 2 to 128");
    admin.get("/lang/pl").await;
    app.browser().get("/").await.assert_contains("Nie ma jeszcze turniejów.");
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
        assert!(why.contains("od 14 do 20 lat") && why.contains("2026-05-09"), "{why}");
        assert_eq!(field_value(&refused.body, "name").as_deref(), Some("Za Młody"), "the input is kept");
    }
    // Edges: 14 on the first day, 20 on the first day.
    for (name, birth) in [("Czternastolatek", "2012-05-09"), ("Dwudziestolatek", "2005-05-10")] {
        assert_eq!(admin.post(&path, &[("name", name), ("birth_date", birth)]).await.status, 303);
    }
    let overridden =
        admin.post(&path, &[("name", "Za Młody"), ("birth_date", "2012-05-10"), ("age_override", "1")]).await;
    assert_eq!(overridden.status, 303);

    let page = admin.get(&format!("/admin/t/{t}")).await;
    page.assert_contains("Czternastolatek").assert_contains("Dwudziestolatek").assert_contains("Za Młody");
    admin
        .get(&format!("/admin/t/{t}/history"))
        .await
        .assert_contains("Rejestracja: Za Młody (Zgoda mimo wieku");
}

#[actix_rt::test]
async fn csv_import_names_the_bad_row_and_imports_nothing_until_all_rows_are_good() {
    let app = TestApp::spawn().await;
    let OpenDay { t, admin, .. } = Day::new(&app).open().await;
    let path = format!("/admin/t/{t}/players/import");

    let bad = "imię i nazwisko;data urodzenia;szkoła;test\nAnna Nowak;2010-03-01;LO 5;17\nJan Kowalski;2010-13-01;LO 5;\n";
    let page = admin.post(&path, &[("csv", bad)]).await;
    assert_eq!(page.status, 422);
    assert!(page.body.contains("Anna Nowak;2010-03-01"), "the pasted rows are kept");
    page.assert_contains("Wiersz 3").assert_contains("Data urodzenia");
    app.browser().get(&format!("/t/{t}")).await.assert_lacks("Anna Nowak");

    let short = "name,birth\nAnna Nowak,2010-03-01\n";
    admin.post(&path, &[("csv", short)]).await.assert_contains("Wiersz 2");

    let good = "\u{feff}name,birth date,club,knowledge\nAnna Nowak,2010-03-01,LO 5,17\nJan Kowalski,2009-12-01,LO 5,\nEwa Zielińska,2008-07-07,SP 3,12\n";
    assert_eq!(admin.post(&path, &[("csv", good)]).await.status, 303);
    let public = app.browser().get(&format!("/t/{t}")).await;
    public.assert_contains("Anna Nowak").assert_contains("Jan Kowalski").assert_contains("Ewa Zielińska");
    public.assert_contains("(3)");
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
    app.browser().get(&format!("/t/{t}")).await.assert_contains("(wycofanie z turnieju)");
    // The stale version is refused.
    assert_eq!(admin.post(&path, &[("version", "1"), ("action", "readmit")]).await.status, 409);
    assert_eq!(admin.post(&path, &[("version", "2"), ("action", "readmit")]).await.status, 303);
    assert_eq!(
        admin.post(&path, &[("version", "3"), ("action", "knowledge"), ("knowledge", "18")]).await.status,
        303
    );
    app.browser().get(&format!("/t/{t}")).await.assert_lacks("(wycofanie z turnieju)");
    let history = admin.get(&format!("/admin/t/{t}/history")).await;
    history
        .assert_contains("Wycofanie z turnieju: Piotr Wiśniewski")
        .assert_contains("Powrót do turnieju: Piotr Wiśniewski")
        .assert_contains("Test wiedzy: 18")
        .assert_lacks("knowledge_score");
}

#[actix_rt::test]
async fn forbidden_pairs_and_referees_are_listed() {
    let app = TestApp::spawn().await;
    let OpenDay { t, admin, .. } = Day::new(&app).open().await;
    let a = register(&admin, t, "Brat Pierwszy").await.to_string();
    let b = register(&admin, t, "Brat Drugi").await.to_string();
    assert_eq!(admin.post(&format!("/admin/t/{t}/forbidden"), &[("a", &a), ("b", &b)]).await.status, 303);
    assert_eq!(admin.post(&format!("/admin/t/{t}/forbidden"), &[("a", &a), ("b", &a)]).await.status, 400);
    admin.get(&format!("/admin/t/{t}")).await.assert_contains("Brat Pierwszy – Brat Drugi");
    assert_eq!(
        admin.post(&format!("/admin/t/{t}/forbidden/remove"), &[("a", &b), ("b", &a)]).await.status,
        303
    );
    admin.get(&format!("/admin/t/{t}")).await.assert_lacks("Brat Pierwszy – Brat Drugi");

    let short = appoint(&admin, t, "sedzia", "krotkie").await;
    assert_eq!(short.status, 400);
    assert_eq!(appoint(&admin, t, "sedzia", "dlugie-haslo").await.status, 303);
    admin.get(&format!("/admin/t/{t}")).await.assert_contains("<li>sedzia</li>");
}

#[actix_rt::test]
async fn a_restart_keeps_data_and_sessions_and_prints_no_new_password() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    let t = create_tournament(&admin, &[("name", "Liga Trwała")]).await;
    register(&admin, t, "Zofia Trwała").await;
    register(&admin, t, "Zenon Trwały").await;
    admin.post(&format!("/admin/t/{t}/rounds"), &[]).await;
    admin.post(&format!("/admin/t/{t}/round/1/publish"), &[]).await;
    let m = ids_after(&admin.get(&format!("/t/{t}/round/1")).await.body, &format!("/ref/t/{t}/match/"))[0];
    let games = game_forms(&admin.get(&format!("/ref/t/{t}/match/{m}")).await.body, t);
    assert_eq!(enter(&admin, t, (games[0].0, &games[0].1), "red", "warsaw-entered", "21").await.status, 303);
    let dir = app.stop().await;

    let again = TestApp::spawn_with(dir, false).await;
    assert!(again.admin_password.is_empty(), "the first password is printed once only");
    let page = again.browser().get(&format!("/t/{t}")).await;
    page.assert_contains("Liga Trwała").assert_contains("Zofia Trwała");
    let game = again.browser().get(&format!("/t/{t}/game/{}", games[0].0)).await;
    game.assert_contains("Czerwoni weszli do Warszawy").assert_contains("21 pkt za Czerwonych");
    // The session cookie from before the restart still works (the key is kept in the database).
    let same_session = Browser::with_cookies_of(&admin, &again.base);
    same_session.get(&format!("/admin/t/{t}")).await.assert_contains("Zofia Trwała");
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
    for row in
        ["Wiersz 3: Jan Kowalski: Data urodzenia", "Wiersz 5: Imię i nazwisko", "Wiersz 6: Piotr Wiśniewski"]
    {
        assert!(refused.contains(row), "{row} in {refused}");
    }
    assert!(
        !refused.contains("Wiersz 2") && !refused.contains("Wiersz 4"),
        "good rows are not named: {refused}"
    );
    assert!(refused.contains("DD.MM.RRRR"), "{refused}");
    app.browser().get(&format!("/t/{t}")).await.assert_lacks("Anna Nowak");

    // Polish Excel's dates, and a tab-separated paste from a spreadsheet.
    let good = "imię i nazwisko\tdata urodzenia\tszkoła\n\
                Anna Nowak\t14.03.2008\tLO 5\n\
                Jan Kowalski\t1.2.2009\tLO 5\n\
                Ewa Zielińska\t2008-07-07\tSP 3\n";
    assert_eq!(admin.post(&path, &[("csv", good)]).await.status, 303);
    let public = app.browser().get(&format!("/t/{t}")).await;
    public.assert_contains("Anna Nowak").assert_contains("Jan Kowalski").assert_contains("(3)");
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
    let public = app.browser().get(&format!("/t/{t}")).await;
    for name in
        ["Łucja Żółkiewska", "Jan Kowalski", "Ewa Zielińska", "Małgorzata Źrebięcka", "Świętosław Gąsienica"]
    {
        public.assert_contains(name);
    }
    public.assert_contains("(5)");
    // The workbook's date cells and the text date are the birth dates typed.
    let overview = admin.get(&format!("/admin/t/{t}")).await;
    overview.assert_contains("2008-03-14").assert_contains("2009-02-01").assert_contains("2008-07-07");
    // Without the token the file is not read.
    let forged = admin.post_parts(&path, &[Part::File("players_file", "gracze.xlsx", &xlsx)]).await;
    assert_eq!(forged.status, 403);
}

#[actix_rt::test]
async fn an_unreadable_workbook_comes_back_on_the_organisers_page_in_polish_and_stores_nothing() {
    let app = TestApp::spawn().await;
    let OpenDay { t, admin, .. } = Day::new(&app).open().await;
    let before = admin.get(&format!("/admin/t/{t}")).await.body.matches("<tr id=\"player-").count();
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
    page.assert_contains("<html lang=\"pl\">").assert_contains("id=\"import-file-form-refused\"");
    let form =
        page.body.split("id=\"import-file-form\"").nth(1).and_then(|f| f.split("</form>").next()).unwrap();
    assert!(form.contains("nie da się odczytać arkusza; zapisz go jako .xlsx albo CSV"), "{form}");
    assert!(form.contains("href=\"#import-file-form-players_file\""), "the summary links the field: {form}");
    // The organiser's whole page, not an error page, and nothing of the reader's English.
    page.assert_contains("id=\"import-form\"");
    for english in ["Zip", "zip error", "invalid", "Invalid"] {
        assert!(!form.contains(english), "{english} in {form}");
    }
    let after = admin.get(&format!("/admin/t/{t}")).await.body.matches("<tr id=\"player-").count();
    assert_eq!(after, before, "nothing registered");
}
