//! Entries from schools over HTTP (issue 39), the whole front door: the organiser opens entries
//! (cap 3, 2 per school), two schools sign up through the event's public form and add five pupils,
//! consents arrive online (the guardian's page) and on paper (the teacher's declaration), the
//! pupil beyond the school's cap waits and is promoted when a pupil is withdrawn, one pupil never
//! consents and is never paired nor public, the desk leaves one confirmed pupil absent, and round 1
//! pairs exactly the confirmed pupils present. Bad input is refused in Polish with the input kept;
//! another school's pupil and unknown links are refused.

use crate::helpers::*;
use crate::pages::entries::{Consent, entry_records};
use crate::pages::{Round, Tournament, entry_names, has, text_of};

pub(crate) const CLAUSE: &str =
    "Administratorem danych jest IPN. Cel: udział w turnieju i publikacja wyników.";

/// (entry id, state, guardian link) of every pupil on a school's page.
pub(crate) fn pupils(body: &str) -> Vec<(i64, String, Option<String>)> {
    crate::pages::select(body, "li[data-entry]")
        .iter()
        .map(|li| {
            let link = li.first("a[data-guardian-link]").map(|a| a.get("href").to_string());
            (li.num("data-entry"), li.get("data-state").to_string(), link)
        })
        .collect()
}

/// The state of entry `id` on a page listing entries ("" when it is not listed).
fn state_on(body: &str, id: i64) -> String {
    crate::pages::first(body, &format!("[data-entry={id}][data-state]"))
        .map(|e| e.get("data-state").to_string())
        .unwrap_or_default()
}

pub(crate) async fn sign_up(b: &Browser, t: i64, school: &str) -> String {
    let fields = [
        ("name", school),
        ("town", "Radom"),
        ("region", "mazowieckie"),
        ("teacher", "Ewa Nauczycielska"),
        ("email", "ewa@szkola.example.org"),
        ("phone", "600 100 200"),
    ];
    let page = b.post(&format!("/t/{t}/entries"), &fields).await;
    assert_eq!(page.status, 200, "{}", page.body);
    crate::pages::attr_of(&page, "#school-link", "data-link")
}

pub(crate) async fn add(b: &Browser, link: &str, name: &str, born: &str) -> crate::helpers::Page {
    b.post(&format!("{link}/pupils"), &[("name", name), ("born", born), ("class", "2b")]).await
}

#[actix_rt::test]
async fn schools_enter_pupils_guardians_consent_and_round_1_pairs_the_confirmed_present() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    let t = create_tournament(&admin, &[("swiss_rounds", "1"), ("knockout_size", "0")]).await;
    let deadline = (chrono::Utc::now().date_naive() + chrono::Duration::days(30)).to_string();
    let today = chrono::Utc::now().date_naive().to_string();

    // Before entries open, the public page says so; bad rules come back with what was typed.
    assert!(has(&app.browser().get(&format!("/t/{t}/entries")).await.assert_ok().body, "#entries-closed"));
    let mut rules = vec![
        ("deadline", deadline.as_str()),
        ("cap", "trzy"),
        ("per_school", "2"),
        ("born_from", "2006"),
        ("born_to", "2012"),
        ("max_schools", "5"),
        ("paper_allowed", "1"),
        ("consent_text", CLAUSE),
    ];
    let bad = admin.post(&format!("/admin/t/{t}/entries/open"), &rules).await;
    assert_eq!(bad.status, 400);
    assert!(text_of(&bad, "[data-error=cap]").starts_with("Podaj liczbę całkowitą"), "the cap's problem");
    assert_eq!(field_value(&bad.body, "cap").as_deref(), Some("trzy"), "as typed");
    rules[1] = ("cap", "3");
    assert_eq!(admin.post(&format!("/admin/t/{t}/entries/open"), &rules).await.status, 303);

    // Two schools sign up; a form without an e-mail comes back in Polish with the rest kept.
    let teacher_a = app.browser();
    assert!(has(&teacher_a.get(&format!("/t/{t}/entries")).await.assert_ok().body, "#sign-up"));
    let no_mail = teacher_a
        .post(
            &format!("/t/{t}/entries"),
            &[
                ("name", "SP 1 Radom"),
                ("town", "Radom"),
                ("region", "mazowieckie"),
                ("teacher", "Ewa N"),
                ("phone", "600100200"),
            ],
        )
        .await;
    assert_eq!(no_mail.status, 400);
    assert_eq!(text_of(&no_mail, "[data-error=email]"), "To pole jest wymagane.");
    assert_eq!(field_value(&no_mail.body, "name").as_deref(), Some("SP 1 Radom"), "the rest kept");
    let link_a = sign_up(&teacher_a, t, "SP 1 Radom").await;
    let teacher_b = app.browser();
    let link_b = sign_up(&teacher_b, t, "LO 2 Radom").await;
    assert_ne!(link_a, link_b);

    for (name, born) in
        [("Anna Żółć", "2010-02-03"), ("Bartek Ąbacki", "2011-03-04"), ("Celina Ćma", "2009-04-05")]
    {
        assert_eq!(add(&teacher_a, &link_a, name, born).await.status, 303);
    }
    for (name, born) in [("Dawid Dąb", "2010-05-06"), ("Ewa Ęka", "2012-06-07")] {
        assert_eq!(add(&teacher_b, &link_b, name, born).await.status, 303);
    }
    let dup = add(&teacher_b, &link_b, "ANNA ZOLC", "03.02.2010").await;
    assert_eq!(dup.status, 400);
    assert_eq!(
        text_of(&dup, "[data-error=form]"),
        "Uczeń o tym imieniu, nazwisku i dacie urodzenia jest już zgłoszony do tego turnieju."
    );
    assert_eq!(field_value(&dup.body, "name").as_deref(), Some("ANNA ZOLC"), "as typed");
    let old = add(&teacher_b, &link_b, "Filip Stary", "2001-01-01").await;
    assert_eq!(old.status, 400);
    assert_eq!(
        text_of(&old, "[data-error=form]"),
        "Rok urodzenia ucznia nie mieści się w rocznikach turnieju: 2006–2012."
    );

    let page_a = teacher_a.get(&link_a).await;
    let a = pupils(&page_a.body);
    let page_b = teacher_b.get(&link_b).await;
    let b = pupils(&page_b.body);
    assert_eq!((a.len(), b.len()), (3, 2));
    assert!(a.iter().chain(&b).all(|(_, state, link)| state == "consent" && link.is_some()));
    // Nothing of a pupil is public before consent (nor after: players appear only at the desk).
    let public = app.browser().get(&format!("/t/{t}")).await;
    assert!(Tournament::read(&public).players.is_empty());
    let shown = crate::pages::page_text(&public);
    assert!(!shown.contains("Żółć") && !shown.contains("Ęka"), "{shown}");

    // Guardians: Anna online, Bartek on paper (his teacher), Celina online (beyond her school's
    // cap of 2: the waiting list), Dawid online (the third place); Ewa's guardian never.
    let guardian = app.browser();
    let consent = |who: usize, list: &Vec<(i64, String, Option<String>)>| list[who].2.clone().unwrap();
    let anna = consent(0, &a);
    let form = Consent::read(guardian.get(&anna).await.assert_ok());
    assert_eq!((form.pupil.as_str(), form.clause.join("\n")), ("Anna Żółć", CLAUSE.to_string()), "{form:?}");
    assert!(form.form, "consent asked");
    let unticked = guardian.post(&anna, &[("guardian", "Maria Żółć")]).await;
    assert_eq!(unticked.status, 400);
    assert_eq!(
        Consent::read(&unticked).error.as_deref(),
        Some("Bez zgody na udział i przetwarzanie danych zgłoszenie nie może zostać potwierdzone.")
    );
    assert_eq!(field_value(&unticked.body, "guardian").as_deref(), Some("Maria Żółć"), "as typed");
    assert_eq!(guardian.post(&anna, &[("guardian", "Maria Żółć"), ("take_part", "1")]).await.status, 303);
    let elsewhere = teacher_b
        .post(&format!("{link_b}/pupils/{}/paper", a[1].0), &[("guardian", "Jan Ąbacki"), ("signed", &today)])
        .await;
    assert_eq!(elsewhere.status, 403, "another school's pupil");
    let paper = teacher_a
        .post(&format!("{link_a}/pupils/{}/paper", a[1].0), &[("guardian", "Jan Ąbacki"), ("signed", &today)])
        .await;
    assert_eq!(paper.status, 303, "{}", paper.body);
    let celina = consent(2, &a);
    assert_eq!(guardian.post(&celina, &[("guardian", "Olga Ćma"), ("take_part", "1")]).await.status, 303);
    let dawid = consent(0, &b);
    assert_eq!(
        guardian
            .post(&dawid, &[("guardian", "Piotr Dąb"), ("take_part", "1"), ("publish_name", "1")])
            .await
            .status,
        303
    );
    let waiting = guardian.get(&celina).await;
    assert_eq!(crate::pages::attr_of(&waiting, "[data-state]", "data-state"), "waiting");

    let entries = admin.get(&format!("/admin/t/{t}/entries")).await;
    let states: Vec<String> = a.iter().chain(&b).map(|(id, _, _)| state_on(&entries.body, *id)).collect();
    assert_eq!(states, ["confirmed", "confirmed", "waiting", "confirmed", "consent"]);
    // The day the teacher wrote on the declaration, as the page shows dates.
    let shown_day = chrono::NaiveDate::parse_from_str(&today, "%Y-%m-%d").unwrap().format("%d.%m.%Y");
    let bartek = entry_records(&entries).into_iter().find(|r| r.id == a[1].0).expect("Bartek listed");
    assert_eq!(
        bartek.consent,
        format!("oświadczenie nauczyciela o podpisanym formularzu: Jan Ąbacki, {shown_day}")
    );
    let csv = admin.get(&format!("/admin/t/{t}/entries.csv")).await;
    assert_eq!(csv.status, 200);
    assert!(csv.bytes.starts_with("\u{feff}".as_bytes()), "Excel-ready: a BOM");
    assert!(csv.body.contains("Celina Ćma;05.04.2009;2b;lista rezerwowa"), "{}", csv.body);

    // Anna withdrawn by her teacher: Celina takes the place at once, and the page says so.
    let withdrawn = teacher_a.post(&format!("{link_a}/pupils/{}/withdraw", a[0].0), &[]).await;
    assert_eq!(withdrawn.status, 200, "{}", withdrawn.body);
    assert!(text_of(&withdrawn, "[data-promoted]").ends_with("Celina Ćma"), "the page says who moved up");
    assert_eq!(state_on(&withdrawn.body, a[2].0), "confirmed");

    // The desk: Bartek and Celina came, Dawid did not; Ewa (no consent) cannot be ticked.
    let desk = admin.get(&format!("/admin/t/{t}/desk?q=celina")).await;
    assert_eq!(entry_names(&desk), ["Celina Ćma"], "the desk's search finds Celina only");
    for pupil in [a[1].0, a[2].0] {
        assert_eq!(admin.post(&format!("/admin/t/{t}/desk/{pupil}"), &[("present", "1")]).await.status, 303);
    }
    let ewa = admin.post(&format!("/admin/t/{t}/desk/{}", b[1].0), &[("present", "1")]).await;
    assert_eq!(ewa.status, 400);
    assert_eq!(
        text_of(&ewa, "[data-error=form]"),
        "Obecność zaznacza się tylko przy potwierdzonym zgłoszeniu (ze zgodą i miejscem)."
    );
    assert_eq!(admin.post(&format!("/admin/t/{t}/desk/seat"), &[]).await.status, 303);

    // Round 1: exactly the two confirmed pupils present.
    assert_eq!(admin.post(&format!("/admin/t/{t}/rounds"), &[]).await.status, 303);
    assert_eq!(admin.post(&format!("/admin/t/{t}/round/1/publish"), &[]).await.status, 303);
    let mut paired = Round::read(&app.browser().get(&format!("/t/{t}/round/1")).await).names();
    paired.sort_unstable();
    // Neither guardian consented to publishing the name: both by initials on public pages.
    assert_eq!(paired, ["B. Ą.", "C. Ć."]);
    let shown = crate::pages::page_text(&app.browser().get(&format!("/t/{t}/round/1")).await);
    assert!(!shown.contains("Bartek") && !shown.contains("Celina"), "{shown}");
    assert_eq!(state_on(&admin.get(&format!("/admin/t/{t}/entries")).await.body, b[0].0), "absent");
    let players = Tournament::read(&app.browser().get(&format!("/t/{t}")).await);
    assert!(!players.lists("Ewa Ęka") && !players.lists("Dawid Dąb"), "{players:?}");

    // Links nobody was given open nothing; the organiser's pages are not a visitor's.
    assert_eq!(app.browser().get(&format!("/entries/school/{}", "0".repeat(64))).await.status, 404);
    assert_eq!(app.browser().get(&format!("/entries/consent/{}", "ab".repeat(32))).await.status, 404);
    assert_ne!(app.browser().get(&format!("/admin/t/{t}/entries")).await.status, 200);
    assert_ne!(teacher_a.get(&format!("/admin/t/{t}/entries.csv")).await.status, 200);
}
