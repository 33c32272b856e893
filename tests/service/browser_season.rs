//! The demo season's public pages in real Chromium (issue 20): the season home, its ranking and
//! the ranking's first person's page at 390 and 1280 px in Polish and English: no sideways
//! scrolling, every control at least 44 px on the phone, the ranking's rows as cards on the phone
//! with each cell's label; the coordinator's page too (logged in as the demo season's
//! coordinator); screenshots in `target/screenshots/season-*.png`.

use crate::browser::{Driver, browser_binaries, screenshot_dir};
use crate::browser_targets::SMALL_TARGETS;
use crate::helpers::*;
use bitwa::app::demo_season::{SeasonSpec, create_on};

#[actix_rt::test]
async fn the_season_home_ranking_and_a_person_fit_a_phone() {
    let Some((chromium, chromedriver)) = browser_binaries() else { return };
    let app = TestApp::spawn().await;
    let db = bitwa::store::connect(&app.db_url).await.unwrap();
    let season = create_on(&db, SeasonSpec::small(), chrono::NaiveDate::from_ymd_opt(2026, 5, 20).unwrap())
        .await
        .unwrap();
    let ranking = app.browser().get(&format!("/season/{season}/ranking")).await;
    let person = ids_after(&ranking.body, "/person/")[0];
    let driver = Driver::start(&chromium, &chromedriver).await;
    let base = &app.base;
    let mut problems = Vec::new();
    for lang in ["pl", "en"] {
        driver.go(&format!("{base}/lang/{lang}")).await;
        for (name, path, marker) in [
            ("home", format!("/season/{season}"), "season-facts"),
            ("ranking", format!("/season/{season}/ranking"), "season-ranking"),
            ("person", format!("/person/{person}"), "person-events"),
        ] {
            driver.go(&format!("{base}{path}")).await;
            driver.source_with(marker).await;
            for (width, height, mobile) in [(390, 844, true), (1280, 900, false)] {
                driver.viewport(width, height, mobile).await;
                let (page, viewport) = driver.page_widths().await;
                if page.max(viewport) > u64::from(width) {
                    problems.push(format!("{name} ({lang}) at {width} px is {} px wide", page.max(viewport)));
                }
                if width == 390 {
                    for s in driver.script(SMALL_TARGETS).await.as_array().into_iter().flatten() {
                        problems.push(format!("{name} ({lang}) at 390 px: {s}"));
                    }
                    if name == "ranking" {
                        // A row is a card: the header row is hidden, each cell labelled.
                        let hidden = driver
                            .script("return document.querySelector('#season-ranking thead').getBoundingClientRect().height <= 1;")
                            .await;
                        assert_eq!(
                            hidden,
                            serde_json::json!(true),
                            "{lang}: the header row hidden on a phone"
                        );
                    }
                }
                driver
                    .whole_page_png(&screenshot_dir().join(format!("season-{name}-{lang}-{width}.png")))
                    .await;
            }
        }
    }
    // The coordinator's page (the demo season's coordinator: its organiser account), with its
    // forms and the birth dates of near persons, on a phone and a desktop, in both languages.
    let (username, password) = bitwa::app::demo_names::ORGANISER;
    driver.go(&format!("{base}/login")).await;
    driver.type_into("input[name=username]", username).await;
    driver.type_into("input[name=password]", password).await;
    driver.click("form.stack button[type=submit]").await;
    driver.assert_logged_in(username).await;
    for lang in ["pl", "en"] {
        driver.go(&format!("{base}/lang/{lang}")).await;
        driver.go(&format!("{base}/admin/season/{season}")).await;
        driver.source_with("id=\"season-merges\"").await;
        for (width, height, mobile) in [(390, 844, true), (1280, 900, false)] {
            driver.viewport(width, height, mobile).await;
            let (page, viewport) = driver.page_widths().await;
            if page.max(viewport) > u64::from(width) {
                problems
                    .push(format!("coordinator ({lang}) at {width} px is {} px wide", page.max(viewport)));
            }
            if width == 390 {
                for s in driver.script(SMALL_TARGETS).await.as_array().into_iter().flatten() {
                    problems.push(format!("coordinator ({lang}) at 390 px: {s}"));
                }
            }
            driver
                .whole_page_png(&screenshot_dir().join(format!("season-coordinator-{lang}-{width}.png")))
                .await;
        }
    }
    driver.end().await;
    assert!(problems.is_empty(), "{problems:#?}");
}
