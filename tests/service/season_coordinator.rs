//! The season coordinator's page (issue 20, item 6): the events nobody but the coordinators
//! organises (appointing an organiser from the page takes one off), the invitations awaiting an
//! answer (accepting one takes it off) and the near-duplicate persons of the season with their
//! birth dates (the page is not public), confirmed as one person or kept apart (each takes its
//! pair off), and the merges standing in the season, each undone from the page. An organiser, a referee and a visitor without an account are refused it and its
//! forms; the public pages never show the birth dates it shows.

use crate::helpers::*;
use crate::pages::html::Element;
use crate::pages::persons::near_pairs;
use crate::pages::{Person, has, one, text_of};

/// The items of the list `<ul id="{id}">` on a page (a failed test when the page has no such list).
fn items(body: &str, id: &str) -> Vec<Element> {
    one(body, &format!("ul#{id}")).select("li")
}

/// The events of the list `unrun-events`, by their `data-event`.
fn unrun(body: &str) -> Vec<i64> {
    items(body, "unrun-events").iter().map(|li| li.num("data-event")).collect()
}

/// The names of the events a person's public page lists.
fn events_of(page: &Page) -> Vec<String> {
    Person::read(page).events.into_iter().map(|e| e.2).collect()
}

/// Register `name` born `born` in `t` from the organiser's form; `new` answers a near-person
/// question with "someone else".
async fn register_born(admin: &Browser, t: i64, name: &str, born: &str, new: bool) {
    let mut fields = vec![("name", name), ("birth_date", born), ("club", "LO 7")];
    if new {
        fields.push(("person_0", "new"));
    }
    let page = admin.post(&format!("/admin/t/{t}/players"), &fields).await;
    assert_eq!(page.status, 303, "{name}: {}", page.body);
}

#[actix_rt::test]
async fn the_coordinators_page_lists_what_waits_and_each_list_empties_when_acted_on() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    let (desk, season) = create_season(&admin).await;
    let a = create_tournament(&admin, &[("name", "Kwalifikacje: Mazowsze")]).await;
    let final_t = create_tournament(&admin, &[("name", "Finał ogólnopolski"), ("knockout_size", "0")]).await;
    add_season_event(&admin, season, a, "kwalifikacje regionalne", Some("mazowieckie"), "1").await;
    add_season_event(&admin, season, final_t, "finał ogólnopolski", None, "1").await;

    // Both events are run by the coordinator alone; nothing waits, nobody is near anybody.
    let page = admin.get(&desk).await;
    page.assert_ok();
    assert_eq!(unrun(&page.body), [a, final_t]);
    assert!(has(&page, &format!("ul#unrun-events a[href=/admin/t/{a}#referees]")), "the link to appoint");
    assert!(items(&page.body, "pending-invitations").is_empty());
    assert_eq!(text_of(&page, "#no-pending"), "Żadne zaproszenie nie czeka na odpowiedź.");
    assert_eq!(text_of(&page, "#no-duplicates"), "Nie ma podobnych osób.");

    // A referee of A and an account to appoint (made a referee of the final by its page).
    assert_eq!(appoint(&admin, a, "sedzia-a", "sedzia-a-haslo-2026").await.status, 303);
    assert_eq!(appoint(&admin, final_t, "organizator-a", "organizator-a-haslo-2026").await.status, 303);
    let appointed = admin
        .post(
            &format!("/admin/season/{season}/organisers"),
            &[("tournament", &a.to_string()), ("username", "organizator-a")],
        )
        .await;
    assert_eq!(appointed.status, 303, "{}", appointed.body);
    let unknown = admin
        .post(
            &format!("/admin/season/{season}/organisers"),
            &[("tournament", &final_t.to_string()), ("username", "nikt-taki")],
        )
        .await;
    assert_eq!(unknown.status, 400);
    let page = admin.get(&desk).await;
    assert_eq!(unrun(&page.body), [final_t]);
    // The appointed organiser runs A now (its overview opens for them).
    let organiser = app.browser();
    organiser.login("organizator-a", "organizator-a-haslo-2026").await;
    organiser.get(&format!("/admin/t/{a}")).await.assert_ok();

    // Near persons: the same name with another birth date (A and the final), one letter apart
    // with the same birth date; an unrelated one.
    register_born(&admin, a, "Anna Wiśniewska", "2010-03-01", false).await;
    register_born(&admin, final_t, "Anna Wisniewska", "2010-03-02", true).await;
    register_born(&admin, a, "Jan Kowalski", "2009-12-01", false).await;
    register_born(&admin, final_t, "Jan Kowalsky", "2009-12-01", true).await;
    register_born(&admin, a, "Zofia Zet", "2008-08-08", false).await;
    let page = admin.get(&desk).await;
    let pairs: Vec<String> = items(&page.body, "duplicate-persons").iter().map(Element::text).collect();
    assert_eq!(pairs.len(), 2, "{pairs:?}");
    let anna = pairs.iter().find(|p| p.contains("Anna Wiśniewska")).expect("Anna's pair");
    assert!(anna.contains("Anna Wisniewska") && anna.contains("inna data urodzenia"), "{anna}");
    assert!(anna.contains("2010-03-01") && anna.contains("2010-03-02"), "birth dates for the coordinator");
    let jan = pairs.iter().find(|p| p.contains("Jan Kowalski")).expect("Jan's pair");
    let jan_li = items(&page.body, "duplicate-persons").into_iter().find(|li| li.text() == *jan).unwrap();
    assert!(jan.contains("różnią się jedną literą") && jan.contains("2009-12-01"), "{jan}");
    assert!(!pairs.iter().any(|p| p.contains("Zofia Zet")));
    // ... which no public page shows.
    let anna_li = items(&page.body, "duplicate-persons").into_iter().find(|li| li.text() == *anna).unwrap();
    let anna_person = ids_after(&anna_li.inner, "/person/");
    for path in [format!("/season/{season}"), format!("/person/{}", anna_person[0]), format!("/t/{a}")] {
        app.browser().get(&path).await.assert_ok().assert_lacks("2010-03-01").assert_lacks("2009-12-01");
    }

    // A wildcard waits for an answer: listed with the event, the person and since when.
    let wild = admin
        .post(
            &format!("/admin/season/{season}/wildcards"),
            &[
                ("person", &anna_person[0].to_string()),
                ("tournament", &final_t.to_string()),
                ("reason", "mistrzostwo szkół"),
            ],
        )
        .await;
    assert_eq!(wild.status, 303, "{}", wild.body);
    let page = admin.get(&desk).await;
    let pending_li = items(&page.body, "pending-invitations");
    let pending: Vec<String> = pending_li.iter().map(Element::text).collect();
    assert_eq!(pending.len(), 1, "{pending:?}");
    assert!(
        pending[0].contains("Anna Wiśniewska") && pending[0].contains("Finał ogólnopolski"),
        "{}",
        pending[0]
    );
    // Since when, in Polish time and words (issue 37): "od 6 grudnia 2026, 01:11", no machine time.
    let months = [
        "stycznia",
        "lutego",
        "marca",
        "kwietnia",
        "maja",
        "czerwca",
        "lipca",
        "sierpnia",
        "września",
        "października",
        "listopada",
        "grudnia",
    ];
    assert!(
        months.iter().any(|m| pending[0].contains(&format!(" {m} 20"))) && !pending[0].contains("UTC"),
        "since when: {}",
        pending[0]
    );
    assert!(
        pending_li[0].first(&format!("a[href=/admin/t/{final_t}/invitations]")).is_some(),
        "{pending_li:?}"
    );
    assert!(!has(&page, "#no-pending"), "something waits");

    // Access: the organiser of A, A's referee and a visitor are refused the page and its forms.
    let referee = app.browser();
    referee.login("sedzia-a", "sedzia-a-haslo-2026").await;
    let jan_pair: Vec<i64> = jan_li.get("data-pair").split('-').map(|n| n.parse().unwrap()).collect();
    let pair_form = [("kept", jan_pair[0].to_string()), ("merged", jan_pair[1].to_string())];
    let pair_form: Vec<(&str, &str)> = pair_form.iter().map(|(k, v)| (*k, v.as_str())).collect();
    for who in [&organiser, &referee] {
        assert_eq!(who.get(&desk).await.status, 403);
        assert_eq!(who.post(&format!("{desk}/persons/merge"), &pair_form).await.status, 403);
        assert_eq!(who.post(&format!("{desk}/persons/apart"), &pair_form).await.status, 403);
        let appoint = [("tournament", final_t.to_string()), ("username", "sedzia-a".to_string())];
        let appoint: Vec<(&str, &str)> = appoint.iter().map(|(k, v)| (*k, v.as_str())).collect();
        assert_eq!(who.post(&format!("{desk}/organisers"), &appoint).await.status, 403);
    }
    let visitor = app.browser();
    let anonymous = visitor.get(&desk).await;
    assert_eq!(anonymous.status, 303, "to the login");
    assert!(!anonymous.body.contains("2010-03-01"));
    let refused = visitor.post(&format!("{desk}/persons/merge"), &pair_form).await.status;
    assert!(matches!(refused, 303 | 401 | 403), "{refused}");
    assert_eq!(admin.get(&desk).await.body.matches("data-pair=").count(), 2, "nothing merged");

    // The final's organiser accepts the wildcard: nothing waits any more.
    let invitations = admin.get(&format!("/admin/t/{final_t}/invitations")).await;
    let id = ids_after(&invitations.body, "data-invitation=\"")[0];
    let accepted = admin.post(&format!("/admin/t/{final_t}/invitations/{id}/accept"), &[]).await;
    assert_eq!(accepted.status, 303, "{}", accepted.body);
    let page = admin.get(&desk).await;
    assert!(items(&page.body, "pending-invitations").is_empty());
    assert_eq!(text_of(&page, "#no-pending"), "Żadne zaproszenie nie czeka na odpowiedź.");

    // Jan's pair kept apart: gone from the list. Anna's... the wildcard made her an entry of the
    // final, where the other Anna plays: two people, no longer offered.
    let apart = admin.post(&format!("{desk}/persons/apart"), &pair_form).await;
    assert_eq!(apart.status, 303, "{}", apart.body);
    let page = admin.get(&desk).await;
    let pairs = items(&page.body, "duplicate-persons");
    assert!(pairs.is_empty(), "Jan's pair gone, and Anna's: {pairs:?}");
    assert_eq!(text_of(&page, "#no-duplicates"), "Nie ma podobnych osób.");
    app.stop().await;
}

/// The merge from the coordinator's page: the pair goes, one person keeps both entries (the
/// public person page lists both events), logged in the event's history; in English too.
#[actix_rt::test]
async fn the_coordinator_confirms_a_near_pair_as_one_person() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    let (desk, season) = create_season(&admin).await;
    let a = create_tournament(&admin, &[("name", "Kwalifikacje: Mazowsze")]).await;
    let other = create_tournament(&admin, &[("name", "Turniej szkolny")]).await;
    add_season_event(&admin, season, a, "kwalifikacje regionalne", Some("mazowieckie"), "1").await;
    // One in the season's event, the other in a tournament outside the season.
    register_born(&admin, a, "Piotr Żółw", "2011-02-02", false).await;
    register_born(&admin, other, "Piotr Zolw", "2011-03-02", true).await;
    let en = app.admin().await;
    en.get("/lang/en").await;
    let english = en.get(&desk).await;
    assert_eq!(text_of(english.assert_ok(), "h2#duplicates"), "Possible duplicate persons");
    let why: Vec<String> = near_pairs(&english).into_iter().map(|p| p.why).collect();
    assert_eq!(why, ["another birth date"]);
    let page = admin.get(&desk).await;
    let pair = items(&page.body, "duplicate-persons");
    assert_eq!(pair.len(), 1, "{pair:?}");
    let persons = ids_after(&pair[0].inner, "/person/");
    let merged = admin
        .post(
            &format!("{desk}/persons/merge"),
            &[("kept", &persons[0].to_string()), ("merged", &persons[1].to_string())],
        )
        .await;
    assert_eq!(merged.status, 303, "{}", merged.body);
    let page = admin.get(&desk).await;
    assert!(items(&page.body, "duplicate-persons").is_empty());
    let person = app.browser().get(&format!("/person/{}", persons[0])).await;
    assert_eq!(events_of(person.assert_ok()), ["Kwalifikacje: Mazowsze", "Turniej szkolny"], "both entries");
    person.assert_lacks("2011-02-02");
    crate::pages::admin::change(
        &crate::pages::admin::history(&admin.get(&format!("/admin/t/{a}/history")).await),
        "Połączenie osób (ta sama osoba)",
    );
    // Merging again is refused (the merged person is gone).
    let again = admin
        .post(
            &format!("{desk}/persons/merge"),
            &[("kept", &persons[0].to_string()), ("merged", &persons[1].to_string())],
        )
        .await;
    assert_eq!(again.status, 400);

    // The merge stands on the page with "cofnij połączenie"; a visitor and a post without the
    // token are refused it, the coordinator undoes it: both persons back with their own entries.
    let page = admin.get(&desk).await;
    let merges = items(&page.body, "season-merges");
    assert_eq!(merges.len(), 1, "{merges:?}");
    assert_eq!(
        crate::pages::persons::merges(&page),
        [(merges[0].num("data-merge"), "Piotr Żółw ← Piotr Zolw".to_string())]
    );
    let undo: Vec<i64> = ids_after(&page.body, &format!("/admin/season/{season}/persons/unmerge/"));
    let undo = format!("/admin/season/{season}/persons/unmerge/{}", undo[0]);
    let refused = app.browser().post(&undo, &[]).await.status;
    assert!(matches!(refused, 303 | 401 | 403), "{refused}");
    assert_eq!(admin.post_raw(&undo, &[]).await.status, 403);
    assert_eq!(admin.get(&desk).await.body.matches("data-merge=").count(), 1, "nothing undone");
    let undone = admin.post(&undo, &[]).await;
    assert_eq!(undone.status, 303, "{}", undone.body);
    let page = admin.get(&desk).await;
    assert!(items(&page.body, "season-merges").is_empty());
    assert_eq!(text_of(&page, "#no-merges"), "Nikogo nie połączono.");
    assert_eq!(items(&page.body, "duplicate-persons").len(), 1, "the pair is asked about again");
    let person = app.browser().get(&format!("/person/{}", persons[0])).await;
    assert_eq!(events_of(person.assert_ok()), ["Kwalifikacje: Mazowsze"], "each person their own entries");
    crate::pages::admin::change(
        &crate::pages::admin::history(&admin.get(&format!("/admin/t/{a}/history")).await),
        "Cofnięcie połączenia osób",
    );
    // Undone once: again is refused in Polish.
    let again = admin.post(&undo, &[]).await;
    assert_eq!(again.status, 400);
    app.stop().await;
}
