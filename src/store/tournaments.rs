//! Tournaments, their configuration, and who organises or referees them.

use super::{Db, StoreError, TournamentId, UserId, now};
use chrono::NaiveDate;
use serde::Serialize;
use sqlx::Row;

/// What the organiser configures (validated by the web layer before it gets here).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TournamentConfig {
    pub name: String,
    pub venue: String,
    pub first_day: NaiveDate,
    pub last_day: NaiveDate,
    pub swiss_rounds: i64,
    /// Size of the knockout bracket after the Swiss rounds; 0: no knockout.
    pub knockout_size: i64,
    pub third_place: bool,
    /// Match points in integer half-points.
    pub score_win: i64,
    pub score_draw: i64,
    pub score_loss: i64,
    pub score_bye: i64,
    /// Tiebreak names in order, comma-separated (league names).
    pub tiebreaks: String,
    pub fortifications: bool,
    pub flank_attacks: bool,
    pub time_control_secs: i64,
    /// The code of the edition the tournament plays (`store::editions`; a log's `Edition` tag).
    pub edition: String,
    /// Engine switches (see `web::rules::rule_options`, the one mapping to `engine::RuleOptions`).
    pub no_retreat_eliminates: bool,
    pub compulsory_advance: bool,
    pub pillage_by_free_units_only: bool,
    /// `two-attackers` or `flank-attack`.
    pub encirclement: String,
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Tournament {
    pub id: TournamentId,
    pub name: String,
    pub venue: String,
    pub first_day: NaiveDate,
    pub last_day: NaiveDate,
    pub swiss_rounds: i64,
    pub knockout_size: i64,
    pub third_place: bool,
    pub score_win: i64,
    pub score_draw: i64,
    pub score_loss: i64,
    pub score_bye: i64,
    pub tiebreaks: String,
    pub fortifications: bool,
    pub flank_attacks: bool,
    pub time_control_secs: i64,
    pub edition: String,
    pub no_retreat_eliminates: bool,
    pub compulsory_advance: bool,
    pub pillage_by_free_units_only: bool,
    pub encirclement: String,
    pub version: i64,
}

impl Tournament {
    #[must_use]
    pub fn config(&self) -> TournamentConfig {
        TournamentConfig {
            name: self.name.clone(),
            venue: self.venue.clone(),
            first_day: self.first_day,
            last_day: self.last_day,
            swiss_rounds: self.swiss_rounds,
            knockout_size: self.knockout_size,
            third_place: self.third_place,
            score_win: self.score_win,
            score_draw: self.score_draw,
            score_loss: self.score_loss,
            score_bye: self.score_bye,
            tiebreaks: self.tiebreaks.clone(),
            fortifications: self.fortifications,
            flank_attacks: self.flank_attacks,
            time_control_secs: self.time_control_secs,
            edition: self.edition.clone(),
            no_retreat_eliminates: self.no_retreat_eliminates,
            compulsory_advance: self.compulsory_advance,
            pillage_by_free_units_only: self.pillage_by_free_units_only,
            encirclement: self.encirclement.clone(),
        }
    }
}

/// A per-tournament role.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Role {
    Organiser,
    Referee,
}

impl Role {
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Role::Organiser => "organiser",
            Role::Referee => "referee",
        }
    }
}

pub(super) const COLUMNS: &str = "id, name, venue, first_day, last_day, swiss_rounds, knockout_size, third_place, \
     score_win, score_draw, score_loss, score_bye, tiebreaks, fortifications, flank_attacks, \
     time_control_secs, edition, no_retreat_eliminates, compulsory_advance, pillage_by_free_units_only, \
     encirclement, version";

type SqliteQuery<'q> = sqlx::query::Query<'q, sqlx::Sqlite, sqlx::sqlite::SqliteArguments<'q>>;

/// Bind the configuration's columns, in the order `create` and `update` name them.
fn bind_config<'q>(q: SqliteQuery<'q>, cfg: &'q TournamentConfig) -> SqliteQuery<'q> {
    q.bind(&cfg.name)
        .bind(&cfg.venue)
        .bind(cfg.first_day)
        .bind(cfg.last_day)
        .bind(cfg.swiss_rounds)
        .bind(cfg.knockout_size)
        .bind(cfg.third_place)
        .bind(cfg.score_win)
        .bind(cfg.score_draw)
        .bind(cfg.score_loss)
        .bind(cfg.score_bye)
        .bind(&cfg.tiebreaks)
        .bind(cfg.fortifications)
        .bind(cfg.flank_attacks)
        .bind(cfg.time_control_secs)
        .bind(&cfg.edition)
        .bind(cfg.no_retreat_eliminates)
        .bind(cfg.compulsory_advance)
        .bind(cfg.pillage_by_free_units_only)
        .bind(&cfg.encirclement)
}

/// Create a tournament and make `organiser` its organiser, in one transaction.
///
/// # Errors
/// An insert fails.
#[tracing::instrument(skip(db, cfg))]
pub async fn create(db: &Db, cfg: &TournamentConfig, organiser: UserId) -> Result<TournamentId, StoreError> {
    let mut tx = super::write_tx(db).await?;
    super::editions::require(&mut tx, &cfg.edition).await?;
    let q = sqlx::query(
        "INSERT INTO tournaments (name, venue, first_day, last_day, swiss_rounds, knockout_size, third_place, \
         score_win, score_draw, score_loss, score_bye, tiebreaks, fortifications, flank_attacks, \
         time_control_secs, edition, no_retreat_eliminates, compulsory_advance, pillage_by_free_units_only, \
         encirclement, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) \
         RETURNING id",
    );
    let id: TournamentId = bind_config(q, cfg).bind(now()).fetch_one(&mut *tx).await?.try_get(0)?;
    sqlx::query("INSERT INTO tournament_roles (tournament_id, user_id, role) VALUES (?, ?, 'organiser')")
        .bind(id)
        .bind(organiser)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(id)
}

/// Change the configuration if nobody else did since `version` was read; the old and new
/// configuration go to history in the same transaction.
///
/// # Errors
/// [`StoreError::Conflict`] if the version moved on; the update fails.
#[tracing::instrument(skip(db, cfg))]
pub async fn update(
    db: &Db,
    id: TournamentId,
    version: i64,
    cfg: &TournamentConfig,
    by: UserId,
) -> Result<(), StoreError> {
    let mut tx = super::write_tx(db).await?;
    super::editions::require(&mut tx, &cfg.edition).await?;
    let old = sqlx::query_as::<_, Tournament>(&format!("SELECT {COLUMNS} FROM tournaments WHERE id = ?"))
        .bind(id)
        .fetch_optional(&mut *tx)
        .await?
        .ok_or(StoreError::NotFound)?;
    let q = sqlx::query(
        "UPDATE tournaments SET name = ?, venue = ?, first_day = ?, last_day = ?, swiss_rounds = ?, \
         knockout_size = ?, third_place = ?, score_win = ?, score_draw = ?, score_loss = ?, score_bye = ?, \
         tiebreaks = ?, fortifications = ?, flank_attacks = ?, time_control_secs = ?, edition = ?, \
         no_retreat_eliminates = ?, compulsory_advance = ?, pillage_by_free_units_only = ?, encirclement = ?, \
         version = version + 1 WHERE id = ? AND version = ?",
    );
    let res = bind_config(q, cfg).bind(id).bind(version).execute(&mut *tx).await?;
    if res.rows_affected() == 0 {
        return Err(StoreError::Conflict);
    }
    super::history::record(
        &mut tx,
        super::history::Subject { tournament: id, entity: "tournament", id: id.0 },
        "configure",
        Some(by),
        &old.config(),
        cfg,
    )
    .await?;
    tx.commit().await?;
    Ok(())
}

/// # Errors
/// The query fails.
pub async fn get(db: &Db, id: TournamentId) -> Result<Option<Tournament>, StoreError> {
    Ok(sqlx::query_as::<_, Tournament>(&format!("SELECT {COLUMNS} FROM tournaments WHERE id = ?"))
        .bind(id)
        .fetch_optional(db)
        .await?)
}

/// Every tournament, newest first.
///
/// # Errors
/// The query fails.
pub async fn list(db: &Db) -> Result<Vec<Tournament>, StoreError> {
    Ok(sqlx::query_as::<_, Tournament>(&format!(
        "SELECT {COLUMNS} FROM tournaments ORDER BY first_day DESC, id DESC"
    ))
    .fetch_all(db)
    .await?)
}

/// Does `user` hold `role` in the tournament?
///
/// # Errors
/// The query fails.
pub async fn has_role(db: &Db, id: TournamentId, user: UserId, role: Role) -> Result<bool, StoreError> {
    let (n,): (i64,) = sqlx::query_as(
        "SELECT COUNT(*) FROM tournament_roles WHERE tournament_id = ? AND user_id = ? AND role = ?",
    )
    .bind(id)
    .bind(user)
    .bind(role.as_str())
    .fetch_one(db)
    .await?;
    Ok(n > 0)
}

/// Give `user` a role (appointing a referee); nothing happens if it is already held.
///
/// # Errors
/// The insert fails.
pub async fn grant(db: &Db, id: TournamentId, user: UserId, role: Role) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO tournament_roles (tournament_id, user_id, role) VALUES (?, ?, ?) \
         ON CONFLICT (tournament_id, user_id, role) DO NOTHING",
    )
    .bind(id)
    .bind(user)
    .bind(role.as_str())
    .execute(db)
    .await?;
    Ok(())
}

/// Usernames holding `role` in the tournament, alphabetically.
///
/// # Errors
/// The query fails.
pub async fn holders(db: &Db, id: TournamentId, role: Role) -> Result<Vec<String>, StoreError> {
    let rows: Vec<(String,)> = sqlx::query_as(
        "SELECT u.username FROM tournament_roles r JOIN users u ON u.id = r.user_id \
         WHERE r.tournament_id = ? AND r.role = ? ORDER BY u.username",
    )
    .bind(id)
    .bind(role.as_str())
    .fetch_all(db)
    .await?;
    Ok(rows.into_iter().map(|(u,)| u).collect())
}

/// Tournaments where `user` holds any role, with the roles (the dashboard).
///
/// # Errors
/// The query fails.
pub async fn roles_of(db: &Db, user: UserId) -> Result<Vec<(TournamentId, String, String)>, StoreError> {
    Ok(sqlx::query_as(
        "SELECT t.id, t.name, r.role FROM tournament_roles r JOIN tournaments t ON t.id = r.tournament_id \
         WHERE r.user_id = ? ORDER BY t.first_day DESC, t.id DESC, r.role",
    )
    .bind(user)
    .fetch_all(db)
    .await?)
}
