//! Player numbers (issue 22, item 7): a player has one number on every page and export. In a
//! second tournament of the same database the players' ids are not 1, 2, 3, ...: the organiser's
//! list, the public list and the TRF all number them by their start numbers, the same ones.

use crate::helpers::*;
use crate::setup::{Day, OpenDay};
use std::collections::BTreeMap;

/// (number, name) of every row of a player table: `<td data-label="#">N</td>` then the name cell.
fn numbered_rows(body: &str) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    for row in crate::pages::select(body, "tr") {
        let Some(number) = row.first("td[data-label=#]") else { continue };
        let cell = row.one("td.main");
        // The name: the link's text, or the cell's first words before any note.
        let name = match cell.first("a") {
            Some(a) => a.text(),
            None => crate::pages::html::text(cell.inner.split('<').next().unwrap_or_default()),
        };
        out.insert(name, number.text());
    }
    out
}

/// (name, start number) of the TRF's player lines (`001`, start number in columns 5-8, the name
/// in 15-47: FIDE's TRF16 layout).
fn trf_numbers(trf: &str) -> BTreeMap<String, String> {
    trf.lines()
        .filter(|l| l.starts_with("001"))
        .map(|l| (l[14..47].trim().to_string(), l[4..8].trim().to_string()))
        .collect()
}

#[actix_rt::test]
async fn a_player_has_the_same_number_on_the_organiser_page_the_public_page_and_the_trf() {
    let app = TestApp::spawn().await;
    Day::new(&app).named(&["Anna Pierwsza", "Bogdan Pierwszy", "Celina Pierwsza"]).open().await;
    let names = ["Dorota Druga", "Edward Drugi", "Felicja Druga", "Grzegorz Drugi"];
    let OpenDay { t, admin, players: ids, .. } =
        Day::new(&app).config(&[("name", "Druga liga")]).named(&names).open().await;
    assert!(ids.iter().all(|&id| id > 3), "the second tournament's ids follow the first's: {ids:?}");
    let organiser = numbered_rows(&admin.get(&format!("/admin/t/{t}")).await.body);
    let public = numbered_rows(&app.browser().get(&format!("/t/{t}")).await.body);
    let trf = trf_numbers(&app.browser().get(&format!("/t/{t}/export/trf")).await.body);
    // Registered in this order: start numbers 1 to 4.
    let expected: BTreeMap<String, String> =
        names.iter().enumerate().map(|(i, n)| ((*n).to_string(), (i + 1).to_string())).collect();
    assert_eq!(organiser, expected, "the organiser's list");
    assert_eq!(public, expected, "the public list");
    assert_eq!(trf, expected, "the TRF");
}
