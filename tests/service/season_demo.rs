//! The demo season (issue 20) served over HTTP: every public page reachable from the season's
//! page (the season, its ranking and CSV exports, every person's page, every event's pages:
//! rounds, matches, games, standings, the bracket, the groups, their exports) is fetched by
//! following its links, and none shows a birth date of anyone stored, in any of the forms a page
//! could write it. The season ranking is checked against counts made by hand from the demo's
//! shape, and the person page of the final's winner (who came from a local elimination) lists
//! the three levels' events with links to their matches and games.

use crate::helpers::*;
use bitwa::app::demo_season::{SeasonSpec, create_on};
use chrono::{Datelike, NaiveDate};
use std::collections::{BTreeSet, VecDeque};

/// Every `href="..."` of a page that stays on the public side of the site.
fn public_links(body: &str) -> Vec<String> {
    body.split("href=\"")
        .skip(1)
        .filter_map(|rest| rest.split('"').next())
        .map(|h| h.replace("&amp;", "&"))
        .filter(|h| h.starts_with("/season/") || h.starts_with("/person/") || h.starts_with("/t/"))
        .map(|h| h.split('#').next().unwrap_or_default().to_string())
        .collect()
}

/// The ways a page might write a birth date: ISO, Polish day.month.year (with and without
/// leading zeros), and the long Polish form's digits.
fn written(d: NaiveDate) -> Vec<String> {
    vec![
        d.format("%Y-%m-%d").to_string(),
        d.format("%d.%m.%Y").to_string(),
        format!("{}.{}.{}", d.day(), d.month(), d.year()),
        d.format("%d/%m/%Y").to_string(),
    ]
}

#[actix_rt::test]
async fn no_public_page_of_the_demo_season_shows_a_birth_date_and_its_ranking_and_persons_add_up() {
    let app = TestApp::spawn().await;
    let db = bitwa::store::connect(&app.db_url).await.unwrap();
    let today = NaiveDate::from_ymd_opt(2026, 5, 20).unwrap();
    let season = create_on(&db, SeasonSpec::small(), today).await.unwrap();
    let direct = TestDb::open(&app.db_url).await;
    let births: Vec<NaiveDate> = on_db!(&direct, |p| {
        sqlx::query_as::<_, (NaiveDate,)>("SELECT birth_date FROM persons").fetch_all(p).await.unwrap()
    })
    .into_iter()
    .map(|(d,)| d)
    .collect();
    // Two locals of 8 and two qualifiers of 8 (4 of each from its local): 24 persons.
    assert_eq!(births.len(), 24);
    let needles: BTreeSet<String> = births.iter().flat_map(|d| written(*d)).collect();

    let b = app.browser();
    let start = format!("/season/{season}");
    let mut seen: BTreeSet<String> = BTreeSet::new();
    let mut queue = VecDeque::from([start.clone()]);
    let mut persons = BTreeSet::new();
    while let Some(path) = queue.pop_front() {
        if !seen.insert(path.clone()) {
            continue;
        }
        let page = b.get(&path).await;
        assert!(page.status == 200 || page.status == 303, "{path}: {}", page.status);
        for needle in &needles {
            assert!(!page.body.contains(needle.as_str()), "{path} shows the birth date {needle}");
        }
        if path.starts_with("/person/") {
            persons.insert(path.clone());
        }
        for link in public_links(&page.body) {
            if !seen.contains(&link) {
                queue.push_back(link);
            }
        }
        assert!(seen.len() < 5000, "the crawl should end");
    }
    assert_eq!(persons.len(), 24, "every person's page is linked from the season's pages");
    for must in [
        format!("/season/{season}/ranking"),
        format!("/season/{season}/export/ranking.csv"),
        format!("/season/{season}/export/qualifiers.csv"),
    ] {
        assert!(seen.contains(&must), "{must} linked");
    }
    eprintln!("demo season: {} public pages crawled", seen.len());

    // The table of regions, by hand: each of the two regions has a local elimination (8) and a
    // qualifier (8): 2 events, 16 entries, 8 qualifiers (4 from each event; the declined
    // invitation's place went to a reserve of the same event).
    let home = b.get(&start).await;
    for region in ["dolnośląskie", "kujawsko-pomorskie"] {
        let row = home.body.split(&format!("<td class=\"main\">{region}</td>")).nth(1).expect(region);
        let cells: Vec<&str> =
            row.split("class=\"num\">").skip(1).take(3).map(|c| c.split('<').next().unwrap()).collect();
        assert_eq!(cells, ["2", "16", "8"], "{region}");
    }

    // The ranking, by hand from the demo's shape: 9 in the final (4 + 4 qualifiers, the declined
    // one's reserve among them, and a wildcard), then the regional qualifiers' other players
    // (2 × 8 - 9 = 7), then the local eliminations' players who did not go on (2 × 4).
    let ranking = b.get(&format!("/season/{season}/ranking")).await;
    ranking.assert_ok();
    let levels: Vec<&str> =
        ranking.body.split("class=\"level\">").skip(1).map(|r| r.split('<').next().unwrap()).collect();
    let count = |name: &str| levels.iter().filter(|l| **l == name).count();
    assert_eq!(levels.len(), 24);
    assert_eq!(
        (count("finał ogólnopolski"), count("kwalifikacje regionalne"), count("eliminacje lokalne")),
        (9, 7, 8)
    );
    let order = |name: &str| levels.iter().position(|l| *l == name).unwrap();
    assert!(order("finał ogólnopolski") < order("kwalifikacje regionalne"));
    assert!(
        levels.iter().rposition(|l| *l == "finał ogólnopolski").unwrap() < order("kwalifikacje regionalne")
    );
    assert!(
        levels.iter().rposition(|l| *l == "kwalifikacje regionalne").unwrap() < order("eliminacje lokalne")
    );
    // The final's places 1 to 4 come first, in order.
    let places: Vec<&str> =
        ranking.body.split("class=\"place\">").skip(1).map(|r| r.split('<').next().unwrap()).collect();
    assert_eq!(&places[..4], ["1.", "2.", "3.", "4."]);
    let csv = b.get(&format!("/season/{season}/export/ranking.csv")).await;
    assert_eq!(csv.body.trim_end().lines().count(), 25, "a header and 24 persons");
    let qualifiers = b.get(&format!("/season/{season}/export/qualifiers.csv")).await;
    // Invitations not withdrawn: 4 + 4 from the locals, 8 + 1 (declined) into the final, 1 wildcard.
    assert_eq!(qualifiers.body.trim_end().lines().count(), 1 + 18);
    let csv = crate::pages::exports::Csv::read(&qualifiers, ';');
    let wildcard = "dzika karta: gospodarz finału: najlepsza osoba bez awansu";
    assert_eq!(csv.column("Awans").iter().filter(|a| **a == wildcard).count(), 1, "{csv:?}");
    assert!(csv.column("Stan").contains(&"zaproszenie odrzucone"), "{csv:?}");

    // The final's winner came up from a local elimination: their page lists three events, one of
    // each level, and links matches and games of each.
    let winner = ids_after(&ranking.body, "/person/")[0];
    let person = b.get(&format!("/person/{winner}")).await;
    person.assert_ok();
    let events: Vec<i64> = crate::pages::select(&person.body, ".person-matches[data-event]")
        .iter()
        .map(|s| s.num("data-event"))
        .collect();
    assert_eq!(events.len(), 3, "{}", person.body);
    let levels: Vec<String> = crate::pages::Person::read(&person)
        .events
        .iter()
        .map(|e| e.2.split(':').next().unwrap_or_default().to_string())
        .collect();
    assert_eq!(levels, ["Eliminacje szkolne", "Kwalifikacje regionalne", "Finał ogólnopolski"]);
    for t in events {
        assert!(!ids_after(&person.body, &format!("/t/{t}/match/")).is_empty(), "matches of {t}");
        assert!(!ids_after(&person.body, &format!("/t/{t}/game/")).is_empty(), "games of {t}");
    }

    // Every closed event: its stored ranking is the public final standings, place for place.
    stored_rankings_are_the_public_final_standings(&app, &db, season).await;
    app.stop().await;
}

/// The rows of the public final standings of `t` as (player, place): the final ranking where the
/// page has one (a knockout or groups), else the standings (Swiss only), read from their
/// `data-player` and `data-place` attributes.
pub async fn public_final_standings(b: &Browser, t: i64) -> Vec<(i64, i64)> {
    let page = b.get(&format!("/t/{t}/standings")).await;
    page.assert_ok();
    let table = ["#final-ranking", "#standings"]
        .iter()
        .find_map(|id| crate::pages::first(&page.body, id))
        .unwrap_or_else(|| panic!("/t/{t}/standings has a final ranking or standings"));
    table
        .select("tr[data-player]")
        .iter()
        .map(|row| (row.num("data-player"), row.num("data-place")))
        .collect()
}

/// For every closed event of `season`: the stored ranking (`app::season::close::ranking`) equals
/// the public final standings of its page, player for player and place for place.
pub async fn stored_rankings_are_the_public_final_standings(
    app: &TestApp,
    db: &bitwa::store::Store,
    season: bitwa::store::SeasonId,
) {
    let b = app.browser();
    let events = bitwa::app::season::events(db, season).await.unwrap();
    let mut closed = 0;
    for e in events.iter().filter(|e| e.closed) {
        let stored: Vec<(i64, i64)> = bitwa::app::season::close::ranking(db, e.tournament_id)
            .await
            .unwrap()
            .iter()
            .map(|r| (r.player_id.0, r.place))
            .collect();
        assert!(!stored.is_empty(), "event {} stores a ranking", e.tournament_id.0);
        assert_eq!(
            stored,
            public_final_standings(&b, e.tournament_id.0).await,
            "event {}",
            e.tournament_id.0
        );
        closed += 1;
    }
    assert!(closed >= 3, "the demo closes its events: {closed}");
    eprintln!("demo season: {closed} closed events, each stored ranking the public final standings");
}

/// `bitwa demo --season` in a smaller shape of its own kind (4 regional qualifiers of 10: two
/// places each, so a final of 9 with the wildcard, in groups of 5 and 4, then a knockout): every
/// closed event's stored ranking is the public final standings.
#[actix_rt::test]
async fn every_closed_event_of_a_demo_season_stores_the_public_final_standings() {
    let app = TestApp::spawn().await;
    let db = bitwa::store::connect(&app.db_url).await.unwrap();
    let today = NaiveDate::from_ymd_opt(2026, 5, 20).unwrap();
    let spec = SeasonSpec { regions: 4, players_per_event: 10 };
    let season = create_on(&db, spec, today).await.unwrap();
    stored_rankings_are_the_public_final_standings(&app, &db, season).await;
    app.stop().await;
}
