//! Minors' data: public pages never show birth dates; after the season an organiser erases a
//! player's personal data, the results stay under a pseudonym, and the erasure is logged.

use crate::helpers::*;
use crate::pages::points_of;
use bitwa::engine::{Edition, RuleOptions, random_game};

const OPTIONS: RuleOptions = RuleOptions {
    fortifications: false,
    flank_attacks: false,
    time_control_secs: 900,
    ..RuleOptions::STANDARD
};

/// Every public page of a tournament with one played round, and its exports.
async fn public_pages(b: &Browser, t: i64, player: i64, m: i64, g: i64) -> Vec<(String, Page)> {
    let mut pages = Vec::new();
    let mut paths = public_page_paths(t, player, m, g);
    for extra in ["export/pairings/1", "export/standings", "export/results?sep=comma"] {
        paths.push(format!("/t/{t}/{extra}"));
    }
    for path in paths {
        let page = b.get(&path).await;
        assert_eq!(page.status, 200, "{path}");
        pages.push((path, page));
    }
    pages
}

#[actix_rt::test]
async fn birth_dates_are_never_public_and_erasure_keeps_results_under_a_pseudonym() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    // The default form's tournament was on 2026-05-09: the season is over.
    let t = create_tournament(&admin, &[("knockout_size", "0")]).await;
    let reg = |name: &'static str, birth: &'static str, club: &'static str| {
        let admin = &admin;
        async move {
            let page = admin
                .post(
                    &format!("/admin/t/{t}/players"),
                    &[("name", name), ("birth_date", birth), ("club", club)],
                )
                .await;
            assert_eq!(page.status, 303, "{}", page.body);
        }
    };
    reg("Zofia Tajna", "2010-03-07", "Gimnazjum Tajne").await;
    reg("Jan Jawny", "2009-11-21", "LO Jawne").await;
    admin.post(&format!("/admin/t/{t}/rounds"), &[]).await;
    admin.post(&format!("/admin/t/{t}/round/1/publish"), &[]).await;
    let m = ids_after(&admin.get(&format!("/t/{t}/round/1")).await.body, &format!("/t/{t}/match/"))[0];
    let games = game_forms(&admin.get(&format!("/ref/t/{t}/match/{m}")).await.body, t);
    let log = random_game(7, Edition::builtin(), &OPTIONS)
        .to_string()
        .replace("[Red \"random\"]", "[Red \"Zofia Tajna\"]")
        .replace("[Polish \"random\"]", "[Polish \"Jan Jawny\"]")
        + "# Zofia Tajna i Jan Jawny podali sobie ręce\n";
    let saved = submit_log(&admin, t, &games[0], &log).await;
    assert_eq!(saved.status, 303, "{}", saved.body);
    assert_eq!(enter(&admin, t, (games[1].0, &games[1].1), "red", "warsaw-entered", "21").await.status, 303);

    let public = app.browser();
    let standings = public.get(&format!("/t/{t}/standings")).await;
    let zofia = crate::pages::Standings::read(&standings).named("Zofia Tajna").player;
    let before = public_pages(&public, t, zofia, m, games[0].0).await;
    for (path, page) in &before {
        // Birth dates never appear on public pages or exports, in any format.
        for date in ["2010-03-07", "07.03.2010", "2009-11-21", "21.11.2009"] {
            assert!(!page.body.contains(date), "{path} shows a birth date");
        }
    }
    let lists =
        |page: &Page, name: &str| crate::pages::Standings::read(page).rows.iter().any(|r| r.name == name);
    assert!(before.iter().any(|(p, page)| p.ends_with("/standings") && lists(page, "Zofia Tajna")));
    // The organiser's page lists them (and no cache keeps it).
    let overview = admin.get(&format!("/admin/t/{t}")).await;
    assert_eq!(crate::pages::Overview::read(&overview).player_by_id(zofia).born, "2010-03-07");
    assert_eq!(overview.header("cache-control"), "no-store");

    let erase = format!("/admin/t/{t}/players/{zofia}/erase");
    let unconfirmed = admin.post(&erase, &[]).await;
    assert_eq!(unconfirmed.status, 400);
    // Asked again: the confirmation page, saying what is missing and what the erasure does.
    let asked = crate::pages::confirm::ConfirmPage::read(&unconfirmed);
    assert_eq!(
        (asked.details[0].as_str(), asked.action.as_str()),
        ("Zaznacz potwierdzenie, aby usunąć dane osobowe gracza.", erase.as_str()),
        "{asked:?}"
    );
    let visitor = Browser::new(&app.base);
    assert_eq!(visitor.post(&erase, &[("confirm", "1")]).await.location.as_deref(), Some("/login"));
    assert_eq!(admin.post(&erase, &[("confirm", "1")]).await.status, 303);

    let pseudonym = format!("Anonim #{zofia}");
    let after = public_pages(&public, t, zofia, m, games[0].0).await;
    for (path, page) in &after {
        for gone in ["Zofia Tajna", "Gimnazjum Tajne", "2010-03-07"] {
            assert!(!page.body.contains(gone), "{path} still shows {gone}");
        }
    }
    assert!(after.iter().any(|(p, page)| p.ends_with("/standings") && lists(page, &pseudonym)));
    // The results stand: the same points and place, the pseudonym in place of the name.
    let standings_after = public.get(&format!("/t/{t}/standings")).await;
    assert_eq!(points_of(&standings_after.body, &pseudonym), points_of(&standings, "Zofia Tajna"));
    let (before, after) =
        (crate::pages::Standings::read(&standings), crate::pages::Standings::read(&standings_after));
    assert_eq!(after.named(&pseudonym).place, before.named("Zofia Tajna").place, "the same place");
    assert_eq!(after.named("Jan Jawny").place, before.named("Jan Jawny").place);
    // The game page still shows the validated log, with the pseudonym in its header.
    let game = public.get(&format!("/t/{t}/game/{}", games[0].0)).await;
    let shown = crate::pages::admin::GameLog::read(&game).expect("the validated log is shown");
    assert_eq!(shown.heading, "Sprawdzony zapis partii");
    assert!(shown.log.contains(&pseudonym) && shown.log.contains("Jan Jawny"), "{}", shown.log);

    // Nothing of her is left in the database's history or logs, and the erasure itself is recorded.
    let db = TestDb::open(&app.db_url).await;
    let (left,): (i64,) = on_db!(&db, |c| sqlx::query_as(
        "SELECT (SELECT COUNT(*) FROM history WHERE old_value LIKE '%Zofia%' OR new_value LIKE '%Zofia%' \
         OR old_value LIKE '%2010-03-07%' OR new_value LIKE '%2010-03-07%' OR old_value LIKE '%Gimnazjum Tajne%' \
         OR new_value LIKE '%Gimnazjum Tajne%') + (SELECT COUNT(*) FROM games WHERE log_text LIKE '%Zofia%') \
         + (SELECT COUNT(*) FROM players WHERE name LIKE '%Zofia%' OR birth_date = '2010-03-07') \
         + (SELECT COUNT(*) FROM persons WHERE name LIKE '%Zofia%' OR birth_date = '2010-03-07' \
            OR school LIKE '%Gimnazjum Tajne%')",
    )
    .fetch_one(c)
    .await)
    .unwrap();
    assert_eq!(left, 0);
    db.close().await;
    let erased = history_rows(&app, "player", "erase personal data").await;
    assert_eq!(erased.len(), 1);
    assert_eq!(erased[0].0, zofia);
    assert!(erased[0].2.contains(&pseudonym));
    let page = admin.get(&format!("/admin/t/{t}")).await;
    let overview = crate::pages::Overview::read(&page);
    let erased = overview.player_by_id(zofia);
    let note = crate::pages::text_of(&page, &format!("tr[data-player={zofia}] td.main small"));
    assert_eq!((erased.born.as_str(), note.as_str()), ("—", "(dane osobowe usunięte)"), "{erased:?}");
    assert_eq!(overview.player("Jan Jawny").born, "2009-11-21", "the others' data stays");
}

#[actix_rt::test]
async fn personal_data_is_erased_only_after_the_last_day() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    let t = create_tournament(&admin, &[("first_day", "2030-05-09"), ("last_day", "2030-05-10")]).await;
    let page = admin
        .post(&format!("/admin/t/{t}/players"), &[("name", "Ola Przyszła"), ("birth_date", "2013-01-01")])
        .await;
    assert_eq!(page.status, 303, "{}", page.body);
    let overview = admin.get(&format!("/admin/t/{t}")).await;
    assert!(
        !crate::pages::has(&overview, "#erase-where") && !crate::pages::admin::links_to(&overview, "/erase"),
        "no erasure offered before the last day"
    );
    let p = ids_after(&overview.body, &format!("/admin/t/{t}/players/"))[0];
    let refused = admin.post(&format!("/admin/t/{t}/players/{p}/erase"), &[("confirm", "1")]).await;
    assert_eq!(refused.status, 400);
    assert_eq!(
        crate::pages::text_of(&refused, "#message"),
        "Dane osobowe można usunąć dopiero po ostatnim dniu turnieju."
    );
    assert!(
        crate::pages::Tournament::read(&app.browser().get(&format!("/t/{t}")).await).lists("Ola Przyszła")
    );
}
