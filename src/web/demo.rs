//! The demo tournament `bitwa serve --demo` loads into an empty database: 24 players, three Swiss
//! rounds played and locked, the fourth published with half its results in, demo logins with known
//! passwords (they are demo data; the normal first organiser password stays random).

use super::auth;
use super::error::WebError;
use super::i18n::Lang;
use super::league_view::Loaded;
use super::operations;
use super::startup::Login;
use crate::store::games::ResultEntry;
use crate::store::players::NewPlayer;
use crate::store::rounds::Status;
use crate::store::tournaments::{Role, TournamentConfig};
use crate::store::{self, Db, UserId};
use chrono::{Datelike, NaiveDate};
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

pub const ORGANISER: (&str, &str) = ("organizator", "demo-organizator");
pub const REFEREE: (&str, &str) = ("sedzia", "demo-sedzia");

const NAMES: [&str; 24] = [
    "Antoni Nowak",
    "Zuzanna Kowalska",
    "Jan Wiśniewski",
    "Julia Wójcik",
    "Franciszek Kowalczyk",
    "Maja Kamińska",
    "Aleksander Lewandowski",
    "Hanna Zielińska",
    "Szymon Szymański",
    "Zofia Woźniak",
    "Filip Dąbrowski",
    "Lena Kozłowska",
    "Mikołaj Jankowski",
    "Alicja Mazur",
    "Stanisław Kwiatkowski",
    "Oliwia Krawczyk",
    "Wojciech Piotrowski",
    "Amelia Grabowska",
    "Kacper Nowakowski",
    "Laura Pawłowska",
    "Ignacy Michalski",
    "Pola Adamczyk",
    "Tymon Dudek",
    "Natalia Zając",
];
const CLUBS: [&str; 4] =
    ["LO im. Batorego", "XIV LO im. Staszica", "SP 103 Warszawa", "Klub Strategia Radzymin"];

/// Load the demo if the database has no tournament yet; the logins to print.
///
/// # Errors
/// The database fails, or the league refuses a pairing (it does not for this field).
pub async fn load(db: &Db) -> Result<Vec<Login>, WebError> {
    if !store::tournaments::list(db).await?.is_empty() {
        return Ok(Vec::new());
    }
    let organiser = account(db, ORGANISER, true).await?;
    let referee = account(db, REFEREE, false).await?;
    let today = chrono::Utc::now().date_naive();
    let cfg = TournamentConfig {
        name: "Liga Bitwy Warszawskiej: turniej pokazowy".into(),
        venue: "Warszawa, Pałac Kultury".into(),
        first_day: today,
        last_day: today,
        swiss_rounds: 5,
        knockout_size: 8,
        third_place: true,
        score_win: 2,
        score_draw: 1,
        score_loss: 0,
        score_bye: 2,
        tiebreaks: super::tiebreak_order::default_order(),
        fortifications: false,
        flank_attacks: false,
        time_control_secs: 900,
        edition: super::routes::admin::BUILTIN_EDITION.into(),
    };
    let t = store::tournaments::create(db, &cfg, organiser).await?;
    store::tournaments::grant(db, t, referee, Role::Referee).await?;
    let mut rng = ChaCha8Rng::seed_from_u64(1920);
    let players: Vec<NewPlayer> = NAMES
        .iter()
        .enumerate()
        .map(|(i, name)| {
            let age = 14 + i32::try_from(rng.next_u32() % 7).unwrap_or(0);
            let birth = NaiveDate::from_ymd_opt(
                today.year() - age - 1,
                1 + rng.next_u32() % 12,
                1 + rng.next_u32() % 28,
            )
            .unwrap_or(today);
            NewPlayer {
                name: (*name).to_string(),
                birth_date: birth,
                club: CLUBS[i % CLUBS.len()].to_string(),
                knowledge_score: Some(i64::from(10 + rng.next_u32() % 11)),
                age_override: false,
            }
        })
        .collect();
    store::players::register_all(db, t, &players, 1, organiser).await?;

    for round in 1..=4 {
        let tournament = store::tournaments::get(db, t).await?.ok_or(WebError::NotFound)?;
        let data = Loaded::load(db, tournament).await?;
        let number = operations::pair_next_swiss_round(db, Lang::Pl, &data, organiser).await?;
        let r = store::rounds::by_number(db, t, number).await?.ok_or(WebError::NotFound)?;
        store::rounds::advance(db, t, r.id, Status::Draft, Status::Published, organiser).await?;
        let matches = store::rounds::matches_of(db, r.id).await?;
        let played = if round < 4 { matches.len() } else { matches.len() / 2 };
        for m in matches.iter().filter(|m| m.player_b.is_some()).take(played) {
            for g in store::games::of_match(db, m.id).await? {
                let entry = random_result(&mut rng);
                store::games::save_result(db, t, g.id, g.version, &entry, referee).await?;
            }
        }
        if round < 4 {
            store::rounds::advance(db, t, r.id, Status::Published, Status::Locked, organiser).await?;
        }
    }
    Ok(vec![
        Login { role: "demo organiser", username: ORGANISER.0.into(), password: ORGANISER.1.into() },
        Login { role: "demo referee", username: REFEREE.0.into(), password: REFEREE.1.into() },
    ])
}

async fn account(db: &Db, (username, password): (&str, &str), is_admin: bool) -> Result<UserId, WebError> {
    match auth::create_account(db, username, password, is_admin).await? {
        Some(id) => Ok(id),
        None => Ok(store::users::by_username(db, username).await?.ok_or(WebError::NotFound)?.id),
    }
}

/// A plausible typed result: how it ended, and Red-side points in the range the league table allows.
fn random_result(rng: &mut ChaCha8Rng) -> ResultEntry {
    let (winner, termination, red_points) = match rng.next_u32() % 5 {
        0 => ("red", "warsaw-entered", 21 + 4 * (rng.next_u32() % 3)),
        1 => ("red", "radzymin-check", 10 + 4 * (rng.next_u32() % 3)),
        2 => ("polish", "three-red-eliminated", 2 * (rng.next_u32() % 4)),
        3 => ("polish", "all-red-dispersed", 4 * (rng.next_u32() % 3)),
        _ => ("polish", "radzymin-check", 4 + 2 * (rng.next_u32() % 4)),
    };
    ResultEntry {
        winner: Some(winner.into()),
        termination: Some(termination.into()),
        red_points: Some(i64::from(red_points)),
        red_clock_secs: Some(i64::from(rng.next_u32() % 600)),
        polish_clock_secs: Some(i64::from(rng.next_u32() % 600)),
        log_text: None,
        log_status: "none".into(),
        log_message: String::new(),
    }
}
