//! Refused forms and drafts in real Chromium (issue 22, items 4 and 5).
//!
//! A refused form comes back with a summary at its top that is in view and has the focus on
//! arrival (the page's own `autofocus`, no script needed), each problem a link to its field, and
//! no HTTP status code anywhere in the text: a broken move log on the referee's page on a 390-px
//! phone, and an import with three wrong rows on the organiser's page (phone and desktop).
//!
//! A draft comes back only for a form whose sending got no answer (the session had ended), only
//! into empty fields, never mixed with new typing, and goes with one tap.

use crate::browser::{Driver, browser_binaries, screenshot_dir};
use crate::helpers::*;
use serde_json::{Value, json};

/// [the focused element's id, its top, its bottom, the window's height, the summary's links as
/// `href -> the linked element's tag and name`, the page's text].
const SUMMARY: &str = r##"
const s = document.querySelector('.refused-summary');
const a = document.activeElement;
const r = s ? s.getBoundingClientRect() : {top: -1, bottom: -1};
const links = s ? Array.from(s.querySelectorAll('a[href^="#"]')).map(l => {
  const target = document.getElementById(l.getAttribute('href').slice(1));
  return l.getAttribute('href') + ' -> ' + (target ? target.tagName.toLowerCase() + ' ' + target.name : 'nothing');
}) : [];
return [a ? a.id : '', r.top, r.bottom, window.innerHeight, links, document.body.innerText];
"##;

/// The element `#id`'s [top, bottom] against the window's height.
fn in_view(v: &Value) -> bool {
    let (top, bottom, height) = (v[1].as_f64().unwrap(), v[2].as_f64().unwrap(), v[3].as_f64().unwrap());
    top >= 0.0 && bottom <= height && bottom > top
}

/// No HTTP status code in the text a person reads (the codes a refusal is answered with).
fn assert_no_status_code(page: &str, text: &str) {
    for code in ["400", "403", "404", "409", "413", "422", "429", "500", "503"] {
        assert!(!text.contains(code), "{page}: the text says {code}:\n{text}");
    }
}

/// What the screen shows (the viewport, where the page is scrolled to), as a PNG file.
async fn screen_png(driver: &Driver, name: &str) {
    let shot = driver.cdp("Page.captureScreenshot", json!({"format": "png"})).await;
    let png = crate::browser::base64_decode(shot["data"].as_str().expect("screenshot data"));
    std::fs::create_dir_all(screenshot_dir()).unwrap();
    std::fs::write(screenshot_dir().join(name), png).unwrap();
}

async fn log_in(driver: &Driver, base: &str, user: &str, password: &str) {
    driver.go(&format!("{base}/login")).await;
    driver.type_into("input[name=username]", user).await;
    driver.type_into("input[name=password]", password).await;
    driver.click("form.stack button[type=submit]").await;
    driver.assert_logged_in(user).await;
}

#[actix_rt::test]
async fn a_refused_log_and_a_refused_import_come_back_with_a_focused_summary_linking_each_field() {
    let Some((chromium, chromedriver)) = browser_binaries() else { return };
    let app = TestApp::spawn().await;
    let (t, _admin, _referee, matches) = published_round(&app, &[]).await;
    let driver = Driver::start(&chromium, &chromedriver).await;
    driver.go(&format!("{}/", app.base)).await;
    driver.viewport(390, 844, true).await;

    // The referee's phone: game 2's log breaks on its third line (Red moves out of turn).
    log_in(&driver, &app.base, "sedzia", "sedzia-haslo").await;
    driver.go(&format!("{}/ref/t/{t}/match/{}", app.base, matches[0])).await;
    let broken = "red draw R01 R02 R03 R04 R05 R06 R07 R08 R09 R10\npolish draw P01 P02\nred pass\n";
    driver.type_into("#game-2 textarea[name=log]", broken).await;
    driver.click("#game-2 button[type=submit]").await;
    driver.source_with("refused-summary").await;
    let v = driver.script(SUMMARY).await;
    screen_png(&driver, "refused-log-390.png").await;
    assert_eq!(v[0], json!("game-2-refused"), "the summary has the focus: {v}");
    assert!(in_view(&v), "the summary is on the screen at 390 px: {v}");
    assert!(
        v[4].as_array().unwrap().iter().any(|l| l == "#game-2-move_log -> textarea log"),
        "a link to the log's field: {v}"
    );
    assert!(v[5].as_str().unwrap().contains("wiersz 3"), "the summary names the log's line: {v}");
    assert_no_status_code("a refused log", v[5].as_str().unwrap());
    // The link leads to the field: it is on the screen after the tap.
    driver.click("#game-2-refused a[href='#game-2-move_log']").await;
    let field = driver
        .script(
            "const r = document.getElementById('game-2-move_log').getBoundingClientRect(); \
             return [null, r.top, Math.min(r.bottom, r.top + 40), window.innerHeight];",
        )
        .await;
    assert!(in_view(&field), "the log's field is on the screen after the link: {field}");

    // The organiser's page: an import with three wrong rows, on the phone and on the desktop.
    log_in(&driver, &app.base, "admin", &app.admin_password).await;
    let csv = "name;birth date;club\nAnna Nowak;14.03.2008;LO 1\nBez Daty;;LO 2\nZła Data;31.02.2008;LO 3\n\
               Ewa Kowalska;2009-01-01;LO 4\n;2008-05-05;LO 5\n";
    for (width, height, mobile) in [(390, 844, true), (1280, 800, false)] {
        driver.viewport(width, height, mobile).await;
        driver.go(&format!("{}/admin/t/{t}", app.base)).await;
        driver.type_into("#import-form textarea[name=csv]", csv).await;
        driver.click("#import-form button[type=submit]").await;
        driver.source_with("import-form-refused").await;
        let v = driver.script(SUMMARY).await;
        screen_png(&driver, &format!("refused-import-{width}.png")).await;
        assert_eq!(v[0], json!("import-form-refused"), "the summary has the focus at {width} px: {v}");
        assert!(in_view(&v), "the summary is on the screen at {width} px: {v}");
        let links = v[4].as_array().unwrap();
        assert_eq!(links.len(), 3, "one line a wrong row: {v}");
        assert!(links.iter().all(|l| l == "#import-form-csv -> textarea csv"), "each to the rows: {v}");
        assert_no_status_code("a refused import", v[5].as_str().unwrap());
    }
    let players = app.browser().get(&format!("/t/{t}")).await.body;
    assert!(!players.contains("Ewa Kowalska"), "nothing stored");
    driver.end().await;
}

#[actix_rt::test]
async fn a_draft_comes_back_only_after_a_sending_that_got_no_answer_and_only_into_empty_fields() {
    let Some((chromium, chromedriver)) = browser_binaries() else { return };
    let app = TestApp::spawn().await;
    let (t, _admin, _referee, matches) = published_round(&app, &[]).await;
    let page = format!("{}/ref/t/{t}/match/{}", app.base, matches[0]);
    let driver = Driver::start(&chromium, &chromedriver).await;
    log_in(&driver, &app.base, "sedzia", "sedzia-haslo").await;
    let notes = "return document.querySelectorAll('.draft-note').length;";
    let game_1 = "var f = document.querySelector('#game-1'); \
                  return [f.winner.value, f.termination.value, f.red_points.value, f.red_clock.value];";

    // Typing never sent is not kept: the page comes back as stored.
    driver.go(&page).await;
    driver.type_into("#game-1 input[name=red_points]", "2").await;
    driver.type_into("#game-1 textarea[name=log]", "red pass").await;
    driver.go(&page).await;
    assert_eq!(driver.script(notes).await, json!(0), "abandoned typing does not come back");
    assert_eq!(driver.script(game_1).await, json!(["", "", "", ""]), "the stored (empty) form");
    assert_eq!(driver.script("return localStorage.length;").await, json!(0), "nothing kept");

    // A sending the server refused: its page showed it back; once left, it does not come back.
    driver.click("#game-2 select[name=winner] option[value=polish]").await;
    driver.click("#game-2 select[name=termination] option[value=warsaw-entered]").await;
    driver.click("#game-2 button[type=submit]").await;
    driver.source_with("game-2-refused").await;
    driver.go(&page).await;
    assert_eq!(driver.script(notes).await, json!(0), "a refused sending is answered, not a draft");

    // A sending that got no answer (the session had ended): game 1's result and the deck check.
    driver.click("#game-1 select[name=winner] option[value=red]").await;
    driver.click("#game-1 select[name=termination] option[value=warsaw-entered]").await;
    driver.type_into("#game-1 input[name=red_points]", "2").await;
    driver.type_into("#game-1 input[name=red_clock]", "3:15").await;
    driver.call("DELETE", &format!("/session/{}/cookie/bitwa_session", driver.session), None).await;
    driver.click("#game-1 button[type=submit]").await;
    driver.source_with("name=\"next\"").await;
    log_in_again(&driver).await;
    driver.source_with("draft-note").await;
    assert_eq!(driver.script(notes).await, json!(1), "one note, game 1's");
    assert_eq!(driver.script(game_1).await, json!(["red", "warsaw-entered", "2", "3:15"]), "game 1 is back");
    driver.viewport(390, 844, true).await;
    driver.script("document.querySelector('#game-1').scrollIntoView(); return 0;").await;
    screen_png(&driver, "draft-back-390.png").await;
    // New typing replaces a value from the draft, never follows it ("213" was the issue's).
    driver.type_into("#game-1 input[name=red_points]", "21").await;
    assert_eq!(driver.script(game_1).await[2], json!("21"), "typing replaces the restored 2");
    // One tap discards: the form as stored, nothing kept, and nothing after a reload.
    driver.click("#game-1 .draft-discard").await;
    assert_eq!(driver.script(notes).await, json!(0), "the note is gone");
    assert_eq!(driver.script(game_1).await, json!(["", "", "", ""]), "the stored (empty) form");
    assert_eq!(driver.script("return localStorage.length;").await, json!(0), "nothing kept");
    driver.go(&page).await;
    assert_eq!(driver.script(notes).await, json!(0), "nothing after a reload");

    // Only into empty fields: the deck check's counts are on the page (the full deck), the set's
    // label is empty; the draft fills the label and leaves the counts as the page has them.
    let full = driver.script("return document.querySelector('#deck-form').red_count.value;").await;
    driver.type_into("#deck-form input[name=set_label]", "Komplet 7").await;
    driver.script("document.querySelector('#deck-form').red_count.value = '28'; return 0;").await;
    driver.call("DELETE", &format!("/session/{}/cookie/bitwa_session", driver.session), None).await;
    driver.click("#deck-form button[type=submit]").await;
    driver.source_with("name=\"next\"").await;
    log_in_again(&driver).await;
    driver.source_with("draft-note").await;
    let deck = driver
        .script(
            "var f = document.querySelector('#deck-form'); return [f.set_label.value, f.red_count.value];",
        )
        .await;
    assert_eq!(deck, json!(["Komplet 7", full]), "the label back, the count as the page has it");
    driver.end().await;
}

/// On the login page the session's end led to: the referee logs in and is sent back.
async fn log_in_again(driver: &Driver) {
    driver.type_into("input[name=username]", "sedzia").await;
    driver.type_into("input[name=password]", "sedzia-haslo").await;
    driver.click("form.stack button[type=submit]").await;
}

/// Issue 36: the round page's refused referees' tables and the stages page's refused seed list come
/// back with the summary focused and on the screen, each link leading to a field that is on the page,
/// at 390 and 1280 px and with no sideways scrolling.
#[actix_rt::test]
async fn the_round_and_stages_pages_refused_forms_link_each_problem_to_a_field_on_the_page() {
    let Some((chromium, chromedriver)) = browser_binaries() else { return };
    let app = TestApp::spawn().await;
    let (t, _admin, _referee, _matches) = published_round(&app, &[]).await;
    // The groups in a service of their own (its players are the same eight names).
    let other = TestApp::spawn().await;
    let groups =
        crate::stages_flow::two_groups_of_four(&other.admin().await, "groups_only", "Liga Testowa", "none")
            .await;
    let driver = Driver::start(&chromium, &chromedriver).await;
    for (width, height, mobile) in [(390, 844, true), (1280, 800, false)] {
        driver.go(&format!("{}/", app.base)).await;
        driver.viewport(width, height, mobile).await;
        log_in(&driver, &app.base, "admin", &app.admin_password).await;
        // Tables 2 to 1: the last before the first (the browser's own checks let it through).
        driver.go(&format!("{}/t/{t}/round/1", app.base)).await;
        driver.type_into("#assign-form input[name=from]", "2").await;
        driver.type_into("#assign-form input[name=to]", "1").await;
        driver.click("#assign-form button").await;
        driver.source_with("assign-form-refused").await;
        let v = driver.script(SUMMARY).await;
        screen_png(&driver, &format!("refused-assign-{width}.png")).await;
        assert_eq!(v[0], json!("assign-form-refused"), "the summary has the focus at {width} px: {v}");
        assert!(in_view(&v), "the summary is on the screen at {width} px: {v}");
        assert_eq!(v[4], json!(["#assign-form-table_to -> input to"]), "{v}");
        assert_no_status_code("a refused assignment", v[5].as_str().unwrap());
        let (page, view) = driver.page_widths().await;
        assert!(page <= view, "no sideways scrolling at {width} px: {page} > {view}");

        // A seed that is no number (sent past the browser's checks, as a script or an old browser would).
        driver.go(&format!("{}/", other.base)).await;
        log_in(&driver, &other.base, "admin", &other.admin_password).await;
        driver.go(&format!("{}/admin/t/{groups}/stages", other.base)).await;
        driver
            .script(
                "const f = document.getElementById('seeds-form'); f.noValidate = true; \
                 f.querySelectorAll('input[type=number]')[1].type = 'text'; return null;",
            )
            .await;
        driver.script("document.getElementById('seeds').open = true; return null;").await;
        driver.clear_field("#seeds-form input[type=text]").await;
        driver.type_into("#seeds-form input[type=text]", "drugi").await;
        driver.click("#seeds-form button").await;
        driver.source_with("seeds-form-refused").await;
        let v = driver.script(SUMMARY).await;
        screen_png(&driver, &format!("refused-seeds-{width}.png")).await;
        assert_eq!(v[0], json!("seeds-form-refused"), "the summary has the focus at {width} px: {v}");
        assert!(in_view(&v), "the summary is on the screen at {width} px: {v}");
        let links = v[4].as_array().unwrap();
        assert_eq!(links.len(), 1, "{v}");
        assert!(links[0].as_str().unwrap().starts_with("#seeds-form-seed_number -> input seed_"), "{v}");
        // What was typed is shown (a number field would show nothing for it).
        let shown = driver.script("return document.getElementById('seeds-form-seed_number').value;").await;
        assert_eq!(shown, json!("drugi"));
        let (page, view) = driver.page_widths().await;
        assert!(page <= view, "no sideways scrolling at {width} px: {page} > {view}");
    }
    driver.end().await;
}
