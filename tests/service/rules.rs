//! The engine's rule switches in the tournament configuration: saved with the form, logged, and
//! applied when a referee's move log is validated.

use crate::helpers::*;
use crate::pages::{has, invalid, one};
use crate::setup::{Day, OpenDay};
use bitwa::engine::{Edition, RuleOptions, random_game, validate_log};

/// The tournament form's rules (no optional rules, 15 minutes), the other switches at their defaults.
const OPTIONS: RuleOptions = RuleOptions {
    fortifications: false,
    flank_attacks: false,
    time_control_secs: 900,
    ..RuleOptions::STANDARD
};

/// A log valid under the default reading but not when the winning attacker must advance (R3).
fn log_needing_optional_advance() -> String {
    let strict = RuleOptions { compulsory_advance: true, ..OPTIONS };
    (0..400)
        .map(|seed| random_game(seed, Edition::builtin(), &OPTIONS).to_string())
        .find(|log| {
            validate_log(log, Edition::builtin(), &OPTIONS).is_ok()
                && validate_log(log, Edition::builtin(), &strict).is_err()
        })
        .expect("a random game where an attacker holds instead of advancing")
}

#[actix_rt::test]
async fn a_rule_switch_saved_in_the_configuration_reaches_the_log_validation() {
    let app = TestApp::spawn().await;
    let OpenDay { t, admin, .. } = Day::new(&app).open().await;
    register(&admin, t, "Anna Czerwona").await;
    register(&admin, t, "Bartek Polski").await;
    let config = format!("form[action=/admin/t/{t}/config]");
    let checked =
        |page: &Page, name: &str| one(&page.body, &format!("{config} input[name={name}]")).has("checked");
    let chosen = |page: &Page, name: &str| {
        one(&page.body, &format!("{config} select[name={name}] option[selected]")).get("value").to_string()
    };
    let page = admin.get(&format!("/admin/t/{t}")).await;
    assert!(!checked(&page, "compulsory_advance"), "offered off");
    assert_eq!(chosen(&page, "encirclement"), "two-attackers");

    // An unknown reading is refused with the field named; a known one is saved and logged.
    let mut bad = tournament_form(&[("encirclement", "pincer")]);
    bad.push(("version", "1"));
    let refused = admin.post(&format!("/admin/t/{t}/config"), &bad).await;
    assert_eq!(refused.status, 422);
    assert!(has(&refused, "nav"), "the organiser's page, in the site's frame");
    assert!(invalid(&refused, &config, "encirclement"), "the field named");
    refused.assert_contains("Manewr okrążający");
    let mut strict = tournament_form(&[("compulsory_advance", "1"), ("encirclement", "flank-attack")]);
    strict.push(("version", "1"));
    assert_eq!(admin.post(&format!("/admin/t/{t}/config"), &strict).await.status, 303);
    let page = admin.get(&format!("/admin/t/{t}")).await;
    assert!(checked(&page, "compulsory_advance"));
    assert_eq!(chosen(&page, "encirclement"), "flank-attack");
    let history = admin.get(&format!("/admin/t/{t}/history")).await;
    let changes = crate::pages::admin::history(&history);
    let config = crate::pages::admin::change(&changes, "Zmiana konfiguracji turnieju");
    let says = |v: &[String], value: &str| {
        v.iter()
            .any(|line| *line == format!("Zwycięski atakujący musi wejść na zwolnione pole (R3): {value}"))
    };
    assert!(says(&config.before, "nie") && says(&config.after, "tak"), "{config:?}");

    admin.post(&format!("/admin/t/{t}/rounds"), &[]).await;
    admin.post(&format!("/admin/t/{t}/round/1/publish"), &[]).await;
    let m = crate::pages::Round::read(&admin.get(&format!("/t/{t}/round/1")).await).lines[0].id;
    let games = game_forms(&admin.get(&format!("/ref/t/{t}/match/{m}")).await.body, t);
    let log = log_needing_optional_advance();

    // Under the tournament's strict reading the engine refuses the log.
    let refused = submit_log(&admin, t, &games[0], &log).await;
    assert_eq!(refused.status, 422, "{}", refused.body);
    assert!(has(&refused, "#log-error"), "the engine's refusal shown: {}", refused.body);

    // Back to the default reading: the same log is valid and fills the result.
    let mut standard = tournament_form(&[]);
    standard.push(("version", "2"));
    assert_eq!(admin.post(&format!("/admin/t/{t}/config"), &standard).await.status, 303);
    let saved = submit_log(&admin, t, &games[0], &log).await;
    assert_eq!(saved.status, 303, "{}", saved.body);
}

/// Register R26: the switch for two Okrutna bitwa cards is offered off (the battle is severe once),
/// saved checked, named in the history in Polish, and stored in the configuration's rules.
#[actix_rt::test]
async fn the_severe_fighting_switch_is_offered_off_saved_and_logged() {
    let app = TestApp::spawn().await;
    let OpenDay { t, admin, .. } = Day::new(&app).open().await;
    let config = format!("form[action=/admin/t/{t}/config]");
    let switch = |page: &Page| one(&page.body, &format!("{config} input[name=severe_fighting_each_card]"));
    let page = admin.get(&format!("/admin/t/{t}")).await;
    assert!(!switch(&page).has("checked"), "offered off");
    page.assert_contains("Każda karta Okrutna bitwa w walce uderza osobno");
    let mut each = tournament_form(&[("severe_fighting_each_card", "1")]);
    each.push(("version", "1"));
    assert_eq!(admin.post(&format!("/admin/t/{t}/config"), &each).await.status, 303);
    assert!(switch(&admin.get(&format!("/admin/t/{t}")).await).has("checked"), "saved checked");
    let changes = crate::pages::admin::history(&admin.get(&format!("/admin/t/{t}/history")).await);
    let said =
        "Każda karta Okrutna bitwa w walce uderza osobno: druga eliminuje rozbite przez pierwszą (R26): tak";
    assert!(changes.iter().any(|c| c.after.iter().any(|a| a == said)), "{changes:#?}");
    admin.get("/lang/en").await;
    admin
        .get(&format!("/admin/t/{t}"))
        .await
        .assert_contains("Each Severe fighting card in the battle strikes on its own");
}
