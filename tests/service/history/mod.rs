//! The change history as the store keeps it: every write's row in the columns (entity, action, JSON
//! values) that rows have always had, so rows written by older releases read as the same typed
//! changes and say the same sentences; every change round-trips; an unknown row is an error.

use bitwa::outcome::{Side, Termination};
use bitwa::store::games::LogStatus;
use bitwa::store::history::{Change, Filter};
use bitwa::store::rounds::Phase;
use bitwa::store::{self, PlayerId, StoreError};
use bitwa::web::text::history::{Names, describe};
use bitwa::web::text::i18n::Lang;

mod said;
mod stored;
mod world;

use said::{SAID_EN, SAID_PL, Sentence};
use stored::{AS_WRITTEN, KINDS_READ, OLDER_SHAPES};
use world::{Row, World, one_of_each, replace_history, stored_rows, write_everything};

/// The history page's sentences, oldest first: what, before, after.
async fn sentences(w: &World, lang: Lang) -> Vec<(String, Vec<String>, Vec<String>)> {
    let players =
        store::players::list(&w.db, w.t).await.unwrap().into_iter().map(|p| (p.id.0, p.name)).collect();
    let users = store::users::all_names(&w.db).await.unwrap().into_iter().collect();
    let names = Names { players, users };
    let mut rows = store::history::page(&w.db, w.t, Filter::default(), 0, 1000).await.unwrap();
    rows.reverse();
    rows.iter().map(|e| describe(lang, &names, e)).map(|l| (l.what, l.before, l.after)).collect()
}

/// The lot's time as stored (it is `now()` when the lot was drawn).
fn lot_time(rows: &[Row]) -> String {
    let lot = rows.iter().find(|r| r.2 == "extra-game lot").expect("the lot's row");
    let value: serde_json::Value = serde_json::from_str(&lot.4).unwrap();
    value["at"].as_str().unwrap().to_string()
}

#[actix_rt::test]
async fn every_write_stores_the_columns_older_releases_stored() {
    let w = write_everything().await;
    let stored = stored_rows(&w).await;
    let expected = w.rows(AS_WRITTEN, &lot_time(&stored));
    assert_eq!(stored.len(), expected.len());
    for (got, want) in stored.iter().zip(&expected) {
        assert_eq!(got, want);
    }
}

/// The world's history replaced by the rows older releases wrote (the draft's ids those of the
/// round played, as SQLite hands them out again, so the rows' places are the same on PostgreSQL).
async fn world_with_old_rows() -> World {
    let w = write_everything().await;
    let w = World { draft: w.round, d1: w.m1, d2: w.m2, ..w };
    let mut rows = w.rows(AS_WRITTEN, "2026-05-09T14:03:59Z");
    rows.extend(w.rows(OLDER_SHAPES, ""));
    replace_history(&w, &rows).await;
    w
}

fn owned(said: &[Sentence]) -> Vec<(String, Vec<String>, Vec<String>)> {
    let all = |v: &[&str]| v.iter().map(|s| (*s).to_string()).collect::<Vec<_>>();
    said.iter().map(|(what, before, after)| ((*what).to_string(), all(before), all(after))).collect()
}

#[actix_rt::test]
async fn rows_older_releases_wrote_say_the_sentences_they_said() {
    let w = world_with_old_rows().await;
    for (lang, said) in [(Lang::Pl, SAID_PL), (Lang::En, SAID_EN)] {
        let now = sentences(&w, lang).await;
        assert_eq!(now.len(), said.len(), "{lang:?}");
        for (now, said) in now.iter().zip(owned(said)) {
            assert_eq!(now, &said, "{lang:?}");
        }
    }
}

/// A change's kind by name. Exhaustive: a new kind of change does not compile here until the tests
/// below know it.
fn kind(change: &Change) -> &'static str {
    match change {
        Change::ResultEntered { .. } => "ResultEntered",
        Change::ResultCorrected { .. } => "ResultCorrected",
        Change::ExtraGameDrawn { .. } => "ExtraGameDrawn",
        Change::ForfeitChanged { .. } => "ForfeitChanged",
        Change::DeckChecked { .. } => "DeckChecked",
        Change::MatchPaired { .. } => "MatchPaired",
        Change::PairingDiscarded { .. } => "PairingDiscarded",
        Change::PlayersSwapped { .. } => "PlayersSwapped",
        Change::DraftDiscarded { .. } => "DraftDiscarded",
        Change::RoundAdvanced { .. } => "RoundAdvanced",
        Change::RoundUnlocked { .. } => "RoundUnlocked",
        Change::RefereesAssigned { .. } => "RefereesAssigned",
        Change::PlayerRegistered { .. } => "PlayerRegistered",
        Change::PlayerWithdrawn { .. } => "PlayerWithdrawn",
        Change::PlayerReadmitted { .. } => "PlayerReadmitted",
        Change::PlayerChanged { .. } => "PlayerChanged",
        Change::PlayerErased { .. } => "PlayerErased",
        Change::PairForbidden { .. } => "PairForbidden",
        Change::PairAllowed { .. } => "PairAllowed",
        Change::ConfigChanged { .. } => "ConfigChanged",
        Change::RecordingStarted { .. } => "RecordingStarted",
        Change::LineTakenBack { .. } => "LineTakenBack",
        Change::RecordingEnded { .. } => "RecordingEnded",
        Change::RecordedResultSetAside { .. } => "RecordedResultSetAside",
        Change::StageChanged { .. } => "StageChanged",
        Change::PersonsMerged { .. } => "PersonsMerged",
        Change::PersonsUnmerged { .. } => "PersonsUnmerged",
        Change::PersonsKeptApart { .. } => "PersonsKeptApart",
        Change::EntryAbsent { .. } => "EntryAbsent",
    }
}

/// Every kind, as [`kind`] names them.
const KINDS: [&str; 29] = [
    "ResultEntered",
    "ResultCorrected",
    "ExtraGameDrawn",
    "ForfeitChanged",
    "DeckChecked",
    "MatchPaired",
    "PairingDiscarded",
    "PlayersSwapped",
    "DraftDiscarded",
    "RoundAdvanced",
    "RoundUnlocked",
    "RefereesAssigned",
    "PlayerRegistered",
    "PlayerWithdrawn",
    "PlayerReadmitted",
    "PlayerChanged",
    "PlayerErased",
    "PairForbidden",
    "PairAllowed",
    "ConfigChanged",
    "RecordingStarted",
    "LineTakenBack",
    "RecordingEnded",
    "RecordedResultSetAside",
    "StageChanged",
    "PersonsMerged",
    "PersonsUnmerged",
    "PersonsKeptApart",
    "EntryAbsent",
];

/// The tournament's changes, oldest first.
async fn changes(w: &World) -> Vec<Change> {
    let mut all = store::history::for_tournament(&w.db, w.t).await.unwrap();
    all.reverse();
    all.into_iter().map(|r| r.change).collect()
}

fn json(text: &str) -> serde_json::Value {
    serde_json::from_str(text).unwrap()
}

#[actix_rt::test]
async fn rows_older_releases_wrote_read_as_the_changes_they_record() {
    let w = world_with_old_rows().await;
    let read = changes(&w).await;
    assert_eq!(read.iter().map(kind).collect::<Vec<_>>(), KINDS_READ);
    // Read back into columns, today's rows are what was stored (as JSON values: erasure rewrote
    // the erased player's values with their keys in another order).
    let stored = w.rows(AS_WRITTEN, "2026-05-09T14:03:59Z");
    for (change, (entity, id, action, old, new)) in read.iter().zip(&stored) {
        let columns = change.columns().unwrap();
        assert_eq!(
            (columns.entity.as_str(), columns.entity_id, columns.action),
            (entity.as_str(), *id, action.as_str())
        );
        assert_eq!(
            (json(&columns.old_value), json(&columns.new_value)),
            (json(old), json(new)),
            "{change:?}"
        );
    }
    // Values of older shapes read with what they lack as none, and as they were.
    let older = &read[AS_WRITTEN.len()..];
    match &older[0] {
        Change::ResultCorrected { before, after, .. } => {
            assert_eq!((before.log_edition.as_deref(), after.log_edition.as_deref()), (None, None));
            assert_eq!(
                (after.winner, after.termination),
                (Some(Side::Polish), Some(Termination::TimeForfeit))
            );
            assert_eq!(after.log_status, LogStatus::Invalid);
        }
        other => panic!("{other:?}"),
    }
    match &older[1] {
        Change::ConfigChanged { before, after, .. } => {
            assert_eq!(before.setting("time_control_secs"), Some(&serde_json::json!(900)));
            assert_eq!(after.setting("time_control_secs"), Some(&serde_json::json!(600)));
            assert_eq!(after.setting("no_such_setting"), None);
        }
        other => panic!("{other:?}"),
    }
    match &read[3] {
        Change::PlayerRegistered { registration, .. } => {
            assert_eq!(registration.birth_date, None, "erased");
            assert_eq!(registration.name, format!("Anonim #{}", w.piotr));
        }
        other => panic!("{other:?}"),
    }
    match &older[7] {
        Change::DraftDiscarded { draft, .. } => {
            assert_eq!(draft.phase, Phase::Knockout);
            assert_eq!(draft.deck_checks[0].5, r#"[[17,"Piłsudski"]]"#);
        }
        other => panic!("{other:?}"),
    }
}

#[actix_rt::test]
async fn every_kind_of_change_round_trips_through_the_store() {
    let w = write_everything().await;
    let written = changes(&w).await.len();
    let samples = one_of_each(&w);
    let mut kinds: Vec<&str> = samples.iter().map(kind).collect();
    kinds.dedup();
    assert_eq!(kinds, KINDS, "one of each kind, in the order of the enum");
    for change in &samples {
        let mut tx = w.db.write_tournament(w.t).await.unwrap();
        tx.record(w.t, w.organiser, change).await.unwrap();
        tx.commit().await.unwrap();
    }
    let read = store::history::for_tournament(&w.db, w.t).await.unwrap();
    let mut recorded: Vec<_> = read.into_iter().rev().skip(written).collect();
    assert_eq!(recorded.iter().map(|r| &r.change).collect::<Vec<_>>(), samples.iter().collect::<Vec<_>>());
    assert!(recorded.iter().all(|r| r.username.as_deref() == Some("organizator")));
    // And by entity: a change is found under the row it is about.
    let last = recorded.pop().unwrap();
    let columns = last.change.columns().unwrap();
    let of_game = store::history::for_entity(&w.db, columns.entity, columns.entity_id).await.unwrap();
    assert_eq!(of_game.last().map(|r| &r.change), Some(&last.change));
}

#[actix_rt::test]
async fn an_unreadable_history_row_is_an_error_never_a_guess() {
    let w = write_everything().await;
    let good = w.rows(&AS_WRITTEN[..1], "");
    let id = |p: PlayerId| p.0;
    let unreadable: Vec<(Row, &str)> = vec![
        (("referee".into(), 1, "assign".into(), "null".into(), "null".into()), "referee"),
        (("game".into(), w.g1.0, "teleport".into(), "null".into(), "null".into()), "teleport"),
        (
            (
                "match".into(),
                w.m2.0,
                "forfeit".into(),
                r#"{"forfeit":null}"#.into(),
                r#"{"forfeit":"absent-c"}"#.into(),
            ),
            "absent-c",
        ),
        (
            (
                "game".into(),
                w.g1.0,
                "enter".into(),
                w.rows(&AS_WRITTEN[26..27], "")[0].3.clone(),
                w.rows(&AS_WRITTEN[26..27], "")[0].4.replace("radzymin-check", "draw"),
            ),
            "draw",
        ),
        (
            ("round".into(), w.round.0, "published".into(), r#""Draft""#.into(), r#""Locked""#.into()),
            "Locked",
        ),
        (
            ("round".into(), w.round.0, "reopened".into(), r#""Locked""#.into(), r#""Published""#.into()),
            "(round \"reopened\"): no such change",
        ),
        (
            (
                "player".into(),
                id(w.anna),
                "register".into(),
                "null".into(),
                w.rows(&AS_WRITTEN[2..3], "")[0].4.clone(),
            ),
            "age override",
        ),
        (("pairing".into(), w.m1.0, "pair".into(), "null".into(), "not json".into()), "not json"),
        (
            (
                "pairing".into(),
                w.m1.0,
                "pair".into(),
                r#"{"table_no":1}"#.into(),
                w.rows(&AS_WRITTEN[11..12], "")[0].4.clone(),
            ),
            "table_no",
        ),
        (("forbidden-pair".into(), id(w.anna), "allow".into(), "[1]".into(), "null".into()), "[1]"),
        (("tournament".into(), w.t.0, "configure".into(), "[]".into(), "{}".into()), "expected a map"),
        (
            (
                "player".into(),
                id(w.piotr),
                "erase personal data".into(),
                r#"{"erased":["name"]}"#.into(),
                r#"{"name":"X"}"#.into(),
            ),
            "erased",
        ),
    ];
    for (row, named) in unreadable {
        replace_history(&w, &[good[0].clone(), row.clone()]).await;
        // The page fails (on a value that is not JSON at all, already in the database's JSON
        // functions); reading the changes says which row and what in it.
        let page = store::history::page(&w.db, w.t, Filter::default(), 0, 50).await;
        assert!(page.is_err(), "{row:?} read on the page: {page:?}");
        match store::history::for_tournament(&w.db, w.t).await {
            Err(StoreError::Sqlx(e)) => assert!(e.to_string().contains(named), "{row:?}: {e}"),
            other => panic!("{row:?} read: {other:?}"),
        }
    }
    // The good row alone reads.
    replace_history(&w, &good).await;
    assert_eq!(changes(&w).await.len(), 1);
}
