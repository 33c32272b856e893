//! A referee's correction racing the organiser's lock, over HTTP (issue 23, item 4): the round's
//! status is checked inside the correction's own transaction (`app::results`), so in none of 40
//! races does a correction land after the lock; each is either saved before it (and the lock
//! follows) or refused.

use crate::helpers::*;

#[actix_rt::test]
async fn in_forty_lock_and_correction_races_no_correction_lands_after_the_lock() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    let referee = app.browser();
    let (mut landed, mut refused) = (0, 0);
    for race in 0..40 {
        let t = create_tournament(&admin, &[("swiss_rounds", "1"), ("knockout_size", "0")]).await;
        register(&admin, t, "Adam Abacki").await;
        register(&admin, t, "Beata Babacka").await;
        let appointed = admin
            .post(&format!("/admin/t/{t}/referees"), &[("username", "sedzia"), ("password", "sedzia-haslo")])
            .await;
        assert_eq!(appointed.status, 303, "{}", appointed.body);
        if race == 0 {
            referee.login("sedzia", "sedzia-haslo").await;
        }
        assert_eq!(admin.post(&format!("/admin/t/{t}/rounds"), &[]).await.status, 303);
        assert_eq!(admin.post(&format!("/admin/t/{t}/round/1/publish"), &[]).await.status, 303);
        play_round_red_first_wins(&referee, t, 1).await;
        let m =
            ids_after(&referee.get(&format!("/t/{t}/round/1")).await.body, &format!("/ref/t/{t}/match/"))[0];
        let games = game_forms(&referee.get(&format!("/ref/t/{t}/match/{m}")).await.body, t);
        let (g, version) = (games[0].0, games[0].1.clone());
        let lock_token = admin.csrf_token().await;
        let correction_token = referee.csrf_token().await;
        let (lock_path, game_path) = (format!("/admin/t/{t}/round/1/lock"), format!("/ref/t/{t}/game/{g}"));
        let lock_fields = [("csrf", lock_token.as_str()), ("confirm", "1")];
        let correction_fields = [
            ("csrf", correction_token.as_str()),
            ("version", version.as_str()),
            ("winner", "red"),
            ("termination", "warsaw-entered"),
            ("red_points", "23"),
        ];
        let lock = admin.post_raw(&lock_path, &lock_fields);
        let correction = referee.post_raw(&game_path, &correction_fields);
        let (lock, correction) = futures_util::future::join(lock, correction).await;
        assert_eq!(lock.status, 303, "the lock goes through: {}", lock.body);
        match correction.status {
            303 => landed += 1,
            // Refused on the referee's page, with the reason beside the form.
            400 | 422 if correction.body.contains("Ta runda nie przyjmuje wyników") => refused += 1,
            other => panic!("race {race}: the correction got {other}: {}", correction.body),
        }
        // The history says the order: no correction after the lock.
        let db = TestDb::open(&app.db_url).await;
        let rows: Vec<(String, String)> = on_db!(&db, |c| sqlx::query_as(
            "SELECT entity, action FROM history WHERE tournament_id = $1 ORDER BY id"
        )
        .bind(t)
        .fetch_all(c)
        .await)
        .unwrap();
        db.close().await;
        let lock_at = rows.iter().position(|(e, a)| e == "round" && a == "locked").expect("a lock row");
        let late: Vec<_> = rows[lock_at..].iter().filter(|(e, a)| e == "game" && a == "correct").collect();
        assert!(late.is_empty(), "race {race}: a correction landed after the lock: {rows:?}");
        let corrections = rows.iter().filter(|(e, a)| e == "game" && a == "correct").count();
        assert_eq!(corrections, usize::from(correction.status == 303), "race {race}: {rows:?}");
    }
    println!(
        "lock races: 40, corrections saved before the lock {landed}, refused after it {refused}, after it 0"
    );
}
