//! The registry owner's decisions (issue 36): a merge or a keep-apart asked by someone who does not
//! own both persons (`app::persons::merge_from`) waits as a proposal until an administrator, or
//! the coordinators of every season involved, confirm it (carried out in the confirming
//! transaction, which reads both persons' places again: a person who played elsewhere since brings
//! that season's coordinators in) or one of them refuses it. Each decision is one transaction that
//! locks the proposal and both persons and checks the proposal is still open.

use super::authority::{self, Actor, Confirmation};
use super::{AppResult, Refusal};
use crate::store::persons::Person;
use crate::store::persons::proposals::{self, Proposal, ProposalState};
use crate::store::{self, Conn, ProposalId, SeasonId, Store, StoreError, UserId};
use std::collections::BTreeSet;

/// What a confirmation came to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Decided {
    /// Carried out: the merge made (or the pair kept apart).
    Done,
    /// Confirmed for the actor's seasons; these seasons still have to.
    Waiting(Vec<SeasonId>),
}

/// The proposal locked, still open, and the actor's confirmation of it as things stand now.
async fn decision_in(
    tx: &mut Conn,
    id: ProposalId,
    by: UserId,
) -> AppResult<(Proposal, Confirmation, BTreeSet<SeasonId>)> {
    let p = proposals::get_for_decision_in(tx, id).await?.ok_or(StoreError::NotFound)?;
    if p.state != ProposalState::Open {
        return Err(Refusal::ProposalDecided.into());
    }
    store::persons::rights::lock_pair_in(tx, p.kept, p.merged).await?;
    let actor = Actor::load_in(tx, by).await?;
    let mut places = authority::places_in(tx, p.kept).await?;
    places.extend(authority::places_in(tx, p.merged).await?);
    let owner = authority::owner_of(&places);
    let needed = match &owner {
        authority::Owner::Seasons(s) => s.clone(),
        authority::Owner::Admin => BTreeSet::new(),
    };
    let approved: BTreeSet<SeasonId> = p.approvals.iter().copied().collect();
    let confirmation = authority::confirmation(&actor, &owner, &approved)?;
    Ok((p, confirmation, needed))
}

/// Confirm a proposal: for the actor's seasons, and once every season involved confirmed (or an
/// administrator did), carried out.
///
/// # Errors
/// [`StoreError::NotFound`], [`Refusal::ProposalDecided`], [`Refusal::NotYours`] and the merge's
/// or keep-apart's refusals (the proposal stays open then); the database fails.
pub async fn confirm(db: &Store, id: ProposalId, by: UserId) -> AppResult<Decided> {
    let mut tx = db.write().await?;
    let (p, confirmation, needed) = decision_in(&mut tx, id, by).await?;
    let decided = match confirmation {
        Confirmation::Complete => {
            let t = p.tournament.ok_or(Refusal::PersonNotHere)?;
            let merge = super::persons::done_in(&mut tx, p.kind, t, p.kept, p.merged, by).await?;
            let all: Vec<SeasonId> =
                p.approvals.iter().copied().chain(needed).collect::<BTreeSet<_>>().into_iter().collect();
            if !proposals::decide_in(&mut tx, p.id, ProposalState::Done, by, merge, &all).await? {
                return Err(Refusal::ProposalDecided.into());
            }
            Decided::Done
        }
        Confirmation::Partial(now) => {
            let now: Vec<SeasonId> = now.into_iter().collect();
            proposals::set_approvals_in(&mut tx, p.id, &now).await?;
            Decided::Waiting(needed.into_iter().filter(|s| !now.contains(s)).collect())
        }
    };
    tx.commit().await?;
    Ok(decided)
}

/// Refuse a proposal (any of its owners may): nothing changes but the proposal, closed.
///
/// # Errors
/// [`StoreError::NotFound`], [`Refusal::ProposalDecided`], [`Refusal::NotYours`]; the database
/// fails.
pub async fn refuse(db: &Store, id: ProposalId, by: UserId) -> AppResult<()> {
    let mut tx = db.write().await?;
    let (p, _, _) = decision_in(&mut tx, id, by).await?;
    if !proposals::decide_in(&mut tx, p.id, ProposalState::Refused, by, None, &p.approvals).await? {
        return Err(Refusal::ProposalDecided.into());
    }
    tx.commit().await?;
    Ok(())
}

/// An open proposal as its owners see it: both persons, and whether this actor may decide it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpenProposal {
    pub proposal: Proposal,
    pub kept: Person,
    pub merged: Person,
    /// The seasons still to confirm (empty where only an administrator may).
    pub waiting_for: Vec<SeasonId>,
}

/// The open proposals `by` may decide (an administrator: every one), oldest first.
///
/// # Errors
/// The database fails.
pub async fn open_for(db: &Store, by: UserId) -> AppResult<Vec<OpenProposal>> {
    let mut conn = db.conn().await?;
    let actor = Actor::load_in(&mut conn, by).await?;
    let mut out = Vec::new();
    for p in proposals::open(db).await? {
        let mut places = authority::places_in(&mut conn, p.kept).await?;
        places.extend(authority::places_in(&mut conn, p.merged).await?);
        let owner = authority::owner_of(&places);
        let approved: BTreeSet<SeasonId> = p.approvals.iter().copied().collect();
        if authority::confirmation(&actor, &owner, &approved).is_err() {
            continue;
        }
        let waiting_for = match owner {
            authority::Owner::Seasons(s) => s.difference(&approved).copied().collect(),
            authority::Owner::Admin => Vec::new(),
        };
        let kept = super::persons::person(db, p.kept).await?;
        let merged = super::persons::person(db, p.merged).await?;
        out.push(OpenProposal { proposal: p, kept, merged, waiting_for });
    }
    Ok(out)
}

/// The open proposals asked from tournament `t`'s persons page, oldest first (the page says they
/// wait, and does not offer the pair again).
///
/// # Errors
/// The database fails.
pub async fn open_from(db: &Store, t: store::TournamentId) -> AppResult<Vec<Proposal>> {
    Ok(proposals::open(db).await?.into_iter().filter(|p| p.tournament == Some(t)).collect())
}
