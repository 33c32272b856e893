//! `bitwa serve --demo`: a living league at once.

use crate::helpers::*;

#[actix_rt::test]
async fn the_demo_loads_a_tournament_with_played_rounds_and_demo_logins() {
    let app = TestApp::spawn_with(fresh_dir(), true).await;
    let logins: Vec<&str> = app.logins.iter().map(|(u, _)| u.as_str()).collect();
    assert_eq!(logins, ["admin", "organizator", "sedzia"]);

    let b = app.browser();
    let t = ids_after(&b.get("/").await.body, "/t/")[0];
    let front = b.get(&format!("/t/{t}")).await;
    front.assert_contains("(24)").assert_contains("Runda 4");
    let standings = b.get(&format!("/t/{t}/standings")).await;
    assert_eq!(standings.body.matches(&format!("/t/{t}/player/")).count(), 24);
    assert!(standings.body.contains("<strong>3</strong>") || standings.body.contains("<strong>2.5</strong>"));

    // Played games carry engine-validated move logs.
    let m = ids_after(&b.get(&format!("/t/{t}/round/1")).await.body, &format!("/t/{t}/match/"))[0];
    let games = ids_after(&b.get(&format!("/t/{t}/match/{m}")).await.body, &format!("/t/{t}/game/"));
    let game = b.get(&format!("/t/{t}/game/{}", games[0])).await;
    game.assert_contains("Sprawdzony zapis partii").assert_contains("red draw");

    let referee = app.browser();
    referee.login("sedzia", "demo-sedzia").await;
    let tables = referee.get(&format!("/ref/t/{t}")).await;
    tables.assert_contains("Runda 4").assert_contains("w toku");
    let organiser = app.browser();
    organiser.login("organizator", "demo-organizator").await;
    organiser.get(&format!("/admin/t/{t}")).await.assert_contains("Rozpocznij następną rundę");

    // Restarting with --demo on a database that has data loads nothing twice.
    let dir = app.stop().await;
    let again = TestApp::spawn_with(dir, true).await;
    assert!(again.logins.is_empty());
    assert_eq!(ids_after(&again.browser().get("/").await.body, "/t/").len(), 1);
}
