//! Issue 37's pages over HTTP: the front page lists the current seasons first and, for the players a
//! browser follows, their next tables; a person's page shows a closed event's stored final place
//! (the one the season ranking shows, a Swiss-only event's too); the draw preview names each
//! player's school; "Usuń dane osobowe" is only on the organiser's view of a player's page, behind
//! a confirmation; the online referee page says its times in Polish words.

use crate::helpers::*;
use crate::online::{issue_links, referee_url, round_one_with};
use crate::pages::admin::{followed_cards, links_to};
use crate::pages::{PlayerPage, Tournament, has, one, select, text_of};
use crate::setup::{Day, players_csv};
use crate::words::{machine_times, visible_text};
use bitwa::app::demo_season::{SeasonSpec, create_on};
use chrono::{Days, NaiveDate, Utc};

#[actix_rt::test]
async fn the_front_page_lists_current_seasons_first_and_the_followed_players_next_tables() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    let today = Utc::now().date_naive();
    let day = |d: NaiveDate| d.format("%Y-%m-%d").to_string();
    // A past season created first, then one under way: the one under way is listed first.
    for (name, first, last) in [
        ("Liga Dawna", day(today - Days::new(400)), day(today - Days::new(200))),
        ("Liga Obecna", day(today - Days::new(30)), day(today + Days::new(60))),
    ] {
        let fields = [
            ("name", name),
            ("first_day", first.as_str()),
            ("last_day", last.as_str()),
            ("years_from", "2006"),
            ("years_to", "2012"),
        ];
        assert_eq!(admin.post("/admin/seasons", &fields).await.status, 303);
    }
    let open = Day::new(&app).swiss_only("3").players(6).published().open().await;
    let t = open.t;

    let visitor = app.browser();
    let home = visitor.get("/").await;
    home.assert_ok();
    let body = &home.body;
    let seasons = |section: &str| -> Vec<String> {
        crate::pages::select(body, &format!("#{section} li[data-season]"))
            .iter()
            .map(|li| li.one("a").text())
            .collect()
    };
    assert_eq!(seasons("seasons-now"), ["Liga Obecna"], "the current season listed, a past one not");
    assert_eq!(seasons("seasons-past"), ["Liga Dawna"], "the past season listed");
    let at = |selector: &str| crate::pages::one(body, selector).position();
    let (now, tournament, past) =
        (at("#seasons-now"), at(&format!("li[data-tournament=\"{t}\"]")), at("#seasons-past"));
    assert!(
        now < tournament && tournament < past,
        "the current seasons, the tournaments, the past seasons last"
    );
    // Days in words, no machine date in the visible text.
    let text = visible_text(body);
    assert!(!text.contains(&day(today - Days::new(30))), "a day in words, not {}", day(today));
    assert!(text.contains(&bitwa::web::text::when::day(bitwa::lang::Lang::Pl, today + Days::new(60))));
    assert!(machine_times(&text).is_empty());
    assert_eq!(followed_cards(&home).0, None, "nobody followed");

    // A followed player: the card says the table the player page says, and the opponent.
    let p = open.players[0];
    let player_page = visitor.get(&format!("/t/{t}/player/{p}")).await;
    let table = PlayerPage::read(&player_page).current.expect("a current table").2;
    let followed = visitor.get(&format!("/?follow={t}.{p}")).await;
    let cards = followed_cards(followed.assert_ok()).0.expect("the followed players");
    assert_eq!((cards.len(), cards[0].t, cards[0].player), (1, t, p), "{cards:?}");
    assert_eq!(cards[0].table, Some(table), "the followed player's table");
    assert!(cards[0].links.contains(&format!("/t/{t}?follow={p}")), "the tournament page, still following");
    // Without the script, the tournament page's card links the front page's (a bookmark).
    let page = visitor.get(&format!("/t/{t}?follow={p}")).await;
    assert_eq!(Tournament::read(&page).followed.map(|f| f.player), Some(p));
    assert!(has(&page, &format!("a#followed-home[href=/?follow={t}.{p}]")), "{}", page.body);
    // Neither the followed page is kept for others, nor the front page served in its place.
    assert!(followed.header("cache-control").contains("private"), "a followed page is not shared");
    assert_eq!(followed_cards(&visitor.get("/").await).0, None, "the plain front page");
    // A player or tournament that is no more: said, and named for the script to forget.
    let gone = visitor.get(&format!("/?follow={t}.999999,{}.1,x.y", t + 1000)).await;
    assert_eq!(followed_cards(gone.assert_ok()).1, Some(format!("{t},{}", t + 1000)));
    assert_eq!(text_of(&gone, "#followed-gone"), "Nie ma już takiego gracza ani turnieju.");
}

#[actix_rt::test]
async fn a_persons_page_shows_the_place_the_season_ranking_shows_for_each_closed_event() {
    let app = TestApp::spawn().await;
    let db = bitwa::store::connect(&app.db_url).await.unwrap();
    let today = NaiveDate::from_ymd_opt(2026, 5, 20).unwrap();
    let season = create_on(&db, SeasonSpec::small(), today).await.unwrap();
    let b = app.browser();
    let ranking = b.get(&format!("/season/{season}/ranking")).await;
    ranking.assert_ok();
    let mut compared = 0;
    let mut locals = 0;
    for row in select(&ranking.body, "tr[data-person]") {
        let person: i64 = row.num("data-person");
        let event: i64 = row
            .select("a")
            .iter()
            .find_map(|a| a.attr("href")?.strip_prefix("/t/")?.parse().ok())
            .expect("the row's event");
        let place = row.one("td.place").text();
        if !place.ends_with('.') {
            continue; // the final is still under way
        }
        let page = b.get(&format!("/person/{person}")).await;
        let line = one(&page.body, &format!("#person-events tr[data-event={event}]"));
        assert_eq!(line.one("td.place").text(), place, "person {person}, event {event}");
        let event_name = row.select("a").iter().find(|a| a.get("href").starts_with("/t/")).map(|a| a.text());
        if event_name.is_some_and(|n| n.starts_with("Eliminacje szkolne:")) {
            locals += 1;
        }
        compared += 1;
    }
    assert!(compared >= 16, "places compared: {compared}");
    assert!(locals >= 8, "a Swiss-only local elimination's places among them: {locals}");
}

#[actix_rt::test]
async fn the_draw_preview_names_each_players_school() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    let created = admin.post("/admin/new", &tournament_form(&[("format", "groups_knockout")])).await;
    assert_eq!(created.status, 303, "{}", created.body);
    let t: i64 = created
        .location
        .as_deref()
        .unwrap()
        .trim_start_matches("/admin/t/")
        .split('/')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    let stages = format!("/admin/t/{t}/stages");
    let format = [
        ("preset", "groups_knockout"),
        ("count", "2"),
        ("per_group", "2"),
        ("best_next", "0"),
        ("seeding", "snake"),
        ("separation", "school"),
        ("entry", "crossover"),
    ];
    assert_eq!(admin.post(&format!("{stages}/format"), &format).await.status, 303);
    let csv = players_csv(8);
    assert_eq!(
        admin.post(&format!("/admin/t/{t}/players/import"), &[("csv", csv.as_str())]).await.status,
        303
    );
    // Each member's line as shown: the name, then the school.
    let members = |body: &str, from: &str| -> Vec<String> {
        crate::pages::select(body, &format!("{from} div[data-group] li")).iter().map(|li| li.text()).collect()
    };
    let preview = admin.get(&stages).await;
    let listed = members(&preview.body, "div.groups-preview");
    assert_eq!(listed.len(), 8, "{listed:?}");
    for (i, name) in crate::setup::PLAYERS[..8].iter().enumerate() {
        let line =
            listed.iter().find(|l| l.starts_with(name)).unwrap_or_else(|| panic!("{name} in {listed:?}"));
        assert_eq!(line.split_whitespace().collect::<Vec<_>>().join(" "), format!("{name} · LO {}", i + 1));
    }
    let seed = preview.body.split("id=\"preview-seed\">").nth(1).unwrap();
    let seed = &seed[..seed.find('<').unwrap()];
    assert_eq!(admin.post(&format!("{stages}/draw"), &[("seed", seed)]).await.status, 303);
    let drawn = members(&admin.get(&stages).await.body, "div#drawn");
    assert_eq!(drawn, listed, "the groups drawn as previewed, schools and all");
}

#[actix_rt::test]
async fn personal_data_is_erased_from_the_players_page_only_and_behind_a_confirmation() {
    let app = TestApp::spawn().await;
    let day = Day::new(&app)
        .config(&[("first_day", "2025-05-09"), ("last_day", "2025-05-10")])
        .named(&["Ola Dawna", "Piotr Dawny"])
        .open()
        .await;
    let (t, admin, p, q) = (day.t, day.admin, day.players[0], day.players[1]);
    let overview = admin.get(&format!("/admin/t/{t}")).await;
    overview.assert_lacks("Usuń dane osobowe");
    assert!(!links_to(&overview, "/erase"), "no erasure from the overview");
    assert!(has(&overview, "#erase-where"), "the overview says where it is done");
    assert!(has(&overview, &format!("a[href=/t/{t}/player/{p}]")), "the player's page linked");
    let page = admin.get(&format!("/t/{t}/player/{p}")).await;
    let form = format!("#personal-data form[action=/admin/t/{t}/players/{p}/erase]");
    assert!(has(&page, &form), "{}", page.body);
    assert!(has(&page, &format!("{form} input[name=confirm][value=1][required]")), "a confirmation asked");
    // A visitor's page has no such part.
    assert!(!has(&app.browser().get(&format!("/t/{t}/player/{p}")).await, "#personal-data"));
    // Unconfirmed: refused, nothing erased.
    let erase = format!("/admin/t/{t}/players/{p}/erase");
    assert_eq!(admin.post(&erase, &[]).await.status, 400);
    assert_eq!(text_of(&admin.get(&format!("/t/{t}/player/{p}")).await, "h1"), "Ola Dawna");
    // Confirmed: back on the player's page, under the pseudonym, without the form.
    let done = admin.post(&erase, &[("confirm", "1")]).await;
    assert_eq!(done.status, 303);
    assert_eq!(done.location.as_deref(), Some(format!("/t/{t}/player/{p}").as_str()));
    let erased = admin.get(&format!("/t/{t}/player/{p}")).await;
    erased.assert_lacks("Ola Dawna");
    assert_eq!(text_of(&erased, "h1"), format!("Anonim #{p}"));
    assert!(!has(&erased, "#personal-data"), "nothing more to erase");
    assert!(has(&admin.get(&format!("/t/{t}/player/{q}")).await, "#personal-data"), "the other player's");
    // Before the last day: no such part.
    let later = create_tournament(&admin, &[("first_day", "2030-05-09"), ("last_day", "2030-05-10")]).await;
    let r = register(&admin, later, "Ola Przyszła").await;
    assert!(!has(&admin.get(&format!("/t/{later}/player/{r}")).await, "#personal-data"));
    assert!(!has(&admin.get(&format!("/admin/t/{later}")).await, "#erase-where"));
}

#[actix_rt::test]
async fn the_online_referee_page_says_its_times_in_polish_words() {
    let app = TestApp::spawn().await;
    let (t, admin, matches) = round_one_with(&app, 2, &[("swiss_rounds", "1"), ("knockout_size", "0")]).await;
    let m = matches[0];
    assert_eq!(admin.post(&referee_url(t, m), &[("action", "mark")]).await.status, 303);
    let tokens = issue_links(&admin, t, m).await;
    app.browser().get(&format!("/online/{}", tokens[0].1)).await.assert_ok();
    let page = admin.get(&referee_url(t, m)).await;
    page.assert_ok()
        .assert_contains("link aktywny od <time datetime=\"")
        .assert_contains("obecność od <time");
    page.assert_contains("Oczekiwanie liczy się od <time datetime=\"");
    let text = visible_text(&page.body);
    assert!(machine_times(&text).is_empty(), "machine times: {:?}", machine_times(&text));
    let year = Utc::now().format("%Y").to_string();
    assert!(text.contains(&year), "the times are shown: {text}");
}

/// The addresses of a page worth reading for its words: a season's, a person's, an event's front
/// page, standings, rounds, groups, bracket and players (no games nor exports: the golden test reads
/// those of the demo tournament).
fn readable_links(body: &str) -> Vec<String> {
    body.split("href=\"")
        .skip(1)
        .filter_map(|rest| rest.split('"').next())
        .map(|h| h.split(['#', '?']).next().unwrap_or_default().to_string())
        .filter(|h| {
            let parts: Vec<&str> = h.trim_start_matches('/').split('/').collect();
            matches!(
                parts.as_slice(),
                ["season", _]
                    | ["season", _, "ranking"]
                    | ["person", _]
                    | ["t", _]
                    | ["t", _, "standings" | "bracket"]
                    | ["t", _, "round" | "group" | "player", _]
            )
        })
        .collect()
}

/// The season's pages say what the golden test holds the demo tournament's to (issue 37): times in
/// Polish words (no machine time in the visible text), no registered name in the nominative after a
/// preposition, no English on a Polish page; the public pages a parent reaches from the season's
/// page and the pages its coordinator works on.
#[actix_rt::test]
async fn the_season_pages_say_times_and_names_as_people_read_them_and_no_english() {
    let app = TestApp::spawn().await;
    let db = bitwa::store::connect(&app.db_url).await.unwrap();
    let season = create_on(&db, SeasonSpec::small(), Utc::now().date_naive()).await.unwrap();
    let direct = TestDb::open(&app.db_url).await;
    let names: Vec<String> =
        on_db!(&direct, |c| sqlx::query_scalar::<_, String>("SELECT name FROM persons").fetch_all(c).await)
            .unwrap();
    direct.close().await;
    assert_eq!(names.len(), 24);
    let read = |path: &str, body: &str| {
        crate::words::assert_times_for_people(path, body);
        crate::words::assert_names_in_sentences(path, body, &names);
        crate::words::assert_no_english(path, body);
    };
    let visitor = app.browser();
    let mut seen = std::collections::BTreeSet::new();
    let mut queue = std::collections::VecDeque::from(["/".to_string(), format!("/season/{season}")]);
    while let Some(path) = queue.pop_front() {
        if !seen.insert(path.clone()) {
            continue;
        }
        let page = visitor.get(&path).await;
        assert_eq!(page.status, 200, "{path}");
        read(&path, &page.body);
        if path.starts_with("/season/") || path == "/" {
            // Days in words too ("20 maja 2026"), not a stored date.
            let text = visible_text(&page.body);
            let iso = text.as_bytes().windows(10).any(|w| {
                w.iter()
                    .enumerate()
                    .all(|(i, c)| if i == 4 || i == 7 { *c == b'-' } else { c.is_ascii_digit() })
            });
            assert!(!iso, "{path} shows a stored date: {text}");
        }
        queue.extend(readable_links(&page.body).into_iter().filter(|l| !seen.contains(l)));
        assert!(seen.len() < 2000, "the crawl ends");
    }
    assert!(seen.len() > 60, "pages read: {}", seen.len());
    let events: Vec<i64> = seen.iter().filter_map(|p| p.strip_prefix("/t/")?.parse().ok()).collect();
    let persons: Vec<i64> = seen.iter().filter_map(|p| p.strip_prefix("/person/")?.parse().ok()).collect();
    assert!(events.len() >= 5, "{events:?}");
    let coordinator = app.browser();
    coordinator.login("organizator", "demo-organizator").await;
    let mut pages = vec![
        "/me".to_string(),
        "/admin/seasons".to_string(),
        "/admin/proposals".to_string(),
        format!("/admin/season/{season}"),
        format!("/admin/season/{season}/privacy"),
        format!("/admin/season/{season}/person/{}", persons[0]),
    ];
    for t in &events {
        for page in ["", "/invitations", "/persons", "/history", "/stages", "/entries", "/desk"] {
            pages.push(format!("/admin/t/{t}{page}"));
        }
    }
    for path in &pages {
        let page = coordinator.get(path).await;
        assert_eq!(page.status, 200, "{path}: {}", page.body);
        read(path, &page.body);
    }
}
