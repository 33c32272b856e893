//! The store's contract, the same on both databases (CI runs it on SQLite, then on PostgreSQL): what
//! concurrent writers get (no lost update, version conflicts, checks that hold at commit, every write
//! with its history row and a moved stamp), stored enums read strictly, rule options as stored.

use crate::helpers::*;
use bitwa::app::demo::{DemoSpec, create};
use bitwa::engine::{Encirclement, RuleOptions};
use bitwa::outcome::{Side, Termination};
use bitwa::store::games::{GameRow, LogStatus, ResultEntry};
use bitwa::store::history::{Change, Entity};
use bitwa::store::rounds::{Forfeit, Status};
use bitwa::store::{self, Store, StoreError, TournamentId, UserId};

/// A store on a fresh database with a demo tournament: 8 players, round 1 locked, round 2 published
/// with half its results in. The tournament, its organiser, and the database's URL.
async fn demo_store() -> (Store, TournamentId, UserId, String) {
    let url = database_url(&fresh_dir()).await;
    let db = store::connect(&url).await.unwrap();
    let spec = DemoSpec { players: 8, rounds: 2, complete: false, logged_matches_per_round: 0 };
    let (t, _) = create(&db, &spec).await.unwrap();
    let organiser = store::users::by_username(&db, "organizator").await.unwrap().unwrap().id;
    (db, t, organiser, url)
}

/// The games of the round in play that have no result yet.
async fn open_games(db: &Store, t: TournamentId) -> Vec<GameRow> {
    let rounds = store::rounds::list(db, t).await.unwrap();
    let open = rounds.iter().find(|r| r.status == Status::Published).expect("a round in play").id;
    let matches: Vec<_> =
        store::rounds::matches_of(db, open).await.unwrap().into_iter().map(|m| m.id).collect();
    store::games::all_games(db, t)
        .await
        .unwrap()
        .into_iter()
        .filter(|g| matches.contains(&g.match_id) && !g.has_result())
        .collect()
}

fn typed(red_points: i64) -> ResultEntry {
    ResultEntry::typed(Side::Red, Termination::RadzyminCheck, red_points, None, None)
}

async fn changes(db: &Store, t: TournamentId) -> i64 {
    store::view::stamps(db).await.unwrap()[&t].changes
}

#[actix_rt::test]
async fn of_eight_saves_of_one_game_at_one_version_exactly_one_lands() {
    let (db, t, by, _) = demo_store().await;
    let game = open_games(&db, t).await.remove(0);
    let before = store::history::for_entity(&db, Entity::Game, game.id.0).await.unwrap().len();
    let tasks: Vec<_> = (0..8_i64)
        .map(|i| {
            let db = db.clone();
            actix_rt::spawn(async move {
                store::games::save_result(&db, t, game.id, game.version, &typed(10 + i), by).await
            })
        })
        .collect();
    let mut won = Vec::new();
    for (i, task) in tasks.into_iter().enumerate() {
        match task.await.unwrap() {
            Ok(()) => won.push(10 + i64::try_from(i).unwrap()),
            Err(StoreError::Conflict) => {}
            Err(e) => panic!("a save failed otherwise: {e}"),
        }
    }
    assert_eq!(won.len(), 1, "exactly one save at version {} lands: {won:?}", game.version);
    let (stored, _) = store::games::get(&db, game.id).await.unwrap().unwrap();
    assert_eq!(stored.red_points, Some(won[0]), "the stored result is the one save that landed");
    assert_eq!(stored.version, game.version + 1);
    let history = store::history::for_entity(&db, Entity::Game, game.id.0).await.unwrap();
    assert_eq!(history.len(), before + 1, "one history row, the landed save's");
    assert!(
        matches!(&history.last().unwrap().change, Change::ResultEntered { after, .. } if after.red_points == Some(won[0])),
        "the row holds the landed save's result"
    );
}

#[actix_rt::test]
async fn eight_writers_on_eight_games_all_land_each_with_its_history_row_and_stamp() {
    let (db, t, by, _) = demo_store().await;
    let games = open_games(&db, t).await;
    assert!(games.len() >= 4, "{} open games", games.len());
    let start = changes(&db, t).await;
    let tasks: Vec<_> = games
        .iter()
        .cycle()
        .take(8)
        .enumerate()
        .map(|(i, g)| {
            let (db, id) = (db.clone(), g.id);
            // Each writer loads the version it edits, as a form would.
            actix_rt::spawn(async move {
                loop {
                    let (row, _) = store::games::get(&db, id).await.unwrap().unwrap();
                    match store::games::save_result(
                        &db,
                        t,
                        id,
                        row.version,
                        &typed(2 * i64::try_from(i).unwrap()),
                        by,
                    )
                    .await
                    {
                        // Two writers on one game: the second reloads and saves again, as a
                        // referee told of the conflict would.
                        Err(StoreError::Conflict) => continue,
                        other => break other,
                    }
                }
            })
        })
        .collect();
    for task in tasks {
        task.await.unwrap().unwrap();
    }
    assert_eq!(changes(&db, t).await, start + 8, "every save moved the tournament's stamp once");
    let mut rows = 0;
    for g in games.iter().take(8) {
        let history = store::history::for_entity(&db, Entity::Game, g.id.0).await.unwrap();
        rows += history
            .iter()
            .filter(|h| matches!(h.change, Change::ResultEntered { .. } | Change::ResultCorrected { .. }))
            .count();
    }
    assert_eq!(rows, 8, "one history row per save");
    // The read model's snapshot is labelled with the stamp that the stamps query reads.
    let loaded = store::view::rows(&db, t).await.unwrap().unwrap();
    assert_eq!(loaded.stamp, store::view::stamps(&db).await.unwrap()[&t]);
}

#[actix_rt::test]
async fn a_result_never_lands_after_a_walkover_is_recorded_on_its_match() {
    let (db, t, by, _) = demo_store().await;
    let games = open_games(&db, t).await;
    let mut matches: Vec<_> = games.iter().map(|g| g.match_id).collect();
    matches.dedup();
    for m in matches {
        let row = store::rounds::get_match(&db, t, m).await.unwrap().unwrap();
        let game = games.iter().find(|g| g.match_id == m).unwrap().clone();
        let forfeit = {
            let db = db.clone();
            actix_rt::spawn(async move {
                store::rounds::set_forfeit(
                    &db,
                    t,
                    m,
                    row.version,
                    Some(Forfeit::AbsentB),
                    by,
                    &[Status::Published],
                )
                .await
            })
        };
        let result = {
            let db = db.clone();
            actix_rt::spawn(async move {
                store::games::save_result(&db, t, game.id, game.version, &typed(12), by).await
            })
        };
        let (forfeit, result) = (forfeit.await.unwrap(), result.await.unwrap());
        forfeit.expect("a walkover may be recorded over results");
        let walkover_at = store::history::for_entity(&db, Entity::Match, m.0).await.unwrap().len();
        assert_eq!(walkover_at, 1);
        match result {
            Err(StoreError::Refused(store::Refusal::MatchForfeited)) => {}
            Ok(()) => {
                // It landed: then before the walkover (the tournament's writers run one at a time).
                let all = store::history::for_tournament(&db, t).await.unwrap();
                let result_at = all
                    .iter()
                    .position(|h| matches!(h.change, Change::ResultEntered { game: g, .. } if g == game.id));
                let walkover_row = all.iter().position(
                    |h| matches!(h.change, Change::ForfeitChanged { match_id, .. } if match_id == m),
                );
                assert!(
                    result_at.is_some() && result_at > walkover_row,
                    "newest first: the result's row is older than the walkover's"
                );
            }
            Err(e) => panic!("unexpected: {e}"),
        }
    }
}

#[actix_rt::test]
async fn sixteen_failed_logins_at_once_on_one_key_are_sixteen_failures() {
    let (db, _, _, _) = demo_store().await;
    let key = "account:admin".to_string();
    let tasks: Vec<_> =
        (0..16)
            .map(|_| {
                let (db, key) = (db.clone(), key.clone());
                actix_rt::spawn(async move {
                    store::throttle::record_failure(&db, &[key], 1_000_000, 60_000, |_, n| {
                        if n >= 5 { 1000 } else { 0 }
                    })
                    .await
                })
            })
            .collect();
    for task in tasks {
        task.await.unwrap().unwrap();
    }
    assert_eq!(store::throttle::failures(&db, &key).await.unwrap(), 16);
    assert_eq!(store::throttle::blocked_until(&db, std::slice::from_ref(&key)).await.unwrap(), 1_001_000);
    // Past the window the count starts again.
    store::throttle::record_failure(&db, std::slice::from_ref(&key), 2_000_000, 60_000, |_, _| 0)
        .await
        .unwrap();
    assert_eq!(store::throttle::failures(&db, &key).await.unwrap(), 1);
}

#[actix_rt::test]
async fn an_unknown_stored_value_is_an_error_never_a_default() {
    let (db, t, _, url) = demo_store().await;
    let game = open_games(&db, t).await.remove(0);
    let raw = TestDb::open(&url).await;
    on_db!(&raw, |c| sqlx::query(
        "UPDATE games SET winner = 'red', termination = 'stalemate', red_points = 3 WHERE id = $1"
    )
    .bind(game.id)
    .execute(c)
    .await
    .map(|_| ()))
    .unwrap();
    let err = store::games::all_games(&db, t).await.expect_err("an unknown termination is refused");
    assert!(err.to_string().contains("stalemate"), "{err}");
    assert!(store::view::rows(&db, t).await.is_err(), "and so is the read model built on it");
    on_db!(&raw, |c| sqlx::query(
        "UPDATE games SET winner = NULL, termination = NULL, red_points = NULL WHERE id = $1"
    )
    .bind(game.id)
    .execute(c)
    .await
    .map(|_| ()))
    .unwrap();
    raw.close().await;
    assert!(store::games::all_games(&db, t).await.is_ok(), "readable again once the value is one we write");
    // Each enum stored reads back as itself.
    for side in [Side::Red, Side::Polish] {
        for termination in Termination::ALL.into_iter().filter(|t| t.fixed_winner().is_none_or(|w| w == side))
        {
            let (row, _) = store::games::get(&db, game.id).await.unwrap().unwrap();
            let entry = ResultEntry { winner: Some(side), termination: Some(termination), ..typed(4) };
            let organiser = store::users::by_username(&db, "organizator").await.unwrap().unwrap().id;
            store::games::save_result(&db, t, game.id, row.version, &entry, organiser).await.unwrap();
            let (back, _) = store::games::get(&db, game.id).await.unwrap().unwrap();
            assert_eq!(
                (back.winner, back.termination, back.log_status),
                (Some(side), Some(termination), LogStatus::None)
            );
        }
    }
}

#[actix_rt::test]
async fn rule_options_are_stored_as_given_and_a_configuration_change_moves_the_stamp() {
    let (db, t, by, url) = demo_store().await;
    let before = store::tournaments::get(&db, t).await.unwrap().unwrap();
    let rules = RuleOptions {
        fortifications: false,
        flank_attacks: true,
        time_control_secs: 600,
        no_retreat_eliminates: true,
        compulsory_advance: false,
        pillage_by_free_units_only: true,
        encirclement: Encirclement::FlankAttack,
        severe_fighting_each_card: true,
    };
    let cfg = store::tournaments::TournamentConfig { rules, ..before.config() };
    let stamp = store::view::stamps(&db).await.unwrap()[&t];
    store::tournaments::update(&db, t, before.version, &cfg, by).await.unwrap();
    let after = store::tournaments::get(&db, t).await.unwrap().unwrap();
    assert_eq!(after.rules, rules);
    assert_eq!(after.version, before.version + 1);
    let moved = store::view::stamps(&db).await.unwrap()[&t];
    assert!(moved.covers(stamp) && moved != stamp);
    // The same version again is a conflict, and changes nothing.
    let again = store::tournaments::update(&db, t, before.version, &before.config(), by).await;
    assert!(matches!(again, Err(StoreError::Conflict)), "{again:?}");
    assert_eq!(store::tournaments::get(&db, t).await.unwrap().unwrap().rules, rules);
    // One JSON object in one column, the engine's serde names.
    let raw = TestDb::open(&url).await;
    let (text,): (String,) =
        on_db!(&raw, |c| sqlx::query_as("SELECT CAST(rules AS TEXT) FROM tournaments WHERE id = $1")
            .bind(t)
            .fetch_one(c)
            .await)
        .unwrap();
    raw.close().await;
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(json["encirclement"], "flank-attack");
    assert_eq!(json["time_control_secs"], 600);
    assert_eq!(json["pillage_by_free_units_only"], true);
    assert_eq!(json["severe_fighting_each_card"], true);
}

#[actix_rt::test]
async fn an_edition_is_never_deleted_from_under_a_tournament_choosing_it() {
    let (db, t, by, _) = demo_store().await;
    for round in 0..20 {
        let code = format!("test-edition-{round}");
        let edition = store::editions::NewEdition {
            code: code.clone(),
            name: code.clone(),
            source: "test".into(),
            files: vec![("edition.csv".into(), "id\n".into())],
        };
        assert!(store::editions::insert(&db, &edition, by).await.unwrap());
        assert!(!store::editions::insert(&db, &edition, by).await.unwrap(), "a code is stored once");
        let current = store::tournaments::get(&db, t).await.unwrap().unwrap();
        let cfg = store::tournaments::TournamentConfig { edition: code.clone(), ..current.config() };
        let choose = {
            let db = db.clone();
            actix_rt::spawn(
                async move { store::tournaments::update(&db, t, current.version, &cfg, by).await },
            )
        };
        let delete = {
            let (db, code) = (db.clone(), code.clone());
            actix_rt::spawn(async move { store::editions::delete(&db, &code).await })
        };
        let (chose, deleted) = (choose.await.unwrap(), delete.await.unwrap().unwrap());
        let plays = store::tournaments::get(&db, t).await.unwrap().unwrap().edition;
        let exists = store::editions::get(&db, &code).await.unwrap().is_some();
        match (chose, deleted) {
            (Ok(()), store::editions::Deletion::InUse { .. }) => assert!(plays == code && exists),
            (Err(StoreError::Conflict), store::editions::Deletion::Deleted) => {
                assert!(plays != code && !exists)
            }
            other => panic!("round {round}: {other:?}"),
        }
        // Back on the built-in edition for the next round.
        let current = store::tournaments::get(&db, t).await.unwrap().unwrap();
        let builtin = bitwa::app::editions::cache::default_code().to_string();
        let cfg = store::tournaments::TournamentConfig { edition: builtin, ..current.config() };
        store::tournaments::update(&db, t, current.version, &cfg, by).await.unwrap();
    }
}
