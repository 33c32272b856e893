//! A tournament's stages (issue 19): their definitions (the league's `Stage`, one row each, in
//! order), status and frozen ranking; the groups' draw, members and lots. Every write here is
//! decided by a use case on a snapshot and saved with `Store::write_tournament_unchanged`, so the
//! state it was decided on (no round paired, a stage open, a draw not yet fixed) still holds at
//! commit; each writes its history row in the same transaction.

pub use super::values::stages::{NewDraw, StageEvent, StageKind, StageStatus};

use super::history::Change;
use super::{Conn, PlayerId, Stamp, Store, StoreError, TournamentId, UserId, now};
use crate::league::TiebreakOrder;
use crate::league::round_robin::standings::WithdrawalRule;
use crate::league::stages::{KnockoutEntry, KnockoutStage, Seeding, Stage};

/// One stage as stored.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct StageRow {
    /// 1 for the opening stage.
    pub position: i64,
    pub kind: StageKind,
    #[sqlx(json)]
    pub definition: Stage,
    pub status: StageStatus,
    pub withdrawal: WithdrawalRule,
    /// A closed stage's frozen ranking (JSON: the league's group standings, one per group).
    pub ranking: Option<String>,
    /// The organiser's seed list for the draw (JSON: player ids, best seed first); `None`: the
    /// registration order.
    pub seed_order: Option<String>,
    /// The groups' tiebreak order (stored as the league's names, comma-separated); `None`: the
    /// default.
    pub tiebreaks: Option<TiebreakOrder>,
}

/// A group's member: `number` is the player's number in the group's Berger table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, sqlx::FromRow)]
pub struct GroupMember {
    pub stage: i64,
    pub group_no: i64,
    pub number: i64,
    pub player_id: PlayerId,
}

/// A fixed group draw.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct GroupDrawRow {
    pub stage: i64,
    pub seeding: Seeding,
    pub lot_seed: Option<i64>,
    pub clashes: String,
}

/// The organiser's lot for a tie at a qualifying place.
#[derive(Debug, Clone, Copy, PartialEq, Eq, sqlx::FromRow)]
pub struct GroupLot {
    pub stage: i64,
    pub group_no: i64,
    pub lot_seed: i64,
}

/// Everything stored about a tournament's stages.
#[derive(Debug, Clone, Default)]
pub struct StageRows {
    /// By position.
    pub stages: Vec<StageRow>,
    /// By stage, group, number.
    pub members: Vec<GroupMember>,
    pub draws: Vec<GroupDrawRow>,
    pub lots: Vec<GroupLot>,
}

/// The stages of a tournament as its Swiss columns say (what every tournament was before stages).
#[must_use]
pub fn swiss_stages(swiss_rounds: i64, knockout_size: i64, third_place: bool) -> Vec<Stage> {
    let mut stages = vec![Stage::Swiss { rounds: u32::try_from(swiss_rounds).unwrap_or(0) }];
    if knockout_size >= 2 {
        stages.push(Stage::Knockout(KnockoutStage {
            size: u32::try_from(knockout_size).unwrap_or(0),
            third_place,
            from: KnockoutEntry::SwissStandings,
        }));
    }
    stages
}

fn kind_of(s: &Stage) -> StageKind {
    match s {
        Stage::Swiss { .. } => StageKind::Swiss,
        Stage::Groups(_) => StageKind::Groups,
        Stage::Knockout(_) => StageKind::Knockout,
    }
}

/// Replace a tournament's stage rows inside the caller's transaction.
pub(super) async fn put_in(conn: &mut Conn, t: TournamentId, stages: &[Stage]) -> Result<(), StoreError> {
    on!(&mut *conn, |c| sqlx::query("DELETE FROM tournament_stages WHERE tournament_id = $1")
        .bind(t)
        .execute(c)
        .await
        .map(|r| r.rows_affected()))?;
    for (i, s) in stages.iter().enumerate() {
        let position = i64::try_from(i + 1).unwrap_or(i64::MAX);
        on!(&mut *conn, |c| {
            sqlx::query(
            "INSERT INTO tournament_stages (tournament_id, position, kind, definition) VALUES ($1, $2, $3, $4)"
        )
        .bind(t)
        .bind(position)
        .bind(kind_of(s))
        .bind(sqlx::types::Json(s))
        .execute(c)
        .await
        .map(|r| r.rows_affected())
        })?;
    }
    Ok(())
}

/// The opening stage's kind inside the caller's transaction (`None`: no stage rows).
pub(super) async fn opening_kind_in(
    conn: &mut Conn,
    t: TournamentId,
) -> Result<Option<StageKind>, StoreError> {
    let row: Option<(StageKind,)> = on!(&mut *conn, |c| sqlx::query_as(
        "SELECT kind FROM tournament_stages WHERE tournament_id = $1 AND position = 1"
    )
    .bind(t)
    .fetch_optional(c)
    .await)?;
    Ok(row.map(|(k,)| k))
}

/// Every stage row of a tournament, inside the caller's (read) transaction.
///
/// # Errors
/// A query fails, or a stored definition does not read.
pub async fn all_in(conn: &mut Conn, t: TournamentId) -> Result<StageRows, StoreError> {
    let stages = on!(&mut *conn, |c| {
        sqlx::query_as::<_, StageRow>(
        "SELECT position, kind, definition, status, withdrawal, ranking, seed_order, tiebreaks FROM tournament_stages \
         WHERE tournament_id = $1 ORDER BY position"
    )
    .bind(t)
    .fetch_all(c)
    .await
    })?;
    let members = on!(&mut *conn, |c| sqlx::query_as::<_, GroupMember>(
        "SELECT stage, group_no, number, player_id FROM group_members WHERE tournament_id = $1 \
         ORDER BY stage, group_no, number"
    )
    .bind(t)
    .fetch_all(c)
    .await)?;
    let draws = on!(&mut *conn, |c| {
        sqlx::query_as::<_, GroupDrawRow>(
        "SELECT stage, seeding, lot_seed, clashes FROM group_draws WHERE tournament_id = $1 ORDER BY stage"
    )
    .bind(t)
    .fetch_all(c)
    .await
    })?;
    let lots = on!(&mut *conn, |c| {
        sqlx::query_as::<_, GroupLot>(
        "SELECT stage, group_no, lot_seed FROM group_lots WHERE tournament_id = $1 ORDER BY stage, group_no"
    )
    .bind(t)
    .fetch_all(c)
    .await
    })?;
    Ok(StageRows { stages, members, draws, lots })
}

async fn record(
    conn: &mut Conn,
    t: TournamentId,
    position: i64,
    by: UserId,
    event: StageEvent,
) -> Result<(), StoreError> {
    conn.record(t, by, &Change::StageChanged { position, event }).await
}

/// Choose the tournament's stages (decided on the snapshot at `seen`: no round paired yet).
///
/// # Errors
/// [`StoreError::Conflict`] if the tournament changed since `seen`; a write fails.
#[tracing::instrument(skip(db, before, stages))]
pub async fn choose(
    db: &Store,
    t: TournamentId,
    seen: Stamp,
    before: &[Stage],
    stages: &[Stage],
    by: UserId,
) -> Result<(), StoreError> {
    let mut tx = db.write_tournament_unchanged(t, seen).await?;
    put_in(&mut tx, t, stages).await?;
    let event =
        StageEvent::Chosen { before: serde_json::to_value(before)?, after: serde_json::to_value(stages)? };
    record(&mut tx, t, 1, by, event).await?;
    tx.commit().await?;
    Ok(())
}

/// Fix a group draw for the stage at `position` (decided on the snapshot at `seen`).
///
/// # Errors
/// [`StoreError::Conflict`] if the tournament changed since `seen` or the stage was drawn; a write fails.
#[tracing::instrument(skip(db, draw))]
pub async fn fix_draw(
    db: &Store,
    t: TournamentId,
    seen: Stamp,
    position: i64,
    draw: &NewDraw,
    by: UserId,
) -> Result<(), StoreError> {
    let mut tx = db.write_tournament_unchanged(t, seen).await?;
    on!(&mut tx, |c| sqlx::query(
        "INSERT INTO group_draws (tournament_id, stage, seeding, lot_seed, clashes, drawn_by, drawn_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7)"
    )
    .bind(t)
    .bind(position)
    .bind(draw.seeding)
    .bind(draw.lot_seed)
    .bind(&draw.clashes)
    .bind(by)
    .bind(now())
    .execute(c)
    .await
    .map(|r| r.rows_affected())
    .map_err(super::conflict_on_unique))?;
    for (g, players) in draw.groups.iter().enumerate() {
        for (n, &player) in players.iter().enumerate() {
            on!(&mut tx, |c| sqlx::query(
                "INSERT INTO group_members (tournament_id, stage, group_no, number, player_id) \
                 VALUES ($1, $2, $3, $4, $5)"
            )
            .bind(t)
            .bind(position)
            .bind(i64::try_from(g).unwrap_or(i64::MAX))
            .bind(i64::try_from(n + 1).unwrap_or(i64::MAX))
            .bind(player)
            .execute(c)
            .await
            .map(|r| r.rows_affected()))?;
        }
    }
    let groups = draw.groups.iter().map(|g| g.iter().map(|p| p.0).collect()).collect();
    let event = StageEvent::Drawn { seeding: draw.seeding, lot_seed: draw.lot_seed, groups };
    record(&mut tx, t, position, by, event).await?;
    tx.commit().await?;
    Ok(())
}

/// Record the organiser's lot for a group's tie (decided on the snapshot at `seen`).
///
/// # Errors
/// [`StoreError::Conflict`] if the tournament changed since `seen` or the lot was drawn; a write fails.
#[tracing::instrument(skip(db))]
pub async fn draw_lot(
    db: &Store,
    t: TournamentId,
    seen: Stamp,
    position: i64,
    group_no: i64,
    lot_seed: i64,
    by: UserId,
) -> Result<(), StoreError> {
    let mut tx = db.write_tournament_unchanged(t, seen).await?;
    on!(&mut tx, |c| sqlx::query(
        "INSERT INTO group_lots (tournament_id, stage, group_no, lot_seed, drawn_by, drawn_at) \
         VALUES ($1, $2, $3, $4, $5, $6)"
    )
    .bind(t)
    .bind(position)
    .bind(group_no)
    .bind(lot_seed)
    .bind(by)
    .bind(now())
    .execute(c)
    .await
    .map(|r| r.rows_affected())
    .map_err(super::conflict_on_unique))?;
    record(&mut tx, t, position, by, StageEvent::LotDrawn { group: group_no, lot_seed }).await?;
    tx.commit().await?;
    Ok(())
}

/// Set what happens to a withdrawn player's results in the stage at `position`.
///
/// # Errors
/// [`StoreError::Conflict`] if the tournament changed since `seen`; a write fails.
pub async fn set_withdrawal(
    db: &Store,
    t: TournamentId,
    seen: Stamp,
    position: i64,
    rule: WithdrawalRule,
    by: UserId,
) -> Result<(), StoreError> {
    let mut tx = db.write_tournament_unchanged(t, seen).await?;
    on!(&mut tx, |c| sqlx::query(
        "UPDATE tournament_stages SET withdrawal = $1 WHERE tournament_id = $2 AND position = $3"
    )
    .bind(rule)
    .bind(t)
    .bind(position)
    .execute(c)
    .await
    .map(|r| r.rows_affected()))?;
    let rule = crate::store::StoredText::as_str(rule).to_string();
    record(&mut tx, t, position, by, StageEvent::Withdrawal { rule }).await?;
    tx.commit().await?;
    Ok(())
}

/// Set the organiser's seed list of the stage at `position` (best seed first; `None`: back to
/// the registration order).
///
/// # Errors
/// [`StoreError::Conflict`] if the tournament changed since `seen`; a write fails.
pub async fn set_seed_order(
    db: &Store,
    t: TournamentId,
    seen: Stamp,
    position: i64,
    order: Option<&[PlayerId]>,
    by: UserId,
) -> Result<(), StoreError> {
    let mut tx = db.write_tournament_unchanged(t, seen).await?;
    let ids: Option<Vec<i64>> = order.map(|o| o.iter().map(|p| p.0).collect());
    let json = ids.as_ref().map(serde_json::to_string).transpose()?;
    on!(&mut tx, |c| sqlx::query(
        "UPDATE tournament_stages SET seed_order = $1 WHERE tournament_id = $2 AND position = $3"
    )
    .bind(json.clone())
    .bind(t)
    .bind(position)
    .execute(c)
    .await
    .map(|r| r.rows_affected()))?;
    record(&mut tx, t, position, by, StageEvent::SeedOrder { players: ids.unwrap_or_default() }).await?;
    tx.commit().await?;
    Ok(())
}

/// Set the tiebreak order of the groups stage at `position`.
///
/// # Errors
/// [`StoreError::Conflict`] if the tournament changed since `seen`; a write fails.
pub async fn set_tiebreaks(
    db: &Store,
    t: TournamentId,
    seen: Stamp,
    position: i64,
    order: &TiebreakOrder,
    by: UserId,
) -> Result<(), StoreError> {
    let mut tx = db.write_tournament_unchanged(t, seen).await?;
    on!(&mut tx, |c| sqlx::query(
        "UPDATE tournament_stages SET tiebreaks = $1 WHERE tournament_id = $2 AND position = $3"
    )
    .bind(order)
    .bind(t)
    .bind(position)
    .execute(c)
    .await
    .map(|r| r.rows_affected()))?;
    record(&mut tx, t, position, by, StageEvent::Tiebreaks { order: order.to_string() }).await?;
    tx.commit().await?;
    Ok(())
}

/// Close the stage at `position` with its ranking frozen, or (`ranking` `None`, with a reason)
/// open it again; decided on the snapshot at `seen`.
///
/// # Errors
/// [`StoreError::Conflict`] if the tournament changed since `seen`; a write fails.
pub async fn set_status(
    db: &Store,
    t: TournamentId,
    seen: Stamp,
    position: i64,
    ranking: Option<&str>,
    reason: Option<&str>,
    by: UserId,
) -> Result<(), StoreError> {
    let mut tx = db.write_tournament_unchanged(t, seen).await?;
    let status = if ranking.is_some() { StageStatus::Closed } else { StageStatus::Open };
    on!(&mut tx, |c| sqlx::query(
        "UPDATE tournament_stages SET status = $1, ranking = $2 WHERE tournament_id = $3 AND position = $4"
    )
    .bind(status)
    .bind(ranking)
    .bind(t)
    .bind(position)
    .execute(c)
    .await
    .map(|r| r.rows_affected()))?;
    let event = match reason {
        Some(reason) if ranking.is_none() => StageEvent::Reopened { reason: reason.to_string() },
        _ => StageEvent::Closed,
    };
    record(&mut tx, t, position, by, event).await?;
    tx.commit().await?;
    Ok(())
}

/// Keep a Swiss tournament's stage rows what its columns say (a configuration change), inside
/// the caller's transaction; a tournament that opens with groups keeps its own.
pub(super) async fn follow_swiss_columns(
    conn: &mut Conn,
    t: TournamentId,
    swiss_rounds: i64,
    knockout_size: i64,
    third_place: bool,
) -> Result<(), StoreError> {
    match opening_kind_in(conn, t).await? {
        Some(StageKind::Groups) => Ok(()),
        _ => put_in(conn, t, &swiss_stages(swiss_rounds, knockout_size, third_place)).await,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::rounds::Phase;

    /// A database from before stages (every migration before them), with a Swiss-then-knockout
    /// tournament that has a round, a match and a table referee, and a Swiss-only one, upgraded:
    /// the first reads as [Swiss 5, Knockout 8 with the third-place match], the second as
    /// [Swiss 7]; every round keeps its id, its match and its referee (the rounds table was
    /// rebuilt under foreign keys), and a round of groups may now be stored.
    #[tokio::test]
    async fn every_older_tournament_becomes_swiss_or_swiss_then_knockout_keeping_its_rows() {
        let (dir, url, pool) =
            crate::store::older_sqlite_database("stages-migration", "20261202190001").await;
        for sql in [
            "INSERT INTO users (id, username, password_hash, created_at) VALUES (1, 'org', 'x', 'x')",
            "INSERT INTO tournaments (id, name, first_day, last_day, swiss_rounds, knockout_size, third_place, \
             tiebreaks, created_at) VALUES (1, 'Liga', '2026-05-01', '2026-05-01', 5, 8, 1, '', 'x')",
            "INSERT INTO tournaments (id, name, first_day, last_day, swiss_rounds, knockout_size, third_place, \
             tiebreaks, created_at) VALUES (2, 'Mała', '2026-05-02', '2026-05-02', 7, 0, 0, '', 'x')",
            "INSERT INTO players (id, tournament_id, name, birth_date, created_at) VALUES \
             (1, 1, 'Anna', '2008-01-01', 'x'), (2, 1, 'Jan', '2008-01-01', 'x')",
            "INSERT INTO rounds (id, tournament_id, number, phase, status, explanation, version, created_at) \
             VALUES (41, 1, 1, 'swiss', 'locked', 'why', 3, 'x')",
            "INSERT INTO matches (id, round_id, table_no, player_a, player_b) VALUES (9, 41, 1, 1, 2)",
            "INSERT INTO table_referees (round_id, table_no, user_id) VALUES (41, 1, 1)",
        ] {
            sqlx::query(sql).execute(&pool).await.expect(sql);
        }
        pool.close().await;

        let db = crate::store::connect(&url).await.expect("upgraded");
        let mut tx = db.snapshot().await.expect("snapshot");
        let first = all_in(&mut tx, TournamentId(1)).await.expect("reads");
        let second = all_in(&mut tx, TournamentId(2)).await.expect("reads");
        tx.rollback().await.expect("end");
        let defs = |r: &StageRows| r.stages.iter().map(|s| s.definition).collect::<Vec<_>>();
        assert_eq!(defs(&first), swiss_stages(5, 8, true));
        assert_eq!(
            serde_json::to_value(defs(&first)).expect("json"),
            serde_json::json!([{"kind": "swiss", "rounds": 5},
                {"kind": "knockout", "size": 8, "third_place": true, "from": "swiss-standings"}])
        );
        assert_eq!(defs(&second), vec![Stage::Swiss { rounds: 7 }]);
        assert!(first.stages.iter().all(|s| s.status == StageStatus::Open && s.ranking.is_none()));
        assert!(crate::league::stages::Stages::new(defs(&first)).is_ok(), "a valid sequence");
        let rounds = crate::store::rounds::list(&db, TournamentId(1)).await.expect("rounds");
        assert_eq!(
            rounds
                .iter()
                .map(|r| (r.id.0, r.number, r.phase, r.explanation.as_str(), r.version))
                .collect::<Vec<_>>(),
            vec![(41, 1, Phase::Swiss, "why", 3)]
        );
        let matches = crate::store::rounds::all_matches(&db, TournamentId(1)).await.expect("matches");
        assert_eq!(
            matches.iter().map(|m| (m.id.0, m.round_id.0, m.group_no)).collect::<Vec<_>>(),
            vec![(9, 41, None)]
        );
        // The rebuilt table still refuses what the old one did, and takes a round of groups.
        let bad = on!(&db, |c| {
            sqlx::query(
            "INSERT INTO rounds (tournament_id, number, phase, status, created_at) VALUES (1, 2, 'ladder', 'draft', 'x')"
        )
        .execute(c)
        .await
        .map(|r| r.rows_affected())
        });
        assert!(bad.is_err(), "an unknown phase is refused");
        let groups = on!(&db, |c| {
            sqlx::query(
            "INSERT INTO rounds (tournament_id, number, phase, status, created_at) VALUES (2, 1, 'groups', 'draft', 'x')"
        )
        .execute(c)
        .await
        .map(|r| r.rows_affected())
        });
        assert_eq!(groups.expect("a round of groups"), 1);
        let orphan = on!(&db, |c| sqlx::query(
            "INSERT INTO matches (round_id, table_no, player_a) VALUES (999, 1, 1)"
        )
        .execute(c)
        .await
        .map(|r| r.rows_affected()));
        assert!(orphan.is_err(), "foreign keys still hold on the rebuilt table");
        db.close().await;
        let _ = std::fs::remove_dir_all(&dir);
    }
}
