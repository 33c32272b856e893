//! `bitwa serve --demo`: a living league at once.

use crate::helpers::*;
use crate::pages::{Round, Tournament, has, my_tables, text_of};

#[actix_rt::test]
async fn the_demo_loads_a_tournament_with_played_rounds_and_demo_logins() {
    let app = TestApp::spawn_with(fresh_dir(), true).await;
    let logins: Vec<&str> = app.logins.iter().map(|(u, _)| u.as_str()).collect();
    assert_eq!(logins, ["admin", "organizator", "sedzia"]);

    let b = app.browser();
    let t = ids_after(&b.get("/").await.body, "/t/")[0];
    let front = b.get(&format!("/t/{t}")).await;
    let front = Tournament::read(&front);
    assert_eq!(front.players.len(), 24);
    assert_eq!(front.rounds.iter().map(|r| r.0).max(), Some(4), "{front:?}");
    let standings = b.get(&format!("/t/{t}/standings")).await;
    assert_eq!(standings.body.matches(&format!("/t/{t}/player/")).count(), 24);
    let leader = &crate::pages::Standings::read(&standings).rows[0];
    assert!(leader.points == "3" || leader.points == "2.5", "{leader:?}");

    // Played games carry engine-validated move logs.
    let m = ids_after(&b.get(&format!("/t/{t}/round/1")).await.body, &format!("/t/{t}/match/"))[0];
    let games = ids_after(&b.get(&format!("/t/{t}/match/{m}")).await.body, &format!("/t/{t}/game/"));
    let game = b.get(&format!("/t/{t}/game/{}", games[0])).await;
    let log = crate::pages::admin::GameLog::read(&game).expect("the game's log");
    assert_eq!(log.heading, "Sprawdzony zapis partii");
    assert!(log.log.lines().any(|l| l.starts_with("red draw")), "{}", log.log);

    let referee = app.browser();
    referee.login("sedzia", "demo-sedzia").await;
    let tables = referee.get(&format!("/ref/t/{t}")).await;
    assert!(crate::pages::texts(&tables, "p")[0].starts_with("Runda 4"), "round 4's tables");
    let (mine, others) = my_tables(&tables);
    assert!(!mine.is_empty() || !others.is_empty(), "tables listed");
    let states = crate::pages::referee::table_states(&tables);
    assert!(states.iter().any(|(_, s)| s == "pending"), "a table still without a result: {states:?}");
    let organiser = app.browser();
    organiser.login("organizator", "demo-organizator").await;
    // Round 4 is in play: the page offers no pairing the service would refuse, and says why.
    let overview = organiser.get(&format!("/admin/t/{t}")).await;
    assert!(!has(&overview, &format!("form[action=/admin/t/{t}/rounds]")), "no pairing offered");
    assert!(text_of(&overview, "#next-step").starts_with("Runda 4: najpierw zamknij tę rundę"));

    // Restarting with --demo on a database that has data loads nothing twice.
    let dir = app.stop().await;
    let again = TestApp::spawn_with(dir, true).await;
    assert!(again.logins.is_empty());
    // Seven tournaments: the Swiss demo (first on the list), the national final's format (issue
    // 19), then the small season's five events (issue 20: two local eliminations, two regional
    // qualifiers, the final), played and closed.
    let listed = ids_after(&again.browser().get("/").await.body, "/t/");
    assert_eq!(listed.len(), 7);
    let final_page = again.browser().get(&format!("/t/{}", listed[1])).await;
    assert_eq!(final_page.status, 200);
    assert!(Tournament::read(&final_page).name.contains("Finał ogólnopolski"));
    // Its group rounds are served as rounds too, and the tournament page links the group pages.
    assert!(has(&final_page, &format!("nav#stages a[href=/t/{}/group/A]", listed[1])));
    let group_round = again.browser().get(&format!("/t/{}/round/1", listed[1])).await;
    assert_eq!(group_round.status, 200);
}

/// `bitwa demo`, run as the real binary: a demo of the asked size that the service then serves.
fn bitwa_demo(args: &[&str]) -> (i32, String, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_bitwa"))
        .arg("demo")
        .args(args)
        .output()
        .expect("runs");
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    (out.status.code().unwrap_or(-1), text(&out.stdout), text(&out.stderr))
}

#[actix_rt::test]
async fn bitwa_demo_fills_a_database_with_a_tournament_of_the_asked_size() {
    let dir = fresh_dir();
    let url = database_url(&dir).await;
    let (code, out, err) =
        bitwa_demo(&["--players", "41", "--rounds", "3", "--complete", "--database-url", &url]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("demo tournament 1: 41 players, 3 rounds"), "{out}");
    assert!(out.contains("sedzia / password: demo-sedzia"), "{out}");
    // A second run adds another tournament; a field too small is refused with a clear message.
    let (code, out, _) = bitwa_demo(&["--players", "6", "--rounds", "1", "--database-url", &url]);
    assert_eq!(code, 0);
    assert!(out.contains("demo tournament 2: 6 players, 1 rounds"), "{out}");
    let (code, _, err) = bitwa_demo(&["--players", "1", "--database-url", &url]);
    assert_eq!(code, 2);
    assert!(err.contains("at least 2 players"), "{err}");

    let app = TestApp::spawn_with(dir, false).await;
    let b = app.browser();
    assert_eq!(ids_after(&b.get("/").await.body, "/t/").len(), 2);
    let front = Tournament::read(&b.get("/t/1").await);
    assert_eq!(front.players.len(), 41);
    assert_eq!(front.rounds.iter().map(|r| r.0).max(), Some(3), "{front:?}");
    let standings = b.get("/t/1/standings").await;
    assert_eq!(standings.body.matches("/t/1/player/").count(), 41);
    // Rounds 1 and 2 locked, round 3 published and complete: 20 decided matches and a bye each.
    for (round, status) in [(1, "locked"), (2, "locked"), (3, "published")] {
        let page = Round::read(&b.get(&format!("/t/1/round/{round}")).await);
        assert_eq!(page.status, status, "round {round}");
        assert!(page.lines.iter().all(|l| l.decided()), "every match decided: {page:?}");
        assert_eq!(page.matches().len(), 20, "round {round}");
        assert!(page.bye().is_some(), "and a bye");
    }
    let other = Round::read(&b.get("/t/2/round/1").await);
    assert!(other.lines.iter().any(|l| !l.decided()), "the other tournament's round 1 is in play");
}
