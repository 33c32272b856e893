//! Referees assigned to tables: the organiser assigns a referee to a table or a range of tables of a
//! round (logged); "my tables" lists the referee's own tables first, then the rest.

use crate::helpers::*;
use crate::setup::{Day, OpenDay};

/// (own tables, other tables) on a referee's "my tables" page: the table numbers, in order.
fn my_tables(body: &str) -> (Vec<i64>, Vec<i64>) {
    assert!(crate::pages::has(body, "#others"), "the other tables' list:\n{body}");
    let (mine, others) = crate::pages::my_tables(body);
    let numbers = |lines: Vec<crate::pages::TableLine>| lines.into_iter().map(|l| l.1).collect();
    (numbers(mine), numbers(others))
}

#[actix_rt::test]
async fn the_organiser_assigns_tables_and_my_tables_lists_them_first() {
    let app = TestApp::spawn().await;
    let OpenDay { t, admin, .. } = Day::new(&app).swiss_only("2").players(6).open().await;
    for (u, p) in [("sedzia1", "sedzia1-haslo"), ("sedzia2", "sedzia2-haslo")] {
        appoint(&admin, t, u, p).await;
    }
    let other_t = create_tournament(&admin, &[("name", "Inny turniej")]).await;
    appoint(&admin, other_t, "obcy", "obcy-haslo").await;
    let r1 = app.browser();
    r1.login("sedzia1", "sedzia1-haslo").await;
    let r2 = app.browser();
    r2.login("sedzia2", "sedzia2-haslo").await;
    let stranger = app.browser();
    stranger.login("obcy", "obcy-haslo").await;

    admin.post_follow(&format!("/admin/t/{t}/rounds"), &[]).await;
    admin.post(&format!("/admin/t/{t}/round/1/publish"), &[]).await;
    // Before any assignment every table is listed once, as before.
    assert_eq!(my_tables(&r1.get(&format!("/ref/t/{t}")).await.body), (vec![], vec![1, 2, 3]));

    let assign = format!("/admin/t/{t}/round/1/assign");
    let round = admin.get(&format!("/t/{t}/round/1")).await;
    assert_eq!(
        crate::pages::text_of(&round, "#assign h2"),
        "Przydziel sędziego do stołów",
        "the form to assign"
    );
    // Only organisers assign, with the CSRF token, and only referees of this tournament.
    assert_eq!(r1.post(&assign, &[("referee", "sedzia1"), ("from", "1"), ("to", "3")]).await.status, 403);
    assert_eq!(admin.post_raw(&assign, &[("referee", "sedzia1"), ("from", "1")]).await.status, 403);
    let foreign = admin.post(&assign, &[("referee", "obcy"), ("from", "1")]).await;
    assert_eq!(foreign.status, 400);
    foreign.assert_contains("to nie jest sędzia tego turnieju");
    let empty = admin.post(&assign, &[("referee", "sedzia1"), ("from", "7"), ("to", "9")]).await;
    assert_eq!(empty.status, 400);
    empty.assert_contains("nie ma stołów");

    assert_eq!(admin.post(&assign, &[("referee", "sedzia1"), ("from", "1"), ("to", "2")]).await.status, 303);
    assert_eq!(admin.post(&assign, &[("referee", "sedzia2"), ("from", "3")]).await.status, 303);
    assert_eq!(my_tables(&r1.get(&format!("/ref/t/{t}")).await.body), (vec![1, 2], vec![3]));
    let page2 = r2.get(&format!("/ref/t/{t}")).await;
    assert!(crate::pages::has(&page2, "#mine") && crate::pages::has(&page2, "#others"), "both lists");
    assert_eq!(my_tables(&page2.body), (vec![3], vec![1, 2]));
    // The pairings page shows referees who looks after which table; the public does not see it.
    let seen = crate::pages::referee::table_referees(&r1.get(&format!("/t/{t}/round/1")).await);
    let expected = [(1, "sedzia1"), (2, "sedzia1"), (3, "sedzia2")].map(|(n, r)| (n, r.to_string()));
    assert_eq!(seen, expected);
    let public = crate::pages::Round::read(&app.browser().get(&format!("/t/{t}/round/1")).await);
    assert!(!public.lines.iter().any(|l| l.text.contains("Sędzia:")), "{public:?}");

    // Table 2 back to nobody: sedzia1 keeps table 1 only.
    assert_eq!(admin.post(&assign, &[("referee", ""), ("from", "2")]).await.status, 303);
    assert_eq!(my_tables(&r1.get(&format!("/ref/t/{t}")).await.body), (vec![1], vec![2, 3]));
    let history = admin.get(&format!("/admin/t/{t}/history")).await;
    assert_eq!(history.body.matches("Przydział sędziów do stołów").count(), 3, "{}", history.body);

    // Helping at another table is still allowed; a referee of another tournament is not.
    let (mine, others) = my_tables(&r1.get(&format!("/ref/t/{t}")).await.body);
    assert_eq!((mine.len(), others.len()), (1, 2));
    let round = r1.get(&format!("/t/{t}/round/1")).await;
    let m = ids_after(&round.body, &format!("/ref/t/{t}/match/"))[2];
    let form = r1.get(&format!("/ref/t/{t}/match/{m}")).await;
    let games = game_forms(&form.body, t);
    assert_eq!(enter(&r1, t, (games[0].0, &games[0].1), "red", "warsaw-entered", "21").await.status, 303);
    assert_eq!(stranger.get(&format!("/ref/t/{t}")).await.status, 403);
    assert_eq!(
        enter(&stranger, t, (games[1].0, &games[1].1), "red", "radzymin-check", "10").await.status,
        403
    );
}

#[actix_rt::test]
async fn a_draft_with_assignments_can_still_be_discarded() {
    let app = TestApp::spawn().await;
    let OpenDay { t, admin, .. } = Day::new(&app).swiss_only("2").players(4).referee().draft().open().await;
    let assign = format!("/admin/t/{t}/round/1/assign");
    assert_eq!(admin.post(&assign, &[("referee", "sedzia"), ("from", "1"), ("to", "2")]).await.status, 303);
    assert_eq!(admin.post(&format!("/admin/t/{t}/round/1/discard"), &[("confirm", "1")]).await.status, 303);
    let draft = admin.post_follow(&format!("/admin/t/{t}/rounds"), &[]).await;
    assert_eq!(crate::pages::Round::read(&draft).status, "draft");
}
