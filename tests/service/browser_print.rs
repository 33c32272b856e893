//! On paper, in real Chromium: a round's table cards printed to an A4 PDF (the print stylesheet
//! applies, as when an organiser prints from the browser), read back with poppler's `pdftotext`
//! page by page. Two cards to a page, each whole: its table number, its match page's address
//! (the QR code's caption) and its signature row on the page of its card; a Swiss round and a
//! knockout round (whose card holds the knowledge test and the extra game too), long names.

use crate::browser::{Driver, browser_binaries, find_in_path, pdf_pages, screenshot_dir};
use crate::helpers::*;
use crate::setup::{Day, OpenDay};
use std::path::Path;
use std::process::Command;

/// The longest names the league has seen, so a card is at its tallest.
const NAMES: [&str; 8] = [
    "Maksymilian Wojciechowski-Grabowski",
    "Aleksandra Konstantynowicz-Szczepańska",
    "Bartłomiej Przybyszewski",
    "Zuzanna Szczepańska-Kowalczyk",
    "Krzysztof Jabłoński-Wiśniewski",
    "Weronika Dąbrowska-Zielińska",
    "Oliwia Krawczyk",
    "Jan Kowalski",
];

/// (table, Red in game 1, the other player, the match id) of each card on a cards page, in order.
fn cards_of(body: &str) -> Vec<(i64, String, String, i64)> {
    crate::pages::cards(body).into_iter().map(|c| (c.table, c.red, c.other, c.id)).collect()
}

/// One page of a PDF as text, every space, line break and hyphen taken out (a long name may wrap,
/// and `pdftotext` joins a word hyphenated at a line's end).
fn page_text(pdf: &Path, page: usize) -> String {
    let out = Command::new("pdftotext")
        .args(["-f", &page.to_string(), "-l", &page.to_string(), "-enc", "UTF-8"])
        .arg(pdf)
        .arg("-")
        .output()
        .expect("pdftotext runs");
    assert!(out.status.success(), "pdftotext: {}", String::from_utf8_lossy(&out.stderr));
    squeeze(&String::from_utf8(out.stdout).unwrap())
}

fn squeeze(text: &str) -> String {
    text.split_whitespace().collect::<String>().replace('-', "")
}

/// Print `path` to A4 and check every card is whole on its page: two to a page in order.
async fn print_and_read(driver: &Driver, base: &str, path: &str, body: &str, file: &str, t: i64) {
    let cards = cards_of(body);
    assert!(!cards.is_empty(), "cards on {path}:\n{body}");
    driver.go(&format!("{base}{path}")).await;
    driver.source_having(".card-signatures", "the cards shown").await;
    let out = screenshot_dir().join(file);
    std::fs::create_dir_all(out.parent().unwrap()).unwrap();
    let pdf = driver.print_a4().await;
    std::fs::write(&out, &pdf).unwrap();
    assert_eq!(pdf_pages(&pdf), cards.len().div_ceil(2), "{} cards, two to an A4 page ({file})", cards.len());
    for (i, (table, a, b, m)) in cards.iter().enumerate() {
        let page = i / 2 + 1;
        let text = page_text(&out, page);
        assert!(text.contains(&format!("Stół{table}")), "table {table}'s number on page {page}:\n{text}");
        assert!(
            text.contains(&squeeze(a)) && text.contains(&squeeze(b)),
            "both players on page {page}:\n{text}"
        );
        // The QR code's caption: the match page's address, whole.
        assert!(
            text.contains(&squeeze(&format!("/t/{t}/match/{m}"))),
            "table {table}'s address on page {page}:\n{text}"
        );
        // The signature row, the card's last: the referee, then both players, each named.
        let row = format!("Sędzia:{}:{}:", squeeze(a), squeeze(b));
        assert!(text.contains(&row), "table {table}'s signature row {row:?} on page {page}:\n{text}");
    }
    let last = page_text(&out, cards.len().div_ceil(2));
    assert_eq!(
        last.matches("Sędzia:").count(),
        if cards.len().is_multiple_of(2) { 2 } else { 1 },
        "the last page holds the last cards' signature rows:\n{last}"
    );
}

#[actix_rt::test]
async fn table_cards_print_two_to_an_a4_page_each_whole_with_its_table_and_signature_row() {
    let Some((chromium, chromedriver)) = browser_binaries() else { return };
    if find_in_path("pdftotext").is_none() {
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "CI=true but pdftotext is missing: install the Debian package poppler-utils"
        );
        eprintln!("\n*** SKIPPED print test: pdftotext not installed (apt-get install poppler-utils) ***\n");
        return;
    }
    // Arrange: 8 players with long names, one Swiss round (4 tables), then the semi-finals.
    let app = TestApp::spawn().await;
    let OpenDay { t, admin, .. } = Day::new(&app)
        .config(&[("swiss_rounds", "1"), ("knockout_size", "4"), ("third_place", "1")])
        .named(&NAMES)
        .open()
        .await;
    admin.post(&format!("/admin/t/{t}/rounds"), &[]).await;
    admin.post(&format!("/admin/t/{t}/round/1/publish"), &[]).await;
    let swiss = app.browser().get(&format!("/t/{t}/round/1/cards")).await;
    play_round_red_first_wins(&admin, t, 1).await;
    admin.post(&format!("/admin/t/{t}/round/1/lock"), &[("confirm", "1")]).await;
    assert_eq!(admin.post(&format!("/admin/t/{t}/knockout"), &[]).await.status, 303);
    admin.post(&format!("/admin/t/{t}/round/2/publish"), &[]).await;
    let semis = app.browser().get(&format!("/t/{t}/round/2/cards")).await;
    assert!(crate::pages::has(&semis, "article.table-card section.card-knockout-extra"), "{}", semis.body);

    // Act and assert: printed as an organiser would print them.
    let driver = Driver::start(&chromium, &chromedriver).await;
    // Off the browser's start page first: DevTools commands follow the tab once it shows the site.
    driver.go(&format!("{}/", app.base)).await;
    driver.viewport(1280, 900, false).await;
    print_and_read(
        &driver,
        &app.base,
        &format!("/t/{t}/round/1/cards"),
        &swiss.body,
        "cards-swiss-a4.pdf",
        t,
    )
    .await;
    print_and_read(
        &driver,
        &app.base,
        &format!("/t/{t}/round/2/cards"),
        &semis.body,
        "cards-knockout-a4.pdf",
        t,
    )
    .await;
    // The pairings by name print as a list under the title, without the site's header.
    driver.go(&format!("{}/t/{t}/round/2/names", app.base)).await;
    let pdf = driver.print_a4().await;
    let out = screenshot_dir().join("pairings-by-name-a4.pdf");
    std::fs::write(&out, &pdf).unwrap();
    let text = page_text(&out, 1);
    assert!(!text.contains("Zaloguj"), "no site header on paper:\n{text}");
    assert!(text.contains("Kojarzeniawedługnazwisk"), "the title:\n{text}");
    driver.end().await;
}
