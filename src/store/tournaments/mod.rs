//! Tournaments, their configuration, and who organises or referees them.

pub use super::values::tournaments::{NO_SHOW_WAIT_MINS, TableClock, TournamentConfig};

use super::history::{Change, Settings};
use super::{Store, StoreError, StoredText, TournamentId, UserId, now};
use crate::engine::RuleOptions;
use crate::league::TiebreakOrder;
use chrono::NaiveDate;
use serde::Serialize;
use sqlx::types::Json;

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
    pub tiebreaks: TiebreakOrder,
    pub edition: String,
    #[sqlx(json)]
    pub rules: RuleOptions,
    pub table_clock: TableClock,
    /// See [`TournamentConfig::no_show_wait_mins`].
    pub no_show_wait_mins: i64,
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
            edition: self.edition.clone(),
            rules: self.rules,
            table_clock: self.table_clock,
            no_show_wait_mins: self.no_show_wait_mins,
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

impl StoredText for Role {
    const ALL: &'static [Role] = &[Role::Organiser, Role::Referee];
    fn as_str(self) -> &'static str {
        Role::as_str(self)
    }
}

stored_as_text!(Role);

const SELECT_ONE: &str = "SELECT id, name, venue, first_day, last_day, swiss_rounds, knockout_size, third_place, \
     score_win, score_draw, score_loss, score_bye, tiebreaks, edition, rules, table_clock, no_show_wait_mins, version FROM tournaments \
     WHERE id = $1";

/// Bind the configuration's columns, in the order `create` and `update` name them ($1 to $16).
macro_rules! bind_config {
    ($q:expr, $cfg:expr) => {
        $q.bind(&$cfg.name)
            .bind(&$cfg.venue)
            .bind($cfg.first_day)
            .bind($cfg.last_day)
            .bind($cfg.swiss_rounds)
            .bind($cfg.knockout_size)
            .bind($cfg.third_place)
            .bind($cfg.score_win)
            .bind($cfg.score_draw)
            .bind($cfg.score_loss)
            .bind($cfg.score_bye)
            .bind(&$cfg.tiebreaks)
            .bind(&$cfg.edition)
            .bind(Json($cfg.rules))
            .bind($cfg.table_clock)
            .bind($cfg.no_show_wait_mins)
    };
}

/// One tournament inside the caller's transaction.
pub(super) async fn get_in(
    conn: &mut super::Conn,
    id: TournamentId,
) -> Result<Option<Tournament>, StoreError> {
    Ok(on!(conn, |c| sqlx::query_as::<_, Tournament>(SELECT_ONE).bind(id).fetch_optional(c).await)?)
}

/// Create a tournament and make `organiser` its organiser, in one transaction.
///
/// # Errors
/// An insert fails.
#[tracing::instrument(skip(db, cfg))]
pub async fn create(
    db: &Store,
    cfg: &TournamentConfig,
    organiser: UserId,
) -> Result<TournamentId, StoreError> {
    let mut tx = db.write().await?;
    super::editions::require(&mut tx, &cfg.edition).await?;
    let (id,): (TournamentId,) = on!(&mut tx, |c| {
        bind_config!(
        sqlx::query_as(
            "INSERT INTO tournaments (name, venue, first_day, last_day, swiss_rounds, knockout_size, third_place, \
             score_win, score_draw, score_loss, score_bye, tiebreaks, edition, rules, table_clock, no_show_wait_mins, \
             created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17) RETURNING id",
        ),
        cfg
    )
    .bind(now())
    .fetch_one(c)
    .await
    })?;
    on!(&mut tx, |c| sqlx::query(
        "INSERT INTO tournament_roles (tournament_id, user_id, role) VALUES ($1, $2, $3)"
    )
    .bind(id)
    .bind(organiser)
    .bind(Role::Organiser)
    .execute(c)
    .await
    .map(|r| r.rows_affected()))?;
    let stages = super::stages::swiss_stages(cfg.swiss_rounds, cfg.knockout_size, cfg.third_place);
    super::stages::put_in(&mut tx, id, &stages).await?;
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
    db: &Store,
    id: TournamentId,
    version: i64,
    cfg: &TournamentConfig,
    by: UserId,
) -> Result<(), StoreError> {
    let mut tx = db.write_tournament(id).await?;
    super::editions::require(&mut tx, &cfg.edition).await?;
    let old = get_in(&mut tx, id).await?.ok_or(StoreError::NotFound)?;
    let updated = on!(&mut tx, |c| {
        bind_config!(
        sqlx::query(
            "UPDATE tournaments SET name = $1, venue = $2, first_day = $3, last_day = $4, swiss_rounds = $5, \
             knockout_size = $6, third_place = $7, score_win = $8, score_draw = $9, score_loss = $10, \
             score_bye = $11, tiebreaks = $12, edition = $13, rules = $14, table_clock = $15, \
             no_show_wait_mins = $16, version = version + 1 WHERE id = $17 AND version = $18",
        ),
        cfg
    )
    .bind(id)
    .bind(version)
    .execute(c)
    .await
    .map(|r| r.rows_affected())
    })?;
    if updated == 0 {
        return Err(StoreError::Conflict);
    }
    super::stages::follow_swiss_columns(&mut tx, id, cfg.swiss_rounds, cfg.knockout_size, cfg.third_place)
        .await?;
    let change = Change::ConfigChanged {
        tournament: id,
        before: Settings::of(&old.config())?,
        after: Settings::of(cfg)?,
    };
    tx.record(id, by, &change).await?;
    tx.commit().await?;
    Ok(())
}

/// # Errors
/// The query fails.
pub async fn get(db: &Store, id: TournamentId) -> Result<Option<Tournament>, StoreError> {
    Ok(on!(db, |c| sqlx::query_as::<_, Tournament>(SELECT_ONE).bind(id).fetch_optional(c).await)?)
}

/// Every tournament, newest first.
///
/// # Errors
/// The query fails.
pub async fn list(db: &Store) -> Result<Vec<Tournament>, StoreError> {
    Ok(on!(db, |c| {
        sqlx::query_as::<_, Tournament>(
        "SELECT id, name, venue, first_day, last_day, swiss_rounds, knockout_size, third_place, score_win, \
         score_draw, score_loss, score_bye, tiebreaks, edition, rules, table_clock, no_show_wait_mins, version FROM tournaments \
         ORDER BY first_day DESC, id DESC"
    )
    .fetch_all(c)
    .await
    })?)
}

/// Does `user` hold `role` in the tournament?
///
/// # Errors
/// The query fails.
pub async fn has_role(db: &Store, id: TournamentId, user: UserId, role: Role) -> Result<bool, StoreError> {
    let (n,): (i64,) = on!(db, |c| sqlx::query_as(
        "SELECT COUNT(*) FROM tournament_roles WHERE tournament_id = $1 AND user_id = $2 AND role = $3",
    )
    .bind(id)
    .bind(user)
    .bind(role)
    .fetch_one(c)
    .await)?;
    Ok(n > 0)
}

/// Give `user` a role (appointing a referee); nothing happens if it is already held.
///
/// # Errors
/// The insert fails.
pub async fn grant(db: &Store, id: TournamentId, user: UserId, role: Role) -> Result<(), StoreError> {
    on!(db, |c| sqlx::query(
        "INSERT INTO tournament_roles (tournament_id, user_id, role) VALUES ($1, $2, $3) \
         ON CONFLICT (tournament_id, user_id, role) DO NOTHING",
    )
    .bind(id)
    .bind(user)
    .bind(role)
    .execute(c)
    .await
    .map(|r| r.rows_affected()))?;
    Ok(())
}

/// Usernames holding `role` in the tournament, alphabetically.
///
/// # Errors
/// The query fails.
pub async fn holders(db: &Store, id: TournamentId, role: Role) -> Result<Vec<String>, StoreError> {
    let rows: Vec<(String,)> = on!(db, |c| sqlx::query_as(
        "SELECT u.username FROM tournament_roles r JOIN users u ON u.id = r.user_id \
         WHERE r.tournament_id = $1 AND r.role = $2 ORDER BY u.username",
    )
    .bind(id)
    .bind(role)
    .fetch_all(c)
    .await)?;
    Ok(rows.into_iter().map(|(u,)| u).collect())
}

/// Tournaments where `user` holds any role, with the roles (the dashboard).
///
/// # Errors
/// The query fails.
pub async fn roles_of(db: &Store, user: UserId) -> Result<Vec<(TournamentId, String, Role)>, StoreError> {
    Ok(on!(db, |c| sqlx::query_as(
        "SELECT t.id, t.name, r.role FROM tournament_roles r JOIN tournaments t ON t.id = r.tournament_id \
         WHERE r.user_id = $1 ORDER BY t.first_day DESC, t.id DESC, r.role",
    )
    .bind(user)
    .fetch_all(c)
    .await)?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Encirclement;

    /// A database from before rule options were one JSON column (every migration before it, with a
    /// tournament on non-default switches and some history), upgraded: the switches are the same
    /// rules, and the change counter starts from the history's size.
    #[tokio::test]
    async fn an_older_database_keeps_its_rule_switches_in_the_json_column() {
        let (dir, url, pool) = crate::store::older_sqlite_database("rules-migration", "20261201007001").await;
        for sql in [
            "INSERT INTO tournaments (id, name, first_day, last_day, swiss_rounds, tiebreaks, fortifications, \
             flank_attacks, time_control_secs, no_retreat_eliminates, compulsory_advance, \
             pillage_by_free_units_only, encirclement, created_at) VALUES (1, 'Liga 2025', '2025-05-01', \
             '2025-05-01', 5, '', 1, 0, 600, 0, 1, 1, 'flank-attack', '2025-05-01T08:00:00Z')",
            "INSERT INTO tournaments (id, name, first_day, last_day, swiss_rounds, tiebreaks, created_at) \
             VALUES (2, 'Liga 2026', '2026-05-01', '2026-05-01', 5, '', '2026-05-01T08:00:00Z')",
            "INSERT INTO history (tournament_id, entity, entity_id, action, at, old_value, new_value) \
             VALUES (1, 'tournament', 1, 'configure', 'x', '{}', '{}'), (1, 'player', 1, 'register', 'x', '{}', '{}')",
        ] {
            sqlx::query(sql).execute(&pool).await.expect(sql);
        }
        pool.close().await;

        let db = crate::store::connect(&url).await.expect("upgraded");
        let first = get(&db, TournamentId(1)).await.expect("reads").expect("row");
        let expected = RuleOptions {
            fortifications: true,
            flank_attacks: false,
            time_control_secs: 600,
            no_retreat_eliminates: false,
            compulsory_advance: true,
            pillage_by_free_units_only: true,
            encirclement: Encirclement::FlankAttack,
            // Added after this database's time: its default.
            severe_fighting_each_card: false,
        };
        assert_eq!(first.rules, expected);
        // The old columns' defaults were the engine's register decisions, the Additional Rules off.
        let second = get(&db, TournamentId(2)).await.expect("reads").expect("row");
        assert_eq!(
            second.rules,
            RuleOptions { fortifications: false, flank_attacks: false, ..RuleOptions::default() }
        );
        let stamps = crate::store::view::stamps(&db).await.expect("stamps");
        assert_eq!((stamps[&TournamentId(1)].changes, stamps[&TournamentId(2)].changes), (2, 0));
        db.close().await;
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// Every tiebreak order a release stored loads, from a database of the first release upgraded
    /// to today's: the first release's names (its form's default order), the league's names, the
    /// empty order. A name nobody wrote is an error when the row loads, not a tiebreak skipped.
    #[tokio::test]
    async fn every_stored_tiebreak_order_loads_and_an_unknown_name_is_an_error() {
        use crate::league::Tiebreak;
        let (dir, url, pool) = crate::store::older_sqlite_database("tiebreak-orders", "20261130000002").await;
        let first_release =
            "direct-encounter,buchholz-cut1,buchholz,sonneborn-berger,games-won,red-points,knowledge-test";
        for (id, tiebreaks) in [
            (1, first_release),
            (2, "games_won,buchholz"),
            (3, ""),
            (4, "buchholz,elo"),
            (5, "buchholz,buchholz"),
        ] {
            sqlx::query(
                "INSERT INTO tournaments (id, name, first_day, last_day, swiss_rounds, tiebreaks, created_at) \
                 VALUES ($1, 'Liga', '2025-05-01', '2025-05-01', 5, $2, '2025-05-01T08:00:00Z')",
            )
            .bind(id)
            .bind(tiebreaks)
            .execute(&pool)
            .await
            .expect("old row");
        }
        pool.close().await;

        let db = crate::store::connect(&url).await.expect("upgraded");
        let order = |t: Tournament| t.tiebreaks.to_vec();
        let loaded = |id| {
            let db = db.clone();
            async move { get(&db, TournamentId(id)).await.expect("reads").expect("row") }
        };
        assert_eq!(order(loaded(1).await), Tiebreak::DEFAULT_ORDER.to_vec());
        assert_eq!(order(loaded(2).await), vec![Tiebreak::GamesWon, Tiebreak::Buchholz]);
        assert_eq!(order(loaded(3).await), Vec::new());
        for bad in [4, 5] {
            let refused = get(&db, TournamentId(bad)).await.expect_err("an unknown or repeated name");
            assert!(refused.to_string().contains("tiebreak order"), "{refused}");
        }
        // Saved again, it is written in the league's names.
        assert_eq!(
            loaded(1).await.config().tiebreaks.to_string(),
            crate::league::TiebreakOrder::standard().to_string()
        );
        db.close().await;
        let _ = std::fs::remove_dir_all(&dir);
    }
}
