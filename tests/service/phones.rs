//! A parent on a phone (issue 22, item 8): the tournament page finds a player by name (a GET form,
//! no script; case and Polish diacritics ignored), follows a player with a card at the top (next
//! match, table, who commands Red in game 1, last result) through a plain `?follow=` address, and
//! the player page shows the current round first with its table. Long pages open with jump links.

use crate::helpers::*;
use crate::setup::Day;

const NAMES: [&str; 4] = ["Łukasz Żółkiewski", "Anna Nowak", "Ścibor Kąkol", "Zofia Lis"];

/// The part of `body` from the element with `id` on (empty when there is none).
fn from_id<'a>(body: &'a str, id: &str) -> &'a str {
    body.find(&format!("id=\"{id}\"")).map_or("", |i| &body[i..])
}

#[actix_rt::test]
async fn the_player_search_ignores_case_and_polish_diacritics_and_links_the_player_pages() {
    let app = TestApp::spawn().await;
    let day = Day::new(&app).swiss_only("2").named(&NAMES).open().await;
    let (t, lukasz) = (day.t, day.players[0]);
    let visitor = app.browser();
    let front = visitor.get(&format!("/t/{t}")).await;
    assert!(front.body.contains("id=\"player-search\""), "the search form is on the page");
    assert!(!front.body.contains("id=\"search-results\""), "no results before a search");
    for typed in ["lukasz", "ŁUKASZ", "  zolk ", "Łukasz Żółkiewski"] {
        let q = serde_urlencoded::to_string([("q", typed)]).unwrap();
        let page = visitor.get(&format!("/t/{t}?{q}")).await;
        assert_eq!(page.status, 200);
        let results = from_id(&page.body, "search-results");
        let results = &results[..results.find("</section>").unwrap()];
        assert!(
            results.contains(&format!("href=\"/t/{t}/player/{lukasz}\"")),
            "{typed:?} finds Łukasz: {results}"
        );
        assert_eq!(ids_after(results, &format!("/t/{t}/player/")).len(), 1, "{typed:?} finds only Łukasz");
    }
    let kak = visitor.get(&format!("/t/{t}?q=kakol")).await;
    assert!(from_id(&kak.body, "search-results").contains(&format!("/t/{t}/player/{}\"", day.players[2])));
    let nobody = visitor.get(&format!("/t/{t}?q=kowalski")).await;
    assert!(nobody.body.contains("id=\"search-none\""), "{}", nobody.body);
    assert!(nobody.body.contains("Brak gracza o takim imieniu lub nazwisku."));
    // A search is never cached as the front page: the plain page after it has no results.
    let again = visitor.get(&format!("/t/{t}")).await;
    assert!(!again.body.contains("id=\"search-results\""), "the search leaked into the cached page");
}

#[actix_rt::test]
async fn a_followed_player_has_a_card_above_the_rounds_with_the_table_red_first_and_the_last_result() {
    let app = TestApp::spawn().await;
    let day = Day::new(&app).swiss_only("2").named(&NAMES).referee().published().open().await;
    let t = day.t;
    let visitor = app.browser();
    // Whoever is at table 1 in round 1: A commands Red in game 1.
    let round = visitor.get(&format!("/t/{t}/round/1")).await;
    let m = day.matches[0];
    let pair = ids_after(&round.body, &format!("/t/{t}/player/"));
    let (a, b) = (pair[0], pair[1]);
    let a_name = NAMES[day.players.iter().position(|&p| p == a).unwrap()];
    let b_name = NAMES[day.players.iter().position(|&p| p == b).unwrap()];
    // The player page links the card with a plain address (no script needed).
    let player = visitor.get(&format!("/t/{t}/player/{b}")).await;
    assert!(
        player.body.contains(&format!("id=\"follow-link\" href=\"/t/{t}?follow={b}\"")),
        "{}",
        player.body
    );

    let card = visitor.get(&format!("/t/{t}?follow={b}")).await;
    assert_eq!(card.status, 200);
    let followed = from_id(&card.body, "followed");
    assert!(!followed.is_empty(), "the card is there: {}", card.body);
    assert!(
        card.body.find("id=\"followed\"").unwrap() < card.body.find("id=\"rounds\"").unwrap(),
        "the card sits above the round list"
    );
    let next = from_id(followed, "followed-next");
    let next = &next[..next.find("</p>").unwrap()];
    assert!(next.contains("Następny mecz"), "{next}");
    assert!(next.contains("Stół 1"), "{next}");
    assert!(next.contains(&format!("href=\"/t/{t}/match/{m}\"")), "{next}");
    assert!(next.contains(&format!("Czerwonymi w 1. partii dowodzi: <strong>{a_name}</strong>")), "{next}");
    assert!(
        !followed[..followed.find("</section>").unwrap()].contains("id=\"followed-last\""),
        "no result yet"
    );

    // Both games played: the match is decided, the card shows it as the last result.
    let games = day.games(m).await;
    assert_eq!(day.result(&games[0], "red", "warsaw-entered", "21").await.status, 303);
    assert_eq!(day.result(&games[1], "red", "warsaw-entered", "21").await.status, 303);
    let card = visitor.get(&format!("/t/{t}?follow={b}")).await;
    let followed = from_id(&card.body, "followed");
    let followed = &followed[..followed.find("</section>").unwrap()];
    assert!(followed.contains("id=\"followed-last\""), "{followed}");
    assert!(from_id(followed, "followed-last").contains("Runda 1"), "{followed}");
    assert!(from_id(followed, "followed-next").contains("Jeszcze bez skojarzenia."), "{followed}");
    assert!(followed.contains(b_name));

    // Unknown or unreadable ids show no card and no error; the plain page is not the followed one.
    for q in ["follow=999999", "follow=abc", "follow=none"] {
        let page = visitor.get(&format!("/t/{t}?{q}")).await;
        assert_eq!(page.status, 200, "{q}");
        assert!(!page.body.contains("id=\"followed\""), "{q}");
    }
    let plain = visitor.get(&format!("/t/{t}")).await;
    assert!(!plain.body.contains("id=\"followed\""), "the followed card leaked into the cached page");
}

#[actix_rt::test]
async fn the_player_page_shows_the_current_round_first_with_its_table_then_the_earlier_rounds() {
    let app = TestApp::spawn().await;
    let day = Day::new(&app).swiss_only("2").named(&NAMES).referee().published().open().await;
    let t = day.t;
    for &m in &day.matches {
        let games = day.games(m).await;
        assert_eq!(day.result(&games[0], "red", "warsaw-entered", "21").await.status, 303);
        assert_eq!(day.result(&games[1], "red", "warsaw-entered", "21").await.status, 303);
    }
    assert_eq!(day.admin.post(&format!("/admin/t/{t}/round/1/lock"), &[("confirm", "1")]).await.status, 303);
    assert_eq!(day.admin.post(&format!("/admin/t/{t}/rounds"), &[]).await.status, 303);
    assert_eq!(day.admin.post(&format!("/admin/t/{t}/round/2/publish"), &[]).await.status, 303);
    let round2 = app.browser().get(&format!("/t/{t}/round/2")).await;
    let second_table = ids_after(&round2.body, &format!("/t/{t}/player/"))[2];
    let page = app.browser().get(&format!("/t/{t}/player/{second_table}")).await;
    let current = from_id(&page.body, "current-match");
    assert!(!current.is_empty(), "{}", page.body);
    let current = &current[..current.find("</section>").unwrap()];
    assert!(current.starts_with("id=\"current-match\">\n<h3>Runda 2"), "{current}");
    assert!(from_id(current, "current-table").contains("Stół 2"), "{current}");
    assert!(current.contains("Czerwonymi w 1. partii dowodzi"), "{current}");
    let earlier = page.body.find("Wcześniejsze rundy").expect("the earlier rounds' heading");
    assert!(page.body.find("id=\"current-match\"").unwrap() < earlier);
    assert!(page.body[earlier..].contains("<h3>Runda 1"), "round 1 comes after the current round");
}

#[actix_rt::test]
async fn long_pages_open_with_jump_links_to_their_sections() {
    let app = TestApp::spawn().await;
    let day = Day::new(&app).swiss_only("2").players(4).published().open().await;
    let t = day.t;
    let pages = [
        (app.browser().get(&format!("/t/{t}")).await.body, vec!["rounds", "players", "exports"]),
        (app.browser().get(&format!("/t/{t}/standings")).await.body, vec!["standings", "tiebreak-help"]),
        (
            day.admin.get(&format!("/admin/t/{t}")).await.body,
            vec!["rounds", "players", "register", "import", "forbidden", "referees", "decks", "config"],
        ),
    ];
    for (body, targets) in &pages {
        let jump = from_id(body, "jump");
        let jump = &jump[..jump.find("</nav>").expect("a jump nav")];
        for target in targets {
            assert!(jump.contains(&format!("href=\"#{target}\"")), "jump to #{target}: {jump}");
            assert!(body.contains(&format!("id=\"{target}\"")), "#{target} exists");
        }
    }
}
