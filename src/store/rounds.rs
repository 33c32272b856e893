//! Rounds and their matches (pairings). A round is computed as a draft, shown to the organiser,
//! then published and finally locked. Creating a round creates its matches and their two games in
//! one transaction, with a history row per pairing.

use super::{Db, MatchId, PlayerId, RoundId, StoreError, TournamentId, UserId, history, now};
use serde::Serialize;

/// Swiss or knockout (the league's two phases).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Phase {
    Swiss,
    Knockout,
}

impl Phase {
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Phase::Swiss => "swiss",
            Phase::Knockout => "knockout",
        }
    }

    #[must_use]
    pub fn parse(s: &str) -> Option<Phase> {
        match s {
            "swiss" => Some(Phase::Swiss),
            "knockout" => Some(Phase::Knockout),
            _ => None,
        }
    }
}

/// Where a round is in its life.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Status {
    /// Computed, visible only to the organiser.
    Draft,
    /// Public; results are being entered.
    Published,
    /// Finished; no more edits.
    Locked,
}

impl Status {
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Draft => "draft",
            Status::Published => "published",
            Status::Locked => "locked",
        }
    }

    #[must_use]
    pub fn parse(s: &str) -> Option<Status> {
        match s {
            "draft" => Some(Status::Draft),
            "published" => Some(Status::Published),
            "locked" => Some(Status::Locked),
            _ => None,
        }
    }
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Round {
    pub id: RoundId,
    pub tournament_id: TournamentId,
    pub number: i64,
    pub phase: String,
    pub status: String,
    /// The pairing explanation ("why these pairings"), as rendered text lines.
    pub explanation: String,
    pub version: i64,
}

impl Round {
    #[must_use]
    pub fn phase(&self) -> Phase {
        Phase::parse(&self.phase).unwrap_or(Phase::Swiss)
    }

    #[must_use]
    pub fn status(&self) -> Status {
        Status::parse(&self.status).unwrap_or(Status::Draft)
    }
}

/// A pairing to store: `player_a` commands Red in game 1; `player_b` `None` is a bye.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct NewMatch {
    pub table_no: i64,
    pub player_a: PlayerId,
    pub player_b: Option<PlayerId>,
    pub bracket_slot: Option<i64>,
}

/// A match with its round and player names, as every page lists them.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct MatchRow {
    pub id: MatchId,
    pub round_id: RoundId,
    pub round_number: i64,
    pub phase: String,
    pub round_status: String,
    pub table_no: i64,
    pub player_a: PlayerId,
    pub player_b: Option<PlayerId>,
    pub a_name: String,
    pub b_name: Option<String>,
    pub bracket_slot: Option<i64>,
    pub version: i64,
    /// Not played over the board: see [`Forfeit`]; `None` when the games decide.
    pub forfeit: Option<String>,
}

impl MatchRow {
    /// The stored no-show or withdrawal, if any.
    #[must_use]
    pub fn forfeit(&self) -> Option<Forfeit> {
        self.forfeit.as_deref().and_then(Forfeit::parse)
    }
}

/// A match not played over the board (`a` commands Red in game 1, `b` is the other player).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Forfeit {
    AbsentA,
    AbsentB,
    AbsentBoth,
    WithdrewA,
    WithdrewB,
}

impl Forfeit {
    pub const ALL: [Forfeit; 5] =
        [Forfeit::AbsentA, Forfeit::AbsentB, Forfeit::AbsentBoth, Forfeit::WithdrewA, Forfeit::WithdrewB];

    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Forfeit::AbsentA => "absent-a",
            Forfeit::AbsentB => "absent-b",
            Forfeit::AbsentBoth => "absent-both",
            Forfeit::WithdrewA => "withdrew-a",
            Forfeit::WithdrewB => "withdrew-b",
        }
    }

    #[must_use]
    pub fn parse(s: &str) -> Option<Forfeit> {
        Forfeit::ALL.into_iter().find(|f| f.as_str() == s)
    }
}

const ROUND_COLUMNS: &str = "id, tournament_id, number, phase, status, explanation, version";
const MATCH_SELECT: &str = "SELECT m.id, m.round_id, r.number AS round_number, r.phase, r.status AS round_status, \
     m.table_no, m.player_a, m.player_b, pa.name AS a_name, pb.name AS b_name, m.bracket_slot, m.version, m.forfeit \
     FROM matches m JOIN rounds r ON r.id = m.round_id JOIN players pa ON pa.id = m.player_a \
     LEFT JOIN players pb ON pb.id = m.player_b";

/// Store a computed round as a draft with its matches and games, in one transaction.
///
/// # Errors
/// An insert fails (for example a round with this number exists); nothing is stored then.
#[tracing::instrument(skip(db, explanation, matches))]
pub async fn create(
    db: &Db,
    tournament: TournamentId,
    number: i64,
    phase: Phase,
    explanation: &str,
    matches: &[NewMatch],
    by: UserId,
) -> Result<RoundId, StoreError> {
    let mut tx = super::write_tx(db).await?;
    let (round,): (RoundId,) = sqlx::query_as(
        "INSERT INTO rounds (tournament_id, number, phase, status, explanation, created_at) \
         VALUES (?, ?, ?, 'draft', ?, ?) RETURNING id",
    )
    .bind(tournament)
    .bind(number)
    .bind(phase.as_str())
    .bind(explanation)
    .bind(now())
    .fetch_one(&mut *tx)
    .await?;
    for m in matches {
        let (id,): (MatchId,) = sqlx::query_as(
            "INSERT INTO matches (round_id, table_no, player_a, player_b, bracket_slot) VALUES (?, ?, ?, ?, ?) \
             RETURNING id",
        )
        .bind(round)
        .bind(m.table_no)
        .bind(m.player_a)
        .bind(m.player_b)
        .bind(m.bracket_slot)
        .fetch_one(&mut *tx)
        .await?;
        if let Some(b) = m.player_b {
            for (game_no, red) in [(1, m.player_a), (2, b)] {
                sqlx::query("INSERT INTO games (match_id, game_no, red_player) VALUES (?, ?, ?)")
                    .bind(id)
                    .bind(game_no)
                    .bind(red)
                    .execute(&mut *tx)
                    .await?;
            }
        }
        history::record(
            &mut tx,
            history::Subject { tournament, entity: "pairing", id: id.0 },
            "pair",
            Some(by),
            &(),
            m,
        )
        .await?;
    }
    tx.commit().await?;
    Ok(round)
}

/// [`StoreError::NotFound`] if the tournament has no such round, [`StoreError::Conflict`] if it is not a draft.
async fn ensure_draft(
    conn: &mut sqlx::SqliteConnection,
    tournament: TournamentId,
    round: RoundId,
) -> Result<(), StoreError> {
    let status: Option<(String,)> =
        sqlx::query_as("SELECT status FROM rounds WHERE id = ? AND tournament_id = ?")
            .bind(round)
            .bind(tournament)
            .fetch_optional(&mut *conn)
            .await?;
    match status {
        None => Err(StoreError::NotFound),
        Some((s,)) if s != "draft" => Err(StoreError::Conflict),
        Some(_) => Ok(()),
    }
}

/// What discarding a draft deleted, kept in its `round` history row.
#[derive(Debug, Serialize)]
struct Discarded {
    number: i64,
    phase: String,
    /// (match, table, player_a, player_b)
    matches: Vec<(MatchId, i64, PlayerId, Option<PlayerId>)>,
    /// (match, set label, Red count, Polish count, swapped to, missing cards as stored)
    deck_checks: Vec<(MatchId, String, i64, i64, String, String)>,
    /// (table, referee)
    table_referees: Vec<(i64, UserId)>,
}

/// Throw away a draft round (the organiser re-pairs after a late change). Only drafts can go.
/// Every pairing gets a `discard` history row, and the round one listing everything deleted with
/// it (pairings, deck checks, table referees), so nothing disappears without a record.
///
/// # Errors
/// [`StoreError::Conflict`] if the round is no longer a draft; a delete fails.
#[tracing::instrument(skip(db))]
pub async fn discard_draft(
    db: &Db,
    tournament: TournamentId,
    round: RoundId,
    by: UserId,
) -> Result<(), StoreError> {
    let mut tx = super::write_tx(db).await?;
    ensure_draft(&mut tx, tournament, round).await?;
    let matches: Vec<(MatchId, i64, PlayerId, Option<PlayerId>)> =
        sqlx::query_as("SELECT id, table_no, player_a, player_b FROM matches WHERE round_id = ?")
            .bind(round)
            .fetch_all(&mut *tx)
            .await?;
    for (id, table_no, a, b) in &matches {
        history::record(
            &mut tx,
            history::Subject { tournament, entity: "pairing", id: id.0 },
            "discard",
            Some(by),
            &(table_no, a, b),
            &(),
        )
        .await?;
    }
    let (number, phase): (i64, String) = sqlx::query_as("SELECT number, phase FROM rounds WHERE id = ?")
        .bind(round)
        .fetch_one(&mut *tx)
        .await?;
    let deck_checks = sqlx::query_as(
        "SELECT match_id, set_label, red_count, polish_count, swapped_to, missing_cards FROM deck_checks \
         WHERE match_id IN (SELECT id FROM matches WHERE round_id = ?) ORDER BY id",
    )
    .bind(round)
    .fetch_all(&mut *tx)
    .await?;
    let table_referees =
        sqlx::query_as("SELECT table_no, user_id FROM table_referees WHERE round_id = ? ORDER BY table_no")
            .bind(round)
            .fetch_all(&mut *tx)
            .await?;
    let discarded = Discarded { number, phase, matches, deck_checks, table_referees };
    history::record(
        &mut tx,
        history::Subject { tournament, entity: "round", id: round.0 },
        "discard",
        Some(by),
        &discarded,
        &(),
    )
    .await?;
    sqlx::query("DELETE FROM games WHERE match_id IN (SELECT id FROM matches WHERE round_id = ?)")
        .bind(round)
        .execute(&mut *tx)
        .await?;
    sqlx::query("DELETE FROM deck_checks WHERE match_id IN (SELECT id FROM matches WHERE round_id = ?)")
        .bind(round)
        .execute(&mut *tx)
        .await?;
    sqlx::query("DELETE FROM table_referees WHERE round_id = ?").bind(round).execute(&mut *tx).await?;
    sqlx::query("DELETE FROM matches WHERE round_id = ?").bind(round).execute(&mut *tx).await?;
    sqlx::query("DELETE FROM rounds WHERE id = ?").bind(round).execute(&mut *tx).await?;
    tx.commit().await?;
    Ok(())
}

/// Move a round from `from` to `to` (publish, lock), if it is still in `from`.
///
/// # Errors
/// [`StoreError::Conflict`] if the round is not in `from`; the update fails.
#[tracing::instrument(skip(db))]
pub async fn advance(
    db: &Db,
    tournament: TournamentId,
    round: RoundId,
    from: Status,
    to: Status,
    by: UserId,
) -> Result<(), StoreError> {
    let mut tx = super::write_tx(db).await?;
    let res = sqlx::query(
        "UPDATE rounds SET status = ?, version = version + 1 WHERE id = ? AND tournament_id = ? AND status = ?",
    )
    .bind(to.as_str())
    .bind(round)
    .bind(tournament)
    .bind(from.as_str())
    .execute(&mut *tx)
    .await?;
    if res.rows_affected() == 0 {
        return Err(StoreError::Conflict);
    }
    history::record(
        &mut tx,
        history::Subject { tournament, entity: "round", id: round.0 },
        to.as_str(),
        Some(by),
        &from,
        &to,
    )
    .await?;
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
    db: &Db,
    tournament: TournamentId,
    round: RoundId,
    x: PlayerId,
    y: PlayerId,
    by: UserId,
) -> Result<(), StoreError> {
    let mut tx = super::write_tx(db).await?;
    ensure_draft(&mut tx, tournament, round).await?;
    let rows: Vec<(MatchId, PlayerId, Option<PlayerId>)> =
        sqlx::query_as("SELECT id, player_a, player_b FROM matches WHERE round_id = ? ORDER BY id")
            .bind(round)
            .fetch_all(&mut *tx)
            .await?;
    let seat = |p: PlayerId| {
        rows.iter().find_map(|&(id, a, b)| {
            if a == p {
                Some((id, "player_a"))
            } else if b == Some(p) {
                Some((id, "player_b"))
            } else {
                None
            }
        })
    };
    let (sx, sy) = match (seat(x), seat(y)) {
        (Some(sx), Some(sy)) if sx.0 != sy.0 => (sx, sy),
        _ => return Err(StoreError::NotFound),
    };
    let before: Vec<_> = rows.iter().filter(|r| r.0 == sx.0 || r.0 == sy.0).cloned().collect();
    for ((id, col), p) in [(sx, y), (sy, x)] {
        sqlx::query(&format!("UPDATE matches SET {col} = ?, version = version + 1 WHERE id = ?"))
            .bind(p)
            .bind(id)
            .execute(&mut *tx)
            .await?;
    }
    // Games follow the match: game 1's Red is player_a, game 2's Red is player_b.
    for id in [sx.0, sy.0] {
        sqlx::query(
            "UPDATE games SET red_player = (SELECT player_a FROM matches WHERE id = ?) \
             WHERE match_id = ? AND game_no = 1",
        )
        .bind(id)
        .bind(id)
        .execute(&mut *tx)
        .await?;
        sqlx::query(
            "UPDATE games SET red_player = (SELECT player_b FROM matches WHERE id = ?) \
             WHERE match_id = ? AND game_no = 2",
        )
        .bind(id)
        .bind(id)
        .execute(&mut *tx)
        .await?;
    }
    let after: Vec<(MatchId, PlayerId, Option<PlayerId>)> =
        sqlx::query_as("SELECT id, player_a, player_b FROM matches WHERE id IN (?, ?) ORDER BY id")
            .bind(sx.0)
            .bind(sy.0)
            .fetch_all(&mut *tx)
            .await?;
    history::record(
        &mut tx,
        history::Subject { tournament, entity: "pairing", id: sx.0.0 },
        "override",
        Some(by),
        &before,
        &after,
    )
    .await?;
    tx.commit().await?;
    Ok(())
}

/// Record (or clear, with `None`) a no-show or withdrawal for a match still at `version`, with its
/// history row, in one transaction.
///
/// # Errors
/// [`StoreError::Conflict`] if the match changed since it was loaded, [`StoreError::NotFound`].
#[tracing::instrument(skip(db))]
pub async fn set_forfeit(
    db: &Db,
    tournament: TournamentId,
    m: MatchId,
    version: i64,
    forfeit: Option<Forfeit>,
    by: UserId,
) -> Result<(), StoreError> {
    let mut tx = super::write_tx(db).await?;
    let old: Option<(Option<String>, i64)> = sqlx::query_as(
        "SELECT m.forfeit, m.version FROM matches m JOIN rounds r ON r.id = m.round_id \
         WHERE m.id = ? AND r.tournament_id = ?",
    )
    .bind(m)
    .bind(tournament)
    .fetch_optional(&mut *tx)
    .await?;
    let Some((old, current)) = old else { return Err(StoreError::NotFound) };
    if current != version {
        return Err(StoreError::Conflict);
    }
    let new = forfeit.map(Forfeit::as_str);
    let res =
        sqlx::query("UPDATE matches SET forfeit = ?, version = version + 1 WHERE id = ? AND version = ?")
            .bind(new)
            .bind(m)
            .bind(version)
            .execute(&mut *tx)
            .await?;
    if res.rows_affected() == 0 {
        return Err(StoreError::Conflict);
    }
    history::record(
        &mut tx,
        history::Subject { tournament, entity: "match", id: m.0 },
        "forfeit",
        Some(by),
        &serde_json::json!({ "forfeit": old }),
        &serde_json::json!({ "forfeit": new }),
    )
    .await?;
    tx.commit().await?;
    Ok(())
}

/// Rounds of a tournament in order.
///
/// # Errors
/// The query fails.
pub async fn list(db: &Db, tournament: TournamentId) -> Result<Vec<Round>, StoreError> {
    list_in(&mut *db.acquire().await?, tournament).await
}

/// [`list`] inside the caller's transaction (the read model loads everything in one).
///
/// # Errors
/// The query fails.
pub async fn list_in(
    conn: &mut sqlx::SqliteConnection,
    tournament: TournamentId,
) -> Result<Vec<Round>, StoreError> {
    Ok(sqlx::query_as::<_, Round>(&format!(
        "SELECT {ROUND_COLUMNS} FROM rounds WHERE tournament_id = ? ORDER BY number"
    ))
    .bind(tournament)
    .fetch_all(conn)
    .await?)
}

/// # Errors
/// The query fails.
pub async fn by_number(db: &Db, tournament: TournamentId, number: i64) -> Result<Option<Round>, StoreError> {
    Ok(sqlx::query_as::<_, Round>(&format!(
        "SELECT {ROUND_COLUMNS} FROM rounds WHERE tournament_id = ? AND number = ?"
    ))
    .bind(tournament)
    .bind(number)
    .fetch_optional(db)
    .await?)
}

/// Matches of one round by table.
///
/// # Errors
/// The query fails.
pub async fn matches_of(db: &Db, round: RoundId) -> Result<Vec<MatchRow>, StoreError> {
    Ok(sqlx::query_as::<_, MatchRow>(&format!(
        "{MATCH_SELECT} WHERE m.round_id = ? \
         ORDER BY CASE WHEN m.player_b IS NULL THEN 1 ELSE 0 END, m.table_no, m.id"
    ))
    .bind(round)
    .fetch_all(db)
    .await?)
}

/// Every match of a tournament, by round then table (standings, exports, player pages).
///
/// # Errors
/// The query fails.
pub async fn all_matches(db: &Db, tournament: TournamentId) -> Result<Vec<MatchRow>, StoreError> {
    all_matches_in(&mut *db.acquire().await?, tournament).await
}

/// [`all_matches`] inside the caller's transaction (the read model loads everything in one).
///
/// # Errors
/// The query fails.
pub async fn all_matches_in(
    conn: &mut sqlx::SqliteConnection,
    tournament: TournamentId,
) -> Result<Vec<MatchRow>, StoreError> {
    Ok(sqlx::query_as::<_, MatchRow>(&format!(
        "{MATCH_SELECT} WHERE r.tournament_id = ? \
         ORDER BY r.number, CASE WHEN m.player_b IS NULL THEN 1 ELSE 0 END, m.table_no, m.id"
    ))
    .bind(tournament)
    .fetch_all(conn)
    .await?)
}

/// One match, checked to belong to the tournament.
///
/// # Errors
/// The query fails.
pub async fn get_match(
    db: &Db,
    tournament: TournamentId,
    id: MatchId,
) -> Result<Option<MatchRow>, StoreError> {
    Ok(sqlx::query_as::<_, MatchRow>(&format!("{MATCH_SELECT} WHERE r.tournament_id = ? AND m.id = ?"))
        .bind(tournament)
        .bind(id)
        .fetch_optional(db)
        .await?)
}
