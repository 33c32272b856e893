//! A tournament day for the use-case tests (`tests/app_*.rs`): a real store (a SQLite file in
//! cargo's scratch folder, or a database of its own on the PostgreSQL server named by
//! `BITWA_TEST_POSTGRES_URL`), a tournament with an organiser and a referee, and the steps of the
//! day taken through `bitwa::app` as the pages take them. Reads go through the snapshot the use
//! cases decide on.

use bitwa::app::results::{self, Submission, Typed};
use bitwa::app::snapshot::Loaded;
use bitwa::app::{AppError, Refusal, registration, rounds, tournament};
use bitwa::outcome::{Side, Termination};
use bitwa::store::players::NewPlayer;
use bitwa::store::rounds::{Forfeit, MatchRow, Round};
use bitwa::store::tournaments::{Role, Tournament, TournamentConfig};
use bitwa::store::{self, GameId, PlayerId, Store, TournamentId, UserId};
use chrono::NaiveDate;
#[path = "scratch.rs"]
pub mod scratch;

/// The first day of every test tournament (a fixed day, so ages and erasure do not move).
pub fn first_day() -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 5, 9).expect("a date")
}

/// A fresh, migrated store of its own.
pub async fn fresh_store() -> Store {
    let url = scratch::database_url_named(&scratch::fresh_dir("app"), env!("CARGO_CRATE_NAME")).await;
    store::connect(&url).await.expect("the store opens")
}

/// The refusal a use case answered with (a failed test if it answered anything else).
pub fn refusal<T: std::fmt::Debug>(r: Result<T, AppError>) -> Refusal {
    match r {
        Err(AppError::Refused(r)) => r,
        other => panic!("expected a refusal, got {other:?}"),
    }
}

/// A typed result of one game.
pub fn typed(winner: Side, termination: Termination, red_points: i64) -> Submission {
    Submission {
        typed: Typed {
            winner: Some(winner),
            termination: Some(termination),
            red_points: Some(red_points),
            ..Typed::default()
        },
        ..Submission::default()
    }
}

/// A Red win (the Radzymin check) with `red_points`: 10 or more, a sum of the league's points table.
pub fn red_wins(red_points: i64) -> Submission {
    typed(Side::Red, Termination::RadzyminCheck, red_points)
}

/// A Polish win (three Red units eliminated) with `red_points` (at most 33, a sum of the table).
pub fn polish_wins(red_points: i64) -> Submission {
    typed(Side::Polish, Termination::ThreeRedEliminated, red_points)
}

/// A tournament on a store of its own, its organiser and referee.
pub struct Day {
    pub db: Store,
    pub t: TournamentId,
    pub organiser: UserId,
    pub referee: UserId,
    /// The players, in registration (seed) order.
    pub players: Vec<PlayerId>,
}

impl Day {
    /// `players` players (`Player 1`, ...), 3 Swiss rounds, a knockout of 4 without a third-place match.
    pub async fn new(players: usize) -> Day {
        Day::with(players, |_| {}).await
    }

    /// As [`Day::new`], the configuration changed by `change`.
    pub async fn with(players: usize, change: impl FnOnce(&mut TournamentConfig)) -> Day {
        let db = fresh_store().await;
        let organiser = store::users::create(&db, "organiser", "not-a-hash", true).await.unwrap().unwrap();
        let referee = store::users::create(&db, "referee", "not-a-hash", false).await.unwrap().unwrap();
        let mut cfg = TournamentConfig {
            name: "Test day".into(),
            swiss_rounds: 3,
            knockout_size: 4,
            third_place: false,
            ..tournament::default_config(first_day())
        };
        change(&mut cfg);
        let t = tournament::create(&db, &cfg, organiser).await.unwrap();
        tournament::grant(&db, t, referee, Role::Referee).await.unwrap();
        let new: Vec<NewPlayer> = (1..=players)
            .map(|i| NewPlayer {
                name: format!("Player {i}"),
                birth_date: NaiveDate::from_ymd_opt(2010, 1, 1).unwrap(),
                club: String::new(),
                region: String::new(),
                knowledge_score: Some(10),
                age_override: false,
                person: bitwa::store::players::PersonLink::Match,
            })
            .collect();
        let players = registration::register(&db, t, &new, organiser).await.unwrap();
        Day { db, t, organiser, referee, players }
    }

    pub async fn tournament(&self) -> Tournament {
        tournament::current(&self.db, self.t).await.unwrap()
    }

    /// The snapshot the use cases decide on.
    pub async fn snapshot(&self) -> Loaded {
        Loaded::load_id(&self.db, self.t).await.unwrap()
    }

    pub async fn round(&self, number: i64) -> Round {
        rounds::by_number(&self.db, self.t, number).await.unwrap()
    }

    /// Pair the next Swiss round (a draft); its number.
    pub async fn pair(&self) -> i64 {
        rounds::pair_next_swiss_round(&self.db, self.t, self.organiser).await.unwrap()
    }

    pub async fn publish(&self, number: i64) {
        rounds::publish(&self.db, self.t, &self.round(number).await, self.organiser).await.unwrap();
    }

    pub async fn lock(&self, number: i64) {
        rounds::lock(&self.db, self.t, number, self.organiser).await.unwrap();
    }

    /// The matches of a round with two players, by table.
    pub async fn matches(&self, number: i64) -> Vec<MatchRow> {
        let data = self.snapshot().await;
        let round = data.rounds.iter().find(|r| r.number == number).expect("the round").clone();
        data.matches_of_round(&round).filter(|m| m.player_b.is_some()).cloned().collect()
    }

    /// A game of a match (1, 2, or 3 for the extra game) and its version.
    pub async fn game(&self, m: &MatchRow, game_no: i64) -> (GameId, i64) {
        let data = self.snapshot().await;
        let g = data.games_of(m.id).iter().find(|g| g.game_no == game_no).expect("the game");
        (g.id, g.version)
    }

    /// Enter one game's result as the referee.
    pub async fn enter(&self, m: &MatchRow, game_no: i64, s: &Submission) {
        self.enter_as(m, game_no, s, Role::Referee).await.unwrap();
    }

    /// Enter one game's result as `role`.
    pub async fn enter_as(
        &self,
        m: &MatchRow,
        game_no: i64,
        s: &Submission,
        role: Role,
    ) -> bitwa::app::AppResult<()> {
        let (game, version) = self.game(m, game_no).await;
        let open = results::open_game(&self.db, self.t, game, role).await?;
        let edition = bitwa::engine::Edition::builtin();
        let by = if role == Role::Organiser { self.organiser } else { self.referee };
        results::enter(&self.db, &self.tournament().await, &open, version, s, edition, role, by)
            .await
            .map(|_| ())
    }

    /// `player_a` (Red in game 1) wins 2:0, scoring `red_points` as Red; the other scores 0 as Red.
    pub async fn a_wins(&self, m: &MatchRow, red_points: i64) {
        self.enter(m, 1, &red_wins(red_points)).await;
        self.enter(m, 2, &polish_wins(0)).await;
    }

    /// Every match of the round: `player_a` wins 2:0 with 20 points as Red.
    pub async fn play(&self, number: i64) {
        for m in self.matches(number).await {
            self.a_wins(&m, 20).await;
        }
    }

    /// Record (or clear) a walkover on a match as the referee.
    pub async fn forfeit(&self, m: &MatchRow, forfeit: Option<Forfeit>) -> bitwa::app::AppResult<()> {
        results::set_forfeit(&self.db, self.t, m, m.version, forfeit, Role::Referee, self.referee).await
    }

    /// A Swiss round paired, published, played (every `player_a` wins) and locked; its number.
    pub async fn played_round(&self) -> i64 {
        let n = self.pair().await;
        self.publish(n).await;
        self.play(n).await;
        self.lock(n).await;
        n
    }
}
