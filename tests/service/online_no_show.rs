//! The no-show of an online match (issue 25): a player who does not open their link within the
//! organiser's waiting time loses the match by no-show. Game 1 starts only once both players have
//! opened their links; the player present (or the referee) claims the win once the waiting time has
//! passed since the round was published (or the match went online, if later), and the claim is
//! recorded as the referee's typed no-show is: the same walkover on the match, the same pairing line,
//! the same standings, the same history row. The time is moved by the store (the waiting set to have
//! begun long ago), never by sleeping.

use crate::helpers::*;
use crate::online::{issue_links, referee_url, round_one_with};
use crate::pages::{Online, OnlineReferee, Round, input, players_of, points_of};

/// The seconds the page counts down before the claim (`data-seconds`).
fn claim_in(body: &str) -> Option<i64> {
    Online::read(body).claim_in
}

/// The waiting of every online match of the tournament began long ago (the round published and
/// the matches marked online in 2020): their waiting time is over.
async fn wait_long_ago(app: &TestApp, t: i64) {
    let db = crate::table::db(app).await;
    on_db!(&db, |c| sqlx::query(
        "UPDATE online_matches SET marked_at = '2020-01-01T00:00:00Z' WHERE match_id IN \
         (SELECT m.id FROM matches m JOIN rounds r ON r.id = m.round_id WHERE r.tournament_id = $1)"
    )
    .bind(t)
    .execute(c)
    .await
    .map(|_| ()))
    .unwrap();
    on_db!(&db, |c| sqlx::query(
        "UPDATE rounds SET published_at = '2020-01-01T00:00:00Z' WHERE tournament_id = $1"
    )
    .bind(t)
    .execute(c)
    .await
    .map(|_| ()))
    .unwrap();
}

/// The stored walkover of a match.
async fn forfeit_of(app: &TestApp, m: i64) -> Option<String> {
    let db = crate::table::db(app).await;
    let (f,): (Option<String>,) =
        on_db!(&db, |c| sqlx::query_as("SELECT forfeit FROM matches WHERE id = $1")
            .bind(m)
            .fetch_one(c)
            .await)
        .unwrap();
    f
}

#[actix_web::test]
async fn a_player_who_does_not_show_within_the_waiting_time_loses_the_match_by_no_show() {
    let app = TestApp::spawn().await;
    // The organiser's waiting time: 20 minutes (the default is 15).
    let (t, admin, matches) = round_one_with(
        &app,
        6,
        &[("no_show_wait_mins", "20"), ("swiss_rounds", "2"), ("knockout_size", "0")],
    )
    .await;
    assert_eq!(matches.len(), 3);
    let config = admin.get(&format!("/admin/t/{t}")).await;
    assert_eq!(input(&config, &format!("form[action=/admin/t/{t}/config]"), "no_show_wait_mins"), "20");
    for &m in &matches[..2] {
        assert_eq!(admin.post(&referee_url(t, m), &[("action", "mark")]).await.status, 303);
    }
    let mut names = Vec::new();
    for &m in &matches {
        names.push(players_of(&admin.get(&format!("/ref/t/{t}/match/{m}")).await.body));
    }
    // Match 1: player a comes, player b does not. The page says the game waits for the opponent,
    // and how long until the no-show may be claimed (the 20 minutes just begun).
    let tokens1 = issue_links(&admin, t, matches[0]).await;
    let tokens2 = issue_links(&admin, t, matches[1]).await;
    let (a1, a2) = (app.browser(), app.browser());
    let url1 = format!("/online/{}", tokens1[0].1);
    let url2 = format!("/online/{}", tokens2[0].1);
    let page = a1.get(&url1).await;
    let waiting = Online::read(&page.assert_ok().body);
    assert_eq!((waiting.state, waiting.game), ("waiting", None), "{waiting:?}");
    let note = waiting.waiting.clone().unwrap_or_default();
    assert!(note.starts_with("Czekamy, aż przeciwnik otworzy swój link."), "{note}");
    let left = claim_in(&page.body).expect("the countdown to the claim");
    assert!((20 * 60 - 60..=20 * 60).contains(&left), "about twenty minutes to wait: {left}");
    assert!(!waiting.claim_open, "no claim yet");
    a2.get(&url2).await.assert_ok();
    // Too early: the claim is refused, nothing recorded; the referee cannot record it either.
    let early = a1.post(&format!("{url1}/no-show"), &[]).await;
    assert_eq!(early.status, 409, "{}", early.body);
    early.assert_contains("Czas oczekiwania na przeciwnika jeszcze nie minął.");
    let by_referee_early = admin
        .post(&referee_url(t, matches[1]), &[("action", "no-show"), ("player", &tokens2[0].0.to_string())])
        .await;
    assert_eq!(by_referee_early.status, 400, "{}", by_referee_early.body);
    assert_eq!(forfeit_of(&app, matches[0]).await, None);
    assert_eq!(forfeit_of(&app, matches[1]).await, None);
    // Without the CSRF token: 403.
    assert_eq!(a1.post_raw(&format!("{url1}/no-show"), &[]).await.status, 403);
    // The referee's page shows who is present and who is not, and no claim yet.
    let referee_page = admin.get(&referee_url(t, matches[0])).await;
    let referee_page = OnlineReferee::read(&referee_page);
    let presence: Vec<(i64, bool)> = referee_page.presence.iter().map(|p| (p.0, p.1)).collect();
    assert_eq!(presence, [(tokens1[0].0, true), (tokens1[1].0, false)], "{referee_page:?}");
    assert!(referee_page.presence[0].2.starts_with("obecność od"), "{referee_page:?}");
    assert_eq!(referee_page.presence[1].2, "link jeszcze nieotwarty");
    assert!(referee_page.claim_wait && referee_page.referee_claim.is_none(), "{referee_page:?}");

    // The waiting began long ago: the claim is open on the page, and on the referee's page.
    wait_long_ago(&app, t).await;
    let page = a1.get(&url1).await;
    let open = Online::read(&page);
    assert!(open.claim_open && open.claim_in.is_none(), "{open:?}");
    let claim = OnlineReferee::read(&admin.get(&referee_url(t, matches[1])).await).referee_claim;
    assert_eq!(claim, Some(format!("Zapisz walkower za niestawienie się: {}", names[1].1)));
    // Match 1 is claimed by the player present, match 2 by the referee for the player present,
    // match 3 (at the table) typed by the referee as the same no-show.
    let claimed = a1.post(&format!("{url1}/no-show"), &[]).await;
    assert_eq!(claimed.status, 303, "{}", claimed.body);
    let recorded = admin
        .post(&referee_url(t, matches[1]), &[("action", "no-show"), ("player", &tokens2[0].0.to_string())])
        .await;
    assert_eq!(recorded.status, 303, "{}", recorded.body);
    let form = admin.get(&format!("/ref/t/{t}/match/{}", matches[2])).await;
    let typed = admin
        .post(
            &format!("/ref/t/{t}/match/{}/forfeit", matches[2]),
            &[("version", &forfeit_version(&form.body)), ("forfeit", "absent-b")],
        )
        .await;
    assert_eq!(typed.status, 303, "{}", typed.body);
    for &m in &matches {
        assert_eq!(forfeit_of(&app, m).await.as_deref(), Some("absent-b"), "match {m}");
    }
    // A second claim changes nothing; the absent player coming late finds the match decided.
    let again = a1.post(&format!("{url1}/no-show"), &[]).await;
    assert_eq!(again.status, 409, "{}", again.body);
    let late = app.browser().get(&format!("/online/{}", tokens1[1].1)).await;
    let late = Online::read(&late.assert_ok().body);
    assert!(late.game.is_none() && !late.claim_open, "{late:?}");
    // The same result as the typed no-show everywhere: the pairings, the standings, the history.
    let pairings = Round::read(&app.browser().get(&format!("/t/{t}/round/1")).await);
    let results: Vec<&str> = pairings.lines.iter().map(|l| l.result.as_str()).collect();
    let expected: Vec<String> = names
        .iter()
        .map(|(present, absent)| format!("Wygrywa {present} walkowerem (nieobecność: {absent})"))
        .collect();
    assert_eq!(results, expected);
    assert_eq!(admin.post(&format!("/admin/t/{t}/round/1/lock"), &[("confirm", "1")]).await.status, 303);
    let standings = app.browser().get(&format!("/t/{t}/standings")).await;
    let won: Vec<String> = names.iter().map(|(p, _)| points_of(&standings, p)).collect();
    let lost: Vec<String> = names.iter().map(|(_, a)| points_of(&standings, a)).collect();
    assert_eq!(won, vec!["1"; 3], "{}", standings.body);
    assert_eq!(lost, vec!["0"; 3]);
    let changes = crate::pages::admin::history(&admin.get(&format!("/admin/t/{t}/history")).await);
    for (k, (_, absent)) in names.iter().enumerate() {
        let forfeit = crate::pages::admin::change(
            &changes,
            &format!("Walkower lub wycofanie (runda 1, stół {})", k + 1),
        );
        assert_eq!(forfeit.after, [format!("nieobecność: {absent}")], "{forfeit:?}");
    }
    app.stop().await;
}

#[actix_web::test]
async fn no_no_show_when_both_players_came_and_the_game_starts_only_then() {
    let app = TestApp::spawn().await;
    let (t, admin, matches) = round_one_with(&app, 2, &[]).await;
    let m = matches[0];
    assert_eq!(admin.post(&referee_url(t, m), &[("action", "mark")]).await.status, 303);
    let tokens = issue_links(&admin, t, m).await;
    // Nobody came yet: the referee's page says the referee decides, as at the table.
    let nobody = OnlineReferee::read(&admin.get(&referee_url(t, m)).await);
    assert!(nobody.neither && nobody.referee_claim.is_none(), "{nobody:?}");
    let (a, b) = (app.browser(), app.browser());
    let (url_a, url_b) = (format!("/online/{}", tokens[0].1), format!("/online/{}", tokens[1].1));
    wait_long_ago(&app, t).await;
    // One came: no clock runs, no game is on, until the other comes.
    let alone = Online::read(&a.get(&url_a).await);
    assert!(alone.game.is_none() && alone.claim_open, "{alone:?}");
    let db = crate::table::db(&app).await;
    let (n,): (i64,) =
        on_db!(&db, |c| sqlx::query_as("SELECT COUNT(*) FROM recordings").fetch_one(c).await).unwrap();
    assert_eq!(n, 0, "no game started while one player is away");
    // The other comes: the game starts; now neither may claim a no-show.
    let page = b.get(&url_b).await;
    assert!(Online::read(&page.assert_ok().body).game.is_some(), "the game is on");
    let claim = a.post(&format!("{url_a}/no-show"), &[]).await;
    assert_eq!(claim.status, 409, "{}", claim.body);
    assert!(Online::read(&claim).error.is_some(), "the refusal shown");
    let by_referee =
        admin.post(&referee_url(t, m), &[("action", "no-show"), ("player", &tokens[0].0.to_string())]).await;
    assert_eq!(by_referee.status, 400, "{}", by_referee.body);
    assert_eq!(forfeit_of(&app, m).await, None);
    let referee_page = OnlineReferee::read(&admin.get(&referee_url(t, m)).await);
    let present: Vec<(i64, bool)> = referee_page.presence.iter().map(|p| (p.0, p.1)).collect();
    assert_eq!(present, tokens.iter().map(|(p, _)| (*p, true)).collect::<Vec<_>>(), "{referee_page:?}");
    assert!(referee_page.referee_claim.is_none());
    app.stop().await;
}
