//! A round's lock and its undoing over HTTP: the lock is offered only once every result is in and
//! asks before it acts; a locked round opens again for the organiser with a reason (logged), until
//! the next round is paired.

use crate::helpers::*;
use crate::pages::{Round, has};

#[actix_rt::test]
async fn locking_a_round_asks_first_and_a_locked_round_opens_again_with_a_reason() {
    let app = TestApp::spawn().await;
    let (t, admin, referee, _) =
        published_round(&app, &[("swiss_rounds", "2"), ("knockout_size", "0")]).await;
    let lock = format!("form[action=/admin/t/{t}/round/1/lock]");
    let unlock = format!("form[action=/admin/t/{t}/round/1/unlock]");
    let status = async || Round::read(&admin.get(&format!("/t/{t}/round/1")).await).status;
    // Results missing: no lock offered, and the page says why.
    let overview = admin.get(&format!("/admin/t/{t}")).await;
    assert!(!has(&overview, &lock), "no lock before every result");
    assert!(
        has(&overview, "#rounds tr[data-round=1] td.actions [data-results-missing]"),
        "the page says results are missing: {}",
        overview.body
    );
    play_round_red_first_wins(&referee, t, 1).await;
    assert!(has(&admin.get(&format!("/t/{t}/round/1")).await, &lock), "the lock offered");

    // The first press asks; nothing is locked yet.
    let asked = admin.post(&format!("/admin/t/{t}/round/1/lock"), &[]).await;
    assert_eq!(asked.status, 200, "{}", asked.body);
    assert_eq!(crate::pages::text_of(&asked, "#confirm-yes"), "Tak, zamknij rundę");
    assert!(has(&asked, "[name=confirm]"), "the confirmation posts `confirm`");
    assert_eq!(status().await, "published");
    assert_eq!(admin.post(&format!("/admin/t/{t}/round/1/lock"), &[("confirm", "1")]).await.status, 303);
    let locked = admin.get(&format!("/t/{t}/round/1")).await;
    assert_eq!(Round::read(&locked).status, "locked");
    assert!(has(&locked, &unlock), "the organiser may open it again");
    // Referees see no unlock form.
    assert!(!has(&referee.get(&format!("/t/{t}/round/1")).await, &unlock));

    // Without a reason: refused, in words, still locked.
    let no_reason = admin.post(&format!("/admin/t/{t}/round/1/unlock"), &[("reason", " ")]).await;
    assert_eq!(no_reason.status, 400);
    no_reason.assert_contains("Podaj powód").assert_lacks("(400)");
    assert_eq!(status().await, "locked");
    // A referee cannot open it.
    let by_referee = referee.post(&format!("/admin/t/{t}/round/1/unlock"), &[("reason", "mine")]).await;
    assert_eq!(by_referee.status, 403);
    let reason = "Stół 2: pomylony zwycięzca";
    assert_eq!(admin.post(&format!("/admin/t/{t}/round/1/unlock"), &[("reason", reason)]).await.status, 303);
    assert_eq!(status().await, "published");
    let history = admin.get(&format!("/admin/t/{t}/history")).await;
    let changes = crate::pages::admin::history(&history);
    let reopened = crate::pages::admin::change(&changes, "Runda 1: otwarta ponownie");
    assert!(reopened.after.iter().chain(&reopened.before).any(|v| v.ends_with(reason)), "{reopened:?}");
    assert_eq!(history_rows(&app, "round", "unlock").await.len(), 1);

    // Locked again and round 2 paired: the round no longer opens, and nothing offers it.
    assert_eq!(admin.post(&format!("/admin/t/{t}/round/1/lock"), &[("confirm", "1")]).await.status, 303);
    assert_eq!(admin.post(&format!("/admin/t/{t}/rounds"), &[]).await.status, 303);
    assert!(!has(&admin.get(&format!("/t/{t}/round/1")).await, &unlock), "nothing offers it");
    let late = admin.post(&format!("/admin/t/{t}/round/1/unlock"), &[("reason", "za późno")]).await;
    assert_eq!(late.status, 400);
    late.assert_contains("następna runda jest skojarzona");
    assert_eq!(status().await, "locked");
}
