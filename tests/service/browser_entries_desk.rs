//! The entries' newer screens in real Chromium (issue 39): "Zgłoś szkołę" on the event's page, the
//! teacher's printout with a desk QR code per confirmed pupil, and the referees' desk reached from
//! the referee's page (item 4: linked there once the organiser let referees in), a QR address
//! opening one pupil, "obecny" tapped. At 390 px (a phone) and 1280 px, in Polish and English:
//! nothing wider than the screen, on the phone every link, button and field at least 44 x 44 CSS
//! px (as `browser_targets` measures), the QR codes shown at a scannable size, and no English on the
//! Polish pages. Screenshots in `target/screenshots/entries-desk-*.png`.

use crate::browser::{Driver, browser_binaries, screenshot_dir};
use crate::browser_targets::SMALL_TARGETS;
use crate::helpers::*;
use serde_json::Value;

/// Targets below 44 x 44 on the page the driver shows, named by `what`; measured on the phone
/// only (the 44-px rule is the phones', `static/style.css`: a desktop's pointer is a mouse).
async fn small_targets(driver: &Driver, what: &str) -> Vec<String> {
    if !what.contains(", 390)") {
        return Vec::new();
    }
    match driver.script(SMALL_TARGETS).await {
        Value::Array(found) => {
            found.iter().map(|f| format!("{what}: {}", f.as_str().unwrap_or_default())).collect()
        }
        _ => Vec::new(),
    }
}

/// The page fits `width` without sideways scrolling.
async fn fits(driver: &Driver, width: u64, what: &str) {
    let (page, view) = driver.page_widths().await;
    assert!(
        page <= width && view <= width,
        "{what}: {page} px wide ({view}-px viewport) on a {width}-px screen"
    );
}

/// The smallest side, in CSS px, of every desk QR code shown (none: empty).
async fn qr_sizes(driver: &Driver) -> Vec<f64> {
    let v = driver
        .script(
            "return [...document.querySelectorAll('[data-desk-qr] svg')].map(s => { \
               const r = s.getBoundingClientRect(); return Math.min(r.width, r.height); });",
        )
        .await;
    v.as_array().map(|a| a.iter().filter_map(Value::as_f64).collect()).unwrap_or_default()
}

#[actix_rt::test]
async fn the_sign_up_link_the_teachers_qr_printout_and_the_referees_desk_fit_a_phone_and_a_desktop() {
    let Some((chromium, chromedriver)) = browser_binaries() else { return };
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    let t = create_tournament(&admin, &[("swiss_rounds", "1"), ("knockout_size", "0")]).await;
    let deadline = (chrono::Utc::now().date_naive() + chrono::Duration::days(30)).to_string();
    let rules = [
        ("deadline", deadline.as_str()),
        ("cap", "40"),
        ("per_school", "10"),
        ("born_from", "2006"),
        ("born_to", "2012"),
        ("max_schools", "20"),
        ("paper_allowed", "1"),
        ("desk_referees", "1"),
        ("consent_text", "Administratorem danych jest organizator turnieju.\nCel: udział w turnieju."),
    ];
    assert_eq!(admin.post(&format!("/admin/t/{t}/entries/open"), &rules).await.status, 303);
    assert!(appoint(&admin, t, "sedzia", "haslo-sedziego-1").await.status < 400);

    // A school with three pupils over HTTP: two consented (their QR codes printed), one waiting.
    let teacher = app.browser();
    let signed = teacher
        .post(
            &format!("/t/{t}/entries"),
            &[
                ("name", "Szkoła Podstawowa nr 12 im. Józefa Piłsudskiego w Radomiu"),
                ("town", "Radom"),
                ("region", "mazowieckie"),
                ("teacher", "Ewa Nauczycielska"),
                ("email", "ewa@szkola.example.org"),
                ("phone", "600 100 200"),
            ],
        )
        .await;
    let link = crate::pages::attr_of(&signed, "#school-link", "data-link");
    for (name, born) in [
        ("Zuzanna Łęcka-Wróblewska", "2010-02-03"),
        ("Bartłomiej Ąbacki", "2011-03-04"),
        ("Celina Ćma", "2009-04-05"),
    ] {
        let added =
            teacher.post(&format!("{link}/pupils"), &[("name", name), ("born", born), ("class", "7b")]).await;
        assert_eq!(added.status, 303, "{}", added.body);
    }
    let school = teacher.get(&link).await;
    let consents: Vec<(i64, String)> = school
        .body
        .split("<li data-entry=\"")
        .skip(1)
        .map(|c| {
            let id = c[..c.find('"').unwrap()].parse().unwrap();
            let at = c.find("href=\"/entries/consent/").unwrap() + "href=\"".len();
            (id, c[at..at + c[at..].find('"').unwrap()].to_string())
        })
        .collect();
    for (_, consent) in &consents[..2] {
        let given = app
            .browser()
            .post(consent, &[("guardian", "Maria Rodzic"), ("take_part", "1"), ("publish_name", "1")])
            .await;
        assert_eq!(given.status, 303, "{}", given.body);
    }
    let zuzanna = consents[0].0;

    // The Polish pages say nothing in English (read over HTTP, as a reader's browser gets them).
    for path in [format!("/t/{t}"), link.clone()] {
        crate::words::assert_no_english(&path, &app.browser().get(&path).await.assert_ok().body);
    }
    let referee = app.browser();
    referee.login("sedzia", "haslo-sedziego-1").await;
    for path in [format!("/ref/t/{t}"), format!("/ref/t/{t}/desk"), format!("/ref/t/{t}/desk?e={zuzanna}")] {
        crate::words::assert_no_english(&path, &referee.get(&path).await.assert_ok().body);
    }

    let driver = Driver::start(&chromium, &chromedriver).await;
    driver.go(&format!("{}/", app.base)).await;
    let mut small = Vec::new();
    let mut logged_in = false;
    for (width, mobile) in [(390_u64, true), (1280, false)] {
        driver.viewport(u32::try_from(width).unwrap(), if mobile { 844 } else { 900 }, mobile).await;
        for lang in ["pl", "en"] {
            driver.go(&format!("{}/lang/{lang}?back=/", app.base)).await;
            let name = |page: &str| format!("entries-desk-{page}-{lang}-{width}.png");

            // The event's page: "Zgłoś szkołę" (English: its translation) leads to the sign-up.
            driver.go(&format!("{}/t/{t}", app.base)).await;
            let page = driver.source_with("id=\"sign-up-school\"").await;
            assert!(
                crate::pages::has(&*page, &format!("a#sign-up-school[href=/t/{t}/entries]")),
                "the sign-up link"
            );
            let said =
                driver.script("return document.querySelector('#sign-up-school').textContent.trim();").await;
            let said = said.as_str().unwrap_or_default();
            assert!(
                said.contains(if lang == "pl" { "Zgłoś szkołę" } else { "Sign a school up" }),
                "the link says {said:?} in {lang}"
            );
            fits(&driver, width, &format!("/t/{t} ({lang}, {width})")).await;
            small.extend(small_targets(&driver, &format!("/t/{t} ({lang}, {width})")).await);
            driver.whole_page_png(&screenshot_dir().join(name("event"))).await;

            // The teacher's printout: a QR code per confirmed pupil, none for the one waiting.
            driver.go(&format!("{}{link}", app.base)).await;
            driver.source_with("data-desk-qr").await;
            let sizes = qr_sizes(&driver).await;
            assert_eq!(sizes.len(), 2, "a code per confirmed pupil ({lang}, {width}): {sizes:?}");
            assert!(
                sizes.iter().all(|s| *s >= 90.0),
                "codes large enough to scan ({lang}, {width}): {sizes:?}"
            );
            fits(&driver, width, &format!("the school's page ({lang}, {width})")).await;
            small.extend(small_targets(&driver, &format!("the school's page ({lang}, {width})")).await);
            driver.whole_page_png(&screenshot_dir().join(name("printout"))).await;

            // The referee: from their page to the desk (linked there), then a QR address.
            if !logged_in {
                driver.go(&format!("{}/login", app.base)).await;
                driver.type_into("input[name=username]", "sedzia").await;
                driver.type_into("input[name=password]", "haslo-sedziego-1").await;
                driver.click("form.stack button[type=submit]").await;
                driver.source_with("Moje turnieje").await;
                logged_in = true;
            }
            driver.go(&format!("{}/ref/t/{t}", app.base)).await;
            driver.source_with("id=\"desk-link\"").await;
            small.extend(small_targets(&driver, &format!("/ref/t/{t} ({lang}, {width})")).await);
            driver.whole_page_png(&screenshot_dir().join(name("referee"))).await;
            driver.click("#desk-link").await;
            let desk = driver.source_with("id=\"desk-counts\"").await;
            assert!(crate::pages::has(&*desk, "[data-confirmed=2]"), "two confirmed pupils at the desk");
            fits(&driver, width, &format!("the referee's desk ({lang}, {width})")).await;
            small.extend(small_targets(&driver, &format!("the referee's desk ({lang}, {width})")).await);
            driver.whole_page_png(&screenshot_dir().join(name("desk"))).await;
            driver.go(&format!("{}/ref/t/{t}/desk?e={zuzanna}", app.base)).await;
            let one = driver.source_with("data-present=").await;
            assert_eq!(one.matches("data-entry=").count(), 1, "the QR's address shows one pupil");
            assert!(crate::pages::has(&*one, "#desk-all"), "and links the whole list");
            // A pupil ticked says so beside the button taking it back.
            assert_eq!(
                crate::pages::has(&*one, "[data-ticked]"),
                crate::pages::has(&*one, "[data-present=true]")
            );
            fits(&driver, width, &format!("the desk's one pupil ({lang}, {width})")).await;
            small.extend(small_targets(&driver, &format!("the desk's one pupil ({lang}, {width})")).await);
            driver.whole_page_png(&screenshot_dir().join(name("desk-one"))).await;
            // Ticked on the first pass, taken back on the next (the button changes).
            let present = crate::pages::has(&*one, "[data-present=true]");
            driver.click("#desk form button").await;
            driver.source_with(&format!("data-entry=\"{zuzanna}\" data-present=\"{}\"", !present)).await;
        }
    }
    driver.go(&format!("{}/lang/pl?back=/", app.base)).await;
    driver.end().await;
    assert!(small.is_empty(), "{} targets below 44 x 44 CSS px:\n{}", small.len(), small.join("\n"));
}
