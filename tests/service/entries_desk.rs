//! The entries' remaining parts over HTTP (issue 39, items 2-5): the event's public page links
//! "Zgłoś szkołę" while entries are open; the teacher's page prints a desk QR code per confirmed
//! pupil, whose address opens that pupil at the desk; a referee uses the desk only once the
//! organiser allowed it; pairing round 1 closes the list by itself (the pupil not checked in
//! absent, with a history line), a latecomer ticked before round 1 is published joins it (the
//! draft paired again); the referee's page links the desk once allowed; a pupil whose guardian did
//! not consent to publishing the name is shown by initials on public pages.

use crate::helpers::*;
use crate::pages::{Round, Tournament, entries, entry_names, has, page_text};

const CLAUSE: &str = "Administratorem danych jest IPN. Cel: udział w turnieju.";

async fn open_entries(admin: &Browser, t: i64, referees: bool) {
    let deadline = (chrono::Utc::now().date_naive() + chrono::Duration::days(30)).to_string();
    let mut rules = vec![
        ("deadline", deadline.as_str()),
        ("cap", "10"),
        ("born_from", "2006"),
        ("born_to", "2014"),
        ("max_schools", "5"),
        ("consent_text", CLAUSE),
    ];
    if referees {
        rules.push(("desk_referees", "1"));
    }
    assert_eq!(admin.post(&format!("/admin/t/{t}/entries/open"), &rules).await.status, 303);
}

/// (entry id, guardian link) of every pupil on a school's page, in order.
fn pupils(body: &str) -> Vec<(i64, String)> {
    body.split("<li data-entry=\"")
        .skip(1)
        .map(|chunk| {
            let id: i64 = chunk[..chunk.find('"').unwrap()].parse().unwrap();
            let href = chunk.find("href=\"/entries/consent/").unwrap() + 6;
            (id, chunk[href..href + chunk[href..].find('"').unwrap()].to_string())
        })
        .collect()
}

#[actix_rt::test]
async fn the_desk_qr_referees_round_1_latecomers_and_unpublished_names() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    let t = create_tournament(&admin, &[("swiss_rounds", "2"), ("knockout_size", "0")]).await;

    // Item 2: "Zgłoś szkołę" on the event's public page only while entries are open.
    assert!(!has(&app.browser().get(&format!("/t/{t}")).await.assert_ok().body, "#sign-up-school"));
    open_entries(&admin, t, false).await;
    let public = app.browser().get(&format!("/t/{t}")).await;
    assert!(has(&public.body, "#sign-up-school"), "the link while entries are open");
    assert_eq!(crate::pages::attr_of(&public, "#sign-up-school", "href"), format!("/t/{t}/entries"));

    let teacher = app.browser();
    let signed = teacher
        .post(
            &format!("/t/{t}/entries"),
            &[
                ("name", "SP 3 Radom"),
                ("town", "Radom"),
                ("region", "mazowieckie"),
                ("teacher", "Ewa Nauczycielska"),
                ("email", "ewa@szkola.example.org"),
                ("phone", "600 100 200"),
            ],
        )
        .await;
    let link = crate::pages::attr_of(&signed, "#school-link", "data-link");
    for (name, born) in [
        ("Anna Żółć", "2010-02-03"),
        ("Bartek Ąbacki", "2011-03-04"),
        ("Celina Ćma", "2009-04-05"),
        ("Dawid Dąb", "2010-05-06"),
    ] {
        let added =
            teacher.post(&format!("{link}/pupils"), &[("name", name), ("born", born), ("class", "6c")]).await;
        assert_eq!(added.status, 303, "{}", added.body);
    }
    let list = pupils(&teacher.get(&link).await.body);
    assert_eq!(list.len(), 4);
    // Item 5: Bartek's guardian does not consent to publishing his name; the others do.
    let guardian = app.browser();
    for (i, (_, consent)) in list.iter().enumerate() {
        let mut fields = vec![("guardian", "Maria Rodzic"), ("take_part", "1")];
        if i != 1 {
            fields.push(("publish_name", "1"));
        }
        assert_eq!(guardian.post(consent, &fields).await.status, 303);
    }

    // Item 4: a desk QR code per confirmed pupil on the teacher's printout.
    let printout = teacher.get(&link).await;
    for (id, _) in &list {
        let qr = crate::pages::first(&printout.body, &format!("[data-desk-qr={id}]"));
        let qr = qr.unwrap_or_else(|| panic!("the QR of entry {id}"));
        assert!(qr.first("svg.qr").is_some(), "an SVG code: {qr:?}");
    }
    // A code with the address's text in it (the SVG's path changes with the address).
    let anna_qr = bitwa::web::qr::svg(&format!("{}/ref/t/{t}/desk?e={}", app.base, list[0].0)).unwrap();
    assert!(printout.body.contains(&anna_qr), "Anna's code holds the desk's address of her entry");

    // Item 3: a referee at the desk only once the organiser allowed it.
    assert!(appoint(&admin, t, "sedzia", "haslo-sedziego-1").await.status < 400);
    let referee = app.browser();
    referee.login("sedzia", "haslo-sedziego-1").await;
    assert_eq!(referee.get(&format!("/ref/t/{t}/desk")).await.status, 403, "not allowed yet");
    assert!(!has(&referee.get(&format!("/ref/t/{t}")).await.body, "#desk-link"), "no desk link yet");
    assert_eq!(referee.get(&format!("/admin/t/{t}/desk")).await.status, 403, "the organiser's desk");
    open_entries(&admin, t, true).await;
    // Item 4: the referee's page links the desk now.
    let tables = referee.get(&format!("/ref/t/{t}")).await;
    assert_eq!(crate::pages::attr_of(&tables, "#desk-link", "href"), format!("/ref/t/{t}/desk"));
    // The QR's address: the desk showing that one pupil.
    let one = referee.get(&format!("/ref/t/{t}/desk?e={}", list[0].0)).await;
    one.assert_ok();
    assert_eq!(entry_names(&one), ["Anna Żółć"], "the desk shows that one pupil");
    assert!(!has(&one.body, "#seat"), "closing the list stays the organiser's");
    for (id, _) in &list[..3] {
        let ticked = referee.post(&format!("/ref/t/{t}/desk/{id}"), &[("present", "1")]).await;
        assert_eq!(ticked.status, 303, "{}", ticked.body);
        assert_eq!(ticked.header("location"), format!("/ref/t/{t}/desk#entry-{id}"));
    }

    // Round 1 paired without closing the list first: Dawid (not checked in) absent, a history line.
    assert_eq!(admin.post(&format!("/admin/t/{t}/rounds"), &[]).await.status, 303);
    let mut draft = Round::read(&admin.get(&format!("/t/{t}/round/1")).await).names();
    draft.sort_unstable();
    assert_eq!(draft, ["Anna Żółć", "B. Ą.", "Celina Ćma"]);
    let history = admin.get(&format!("/admin/t/{t}/history")).await;
    let changes = crate::pages::admin::history(&history);
    let withdrawn: Vec<&str> = changes
        .iter()
        .map(|c| c.what.as_str())
        .filter(|w| w.starts_with("Zgłoszenie ze szkoły bez potwierdzonej obecności"))
        .collect();
    assert_eq!(
        withdrawn,
        [
            "Zgłoszenie ze szkoły bez potwierdzonej obecności przed rundą 1: wycofane z rundy 1: Dawid Dąb (SP 3 Radom)"
        ],
        "only the absentee has such a line"
    );

    // Dawid comes late, before round 1 is published: he joins it, the draft paired again.
    let desk = referee.get(&format!("/ref/t/{t}/desk")).await;
    let dawid = entries(&desk).into_iter().find(|e| e.id == list[3].0).expect("Dawid at the desk");
    assert_eq!((dawid.present, dawid.late), (Some(false), true), "{dawid:?}");
    assert_eq!(
        referee.post(&format!("/ref/t/{t}/desk/{}", list[3].0), &[("present", "1")]).await.status,
        303
    );
    let mut draft = Round::read(&admin.get(&format!("/t/{t}/round/1")).await).names();
    draft.sort_unstable();
    assert_eq!(draft, ["Anna Żółć", "B. Ą.", "Celina Ćma", "Dawid Dąb"]);
    assert_eq!(admin.post(&format!("/admin/t/{t}/round/1/publish"), &[]).await.status, 303);
    // After publication nobody joins round 1 at the desk any more, and the link is gone.
    let shut = referee.post(&format!("/ref/t/{t}/desk/{}", list[0].0), &[("present", "1")]).await;
    assert_eq!(shut.status, 400);

    // Item 5 on public pages: Bartek by initials (his school beside), never by name.
    let public = app.browser().get(&format!("/t/{t}")).await;
    assert!(!has(&public.body, "#sign-up-school"), "entries closed at the desk");
    let players = Tournament::read(&public);
    assert!(players.lists("B. Ą.") && players.lists("Anna Żółć"), "{players:?}");
    let mut paired = Round::read(&app.browser().get(&format!("/t/{t}/round/1")).await).names();
    paired.sort_unstable();
    assert_eq!(paired, ["Anna Żółć", "B. Ą.", "Celina Ćma", "Dawid Dąb"]);
    for path in [format!("/t/{t}"), format!("/t/{t}/round/1"), format!("/t/{t}/standings")] {
        let shown = page_text(&app.browser().get(&path).await);
        assert!(!shown.contains("Bartek") && !shown.contains("Ąbacki"), "{path}: {shown}");
    }
    // The teacher and the organiser still see the name.
    assert!(entry_names(&teacher.get(&link).await).contains(&"Bartek Ąbacki".to_string()));
    assert!(
        entry_names(&admin.get(&format!("/admin/t/{t}/entries")).await)
            .contains(&"Bartek Ąbacki".to_string())
    );
}
