//! One person across events (issue 20) over HTTP: registering or importing someone near a person
//! of the registry asks the organiser (the same person, or someone else) before storing anything,
//! without showing the birth date; the answer links the entry or keeps it apart.

use crate::helpers::*;
use crate::pages::persons::{near_matches, near_pairs};
use crate::pages::{Person, Persons, Tournament};
use crate::setup::{Day, OpenDay};

/// The persons a page's near-match questions offer, in order.
fn offered(page: &Page) -> Vec<String> {
    near_matches(page).iter().flat_map(|n| n.offered.iter().map(|o| o.0.to_string())).collect()
}

#[actix_rt::test]
async fn a_near_person_is_asked_about_at_registration_and_the_answer_is_kept() {
    let app = TestApp::spawn().await;
    let OpenDay { t: first, admin, .. } = Day::new(&app).open().await;
    let OpenDay { t: second, .. } = Day::new(&app).open().await;
    let reg = |t: i64| format!("/admin/t/{t}/players");
    let anna = [("name", "Anna Wiśniewska"), ("birth_date", "2010-03-01"), ("club", "LO 5")];
    assert_eq!(admin.post(&reg(first), &anna).await.status, 303);

    // The same name folded and birth date: nothing asked at the form; outside every season a
    // person of its own (issue 36, item 3: the look-alike list asks the organiser afterwards).
    let same = [("name", "ANNA WISNIEWSKA"), ("birth_date", "2010-03-01")];
    assert_eq!(admin.post(&reg(second), &same).await.status, 303);

    // One letter apart, the same birth date, in a third event: asked, nothing stored; both
    // persons of that name are offered.
    let OpenDay { t: third, .. } = Day::new(&app).open().await;
    let near = [("name", "Anna Wiśniewsk"), ("birth_date", "2010-03-01")];
    let asked = admin.post(&reg(third), &near).await;
    assert_eq!(asked.status, 422);
    let question = near_matches(&asked);
    assert_eq!(question.len(), 1, "{question:?}");
    assert_eq!(question[0].question, "W rejestrze jest ktoś podobny; wybierz, kto to jest: Anna Wiśniewsk");
    let mut answers: Vec<&str> = question[0].offered.iter().map(|o| o.1.as_str()).collect();
    answers.sort_unstable();
    assert_eq!(
        answers,
        [
            "Ta sama osoba: ANNA WISNIEWSKA (imię i nazwisko różnią się jedną literą)",
            "Ta sama osoba: Anna Wiśniewska, LO 5 (imię i nazwisko różnią się jedną literą)"
        ]
    );
    assert_eq!(question[0].chosen, None, "nothing chosen yet");
    assert!(!asked.body.contains("2010-03-01\" required") && !asked.body.contains("01.03.2010"));
    let ids = offered(&asked);
    assert_eq!(ids.len(), 2, "{ids:?}");
    assert!(
        Tournament::read(&app.browser().get(&format!("/t/{third}")).await).players.is_empty(),
        "nothing stored"
    );

    // The organiser says it is the same person.
    let mut confirmed = near.to_vec();
    confirmed.push(("person_0", &ids[0]));
    assert_eq!(admin.post(&reg(third), &confirmed).await.status, 303);
    assert_eq!(
        Tournament::read(&app.browser().get(&format!("/t/{third}")).await).names(),
        ["Anna Wiśniewsk"]
    );

    // Another birth date, kept apart: a new person, and asked again next time (never merged).
    let OpenDay { t: fourth, .. } = Day::new(&app).open().await;
    let other = [("name", "Anna Wisniewska"), ("birth_date", "2010-03-02"), ("person_0", "new")];
    assert_eq!(admin.post(&reg(fourth), &other).await.status, 303);
    let OpenDay { t: fifth, .. } = Day::new(&app).open().await;
    let again = admin.post(&reg(fifth), &[("name", "Anna Wisniewska"), ("birth_date", "2010-03-02")]).await;
    // The person kept apart has the same name and date now: not asked at the form (a person of
    // its own outside every season, the look-alike list asks afterwards).
    assert_eq!(again.status, 303);
}

#[actix_rt::test]
async fn an_import_asks_about_each_near_row_and_imports_all_once_answered() {
    let app = TestApp::spawn().await;
    let OpenDay { t: first, admin, .. } = Day::new(&app).open().await;
    let OpenDay { t: second, .. } = Day::new(&app).open().await;
    let rows = "name,birth date,club\nJan Kowalski,2009-12-01,SP 3\nEwa Zielińska,2008-07-07,SP 3\n";
    assert_eq!(admin.post(&format!("/admin/t/{first}/players/import"), &[("csv", rows)]).await.status, 303);

    let import = format!("/admin/t/{second}/players/import");
    let near = "name,birth date,club\nOla Nowa,2010-01-01,\nJan Kowalsky,2009-12-01,SP 3\nEwa Zielinska,2008-07-08,\n";
    let asked = admin.post(&import, &[("csv", near)]).await;
    assert_eq!(asked.status, 422);
    let near_rows = |page: &Page| -> Vec<i64> {
        crate::pages::select(&page.body, "fieldset.near-match").iter().map(|f| f.num("data-row")).collect()
    };
    assert_eq!(near_rows(&asked), [1, 2], "Ola Nowa (row 0) is nobody's near match");
    assert!(!asked.body.contains("2009-12-01</") && !asked.body.contains("2008-07-07"));
    let listed =
        |page: &Page| Tournament::read(page).names().into_iter().map(str::to_string).collect::<Vec<_>>();
    assert!(listed(&app.browser().get(&format!("/t/{second}")).await).is_empty(), "nothing imported");
    let ids = offered(&asked);
    assert_eq!(ids.len(), 2, "{ids:?}");

    // Answering one row only asks again, the answer given kept checked.
    let half = admin.post(&import, &[("csv", near), ("person_1", &ids[0])]).await;
    assert_eq!(half.status, 422);
    assert_eq!(near_rows(&half), [1, 2]);
    let kept = crate::pages::one(&half.body, &format!("#import-near-1 input[data-person={}]", ids[0]));
    assert!(kept.has("checked"), "the answer is kept");
    assert!(listed(&app.browser().get(&format!("/t/{second}")).await).is_empty(), "nothing imported");

    let done = admin.post(&import, &[("csv", near), ("person_1", &ids[0]), ("person_2", "new")]).await;
    assert_eq!(done.status, 303);
    assert_eq!(
        listed(&app.browser().get(&format!("/t/{second}")).await),
        ["Ola Nowa", "Jan Kowalsky", "Ewa Zielinska"]
    );
}

/// A person's public page (`/person/{id}`) lists every event they entered, each linked to their
/// player page there, is linked from each of those player pages, and shows no birth date.
#[actix_rt::test]
async fn the_person_page_lists_two_events_of_one_person_and_no_birth_date() {
    let app = TestApp::spawn().await;
    let OpenDay { t: first, admin, .. } = Day::new(&app).config(&[("name", "Eliminacje Radom")]).open().await;
    let OpenDay { t: second, .. } = Day::new(&app).config(&[("name", "Kwalifikacje Mazowsze")]).open().await;
    // `register` gives both the same birth date: the folded name matches. Two tournaments of no
    // season: the second entry is its own person until the organiser confirms the pair (issue 36,
    // item 3), then one person.
    let p1 = register(&admin, first, "Łukasz Żak").await;
    let p2 = register(&admin, second, "LUKASZ ZAK").await;
    let b = app.browser();
    let (k, m) = (person_of(&b, first, p1).await, person_of(&b, second, p2).await);
    assert_ne!(k, m, "not one person before the organiser says so");
    let fields = [("kept", k.to_string()), ("merged", m.to_string())];
    let fields: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let merged = admin.post(&format!("/admin/t/{second}/persons/merge"), &fields).await;
    assert_eq!(merged.status, 303, "{}", merged.body);

    let player = b.get(&format!("/t/{first}/player/{p1}")).await;
    player.assert_ok();
    assert_eq!(crate::pages::text_of(&player, "#person-link"), "Wszystkie turnieje tej osoby");
    let person = ids_after(&player.body, "/person/");
    assert_eq!(person.len(), 1, "one person linked");
    let other = b.get(&format!("/t/{second}/player/{p2}")).await;
    assert_eq!(ids_after(&other.body, "/person/"), person, "both entries are one person");

    let page = b.get(&format!("/person/{}", person[0])).await;
    page.assert_ok();
    let person_page = Person::read(&page);
    assert_eq!(person_page.name, "Łukasz Żak");
    // Each event linked to the player page there; the second entry's own spelling beside it.
    assert_eq!(
        person_page.events,
        [
            (first, p1, "Eliminacje Radom".to_string(), None),
            (second, p2, "Kwalifikacje Mazowsze".to_string(), Some("LUKASZ ZAK".to_string()))
        ]
    );
    for birth in ["2010-01-15", "15.01.2010", "15.01", "2010"] {
        page.assert_lacks(birth);
    }
    // In English too, and a person who does not exist is not found.
    let en = app.browser();
    en.get("/lang/en").await;
    let en = en.get(&format!("/person/{}", person[0])).await;
    assert_eq!(crate::pages::texts(en.assert_ok(), "main h2"), ["Events"]);
    en.assert_lacks("2010-01-15");
    assert_eq!(b.get("/person/999999").await.status, 404);
}

/// The one person each player page links to.
async fn person_of(b: &Browser, t: i64, p: i64) -> i64 {
    let ids = ids_after(&b.get(&format!("/t/{t}/player/{p}")).await.body, "/person/");
    assert_eq!(ids.len(), 1, "one person linked");
    ids[0]
}

/// The organiser's persons page: a near pair across two events is listed (no birth date); "to ta
/// sama osoba" merges them (logged in the history, refused without the CSRF token or from a
/// tournament neither plays in) and "cofnij" undoes it, every entry back with its own person.
#[actix_rt::test]
async fn merge_then_unmerge_through_the_persons_page_restores_every_entry() {
    let app = TestApp::spawn().await;
    let OpenDay { t: first, admin, .. } = Day::new(&app).open().await;
    let OpenDay { t: second, .. } = Day::new(&app).open().await;
    let OpenDay { t: third, .. } = Day::new(&app).open().await;
    let anna = [("name", "Anna Wiśniewska"), ("birth_date", "2010-03-01"), ("club", "LO 5")];
    assert_eq!(admin.post(&format!("/admin/t/{first}/players"), &anna).await.status, 303);
    let kept_apart = [("name", "Anna Wiśniewsk"), ("birth_date", "2010-03-01"), ("person_0", "new")];
    assert_eq!(admin.post(&format!("/admin/t/{second}/players"), &kept_apart).await.status, 303);
    let a = player_id(&admin.get(&format!("/admin/t/{first}")).await.body, "Anna Wiśniewska");
    let b = player_id(&admin.get(&format!("/admin/t/{second}")).await.body, "Anna Wiśniewsk");
    let visitor = app.browser();
    let (pa, pb) = (person_of(&visitor, first, a).await, person_of(&visitor, second, b).await);
    assert_ne!(pa, pb);
    // The kept person's page as a visitor sees it before the merge (kept as built: the merge and
    // the unmerge below must each be seen at once).
    assert_eq!(Person::read(&visitor.get(&format!("/person/{pb}")).await).entries(), [(second, b)]);

    let page = admin.get(&format!("/admin/t/{second}/persons")).await;
    let persons = Persons::read(&page.assert_ok().body);
    assert_eq!(persons.pairs.len(), 1, "{persons:?}");
    assert_eq!(persons.pairs[0].0, format!("{pb}-{pa}"));
    let why = &persons.pairs[0].1;
    assert!(why.contains("Anna Wiśniewska, LO 5") && why.contains("różnią się jedną literą"), "{why}");
    page.assert_lacks("2010-03-01").assert_lacks("01.03.2010");
    assert!(persons.merges.is_empty());

    let merge = format!("/admin/t/{second}/persons/merge");
    let fields = [("kept", pb.to_string()), ("merged", pa.to_string())];
    let fields: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (*k, v.as_str())).collect();
    // Without the token: refused, nothing merged.
    assert_eq!(admin.post_raw(&merge, &fields).await.status, 403);
    assert_eq!(person_of(&visitor, first, a).await, pa);
    // From a tournament neither plays in: refused in Polish, nothing merged.
    let elsewhere = admin.post(&format!("/admin/t/{third}/persons/merge"), &fields).await;
    assert_eq!(elsewhere.status, 400);
    assert_eq!(
        crate::pages::texts(&elsewhere, "#merge-refused li"),
        ["Żadna z tych osób nie gra w tym turnieju: połączyć je może organizator ich turnieju."]
    );
    assert_eq!(person_of(&visitor, first, a).await, pa);

    assert_eq!(admin.post(&merge, &fields).await.status, 303);
    assert_eq!(person_of(&visitor, first, a).await, pb, "the first event's entry is the kept person's");
    assert_eq!(person_of(&visitor, second, b).await, pb);
    // The merged person's page leads to the kept one, which lists both events.
    assert_eq!(visitor.get(&format!("/person/{pa}")).await.location, Some(format!("/person/{pb}")));
    let both = visitor.get(&format!("/person/{pb}")).await;
    let mut entries = Person::read(&both).entries();
    entries.sort_unstable();
    assert_eq!(entries, [(first, a), (second, b)]);
    let page = admin.get(&format!("/admin/t/{second}/persons")).await;
    let persons = Persons::read(&page);
    assert!(persons.pairs.is_empty(), "{persons:?}");
    assert_eq!(persons.merges.len(), 1, "{persons:?}");
    assert!(persons.merges[0].1.starts_with("Anna Wiśniewsk ← Anna Wiśniewska, LO 5"), "{persons:?}");
    let merges = ids_after(&page.body, &format!("/admin/t/{second}/persons/unmerge/"));
    assert_eq!(merges.len(), 1);
    crate::pages::admin::change(
        &crate::pages::admin::history(&admin.get(&format!("/admin/t/{second}/history")).await),
        "Połączenie osób (ta sama osoba)",
    );
    // Merging again is refused: the merged person is gone from the registry.
    assert_eq!(admin.post(&merge, &fields).await.status, 400);

    let undo = format!("/admin/t/{second}/persons/unmerge/{}", merges[0]);
    assert_eq!(admin.post_raw(&undo, &[]).await.status, 403);
    assert_eq!(admin.post(&undo, &[]).await.status, 303);
    assert_eq!(person_of(&visitor, first, a).await, pa, "every entry back with its own person");
    assert_eq!(person_of(&visitor, second, b).await, pb);
    assert_eq!(Person::read(&visitor.get(&format!("/person/{pb}")).await).entries(), [(second, b)]);
    assert_eq!(Person::read(&visitor.get(&format!("/person/{pa}")).await).entries(), [(first, a)]);
    let persons = Persons::read(&admin.get(&format!("/admin/t/{second}/persons")).await);
    let pairs: Vec<&str> = persons.pairs.iter().map(|p| p.0.as_str()).collect();
    assert_eq!(pairs, [format!("{pb}-{pa}")], "asked about again");
    assert!(persons.merges.is_empty(), "{persons:?}");
    crate::pages::admin::change(
        &crate::pages::admin::history(&admin.get(&format!("/admin/t/{second}/history")).await),
        "Cofnięcie połączenia osób",
    );
    // Undone once: a second undo is refused.
    assert_eq!(admin.post(&undo, &[]).await.status, 400);
    // A visitor cannot open the organiser's page.
    assert_ne!(visitor.get(&format!("/admin/t/{second}/persons")).await.status, 200);
}

/// "To różne osoby" on the persons page: the pair is remembered and not asked about again (on this
/// page nor on the other event's), logged in the history; refused without the CSRF token.
#[actix_rt::test]
async fn a_pair_kept_apart_is_not_asked_again() {
    let app = TestApp::spawn().await;
    let OpenDay { t: first, admin, .. } = Day::new(&app).open().await;
    let OpenDay { t: second, .. } = Day::new(&app).open().await;
    let jan = [("name", "Jan Kowalski"), ("birth_date", "2009-12-01")];
    assert_eq!(admin.post(&format!("/admin/t/{first}/players"), &jan).await.status, 303);
    let other = [("name", "Jan Kowalski"), ("birth_date", "2009-12-02"), ("person_0", "new")];
    assert_eq!(admin.post(&format!("/admin/t/{second}/players"), &other).await.status, 303);
    let page = admin.get(&format!("/admin/t/{second}/persons")).await;
    let near = near_pairs(&page);
    assert_eq!(near.len(), 1, "{near:?}");
    assert_eq!(near[0].why, "inna data urodzenia");
    assert_eq!(near[0].buttons, ["To ta sama osoba", "To różne osoby"]);
    let pairs: Vec<String> = Persons::read(&page).pairs.into_iter().map(|p| p.0).collect();
    assert_eq!(pairs.len(), 1, "{pairs:?}");
    let (here, there) = pairs[0].split_once('-').unwrap();
    let apart = format!("/admin/t/{second}/persons/apart");
    let fields = [("kept", here), ("merged", there)];
    assert_eq!(admin.post_raw(&apart, &fields).await.status, 403);
    let pairs_of = |page: &Page| Persons::read(page).pairs.len();
    assert_eq!(pairs_of(&admin.get(&format!("/admin/t/{second}/persons")).await), 1, "still asked");
    assert_eq!(admin.post(&apart, &fields).await.status, 303);
    assert_eq!(pairs_of(&admin.get(&format!("/admin/t/{second}/persons")).await), 0);
    assert_eq!(pairs_of(&admin.get(&format!("/admin/t/{first}/persons")).await), 0);
    crate::pages::admin::change(
        &crate::pages::admin::history(&admin.get(&format!("/admin/t/{second}/history")).await),
        "Różne osoby (nie pytać ponownie)",
    );
    // Both entries keep their own persons.
    let a = player_id(&admin.get(&format!("/admin/t/{first}")).await.body, "Jan Kowalski");
    let b = player_id(&admin.get(&format!("/admin/t/{second}")).await.body, "Jan Kowalski");
    let visitor = app.browser();
    assert_ne!(person_of(&visitor, first, a).await, person_of(&visitor, second, b).await);
}

/// Issue 36, item 3: an imported row whose name and birth date are exactly a person's of another
/// region's event gets a person of its own, and the tournament's look-alike list shows the pair
/// for the organiser to confirm; the same row in an event of the person's own region (same season)
/// is linked at once.
#[actix_rt::test]
async fn an_import_links_across_regions_only_once_the_organiser_confirms() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    let (_, season) = create_season(&admin).await;
    let radom = create_tournament(&admin, &[("name", "Eliminacje Radom")]).await;
    let lodz = create_tournament(&admin, &[("name", "Eliminacje Łódź")]).await;
    let plock = create_tournament(&admin, &[("name", "Eliminacje Płock")]).await;
    add_season_event(&admin, season, radom, "eliminacje lokalne", Some("mazowieckie"), "1").await;
    add_season_event(&admin, season, lodz, "eliminacje lokalne", Some("łódzkie"), "1").await;
    add_season_event(&admin, season, plock, "eliminacje lokalne", Some("mazowieckie"), "1").await;
    let row = "name;birth date;club\nJan Kowal;2010-03-01;LO 7\n";
    let import = |t: i64| format!("/admin/t/{t}/players/import");
    assert_eq!(admin.post(&import(radom), &[("csv", row)]).await.status, 303);
    let app = &app;
    // The person of the tournament's one entry, as its player page links it.
    let person_in = |t: i64| async move {
        let b = app.browser();
        let players = ids_after(&b.get(&format!("/t/{t}")).await.body, &format!("/t/{t}/player/"));
        let mut persons = Vec::new();
        for p in players {
            persons.extend(ids_after(&b.get(&format!("/t/{t}/player/{p}")).await.body, "/person/"));
        }
        persons
    };
    let jan = person_in(radom).await;
    assert_eq!(jan.len(), 1);

    // The same region of the same season: linked at once, nothing to ask.
    assert_eq!(admin.post(&import(plock), &[("csv", row)]).await.status, 303);
    assert_eq!(person_in(plock).await, jan, "linked in the person's own region");
    let events = ids_after(&app.browser().get(&format!("/person/{}", jan[0])).await.body, "href=\"/t/");
    assert_eq!(events.len(), 2, "{events:?}");
    assert!(events.contains(&radom) && events.contains(&plock));

    // Another region: a person of its own, the pair on the look-alike list, nothing linked.
    assert_eq!(admin.post(&import(lodz), &[("csv", row)]).await.status, 303);
    let other = person_in(lodz).await;
    assert_eq!(other.len(), 1);
    assert_ne!(other, jan, "not linked to the other region's person");
    let events = ids_after(&app.browser().get(&format!("/person/{}", jan[0])).await.body, "href=\"/t/");
    assert_eq!(events.len(), 2, "the person page lists only their own region's events: {events:?}");
    assert!(!events.contains(&lodz));
    let alike = admin.get(&format!("/admin/t/{lodz}/persons")).await;
    let pairs = Persons::read(&alike).pairs;
    let pair = [format!("{}-{}", other[0], jan[0]), format!("{}-{}", jan[0], other[0])];
    assert!(pairs.len() == 1 && pair.contains(&pairs[0].0), "the look-alike list shows the pair: {pairs:?}");
}

/// Issue 36, item 3, outside every season: a tournament of no season links no imported row and no
/// typed player to a person of another event by itself, even with the same name and birth date;
/// each gets a person of its own, the look-alike list shows the pair, and the organiser's merge
/// (both events theirs) makes them one.
#[actix_rt::test]
async fn a_standalone_tournament_links_an_exact_match_only_once_the_organiser_confirms() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    let first = create_tournament(&admin, &[("name", "Turniej Radom")]).await;
    let second = create_tournament(&admin, &[("name", "Turniej Kielce")]).await;
    let third = create_tournament(&admin, &[("name", "Turniej Lublin")]).await;
    let row = "name;birth date;club\nJan Kowal;2010-03-01;LO 7\n";
    let import = |t: i64| format!("/admin/t/{t}/players/import");
    assert_eq!(admin.post(&import(first), &[("csv", row)]).await.status, 303);
    let ewa = [("name", "Ewa Lis"), ("birth_date", "2011-05-05")];
    assert_eq!(admin.post(&format!("/admin/t/{first}/players"), &ewa).await.status, 303);
    let app = &app;
    let person_in = |t: i64| async move {
        let b = app.browser();
        let players = ids_after(&b.get(&format!("/t/{t}")).await.body, &format!("/t/{t}/player/"));
        let mut persons = Vec::new();
        for p in players {
            persons.extend(ids_after(&b.get(&format!("/t/{t}/player/{p}")).await.body, "/person/"));
        }
        persons
    };
    let first_persons = person_in(first).await;
    assert_eq!(first_persons.len(), 2);
    let jan = vec![first_persons[0]];

    // The import: stored, a person of its own, the pair on the look-alike list.
    assert_eq!(admin.post(&import(second), &[("csv", row)]).await.status, 303);
    let imported = person_in(second).await;
    assert_eq!(imported.len(), 1);
    assert_ne!(imported, jan, "not linked by itself");
    // The typed player: the same.
    let typed = [("name", "EWA LIS"), ("birth_date", "2011-05-05")];
    assert_eq!(admin.post(&format!("/admin/t/{third}/players"), &typed).await.status, 303);
    let typed_person = person_in(third).await;
    assert!(typed_person.len() == 1 && !first_persons.contains(&typed_person[0]), "{typed_person:?}");
    for p in &first_persons {
        let events = ids_after(&app.browser().get(&format!("/person/{p}")).await.body, "href=\"/t/");
        assert_eq!(events, [first], "the first event's persons list their own event only");
    }

    let alike = Persons::read(&admin.get(&format!("/admin/t/{second}/persons")).await).pairs;
    let pair = format!("{}-{}", jan[0].min(imported[0]), jan[0].max(imported[0]));
    let shown: Vec<String> = alike
        .iter()
        .map(|p| {
            let (a, b) = p.0.split_once('-').unwrap();
            let (a, b): (i64, i64) = (a.parse().unwrap(), b.parse().unwrap());
            format!("{}-{}", a.min(b), a.max(b))
        })
        .collect();
    assert!(shown.contains(&pair), "the look-alike list shows the pair: {alike:?}");

    // Confirmed by the organiser (both events theirs): one person.
    let fields = [("kept", jan[0].to_string()), ("merged", imported[0].to_string())];
    let fields: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let merged = admin.post(&format!("/admin/t/{second}/persons/merge"), &fields).await;
    assert_eq!(merged.status, 303, "{}", merged.body);
    assert_eq!(person_in(second).await, jan);
}
