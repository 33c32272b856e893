//! A round's lock and its undoing over HTTP: the lock is offered only once every result is in and
//! asks before it acts; a locked round opens again for the organiser with a reason (logged), until
//! the next round is paired.

use crate::helpers::*;

#[actix_rt::test]
async fn locking_a_round_asks_first_and_a_locked_round_opens_again_with_a_reason() {
    let app = TestApp::spawn().await;
    let (t, admin, referee, _) =
        published_round(&app, &[("swiss_rounds", "2"), ("knockout_size", "0")]).await;
    let lock = format!("action=\"/admin/t/{t}/round/1/lock\"");
    // Results missing: no lock offered, and the page says why.
    let overview = admin.get(&format!("/admin/t/{t}")).await;
    overview.assert_lacks(&lock).assert_contains("brakuje wyników");
    play_round_red_first_wins(&referee, t, 1).await;
    admin.get(&format!("/t/{t}/round/1")).await.assert_contains(&lock);

    // The first press asks; nothing is locked yet.
    let asked = admin.post(&format!("/admin/t/{t}/round/1/lock"), &[]).await;
    assert_eq!(asked.status, 200, "{}", asked.body);
    asked.assert_contains("Tak, zamknij rundę").assert_contains("name=\"confirm\"");
    admin.get(&format!("/t/{t}/round/1")).await.assert_contains("opublikowana");
    assert_eq!(admin.post(&format!("/admin/t/{t}/round/1/lock"), &[("confirm", "1")]).await.status, 303);
    let locked = admin.get(&format!("/t/{t}/round/1")).await;
    locked.assert_contains("zamknięta").assert_contains(&format!("action=\"/admin/t/{t}/round/1/unlock\""));
    // Referees see no unlock form.
    referee.get(&format!("/t/{t}/round/1")).await.assert_lacks("/unlock\"");

    // Without a reason: refused, in words, still locked.
    let no_reason = admin.post(&format!("/admin/t/{t}/round/1/unlock"), &[("reason", " ")]).await;
    assert_eq!(no_reason.status, 400);
    no_reason.assert_contains("Podaj powód").assert_lacks("(400)");
    admin.get(&format!("/t/{t}/round/1")).await.assert_contains("zamknięta");
    // A referee cannot open it.
    let by_referee = referee.post(&format!("/admin/t/{t}/round/1/unlock"), &[("reason", "mine")]).await;
    assert_eq!(by_referee.status, 403);
    let reason = "Stół 2: pomylony zwycięzca";
    assert_eq!(admin.post(&format!("/admin/t/{t}/round/1/unlock"), &[("reason", reason)]).await.status, 303);
    admin.get(&format!("/t/{t}/round/1")).await.assert_contains("opublikowana");
    let history = admin.get(&format!("/admin/t/{t}/history")).await;
    history.assert_contains("Runda 1: otwarta ponownie").assert_contains(reason);
    assert_eq!(history_rows(&app, "round", "unlock").await.len(), 1);

    // Locked again and round 2 paired: the round no longer opens, and nothing offers it.
    assert_eq!(admin.post(&format!("/admin/t/{t}/round/1/lock"), &[("confirm", "1")]).await.status, 303);
    assert_eq!(admin.post(&format!("/admin/t/{t}/rounds"), &[]).await.status, 303);
    admin.get(&format!("/t/{t}/round/1")).await.assert_lacks("/unlock\"");
    let late = admin.post(&format!("/admin/t/{t}/round/1/unlock"), &[("reason", "za późno")]).await;
    assert_eq!(late.status, 400);
    late.assert_contains("następna runda jest skojarzona");
    admin.get(&format!("/t/{t}/round/1")).await.assert_contains("zamknięta");
}
