//! Forbidden pairs limited to the first rounds (league `ForbiddenUntil::Round`): respected up to
//! the round, lifted after it.

use crate::helpers::*;
use crate::setup::{Day, OpenDay};

/// The pairs of a round page as (Red in game 1, other), in table order.
fn pairs(body: &str, t: i64) -> Vec<(i64, i64)> {
    let ids = ids_after(body, &format!("/t/{t}/player/"));
    ids.chunks(2).map(|c| (c[0], c[1])).collect()
}

/// Play a match so that `winner` wins 2:0.
/// The forbidden pairs' terms on the organiser's overview ("(do rundy 1)", "(zawsze)").
fn terms(page: &Page) -> Vec<String> {
    crate::pages::Overview::read(page).forbidden_terms
}

async fn win(b: &Browser, t: i64, m: i64, red_first: i64, winner: i64) {
    let form = b.get(&format!("/ref/t/{t}/match/{m}")).await;
    let g = game_forms(&form.body, t);
    let (g1, g2) = if winner == red_first {
        (("red", "warsaw-entered", "21"), ("polish", "three-red-eliminated", "0"))
    } else {
        (("polish", "three-red-eliminated", "0"), ("red", "warsaw-entered", "21"))
    };
    assert_eq!(enter(b, t, (g[0].0, &g[0].1), g1.0, g1.1, g1.2).await.status, 303);
    assert_eq!(enter(b, t, (g[1].0, &g[1].1), g2.0, g2.1, g2.2).await.status, 303);
}

/// Three Swiss rounds of four players: (tournament, organiser, the top two seeds).
async fn top_two_seeds(app: &TestApp) -> (i64, Browser, [i64; 2]) {
    let OpenDay { t, admin, players, .. } = Day::new(app).swiss_only("3").players(4).open().await;
    (t, admin, [players[0], players[1]])
}

#[actix_rt::test]
async fn a_pair_forbidden_until_round_one_is_kept_apart_in_round_one_and_may_meet_in_round_two() {
    let app = TestApp::spawn().await;
    let (t, admin, [x, y]) = top_two_seeds(&app).await;
    let (xs, ys) = (x.to_string(), y.to_string());
    // The top two seeds would meet in round 2 if both win; forbid them for round 1 only.
    let bad = admin.post(&format!("/admin/t/{t}/forbidden"), &[("a", &xs), ("b", &ys), ("until", "0")]).await;
    assert_eq!(bad.status, 400);
    let ok = admin.post(&format!("/admin/t/{t}/forbidden"), &[("a", &xs), ("b", &ys), ("until", "1")]).await;
    assert_eq!(ok.status, 303);
    assert_eq!(terms(&admin.get(&format!("/admin/t/{t}")).await), ["(do rundy 1)"]);
    let history = admin.get(&format!("/admin/t/{t}/history")).await;
    let changes = crate::pages::admin::history(&history);
    let pair = crate::pages::admin::change(&changes, "Zakazana para: ");
    assert_eq!(pair.after, ["do rundy 1"], "{pair:?}");
    history.assert_lacks(&format!("[{x},{y},1]"));

    admin.post_follow(&format!("/admin/t/{t}/rounds"), &[]).await;
    admin.post(&format!("/admin/t/{t}/round/1/publish"), &[]).await;
    let round1 = admin.get(&format!("/t/{t}/round/1")).await;
    let r1 = pairs(&round1.body, t);
    assert_eq!(r1.len(), 2, "{}", round1.body);
    assert!(!r1.iter().any(|&(a, b)| (a == x && b == y) || (a == y && b == x)), "round 1: {r1:?}");
    // Both of the pair win: round 2 brings the two winners together, the limit having passed.
    let matches = ids_after(&round1.body, &format!("/ref/t/{t}/match/"));
    for (&m, &(a, b)) in matches.iter().zip(&r1) {
        let winner = if a == x || a == y { a } else { b };
        win(&admin, t, m, a, winner).await;
    }
    assert_eq!(admin.post(&format!("/admin/t/{t}/round/1/lock"), &[("confirm", "1")]).await.status, 303);
    admin.post_follow(&format!("/admin/t/{t}/rounds"), &[]).await;
    let r2 = pairs(&admin.get(&format!("/t/{t}/round/2")).await.body, t);
    assert!(r2.iter().any(|&(a, b)| (a == x && b == y) || (a == y && b == x)), "round 2: {r2:?}");
}

#[actix_rt::test]
async fn a_pair_forbidden_always_stays_apart_in_round_two() {
    let app = TestApp::spawn().await;
    let (t, admin, [x, y]) = top_two_seeds(&app).await;
    let (xs, ys) = (x.to_string(), y.to_string());
    // First limited, then changed to always: the second form replaces the limit.
    admin.post(&format!("/admin/t/{t}/forbidden"), &[("a", &xs), ("b", &ys), ("until", "1")]).await;
    assert_eq!(
        admin.post(&format!("/admin/t/{t}/forbidden"), &[("a", &ys), ("b", &xs), ("until", "")]).await.status,
        303
    );
    let now = terms(&admin.get(&format!("/admin/t/{t}")).await);
    assert!(!now.is_empty() && now.iter().all(|term| term == "(zawsze)"), "{now:?}");

    admin.post_follow(&format!("/admin/t/{t}/rounds"), &[]).await;
    admin.post(&format!("/admin/t/{t}/round/1/publish"), &[]).await;
    let round1 = admin.get(&format!("/t/{t}/round/1")).await;
    let r1 = pairs(&round1.body, t);
    let matches = ids_after(&round1.body, &format!("/ref/t/{t}/match/"));
    for (&m, &(a, b)) in matches.iter().zip(&r1) {
        let winner = if a == x || a == y { a } else { b };
        win(&admin, t, m, a, winner).await;
    }
    admin.post(&format!("/admin/t/{t}/round/1/lock"), &[("confirm", "1")]).await;
    admin.post_follow(&format!("/admin/t/{t}/rounds"), &[]).await;
    let r2 = pairs(&admin.get(&format!("/t/{t}/round/2")).await.body, t);
    assert_eq!(r2.len(), 2);
    assert!(!r2.iter().any(|&(a, b)| (a == x && b == y) || (a == y && b == x)), "round 2: {r2:?}");
}
