//! Entries from schools in real Chromium on a 390-px phone (issue 39): a teacher signs the school
//! up on the event's page and adds a pupil, the guardian consents on the pupil's page, and the desk
//! ticks the pupil present; each page fits the phone without sideways scrolling, in Polish and in
//! English. Screenshots in `target/screenshots/entries-*.png` (looked at by a reviewer; the test
//! asserts the states and the widths).

use crate::browser::{Driver, browser_binaries, screenshot_dir};
use crate::helpers::*;

async fn fits(driver: &Driver, what: &str) {
    // The layout viewport of an emulated phone grows to the content: compare with the phone's 390.
    let (page, view) = driver.page_widths().await;
    assert!(page <= 390 && view <= 390, "{what}: {page} px wide ({view}-px viewport) on a 390-px phone");
}

async fn shot(driver: &Driver, name: &str) {
    driver.whole_page_png(&screenshot_dir().join(format!("entries-{name}.png"))).await;
}

#[actix_rt::test]
async fn on_a_phone_a_teacher_enters_a_pupil_a_guardian_consents_and_the_desk_ticks_them_present() {
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
        ("consent_text", "Administratorem danych jest organizator turnieju.\nCel: udział w turnieju."),
    ];
    assert_eq!(admin.post(&format!("/admin/t/{t}/entries/open"), &rules).await.status, 303);

    let driver = Driver::start(&chromium, &chromedriver).await;
    driver.go(&format!("{}/", app.base)).await;
    driver.viewport(390, 844, true).await;

    // The teacher signs the school up.
    driver.go(&format!("{}/t/{t}/entries", app.base)).await;
    for (field, value) in [
        ("name", "Szkoła Podstawowa nr 12 im. Józefa Piłsudskiego"),
        ("town", "Radom"),
        ("region", "mazowieckie"),
        ("teacher", "Ewa Nauczycielska"),
        ("email", "ewa@szkola.example.org"),
        ("phone", "600 100 200"),
    ] {
        driver.type_into(&format!("#sign-up input[name={field}]"), value).await;
    }
    fits(&driver, "the sign-up form").await;
    shot(&driver, "sign-up").await;
    driver.click("#sign-up button").await;
    let answer = driver.source_with("id=\"school-link\"").await;
    let link = crate::pages::attr_of(&*answer, "#school-link", "data-link");
    fits(&driver, "the link page").await;
    shot(&driver, "signed-up").await;

    // A pupil added on the school's page.
    driver.go(&format!("{}{link}", app.base)).await;
    driver.type_into("#add-pupil input[name=name]", "Zuzanna Łęcka-Wróblewska").await;
    driver.script("document.querySelector('#add-pupil input[name=born]').value = '2010-02-03';").await;
    driver.type_into("#add-pupil input[name=class]", "7b").await;
    driver.click("#add-pupil button").await;
    let school = driver.source_with("data-guardian-link").await;
    assert!(crate::pages::has(&*school, "[data-state=consent]"), "waiting for consent:\n{school}");
    fits(&driver, "the school's page").await;
    shot(&driver, "school").await;
    let guardian = crate::pages::attr_of(&*school, "a[data-guardian-link]", "href");
    assert!(guardian.starts_with("/entries/consent/"), "the guardian's link: {guardian}");

    // The guardian consents.
    driver.go(&format!("{}{guardian}", app.base)).await;
    driver.click("#give-consent input[name=take_part]").await;
    driver.type_into("#give-consent input[name=guardian]", "Maria Łęcka").await;
    fits(&driver, "the consent page").await;
    shot(&driver, "consent").await;
    driver.click("#give-consent button").await;
    let given = driver.source_with("data-state=\"confirmed\"").await;
    let record = crate::pages::entries::Consent::read(&*given);
    assert!(
        record.state == "confirmed" && record.given.starts_with("zgoda online: Maria Łęcka, "),
        "the record: {record:?}"
    );
    shot(&driver, "consent-given").await;
    // The same page in English.
    driver.go(&format!("{}/lang/en?back={guardian}", app.base)).await;
    let english = driver.source_with("Guardian's consent").await;
    assert_eq!(
        crate::pages::text_of(&*english, "#withdraw-consent button"),
        "I withdraw consent",
        "{english}"
    );
    fits(&driver, "the consent page in English").await;
    shot(&driver, "consent-en").await;
    driver.go(&format!("{}/lang/pl?back=/", app.base)).await;

    // The desk: the organiser logs in on the phone and ticks her present.
    driver.go(&format!("{}/login", app.base)).await;
    driver.type_into("input[name=username]", "admin").await;
    driver.type_into("input[name=password]", &app.admin_password).await;
    driver.click("form.stack button[type=submit]").await;
    driver.source_with("Moje turnieje").await;
    driver.go(&format!("{}/admin/t/{t}/desk?q=zuzanna", app.base)).await;
    let desk = driver.source_with("data-present=").await;
    assert!(crate::pages::has(&*desk, "[data-present=false]"), "{desk}");
    driver.click("#desk form button").await;
    let ticked = driver.source_with("data-present=\"true\"").await;
    let present = crate::pages::entries(&*ticked);
    assert!(
        present.iter().any(|e| e.name == "Zuzanna Łęcka-Wróblewska" && e.present == Some(true)),
        "{present:?}"
    );
    fits(&driver, "the desk").await;
    shot(&driver, "desk").await;
    driver.go(&format!("{}/admin/t/{t}/entries", app.base)).await;
    driver.source_with("id=\"entry-counts\"").await;
    fits(&driver, "the organiser's entries").await;
    shot(&driver, "organiser").await;
    driver.end().await;
}
