//! Deck checks: the card counts of both decks before a game, and for a short deck the set swapped in
//! and the cards found missing in the incomplete set.

pub use super::values::deck_checks::NewDeckCheck;

use super::history::Change;
use super::rounds::Status;
use super::{Conn, MatchId, Refusal, Store, StoreError, TournamentId, UserId, now};

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct DeckCheck {
    pub match_id: MatchId,
    pub set_label: String,
    pub red_count: i64,
    pub polish_count: i64,
    pub swapped_to: String,
    pub missing_cards: String,
    pub checked_at: String,
    pub username: Option<String>,
}

impl DeckCheck {
    /// The missing cards, decoded (an unreadable value shows as none rather than failing a page).
    #[must_use]
    pub fn missing(&self) -> Vec<(u32, String)> {
        serde_json::from_str(&self.missing_cards).unwrap_or_default()
    }
}

/// Record a deck check on a match of a published round (before its games are played).
///
/// # Errors
/// [`StoreError::NotFound`] if the match is not in the tournament, [`StoreError::Refused`]
/// ([`Refusal::RoundNotPublished`]) for a draft or locked round; the insert fails.
#[tracing::instrument(skip(db, check))]
pub async fn record(
    db: &Store,
    tournament: TournamentId,
    m: MatchId,
    check: &NewDeckCheck,
    by: UserId,
) -> Result<(), StoreError> {
    let mut tx = db.write_tournament(tournament).await?;
    let status: Option<(Status,)> = on!(&mut tx, |c| {
        sqlx::query_as(
        "SELECT r.status FROM matches m JOIN rounds r ON r.id = m.round_id WHERE m.id = $1 AND r.tournament_id = $2",
    )
    .bind(m)
    .bind(tournament)
    .fetch_optional(c)
    .await
    })?;
    match status {
        None => return Err(StoreError::NotFound),
        Some((s,)) if s != Status::Published => return Err(StoreError::Refused(Refusal::RoundNotPublished)),
        Some(_) => {}
    }
    let missing = serde_json::to_string(&check.missing_cards)?;
    on!(&mut tx, |c| sqlx::query(
        "INSERT INTO deck_checks (tournament_id, match_id, set_label, red_count, polish_count, swapped_to, \
         missing_cards, checked_by, checked_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
    )
    .bind(tournament)
    .bind(m)
    .bind(&check.set_label)
    .bind(check.red_count)
    .bind(check.polish_count)
    .bind(&check.swapped_to)
    .bind(&missing)
    .bind(by)
    .bind(now())
    .execute(c)
    .await
    .map(|r| r.rows_affected()))?;
    tx.record(tournament, by, &Change::DeckChecked { match_id: m, check: check.clone() }).await?;
    tx.commit().await?;
    Ok(())
}

const SELECT: &str = "SELECT d.match_id, d.set_label, d.red_count, d.polish_count, d.swapped_to, d.missing_cards, \
     d.checked_at, u.username FROM deck_checks d LEFT JOIN users u ON u.id = d.checked_by";

/// # Errors
/// The query fails.
pub async fn of_match(db: &Store, m: MatchId) -> Result<Vec<DeckCheck>, StoreError> {
    Ok(on!(db, |c| sqlx::query_as::<_, DeckCheck>(sqlx::AssertSqlSafe(format!(
        "{SELECT} WHERE d.match_id = $1 ORDER BY d.id"
    )))
    .bind(m)
    .fetch_all(c)
    .await)?)
}

/// Every deck check of a tournament, oldest first, inside the caller's transaction (the read model).
///
/// # Errors
/// The query fails.
pub async fn of_tournament_in(
    conn: &mut Conn,
    tournament: TournamentId,
) -> Result<Vec<DeckCheck>, StoreError> {
    Ok(on!(conn, |c| sqlx::query_as::<_, DeckCheck>(sqlx::AssertSqlSafe(format!(
        "{SELECT} WHERE d.tournament_id = $1 ORDER BY d.id"
    )))
    .bind(tournament)
    .fetch_all(c)
    .await)?)
}

/// Checks that found a short deck (the organiser's list of incomplete card sets).
///
/// # Errors
/// The query fails.
pub async fn incomplete(
    db: &Store,
    tournament: TournamentId,
    full_deck: i64,
) -> Result<Vec<DeckCheck>, StoreError> {
    Ok(on!(db, |c| {
        sqlx::query_as::<_, DeckCheck>(sqlx::AssertSqlSafe(format!(
        "{SELECT} WHERE d.tournament_id = $1 AND (d.red_count <> $2 OR d.polish_count <> $2) ORDER BY d.set_label, d.id"
    )))
    .bind(tournament)
    .bind(full_deck)
    .fetch_all(c)
    .await
    })?)
}
