//! A tournament with every kind of change in its history, built through the store's writes, and
//! the tools to read its rows raw and to replace them by rows as older releases wrote them.

use super::stored::Template;
use crate::helpers::*;
use bitwa::engine::{Edition, RuleOptions};
use bitwa::league::clock::LeagueClock;
use bitwa::outcome::{Side, Termination};
use bitwa::store::deck_checks::NewDeckCheck;
use bitwa::store::games::{LogStatus, ResultEntry};
use bitwa::store::history::{Change, DiscardedDraft, ForbiddenPair, Settings};
use bitwa::store::players::{NewPlayer, PlayerChange};
use bitwa::store::rounds::{Forfeit, NewMatch, Phase, Status};
use bitwa::store::stages::StageEvent;
use bitwa::store::tournaments::TournamentConfig;
use bitwa::store::{self, GameId, MatchId, PlayerId, RoundId, Store, TournamentId, UserId};
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

pub fn day(s: &str) -> NaiveDate {
    NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
}

pub fn config(swiss_rounds: i64, rules: RuleOptions) -> TournamentConfig {
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
        tiebreaks: "buchholz,sonneborn_berger".parse().unwrap(),
        edition: Edition::builtin().id().into(),
        rules,
        table_clock: store::tournaments::TableClock::Players,
        no_show_wait_mins: store::tournaments::NO_SHOW_WAIT_MINS,
    }
}

fn player(name: &str, club: &str, knowledge: Option<i64>, age_override: bool) -> NewPlayer {
    NewPlayer {
        name: name.into(),
        birth_date: day("2010-03-04"),
        club: club.into(),
        region: String::new(),
        knowledge_score: knowledge,
        age_override,
        person: bitwa::store::players::PersonLink::Match,
    }
}

pub fn result(winner: Side, termination: Termination, red_points: i64, log: Option<&str>) -> ResultEntry {
    ResultEntry {
        log_text: log.map(str::to_string),
        log_status: if log.is_some() { LogStatus::Valid } else { LogStatus::None },
        log_message: String::new(),
        log_edition: log.map(|_| Edition::builtin().id().to_string()),
        ..ResultEntry::typed(winner, termination, red_points, Some(65), None)
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
        bitwa::app::authority::links_without_asking,
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
        NewMatch { table_no: 1, player_a: anna, player_b: Some(jan), bracket_slot: None, group_no: None },
        NewMatch { table_no: 2, player_a: ewa, player_b: Some(piotr), bracket_slot: None, group_no: None },
    ];
    let draft =
        store::rounds::create(&db, t, None, 1, Phase::Swiss, "why", &pairings, organiser).await.unwrap();
    let drafted = store::rounds::matches_of(&db, draft).await.unwrap();
    let (d1, d2) = (drafted[0].id, drafted[1].id);
    store::assignments::assign(&db, t, draft, 1, 2, Some(referee), organiser).await.unwrap();
    store::rounds::swap_players(&db, t, draft, jan, ewa, organiser).await.unwrap();
    store::rounds::discard_draft(&db, t, draft, organiser).await.unwrap();
    let round =
        store::rounds::create(&db, t, None, 1, Phase::Swiss, "why", &pairings, organiser).await.unwrap();
    store::rounds::advance(&db, t, None, round, Status::Draft, Status::Published, organiser).await.unwrap();
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
    store::rounds::set_forfeit(&db, t, m2, m2_version, Some(Forfeit::AbsentB), referee, &[Status::Published])
        .await
        .unwrap();
    store::rounds::set_forfeit(
        &db,
        t,
        m2,
        m2_version + 1,
        Some(Forfeit::WithdrewA),
        referee,
        &[Status::Published],
    )
    .await
    .unwrap();
    store::rounds::set_forfeit(&db, t, m2, m2_version + 2, None, referee, &[Status::Published])
        .await
        .unwrap();
    let extra = store::games::add_extra_game(&db, t, None, m1, jan, 42, organiser).await.unwrap();
    let clock = LeagueClock::new(900, 1_000);
    store::recordings::start(&db, t, extra, Edition::builtin().id(), clock, referee, &[Status::Published])
        .await
        .unwrap();
    let at = |steps, revision| store::recordings::At { steps, revision };
    store::recordings::append(&db, extra, at(0, 0), "1. R pass", &clock, false, referee).await.unwrap();
    store::recordings::undo(&db, t, extra, at(1, 1), &clock, false, referee).await.unwrap();
    store::rounds::advance(&db, t, None, round, Status::Published, Status::Locked, organiser).await.unwrap();
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
pub type Row = (String, i64, String, String, String);

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
    pub fn rows(&self, templates: &[Template], at: &str) -> Vec<Row> {
        let ids = self.ids(at);
        let fill = |s: &str| ids.iter().fold(s.to_string(), |s, (k, v)| s.replace(k, v));
        templates
            .iter()
            .map(|[e, id, a, o, n]| (fill(e), fill(id).parse().unwrap(), fill(a), fill(o), fill(n)))
            .collect()
    }
}

/// The history rows' stored columns, oldest first.
pub async fn stored_rows(w: &World) -> Vec<Row> {
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
pub async fn replace_history(w: &World, rows: &[Row]) {
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

/// One change of every kind, with the values that are easy to get wrong: none and some, a bye,
/// the largest seed, text that needs escaping, an erased birth date.
pub fn one_of_each(w: &World) -> Vec<Change> {
    let with_log = ResultEntry {
        log_text: Some("1. R pass # \"cytat\", ąę\n2. P pass".into()),
        log_status: LogStatus::Invalid,
        log_message: "line 2: no such unit".into(),
        ..result(Side::Red, Termination::AllRedDispersed, 12, None)
    };
    let empty = ResultEntry::NONE;
    let played = result(Side::Polish, Termination::WarsawEntered, 3, Some("1. Red pass"));
    let registration = |age_override, birth_date| store::history::Registration {
        name: "Zofia Wróbel".into(),
        birth_date,
        club: String::new(),
        knowledge_score: None,
        age_override,
    };
    let state = |withdrawn, knowledge_score| PlayerChange { withdrawn, knowledge_score };
    let forbidden = |until_round| ForbiddenPair { player_a: w.anna, player_b: w.jan, until_round };
    let settings = |swiss_rounds| Settings::of(&config(swiss_rounds, RuleOptions::default())).unwrap();
    vec![
        Change::ResultEntered { game: w.g1, before: empty.clone(), after: with_log.clone() },
        Change::ResultCorrected { game: w.g1, before: with_log, after: played },
        Change::ExtraGameDrawn {
            game: w.extra,
            red: w.jan,
            seed: u64::MAX,
            at: "2026-05-10T09:00:00Z".into(),
        },
        Change::ForfeitChanged { match_id: w.m2, before: None, after: Some(Forfeit::AbsentBoth) },
        Change::ForfeitChanged { match_id: w.m2, before: Some(Forfeit::WithdrewB), after: None },
        Change::DeckChecked {
            match_id: w.m1,
            check: NewDeckCheck {
                set_label: "Komplet \"7\"".into(),
                red_count: 28,
                polish_count: 30,
                swapped_to: "8".into(),
                missing_cards: vec![(3, "Tuchaczewski".into()), (17, "Piłsudski".into())],
            },
        },
        Change::MatchPaired {
            match_id: w.m2,
            pairing: NewMatch {
                table_no: 0,
                player_a: w.piotr,
                player_b: None,
                bracket_slot: None,
                group_no: None,
            },
        },
        Change::MatchPaired {
            match_id: w.m1,
            pairing: NewMatch {
                table_no: 1,
                player_a: w.anna,
                player_b: Some(w.jan),
                bracket_slot: Some(2),
                group_no: None,
            },
        },
        Change::PairingDiscarded { match_id: w.m2, table_no: 0, player_a: w.piotr, player_b: None },
        Change::PlayersSwapped {
            match_id: w.m1,
            before: vec![(w.m1, w.anna, Some(w.jan)), (w.m2, w.ewa, None)],
            after: vec![(w.m1, w.anna, Some(w.ewa)), (w.m2, w.jan, None)],
        },
        Change::DraftDiscarded {
            round: w.round,
            draft: DiscardedDraft {
                number: 4,
                phase: Phase::Knockout,
                matches: vec![(w.m1, 1, w.anna, Some(w.jan)), (w.m2, 0, w.ewa, None)],
                deck_checks: vec![(w.m1, "A".into(), 30, 30, String::new(), "[]".into())],
                table_referees: vec![(1, w.referee)],
            },
        },
        Change::RoundAdvanced { round: w.round, from: Status::Draft, to: Status::Published },
        Change::RoundAdvanced { round: w.round, from: Status::Published, to: Status::Locked },
        Change::RoundUnlocked { round: w.round, reason: "wynik stołu 2 \"do poprawy\"".into() },
        Change::RefereesAssigned {
            round: w.round,
            before: vec![(1, w.referee), (2, w.organiser)],
            after: vec![],
        },
        Change::PlayerRegistered {
            player: w.anna,
            registration: registration(false, Some(day("2009-12-31"))),
        },
        Change::PlayerRegistered { player: w.ewa, registration: registration(true, None) },
        Change::PlayerWithdrawn { player: w.jan, before: state(false, None), after: state(true, None) },
        Change::PlayerReadmitted {
            player: w.jan,
            before: state(true, Some(4)),
            after: state(false, Some(4)),
        },
        Change::PlayerChanged { player: w.jan, before: state(false, Some(4)), after: state(false, None) },
        Change::PlayerErased { player: w.piotr, pseudonym: format!("Anonim #{}", w.piotr) },
        Change::PairForbidden { before: None, after: forbidden(Some(3)) },
        Change::PairForbidden { before: Some(forbidden(Some(3))), after: forbidden(None) },
        Change::PairAllowed { player_a: w.anna, player_b: w.jan },
        Change::ConfigChanged { tournament: w.t, before: settings(5), after: settings(7) },
        Change::RecordingStarted {
            game: w.extra,
            edition: Edition::builtin().id().into(),
            time_control_ms: 600_000,
        },
        Change::LineTakenBack { game: w.extra, step: 12, line: "12. P attack 4 → 5 \"?\"".into() },
        Change::RecordingEnded { game: w.extra, steps: 40 },
        Change::RecordedResultSetAside {
            game: w.extra,
            recorded: result(Side::Polish, Termination::TimeForfeit, 0, Some("red clock {0:00}")),
        },
        Change::StageChanged {
            position: 1,
            event: StageEvent::Chosen {
                before: serde_json::json!([{ "kind": "swiss", "rounds": 5 }]),
                after: serde_json::json!([{ "kind": "groups", "count": 4 }]),
            },
        },
        Change::StageChanged {
            position: 1,
            event: StageEvent::Drawn {
                seeding: bitwa::league::stages::Seeding::Pots,
                lot_seed: Some(42),
                groups: vec![vec![w.anna.0, w.jan.0], vec![w.ewa.0, w.piotr.0]],
            },
        },
        Change::StageChanged { position: 1, event: StageEvent::LotDrawn { group: 2, lot_seed: 7 } },
        Change::StageChanged {
            position: 1,
            event: StageEvent::Withdrawal { rule: "annul-under-half".into() },
        },
        Change::StageChanged { position: 1, event: StageEvent::Closed },
        Change::StageChanged {
            position: 1,
            event: StageEvent::Reopened { reason: "błąd w wyniku \"A2\"".into() },
        },
        Change::PersonsMerged {
            player: w.anna,
            merge: bitwa::store::MergeId(3),
            kept: bitwa::store::PersonId(1),
            merged: bitwa::store::PersonId(7),
        },
        Change::PersonsUnmerged {
            player: w.anna,
            merge: bitwa::store::MergeId(3),
            kept: bitwa::store::PersonId(1),
            merged: bitwa::store::PersonId(7),
        },
        Change::PersonsKeptApart {
            player: w.anna,
            a: bitwa::store::PersonId(1),
            b: bitwa::store::PersonId(7),
        },
        Change::EntryAbsent {
            tournament: w.t,
            entry: 12,
            name: "Dawid Dąb".into(),
            school: "SP 3 Radom".into(),
        },
    ]
}
