//! The seasons as the front page lists them (issue 37: the current seasons first), and the stamp
//! that keeps the front page's kept body honest when a season is added or changed.

use super::super::{SeasonId, Store, StoreError};
use chrono::NaiveDate;

/// A season as a list shows it.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct SeasonLine {
    pub id: SeasonId,
    pub name: String,
    pub first_day: NaiveDate,
    pub last_day: NaiveDate,
}

/// Every season, the latest first (by first day, then id).
///
/// # Errors
/// The query fails.
pub async fn all(db: &Store) -> Result<Vec<SeasonLine>, StoreError> {
    Ok(on!(db, |c| sqlx::query_as::<_, SeasonLine>(
        "SELECT id, name, first_day, last_day FROM seasons ORDER BY first_day DESC, id DESC"
    )
    .fetch_all(c)
    .await)?)
}

/// How many seasons there are and the sum of their versions: moves when one is added or changed.
///
/// # Errors
/// The query fails.
pub async fn stamp(db: &Store) -> Result<(i64, i64), StoreError> {
    Ok(on!(db, |c| sqlx::query_as::<_, (i64, i64)>(
        "SELECT COUNT(*), CAST(COALESCE(SUM(version), 0) AS BIGINT) FROM seasons"
    )
    .fetch_one(c)
    .await)?)
}
