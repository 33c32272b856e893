//! The change history as the store keeps it: every write's row in the columns (entity, action, JSON
//! values) that rows have always had, so rows written by older releases read as the same typed
//! changes and say the same sentences; every change round-trips; an unknown row is an error.

use crate::helpers::*;
use bitwa::engine::{Edition, RuleOptions};
use bitwa::league::clock::LeagueClock;
use bitwa::outcome::{Side, Termination};
use bitwa::store::deck_checks::NewDeckCheck;
use bitwa::store::games::{LogStatus, ResultEntry};
use bitwa::store::history::Filter;
use bitwa::store::players::{NewPlayer, PlayerChange};
use bitwa::store::rounds::{Forfeit, NewMatch, Phase, Status};
use bitwa::store::tournaments::TournamentConfig;
use bitwa::store::{self, GameId, MatchId, PlayerId, RoundId, Store, TournamentId, UserId};
use bitwa::web::text::history::{Names, describe};
use bitwa::web::text::i18n::Lang;
use chrono::NaiveDate;

/// A tournament with every kind of change in its history, and the ids its rows name.
pub struct World {
    pub db: Store,
    pub url: String,
    pub t: TournamentId,
    pub organiser: UserId,
    pub referee: UserId,
    pub anna: PlayerId,
    pub jan: PlayerId,
    pub ewa: PlayerId,
    pub piotr: PlayerId,
    /// The draft round discarded, and its two matches.
    pub draft: RoundId,
    pub d1: MatchId,
    pub d2: MatchId,
    /// The round played, its two matches (tables 1 and 2), table 1's games and extra game.
    pub round: RoundId,
    pub m1: MatchId,
    pub m2: MatchId,
    pub g1: GameId,
    pub g2: GameId,
    pub extra: GameId,
}

fn day(s: &str) -> NaiveDate {
    NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
}

fn config(swiss_rounds: i64, rules: RuleOptions) -> TournamentConfig {
    TournamentConfig {
        name: "Liga: turniej majowy".into(),
        venue: "Warszawa".into(),
        first_day: day("2026-05-09"),
        last_day: day("2026-05-10"),
        swiss_rounds,
        knockout_size: 4,
        third_place: false,
        score_win: 2,
        score_draw: 1,
        score_loss: 0,
        score_bye: 2,
        tiebreaks: "buchholz,sonneborn-berger".into(),
        edition: Edition::builtin().id().into(),
        rules,
    }
}

fn player(name: &str, club: &str, knowledge: Option<i64>, age_override: bool) -> NewPlayer {
    NewPlayer {
        name: name.into(),
        birth_date: day("2010-03-04"),
        club: club.into(),
        knowledge_score: knowledge,
        age_override,
    }
}

fn result(winner: Side, termination: Termination, red_points: i64, log: Option<&str>) -> ResultEntry {
    ResultEntry {
        winner: Some(winner),
        termination: Some(termination),
        red_points: Some(red_points),
        red_clock_secs: Some(65),
        polish_clock_secs: None,
        log_text: log.map(str::to_string),
        log_status: if log.is_some() { LogStatus::Valid } else { LogStatus::None },
        log_message: String::new(),
        log_edition: log.map(|_| Edition::builtin().id().to_string()),
    }
}

/// Every kind of write the store keeps history of, once or more, through the store's functions.
pub async fn write_everything() -> World {
    let url = database_url(&fresh_dir()).await;
    let db = store::connect(&url).await.unwrap();
    let organiser = store::users::create(&db, "organizator", "x", false).await.unwrap().unwrap();
    let referee = store::users::create(&db, "sedzia", "x", false).await.unwrap().unwrap();
    let rules = RuleOptions { fortifications: false, ..RuleOptions::default() };
    let t = store::tournaments::create(&db, &config(5, rules), organiser).await.unwrap();
    let ids = store::players::register_all(
        &db,
        t,
        &[
            player("Anna Nowak", "KS Polonia", Some(7), false),
            player("Jan Kowal", "", None, false),
            player("Ewa Lis", "UKS Wisła", None, true),
            player("Piotr Zając", "MKS Praga", Some(3), false),
        ],
        1,
        organiser,
    )
    .await
    .unwrap();
    let [anna, jan, ewa, piotr] = ids[..] else { panic!("four players") };
    let version = |p: PlayerId| {
        let db = db.clone();
        async move { store::players::get(&db, t, p).await.unwrap().unwrap().version }
    };
    let change = |withdrawn, knowledge_score| PlayerChange { withdrawn, knowledge_score };
    store::players::change(&db, t, piotr, version(piotr).await, &change(true, Some(3)), organiser)
        .await
        .unwrap();
    store::players::change(&db, t, piotr, version(piotr).await, &change(false, Some(3)), organiser)
        .await
        .unwrap();
    store::players::change(&db, t, jan, version(jan).await, &change(false, Some(9)), organiser)
        .await
        .unwrap();
    store::players::forbid_pair(&db, t, jan, anna, Some(2), organiser).await.unwrap();
    store::players::forbid_pair(&db, t, anna, jan, None, organiser).await.unwrap();
    store::players::forbid_pair(&db, t, ewa, piotr, Some(1), organiser).await.unwrap();
    store::players::allow_pair(&db, t, jan, anna, organiser).await.unwrap();
    let pairings = [
        NewMatch { table_no: 1, player_a: anna, player_b: Some(jan), bracket_slot: None },
        NewMatch { table_no: 2, player_a: ewa, player_b: Some(piotr), bracket_slot: None },
    ];
    let draft = store::rounds::create(&db, t, 1, Phase::Swiss, "why", &pairings, organiser).await.unwrap();
    let drafted = store::rounds::matches_of(&db, draft).await.unwrap();
    let (d1, d2) = (drafted[0].id, drafted[1].id);
    store::assignments::assign(&db, t, draft, 1, 2, Some(referee), organiser).await.unwrap();
    store::rounds::swap_players(&db, t, draft, jan, ewa, organiser).await.unwrap();
    store::rounds::discard_draft(&db, t, draft, organiser).await.unwrap();
    let round = store::rounds::create(&db, t, 1, Phase::Swiss, "why", &pairings, organiser).await.unwrap();
    store::rounds::advance(&db, t, round, Status::Draft, Status::Published, organiser).await.unwrap();
    store::assignments::assign(&db, t, round, 1, 1, Some(referee), organiser).await.unwrap();
    store::assignments::assign(&db, t, round, 1, 2, Some(organiser), organiser).await.unwrap();
    store::assignments::assign(&db, t, round, 2, 2, None, organiser).await.unwrap();
    let matches = store::rounds::matches_of(&db, round).await.unwrap();
    let (m1, m2) = (matches[0].id, matches[1].id);
    store::deck_checks::record(
        &db,
        t,
        m1,
        &NewDeckCheck {
            set_label: "A".into(),
            red_count: 30,
            polish_count: 29,
            swapped_to: "B".into(),
            missing_cards: vec![(17, "Piłsudski".into())],
        },
        referee,
    )
    .await
    .unwrap();
    store::deck_checks::record(
        &db,
        t,
        m2,
        &NewDeckCheck {
            set_label: "C".into(),
            red_count: 30,
            polish_count: 30,
            swapped_to: String::new(),
            missing_cards: vec![],
        },
        referee,
    )
    .await
    .unwrap();
    let games = store::games::of_match(&db, m1).await.unwrap();
    let (g1, g2) = (games[0].id, games[1].id);
    store::games::save_result(
        &db,
        t,
        g1,
        games[0].version,
        &result(Side::Red, Termination::RadzyminCheck, 10, None),
        referee,
    )
    .await
    .unwrap();
    store::games::save_result(
        &db,
        t,
        g1,
        games[0].version + 1,
        &result(Side::Polish, Termination::ThreeRedEliminated, 0, Some("1. Red pass")),
        organiser,
    )
    .await
    .unwrap();
    store::games::save_result(
        &db,
        t,
        g2,
        games[1].version,
        &result(Side::Red, Termination::WarsawEntered, 4, None),
        referee,
    )
    .await
    .unwrap();
    let m2_version = store::rounds::get_match(&db, t, m2).await.unwrap().unwrap().version;
    store::rounds::set_forfeit(&db, t, m2, m2_version, Some(Forfeit::AbsentB), referee).await.unwrap();
    store::rounds::set_forfeit(&db, t, m2, m2_version + 1, Some(Forfeit::WithdrewA), referee).await.unwrap();
    store::rounds::set_forfeit(&db, t, m2, m2_version + 2, None, referee).await.unwrap();
    let extra = store::games::add_extra_game(&db, t, m1, jan, 42, organiser).await.unwrap();
    let clock = LeagueClock::new(900, 1_000);
    store::recordings::start(&db, t, extra, Edition::builtin().id(), clock, referee).await.unwrap();
    store::recordings::append(&db, extra, 0, "1. R pass", &clock, false, referee).await.unwrap();
    store::recordings::undo(&db, t, extra, 1, &clock, false, referee).await.unwrap();
    store::rounds::advance(&db, t, round, Status::Published, Status::Locked, organiser).await.unwrap();
    let version = store::tournaments::get(&db, t).await.unwrap().unwrap().version;
    let rules = RuleOptions { fortifications: false, compulsory_advance: true, ..RuleOptions::default() };
    store::tournaments::update(&db, t, version, &config(6, rules), organiser).await.unwrap();
    store::players::erase(&db, t, piotr, day("2026-06-01"), organiser).await.unwrap();
    World {
        db,
        url,
        t,
        organiser,
        referee,
        anna,
        jan,
        ewa,
        piotr,
        draft,
        d1,
        d2,
        round,
        m1,
        m2,
        g1,
        g2,
        extra,
    }
}

/// One history row's stored columns: entity, entity id, action, old value, new value.
type Row = (String, i64, String, String, String);

/// Rows with `@name` placeholders for the world's ids (`@at`: the time in the lot's value).
type Template = [&'static str; 5];

/// The rows [`write_everything`] stores, oldest first, as the store wrote them before history
/// changes were typed (copied from a run of that code: `player @piotr`'s rows as erasure rewrote
/// them, keys sorted).
const AS_WRITTEN: &[Template] = &[
    [
        "player",
        "@anna",
        "register",
        "null",
        r#"{"name":"Anna Nowak","birth_date":"2010-03-04","club":"KS Polonia","knowledge_score":7,"age_override":false}"#,
    ],
    [
        "player",
        "@jan",
        "register",
        "null",
        r#"{"name":"Jan Kowal","birth_date":"2010-03-04","club":"","knowledge_score":null,"age_override":false}"#,
    ],
    [
        "player",
        "@ewa",
        "register (age override)",
        "null",
        r#"{"name":"Ewa Lis","birth_date":"2010-03-04","club":"UKS Wisła","knowledge_score":null,"age_override":true}"#,
    ],
    [
        "player",
        "@piotr",
        "register",
        "null",
        r#"{"age_override":false,"birth_date":null,"club":"","knowledge_score":3,"name":"Anonim #@piotr"}"#,
    ],
    [
        "player",
        "@piotr",
        "withdraw",
        r#"{"knowledge_score":3,"withdrawn":false}"#,
        r#"{"knowledge_score":3,"withdrawn":true}"#,
    ],
    [
        "player",
        "@piotr",
        "re-admit",
        r#"{"knowledge_score":3,"withdrawn":true}"#,
        r#"{"knowledge_score":3,"withdrawn":false}"#,
    ],
    [
        "player",
        "@jan",
        "update",
        r#"{"withdrawn":false,"knowledge_score":null}"#,
        r#"{"withdrawn":false,"knowledge_score":9}"#,
    ],
    ["forbidden-pair", "@anna", "forbid", "null", "[@anna,@jan,2]"],
    ["forbidden-pair", "@anna", "forbid", "[@anna,@jan,2]", "[@anna,@jan,null]"],
    ["forbidden-pair", "@ewa", "forbid", "null", "[@ewa,@piotr,1]"],
    ["forbidden-pair", "@anna", "allow", "[@anna,@jan]", "null"],
    [
        "pairing",
        "@d1",
        "pair",
        "null",
        r#"{"table_no":1,"player_a":@anna,"player_b":@jan,"bracket_slot":null}"#,
    ],
    [
        "pairing",
        "@d2",
        "pair",
        "null",
        r#"{"table_no":2,"player_a":@ewa,"player_b":@piotr,"bracket_slot":null}"#,
    ],
    ["round", "@draft", "assign referee", "[]", "[[1,@referee],[2,@referee]]"],
    [
        "pairing",
        "@d1",
        "override",
        "[[@d1,@anna,@jan],[@d2,@ewa,@piotr]]",
        "[[@d1,@anna,@ewa],[@d2,@jan,@piotr]]",
    ],
    ["pairing", "@d1", "discard", "[1,@anna,@ewa]", "null"],
    ["pairing", "@d2", "discard", "[2,@jan,@piotr]", "null"],
    [
        "round",
        "@draft",
        "discard",
        r#"{"number":1,"phase":"swiss","matches":[[@d1,1,@anna,@ewa],[@d2,2,@jan,@piotr]],"deck_checks":[],"table_referees":[[1,@referee],[2,@referee]]}"#,
        "null",
    ],
    [
        "pairing",
        "@m1",
        "pair",
        "null",
        r#"{"table_no":1,"player_a":@anna,"player_b":@jan,"bracket_slot":null}"#,
    ],
    [
        "pairing",
        "@m2",
        "pair",
        "null",
        r#"{"table_no":2,"player_a":@ewa,"player_b":@piotr,"bracket_slot":null}"#,
    ],
    ["round", "@round", "published", r#""Draft""#, r#""Published""#],
    ["round", "@round", "assign referee", "[]", "[[1,@referee]]"],
    ["round", "@round", "assign referee", "[[1,@referee]]", "[[1,@organiser],[2,@organiser]]"],
    ["round", "@round", "assign referee", "[[2,@organiser]]", "[]"],
    [
        "deck-check",
        "@m1",
        "check",
        "null",
        r#"{"set_label":"A","red_count":30,"polish_count":29,"swapped_to":"B","missing_cards":[[17,"Piłsudski"]]}"#,
    ],
    [
        "deck-check",
        "@m2",
        "check",
        "null",
        r#"{"set_label":"C","red_count":30,"polish_count":30,"swapped_to":"","missing_cards":[]}"#,
    ],
    [
        "game",
        "@g1",
        "enter",
        r#"{"winner":null,"termination":null,"red_points":null,"red_clock_secs":null,"polish_clock_secs":null,"log_text":null,"log_status":"none","log_message":"","log_edition":null}"#,
        r#"{"winner":"red","termination":"radzymin-check","red_points":10,"red_clock_secs":65,"polish_clock_secs":null,"log_text":null,"log_status":"none","log_message":"","log_edition":null}"#,
    ],
    [
        "game",
        "@g1",
        "correct",
        r#"{"winner":"red","termination":"radzymin-check","red_points":10,"red_clock_secs":65,"polish_clock_secs":null,"log_text":null,"log_status":"none","log_message":"","log_edition":null}"#,
        r#"{"winner":"polish","termination":"three-red-eliminated","red_points":0,"red_clock_secs":65,"polish_clock_secs":null,"log_text":"1. Red pass","log_status":"valid","log_message":"","log_edition":"@edition"}"#,
    ],
    [
        "game",
        "@g2",
        "enter",
        r#"{"winner":null,"termination":null,"red_points":null,"red_clock_secs":null,"polish_clock_secs":null,"log_text":null,"log_status":"none","log_message":"","log_edition":null}"#,
        r#"{"winner":"red","termination":"warsaw-entered","red_points":4,"red_clock_secs":65,"polish_clock_secs":null,"log_text":null,"log_status":"none","log_message":"","log_edition":null}"#,
    ],
    ["match", "@m2", "forfeit", r#"{"forfeit":null}"#, r#"{"forfeit":"absent-b"}"#],
    ["match", "@m2", "forfeit", r#"{"forfeit":"absent-b"}"#, r#"{"forfeit":"withdrew-a"}"#],
    ["match", "@m2", "forfeit", r#"{"forfeit":"withdrew-a"}"#, r#"{"forfeit":null}"#],
    ["game", "@extra", "extra-game lot", "null", r#"{"red":@jan,"seed":42,"at":"@at"}"#],
    ["recording", "@extra", "start", "null", r#"{"edition":"@edition","time_control_ms":900000}"#],
    ["recording", "@extra", "undo", r#"{"step":1,"line":"1. R pass"}"#, "null"],
    ["round", "@round", "locked", r#""Published""#, r#""Locked""#],
    [
        "tournament",
        "@t",
        "configure",
        r#"{"name":"Liga: turniej majowy","venue":"Warszawa","first_day":"2026-05-09","last_day":"2026-05-10","swiss_rounds":5,"knockout_size":4,"third_place":false,"score_win":2,"score_draw":1,"score_loss":0,"score_bye":2,"tiebreaks":"buchholz,sonneborn-berger","edition":"@edition","rules":{"fortifications":false,"flank_attacks":true,"time_control_secs":900,"no_retreat_eliminates":false,"compulsory_advance":false,"pillage_by_free_units_only":false,"encirclement":"two-attackers"}}"#,
        r#"{"name":"Liga: turniej majowy","venue":"Warszawa","first_day":"2026-05-09","last_day":"2026-05-10","swiss_rounds":6,"knockout_size":4,"third_place":false,"score_win":2,"score_draw":1,"score_loss":0,"score_bye":2,"tiebreaks":"buchholz,sonneborn-berger","edition":"@edition","rules":{"fortifications":false,"flank_attacks":true,"time_control_secs":900,"no_retreat_eliminates":false,"compulsory_advance":true,"pillage_by_free_units_only":false,"encirclement":"two-attackers"}}"#,
    ],
    [
        "player",
        "@piotr",
        "erase personal data",
        r#"{"erased":["name","birth_date","club"]}"#,
        r#"{"name":"Anonim #@piotr"}"#,
    ],
];

/// Rows of shapes older releases wrote and today's code no longer writes, or writes only in other
/// situations: a game's values before logs kept their edition (no `log_edition`), a configuration
/// before the engine's switches moved into `rules`, a bye, a knockout pairing, the other walkovers,
/// a discarded draft that had deck checks.
const OLDER_SHAPES: &[Template] = &[
    [
        "game",
        "@g2",
        "correct",
        r#"{"winner":"red","termination":"warsaw-entered","red_points":4,"red_clock_secs":65,"polish_clock_secs":null,"log_text":null,"log_status":"none","log_message":""}"#,
        r#"{"winner":"polish","termination":"time-forfeit","red_points":null,"red_clock_secs":0,"polish_clock_secs":12,"log_text":"1. R pass","log_status":"invalid","log_message":"bad"}"#,
    ],
    [
        "tournament",
        "@t",
        "configure",
        r#"{"name":"Liga","venue":"Warszawa","first_day":"2026-05-09","last_day":"2026-05-10","swiss_rounds":5,"knockout_size":4,"third_place":false,"score_win":2,"score_draw":1,"score_loss":0,"score_bye":2,"tiebreaks":"buchholz","fortifications":true,"flank_attacks":true,"time_control_secs":900,"edition":"@edition","no_retreat_eliminates":false,"compulsory_advance":false,"pillage_by_free_units_only":false,"encirclement":"two-attackers"}"#,
        r#"{"name":"Liga","venue":"Warszawa","first_day":"2026-05-09","last_day":"2026-05-10","swiss_rounds":5,"knockout_size":4,"third_place":true,"score_win":2,"score_draw":1,"score_loss":0,"score_bye":2,"tiebreaks":"buchholz","fortifications":true,"flank_attacks":false,"time_control_secs":600,"edition":"@edition","no_retreat_eliminates":false,"compulsory_advance":false,"pillage_by_free_units_only":false,"encirclement":"flank-attack"}"#,
    ],
    [
        "pairing",
        "@m2",
        "pair",
        "null",
        r#"{"table_no":0,"player_a":@piotr,"player_b":null,"bracket_slot":null}"#,
    ],
    ["pairing", "@m1", "pair", "null", r#"{"table_no":1,"player_a":@anna,"player_b":@jan,"bracket_slot":3}"#],
    ["match", "@m2", "forfeit", r#"{"forfeit":null}"#, r#"{"forfeit":"absent-a"}"#],
    ["match", "@m2", "forfeit", r#"{"forfeit":"absent-a"}"#, r#"{"forfeit":"absent-both"}"#],
    ["match", "@m2", "forfeit", r#"{"forfeit":"absent-both"}"#, r#"{"forfeit":"withdrew-b"}"#],
    [
        "round",
        "@draft",
        "discard",
        r#"{"number":1,"phase":"knockout","matches":[[@d1,1,@anna,@ewa],[@d2,0,@jan,null]],"deck_checks":[[@d1,"A",30,29,"B","[[17,\"Piłsudski\"]]"]],"table_referees":[]}"#,
        "null",
    ],
];

impl World {
    /// The value of each `@name` placeholder.
    fn ids(&self, at: &str) -> Vec<(&'static str, String)> {
        let edition = Edition::builtin().id().to_string();
        // Longer names first: `@d1` is not a prefix of another, but keep the rule simple.
        vec![
            ("@organiser", self.organiser.0.to_string()),
            ("@referee", self.referee.0.to_string()),
            ("@edition", edition),
            ("@extra", self.extra.0.to_string()),
            ("@round", self.round.0.to_string()),
            ("@draft", self.draft.0.to_string()),
            ("@piotr", self.piotr.0.to_string()),
            ("@anna", self.anna.0.to_string()),
            ("@jan", self.jan.0.to_string()),
            ("@ewa", self.ewa.0.to_string()),
            ("@d1", self.d1.0.to_string()),
            ("@d2", self.d2.0.to_string()),
            ("@m1", self.m1.0.to_string()),
            ("@m2", self.m2.0.to_string()),
            ("@g1", self.g1.0.to_string()),
            ("@g2", self.g2.0.to_string()),
            ("@at", at.to_string()),
            ("@t", self.t.0.to_string()),
        ]
    }

    /// Templates with this world's ids.
    fn rows(&self, templates: &[Template], at: &str) -> Vec<Row> {
        let ids = self.ids(at);
        let fill = |s: &str| ids.iter().fold(s.to_string(), |s, (k, v)| s.replace(k, v));
        templates
            .iter()
            .map(|[e, id, a, o, n]| (fill(e), fill(id).parse().unwrap(), fill(a), fill(o), fill(n)))
            .collect()
    }
}

/// The history rows' stored columns, oldest first.
async fn stored_rows(w: &World) -> Vec<Row> {
    let db = TestDb::open(&w.url).await;
    let rows = on_db!(&db, |c| sqlx::query_as(
        "SELECT entity, entity_id, action, old_value, new_value FROM history WHERE tournament_id = $1 ORDER BY id"
    )
    .bind(w.t)
    .fetch_all(c)
    .await)
    .unwrap();
    db.close().await;
    rows
}

/// Replace the tournament's history by `rows`, inserted as an older release wrote them.
async fn replace_history(w: &World, rows: &[Row]) {
    let db = TestDb::open(&w.url).await;
    on_db!(&db, |c| sqlx::query("DELETE FROM history WHERE tournament_id = $1")
        .bind(w.t)
        .execute(c)
        .await
        .map(|r| r.rows_affected()))
    .unwrap();
    for (entity, id, action, old, new) in rows {
        on_db!(&db, |c| sqlx::query(
            "INSERT INTO history (tournament_id, entity, entity_id, action, user_id, at, old_value, new_value) \
             VALUES ($1, $2, $3, $4, $5, '2026-05-09T14:03:59Z', $6, $7)"
        )
        .bind(w.t)
        .bind(entity)
        .bind(id)
        .bind(action)
        .bind(w.organiser)
        .bind(old)
        .bind(new)
        .execute(c)
        .await
        .map(|r| r.rows_affected()))
        .unwrap();
    }
    db.close().await;
}

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

/// What, before and after, in words.
type Sentence = (&'static str, &'static [&'static str], &'static [&'static str]);

/// The sentences of [`AS_WRITTEN`] then [`OLDER_SHAPES`] (the draft's ids those of the round
/// played) as the history page said them before history changes were typed, in Polish (copied
/// from a run of that code, on SQLite and PostgreSQL alike).
const SAID_PL: &[Sentence] = &[
    ("Rejestracja: Anna Nowak", &[], &["Test wiedzy: 7", "Szkoła / klub: KS Polonia"]),
    ("Rejestracja: Jan Kowal", &[], &["Test wiedzy: –"]),
    (
        "Rejestracja: Ewa Lis (Zgoda mimo wieku (poza 14-20))",
        &[],
        &["Test wiedzy: –", "Szkoła / klub: UKS Wisła"],
    ),
    ("Rejestracja: Anonim #4", &[], &["Test wiedzy: 3"]),
    (
        "Wycofanie z turnieju: Anonim #4",
        &["w turnieju", "Test wiedzy: 3"],
        &["wycofanie z turnieju", "Test wiedzy: 3"],
    ),
    (
        "Powrót do turnieju: Anonim #4",
        &["wycofanie z turnieju", "Test wiedzy: 3"],
        &["w turnieju", "Test wiedzy: 3"],
    ),
    ("Zmiana danych gracza: Jan Kowal", &["w turnieju", "Test wiedzy: –"], &["w turnieju", "Test wiedzy: 9"]),
    ("Zakazana para: Anna Nowak – Jan Kowal", &[], &["do rundy 2"]),
    ("Zakazana para: Anna Nowak – Jan Kowal", &["do rundy 2"], &["zawsze"]),
    ("Zakazana para: Ewa Lis – Anonim #4", &[], &["do rundy 1"]),
    ("Zakaz pary zdjęty: Anna Nowak – Jan Kowal", &[], &[]),
    ("Kojarzenie (runda 1, stół 1)", &[], &["Anna Nowak (Czerwoni w 1. partii) – Jan Kowal"]),
    ("Kojarzenie (runda 1, stół 2)", &[], &["Ewa Lis (Czerwoni w 1. partii) – Anonim #4"]),
    ("Przydział sędziów do stołów (runda 1)", &[], &["stół 1: sedzia", "stół 2: sedzia"]),
    (
        "Zamiana graczy w szkicu (runda 1, stół 1)",
        &["Anna Nowak – Jan Kowal", "Ewa Lis – Anonim #4"],
        &["Anna Nowak – Ewa Lis", "Jan Kowal – Anonim #4"],
    ),
    ("Usunięte kojarzenie (odrzucony szkic) (runda 1, stół 1)", &["Anna Nowak – Ewa Lis"], &[]),
    ("Usunięte kojarzenie (odrzucony szkic) (runda 1, stół 2)", &["Jan Kowal – Anonim #4"], &[]),
    ("Odrzucony szkic rundy 1", &["Kojarzenia: 2"], &[]),
    ("Kojarzenie (runda 1, stół 1)", &[], &["Anna Nowak (Czerwoni w 1. partii) – Jan Kowal"]),
    ("Kojarzenie (runda 1, stół 2)", &[], &["Ewa Lis (Czerwoni w 1. partii) – Anonim #4"]),
    ("Runda 1: opublikowana", &["szkic"], &["opublikowana"]),
    ("Przydział sędziów do stołów (runda 1)", &[], &["stół 1: sedzia"]),
    (
        "Przydział sędziów do stołów (runda 1)",
        &["stół 1: sedzia"],
        &["stół 1: organizator", "stół 2: organizator"],
    ),
    ("Przydział sędziów do stołów (runda 1)", &["stół 2: organizator"], &["nikt (zdejmij przydział)"]),
    (
        "Kontrola talii (runda 1, stół 1): Anna Nowak – Jan Kowal",
        &[],
        &[
            "Numer kompletu A: Karty czerwonych 30, Karty polskie 29",
            "Komplet wydany zamiast (gdy talia niepełna): B",
            "Brakujące karty (zaznacz): Piłsudski",
        ],
    ),
    (
        "Kontrola talii (runda 1, stół 2): Ewa Lis – Anonim #4",
        &[],
        &["Numer kompletu C: Karty czerwonych 30, Karty polskie 30"],
    ),
    (
        "Wpisanie wyniku: partia 1 (runda 1, stół 1): Anna Nowak – Jan Kowal",
        &[],
        &[
            "wygrywa Armia Czerwona (Anna Nowak)",
            "Kontrola Radzymina po 5. rundzie",
            "10 pkt za Czerwonych",
            "Czas pozostały Czerwonym (m:ss): 1:05",
            "bez zapisu",
        ],
    ),
    (
        "Poprawka wyniku: partia 1 (runda 1, stół 1): Anna Nowak – Jan Kowal",
        &[
            "wygrywa Armia Czerwona (Anna Nowak)",
            "Kontrola Radzymina po 5. rundzie",
            "10 pkt za Czerwonych",
            "Czas pozostały Czerwonym (m:ss): 1:05",
            "bez zapisu",
        ],
        &[
            "wygrywa Wojsko Polskie (Jan Kowal)",
            "Polacy zniszczyli 3 armie czerwonych",
            "0 pkt za Czerwonych",
            "Czas pozostały Czerwonym (m:ss): 1:05",
            "zapis poprawny",
        ],
    ),
    (
        "Wpisanie wyniku: partia 2 (runda 1, stół 1): Anna Nowak – Jan Kowal",
        &[],
        &[
            "wygrywa Armia Czerwona (Jan Kowal)",
            "Czerwoni weszli do Warszawy",
            "4 pkt za Czerwonych",
            "Czas pozostały Czerwonym (m:ss): 1:05",
            "bez zapisu",
        ],
    ),
    (
        "Walkower lub wycofanie (runda 1, stół 2): Ewa Lis – Anonim #4",
        &["mecz rozgrywany (wyniki partii poniżej)"],
        &["nieobecność: Anonim #4"],
    ),
    (
        "Walkower lub wycofanie (runda 1, stół 2): Ewa Lis – Anonim #4",
        &["nieobecność: Anonim #4"],
        &["wycofanie z turnieju: Ewa Lis"],
    ),
    (
        "Walkower lub wycofanie (runda 1, stół 2): Ewa Lis – Anonim #4",
        &["wycofanie z turnieju: Ewa Lis"],
        &["mecz rozgrywany (wyniki partii poniżej)"],
    ),
    (
        "Losowanie strony w dogrywce (runda 1, stół 1): Anna Nowak – Jan Kowal",
        &[],
        &["Armia Czerwona: Jan Kowal"],
    ),
    ("Zmiana", &[], &[]),
    ("Zmiana", &[], &[]),
    ("Runda 1: zamknięta", &["opublikowana"], &["zamknięta"]),
    (
        "Zmiana konfiguracji turnieju",
        &["Rundy systemu szwajcarskiego: 5", "Zwycięski atakujący musi wejść na zwolnione pole (R3): nie"],
        &["Rundy systemu szwajcarskiego: 6", "Zwycięski atakujący musi wejść na zwolnione pole (R3): tak"],
    ),
    ("Usunięcie danych osobowych: Anonim #4", &[], &[]),
    (
        "Poprawka wyniku: partia 2 (runda 1, stół 1): Anna Nowak – Jan Kowal",
        &[
            "wygrywa Armia Czerwona (Jan Kowal)",
            "Czerwoni weszli do Warszawy",
            "4 pkt za Czerwonych",
            "Czas pozostały Czerwonym (m:ss): 1:05",
            "bez zapisu",
        ],
        &[
            "wygrywa Wojsko Polskie (Anna Nowak)",
            "Przekroczenie czasu",
            "Czas pozostały Czerwonym (m:ss): 0:00",
            "Czas pozostały Polakom (m:ss): 0:12",
            "zapis błędny",
        ],
    ),
    (
        "Zmiana konfiguracji turnieju",
        &[
            "Mecz o 3. miejsce: nie",
            "Ataki z flanki (zasada dodatkowa): tak",
            "Czas na gracza (sekundy): 900",
            "Manewr okrążający (Grupa pościgowa, R8): two-attackers",
        ],
        &[
            "Mecz o 3. miejsce: tak",
            "Ataki z flanki (zasada dodatkowa): nie",
            "Czas na gracza (sekundy): 600",
            "Manewr okrążający (Grupa pościgowa, R8): flank-attack",
        ],
    ),
    ("Kojarzenie (runda 1, stół 2)", &[], &["Anonim #4: wolny los"]),
    ("Kojarzenie (runda 1, stół 1)", &[], &["Anna Nowak (Czerwoni w 1. partii) – Jan Kowal"]),
    (
        "Walkower lub wycofanie (runda 1, stół 2): Ewa Lis – Anonim #4",
        &["mecz rozgrywany (wyniki partii poniżej)"],
        &["nieobecność: Ewa Lis"],
    ),
    (
        "Walkower lub wycofanie (runda 1, stół 2): Ewa Lis – Anonim #4",
        &["nieobecność: Ewa Lis"],
        &["nikt się nie stawił (obustronny walkower)"],
    ),
    (
        "Walkower lub wycofanie (runda 1, stół 2): Ewa Lis – Anonim #4",
        &["nikt się nie stawił (obustronny walkower)"],
        &["wycofanie z turnieju: Anonim #4"],
    ),
    ("Odrzucony szkic rundy 1", &["Kojarzenia: 2"], &[]),
];

/// [`SAID_PL`] in English.
const SAID_EN: &[Sentence] = &[
    ("Registration: Anna Nowak", &[], &["Knowledge test: 7", "School / club: KS Polonia"]),
    ("Registration: Jan Kowal", &[], &["Knowledge test: –"]),
    (
        "Registration: Ewa Lis (Accept despite age (outside 14-20))",
        &[],
        &["Knowledge test: –", "School / club: UKS Wisła"],
    ),
    ("Registration: Anonim #4", &[], &["Knowledge test: 3"]),
    (
        "Withdrawal from the tournament: Anonim #4",
        &["playing", "Knowledge test: 3"],
        &["withdrawn", "Knowledge test: 3"],
    ),
    (
        "Re-admitted to the tournament: Anonim #4",
        &["withdrawn", "Knowledge test: 3"],
        &["playing", "Knowledge test: 3"],
    ),
    ("Player changed: Jan Kowal", &["playing", "Knowledge test: –"], &["playing", "Knowledge test: 9"]),
    ("Pair forbidden: Anna Nowak – Jan Kowal", &[], &["until round 2"]),
    ("Pair forbidden: Anna Nowak – Jan Kowal", &["until round 2"], &["always"]),
    ("Pair forbidden: Ewa Lis – Anonim #4", &[], &["until round 1"]),
    ("Pair allowed again: Anna Nowak – Jan Kowal", &[], &[]),
    ("Pairing (round 1, table 1)", &[], &["Anna Nowak (Red in game 1) – Jan Kowal"]),
    ("Pairing (round 1, table 2)", &[], &["Ewa Lis (Red in game 1) – Anonim #4"]),
    ("Referees assigned to tables (round 1)", &[], &["table 1: sedzia", "table 2: sedzia"]),
    (
        "Players swapped in the draft (round 1, table 1)",
        &["Anna Nowak – Jan Kowal", "Ewa Lis – Anonim #4"],
        &["Anna Nowak – Ewa Lis", "Jan Kowal – Anonim #4"],
    ),
    ("Pairing removed (draft discarded) (round 1, table 1)", &["Anna Nowak – Ewa Lis"], &[]),
    ("Pairing removed (draft discarded) (round 1, table 2)", &["Jan Kowal – Anonim #4"], &[]),
    ("Draft discarded: round 1", &["Pairings: 2"], &[]),
    ("Pairing (round 1, table 1)", &[], &["Anna Nowak (Red in game 1) – Jan Kowal"]),
    ("Pairing (round 1, table 2)", &[], &["Ewa Lis (Red in game 1) – Anonim #4"]),
    ("Round 1: published", &["draft"], &["published"]),
    ("Referees assigned to tables (round 1)", &[], &["table 1: sedzia"]),
    (
        "Referees assigned to tables (round 1)",
        &["table 1: sedzia"],
        &["table 1: organizator", "table 2: organizator"],
    ),
    ("Referees assigned to tables (round 1)", &["table 2: organizator"], &["nobody (remove the assignment)"]),
    (
        "Deck check (round 1, table 1): Anna Nowak – Jan Kowal",
        &[],
        &[
            "Card set number A: Red cards 30, Polish cards 29",
            "Set handed out instead (short deck): B",
            "Missing cards (tick): Piłsudski",
        ],
    ),
    (
        "Deck check (round 1, table 2): Ewa Lis – Anonim #4",
        &[],
        &["Card set number C: Red cards 30, Polish cards 30"],
    ),
    (
        "Result entered: game 1 (round 1, table 1): Anna Nowak – Jan Kowal",
        &[],
        &[
            "won by Red Army (Anna Nowak)",
            "Radzymin check after round 5",
            "10 points for Red",
            "Red's time left (m:ss): 1:05",
            "no log",
        ],
    ),
    (
        "Result corrected: game 1 (round 1, table 1): Anna Nowak – Jan Kowal",
        &[
            "won by Red Army (Anna Nowak)",
            "Radzymin check after round 5",
            "10 points for Red",
            "Red's time left (m:ss): 1:05",
            "no log",
        ],
        &[
            "won by Polish Army (Jan Kowal)",
            "Poles eliminated 3 Red units",
            "0 points for Red",
            "Red's time left (m:ss): 1:05",
            "log valid",
        ],
    ),
    (
        "Result entered: game 2 (round 1, table 1): Anna Nowak – Jan Kowal",
        &[],
        &[
            "won by Red Army (Jan Kowal)",
            "Red entered Warsaw",
            "4 points for Red",
            "Red's time left (m:ss): 1:05",
            "no log",
        ],
    ),
    (
        "No-show or withdrawal (round 1, table 2): Ewa Lis – Anonim #4",
        &["match played (game results below)"],
        &["absent: Anonim #4"],
    ),
    (
        "No-show or withdrawal (round 1, table 2): Ewa Lis – Anonim #4",
        &["absent: Anonim #4"],
        &["withdrew from the tournament: Ewa Lis"],
    ),
    (
        "No-show or withdrawal (round 1, table 2): Ewa Lis – Anonim #4",
        &["withdrew from the tournament: Ewa Lis"],
        &["match played (game results below)"],
    ),
    (
        "Extra game's side drawn by lot (round 1, table 1): Anna Nowak – Jan Kowal",
        &[],
        &["Red Army: Jan Kowal"],
    ),
    ("A change", &[], &[]),
    ("A change", &[], &[]),
    ("Round 1: locked", &["published"], &["locked"]),
    (
        "Tournament configuration changed",
        &["Swiss rounds: 5", "The winning attacker must advance into the vacated space (R3): no"],
        &["Swiss rounds: 6", "The winning attacker must advance into the vacated space (R3): yes"],
    ),
    ("Personal data erased: Anonim #4", &[], &[]),
    (
        "Result corrected: game 2 (round 1, table 1): Anna Nowak – Jan Kowal",
        &[
            "won by Red Army (Jan Kowal)",
            "Red entered Warsaw",
            "4 points for Red",
            "Red's time left (m:ss): 1:05",
            "no log",
        ],
        &[
            "won by Polish Army (Anna Nowak)",
            "Time forfeit",
            "Red's time left (m:ss): 0:00",
            "Polish time left (m:ss): 0:12",
            "log invalid",
        ],
    ),
    (
        "Tournament configuration changed",
        &[
            "Third-place match: no",
            "Flank attacks (additional rule): yes",
            "Time per player (seconds): 900",
            "Encircling maneuver (Grupa pościgowa, R8): two-attackers",
        ],
        &[
            "Third-place match: yes",
            "Flank attacks (additional rule): no",
            "Time per player (seconds): 600",
            "Encircling maneuver (Grupa pościgowa, R8): flank-attack",
        ],
    ),
    ("Pairing (round 1, table 2)", &[], &["Anonim #4: bye"]),
    ("Pairing (round 1, table 1)", &[], &["Anna Nowak (Red in game 1) – Jan Kowal"]),
    (
        "No-show or withdrawal (round 1, table 2): Ewa Lis – Anonim #4",
        &["match played (game results below)"],
        &["absent: Ewa Lis"],
    ),
    (
        "No-show or withdrawal (round 1, table 2): Ewa Lis – Anonim #4",
        &["absent: Ewa Lis"],
        &["neither player came (double no-show)"],
    ),
    (
        "No-show or withdrawal (round 1, table 2): Ewa Lis – Anonim #4",
        &["neither player came (double no-show)"],
        &["withdrew from the tournament: Anonim #4"],
    ),
    ("Draft discarded: round 1", &["Pairings: 2"], &[]),
];

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
