//! What a round looks like on paper, over HTTP: each table card's QR code holds its match page's
//! address (the configured public address, else the one the visitor came to, never another
//! visitor's), and the pairings by name list every player in Polish alphabetical order of surname
//! with the table and side of the pairings page. The printed PDF itself: `browser_print.rs`.

use crate::helpers::*;
use crate::pages::{Round, has};
use crate::setup::{Day, OpenDay};
use qrcode::{EcLevel, QrCode};

/// (match id, the address under its QR code, the QR code's path) of each card, in order.
fn qr_of_cards(body: &str) -> Vec<(i64, String, String)> {
    crate::pages::cards(body)
        .into_iter()
        .map(|c| (c.id, c.qr_url.expect("a QR code on every card"), c.qr_path.expect("its path")))
        .collect()
}

/// The dark modules of `text`'s QR code (medium error correction) as `(x, y)`, counting the
/// 4-module quiet zone, the way an SVG path of 1-module rectangles covers them.
fn modules_of(text: &str) -> Vec<(u32, u32)> {
    let code = QrCode::with_error_correction_level(text.as_bytes(), EcLevel::M).unwrap();
    let w = code.width();
    let colors = code.to_colors();
    let mut dark = Vec::new();
    for y in 0..w {
        for x in 0..w {
            if colors[y * w + x] == qrcode::Color::Dark {
                dark.push((x as u32 + 4, y as u32 + 4));
            }
        }
    }
    dark
}

/// The modules an SVG path of `M{x} {y}h{w}v{h}H{x}V{y}` rectangles covers.
fn modules_of_path(d: &str) -> Vec<(u32, u32)> {
    let mut out = Vec::new();
    for rect in d.split('M').filter(|r| !r.is_empty()) {
        let nums: Vec<u32> = rect
            .split(|c: char| c == ' ' || c.is_ascii_alphabetic())
            .filter(|s| !s.is_empty())
            .map(|s| s.parse().unwrap())
            .collect();
        let (x, y, w, h) = (nums[0], nums[1], nums[2], nums[3]);
        for yy in y..y + h {
            for xx in x..x + w {
                out.push((xx, yy));
            }
        }
    }
    out.sort_by_key(|&(x, y)| (y, x));
    out
}

#[actix_rt::test]
async fn each_table_card_carries_the_qr_code_of_its_match_page_at_the_public_address() {
    let app = TestApp::spawn_settings(|s| s.public_url = Some("http://liga.example/".into())).await;
    let OpenDay { t, matches, .. } = Day::new(&app).players(5).published().open().await;
    let cards = app.browser().get(&format!("/t/{t}/round/1/cards")).await;
    let qr = qr_of_cards(&cards.body);
    // Five players: two tables and a bye, which needs no card.
    assert_eq!(qr.iter().map(|c| c.0).collect::<Vec<_>>(), matches[..2], "{}", cards.body);
    for (m, url, path) in &qr {
        assert_eq!(url, &format!("http://liga.example/t/{t}/match/{m}"));
        let card = crate::pages::cards(&cards).into_iter().find(|c| c.id == *m).unwrap();
        let caption = crate::pages::text_of(&cards, &format!("article#card-{m} a.card-qr small"));
        assert_eq!(&caption, url, "the address written under the code: {card:?}");
        assert_eq!(modules_of_path(path), modules_of(url), "the code of {url}");
        // The address leads to the match.
        app.browser().get(&format!("/t/{t}/match/{m}")).await.assert_ok();
    }
}

#[actix_rt::test]
async fn without_a_public_address_a_card_holds_the_address_its_visitor_came_to() {
    let app = TestApp::spawn().await;
    let OpenDay { t, matches, .. } = Day::new(&app).players(2).published().open().await;
    let path = format!("/t/{t}/round/1/cards");
    let here = app.browser().get(&path).await;
    assert_eq!(qr_of_cards(&here.body)[0].1, format!("{}/t/{t}/match/{}", app.base, matches[0]));
    // Another visitor at the venue's address gets that address, not the first visitor's page.
    let venue = app.browser().get_with(&path, &[("Host", "bitwa.lan:8080")]).await;
    let (_, url, path_d) = &qr_of_cards(&venue.body)[0];
    assert_eq!(url, &format!("http://bitwa.lan:8080/t/{t}/match/{}", matches[0]));
    assert_eq!(modules_of_path(path_d), modules_of(url));
}

#[actix_rt::test]
async fn the_pairings_by_name_list_every_player_by_surname_with_table_and_side() {
    let app = TestApp::spawn().await;
    let names = ["Żaneta Adamska", "Łukasz Zieliński", "Anna Łęcka", "Bartosz Lis", "Celina Ćwik"];
    let OpenDay { t, players, .. } = Day::new(&app).named(&names).published().open().await;
    let id = |name: &str| players[names.iter().position(|n| *n == name).unwrap()];
    // The pairings by table: each row's table and its two players (Red in game 1 first).
    let round = app.browser().get(&format!("/t/{t}/round/1")).await;
    let mut seats = std::collections::BTreeMap::new();
    for line in Round::read(&round).lines {
        let table = (!line.is_bye()).then_some(line.table);
        seats.insert(line.red, (table, "red", line.other));
        if let Some(b) = line.other {
            seats.insert(b, (table, "polish", Some(line.red)));
        }
    }
    assert_eq!(seats.len(), 5, "{}", round.body);

    let page = app.browser().get(&format!("/t/{t}/round/1/names")).await;
    assert!(crate::pages::text_of(&page, "h1").ends_with("Kojarzenia według nazwisk"));
    assert!(has(&round, &format!("a[href=/t/{t}/round/1/names]")), "linked from the pairings by table");
    let rows = crate::pages::names(&page);
    let order: Vec<i64> = rows.iter().map(|r| r.player).collect();
    // Polish alphabetical order of surnames: Adamska, Ćwik, Lis, Łęcka, Zieliński.
    let expected: Vec<i64> =
        ["Żaneta Adamska", "Celina Ćwik", "Bartosz Lis", "Anna Łęcka", "Łukasz Zieliński"].map(id).to_vec();
    assert_eq!(order, expected, "{}", page.body);
    for row in &rows {
        let (table, side, opponent) = &seats[&row.player];
        assert_eq!((row.table, row.opponent), (*table, *opponent), "{row:?}");
        match opponent {
            Some(_) => {
                assert_eq!(row.side.as_deref(), Some(*side), "{row:?}");
                let word = if *side == "red" { "Armia Czerwona" } else { "Wojsko Polskie" };
                assert_eq!(row.side_shown, word, "the side in words: {row:?}");
            }
            None => assert_eq!(row.side, None, "the bye: {row:?}"),
        }
    }
}
