//! The organiser's stages page in real Chromium (issue 19): a tournament created as "groups +
//! knockout" with eight players, its draw previewed and fixed by the page's own form (no script
//! needed), the page measured at 390 and 1280 px in Polish and English (no sideways scrolling,
//! every control at least 44 px on the phone), with screenshots in `target/screenshots/`.

use crate::browser::{Driver, browser_binaries, screenshot_dir};
use crate::browser_targets::SMALL_TARGETS;
use crate::helpers::*;
use crate::stages_flow::two_groups_of_four;

#[actix_rt::test]
async fn an_organiser_previews_and_fixes_the_groups_draw_on_a_phone() {
    let Some((chromium, chromedriver)) = browser_binaries() else { return };
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    let t = two_groups_of_four(&admin, "groups_knockout", "Finał ogólnopolski — grupy", "school").await;

    let driver = Driver::start(&chromium, &chromedriver).await;
    let base = &app.base;
    driver.go(&format!("{base}/login")).await;
    driver.type_into("input[name=username]", "admin").await;
    driver.type_into("input[name=password]", &app.admin_password).await;
    driver.click("form.stack button[type=submit]").await;
    driver.assert_logged_in("admin").await;

    let mut problems = Vec::new();
    let mut look = async |name: &str| {
        for (width, height, mobile) in [(390, 844, true), (1280, 900, false)] {
            driver.viewport(width, height, mobile).await;
            let (page, viewport) = driver.page_widths().await;
            if page.max(viewport) > u64::from(width) {
                problems.push(format!("{name} at {width} px is {} px wide", page.max(viewport)));
            }
            if width == 390 {
                let small = driver.script(SMALL_TARGETS).await;
                for s in small.as_array().into_iter().flatten() {
                    problems.push(format!("{name} at 390 px: {s}"));
                }
            }
            driver.whole_page_png(&screenshot_dir().join(format!("{name}-{width}.png"))).await;
        }
    };
    for lang in ["en", "pl"] {
        driver.go(&format!("{base}/lang/{lang}")).await;
        driver.go(&format!("{base}/admin/t/{t}/stages")).await;
        let page = driver.source_with("preview-seed").await;
        assert!(crate::pages::has(&*page, "[class=groups-preview]"), "the preview:\n{page}");
        look(&format!("stages-preview-{lang}")).await;
    }
    // The preview's own form fixes it: the drawn groups are the previewed ones.
    let previewed = driver
        .script("return [...document.querySelectorAll('.groups-preview li')].map(e => e.textContent);")
        .await;
    driver.viewport(390, 844, true).await;
    driver.click("#draw-form button").await;
    driver.source_having("#drawn", "drawn").await;
    let fixed =
        driver.script("return [...document.querySelectorAll('#drawn li')].map(e => e.textContent);").await;
    assert_eq!(fixed, previewed);
    assert_eq!(fixed.as_array().map(Vec::len), Some(8));
    look("stages-drawn-pl").await;
    // The tournament's standings are the groups' tables, before a match is played.
    driver.go(&format!("{base}/t/{t}/standings")).await;
    let standings = driver.source_with("data-group=\"B\"").await;
    assert!(
        crate::pages::has(&*standings, "[data-group=A]") && !crate::pages::has(&*standings, "#standings"),
        "{standings}"
    );
    look("standings-groups-pl").await;
    driver.go(&format!("{base}/admin/t/{t}")).await;
    let overview = driver.source_with("Skojarz następną rundę grup").await;
    assert!(overview.contains("/stages/round"), "the next step on the overview");
    driver.end().await;
    assert!(problems.is_empty(), "{problems:#?}");
}
