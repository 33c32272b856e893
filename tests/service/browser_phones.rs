//! A parent on a 390-px phone, in real Chromium (issue 22, item 8): the tournament page's search
//! typed without Polish letters finds the player, the player page shows the current round first
//! with its table, "follow" keeps the choice in the browser, and the next visit to the tournament
//! page opens with the followed player's card above the round list. The heights of the long pages
//! are printed (a reviewer compares them; only the structure is asserted) with screenshots in
//! `target/screenshots/phones-*.png`.

use crate::browser::{Driver, base64_decode, browser_binaries, screenshot_dir};
use crate::helpers::*;
use crate::setup::Day;

const SURNAMES: [&str; 23] = [
    "Nowak",
    "Kowalska",
    "Wiśniewski",
    "Wójcik",
    "Kowalczyk",
    "Kamińska",
    "Lewandowski",
    "Zielińska",
    "Szymański",
    "Woźniak",
    "Dąbrowski",
    "Kozłowska",
    "Jankowski",
    "Mazur",
    "Kwiatkowska",
    "Krawczyk",
    "Piotrowski",
    "Grabowska",
    "Nowakowski",
    "Pawłowska",
    "Michalski",
    "Adamczyk",
    "Dudek",
];

/// Where the element `css` starts, in CSS px from the top of the page (`None`: not on the page).
async fn top_of(driver: &Driver, css: &str) -> Option<f64> {
    let js = format!(
        "const e = document.querySelector({css:?}); return e ? e.getBoundingClientRect().top + window.scrollY : null;"
    );
    driver.script(&js).await.as_f64()
}

/// The first screen (390 x 844) as a PNG file: what a parent sees without scrolling.
async fn first_screen_png(driver: &Driver, name: &str) {
    let shot = driver
        .cdp(
            "Page.captureScreenshot",
            serde_json::json!({"format": "png", "clip": {"x": 0, "y": 0, "width": 390, "height": 844, "scale": 1}}),
        )
        .await;
    let png = base64_decode(shot["data"].as_str().expect("screenshot data"));
    assert!(png.starts_with(b"\x89PNG"), "a PNG");
    std::fs::create_dir_all(screenshot_dir()).unwrap();
    std::fs::write(screenshot_dir().join(name), png).unwrap();
}

async fn height(driver: &Driver) -> u64 {
    driver.script("return document.documentElement.scrollHeight;").await.as_u64().unwrap_or(0)
}

#[actix_rt::test]
async fn on_a_phone_a_parent_finds_a_player_typed_without_polish_letters_and_follows_them() {
    let Some((chromium, chromedriver)) = browser_binaries() else { return };
    let app = TestApp::spawn().await;
    let mut csv = String::from("name;birth date;club\nŁukasz Żółkiewski;2009-03-14;SP 1 Radzymin\n");
    for (i, s) in SURNAMES.iter().enumerate() {
        csv.push_str(&format!("Gracz{} {s};2008-{:02}-{:02};LO {}\n", i + 1, i % 12 + 1, i + 1, i % 5 + 1));
    }
    let day =
        Day::new(&app).config(&[("swiss_rounds", "5")]).imported(&csv).referee().published().open().await;
    let t = day.t;
    let driver = Driver::start(&chromium, &chromedriver).await;
    driver.go(&format!("{}/", app.base)).await;
    driver.viewport(390, 844, true).await;

    // The long pages' heights at 390 px, as served (anonymous) and the organiser's.
    let mut heights = Vec::new();
    for path in [format!("/t/{t}"), format!("/t/{t}/standings"), format!("/t/{t}/round/1")] {
        driver.go(&format!("{}{path}", app.base)).await;
        heights.push((path, height(&driver).await));
    }

    // Search, typed as a phone keyboard without Polish letters would.
    driver.go(&format!("{}/t/{t}", app.base)).await;
    assert!(top_of(&driver, "#player-search").await.is_some(), "the search form is on the page");
    let search_top = top_of(&driver, "#player-search").await.unwrap_or(f64::MAX);
    let list_top = top_of(&driver, "#players").await.unwrap_or(0.0);
    assert!(search_top < list_top, "the search sits above the player list ({search_top} < {list_top})");
    driver.type_into("#player-search input[name=q]", "lukasz").await;
    driver.click("#player-search button").await;
    let found = driver.source_with("id=\"search-results\"").await;
    let results = &found[found.find("id=\"search-results\"").expect("search results")..];
    let results = &results[..results.find("</section>").unwrap()];
    assert!(results.contains("Łukasz Żółkiewski"), "{results}");
    first_screen_png(&driver, "phones-search-390.png").await;

    // The player page: the current round first, with its table and who commands Red in game 1.
    driver.click("#search-results a").await;
    let player = driver.source_with("id=\"current-match\"").await;
    assert!(crate::pages::has(&*player, "#current-table"), "the table is on the player page");
    let current = top_of(&driver, "#current-match").await.unwrap_or(f64::MAX);
    heights.push(("player page".to_string(), height(&driver).await));
    first_screen_png(&driver, "phones-player-390.png").await;

    // Follow: one tap; the next plain visit to the tournament page opens with the card.
    driver.click("#follow-link").await;
    driver.source_with("id=\"followed\"").await;
    driver.go(&format!("{}/t/{t}", app.base)).await;
    let front = driver.source_with("id=\"followed\"").await;
    assert!(crate::pages::has(&*front, "#followed-next"), "the card came back from the browser's memory");
    let card = top_of(&driver, "#followed").await.unwrap_or(f64::MAX);
    let rounds = top_of(&driver, "#rounds").await.unwrap_or(0.0);
    assert!(card < rounds, "the followed card sits above the round list ({card} < {rounds})");
    let next = top_of(&driver, "#followed-next").await.unwrap_or(f64::MAX);
    heights.push(("tournament page, followed".to_string(), height(&driver).await));
    first_screen_png(&driver, "phones-followed-390.png").await;
    // The standings (issue 37): compact rows, and "Pokaż moje miejsce" jumps to the followed row.
    driver.go(&format!("{}/t/{t}/standings", app.base)).await;
    driver.wait_for("#my-place-line:not([hidden])").await;
    let href = driver.exec("return document.getElementById('my-place').getAttribute('href')").await;
    let followed_row = href.as_str().unwrap_or_default().to_string();
    assert!(followed_row.starts_with("#p-"), "the jump names the followed row: {href}");
    driver.click("#my-place").await;
    let row_top = top_of(&driver, &followed_row).await.unwrap_or(f64::MAX);
    let view = driver.exec("return window.innerHeight").await.as_f64().unwrap_or(0.0);
    assert!(
        (0.0..view - 40.0).contains(&row_top),
        "the followed row is on screen after the jump: {row_top} of {view}"
    );
    let row_height = driver
        .exec(&format!("return document.querySelector('{followed_row}').getBoundingClientRect().height"))
        .await
        .as_f64()
        .unwrap_or(f64::MAX);
    assert!(row_height < 80.0, "a compact row on a phone: {row_height} px");
    heights.push(("standings, compact".to_string(), height(&driver).await));
    first_screen_png(&driver, "phones-standings-jump-390.png").await;
    driver.go(&format!("{}/t/{t}", app.base)).await;
    driver.source_with("id=\"followed\"").await;

    // Stop following: the plain page stays plain.
    driver.click("#stop-following").await;
    driver.source_with("follow=none").await;
    driver.go(&format!("{}/t/{t}", app.base)).await;
    actix_rt::time::sleep(std::time::Duration::from_millis(500)).await;
    let search = driver.script("return window.location.search;").await;
    assert_eq!(search.as_str(), Some(""), "no redirect to a followed player after stopping");
    assert!(top_of(&driver, "#followed").await.is_none());

    driver.go(&format!("{}/login", app.base)).await;
    driver.type_into("input[name=username]", "admin").await;
    driver.type_into("input[name=password]", &app.admin_password).await;
    driver.click("form.stack button[type=submit]").await;
    driver.source_with("Moje turnieje").await;
    driver.go(&format!("{}/admin/t/{t}", app.base)).await;
    let admin = driver.source_with("id=\"jump\"").await;
    assert!(admin.contains("href=\"#config\""), "the organiser page opens with jump links");
    heights.push(("organiser page".to_string(), height(&driver).await));
    let config = top_of(&driver, "#config").await.unwrap_or(0.0);
    println!(
        "390 px: the configuration starts at {config:.0} px on the organiser page (one tap from the top)"
    );
    for (page, h) in &heights {
        println!("390 px: {page}: {h} px");
    }
    println!("390 px: the followed player's next match starts at {next:.0} px on the tournament page");
    println!("390 px: the current match starts at {current:.0} px on the player page");
    driver.end().await;
}

/// [left, top, width] of every column of the bracket, the widest scroll overflow inside it, the
/// champion's, the bracket's and the final ranking's tops, and whether a player's name is cut.
const BRACKET: &str = r#"
const top = s => { const e = document.querySelector(s); return e ? e.getBoundingClientRect().top + window.scrollY : null; };
const cols = Array.from(document.querySelectorAll('.bracket .col')).map(c => { const r = c.getBoundingClientRect(); return [r.left, r.top + window.scrollY, r.width]; });
let overflow = 0;
for (const e of document.querySelectorAll('.bracket, .bracket *')) overflow = Math.max(overflow, e.scrollWidth - e.clientWidth);
const cut = Array.from(document.querySelectorAll('.bracket .m a')).filter(a => a.scrollWidth > a.clientWidth + 1).length;
return [cols, overflow, top('#champion'), top('.bracket'), top('#final-ranking'), cut];
"#;

/// The bracket after the final (issue 22, item 8): on a 390-px phone the rounds are one under
/// another (no sideways scroller, no name cut), after the champion and before the final ranking; on
/// a 1280-px screen they stand side by side.
#[actix_rt::test]
async fn on_a_phone_the_bracket_is_a_list_of_rounds_between_the_champion_and_the_final_ranking() {
    let Some((chromium, chromedriver)) = browser_binaries() else { return };
    let app = TestApp::spawn().await;
    let (t, _admin) = crate::tournament_day::a_finished_knockout(&app).await;
    let driver = Driver::start(&chromium, &chromedriver).await;
    driver.go(&format!("{}/", app.base)).await;
    driver.viewport(390, 844, true).await;
    driver.go(&format!("{}/t/{t}/bracket", app.base)).await;
    let v = driver.script(BRACKET).await;
    first_screen_png(&driver, "phones-bracket-390.png").await;
    let cols = v[0].as_array().expect("columns");
    assert!(cols.len() >= 2, "the semi-finals, the final (and the third-place match): {v}");
    for pair in cols.windows(2) {
        assert_eq!(pair[0][0], pair[1][0], "the rounds start at the same left edge: {v}");
        assert!(pair[1][1].as_f64() > pair[0][1].as_f64(), "each round below the one before: {v}");
    }
    assert!(cols.iter().all(|c| c[2].as_f64().unwrap() <= 390.0), "no round wider than the phone: {v}");
    assert_eq!(v[1], serde_json::json!(0), "nothing scrolls sideways inside the bracket: {v}");
    assert_eq!(v[5], serde_json::json!(0), "no name cut: {v}");
    let (champion, bracket, ranking) =
        (v[2].as_f64().unwrap(), v[3].as_f64().unwrap(), v[4].as_f64().unwrap());
    assert!(champion < bracket && bracket < ranking, "champion, bracket, final ranking: {v}");
    let (page, screen) = driver.page_widths().await;
    assert!(page <= screen, "the page is {page} px wide on a {screen}-px phone");
    driver.viewport(1280, 800, false).await;
    driver.go(&format!("{}/t/{t}/bracket", app.base)).await;
    let wide = driver.script(BRACKET).await;
    driver.whole_page_png(&screenshot_dir().join("bracket-1280.png")).await;
    let cols = wide[0].as_array().expect("columns");
    assert!(cols[1][0].as_f64() > cols[0][0].as_f64(), "side by side on a wide screen: {wide}");
    driver.end().await;
}
