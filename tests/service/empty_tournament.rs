//! The next step knows an empty or tiny tournament (issue 37): no pairing is offered or taken below
//! 2 active players, and players entered before round 1 is published join round 1 (its draft paired
//! again, the overview saying so); the season is named and linked on the event's pages.

use crate::helpers::*;

#[actix_rt::test]
async fn an_empty_tournament_offers_no_pairing_and_late_entrants_before_publication_join_round_1() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    let t = create_tournament(&admin, &[]).await;
    // No player: the overview offers no pairing and says why; asked anyway, refused.
    let overview = admin.get(&format!("/admin/t/{t}")).await;
    assert!(
        !crate::pages::has(&overview, &format!("form[action=/admin/t/{t}/rounds]")),
        "no pairing offered"
    );
    let why = crate::pages::text_of(&overview, "#next-step");
    assert!(why.contains("co najmniej 2 aktywnych graczy; aktywnych jest teraz: 0"), "{why}");
    let refused = admin.post(&format!("/admin/t/{t}/rounds"), &[]).await;
    assert!(refused.status >= 400 && refused.status < 500, "{}: {}", refused.status, refused.body);
    assert!(!crate::pages::admin::links_to(&admin.get(&format!("/t/{t}")).await, &format!("/t/{t}/round/1")));
    // One player: still nothing to pair.
    register(&admin, t, "Anna Nowak").await;
    let why = crate::pages::text_of(&admin.get(&format!("/admin/t/{t}")).await, "#next-step");
    assert!(why.contains("aktywnych jest teraz: 1"), "{why}");
    // Four: round 1 is paired as a draft; a fifth entered before it is published joins it.
    for name in ["Jan Wiśniewski", "Ola Kowalska", "Piotr Zieliński"] {
        register(&admin, t, name).await;
    }
    let paired = admin.post(&format!("/admin/t/{t}/rounds"), &[]).await;
    assert_eq!(paired.status, 303, "{}", paired.body);
    let late = admin
        .post(
            &format!("/admin/t/{t}/players"),
            &[("name", "Ewa Późna"), ("birth_date", "2010-01-15"), ("club", "LO 2")],
        )
        .await;
    assert_eq!(late.status, 303, "{}", late.body);
    let to = late.location.clone().unwrap_or_default();
    assert!(to.contains("saved=players-repaired"), "{to}");
    let overview = admin.get(&to).await;
    let saved = crate::pages::attr_of(&overview, "#saved", "data-saved");
    assert_eq!(saved, "saved_players_repaired", "the draft paired again, not a join in round 2");
    overview.assert_lacks("dołącza w rundzie 2");
    // The draft has her: published, round 1 lists five players (four at tables and a bye).
    let published = admin.post(&format!("/admin/t/{t}/round/1/publish"), &[]).await;
    assert_eq!(published.status, 303, "{}", published.body);
    let round = admin.get(&format!("/t/{t}/round/1")).await;
    let names = crate::pages::Round::read(&round).names();
    assert!(names.iter().any(|n| n == "Ewa Późna"), "{names:?}");
}
