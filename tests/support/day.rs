//! A tournament day for the use-case tests (`tests/app_*.rs`): a real store (a SQLite file in
//! cargo's scratch folder, or a database of its own on the PostgreSQL server named by
//! `BITWA_TEST_POSTGRES_URL`), a tournament with an organiser and a referee, and the steps of the
//! day taken through `bitwa::app` as the pages take them. Reads go through the snapshot the use
//! cases decide on.

use bitwa::app::results::{self, Submission, Typed};
use bitwa::app::snapshot::Loaded;
use bitwa::app::{registration, rounds, tournament};
use bitwa::outcome::{Side, Termination};
use bitwa::store::players::NewPlayer;
use bitwa::store::rounds::{MatchRow, Round};
use bitwa::store::tournaments::{Role, Tournament, TournamentConfig};
use bitwa::store::{self, GameId, PlayerId, Store, TournamentId, UserId};
use chrono::NaiveDate;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};

static COUNTER: AtomicU32 = AtomicU32::new(0);

/// The first day of every test tournament (a fixed day, so ages and erasure do not move).
pub fn first_day() -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 5, 9).expect("a date")
}

/// This run's folder, `target/tmp/app/run-PID`; folders of runs older than an hour are removed.
fn run_dir() -> &'static Path {
    static RUN: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    RUN.get_or_init(|| {
        let parent = Path::new(env!("CARGO_TARGET_TMPDIR")).join("app");
        let stale = std::time::Duration::from_secs(3600);
        for entry in std::fs::read_dir(&parent).into_iter().flatten().flatten() {
            let old = entry
                .metadata()
                .and_then(|m| m.modified())
                .is_ok_and(|t| t.elapsed().is_ok_and(|age| age > stale));
            if old {
                let _ = std::fs::remove_dir_all(entry.path());
            }
        }
        let dir = parent.join(format!("run-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("the test folder");
        dir
    })
}

/// A fresh, migrated store of its own.
pub async fn fresh_store() -> Store {
    let n = COUNTER.fetch_add(1, Ordering::SeqCst);
    let name = format!("{}-{n}", env!("CARGO_CRATE_NAME"));
    let url = match std::env::var("BITWA_TEST_POSTGRES_URL").ok().filter(|u| !u.trim().is_empty()) {
        None => format!("sqlite://{}", run_dir().join(format!("{name}.db")).display()),
        Some(server) => {
            let db: String = format!("ba_{}_{name}", std::process::id())
                .chars()
                .map(|c| if c.is_ascii_alphanumeric() { c.to_ascii_lowercase() } else { '_' })
                .collect();
            let admin = sqlx::PgPool::connect(&server).await.expect("the test PostgreSQL server answers");
            sqlx::query(sqlx::AssertSqlSafe(format!("DROP DATABASE IF EXISTS {db}")))
                .execute(&admin)
                .await
                .expect("drop");
            sqlx::query(sqlx::AssertSqlSafe(format!("CREATE DATABASE {db}")))
                .execute(&admin)
                .await
                .expect("create");
            admin.close().await;
            let (base, query) = server.split_once('?').map_or((server.as_str(), ""), |(b, q)| (b, q));
            let (host, _) = base.rsplit_once('/').expect("a postgres:// URL with a database name");
            if query.is_empty() { format!("{host}/{db}") } else { format!("{host}/{db}?{query}") }
        }
    };
    store::connect(&url).await.expect("the store opens")
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

/// A Red win (Warsaw entered) with `red_points`.
pub fn red_wins(red_points: i64) -> Submission {
    typed(Side::Red, Termination::WarsawEntered, red_points)
}

/// A Polish win (three Red units eliminated) with `red_points`.
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
                knowledge_score: Some(10),
                age_override: false,
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

    /// A Swiss round paired, published, played (every `player_a` wins) and locked; its number.
    pub async fn played_round(&self) -> i64 {
        let n = self.pair().await;
        self.publish(n).await;
        self.play(n).await;
        self.lock(n).await;
        n
    }
}
