//! Starting a recording racing a typed result for the same game, over HTTP (issue 23, "a game's
//! recording" among the writes a test races; issue 21, "nothing lost between the recorder and the
//! result form"): both writes check the other inside their own transaction
//! (`store::recordings::start`, `store::games` refusing `BeingRecorded`), so in none of 40 races do
//! both land: either the typed result stands and nothing is recorded, or the recording runs and no
//! result was typed.

use crate::helpers::*;
use crate::setup::Day;

/// What the database holds for a game: (a recording exists, a result stands).
async fn stored(app: &TestApp, g: i64) -> (bool, bool) {
    let db = TestDb::open(&app.db_url).await;
    let recorded: Option<(i64,)> =
        on_db!(&db, |c| sqlx::query_as("SELECT game_id FROM recordings WHERE game_id = $1")
            .bind(g)
            .fetch_optional(c)
            .await)
        .unwrap();
    let (winner,): (Option<String>,) =
        on_db!(&db, |c| sqlx::query_as("SELECT winner FROM games WHERE id = $1").bind(g).fetch_one(c).await)
            .unwrap();
    db.close().await;
    (recorded.is_some(), winner.is_some())
}

#[actix_rt::test]
async fn in_forty_races_of_a_recording_start_and_a_typed_result_only_one_lands() {
    let app = TestApp::spawn().await;
    let (mut typed, mut recorded) = (0, 0);
    // Eight players: four matches, eight games not yet played, five times.
    for _ in 0..5 {
        let day = Day::new(&app).swiss_only("1").players(8).referee().published().open().await;
        let (t, referee) = (day.t, day.referee());
        for &m in &day.matches {
            for (g, version) in day.games(m).await {
                let token = referee.csrf_token().await;
                let start = [("csrf", token.as_str()), ("action", "start")];
                let result = [
                    ("csrf", token.as_str()),
                    ("version", version.as_str()),
                    ("winner", "red"),
                    ("termination", "warsaw-entered"),
                    ("red_points", "23"),
                ];
                let (record_path, game_path) =
                    (format!("/ref/t/{t}/game/{g}/record"), format!("/ref/t/{t}/game/{g}"));
                let (started, entered) = futures_util::future::join(
                    referee.post_raw(&record_path, &start),
                    referee.post_raw(&game_path, &result),
                )
                .await;
                let (has_recording, has_result) = stored(&app, g).await;
                assert!(
                    has_recording != has_result,
                    "game {g}: exactly one of the two stands (recording {has_recording}, result {has_result}); \
                     start answered {}, the result {}",
                    started.status,
                    entered.status
                );
                if has_result {
                    assert_eq!(
                        entered.status, 303,
                        "the result that stands was acknowledged: {}",
                        entered.body
                    );
                    typed += 1;
                } else {
                    // The typed result was refused with a way to the recording, in Polish.
                    assert_ne!(entered.status, 303, "a refused result is not acknowledged");
                    assert!(
                        crate::pages::has(&entered, &format!("a[href={record_path}]")),
                        "the refusal links the recording: {}",
                        entered.body
                    );
                    recorded += 1;
                }
            }
        }
    }
    assert_eq!(typed + recorded, 40);
    println!("recording races: 40, the typed result stood {typed}, the recording {recorded}, both 0");
}
