//! Deck checks: the card counts of both decks before a game, and for a short deck the set swapped in
//! and the cards found missing in the incomplete set.

use super::{Db, MatchId, Refusal, StoreError, TournamentId, UserId, history, now};
use serde::Serialize;

/// One deck check as recorded by a referee.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct NewDeckCheck {
    pub set_label: String,
    pub red_count: i64,
    pub polish_count: i64,
    /// The set handed to the players instead, when this one was short.
    pub swapped_to: String,
    /// Missing cards as (number, name), found by the card-by-card check.
    pub missing_cards: Vec<(u32, String)>,
}

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
    db: &Db,
    tournament: TournamentId,
    m: MatchId,
    check: &NewDeckCheck,
    by: UserId,
) -> Result<(), StoreError> {
    let mut tx = super::write_tx(db).await?;
    let status: Option<(String,)> = sqlx::query_as(
        "SELECT r.status FROM matches m JOIN rounds r ON r.id = m.round_id WHERE m.id = ? AND r.tournament_id = ?",
    )
    .bind(m)
    .bind(tournament)
    .fetch_optional(&mut *tx)
    .await?;
    match status {
        None => return Err(StoreError::NotFound),
        Some((s,)) if s != "published" => return Err(StoreError::Refused(Refusal::RoundNotPublished)),
        Some(_) => {}
    }
    sqlx::query(
        "INSERT INTO deck_checks (tournament_id, match_id, set_label, red_count, polish_count, swapped_to, \
         missing_cards, checked_by, checked_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
    )
    .bind(tournament)
    .bind(m)
    .bind(&check.set_label)
    .bind(check.red_count)
    .bind(check.polish_count)
    .bind(&check.swapped_to)
    .bind(serde_json::to_string(&check.missing_cards)?)
    .bind(by)
    .bind(now())
    .execute(&mut *tx)
    .await?;
    history::record(
        &mut tx,
        history::Subject { tournament, entity: "deck-check", id: m.0 },
        "check",
        Some(by),
        &(),
        check,
    )
    .await?;
    tx.commit().await?;
    Ok(())
}

const SELECT: &str = "SELECT d.match_id, d.set_label, d.red_count, d.polish_count, d.swapped_to, d.missing_cards, \
     d.checked_at, u.username FROM deck_checks d LEFT JOIN users u ON u.id = d.checked_by";

/// # Errors
/// The query fails.
pub async fn of_match(db: &Db, m: MatchId) -> Result<Vec<DeckCheck>, StoreError> {
    Ok(sqlx::query_as::<_, DeckCheck>(&format!("{SELECT} WHERE d.match_id = ? ORDER BY d.id"))
        .bind(m)
        .fetch_all(db)
        .await?)
}

/// Every deck check of a tournament, oldest first, inside the caller's transaction (the read model).
///
/// # Errors
/// The query fails.
pub async fn of_tournament_in(
    conn: &mut sqlx::SqliteConnection,
    tournament: TournamentId,
) -> Result<Vec<DeckCheck>, StoreError> {
    Ok(sqlx::query_as::<_, DeckCheck>(&format!("{SELECT} WHERE d.tournament_id = ? ORDER BY d.id"))
        .bind(tournament)
        .fetch_all(conn)
        .await?)
}

/// Checks that found a short deck (the organiser's list of incomplete card sets).
///
/// # Errors
/// The query fails.
pub async fn incomplete(
    db: &Db,
    tournament: TournamentId,
    full_deck: i64,
) -> Result<Vec<DeckCheck>, StoreError> {
    Ok(sqlx::query_as::<_, DeckCheck>(&format!(
        "{SELECT} WHERE d.tournament_id = ? AND (d.red_count <> ? OR d.polish_count <> ?) ORDER BY d.set_label, d.id"
    ))
    .bind(tournament)
    .bind(full_deck)
    .bind(full_deck)
    .fetch_all(db)
    .await?)
}
