//! A draft round's pairings: stored with their games, changed by the organiser (a swap), or thrown
//! away with everything attached to them; every change to a draft is refused once it is published.

use super::{NewMatch, Phase, Status};
use crate::store::history::{Change, DiscardedDraft, Seating};
use crate::store::{Conn, MatchId, PlayerId, RoundId, Stamp, Store, StoreError, TournamentId, UserId, now};

/// Store a computed round as a draft with its matches and games, in one transaction, and, for a
/// round paired on a snapshot read at `seen`, only if nothing changed since.
///
/// # Errors
/// [`StoreError::Conflict`] if the tournament changed since `seen`, or a round with this number
/// exists (a concurrent pairing stored it first); an insert fails. Nothing is stored then.
#[tracing::instrument(skip(db, explanation, matches))]
#[allow(clippy::too_many_arguments)]
pub async fn create(
    db: &Store,
    tournament: TournamentId,
    seen: Option<Stamp>,
    number: i64,
    phase: Phase,
    explanation: &str,
    matches: &[NewMatch],
    by: UserId,
) -> Result<RoundId, StoreError> {
    let mut tx = match seen {
        Some(seen) => db.write_tournament_unchanged(tournament, seen).await?,
        None => db.write_tournament(tournament).await?,
    };
    let (round,): (RoundId,) = on!(&mut tx, |c| sqlx::query_as(
        "INSERT INTO rounds (tournament_id, number, phase, status, explanation, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
    )
    .bind(tournament)
    .bind(number)
    .bind(phase)
    .bind(Status::Draft)
    .bind(explanation)
    .bind(now())
    .fetch_one(c)
    .await
    .map_err(crate::store::conflict_on_unique))?;
    for m in matches {
        let (id,): (MatchId,) = on!(&mut tx, |c| sqlx::query_as(
            "INSERT INTO matches (round_id, table_no, player_a, player_b, bracket_slot, group_no) \
             VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
        )
        .bind(round)
        .bind(m.table_no)
        .bind(m.player_a)
        .bind(m.player_b)
        .bind(m.bracket_slot)
        .bind(m.group_no)
        .fetch_one(c)
        .await)?;
        if let Some(b) = m.player_b {
            for (game_no, red) in [(1_i64, m.player_a), (2, b)] {
                on!(&mut tx, |c| sqlx::query(
                    "INSERT INTO games (match_id, game_no, red_player) VALUES ($1, $2, $3)"
                )
                .bind(id)
                .bind(game_no)
                .bind(red)
                .execute(c)
                .await
                .map(|r| r.rows_affected()))?;
            }
        }
        let paired = Change::MatchPaired { match_id: id, pairing: m.clone() };
        tx.record(tournament, by, &paired).await?;
    }
    tx.commit().await?;
    Ok(round)
}

/// [`StoreError::NotFound`] if the tournament has no such round, [`StoreError::Conflict`] if it is not a draft.
async fn ensure_draft(conn: &mut Conn, tournament: TournamentId, round: RoundId) -> Result<(), StoreError> {
    let status: Option<(Status,)> =
        on!(conn, |c| sqlx::query_as("SELECT status FROM rounds WHERE id = $1 AND tournament_id = $2")
            .bind(round)
            .bind(tournament)
            .fetch_optional(c)
            .await)?;
    match status {
        None => Err(StoreError::NotFound),
        Some((s,)) if s != Status::Draft => Err(StoreError::Conflict),
        Some(_) => Ok(()),
    }
}

/// Throw away a draft round (the organiser re-pairs after a late change). Only drafts can go.
/// Every pairing gets a `discard` history row, and the round one listing everything deleted with
/// it (pairings, deck checks, table referees), so nothing disappears without a record.
///
/// # Errors
/// [`StoreError::Conflict`] if the round is no longer a draft; a delete fails.
#[tracing::instrument(skip(db))]
pub async fn discard_draft(
    db: &Store,
    tournament: TournamentId,
    round: RoundId,
    by: UserId,
) -> Result<(), StoreError> {
    let mut tx = db.write_tournament(tournament).await?;
    ensure_draft(&mut tx, tournament, round).await?;
    let matches: Vec<(MatchId, i64, PlayerId, Option<PlayerId>)> = on!(&mut tx, |c| sqlx::query_as(
        "SELECT id, table_no, player_a, player_b FROM matches WHERE round_id = $1 ORDER BY id"
    )
    .bind(round)
    .fetch_all(c)
    .await)?;
    for &(match_id, table_no, player_a, player_b) in &matches {
        let discarded = Change::PairingDiscarded { match_id, table_no, player_a, player_b };
        tx.record(tournament, by, &discarded).await?;
    }
    let (number, phase): (i64, Phase) =
        on!(&mut tx, |c| sqlx::query_as("SELECT number, phase FROM rounds WHERE id = $1")
            .bind(round)
            .fetch_one(c)
            .await)?;
    let deck_checks = on!(&mut tx, |c| sqlx::query_as(
        "SELECT match_id, set_label, red_count, polish_count, swapped_to, missing_cards FROM deck_checks \
         WHERE match_id IN (SELECT id FROM matches WHERE round_id = $1) ORDER BY id",
    )
    .bind(round)
    .fetch_all(c)
    .await)?;
    let table_referees = on!(&mut tx, |c| sqlx::query_as(
        "SELECT table_no, user_id FROM table_referees WHERE round_id = $1 ORDER BY table_no"
    )
    .bind(round)
    .fetch_all(c)
    .await)?;
    let draft = DiscardedDraft { number, phase, matches, deck_checks, table_referees };
    tx.record(tournament, by, &Change::DraftDiscarded { round, draft }).await?;
    for delete in [
        "DELETE FROM games WHERE match_id IN (SELECT id FROM matches WHERE round_id = $1)",
        "DELETE FROM deck_checks WHERE match_id IN (SELECT id FROM matches WHERE round_id = $1)",
        "DELETE FROM table_referees WHERE round_id = $1",
        "DELETE FROM matches WHERE round_id = $1",
        "DELETE FROM rounds WHERE id = $1",
    ] {
        on!(&mut tx, |c| sqlx::query(delete).bind(round).execute(c).await.map(|r| r.rows_affected()))?;
    }
    tx.commit().await?;
    Ok(())
}

/// Swap two players between matches of a draft round (the organiser's pairing override; logged).
///
/// # Errors
/// [`StoreError::Conflict`] if the round is not a draft, [`StoreError::NotFound`] if a player is not
/// in it; an update fails.
#[tracing::instrument(skip(db))]
pub async fn swap_players(
    db: &Store,
    tournament: TournamentId,
    round: RoundId,
    x: PlayerId,
    y: PlayerId,
    by: UserId,
) -> Result<(), StoreError> {
    let mut tx = db.write_tournament(tournament).await?;
    ensure_draft(&mut tx, tournament, round).await?;
    let rows: Vec<(MatchId, PlayerId, Option<PlayerId>)> = on!(&mut tx, |c| sqlx::query_as(
        "SELECT id, player_a, player_b FROM matches WHERE round_id = $1 ORDER BY id"
    )
    .bind(round)
    .fetch_all(c)
    .await)?;
    let seat = |p: PlayerId| {
        rows.iter().find_map(|&(id, a, b)| {
            if a == p {
                Some((id, "UPDATE matches SET player_a = $1, version = version + 1 WHERE id = $2"))
            } else if b == Some(p) {
                Some((id, "UPDATE matches SET player_b = $1, version = version + 1 WHERE id = $2"))
            } else {
                None
            }
        })
    };
    let (sx, sy) = match (seat(x), seat(y)) {
        (Some(sx), Some(sy)) if sx.0 != sy.0 => (sx, sy),
        _ => return Err(StoreError::NotFound),
    };
    let before: Vec<Seating> = rows.iter().filter(|r| r.0 == sx.0 || r.0 == sy.0).cloned().collect();
    for ((id, update), p) in [(sx, y), (sy, x)] {
        on!(&mut tx, |c| sqlx::query(update).bind(p).bind(id).execute(c).await.map(|r| r.rows_affected()))?;
    }
    // Games follow the match: game 1's Red is player_a, game 2's Red is player_b.
    for id in [sx.0, sy.0] {
        for update in [
            "UPDATE games SET red_player = (SELECT player_a FROM matches WHERE id = $1) \
             WHERE match_id = $1 AND game_no = 1",
            "UPDATE games SET red_player = (SELECT player_b FROM matches WHERE id = $1) \
             WHERE match_id = $1 AND game_no = 2",
        ] {
            on!(&mut tx, |c| sqlx::query(update).bind(id).execute(c).await.map(|r| r.rows_affected()))?;
        }
    }
    let after: Vec<Seating> = on!(&mut tx, |c| sqlx::query_as(
        "SELECT id, player_a, player_b FROM matches WHERE id IN ($1, $2) ORDER BY id"
    )
    .bind(sx.0)
    .bind(sy.0)
    .fetch_all(c)
    .await)?;
    tx.record(tournament, by, &Change::PlayersSwapped { match_id: sx.0, before, after }).await?;
    tx.commit().await?;
    Ok(())
}
