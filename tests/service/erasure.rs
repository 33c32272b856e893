//! A person erased over HTTP (issue 41): a pupil who played three closed events of a season (over
//! by now) and entered an open one is erased by the coordinator from the person view; afterwards no
//! column of any table (enumerated from the schema at run time, SQLite or PostgreSQL) holds the
//! name, the surname alone or the birth date, every public page and export shows the pseudonym, and
//! every result and stored place is as before. A referee, an organiser of one of the season's
//! events and a visitor are refused. The server's own retention task erases a finished season's
//! persons once its days have passed.

#[path = "../support/text_search.rs"]
mod text_search;

use crate::helpers::*;
use crate::pages::privacy::{PersonView, found_persons};
use crate::pages::{has, input, text_of, texts};
use crate::setup::{Day, REFEREE};

const NAME: &str = "Zofia Tajemnicka";
const SURNAME: &str = "Tajemnicka";
const BORN: &str = "2011-03-17";
const SCHOOL: &str = "SP 12 Radom";
const PUPILS: &str = "name;birth date;club\n\
Zofia Tajemnicka;2011-03-17;SP 12 Radom\n\
Adam Abacki;2010-01-02;LO 1\n\
Beata Babacka;2010-02-03;LO 2\n\
Cezary Cabacki;2010-04-05;LO 3\n";

/// What a visitor reads of an event: its pages and exports (the rounds' only once played).
fn event_paths(t: i64, played: bool) -> Vec<String> {
    let all =
        ["", "/standings", "/export/trf", "/round/1", "/round/2", "/export/standings", "/export/results"];
    all[..if played { all.len() } else { 3 }].iter().map(|p| format!("/t/{t}{p}")).collect()
}

#[actix_rt::test]
async fn a_coordinator_erases_a_pupil_of_a_whole_season_and_nothing_of_them_is_left() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    let (_, season) = create_season(&admin).await;
    let mut events = Vec::new();
    for i in 0..4 {
        let name = format!("Eliminacje {i}");
        let day = Day::new(&app).swiss_only("2").config(&[("name", &name)]).open().await;
        let level = if i < 3 { "eliminacje lokalne" } else { "kwalifikacje regionalne" };
        add_season_event(&admin, season, day.t, level, Some("mazowieckie"), "1").await;
        // Imported once the tournament is the season's event: the pupils of the region's earlier
        // events are linked to their persons (issue 36, item 3).
        let imported = admin.post(&format!("/admin/t/{}/players/import", day.t), &[("csv", PUPILS)]).await;
        assert_eq!(imported.status, 303, "{}", imported.body);
        assert_eq!(appoint(&admin, day.t, REFEREE.0, REFEREE.1).await.status, 303);
        events.push(day.t);
    }
    let referee = app.browser();
    referee.login(REFEREE.0, REFEREE.1).await;
    for &t in &events[..3] {
        for n in 1..=2 {
            assert_eq!(admin.post(&format!("/admin/t/{t}/rounds"), &[]).await.status, 303);
            assert_eq!(admin.post(&format!("/admin/t/{t}/round/{n}/publish"), &[]).await.status, 303);
            play_round_red_first_wins(&referee, t, n).await;
            let locked = admin.post(&format!("/admin/t/{t}/round/{n}/lock"), &[("confirm", "1")]).await;
            assert_eq!(locked.status, 303, "{}", locked.body);
        }
        let closed = admin.post(&format!("/admin/t/{t}/event/close"), &[]).await;
        assert_eq!(closed.status, 303, "{}", closed.body);
    }
    // An organiser of one of the season's events (not its coordinator).
    let made = admin
        .post(
            &format!("/admin/t/{}/referees", events[3]),
            &[("username", "organizator-b"), ("password", "organizator-b-haslo-2026"), ("role", "organiser")],
        )
        .await;
    assert_eq!(made.status, 303, "{}", made.body);
    let organiser = app.browser();
    organiser.login("organizator-b", "organizator-b-haslo-2026").await;

    // The coordinator finds her on the season's personal-data page (birth date shown: not public).
    let found = admin.get(&format!("/admin/season/{season}/privacy?q={SURNAME}")).await;
    let hits = found_persons(found.assert_ok());
    assert_eq!(hits.len(), 1, "{}", found.body);
    assert_eq!(
        (hits[0].1.as_str(), hits[0].2.clone()),
        (NAME, format!("(data urodzenia {BORN}, {SCHOOL})")),
        "the birth date shown to the coordinator"
    );
    let person: i64 = hits[0].0;
    let view = format!("/admin/season/{season}/person/{person}");
    let page = admin.get(&view).await;
    assert_eq!(text_of(page.assert_ok(), "[data-person-name]"), NAME);
    assert!(has(&page, &format!("form#erase-person[action={view}/erase]")), "the erasure form");
    let shown = PersonView::read(&page);
    assert!(shown.kept_what.starts_with("Co zostanie i dlaczego: wyniki, miejsca"), "what stays: {shown:?}");
    assert!(shown.erased_what.starts_with("Co zostanie usunięte: imię i nazwisko"), "{shown:?}");
    // The button is on the person view, not on the season's public pages.
    let public = app.browser().get(&format!("/person/{person}")).await;
    assert!(
        !has(public.assert_ok(), "form#erase-person") && !crate::pages::admin::links_to(&public, "/erase"),
        "no erasure on the public person page"
    );

    // Before: what every page and export says, the season's ranking and the stored places.
    let mut before = Vec::new();
    for (i, &t) in events.iter().enumerate() {
        for path in event_paths(t, i < 3) {
            let page = app.browser().get(&path).await;
            page.assert_ok();
            before.push((path, page.body));
        }
    }
    assert!(before.iter().filter(|(p, _)| p.ends_with("/standings")).all(|(_, b)| b.contains(NAME)));
    let ranking_csv = format!("/season/{season}/export/ranking.csv");
    let ranking_before = app.browser().get(&ranking_csv).await.body;
    assert!(ranking_before.contains(NAME), "{ranking_before}");

    // Refused: the referee, the organiser of an event, a visitor (to the login), without a reason
    // or the confirmation (the page again, in Polish, the reason kept).
    let erase = format!("{view}/erase");
    for who in [&referee, &organiser] {
        assert_eq!(who.get(&view).await.status, 403);
        assert_eq!(who.post(&erase, &[("reason", "season-over"), ("confirm", "1")]).await.status, 403);
    }
    let visitor = app.browser();
    assert_eq!(
        visitor.post(&erase, &[("reason", "season-over"), ("confirm", "1")]).await.location.as_deref(),
        Some("/login")
    );
    let unconfirmed = admin.post(&erase, &[("reason", "season-over")]).await;
    assert_eq!(unconfirmed.status, 400);
    assert_eq!(
        PersonView::read(&unconfirmed).error.as_deref(),
        Some("Zaznacz potwierdzenie, aby usunąć dane osobowe tej osoby.")
    );
    assert!(has(&unconfirmed, "input[name=reason][value=season-over][checked]"), "the reason kept");
    assert_eq!(admin.post(&erase, &[("confirm", "1")]).await.status, 400);
    assert!(text_search::holding(&app.db_url, &[NAME]).await.len() > 1, "nothing erased by a refusal");

    let done = admin.post(&erase, &[("reason", "season-over"), ("confirm", "1")]).await;
    assert_eq!(done.status, 303, "{}", done.body);
    let pseudonym = format!("Anonim P{person}");

    // Nothing of her in any column of any table.
    let left = text_search::holding(&app.db_url, &[NAME, SURNAME, BORN, SCHOOL]).await;
    assert!(left.is_empty(), "still stored: {left:?}");
    // Every page and export shows the pseudonym right after (the kept pages' stamps moved); the
    // CSV exports are otherwise as before: every result and place stays.
    for (path, old) in &before {
        let now = app.browser().get(path).await;
        now.assert_ok().assert_lacks(SURNAME).assert_lacks(SCHOOL);
        if old.contains(NAME) {
            now.assert_contains(&pseudonym);
        }
        if path.contains("/export/") && !path.ends_with("/trf") {
            assert_eq!(now.body, old.replace(NAME, &pseudonym).replace(SCHOOL, ""), "{path}");
        }
    }
    // The season ranking: every line as before under the pseudonym (ties are listed by name, so
    // hers may move among the ones tied with her).
    let lines = |csv: &str| {
        let mut l: Vec<String> = csv.lines().map(str::to_string).collect();
        l.sort();
        l
    };
    let ranking_now = app.browser().get(&ranking_csv).await.body;
    assert_eq!(lines(&ranking_now), lines(&ranking_before.replace(NAME, &pseudonym).replace(SCHOOL, "")));
    let person_page = app.browser().get(&format!("/person/{person}")).await;
    assert_eq!(crate::pages::Person::read(person_page.assert_ok()).name, pseudonym);
    person_page.assert_lacks(SURNAME);
    let ranking = app.browser().get(&format!("/season/{season}/ranking")).await;
    let ranked = texts(ranking.assert_ok(), "tr[data-person] td.main a");
    assert!(ranked.contains(&pseudonym), "the season ranking lists her pseudonym: {ranked:?}");
    ranking.assert_lacks(SURNAME);
    app.browser().get(&format!("/season/{season}")).await.assert_ok().assert_lacks(SURNAME);
    // The log: the pseudonym and the reason, never the name.
    let log = admin.get(&format!("/admin/season/{season}/privacy")).await;
    let erasures = texts(&log, "#erasure-log li[data-erasure]");
    assert_eq!(erasures.len(), 1, "{erasures:?}");
    assert!(erasures[0].starts_with(&format!("{pseudonym} · sezon się zakończył")), "{erasures:?}");
    log.assert_lacks(SURNAME);
    let after = admin.get(&view).await;
    assert_eq!(text_of(after.assert_ok(), "[data-erased]"), "Dane osobowe tej osoby usunięto.");
    assert!(!has(&after, "input[name=confirm]"), "nothing left to erase");
    app.stop().await;
}

#[actix_rt::test]
async fn the_server_erases_a_finished_seasons_persons_once_its_retention_has_passed() {
    let app = TestApp::spawn_settings(|s| s.retention_every = std::time::Duration::from_millis(100)).await;
    let admin = app.admin().await;
    let (desk, season) = create_season(&admin).await;
    let day = Day::new(&app).swiss_only("2").imported(PUPILS).open().await;
    add_season_event(&admin, season, day.t, "eliminacje lokalne", Some("mazowieckie"), "1").await;
    // A wrong number is refused with the input kept; then 10,000 days: not yet, the day shown.
    let privacy = format!("/admin/season/{season}/privacy");
    let wrong = admin.post(&format!("/admin/season/{season}/retention"), &[("days", "dziesięć")]).await;
    assert_eq!(wrong.status, 400);
    assert_eq!(input(&wrong, "form#retention-form", "days"), "dziesięć", "the input kept");
    assert_eq!(text_of(&wrong, "[data-error=days]"), "Podaj liczbę dni od 0 do 3650 albo zostaw pole puste.");
    assert_eq!(
        admin.post(&format!("/admin/season/{season}/retention"), &[("days", "3000")]).await.status,
        303
    );
    assert_eq!(
        text_of(&admin.get(&desk).await, "[data-retention]"),
        "Dane osobowe graczy tego sezonu zostaną usunięte 17.09.2034."
    );
    let visitor = app.browser().post(&format!("/admin/season/{season}/retention"), &[("days", "0")]).await;
    assert_eq!(visitor.location.as_deref(), Some("/login"));
    let page = admin.get(&privacy).await;
    assert_eq!(input(&page, "form#retention-form", "days"), "3000");
    assert!(texts(&page, "#erasure-log li").is_empty(), "nobody erased yet");

    // The season ended on 30 June 2026: 0 days after it has passed; the server's task erases all four.
    assert_eq!(admin.post(&format!("/admin/season/{season}/retention"), &[("days", "0")]).await.status, 303);
    let mut log = String::new();
    for _ in 0..100 {
        // The task runs every 100 ms: no event to await but the page's log.
        log = admin.get(&privacy).await.body;
        if log.matches("data-erasure").count() == 4 {
            break;
        }
        actix_rt::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert_eq!(log.matches("data-erasure").count(), 4, "{log}");
    assert!(log.contains("upłynął czas przechowywania danych po sezonie"));
    let left = text_search::holding(&app.db_url, &[NAME, BORN, "Abacki", "2010-02-03"]).await;
    assert!(left.is_empty(), "still stored: {left:?}");
    app.browser().get(&format!("/t/{}/standings", day.t)).await.assert_ok().assert_lacks(SURNAME);
    app.stop().await;
}

/// The season's retention takes the entries from schools too: a pupil seated as a player (erased
/// as a person), one who never had a consent, one withdrawn by the teacher, the guardians' names
/// in the consent records (the records stay, pseudonymous) and the teacher's name, e-mail and
/// phone, whose private link stops working. Before the retention passes, every one of them is
/// still stored (so the search below can find what it looks for).
#[actix_rt::test]
async fn the_seasons_retention_erases_its_entries_pupils_guardians_and_teachers() {
    use crate::entries::{CLAUSE, add, pupils, sign_up};
    let app = TestApp::spawn_settings(|s| s.retention_every = std::time::Duration::from_millis(100)).await;
    let admin = app.admin().await;
    let (_, season) = create_season(&admin).await;
    // The event was on 9 May 2026 (over); its entries were taken before it.
    let t = create_tournament(&admin, &[("swiss_rounds", "1"), ("knockout_size", "0")]).await;
    add_season_event(&admin, season, t, "eliminacje lokalne", Some("mazowieckie"), "1").await;
    let deadline = (chrono::Utc::now().date_naive() + chrono::Duration::days(30)).to_string();
    let rules = [
        ("deadline", deadline.as_str()),
        ("cap", "3"),
        ("per_school", "3"),
        ("born_from", "2006"),
        ("born_to", "2012"),
        ("max_schools", "5"),
        ("paper_allowed", "1"),
        ("consent_text", CLAUSE),
    ];
    assert_eq!(admin.post(&format!("/admin/t/{t}/entries/open"), &rules).await.status, 303);
    let teacher = app.browser();
    let link = sign_up(&teacher, t, "SP 5 Radom").await;
    for (name, born) in [
        ("Helena Siedząca", "2010-02-13"),
        ("Igor Czekający", "2011-03-14"),
        ("Julia Wycofana", "2009-04-15"),
    ] {
        assert_eq!(add(&teacher, &link, name, born).await.status, 303);
    }
    let list = pupils(&teacher.get(&link).await.body);
    let guardian = app.browser();
    for (who, name) in [(0, "Maria Siedząca"), (2, "Olga Wycofana")] {
        let consent = list[who].2.clone().unwrap();
        assert_eq!(guardian.post(&consent, &[("guardian", name), ("take_part", "1")]).await.status, 303);
    }
    assert_eq!(teacher.post(&format!("{link}/pupils/{}/withdraw", list[2].0), &[]).await.status, 200);
    assert_eq!(
        admin.post(&format!("/admin/t/{t}/desk/{}", list[0].0), &[("present", "1")]).await.status,
        303
    );
    assert_eq!(admin.post(&format!("/admin/t/{t}/desk/seat"), &[]).await.status, 303);

    let personal = [
        "Helena",
        "Siedząca",
        "Igor",
        "Czekający",
        "Julia",
        "Wycofana",
        "Maria",
        "Olga",
        "Ewa Nauczycielska",
        "ewa@szkola.example.org",
        "600 100 200",
        "2010-02-13",
        "2011-03-14",
        "2009-04-15",
    ];
    let before = text_search::holding(&app.db_url, &personal).await;
    for needle in personal {
        assert!(
            before.iter().any(|f| f.ends_with(&format!(": {needle}"))),
            "{needle} stored before: {before:?}"
        );
    }
    assert_eq!(teacher.get(&link).await.status, 200, "the teacher's link works before");

    assert_eq!(admin.post(&format!("/admin/season/{season}/retention"), &[("days", "0")]).await.status, 303);
    let mut left = before;
    for _ in 0..100 {
        // The task runs every 100 ms: nothing to await but the database itself.
        left = text_search::holding(&app.db_url, &personal).await;
        if left.is_empty() {
            break;
        }
        actix_rt::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert!(left.is_empty(), "still stored after the retention: {left:?}");
    assert_ne!(teacher.get(&link).await.status, 200, "the teacher's link is revoked");
    // The organiser's list keeps the entries and their states, under pseudonyms.
    let entries = admin.get(&format!("/admin/t/{t}/entries")).await;
    entries.assert_ok();
    let names = crate::pages::entry_names(&entries);
    assert_eq!(names.len(), 3, "{}", entries.body);
    assert!(names.iter().all(|n| n.starts_with("Anonim ")), "under pseudonyms: {names:?}");
    assert!(names.iter().any(|n| n.starts_with("Anonim Z")), "{names:?}");
    app.stop().await;
}
