//! Rounds and their matches (pairings). A round is computed as a draft, shown to the organiser,
//! then published and finally locked. Creating a round creates its matches and their two games in
//! one transaction, with a history row per pairing.

use super::{
    Conn, MatchId, PlayerId, RoundId, Store, StoreError, StoredText, TournamentId, UserId, history, now,
};
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
        Phase::ALL.iter().copied().find(|p| p.as_str() == s)
    }
}

impl StoredText for Phase {
    const ALL: &'static [Phase] = &[Phase::Swiss, Phase::Knockout];
    fn as_str(self) -> &'static str {
        Phase::as_str(self)
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
        Status::ALL.iter().copied().find(|v| v.as_str() == s)
    }
}

impl StoredText for Status {
    const ALL: &'static [Status] = &[Status::Draft, Status::Published, Status::Locked];
    fn as_str(self) -> &'static str {
        Status::as_str(self)
    }
}

stored_as_text!(Phase, Status, Forfeit);

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Round {
    pub id: RoundId,
    pub tournament_id: TournamentId,
    pub number: i64,
    pub phase: Phase,
    pub status: Status,
    /// The pairing explanation ("why these pairings"), as rendered text lines.
    pub explanation: String,
    pub version: i64,
}

impl Round {
    #[must_use]
    pub fn phase(&self) -> Phase {
        self.phase
    }

    #[must_use]
    pub fn status(&self) -> Status {
        self.status
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
    pub phase: Phase,
    pub round_status: Status,
    pub table_no: i64,
    pub player_a: PlayerId,
    pub player_b: Option<PlayerId>,
    pub a_name: String,
    pub b_name: Option<String>,
    pub bracket_slot: Option<i64>,
    pub version: i64,
    /// Not played over the board: see [`Forfeit`]; `None` when the games decide.
    pub forfeit: Option<Forfeit>,
}

impl MatchRow {
    /// The stored no-show or withdrawal, if any.
    #[must_use]
    pub fn forfeit(&self) -> Option<Forfeit> {
        self.forfeit
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

impl StoredText for Forfeit {
    const ALL: &'static [Forfeit] = &Forfeit::ALL;
    fn as_str(self) -> &'static str {
        Forfeit::as_str(self)
    }
}

const ROUND_SELECT: &str =
    "SELECT id, tournament_id, number, phase, status, explanation, version FROM rounds";
const MATCH_SELECT: &str = "SELECT m.id, m.round_id, r.number AS round_number, r.phase, r.status AS round_status, \
     m.table_no, m.player_a, m.player_b, pa.name AS a_name, pb.name AS b_name, m.bracket_slot, m.version, m.forfeit \
     FROM matches m JOIN rounds r ON r.id = m.round_id JOIN players pa ON pa.id = m.player_a \
     LEFT JOIN players pb ON pb.id = m.player_b";

/// Store a computed round as a draft with its matches and games, in one transaction, if nothing
/// changed since the snapshot it was paired on was read (`seen`).
///
/// # Errors
/// [`StoreError::Conflict`] if the tournament changed since `seen`, or a round with this number
/// exists (a concurrent pairing stored it first); an insert fails. Nothing is stored then.
#[tracing::instrument(skip(db, explanation, matches))]
#[allow(clippy::too_many_arguments)]
pub async fn create(
    db: &Store,
    tournament: TournamentId,
    seen: super::Stamp,
    number: i64,
    phase: Phase,
    explanation: &str,
    matches: &[NewMatch],
    by: UserId,
) -> Result<RoundId, StoreError> {
    let mut tx = db.write_tournament_unchanged(tournament, seen).await?;
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
    .map_err(super::conflict_on_unique))?;
    for m in matches {
        let (id,): (MatchId,) = on!(&mut tx, |c| sqlx::query_as(
            "INSERT INTO matches (round_id, table_no, player_a, player_b, bracket_slot) \
             VALUES ($1, $2, $3, $4, $5) RETURNING id",
        )
        .bind(round)
        .bind(m.table_no)
        .bind(m.player_a)
        .bind(m.player_b)
        .bind(m.bracket_slot)
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

/// What discarding a draft deleted, kept in its `round` history row.
#[derive(Debug, Serialize)]
struct Discarded {
    number: i64,
    phase: &'static str,
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
    let discarded = Discarded { number, phase: phase.as_str(), matches, deck_checks, table_referees };
    history::record(
        &mut tx,
        history::Subject { tournament, entity: "round", id: round.0 },
        "discard",
        Some(by),
        &discarded,
        &(),
    )
    .await?;
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

/// Move a round from `from` to `to` (publish, lock), if it is still in `from`, and, for a move
/// decided on a snapshot read at `seen` (locking a round whose results were all in), if nothing
/// changed since.
///
/// # Errors
/// [`StoreError::Conflict`] if the round is not in `from` or the tournament changed since `seen`;
/// the update fails.
#[tracing::instrument(skip(db))]
pub async fn advance(
    db: &Store,
    tournament: TournamentId,
    seen: Option<super::Stamp>,
    round: RoundId,
    from: Status,
    to: Status,
    by: UserId,
) -> Result<(), StoreError> {
    let mut tx = match seen {
        Some(seen) => db.write_tournament_unchanged(tournament, seen).await?,
        None => db.write_tournament(tournament).await?,
    };
    let updated = on!(&mut tx, |c| {
        sqlx::query(
        "UPDATE rounds SET status = $1, version = version + 1 WHERE id = $2 AND tournament_id = $3 AND status = $4",
    )
    .bind(to)
    .bind(round)
    .bind(tournament)
    .bind(from)
    .execute(c)
    .await
    .map(|r| r.rows_affected())
    })?;
    if updated == 0 {
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
    let before: Vec<_> = rows.iter().filter(|r| r.0 == sx.0 || r.0 == sy.0).cloned().collect();
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
    let after: Vec<(MatchId, PlayerId, Option<PlayerId>)> = on!(&mut tx, |c| sqlx::query_as(
        "SELECT id, player_a, player_b FROM matches WHERE id IN ($1, $2) ORDER BY id"
    )
    .bind(sx.0)
    .bind(sy.0)
    .fetch_all(c)
    .await)?;
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

/// Record (or clear, with `None`) a no-show or withdrawal for a match still at `version` whose
/// round is in one of the `open` statuses, with its history row, in one transaction (so a walkover
/// cannot slip into a round locked meanwhile).
///
/// # Errors
/// [`StoreError::Conflict`] if the match changed since it was loaded, [`StoreError::NotFound`],
/// [`StoreError::Refused`] (`Refusal::RoundNotOpen`).
#[tracing::instrument(skip(db))]
pub async fn set_forfeit(
    db: &Store,
    tournament: TournamentId,
    m: MatchId,
    version: i64,
    forfeit: Option<Forfeit>,
    by: UserId,
    open: &[Status],
) -> Result<(), StoreError> {
    let mut tx = db.write_tournament(tournament).await?;
    let old: Option<(Option<Forfeit>, i64, Status)> = on!(&mut tx, |c| sqlx::query_as(
        "SELECT m.forfeit, m.version, r.status FROM matches m JOIN rounds r ON r.id = m.round_id \
         WHERE m.id = $1 AND r.tournament_id = $2",
    )
    .bind(m)
    .bind(tournament)
    .fetch_optional(c)
    .await)?;
    let Some((old, current, status)) = old else { return Err(StoreError::NotFound) };
    if current != version {
        return Err(StoreError::Conflict);
    }
    if !open.contains(&status) {
        return Err(StoreError::Refused(super::Refusal::RoundNotOpen));
    }
    let updated = on!(&mut tx, |c| sqlx::query(
        "UPDATE matches SET forfeit = $1, version = version + 1 WHERE id = $2 AND version = $3"
    )
    .bind(forfeit)
    .bind(m)
    .bind(version)
    .execute(c)
    .await
    .map(|r| r.rows_affected()))?;
    if updated == 0 {
        return Err(StoreError::Conflict);
    }
    history::record(
        &mut tx,
        history::Subject { tournament, entity: "match", id: m.0 },
        "forfeit",
        Some(by),
        &serde_json::json!({ "forfeit": old.map(Forfeit::as_str) }),
        &serde_json::json!({ "forfeit": forfeit.map(Forfeit::as_str) }),
    )
    .await?;
    tx.commit().await?;
    Ok(())
}

/// Rounds of a tournament in order.
///
/// # Errors
/// The query fails.
pub async fn list(db: &Store, tournament: TournamentId) -> Result<Vec<Round>, StoreError> {
    list_in(&mut db.conn().await?, tournament).await
}

/// [`list`] inside the caller's transaction (the read model loads everything in one).
///
/// # Errors
/// The query fails.
pub async fn list_in(conn: &mut Conn, tournament: TournamentId) -> Result<Vec<Round>, StoreError> {
    Ok(on!(conn, |c| sqlx::query_as::<_, Round>(sqlx::AssertSqlSafe(format!(
        "{ROUND_SELECT} WHERE tournament_id = $1 ORDER BY number"
    )))
    .bind(tournament)
    .fetch_all(c)
    .await)?)
}

/// # Errors
/// The query fails.
pub async fn by_number(
    db: &Store,
    tournament: TournamentId,
    number: i64,
) -> Result<Option<Round>, StoreError> {
    Ok(on!(db, |c| sqlx::query_as::<_, Round>(sqlx::AssertSqlSafe(format!(
        "{ROUND_SELECT} WHERE tournament_id = $1 AND number = $2"
    )))
    .bind(tournament)
    .bind(number)
    .fetch_optional(c)
    .await)?)
}

/// Matches of one round by table.
///
/// # Errors
/// The query fails.
pub async fn matches_of(db: &Store, round: RoundId) -> Result<Vec<MatchRow>, StoreError> {
    Ok(on!(db, |c| sqlx::query_as::<_, MatchRow>(sqlx::AssertSqlSafe(format!(
        "{MATCH_SELECT} WHERE m.round_id = $1 \
         ORDER BY CASE WHEN m.player_b IS NULL THEN 1 ELSE 0 END, m.table_no, m.id"
    )))
    .bind(round)
    .fetch_all(c)
    .await)?)
}

/// Every match of a tournament, by round then table (standings, exports, player pages).
///
/// # Errors
/// The query fails.
pub async fn all_matches(db: &Store, tournament: TournamentId) -> Result<Vec<MatchRow>, StoreError> {
    all_matches_in(&mut db.conn().await?, tournament).await
}

/// [`all_matches`] inside the caller's transaction (the read model loads everything in one).
///
/// # Errors
/// The query fails.
pub async fn all_matches_in(conn: &mut Conn, tournament: TournamentId) -> Result<Vec<MatchRow>, StoreError> {
    Ok(on!(conn, |c| sqlx::query_as::<_, MatchRow>(sqlx::AssertSqlSafe(format!(
        "{MATCH_SELECT} WHERE r.tournament_id = $1 \
         ORDER BY r.number, CASE WHEN m.player_b IS NULL THEN 1 ELSE 0 END, m.table_no, m.id"
    )))
    .bind(tournament)
    .fetch_all(c)
    .await)?)
}

/// One match, checked to belong to the tournament.
///
/// # Errors
/// The query fails.
pub async fn get_match(
    db: &Store,
    tournament: TournamentId,
    id: MatchId,
) -> Result<Option<MatchRow>, StoreError> {
    Ok(on!(db, |c| sqlx::query_as::<_, MatchRow>(sqlx::AssertSqlSafe(format!(
        "{MATCH_SELECT} WHERE r.tournament_id = $1 AND m.id = $2"
    )))
    .bind(tournament)
    .bind(id)
    .fetch_optional(c)
    .await)?)
}
