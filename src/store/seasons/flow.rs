//! The qualification flow of a season (issue 20): an event's stored final ranking (written when it
//! closes, gone when it reopens), the invitations its qualifiers get into the next level's event
//! (and the coordinator's wildcards), the season's log (reopenings, wildcards) and its
//! coordinators. The writes take the caller's transaction: `app::season` decides inside it, so a
//! decision never rests on a state read before the transaction.

use super::super::{
    Conn, PersonId, PlayerId, SeasonId, Store, StoreError, StoredText, TournamentId, UserId, now,
};

/// Where an invitation comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InvitationKind {
    /// A qualifier (or a reserve moved up) of the source event.
    Qualifier,
    /// The coordinator's wildcard (no source event; a reason in the log).
    Wildcard,
}

impl StoredText for InvitationKind {
    const ALL: &'static [InvitationKind] = &[InvitationKind::Qualifier, InvitationKind::Wildcard];
    fn as_str(self) -> &'static str {
        match self {
            InvitationKind::Qualifier => "qualifier",
            InvitationKind::Wildcard => "wildcard",
        }
    }
}

/// An invitation's state: open, then accepted (an entry of the target), declined, or withdrawn
/// (its source event reopened).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InvitationState {
    Invited,
    Accepted,
    Declined,
    Withdrawn,
    /// Not taken: the person took the next level's place from another event (issue 34: one place
    /// for a person qualified twice), and this event's place passed to its next reserve.
    Elsewhere,
    /// Revoked by a correction of the source event's results after it closed, confirmed by the
    /// season's coordinator (issue 34): the person no longer qualifies (an accepted one's entry in
    /// the target is withdrawn with it).
    Revoked,
}

impl StoredText for InvitationState {
    const ALL: &'static [InvitationState] = &[
        InvitationState::Invited,
        InvitationState::Accepted,
        InvitationState::Declined,
        InvitationState::Withdrawn,
        InvitationState::Elsewhere,
        InvitationState::Revoked,
    ];
    fn as_str(self) -> &'static str {
        match self {
            InvitationState::Invited => "invited",
            InvitationState::Accepted => "accepted",
            InvitationState::Declined => "declined",
            InvitationState::Withdrawn => "withdrawn",
            InvitationState::Elsewhere => "elsewhere",
            InvitationState::Revoked => "revoked",
        }
    }
}

stored_as_text!(InvitationKind, InvitationState);

/// One line of an event's stored final ranking, in ranking order (`position` 0 the first).
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct RankingRow {
    pub position: i64,
    /// 1-based; players sharing a place have the same number.
    pub place: i64,
    pub player_id: PlayerId,
    pub person_id: PersonId,
    /// The school as registered in the event.
    pub school: String,
    /// Whether the season's eligibility admitted the player when the event closed.
    pub eligible: bool,
}

/// An invitation with its person's name (never their birth date: pages show these).
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct Invitation {
    pub id: i64,
    pub season_id: SeasonId,
    pub source_id: Option<TournamentId>,
    pub target_id: TournamentId,
    pub source_player_id: Option<PlayerId>,
    pub person_id: PersonId,
    pub kind: InvitationKind,
    pub state: InvitationState,
    pub reason: Option<String>,
    /// The entry an accepted invitation made in the target.
    pub player_id: Option<PlayerId>,
    pub name: String,
    pub school: String,
    /// When it was made (RFC 3339): since when an open one waits.
    pub created_at: String,
}

/// An invitation to write.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewInvitation {
    pub season_id: SeasonId,
    pub source_id: Option<TournamentId>,
    pub target_id: TournamentId,
    pub source_player_id: Option<PlayerId>,
    pub person_id: PersonId,
    pub kind: InvitationKind,
    pub reason: Option<String>,
}

/// What the season's log records.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LogKind {
    /// An event closed (its ranking stored, its qualifiers invited).
    Closed,
    /// An event reopened (the reason typed), its open invitations withdrawn.
    Reopened,
    /// A wildcard (the reason typed).
    Wildcard,
    /// A qualifier's place passed to the event's next reserve: the person took the next level's
    /// place from another event.
    Elsewhere,
    /// The organiser's lot for a tie at a qualifying place (its seed as the reason).
    Lot,
    /// An invitation revoked by a confirmed correction (the person; the entry withdrawn if it was
    /// accepted).
    Revoked,
    /// The coordinator confirmed a correction of a closed event (the event closed again).
    Corrected,
}

impl StoredText for LogKind {
    const ALL: &'static [LogKind] = &[
        LogKind::Closed,
        LogKind::Reopened,
        LogKind::Wildcard,
        LogKind::Elsewhere,
        LogKind::Lot,
        LogKind::Revoked,
        LogKind::Corrected,
    ];
    fn as_str(self) -> &'static str {
        match self {
            LogKind::Closed => "closed",
            LogKind::Reopened => "reopened",
            LogKind::Wildcard => "wildcard",
            LogKind::Elsewhere => "elsewhere",
            LogKind::Lot => "lot",
            LogKind::Revoked => "revoked",
            LogKind::Corrected => "corrected",
        }
    }
}

stored_as_text!(LogKind);

/// One line of the season's log.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct LogLine {
    pub tournament_id: Option<TournamentId>,
    pub kind: LogKind,
    pub person_id: Option<PersonId>,
    pub reason: String,
    pub by_user: Option<UserId>,
    pub at: String,
}

/// Mark the event closed (`true`) or open; `false` if it was so already (nothing written).
///
/// # Errors
/// The statement fails.
pub async fn set_closed_in(
    tx: &mut Conn,
    t: TournamentId,
    closed: bool,
    by: UserId,
) -> Result<bool, StoreError> {
    let n = if closed {
        on!(tx, |c| {
            sqlx::query(
            "UPDATE season_events SET closed_at = $2, closed_by = $3 WHERE tournament_id = $1 AND closed_at IS NULL"
        )
        .bind(t)
        .bind(now())
        .bind(by)
        .execute(c)
        .await
        .map(|r| r.rows_affected())
        })?
    } else {
        on!(tx, |c| sqlx::query(
            "UPDATE season_events SET closed_at = NULL, closed_by = NULL \
             WHERE tournament_id = $1 AND closed_at IS NOT NULL"
        )
        .bind(t)
        .execute(c)
        .await
        .map(|r| r.rows_affected()))?
    };
    Ok(n == 1)
}

/// Record the organiser's lot for a tie at a qualifying place of the open event `t` (issue 34);
/// `false` (nothing written) if the event is closed or its lot was drawn already: a lot is drawn
/// once, and its seed stays through a reopening.
///
/// # Errors
/// The statement fails.
pub async fn set_lot_in(tx: &mut Conn, t: TournamentId, seed: i64) -> Result<bool, StoreError> {
    let n = on!(tx, |c| sqlx::query(
        "UPDATE season_events SET lot_seed = $2 \
         WHERE tournament_id = $1 AND closed_at IS NULL AND lot_seed IS NULL"
    )
    .bind(t)
    .bind(seed)
    .execute(c)
    .await
    .map(|r| r.rows_affected()))?;
    Ok(n == 1)
}

/// Store the event's final ranking (the rows it had are replaced).
///
/// # Errors
/// A statement fails.
pub async fn store_ranking_in(tx: &mut Conn, t: TournamentId, rows: &[RankingRow]) -> Result<(), StoreError> {
    delete_ranking_in(tx, t).await?;
    for r in rows {
        on!(&mut *tx, |c| {
            sqlx::query(
            "INSERT INTO event_rankings (tournament_id, position, place, player_id, person_id, school, eligible) \
             VALUES ($1, $2, $3, $4, $5, $6, $7)"
        )
        .bind(t)
        .bind(r.position)
        .bind(r.place)
        .bind(r.player_id)
        .bind(r.person_id)
        .bind(&r.school)
        .bind(r.eligible)
        .execute(c)
        .await
        .map(|r| r.rows_affected())
        })?;
    }
    Ok(())
}

/// Remove the event's stored ranking (it reopened).
///
/// # Errors
/// The statement fails.
pub async fn delete_ranking_in(tx: &mut Conn, t: TournamentId) -> Result<(), StoreError> {
    on!(tx, |c| sqlx::query("DELETE FROM event_rankings WHERE tournament_id = $1")
        .bind(t)
        .execute(c)
        .await
        .map(|r| r.rows_affected()))?;
    Ok(())
}

const RANKING: &str = "SELECT position, place, player_id, person_id, school, eligible FROM event_rankings \
     WHERE tournament_id = $1 ORDER BY position";

/// The event's stored final ranking, in order (empty while it is open).
///
/// # Errors
/// The query fails.
pub async fn ranking_in(tx: &mut Conn, t: TournamentId) -> Result<Vec<RankingRow>, StoreError> {
    Ok(on!(tx, |c| sqlx::query_as::<_, RankingRow>(RANKING).bind(t).fetch_all(c).await)?)
}

/// [`ranking_in`] on the pool.
///
/// # Errors
/// The query fails.
pub async fn ranking(db: &Store, t: TournamentId) -> Result<Vec<RankingRow>, StoreError> {
    Ok(on!(db, |c| sqlx::query_as::<_, RankingRow>(RANKING).bind(t).fetch_all(c).await)?)
}

const INVITATION: &str = "SELECT i.id, i.season_id, i.source_id, i.target_id, i.source_player_id, i.person_id, \
     i.kind, i.state, i.reason, i.player_id, p.name, p.school, i.created_at FROM invitations i \
     JOIN persons p ON p.id = i.person_id";

/// Invitations made by a source event (every state), oldest first.
///
/// # Errors
/// The query fails.
pub async fn from_in(tx: &mut Conn, source: TournamentId) -> Result<Vec<Invitation>, StoreError> {
    let sql = format!("{INVITATION} WHERE i.source_id = $1 ORDER BY i.id");
    Ok(on!(tx, |c| sqlx::query_as::<_, Invitation>(sqlx::AssertSqlSafe(sql.clone()))
        .bind(source)
        .fetch_all(c)
        .await)?)
}

/// Invitations into a target event (every state), oldest first.
///
/// # Errors
/// The query fails.
pub async fn to(db: &Store, target: TournamentId) -> Result<Vec<Invitation>, StoreError> {
    let sql = format!("{INVITATION} WHERE i.target_id = $1 ORDER BY i.id");
    Ok(on!(db, |c| sqlx::query_as::<_, Invitation>(sqlx::AssertSqlSafe(sql.clone()))
        .bind(target)
        .fetch_all(c)
        .await)?)
}

/// [`to`] inside the caller's transaction.
///
/// # Errors
/// The query fails.
pub async fn to_in(tx: &mut Conn, target: TournamentId) -> Result<Vec<Invitation>, StoreError> {
    let sql = format!("{INVITATION} WHERE i.target_id = $1 ORDER BY i.id");
    Ok(on!(tx, |c| sqlx::query_as::<_, Invitation>(sqlx::AssertSqlSafe(sql.clone()))
        .bind(target)
        .fetch_all(c)
        .await)?)
}

/// Every invitation of a season, oldest first.
///
/// # Errors
/// The query fails.
pub async fn of_season(db: &Store, season: SeasonId) -> Result<Vec<Invitation>, StoreError> {
    let sql = format!("{INVITATION} WHERE i.season_id = $1 ORDER BY i.id");
    Ok(on!(db, |c| sqlx::query_as::<_, Invitation>(sqlx::AssertSqlSafe(sql.clone()))
        .bind(season)
        .fetch_all(c)
        .await)?)
}

/// One invitation, read inside the write's transaction.
///
/// # Errors
/// The query fails.
pub async fn get_in(tx: &mut Conn, id: i64) -> Result<Option<Invitation>, StoreError> {
    let sql = format!("{INVITATION} WHERE i.id = $1");
    Ok(on!(tx, |c| sqlx::query_as::<_, Invitation>(sqlx::AssertSqlSafe(sql.clone()))
        .bind(id)
        .fetch_optional(c)
        .await)?)
}

/// Write an open invitation.
///
/// # Errors
/// The insert fails.
pub async fn invite_in(tx: &mut Conn, i: &NewInvitation, by: UserId) -> Result<i64, StoreError> {
    let (id,): (i64,) = on!(tx, |c| {
        sqlx::query_as(
        "INSERT INTO invitations (season_id, source_id, target_id, source_player_id, person_id, kind, state, \
         reason, created_by, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id"
    )
    .bind(i.season_id)
    .bind(i.source_id)
    .bind(i.target_id)
    .bind(i.source_player_id)
    .bind(i.person_id)
    .bind(i.kind)
    .bind(InvitationState::Invited)
    .bind(&i.reason)
    .bind(by)
    .bind(now())
    .fetch_one(c)
    .await
    })?;
    Ok(id)
}

/// Move an invitation from `from` to `to` (with the entry an acceptance made); `false` if it is
/// not in `from` any more (nothing written).
///
/// # Errors
/// The statement fails.
pub async fn set_state_in(
    tx: &mut Conn,
    id: i64,
    from: InvitationState,
    to: InvitationState,
    player: Option<PlayerId>,
    by: UserId,
) -> Result<bool, StoreError> {
    let n = on!(tx, |c| sqlx::query(
        "UPDATE invitations SET state = $3, player_id = $4, decided_by = $5, decided_at = $6 \
         WHERE id = $1 AND state = $2"
    )
    .bind(id)
    .bind(from)
    .bind(to)
    .bind(player)
    .bind(by)
    .bind(now())
    .execute(c)
    .await
    .map(|r| r.rows_affected()))?;
    Ok(n == 1)
}

/// Withdraw every invitation of a source event that is not accepted (open or declined); returns
/// how many.
///
/// # Errors
/// The statement fails.
pub async fn withdraw_from_in(tx: &mut Conn, source: TournamentId, by: UserId) -> Result<u64, StoreError> {
    Ok(on!(tx, |c| sqlx::query(
        "UPDATE invitations SET state = $2, decided_by = $3, decided_at = $4 \
         WHERE source_id = $1 AND state IN ($5, $6, $7)"
    )
    .bind(source)
    .bind(InvitationState::Withdrawn)
    .bind(by)
    .bind(now())
    .bind(InvitationState::Invited)
    .bind(InvitationState::Declined)
    .bind(InvitationState::Elsewhere)
    .execute(c)
    .await
    .map(|r| r.rows_affected()))?)
}

/// Write a line of the season's log.
///
/// # Errors
/// The insert fails.
pub async fn log_in(
    tx: &mut Conn,
    season: SeasonId,
    t: Option<TournamentId>,
    kind: LogKind,
    person: Option<PersonId>,
    reason: &str,
    by: UserId,
) -> Result<(), StoreError> {
    on!(tx, |c| sqlx::query(
        "INSERT INTO season_log (season_id, tournament_id, kind, person_id, reason, by_user, at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7)"
    )
    .bind(season)
    .bind(t)
    .bind(kind)
    .bind(person)
    .bind(reason)
    .bind(by)
    .bind(now())
    .execute(c)
    .await
    .map(|r| r.rows_affected()))?;
    Ok(())
}

/// The season's log, oldest first.
///
/// # Errors
/// The query fails.
pub async fn log(db: &Store, season: SeasonId) -> Result<Vec<LogLine>, StoreError> {
    Ok(on!(db, |c| {
        sqlx::query_as::<_, LogLine>(
        "SELECT tournament_id, kind, person_id, reason, by_user, at FROM season_log WHERE season_id = $1 ORDER BY id"
    )
    .bind(season)
    .fetch_all(c)
    .await
    })?)
}

/// Whether `user` coordinates the season: its creator, or appointed by a coordinator.
///
/// # Errors
/// The query fails.
pub async fn is_coordinator(db: &Store, season: SeasonId, user: UserId) -> Result<bool, StoreError> {
    let (n,): (i64,) = on!(db, |c| sqlx::query_as(
        "SELECT (SELECT COUNT(*) FROM seasons WHERE id = $1 AND created_by = $2) \
         + (SELECT COUNT(*) FROM season_coordinators WHERE season_id = $1 AND user_id = $2)"
    )
    .bind(season)
    .bind(user)
    .fetch_one(c)
    .await)?;
    Ok(n > 0)
}

/// Appoint a coordinator (appointing one twice is a success).
///
/// # Errors
/// The insert fails.
pub async fn appoint(db: &Store, season: SeasonId, user: UserId) -> Result<(), StoreError> {
    on!(db, |c| sqlx::query(
        "INSERT INTO season_coordinators (season_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING"
    )
    .bind(season)
    .bind(user)
    .execute(c)
    .await
    .map(|r| r.rows_affected()))?;
    Ok(())
}

/// The seasons `user` coordinates, newest first, with their names.
///
/// # Errors
/// The query fails.
pub async fn coordinated_by(db: &Store, user: UserId) -> Result<Vec<(SeasonId, String)>, StoreError> {
    Ok(on!(db, |c| sqlx::query_as(
        "SELECT id, name FROM seasons WHERE created_by = $1 \
         OR id IN (SELECT season_id FROM season_coordinators WHERE user_id = $1) ORDER BY id DESC"
    )
    .bind(user)
    .fetch_all(c)
    .await)?)
}

/// The person of each entry of a tournament (entries from before persons have none).
///
/// # Errors
/// The query fails.
pub async fn persons_of_entries_in(
    tx: &mut Conn,
    t: TournamentId,
) -> Result<Vec<(PlayerId, PersonId)>, StoreError> {
    Ok(on!(tx, |c| sqlx::query_as(
        "SELECT id, person_id FROM players WHERE tournament_id = $1 AND person_id IS NOT NULL ORDER BY id"
    )
    .bind(t)
    .fetch_all(c)
    .await)?)
}

/// One entry of the season's events with its person and the place the event's stored ranking
/// gives it (none while the event is open), for the season ranking; the person as the entry
/// links it now (a merge moved it), their name, school and region (never the birth date).
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct SeasonEntryRow {
    pub tournament_id: TournamentId,
    pub level_id: super::super::LevelId,
    pub player_id: PlayerId,
    pub person_id: PersonId,
    pub place: Option<i64>,
    pub name: String,
    pub school: String,
    pub region: String,
}

/// Every entry of the season's events, by person's name and id (one query).
///
/// # Errors
/// The query fails.
pub async fn season_entries(db: &Store, season: SeasonId) -> Result<Vec<SeasonEntryRow>, StoreError> {
    Ok(on!(db, |c| sqlx::query_as::<_, SeasonEntryRow>(
        "SELECT e.tournament_id, e.level_id, p.id AS player_id, p.person_id, r.place, \
         per.name, per.school, per.region \
         FROM season_events e JOIN players p ON p.tournament_id = e.tournament_id \
         JOIN persons per ON per.id = p.person_id \
         LEFT JOIN event_rankings r ON r.tournament_id = e.tournament_id AND r.player_id = p.id \
         WHERE e.season_id = $1 ORDER BY per.name, per.id, e.tournament_id"
    )
    .bind(season)
    .fetch_all(c)
    .await)?)
}

/// The season's change stamp for its cached pages: how many events it has, and the sum of their
/// tournaments' change counters and configuration versions. Every write the season's pages show
/// moves it: a result, an entry, a person's merge or erasure, closing, reopening, an invitation
/// accepted or declined, a wildcard (each touches a tournament of the season), a new event. The
/// sums are cast back to BIGINT: PostgreSQL's `SUM` of a BIGINT is a NUMERIC.
///
/// # Errors
/// The query fails.
pub async fn stamp(db: &Store, season: SeasonId) -> Result<(i64, i64, i64), StoreError> {
    Ok(on!(db, |c| {
        sqlx::query_as(
        "SELECT COUNT(*), CAST(COALESCE(SUM(t.changes), 0) AS BIGINT), CAST(COALESCE(SUM(t.version), 0) AS BIGINT) \
         FROM season_events e \
         JOIN tournaments t ON t.id = e.tournament_id WHERE e.season_id = $1"
    )
    .bind(season)
    .fetch_one(c)
    .await
    })?)
}

/// The season's events with no organiser but the season's coordinators (nobody appointed to run
/// them yet: the coordinator's page lists them), by tournament.
///
/// # Errors
/// The query fails.
pub async fn events_without_organisers(
    db: &Store,
    season: SeasonId,
) -> Result<Vec<TournamentId>, StoreError> {
    let rows: Vec<(TournamentId,)> = on!(db, |c| sqlx::query_as(
        "SELECT e.tournament_id FROM season_events e WHERE e.season_id = $1 AND NOT EXISTS ( \
         SELECT 1 FROM tournament_roles r WHERE r.tournament_id = e.tournament_id AND r.role = $2 \
         AND r.user_id NOT IN (SELECT created_by FROM seasons WHERE id = $1 AND created_by IS NOT NULL) \
         AND r.user_id NOT IN (SELECT user_id FROM season_coordinators WHERE season_id = $1)) \
         ORDER BY e.tournament_id"
    )
    .bind(season)
    .bind(super::super::tournaments::Role::Organiser)
    .fetch_all(c)
    .await)?;
    Ok(rows.into_iter().map(|(t,)| t).collect())
}
