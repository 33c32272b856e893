//! Touch targets on a 390-px phone, in real Chromium: every link, button and form field of the
//! public pages, the referee's pages and the recorder is measured, and one smaller than 44 x 44 CSS px
//! fails.
//!
//! WCAG 2.2, Success Criterion 2.5.5 Target Size (Enhanced), level AAA: "The size of the target for
//! pointer inputs is at least 44 by 44 CSS pixels except when: Equivalent: The target is available
//! through an equivalent link or control on the same page that is at least 44 by 44 CSS pixels;
//! Inline: The target is in a sentence or block of text; User Agent Control: The size of the target
//! is determined by the user agent and is not modified by the author; Essential: A particular
//! presentation of the target is essential to the information being conveyed."
//!
//! The test takes the "Inline" exception only for a link inside running text (a `p` whose own
//! text, links aside, is longer than the link: a sentence), and no other: a link alone in a table
//! cell, a list item or a navigation bar is a target and is measured. The board's labels are
//! measured too: at least 12 px (the units' codes, the markers' counts and the spaces' coordinates;
//! on a phone the landmarks' names move to a line under the board, see `static/table.css`).

use crate::browser::{Driver, a_day_to_look_at, browser_binaries, screenshot_dir};
use crate::helpers::*;
use serde_json::Value;

/// Every target on the page smaller than 44 x 44 (`tag text: w x h`), sentences' links aside.
pub(crate) const SMALL_TARGETS: &str = r#"
const out = [];
for (const e of document.querySelectorAll('a[href], button, input:not([type=hidden]), select, textarea, summary')) {
  // A checkbox or radio button inside its label is toggled by a tap anywhere on the label: the
  // label is the target (a text field is measured itself).
  const box = (e.type === 'checkbox' || e.type === 'radio') && e.closest('label') ? e.closest('label') : e;
  const r = box.getBoundingClientRect();
  if (r.width === 0 && r.height === 0) continue; // not shown
  if (getComputedStyle(e).visibility === 'hidden') continue;
  const p = e.closest('p, dd');
  if (e.tagName === 'A' && p) {
    let own = 0;
    for (const n of p.childNodes) if (n.nodeType === 3) own += n.textContent.trim().length;
    if (own > e.textContent.trim().length) continue; // a link in a sentence (WCAG's "Inline")
  }
  if (r.width < 44 || r.height < 44) {
    out.push(e.tagName.toLowerCase() + (e.type ? '[' + e.type + ']' : '') + ' "' + (e.textContent || e.name || '').trim().slice(0, 30) + '": ' + Math.round(r.width) + ' x ' + Math.round(r.height));
  }
}
return out;
"#;

/// The board's labels (the units' codes, the markers' counts, the spaces' coordinates) as
/// rendered: [how many, those smaller than 12 px (`text: size`)]. The rendered size is the label's
/// font size times the drawing's scale on the screen. Names shown in the drawing are measured too,
/// so a name left on a phone's board would have to be readable.
const BOARD_LABELS: &str = r#"
const out = [];
const labels = document.querySelectorAll('svg.board text:is(.uc, .mkn, .lb, .nm)');
let shown = 0;
for (const e of labels) {
  if (e.getBoundingClientRect().width === 0) continue;
  shown += 1;
  const size = parseFloat(getComputedStyle(e).fontSize) * (e.getScreenCTM() ? e.getScreenCTM().a : 1);
  if (size < 12) out.push(e.textContent.trim().slice(0, 20) + ': ' + size.toFixed(1) + ' px');
}
return [shown, out];
"#;

#[actix_rt::test]
async fn every_target_on_the_public_and_referee_pages_is_at_least_44_px_on_a_phone() {
    let Some((chromium, chromedriver)) = browser_binaries() else { return };
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    let (t, m, _, p, _) = a_day_to_look_at(&admin).await;
    // The referee's forms: a match of round 2, in play (result forms, the deck check's checkboxes),
    // its second game with a move log (the board on the game page).
    let in_play =
        ids_after(&admin.get(&format!("/t/{t}/round/2")).await.body, &format!("/ref/t/{t}/match/"))[0];
    let forms = game_forms(&admin.get(&format!("/ref/t/{t}/match/{in_play}")).await.body, t);
    let log =
        bitwa::engine::random_game(9, bitwa::engine::Edition::builtin(), &Default::default()).to_string();
    let saved = admin
        .post(&format!("/ref/t/{t}/game/{}", forms[1].0), &[("version", &forms[1].1), ("log", &log)])
        .await;
    assert_eq!(saved.status, 303, "{}", saved.body);
    let g = forms[1].0;
    let public = [
        "/".to_string(),
        format!("/t/{t}"),
        format!("/t/{t}/round/1"),
        format!("/t/{t}/round/1/names"),
        format!("/t/{t}/round/1/cards"),
        format!("/t/{t}/standings"),
        format!("/t/{t}/bracket"),
        format!("/t/{t}/player/{p}"),
        format!("/t/{t}/match/{m}"),
        format!("/t/{t}/game/{g}"),
        format!("/t/{t}/live"),
    ];
    // The referee's forms: a match of round 2, in play (result forms, the deck check's checkboxes).
    let in_play =
        ids_after(&admin.get(&format!("/t/{t}/round/2")).await.body, &format!("/ref/t/{t}/match/"))[0];
    let referee = [
        "/me".to_string(),
        format!("/ref/t/{t}"),
        format!("/ref/t/{t}/match/{m}"),
        format!("/ref/t/{t}/match/{in_play}"),
    ];
    let driver = Driver::start(&chromium, &chromedriver).await;
    driver.go(&format!("{}/", app.base)).await;
    driver.viewport(390, 844, true).await;
    let mut small = Vec::new();
    let check = async |path: &str, small: &mut Vec<String>| {
        driver.go(&format!("{}{path}", app.base)).await;
        if let Value::Array(found) = driver.script(SMALL_TARGETS).await {
            small.extend(found.iter().map(|f| format!("{path}: {}", f.as_str().unwrap_or_default())));
        }
        let labels = driver.script(BOARD_LABELS).await;
        if let Some(found) = labels[1].as_array() {
            small.extend(
                found.iter().map(|f| format!("{path}: board label {}", f.as_str().unwrap_or_default())),
            );
        }
        labels[0].as_u64().unwrap_or(0)
    };
    for path in &public {
        let labels = check(path, &mut small).await;
        if path.contains("/game/") {
            // The coordinates of every space (63 on the built-in board) and the units' codes.
            assert!(labels >= 63, "the game page's board labels were measured ({labels})");
            let places = driver
                .script(
                    "const p = document.querySelector('.board-places'); \
                     return p && p.getBoundingClientRect().height > 0 ? p.textContent : null;",
                )
                .await;
            let places = places.as_str().unwrap_or_default();
            assert!(
                places.contains("Warszawa (") && places.contains("Radzymin (") && places.contains("Modlin ("),
                "the landmarks are named under a phone's board: {places:?}"
            );
        }
    }
    driver.go(&format!("{}/t/{t}/game/{g}", app.base)).await;
    driver.whole_page_png(&screenshot_dir().join("targets-game-390.png")).await;
    // The board's legend (issue 22, item 9): shown, read at 12 px or more, saying what fills mean.
    let legend = driver
        .script(
            "const l = document.querySelector('.board-legend'); if (!l) return null;              const r = l.getBoundingClientRect();              return [r.height, parseFloat(getComputedStyle(l).fontSize), l.textContent,                      l.querySelectorAll('svg circle').length, l.querySelectorAll('svg rect').length];",
        )
        .await;
    assert!(legend[0].as_f64().is_some_and(|h| h > 0.0), "the board's legend is shown: {legend}");
    assert!(legend[1].as_f64().is_some_and(|s| s >= 12.0), "the legend at 12 px or more: {legend}");
    let text = legend[2].as_str().unwrap_or_default();
    assert!(
        text.contains("kolor karty") && text.contains("Armia Czerwona") && text.contains("Wojsko Polskie"),
        "{legend}"
    );
    assert_eq!(
        (legend[3].as_u64(), legend[4].as_u64()),
        (Some(1), Some(1)),
        "a circle and a square: {legend}"
    );
    driver.script("document.querySelector('.board-legend').scrollIntoView({block: 'end'}); return 0;").await;
    let shot = driver.cdp("Page.captureScreenshot", serde_json::json!({"format": "png"})).await;
    let png = crate::browser::base64_decode(shot["data"].as_str().unwrap_or_default());
    std::fs::write(screenshot_dir().join("board-legend-390.png"), png).unwrap();
    driver.go(&format!("{}/login", app.base)).await;
    driver.type_into("input[name=username]", "sedzia").await;
    driver.type_into("input[name=password]", "sedzia-haslo").await;
    driver.click("form.stack button[type=submit]").await;
    driver.assert_logged_in("sedzia").await;
    for path in &referee {
        check(path, &mut small).await;
    }
    // The recorder (the digital table) on a game not played yet: its first choices, the board's
    // links, the bottom bar.
    let record = format!("/ref/t/{t}/game/{}/record", forms[0].0);
    check(&record, &mut small).await;
    driver.click("#record-start").await;
    driver.source_having("#recorder", "recording").await;
    if let Value::Array(found) = driver.script(SMALL_TARGETS).await {
        small.extend(found.iter().map(|f| format!("{record} (started): {}", f.as_str().unwrap_or_default())));
    }
    driver.whole_page_png(&screenshot_dir().join("targets-recorder-390.png")).await;
    driver.go(&format!("{}/ref/t/{t}/match/{in_play}", app.base)).await;
    driver.whole_page_png(&screenshot_dir().join("targets-referee-match-390.png")).await;
    driver.end().await;
    assert!(
        small.is_empty(),
        "{} targets below 44 x 44 CSS px at 390 px (WCAG 2.5.5):\n{}",
        small.len(),
        small.join("\n")
    );
}
