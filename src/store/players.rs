//! Registered players, withdrawals, knowledge-test scores and forbidden pairs. Every change writes a
//! history row in the same transaction.

use super::{Db, PlayerId, StoreError, TournamentId, UserId, history, now};
use chrono::NaiveDate;
use serde::Serialize;

/// A player as registered (validated by the web layer: name not empty, age checked or overridden).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct NewPlayer {
    pub name: String,
    pub birth_date: NaiveDate,
    pub club: String,
    pub knowledge_score: Option<i64>,
    /// The organiser accepted a player outside the 14-20 age range.
    pub age_override: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, sqlx::FromRow)]
pub struct Player {
    pub id: PlayerId,
    pub tournament_id: TournamentId,
    pub name: String,
    pub birth_date: NaiveDate,
    pub club: String,
    pub knowledge_score: Option<i64>,
    pub withdrawn: bool,
    pub age_override: bool,
    /// The first round the player can be paired in (late entries join with 0 points).
    pub joined_round: i64,
    pub version: i64,
}

const COLUMNS: &str = "id, tournament_id, name, birth_date, club, knowledge_score, withdrawn, age_override, \
     joined_round, version";

/// Register several players in one transaction (a form registers one, a CSV import many: all or none).
///
/// # Errors
/// An insert fails; nothing is registered then.
#[tracing::instrument(skip(db, players))]
pub async fn register_all(
    db: &Db,
    tournament: TournamentId,
    players: &[NewPlayer],
    joined_round: i64,
    by: UserId,
) -> Result<Vec<PlayerId>, StoreError> {
    let mut tx = super::write_tx(db).await?;
    let mut ids = Vec::with_capacity(players.len());
    for p in players {
        let (id,): (PlayerId,) = sqlx::query_as(
            "INSERT INTO players (tournament_id, name, birth_date, club, knowledge_score, age_override, \
             joined_round, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
        )
        .bind(tournament)
        .bind(&p.name)
        .bind(p.birth_date)
        .bind(&p.club)
        .bind(p.knowledge_score)
        .bind(p.age_override)
        .bind(joined_round)
        .bind(now())
        .fetch_one(&mut *tx)
        .await?;
        let action = if p.age_override { "register (age override)" } else { "register" };
        history::record(
            &mut tx,
            history::Subject { tournament, entity: "player", id: id.0 },
            action,
            Some(by),
            &(),
            p,
        )
        .await?;
        ids.push(id);
    }
    tx.commit().await?;
    Ok(ids)
}

/// Players of a tournament in registration order.
///
/// # Errors
/// The query fails.
pub async fn list(db: &Db, tournament: TournamentId) -> Result<Vec<Player>, StoreError> {
    list_in(&mut *db.acquire().await?, tournament).await
}

/// [`list`] inside the caller's transaction (the read model loads everything in one).
///
/// # Errors
/// The query fails.
pub async fn list_in(
    conn: &mut sqlx::SqliteConnection,
    tournament: TournamentId,
) -> Result<Vec<Player>, StoreError> {
    Ok(sqlx::query_as::<_, Player>(&format!(
        "SELECT {COLUMNS} FROM players WHERE tournament_id = ? ORDER BY id"
    ))
    .bind(tournament)
    .fetch_all(conn)
    .await?)
}

/// # Errors
/// The query fails.
pub async fn get(db: &Db, tournament: TournamentId, id: PlayerId) -> Result<Option<Player>, StoreError> {
    Ok(sqlx::query_as::<_, Player>(&format!(
        "SELECT {COLUMNS} FROM players WHERE tournament_id = ? AND id = ?"
    ))
    .bind(tournament)
    .bind(id)
    .fetch_optional(db)
    .await?)
}

/// What an organiser may change on a registered player.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlayerChange {
    pub withdrawn: bool,
    pub knowledge_score: Option<i64>,
}

/// Withdraw, re-admit or record a knowledge-test score, checking the version and keeping history.
///
/// # Errors
/// [`StoreError::NotFound`], [`StoreError::Conflict`] if the player changed since `version`; the update fails.
#[tracing::instrument(skip(db))]
pub async fn change(
    db: &Db,
    tournament: TournamentId,
    id: PlayerId,
    version: i64,
    new: &PlayerChange,
    by: UserId,
) -> Result<(), StoreError> {
    let mut tx = super::write_tx(db).await?;
    let old: Option<(bool, Option<i64>, i64)> = sqlx::query_as(
        "SELECT withdrawn, knowledge_score, version FROM players WHERE tournament_id = ? AND id = ?",
    )
    .bind(tournament)
    .bind(id)
    .fetch_optional(&mut *tx)
    .await?;
    let (withdrawn, knowledge_score, current) = old.ok_or(StoreError::NotFound)?;
    if current != version {
        return Err(StoreError::Conflict);
    }
    let res = sqlx::query(
        "UPDATE players SET withdrawn = ?, knowledge_score = ?, version = version + 1 \
         WHERE id = ? AND version = ?",
    )
    .bind(new.withdrawn)
    .bind(new.knowledge_score)
    .bind(id)
    .bind(version)
    .execute(&mut *tx)
    .await?;
    if res.rows_affected() == 0 {
        return Err(StoreError::Conflict);
    }
    let old = PlayerChange { withdrawn, knowledge_score };
    let action = match (old.withdrawn, new.withdrawn) {
        (false, true) => "withdraw",
        (true, false) => "re-admit",
        _ => "update",
    };
    history::record(
        &mut tx,
        history::Subject { tournament, entity: "player", id: id.0 },
        action,
        Some(by),
        &old,
        new,
    )
    .await?;
    tx.commit().await?;
    Ok(())
}

/// Forbid two players from being paired (siblings, same club, ...), in every round (`until`
/// `None`) or in rounds 1 to `until`. Stored with the lower id first; forbidding an already
/// forbidden pair changes its limit (the old limit goes to history).
///
/// # Errors
/// The insert fails.
pub async fn forbid_pair(
    db: &Db,
    tournament: TournamentId,
    a: PlayerId,
    b: PlayerId,
    until: Option<i64>,
    by: UserId,
) -> Result<(), StoreError> {
    let (a, b) = if a <= b { (a, b) } else { (b, a) };
    let mut tx = super::write_tx(db).await?;
    let old: Option<(Option<i64>,)> = sqlx::query_as(
        "SELECT until_round FROM forbidden_pairs WHERE tournament_id = ? AND player_a = ? AND player_b = ?",
    )
    .bind(tournament)
    .bind(a)
    .bind(b)
    .fetch_optional(&mut *tx)
    .await?;
    sqlx::query(
        "INSERT INTO forbidden_pairs (tournament_id, player_a, player_b, until_round) VALUES (?, ?, ?, ?) \
         ON CONFLICT (tournament_id, player_a, player_b) DO UPDATE SET until_round = excluded.until_round",
    )
    .bind(tournament)
    .bind(a)
    .bind(b)
    .bind(until)
    .execute(&mut *tx)
    .await?;
    history::record(
        &mut tx,
        history::Subject { tournament, entity: "forbidden-pair", id: a.0 },
        "forbid",
        Some(by),
        &old.map(|(until,)| (a, b, until)),
        &(a, b, until),
    )
    .await?;
    tx.commit().await?;
    Ok(())
}

/// Lift a forbidden pair.
///
/// # Errors
/// The delete fails.
pub async fn allow_pair(
    db: &Db,
    tournament: TournamentId,
    a: PlayerId,
    b: PlayerId,
    by: UserId,
) -> Result<(), StoreError> {
    let (a, b) = if a <= b { (a, b) } else { (b, a) };
    let mut tx = super::write_tx(db).await?;
    sqlx::query("DELETE FROM forbidden_pairs WHERE tournament_id = ? AND player_a = ? AND player_b = ?")
        .bind(tournament)
        .bind(a)
        .bind(b)
        .execute(&mut *tx)
        .await?;
    history::record(
        &mut tx,
        history::Subject { tournament, entity: "forbidden-pair", id: a.0 },
        "allow",
        Some(by),
        &(a, b),
        &(),
    )
    .await?;
    tx.commit().await?;
    Ok(())
}

/// # Errors
/// The query fails.
/// Forbidden pairs: (lower id, higher id, last round it holds or `None` for always).
pub async fn forbidden_pairs(
    db: &Db,
    tournament: TournamentId,
) -> Result<Vec<(PlayerId, PlayerId, Option<i64>)>, StoreError> {
    Ok(sqlx::query_as(
        "SELECT player_a, player_b, until_round FROM forbidden_pairs WHERE tournament_id = ? \
         ORDER BY player_a, player_b",
    )
    .bind(tournament)
    .fetch_all(db)
    .await?)
}
