//! Closing an event of a season: once it is played (every match decided, the Swiss rounds over,
//! the groups stage closed, the knockout over if it has one), its final ranking as the public
//! pages show it (`app::final_ranking::of`, one function for every format) is stored as rows
//! (person, place), and the league's qualification decides whom the
//! next level's event invites (`league::season::to_invite`); a person who took the next level's
//! place from another event already is passed over, their place going to the next reserve
//! (issue 34). Reopening needs a reason, goes into
//! the season's log, and withdraws the invitations the event made that are not accepted; it is
//! refused once one was accepted (that person is an entry of the next event now).

use super::super::snapshot::{Loaded, lp, on_fresh_snapshot, sp};
use super::super::{AppResult, Refusal};
use crate::league::season::{self, Eligibility, Ranked};
use crate::league::{self as lg};
use crate::store::seasons::Event;
use crate::store::seasons::flow::{
    self, InvitationKind, InvitationState, LogKind, NewInvitation, RankingRow,
};
use crate::store::{self, Conn, PersonId, PlayerId, SeasonId, Store, StoreError, TournamentId, UserId};

/// One line of the event's final ranking before it is stored: the entry, its place (shared places
/// have one number), its school, and whether the season admits it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Place {
    pub player: PlayerId,
    pub place: u32,
    pub school: String,
    pub eligible: bool,
}

/// The event's final ranking as the public pages compute it (`app::final_ranking::of`, every
/// format), once it is played, with each entry's school and eligibility.
///
/// # Errors
/// The refusals of `app::final_ranking::of`.
pub fn final_places(data: &Loaded, eligibility: Eligibility) -> Result<Vec<Place>, Refusal> {
    let places = super::super::final_ranking::of(data)?;
    Ok(places
        .into_iter()
        .filter_map(|f| {
            let player = data.player(sp(f.player))?;
            Some(Place {
                player: player.id,
                place: f.first,
                school: player.club.clone(),
                eligible: !player.withdrawn && eligibility.check(player.birth_date).is_ok(),
            })
        })
        .collect())
}

/// Close the event: store its final ranking and invite its qualifiers into the next level's event
/// (the final closes with no invitations), logged. Decided on a snapshot and written only if the
/// tournament did not change since (a result corrected meanwhile: decided again).
///
/// # Errors
/// [`Refusal::NotAnEvent`], [`Refusal::EventClosed`], [`Refusal::NoNextEvent`] and the refusals of
/// [`final_places`]; a conflict; the database fails.
pub async fn close_event(db: &Store, t: TournamentId, by: UserId) -> AppResult<()> {
    let event = store::seasons::event_of(db, t).await?.ok_or(Refusal::NotAnEvent)?;
    let s = super::season(db, event.season_id).await?;
    if event.closed {
        return Err(Refusal::EventClosed.into());
    }
    let eligibility = s.season.eligibility();
    let s = &s;
    on_fresh_snapshot(db, t, |data| async move {
        let places = final_places(&data, eligibility)?;
        let target = super::next_event(db, s, &event).await?;
        let mut tx = db.write_tournament_unchanged(t, data.stamp).await?;
        if let Some(target) = target {
            store::touch_tournament_in(&mut tx, target.tournament_id).await?;
        }
        if !flow::set_closed_in(&mut tx, t, true, by).await? {
            return Err(Refusal::EventClosed.into());
        }
        let persons = flow::persons_of_entries_in(&mut tx, t).await?;
        let rows: Vec<RankingRow> = places
            .iter()
            .filter_map(|p| {
                let person = persons.iter().find(|(player, _)| *player == p.player)?.1;
                Some((p, person))
            })
            .enumerate()
            .map(|(i, (p, person))| RankingRow {
                position: i64::try_from(i).unwrap_or(i64::MAX),
                place: i64::from(p.place),
                player_id: p.player,
                person_id: person,
                school: p.school.clone(),
                eligible: p.eligible,
            })
            .collect();
        flow::store_ranking_in(&mut tx, t, &rows).await?;
        if let Some(target) = target {
            invite_more_in(&mut tx, &event, target.tournament_id, by).await?;
        }
        flow::log_in(&mut tx, event.season_id, Some(t), LogKind::Closed, None, "", by).await?;
        tx.commit().await?;
        Ok(())
    })
    .await
}

/// Invite from the closed `source` event into `target` whoever the league's qualification
/// qualifies now and holds no invitation (open or accepted) yet: on closing, the Q qualifiers; after
/// a decline, the reserve who moves up. Inside the caller's transaction, which read nothing
/// before it.
///
/// # Errors
/// A statement fails.
pub(super) async fn invite_more_in(
    tx: &mut Conn,
    source: &Event,
    target: TournamentId,
    by: UserId,
) -> Result<Vec<i64>, StoreError> {
    let ranking = flow::ranking_in(tx, source.tournament_id).await?;
    let invitations = flow::from_in(tx, source.tournament_id).await?;
    let of_state = |states: &[InvitationState]| -> Vec<lg::PlayerId> {
        invitations
            .iter()
            .filter(|i| states.contains(&i.state))
            .filter_map(|i| i.source_player_id.map(lp))
            .collect()
    };
    let mut declined = of_state(&[InvitationState::Declined, InvitationState::Elsewhere]);
    let mut invited = of_state(&[InvitationState::Invited, InvitationState::Accepted]);
    // A person who took the target's place from another event already (an accepted invitation
    // from elsewhere) takes one place only (issue 34): this event's qualifier place is recorded
    // as taken elsewhere, logged, and passes to the next reserve at once.
    let taken: Vec<PersonId> = flow::to_in(tx, target)
        .await?
        .iter()
        .filter(|i| i.state == InvitationState::Accepted && i.source_id != Some(source.tournament_id))
        .map(|i| i.person_id)
        .collect();
    let ranked: Vec<Ranked> = ranking
        .iter()
        .map(|r| Ranked { player: lp(r.player_id), school: r.school.clone(), eligible: r.eligible })
        .collect();
    let mut made = Vec::new();
    loop {
        let mut passed_on = false;
        for p in season::to_invite(source.rule(), &ranked, &declined, &invited) {
            let Some(row) = ranking.iter().find(|r| lp(r.player_id) == p) else { continue };
            let invitation = NewInvitation {
                season_id: source.season_id,
                source_id: Some(source.tournament_id),
                target_id: target,
                source_player_id: Some(row.player_id),
                person_id: row.person_id,
                kind: InvitationKind::Qualifier,
                reason: None,
            };
            let id = flow::invite_in(tx, &invitation, by).await?;
            if taken.contains(&row.person_id) {
                pass_on_in(tx, source.season_id, id, row.person_id, source.tournament_id, by).await?;
                declined.push(p);
                passed_on = true;
            } else {
                made.push(id);
                invited.push(p);
            }
        }
        if !passed_on {
            return Ok(made);
        }
    }
}

/// Mark the open invitation `id` (from `source`) taken elsewhere, in the season's log.
///
/// # Errors
/// A statement fails.
pub(super) async fn pass_on_in(
    tx: &mut Conn,
    season: SeasonId,
    id: i64,
    person: PersonId,
    source: TournamentId,
    by: UserId,
) -> Result<(), StoreError> {
    flow::set_state_in(tx, id, InvitationState::Invited, InvitationState::Elsewhere, None, by).await?;
    flow::log_in(tx, season, Some(source), LogKind::Elsewhere, Some(person), "", by).await
}

/// Open the closed event again, with the reason in the season's log: its stored ranking goes,
/// and so do its invitations not accepted (open or declined: withdrawn). Opening an open event is
/// a success.
///
/// # Errors
/// [`Refusal::ReasonRequired`], [`Refusal::NotAnEvent`], [`Refusal::InvitationsAccepted`] (nothing
/// is withdrawn then); the database fails.
pub async fn reopen_event(db: &Store, t: TournamentId, reason: &str, by: UserId) -> AppResult<()> {
    let reason = reason.trim();
    if reason.is_empty() {
        return Err(Refusal::ReasonRequired.into());
    }
    // The source's row first, then its targets': the order every write of the flow takes.
    let mut tx = db.write_closed_event(t).await?;
    let event = store::seasons::event_in(&mut tx, t).await?.ok_or(Refusal::NotAnEvent)?;
    if !event.closed {
        return Ok(());
    }
    let invitations = flow::from_in(&mut tx, t).await?;
    let accepted = invitations.iter().filter(|i| i.state == InvitationState::Accepted).count();
    if accepted > 0 {
        return Err(
            Refusal::InvitationsAccepted { count: u32::try_from(accepted).unwrap_or(u32::MAX) }.into()
        );
    }
    let mut targets: Vec<TournamentId> = invitations.iter().map(|i| i.target_id).collect();
    targets.sort();
    targets.dedup();
    for target in targets {
        store::touch_tournament_in(&mut tx, target).await?;
    }
    flow::set_closed_in(&mut tx, t, false, by).await?;
    flow::delete_ranking_in(&mut tx, t).await?;
    flow::withdraw_from_in(&mut tx, t, by).await?;
    flow::log_in(&mut tx, event.season_id, Some(t), LogKind::Reopened, None, reason, by).await?;
    tx.commit().await?;
    Ok(())
}

/// The event's stored final ranking (empty while it is open).
///
/// # Errors
/// The database fails.
pub async fn ranking(db: &Store, t: TournamentId) -> AppResult<Vec<RankingRow>> {
    Ok(flow::ranking(db, t).await?)
}
