//! Proposals (issue 36): a merge or a "different persons" asked by someone without the right over
//! both persons waits here for the registry's owner (`app::authority`). One open proposal per
//! kind and pair: asking again finds the one open. The writes take the caller's transaction, in
//! which `app::persons` decides.

use super::super::{
    Conn, MergeId, PersonId, ProposalId, SeasonId, Store, StoreError, StoredText, TournamentId, UserId, now,
};

/// What a proposal asks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProposalKind {
    /// "To ta sama osoba": `merged` goes into `kept`.
    Merge,
    /// "To różne osoby": the pair is not asked about again.
    Apart,
}

impl StoredText for ProposalKind {
    const ALL: &'static [ProposalKind] = &[ProposalKind::Merge, ProposalKind::Apart];
    fn as_str(self) -> &'static str {
        match self {
            ProposalKind::Merge => "merge",
            ProposalKind::Apart => "apart",
        }
    }
}

/// Open until decided: done (a merge made, or the pair kept apart) or refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProposalState {
    Open,
    Done,
    Refused,
}

impl StoredText for ProposalState {
    const ALL: &'static [ProposalState] = &[ProposalState::Open, ProposalState::Done, ProposalState::Refused];
    fn as_str(self) -> &'static str {
        match self {
            ProposalState::Open => "open",
            ProposalState::Done => "done",
            ProposalState::Refused => "refused",
        }
    }
}

stored_as_text!(ProposalKind, ProposalState);

/// A proposal as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Proposal {
    pub id: ProposalId,
    pub kind: ProposalKind,
    pub kept: PersonId,
    pub merged: PersonId,
    /// The tournament whose persons page asked (its history logs the outcome).
    pub tournament: Option<TournamentId>,
    /// The season whose coordinator's page asked.
    pub season: Option<SeasonId>,
    pub proposed_by: Option<UserId>,
    pub proposed_at: String,
    /// The seasons whose coordinators confirmed so far.
    pub approvals: Vec<SeasonId>,
    pub state: ProposalState,
    pub decided_by: Option<UserId>,
    pub decided_at: Option<String>,
    pub merge: Option<MergeId>,
}

/// What a new proposal holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewProposal {
    pub kind: ProposalKind,
    pub kept: PersonId,
    pub merged: PersonId,
    pub tournament: Option<TournamentId>,
    pub season: Option<SeasonId>,
    pub by: UserId,
    pub approvals: Vec<SeasonId>,
}

type Row = (
    ProposalId,
    ProposalKind,
    PersonId,
    PersonId,
    Option<TournamentId>,
    Option<SeasonId>,
    Option<UserId>,
    String,
    String,
    ProposalState,
    Option<UserId>,
    Option<String>,
    Option<MergeId>,
);

/// The columns a [`Row`] reads, then the rest of the query.
macro_rules! proposals_where {
    ($rest:literal) => {
        concat!(
            "SELECT id, kind, kept, merged, tournament_id, season_id, proposed_by, proposed_at, approvals, state, \
             decided_by, decided_at, merge_id FROM person_proposals ",
            $rest
        )
    };
}

fn read(r: Row) -> Result<Proposal, StoreError> {
    let (id, kind, kept, merged, tournament, season, proposed_by, proposed_at, approvals, state, decided_by) =
        (r.0, r.1, r.2, r.3, r.4, r.5, r.6, r.7, r.8, r.9, r.10);
    Ok(Proposal {
        id,
        kind,
        kept,
        merged,
        tournament,
        season,
        proposed_by,
        proposed_at,
        approvals: serde_json::from_str(&approvals)?,
        state,
        decided_by,
        decided_at: r.11,
        merge: r.12,
    })
}

/// The open proposal of `kind` for the pair (either order), if any.
///
/// # Errors
/// A query fails.
pub async fn open_for_in(
    tx: &mut Conn,
    kind: ProposalKind,
    a: PersonId,
    b: PersonId,
) -> Result<Option<Proposal>, StoreError> {
    let sql = proposals_where!(
        "WHERE kind = $1 AND state = $2 AND ((kept = $3 AND merged = $4) OR (kept = $4 AND merged = $3)) \
         ORDER BY id LIMIT 1"
    );
    let row: Option<Row> = on!(tx, |c| sqlx::query_as(sql)
        .bind(kind)
        .bind(ProposalState::Open)
        .bind(a)
        .bind(b)
        .fetch_optional(c)
        .await)?;
    row.map(read).transpose()
}

/// Store a new open proposal; its id.
///
/// # Errors
/// A statement fails.
pub async fn propose_in(tx: &mut Conn, p: &NewProposal) -> Result<ProposalId, StoreError> {
    let (id,): (ProposalId,) = on!(tx, |c| {
        sqlx::query_as(
        "INSERT INTO person_proposals (kind, kept, merged, tournament_id, season_id, proposed_by, proposed_at, \
         approvals) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id"
    )
    .bind(p.kind)
    .bind(p.kept)
    .bind(p.merged)
    .bind(p.tournament)
    .bind(p.season)
    .bind(p.by)
    .bind(now())
    .bind(serde_json::to_string(&p.approvals)?)
    .fetch_one(c)
    .await
    })?;
    Ok(id)
}

/// The proposal, its row locked (PostgreSQL) for the decision in the caller's transaction.
///
/// # Errors
/// A statement fails.
pub async fn get_for_decision_in(tx: &mut Conn, id: ProposalId) -> Result<Option<Proposal>, StoreError> {
    on!(&mut *tx, |c| sqlx::query("UPDATE person_proposals SET state = state WHERE id = $1")
        .bind(id)
        .execute(c)
        .await
        .map(|r| r.rows_affected()))?;
    let sql = proposals_where!("WHERE id = $1");
    let row: Option<Row> = on!(tx, |c| sqlx::query_as(sql).bind(id).fetch_optional(c).await)?;
    row.map(read).transpose()
}

/// Record the seasons confirmed so far on an open proposal.
///
/// # Errors
/// A statement fails.
pub async fn set_approvals_in(
    tx: &mut Conn,
    id: ProposalId,
    approvals: &[SeasonId],
) -> Result<(), StoreError> {
    on!(tx, |c| sqlx::query("UPDATE person_proposals SET approvals = $2 WHERE id = $1 AND state = $3")
        .bind(id)
        .bind(serde_json::to_string(approvals)?)
        .bind(ProposalState::Open)
        .execute(c)
        .await
        .map(|r| r.rows_affected()))?;
    Ok(())
}

/// Decide an open proposal: done (with the merge it made, if any) or refused. `false` if it was
/// not open any more.
///
/// # Errors
/// A statement fails.
pub async fn decide_in(
    tx: &mut Conn,
    id: ProposalId,
    state: ProposalState,
    by: UserId,
    merge: Option<MergeId>,
    approvals: &[SeasonId],
) -> Result<bool, StoreError> {
    let n = on!(tx, |c| {
        sqlx::query(
        "UPDATE person_proposals SET state = $2, decided_by = $3, decided_at = $4, merge_id = $5, approvals = $6 \
         WHERE id = $1 AND state = $7"
    )
    .bind(id)
    .bind(state)
    .bind(by)
    .bind(now())
    .bind(merge)
    .bind(serde_json::to_string(approvals)?)
    .bind(ProposalState::Open)
    .execute(c)
    .await
    .map(|r| r.rows_affected())
    })?;
    Ok(n > 0)
}

/// Every open proposal, oldest first.
///
/// # Errors
/// A query fails.
pub async fn open(db: &Store) -> Result<Vec<Proposal>, StoreError> {
    let sql = proposals_where!("WHERE state = $1 ORDER BY id");
    let rows: Vec<Row> = on!(db, |c| sqlx::query_as(sql).bind(ProposalState::Open).fetch_all(c).await)?;
    rows.into_iter().map(read).collect()
}

/// One proposal.
///
/// # Errors
/// A query fails.
pub async fn get(db: &Store, id: ProposalId) -> Result<Option<Proposal>, StoreError> {
    let sql = proposals_where!("WHERE id = $1");
    let row: Option<Row> = on!(db, |c| sqlx::query_as(sql).bind(id).fetch_optional(c).await)?;
    row.map(read).transpose()
}
