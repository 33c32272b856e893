//! The organiser marks a match, or every match of a round, online: each game gets its deal seed from
//! the operating system now, so its commitment exists before anyone plays.

use crate::app::AppResult;
use crate::app::recording::deal::Seed;
use crate::store::{self, MatchId, RoundId, Store, TournamentId, UserId};

/// Mark one match online (a bye is refused; a match marked already stays as it is).
///
/// # Errors
/// [`crate::app::Refusal::Online`] for a bye; the match is not the tournament's; the database fails.
pub async fn mark_match(db: &Store, t: TournamentId, m: MatchId, by: UserId) -> AppResult<()> {
    store::online::mark(db, t, &[m], by, || Seed::fresh().stored()).await?;
    Ok(())
}

/// Mark every match of a round online (its byes stay over the board: nobody plays them).
///
/// # Errors
/// The round is not the tournament's; the database fails.
pub async fn mark_round(db: &Store, t: TournamentId, round: RoundId, by: UserId) -> AppResult<usize> {
    let matches: Vec<MatchId> = store::rounds::matches_of(db, round)
        .await?
        .into_iter()
        .filter(|m| m.player_b.is_some())
        .map(|m| m.id)
        .collect();
    if matches.is_empty() {
        return Ok(0);
    }
    store::online::mark(db, t, &matches, by, || Seed::fresh().stored()).await?;
    Ok(matches.len())
}

/// Switch an online match back to the table (its links revoked); refused while a game of it is
/// being played online (the organiser may end it on the recorder first).
///
/// # Errors
/// The match is not online, or a game of it is in play; the database fails.
pub async fn back_to_table(db: &Store, t: TournamentId, m: MatchId) -> AppResult<()> {
    store::online::back_to_table(db, t, m).await?;
    Ok(())
}
