//! Authority over HTTP (issue 36, item 1): the attack, an organiser of one event merging
//! another organiser's entrant into their own, becomes a proposal that changes nothing; the other
//! organiser and the proposer cannot confirm it; the season's coordinator confirms it on
//! `/admin/proposals`, and only then the public person page lists both events.

use crate::helpers::*;

/// An account `name` made an organiser of `t` by the admin (a co-organiser: not an administrator).
async fn organiser_of(app: &TestApp, admin: &Browser, t: i64, name: &str) -> Browser {
    let password = format!("{name}-haslo-2026");
    let page = admin
        .post(
            &format!("/admin/t/{t}/referees"),
            &[("username", name), ("password", &password), ("role", "organiser")],
        )
        .await;
    assert_eq!(page.status, 303, "{}", page.body);
    let b = app.browser();
    b.login(name, &password).await;
    b
}

/// Register `name` in `t`, keeping a near person apart when asked.
async fn entrant(admin: &Browser, t: i64, name: &str) {
    let fields = [("name", name), ("birth_date", "2010-03-01"), ("club", "LO 7"), ("person_0", "new")];
    let page = admin.post(&format!("/admin/t/{t}/players"), &fields).await;
    assert_eq!(page.status, 303, "{name}: {}", page.body);
}

/// The events a person's public page links to.
async fn events_of(app: &TestApp, person: i64) -> Vec<i64> {
    ids_after(&app.browser().get(&format!("/person/{person}")).await.body, "href=\"/t/")
}

#[actix_rt::test]
async fn an_organisers_merge_of_another_events_entrant_waits_for_the_coordinator_and_changes_nothing() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    let (_, season) = create_season(&admin).await;
    let a = create_tournament(&admin, &[("name", "Eliminacje Radom")]).await;
    let b = create_tournament(&admin, &[("name", "Eliminacje Płock")]).await;
    add_season_event(&admin, season, a, "eliminacje lokalne", Some("mazowieckie"), "1").await;
    add_season_event(&admin, season, b, "eliminacje lokalne", Some("łódzkie"), "1").await;
    entrant(&admin, a, "Jan Kowal").await;
    entrant(&admin, b, "Jan Kowall").await;
    let org_a = organiser_of(&app, &admin, a, "organizator-a").await;
    let org_b = organiser_of(&app, &admin, b, "organizator-b").await;
    // A coordinator who is no administrator: an account (made as a referee of B), appointed on
    // the season's page.
    assert_eq!(appoint(&admin, b, "koordynator", "koordynator-haslo-2026").await.status, 303);
    let coordinator = app.browser();
    coordinator.login("koordynator", "koordynator-haslo-2026").await;
    let appointed =
        admin.post(&format!("/admin/season/{season}/coordinators"), &[("username", "koordynator")]).await;
    assert_eq!(appointed.status, 303, "{}", appointed.body);

    let page = org_a.get(&format!("/admin/t/{a}/persons")).await;
    let pair: Vec<i64> = ids_after(&page.body, "data-pair=\"");
    let here = pair[0];
    let other = ids_after(&page.body, &format!("data-pair=\"{here}-"))[0];
    let before = (events_of(&app, here).await, events_of(&app, other).await);
    assert_eq!((before.0.len(), before.1.len()), (1, 1));
    let fields = [("kept", here.to_string()), ("merged", other.to_string())];
    let fields: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (*k, v.as_str())).collect();

    let asked = org_a.post(&format!("/admin/t/{a}/persons/merge"), &fields).await;
    assert_eq!(asked.status, 303, "{}", asked.body);
    assert_eq!(asked.location.as_deref(), Some(format!("/admin/t/{a}/persons?proposed=1#waiting").as_str()));
    let page = org_a.get(&format!("/admin/t/{a}/persons?proposed=1")).await;
    let proposal = ids_after(&page.body, "data-proposal=\"");
    assert_eq!(proposal.len(), 1, "the page lists the proposal waiting");
    assert!(ids_after(&page.body, "data-pair=\"").is_empty(), "and does not offer the pair again");
    assert_eq!((events_of(&app, here).await, events_of(&app, other).await), before, "nothing merged");

    // Neither organiser may decide it: not on their list, refused when posted, nothing changed.
    let confirm = format!("/admin/proposals/{}/confirm", proposal[0]);
    for who in [&org_a, &org_b] {
        assert!(ids_after(&who.get("/admin/proposals").await.body, "data-proposal=\"").is_empty());
        assert_eq!(who.post(&confirm, &[]).await.status, 403);
        assert_eq!(who.post(&format!("/admin/proposals/{}/refuse", proposal[0]), &[]).await.status, 403);
    }
    assert_eq!(app.browser().post(&confirm, &[]).await.status, 303, "a visitor goes to the login");
    assert_eq!((events_of(&app, here).await, events_of(&app, other).await), before, "nothing merged");
    // A direct merge from the season's page by an organiser is refused by the route.
    let season_merge = format!("/admin/season/{season}/persons/merge");
    assert_eq!(org_a.post(&season_merge, &fields).await.status, 403);

    // The season's coordinator confirms: merged, the public page lists both events.
    let list = coordinator.get("/admin/proposals").await;
    assert_eq!(ids_after(&list.body, "data-proposal=\""), proposal);
    let done = coordinator.post(&confirm, &[]).await;
    assert_eq!(done.status, 303, "{}", done.body);
    let mut both = events_of(&app, here).await;
    both.sort_unstable();
    assert_eq!(both, [a, b]);
    assert_eq!(coordinator.post(&confirm, &[]).await.status, 409, "decided once");
}
