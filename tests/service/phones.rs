//! A parent on a phone (issue 22, item 8): the tournament page finds a player by name (a GET form,
//! no script; case and Polish diacritics ignored), follows a player with a card at the top (next
//! match, table, who commands Red in game 1, last result) through a plain `?follow=` address, and
//! the player page shows the current round first with its table. Long pages open with jump links.

use crate::helpers::*;
use crate::pages::{PlayerPage, Round, Tournament, has, one, select, text_of};
use crate::setup::Day;

const NAMES: [&str; 4] = ["Łukasz Żółkiewski", "Anna Nowak", "Ścibor Kąkol", "Zofia Lis"];

#[actix_rt::test]
async fn the_player_search_ignores_case_and_polish_diacritics_and_links_the_player_pages() {
    let app = TestApp::spawn().await;
    let day = Day::new(&app).swiss_only("2").named(&NAMES).open().await;
    let (t, lukasz) = (day.t, day.players[0]);
    let visitor = app.browser();
    let front = visitor.get(&format!("/t/{t}")).await;
    assert!(has(&front, "form#player-search"), "the search form is on the page");
    assert_eq!(Tournament::read(&front).found, None, "no results before a search");
    for typed in ["lukasz", "ŁUKASZ", "  zolk ", "Łukasz Żółkiewski"] {
        let q = serde_urlencoded::to_string([("q", typed)]).unwrap();
        let page = visitor.get(&format!("/t/{t}?{q}")).await;
        assert_eq!(page.status, 200);
        assert_eq!(Tournament::read(&page).found, Some(vec![lukasz]), "{typed:?} finds only Łukasz");
        let link = one(&page.body, "#search-results li a");
        assert_eq!(link.get("href"), format!("/t/{t}/player/{lukasz}"), "linked to the player page");
    }
    let kak = visitor.get(&format!("/t/{t}?q=kakol")).await;
    assert_eq!(Tournament::read(&kak).found, Some(vec![day.players[2]]));
    let nobody = visitor.get(&format!("/t/{t}?q=kowalski")).await;
    assert_eq!(Tournament::read(&nobody).found, Some(vec![]));
    assert_eq!(text_of(&nobody, "#search-none"), "Brak gracza o takim imieniu lub nazwisku.");
    // A search is never cached as the front page: the plain page after it has no results.
    let again = visitor.get(&format!("/t/{t}")).await;
    assert_eq!(Tournament::read(&again).found, None, "the search leaked into the cached page");
}

#[actix_rt::test]
async fn a_followed_player_has_a_card_above_the_rounds_with_the_table_red_first_and_the_last_result() {
    let app = TestApp::spawn().await;
    let day = Day::new(&app).swiss_only("2").named(&NAMES).referee().published().open().await;
    let t = day.t;
    let visitor = app.browser();
    // Whoever is at table 1 in round 1: A commands Red in game 1.
    let round = Round::read(&visitor.get(&format!("/t/{t}/round/1")).await);
    let m = day.matches[0];
    let line = round.line(m);
    let (a, b) = (line.red, line.other.unwrap());
    let a_name = NAMES[day.players.iter().position(|&p| p == a).unwrap()];
    let b_name = NAMES[day.players.iter().position(|&p| p == b).unwrap()];
    // The player page links the card with a plain address (no script needed).
    let player = visitor.get(&format!("/t/{t}/player/{b}")).await;
    assert_eq!(one(&player.body, "#follow-link").get("href"), format!("/t/{t}?follow={b}"));

    let card = visitor.get(&format!("/t/{t}?follow={b}")).await;
    assert_eq!(card.status, 200);
    let followed = Tournament::read(&card).followed.expect("the card is there");
    let ids: Vec<String> = select(&card.body, "[id]").iter().map(|e| e.get("id").to_string()).collect();
    let at = |id: &str| ids.iter().position(|i| i == id).unwrap();
    assert!(at("followed") < at("rounds"), "the card sits above the round list");
    assert_eq!(followed.player, b);
    // The next match: its round, table 1, its page, and who commands Red in game 1, in words.
    assert_eq!(followed.next, Some((m, 1, 1, a)), "{followed:?}");
    assert!(
        followed.next_text.starts_with("Następny mecz: Runda 1 · Stół 1 ·")
            && followed.next_text.ends_with(&format!("Czerwonymi w 1. partii dowodzi: {a_name}")),
        "{followed:?}"
    );
    assert_eq!(followed.last, None, "no result yet");

    // Both games played: the match is decided, the card shows it as the last result.
    let games = day.games(m).await;
    assert_eq!(day.result(&games[0], "red", "warsaw-entered", "21").await.status, 303);
    assert_eq!(day.result(&games[1], "red", "warsaw-entered", "21").await.status, 303);
    let card = visitor.get(&format!("/t/{t}?follow={b}")).await;
    let followed = Tournament::read(&card).followed.expect("the card");
    assert_eq!(followed.last, Some((m, 1)), "the decided match as the last result: {followed:?}");
    assert_eq!(followed.next, None, "{followed:?}");
    assert!(followed.next_text.ends_with("Jeszcze bez skojarzenia."), "{followed:?}");
    assert!(followed.text.contains(b_name), "{followed:?}");

    // Unknown or unreadable ids show no card and no error; the plain page is not the followed one.
    for q in ["follow=999999", "follow=abc", "follow=none"] {
        let page = visitor.get(&format!("/t/{t}?{q}")).await;
        assert_eq!(page.status, 200, "{q}");
        assert!(Tournament::read(&page).followed.is_none(), "{q}");
    }
    let plain = visitor.get(&format!("/t/{t}")).await;
    assert!(Tournament::read(&plain).followed.is_none(), "the followed card leaked into the cached page");
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
    let round2 = Round::read(&app.browser().get(&format!("/t/{t}/round/2")).await);
    let second_table = round2.lines[1].red;
    let page = app.browser().get(&format!("/t/{t}/player/{second_table}")).await;
    let player = PlayerPage::read(&page);
    assert_eq!(player.current, Some((2, round2.lines[1].id, 2)), "round 2 first, at table 2: {player:?}");
    assert!(text_of(&page, "#current-table").starts_with("Stół 2 · Czerwonymi w 1. partii dowodzi: "));
    let rounds: Vec<i64> = player.rounds.iter().map(|r| r.0).collect();
    assert_eq!(rounds, [2, 1], "round 1 comes after the current round");
    assert_eq!(crate::pages::texts(&page, "h2"), ["Bieżąca runda", "Wcześniejsze rundy"]);
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
        let jumps: Vec<String> =
            select(body, "nav#jump a").iter().map(|a| a.get("href").to_string()).collect();
        for target in targets {
            assert!(jumps.iter().any(|j| *j == format!("#{target}")), "jump to #{target}: {jumps:?}");
            assert!(has(body, &format!("#{target}")), "#{target} exists");
        }
    }
}
