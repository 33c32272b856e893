//! Referees assigned to the tables of a round. An assignment is a plain row per table; changing it
//! writes a history row (old and new referee per table) in the same transaction.

use super::history::Change;
use super::rounds::Status;
use super::{Refusal, RoundId, Store, StoreError, TournamentId, UserId};
use serde::Serialize;

/// One table's referee, as pages show it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, sqlx::FromRow)]
pub struct TableReferee {
    pub table_no: i64,
    pub user_id: UserId,
    pub username: String,
}

/// The assigned tables of a round, by table.
///
/// # Errors
/// The query fails.
pub async fn of_round(db: &Store, round: RoundId) -> Result<Vec<TableReferee>, StoreError> {
    Ok(on!(db, |c| sqlx::query_as::<_, TableReferee>(
        "SELECT a.table_no, a.user_id, u.username FROM table_referees a JOIN users u ON u.id = a.user_id \
         WHERE a.round_id = $1 ORDER BY a.table_no",
    )
    .bind(round)
    .fetch_all(c)
    .await)?)
}

/// Assign `referee` (or nobody, with `None`) to the tables `from..=to` of a round that exist (byes
/// have no table). Returns the tables changed; none when the range holds no table of the round.
///
/// # Errors
/// [`StoreError::NotFound`] for a round of another tournament, [`StoreError::Refused`]
/// ([`Refusal::RoundNotOpen`]) for a locked round; a write fails (nothing is kept then).
#[tracing::instrument(skip(db))]
pub async fn assign(
    db: &Store,
    tournament: TournamentId,
    round: RoundId,
    from: i64,
    to: i64,
    referee: Option<UserId>,
    by: UserId,
) -> Result<Vec<i64>, StoreError> {
    let mut tx = db.write_tournament(tournament).await?;
    let found: Option<(Status,)> =
        on!(&mut tx, |c| sqlx::query_as("SELECT status FROM rounds WHERE id = $1 AND tournament_id = $2")
            .bind(round)
            .bind(tournament)
            .fetch_optional(c)
            .await)?;
    match found {
        None => return Err(StoreError::NotFound),
        // A locked round is over: its tables need no referee (checked here, in the transaction).
        Some((Status::Locked,)) => return Err(StoreError::Refused(Refusal::RoundNotOpen)),
        Some(_) => {}
    }
    let tables: Vec<(i64,)> = on!(&mut tx, |c| sqlx::query_as(
        "SELECT DISTINCT table_no FROM matches WHERE round_id = $1 AND player_b IS NOT NULL \
         AND table_no BETWEEN $2 AND $3 ORDER BY table_no",
    )
    .bind(round)
    .bind(from)
    .bind(to)
    .fetch_all(c)
    .await)?;
    let tables: Vec<i64> = tables.into_iter().map(|(t,)| t).collect();
    if tables.is_empty() {
        return Ok(tables);
    }
    let before: Vec<(i64, UserId)> = on!(&mut tx, |c| sqlx::query_as(
        "SELECT table_no, user_id FROM table_referees WHERE round_id = $1 AND table_no BETWEEN $2 AND $3 \
         ORDER BY table_no",
    )
    .bind(round)
    .bind(from)
    .bind(to)
    .fetch_all(c)
    .await)?;
    on!(&mut tx, |c| sqlx::query(
        "DELETE FROM table_referees WHERE round_id = $1 AND table_no BETWEEN $2 AND $3"
    )
    .bind(round)
    .bind(from)
    .bind(to)
    .execute(c)
    .await
    .map(|r| r.rows_affected()))?;
    let mut after = Vec::new();
    if let Some(user) = referee {
        for &table in &tables {
            on!(&mut tx, |c| sqlx::query(
                "INSERT INTO table_referees (round_id, table_no, user_id) VALUES ($1, $2, $3)"
            )
            .bind(round)
            .bind(table)
            .bind(user)
            .execute(c)
            .await
            .map(|r| r.rows_affected()))?;
            after.push((table, user));
        }
    }
    tx.record(tournament, by, &Change::RefereesAssigned { round, before, after }).await?;
    tx.commit().await?;
    Ok(tables)
}
