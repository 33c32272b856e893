//! A referee's write racing the organiser's lock, over HTTP (issue 23, item 4 and "a test races
//! each one"): the round's status is checked inside the write's own transaction (`app::results`,
//! `store::rounds::set_forfeit`), so in none of 40 races does a correction or a walkover land after
//! the lock; each is either saved before it (and the lock follows) or refused.

use crate::helpers::*;

/// One race's ground: a tournament of one round whose only match is played, the referee appointed
/// (logged in on the first race): (tournament, the match, its first game, the game's version, the
/// match's walkover form version).
async fn played_round(admin: &Browser, referee: &Browser, race: usize) -> (i64, i64, i64, String, String) {
    let t = create_tournament(admin, &[("swiss_rounds", "1"), ("knockout_size", "0")]).await;
    register(admin, t, "Adam Abacki").await;
    register(admin, t, "Beata Babacka").await;
    let appointed = admin
        .post(&format!("/admin/t/{t}/referees"), &[("username", "sedzia"), ("password", "sedzia-haslo")])
        .await;
    assert_eq!(appointed.status, 303, "{}", appointed.body);
    if race == 0 {
        referee.login("sedzia", "sedzia-haslo").await;
    }
    assert_eq!(admin.post(&format!("/admin/t/{t}/rounds"), &[]).await.status, 303);
    assert_eq!(admin.post(&format!("/admin/t/{t}/round/1/publish"), &[]).await.status, 303);
    play_round_red_first_wins(referee, t, 1).await;
    let m = ids_after(&referee.get(&format!("/t/{t}/round/1")).await.body, &format!("/ref/t/{t}/match/"))[0];
    let page = referee.get(&format!("/ref/t/{t}/match/{m}")).await.body;
    let games = game_forms(&page, t);
    (t, m, games[0].0, games[0].1.clone(), forfeit_version(&page))
}

/// Send the lock and `write` at once; the lock goes through. Whether the write landed (303) or was
/// refused because the round is locked.
async fn race_the_lock(admin: &Browser, t: i64, write: impl std::future::Future<Output = Page>) -> bool {
    let lock_token = admin.csrf_token().await;
    let lock_path = format!("/admin/t/{t}/round/1/lock");
    let lock_fields = [("csrf", lock_token.as_str()), ("confirm", "1")];
    let (lock, written) = futures_util::future::join(admin.post_raw(&lock_path, &lock_fields), write).await;
    assert_eq!(lock.status, 303, "the lock goes through: {}", lock.body);
    match written.status {
        303 => true,
        // Refused, with the reason in the page's language.
        400 | 409 | 422 if written.body.contains("Ta runda nie przyjmuje wyników") => false,
        other => panic!("the write racing the lock got {other}: {}", written.body),
    }
}

/// The tournament's history as (entity, action), in order.
async fn history_of(app: &TestApp, t: i64) -> Vec<(String, String)> {
    let db = TestDb::open(&app.db_url).await;
    let rows: Vec<(String, String)> = on_db!(&db, |c| sqlx::query_as(
        "SELECT entity, action FROM history WHERE tournament_id = $1 ORDER BY id"
    )
    .bind(t)
    .fetch_all(c)
    .await)
    .unwrap();
    db.close().await;
    rows
}

/// The history says the order: no `(entity, action)` row after the lock, and exactly one for a
/// write that landed.
fn assert_nothing_after_the_lock(
    rows: &[(String, String)],
    entity: &str,
    action: &str,
    landed: bool,
    race: usize,
) {
    let lock_at = rows.iter().position(|(e, a)| e == "round" && a == "locked").expect("a lock row");
    let late: Vec<_> = rows[lock_at..].iter().filter(|(e, a)| e == entity && a == action).collect();
    assert!(late.is_empty(), "race {race}: a {entity} {action} landed after the lock: {rows:?}");
    let written = rows.iter().filter(|(e, a)| e == entity && a == action).count();
    assert_eq!(written, usize::from(landed), "race {race}: {rows:?}");
}

#[actix_rt::test]
async fn in_forty_lock_and_correction_races_no_correction_lands_after_the_lock() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    let referee = app.browser();
    let (mut landed, mut refused) = (0, 0);
    for race in 0..40 {
        let (t, _, g, version, _) = played_round(&admin, &referee, race).await;
        let token = referee.csrf_token().await;
        let fields = [
            ("csrf", token.as_str()),
            ("version", version.as_str()),
            ("winner", "red"),
            ("termination", "warsaw-entered"),
            ("red_points", "23"),
        ];
        let path = format!("/ref/t/{t}/game/{g}");
        let saved = race_the_lock(&admin, t, referee.post_raw(&path, &fields)).await;
        if saved {
            landed += 1
        } else {
            refused += 1
        }
        assert_nothing_after_the_lock(&history_of(&app, t).await, "game", "correct", saved, race);
    }
    println!(
        "lock races: 40, corrections saved before the lock {landed}, refused after it {refused}, after it 0"
    );
}

#[actix_rt::test]
async fn in_forty_lock_and_walkover_races_no_walkover_lands_after_the_lock() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    let referee = app.browser();
    let (mut landed, mut refused) = (0, 0);
    for race in 0..40 {
        // The played match turns out a walkover (the other player never came): set as the lock is sent.
        let (t, m, _, _, version) = played_round(&admin, &referee, race).await;
        let token = referee.csrf_token().await;
        let fields = [("csrf", token.as_str()), ("version", version.as_str()), ("forfeit", "absent-b")];
        let path = format!("/ref/t/{t}/match/{m}/forfeit");
        let saved = race_the_lock(&admin, t, referee.post_raw(&path, &fields)).await;
        if saved {
            landed += 1
        } else {
            refused += 1
        }
        assert_nothing_after_the_lock(&history_of(&app, t).await, "match", "forfeit", saved, race);
    }
    println!("walkover races: 40, saved before the lock {landed}, refused after it {refused}, after it 0");
}
