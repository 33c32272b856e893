//! Invitations into an event of the next level: its organiser accepts one (it becomes an entry of
//! that tournament, linked to the same person, with the season's eligibility checked, in the
//! transaction that marks the invitation accepted) or marks it declined (the next reserve of the
//! same source event is invited in that transaction). A person invited from two events takes one
//! place: accepting one passes the others on to their events' next reserves (issue 34). The coordinator adds wildcards (a person,
//! an event, a reason in the season's log). Each write takes the source event's row before the
//! target's (as closing and reopening do) and checks the invitation's state in its transaction.

use super::super::{AppResult, Refusal};
use crate::store::persons::PersonLink;
use crate::store::players::NewPlayer;
use crate::store::seasons::flow::{
    self, Invitation, InvitationKind, InvitationState, LogKind, NewInvitation,
};
use crate::store::{self, PersonId, PlayerId, SeasonId, Store, StoreError, TournamentId, UserId};

/// The invitations into an event, oldest first (every state).
///
/// # Errors
/// The database fails.
pub async fn to_event(db: &Store, t: TournamentId) -> AppResult<Vec<Invitation>> {
    Ok(flow::to(db, t).await?)
}

/// Every invitation of a season, oldest first.
///
/// # Errors
/// The database fails.
pub async fn of_season(db: &Store, id: SeasonId) -> AppResult<Vec<Invitation>> {
    Ok(flow::of_season(db, id).await?)
}

/// The invitation `id` if it is one into `t` (an organiser of another event gets `NotFound`).
async fn into_event(db: &Store, t: TournamentId, id: i64) -> AppResult<Invitation> {
    let mut conn = db.conn().await?;
    let i = flow::get_in(&mut conn, id).await?.ok_or(StoreError::NotFound)?;
    if i.target_id != t {
        return Err(StoreError::NotFound.into());
    }
    Ok(i)
}

/// Accept the invitation: the person becomes an entry of `t` (joining with the next round, the
/// school as the person's record has it), in the transaction that marks it accepted.
///
/// # Errors
/// [`StoreError::NotFound`] (no such invitation into `t`), [`Refusal::InvitationNotOpen`],
/// [`Refusal::NotEligible`], [`Refusal::PersonGone`], [`Refusal::PersonsInOneTournament`] (the
/// person is an entry of `t` already); the database fails.
pub async fn accept(db: &Store, t: TournamentId, id: i64, by: UserId) -> AppResult<PlayerId> {
    let seen = into_event(db, t, id).await?;
    let eligibility = super::eligibility(db, t).await?;
    let person = store::persons::get(db, seen.person_id).await?.ok_or(StoreError::NotFound)?;
    eligibility.check(person.birth_date).map_err(Refusal::NotEligible)?;
    let joined = super::super::registration::next_round(db, t).await?;
    // The sources of the person's invitations into `t` (this one's and the others' the
    // acceptance passes on), each row taken before the target's, as every write of the flow does.
    let mut sources: Vec<TournamentId> = flow::to(db, t)
        .await?
        .iter()
        .filter(|i| i.person_id == seen.person_id)
        .filter_map(|i| i.source_id)
        .collect();
    sources.sort();
    sources.dedup();
    let mut tx = db.write().await?;
    for &source in &sources {
        store::touch_tournament_in(&mut tx, source).await?;
    }
    store::touch_tournament_in(&mut tx, t).await?;
    // An entry of a closed event would diverge from its stored ranking.
    store::refuse_closed_event_in(&mut tx, t).await?;
    let now = flow::get_in(&mut tx, id).await?.ok_or(StoreError::NotFound)?;
    if now.state != InvitationState::Invited {
        return Err(Refusal::InvitationNotOpen.into());
    }
    // A place whose event is being corrected may yet go (issue 34): answered once it closes again.
    if let Some(source) = now.source_id
        && super::close::correcting_in(&mut tx, source).await?
    {
        return Err(Refusal::SourceBeingCorrected.into());
    }
    let entry = NewPlayer {
        name: person.name.clone(),
        birth_date: person.birth_date,
        club: person.school.clone(),
        region: person.region.clone(),
        knowledge_score: None,
        age_override: false,
        person: PersonLink::Existing(now.person_id),
    };
    let player = store::players::register_in(
        &mut tx,
        t,
        &entry,
        joined,
        by,
        crate::app::authority::links_without_asking,
    )
    .await?;
    if !flow::set_state_in(&mut tx, id, InvitationState::Invited, InvitationState::Accepted, Some(player), by)
        .await?
    {
        return Err(Refusal::InvitationNotOpen.into());
    }
    // One place for a person qualified from two events (issue 34): the first accepted is the one
    // taken (the organiser chooses by accepting it); the person's other open invitations into
    // `t` are taken elsewhere, logged, and each of their events' places goes to its next reserve
    // at once.
    let others: Vec<Invitation> = flow::to_in(&mut tx, t)
        .await?
        .into_iter()
        .filter(|i| i.id != id && i.person_id == now.person_id && i.state == InvitationState::Invited)
        .collect();
    for other in others {
        let Some(source) = other.source_id else { continue };
        super::close::pass_on_in(&mut tx, other.season_id, other.id, other.person_id, source, by).await?;
        if other.kind == InvitationKind::Qualifier
            && let Some(event) = store::seasons::event_in(&mut tx, source).await?
            && event.closed
        {
            super::close::invite_more_in(&mut tx, &event, t, by).await?;
        }
    }
    tx.commit().await?;
    Ok(player)
}

/// Mark the invitation declined; a qualifier's place passes to the next reserve of the same
/// source event (invited in the same transaction). Returns the invitations that made.
///
/// # Errors
/// [`StoreError::NotFound`] (no such invitation into `t`), [`Refusal::InvitationNotOpen`]; the
/// database fails.
pub async fn decline(db: &Store, t: TournamentId, id: i64, by: UserId) -> AppResult<Vec<i64>> {
    let seen = into_event(db, t, id).await?;
    let mut tx = db.write().await?;
    if let Some(source) = seen.source_id {
        store::touch_tournament_in(&mut tx, source).await?;
    }
    store::touch_tournament_in(&mut tx, t).await?;
    if !flow::set_state_in(&mut tx, id, InvitationState::Invited, InvitationState::Declined, None, by).await?
    {
        return Err(Refusal::InvitationNotOpen.into());
    }
    let mut made = Vec::new();
    if let (Some(source), InvitationKind::Qualifier) = (seen.source_id, seen.kind)
        && let Some(event) = store::seasons::event_in(&mut tx, source).await?
        && event.closed
    {
        made = super::close::invite_more_in(&mut tx, &event, t, by).await?;
    }
    tx.commit().await?;
    Ok(made)
}

/// The coordinator invites a person into an event of the season outside the qualification (a
/// wildcard), with the reason in the season's log.
///
/// # Errors
/// [`Refusal::NotACoordinator`], [`Refusal::ReasonRequired`], [`Refusal::NotThisSeason`] (the event
/// is another season's or none), [`Refusal::PersonGone`], [`Refusal::NotYours`] (a person in no
/// event the coordinator runs), [`Refusal::NotEligible`] (the season's eligibility, checked when
/// given), [`Refusal::InvitedAlready`]; [`StoreError::NotFound`]; the database fails.
pub async fn wildcard(
    db: &Store,
    season: SeasonId,
    t: TournamentId,
    person: PersonId,
    reason: &str,
    by: UserId,
) -> AppResult<i64> {
    super::check_coordinator(db, season, by).await?;
    let reason = reason.trim();
    if reason.is_empty() {
        return Err(Refusal::ReasonRequired.into());
    }
    match store::seasons::event_of(db, t).await? {
        Some(e) if e.season_id == season => {}
        _ => return Err(Refusal::NotThisSeason.into()),
    }
    let p = store::persons::get(db, person).await?.ok_or(StoreError::NotFound)?;
    if p.merged_into.is_some() || p.erased_at.is_some() {
        return Err(Refusal::PersonGone.into());
    }
    // Checked when given, not only at acceptance (issue 34): the season's eligibility (a
    // person's birth date never changes in a season's write).
    super::eligibility(db, t).await?.check(p.birth_date).map_err(Refusal::NotEligible)?;
    let mut tx = db.write().await?;
    store::touch_tournament_in(&mut tx, t).await?;
    // No new invitation into a closed event (its entries are frozen with its ranking).
    store::refuse_closed_event_in(&mut tx, t).await?;
    // The person must be one the coordinator may see (`app::authority`): in an event they run.
    let actor = super::super::authority::Actor::load_in(&mut tx, by).await?;
    if !actor.sees(&super::super::authority::places_in(&mut tx, person).await?) {
        return Err(Refusal::NotYours.into());
    }
    let there = flow::to_in(&mut tx, t).await?;
    if there.iter().any(|i| {
        i.person_id == person && matches!(i.state, InvitationState::Invited | InvitationState::Accepted)
    }) {
        return Err(Refusal::InvitedAlready.into());
    }
    let invitation = NewInvitation {
        season_id: season,
        source_id: None,
        target_id: t,
        source_player_id: None,
        person_id: person,
        kind: InvitationKind::Wildcard,
        reason: Some(reason.to_string()),
    };
    let id = flow::invite_in(&mut tx, &invitation, by).await?;
    flow::log_in(&mut tx, season, Some(t), LogKind::Wildcard, Some(person), reason, by).await?;
    tx.commit().await?;
    Ok(id)
}
