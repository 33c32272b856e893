//! Closing an event of a season: once it is played (every match decided, the Swiss rounds over,
//! the groups stage closed, the knockout over if it has one), its final ranking as the public
//! pages show it (`app::final_ranking::of`, one function for every format) is stored as rows
//! (person, place), and the league's qualification decides whom the
//! next level's event invites (`league::season::to_invite`); a person who took the next level's
//! place from another event already is passed over, their place going to the next reserve
//! (issue 34); a tie at the qualifying place waits for the organiser's lot. Reopening needs a
//! reason and goes into the season's log; before any invitation is accepted it withdraws the
//! event's invitations, after that it is a correction: everything stays until the event closes
//! again, and a correction that changes invitations (accepted ones included) is shown first and
//! confirmed by the season's coordinator (issue 34).

use super::super::snapshot::{Loaded, lp, on_fresh_snapshot, sp};
use super::super::{AppResult, Refusal};
use crate::league::season::{self, Eligibility, Ranked};
use crate::league::{self as lg};
use crate::store::seasons::Event;
use crate::store::seasons::flow::{
    self, InvitationKind, InvitationState, LogKind, NewInvitation, RankingRow,
};
use crate::store::{
    self, Conn, PersonId, PlayerId, SeasonId, Stamp, Store, StoreError, TournamentId, UserId,
};

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
/// tournament did not change since (a result corrected meanwhile: decided again). An event
/// reopened for a correction (its ranking kept: `reopen_event`) closes again here when the
/// correction changes no invitation; one that does waits for the coordinator's
/// [`confirm_correction`].
///
/// # Errors
/// [`Refusal::NotAnEvent`], [`Refusal::EventClosed`], [`Refusal::NoNextEvent`],
/// [`Refusal::QualifyingTieLot`], [`Refusal::CorrectionToConfirm`] and the refusals of
/// [`final_places`]; a conflict; the database fails.
pub async fn close_event(db: &Store, t: TournamentId, by: UserId) -> AppResult<()> {
    close_with(db, t, by, None).await
}

/// The coordinator confirms the correction of a closed event as [`correction`] showed it at
/// `seen` (the tournament's stamp then: anything written since is refused as a conflict, so what
/// is confirmed is what was shown): the invitations whose place goes are revoked (an accepted
/// one's entry in the next event withdrawn, refused if that event is closed), the new qualifiers
/// invited, the ranking stored, each step in the season's log, in one transaction.
///
/// # Errors
/// [`Refusal::NotACoordinator`], [`Refusal::NotThisSeason`], [`Refusal::NoCorrection`], the
/// refusals of [`close_event`] but [`Refusal::CorrectionToConfirm`], [`Refusal::EventFrozen`] (the
/// next event is closed); a conflict; the database fails.
pub async fn confirm_correction(
    db: &Store,
    season_id: SeasonId,
    t: TournamentId,
    seen: Stamp,
    by: UserId,
) -> AppResult<()> {
    super::check_coordinator(db, season_id, by).await?;
    let event = store::seasons::event_of(db, t).await?.ok_or(Refusal::NotAnEvent)?;
    if event.season_id != season_id {
        return Err(Refusal::NotThisSeason.into());
    }
    close_with(db, t, by, Some(seen)).await
}

async fn close_with(db: &Store, t: TournamentId, by: UserId, confirmed: Option<Stamp>) -> AppResult<()> {
    let event = store::seasons::event_of(db, t).await?.ok_or(Refusal::NotAnEvent)?;
    let s = super::season(db, event.season_id).await?;
    if event.closed {
        return Err(Refusal::EventClosed.into());
    }
    let eligibility = s.season.eligibility();
    let s = &s;
    on_fresh_snapshot(db, t, |data| async move {
        if let Some(seen) = confirmed
            && seen != data.stamp
        {
            // Results changed since the coordinator looked: what they saw is not what would apply.
            return Err(StoreError::Conflict.into());
        }
        let places = final_places(&data, eligibility)?;
        let target = super::next_event(db, s, &event).await?;
        let mut tx = db.write_tournament_unchanged(t, data.stamp).await?;
        if let Some(target) = target {
            store::touch_tournament_in(&mut tx, target.tournament_id).await?;
        }
        // The event as it is now (its lot drawn meanwhile or not), in the write's transaction.
        let event = store::seasons::event_in(&mut tx, t).await?.ok_or(Refusal::NotAnEvent)?;
        let persons = flow::persons_of_entries_in(&mut tx, t).await?;
        let invitations = flow::from_in(&mut tx, t).await?;
        let taken = match target {
            Some(target) => taken_in(&mut tx, target.tournament_id, t).await?,
            None => Vec::new(),
        };
        let passed = passed_over(&places, &persons, &invitations, &taken);
        if let Some(&place) = ties_due(&places, event.rule(), &passed).first()
            && event.lot_seed.is_none()
        {
            return Err(Refusal::QualifyingTieLot { place }.into());
        }
        let rows = rows_of(&places, &persons);
        let before = flow::ranking_in(&mut tx, t).await?;
        let corrected = !before.is_empty();
        if corrected {
            let c = diff(&event, &before, &rows, &invitations, &taken, data.stamp);
            if c.changes_invitations() {
                if confirmed.is_none() {
                    return Err(Refusal::CorrectionToConfirm.into());
                }
                revoke_in(&mut tx, &event, &c.revoked, by).await?;
            }
        } else if confirmed.is_some() {
            return Err(Refusal::NoCorrection.into());
        }
        if !flow::set_closed_in(&mut tx, t, true, by).await? {
            return Err(Refusal::EventClosed.into());
        }
        flow::store_ranking_in(&mut tx, t, &rows).await?;
        if let Some(target) = target {
            invite_more_in(&mut tx, &event, target.tournament_id, by).await?;
        }
        let kind = if corrected { LogKind::Corrected } else { LogKind::Closed };
        flow::log_in(&mut tx, event.season_id, Some(t), kind, None, "", by).await?;
        tx.commit().await?;
        Ok(())
    })
    .await
}

/// The ranking rows of `places` (the persons of the entries from `persons`), in order.
fn rows_of(places: &[Place], persons: &[(PlayerId, PersonId)]) -> Vec<RankingRow> {
    places
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
        .collect()
}

/// One player whose stored place a correction changes (`None`: not in that ranking).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlaceChange {
    pub player: PlayerId,
    pub before: Option<i64>,
    pub after: Option<i64>,
}

/// What closing a corrected event again would change (issue 34): the stored places, the
/// invitations whose place goes (open or accepted) and the players newly invited, at the
/// tournament's stamp `stamp`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Correction {
    pub places: Vec<PlaceChange>,
    pub revoked: Vec<flow::Invitation>,
    pub invited: Vec<PlayerId>,
    pub stamp: Stamp,
}

impl Correction {
    /// Whether an invitation changes (the coordinator confirms then).
    #[must_use]
    pub fn changes_invitations(&self) -> bool {
        !self.revoked.is_empty() || !self.invited.is_empty()
    }
}

/// The [`Correction`] from the stored ranking `before` to `after`, with the event's invitations.
fn diff(
    event: &Event,
    before: &[RankingRow],
    after: &[RankingRow],
    invitations: &[flow::Invitation],
    taken: &[PersonId],
    stamp: Stamp,
) -> Correction {
    let place_in = |rows: &[RankingRow], p: PlayerId| rows.iter().find(|r| r.player_id == p).map(|r| r.place);
    let mut players: Vec<PlayerId> = after.iter().chain(before).map(|r| r.player_id).collect();
    players.dedup();
    let mut places = Vec::new();
    for p in players {
        let change = PlaceChange { player: p, before: place_in(before, p), after: place_in(after, p) };
        if change.before != change.after && !places.iter().any(|c: &PlaceChange| c.player == p) {
            places.push(change);
        }
    }
    let mut declined: Vec<lg::PlayerId> = invitations
        .iter()
        .filter(|i| matches!(i.state, InvitationState::Declined | InvitationState::Elsewhere))
        .filter_map(|i| i.source_player_id.map(lp))
        .collect();
    let holding: Vec<&flow::Invitation> = invitations
        .iter()
        .filter(|i| matches!(i.state, InvitationState::Invited | InvitationState::Accepted))
        .collect();
    let ranked = ranked_for_qualification(event, after);
    // As `invite_more_in` invites: a new qualifier who took the target's place from another event
    // is passed over at once, and the next reserve moves up.
    let qualifiers = loop {
        let q = season::qualify(event.rule(), &ranked, &declined).qualifiers;
        let passed: Vec<lg::PlayerId> = q
            .iter()
            .copied()
            .filter(|p| !holding.iter().any(|i| i.source_player_id.map(lp) == Some(*p)))
            .filter(|p| after.iter().any(|r| lp(r.player_id) == *p && taken.contains(&r.person_id)))
            .collect();
        if passed.is_empty() {
            break q;
        }
        declined.extend(passed);
    };
    let revoked = holding
        .iter()
        .filter(|i| i.source_player_id.is_none_or(|p| !qualifiers.contains(&lp(p))))
        .map(|i| (*i).clone())
        .collect();
    let invited = qualifiers
        .iter()
        .filter(|q| !holding.iter().any(|i| i.source_player_id.map(lp) == Some(**q)))
        .map(|q| sp(*q))
        .collect();
    Correction { places, revoked, invited, stamp }
}

/// Revoke the invitations of a confirmed correction, inside its transaction (the source's row
/// taken first): each target's row, then an accepted one's entry there withdrawn (refused if
/// the target is closed), the state checked by the update, each in the season's log.
async fn revoke_in(tx: &mut Conn, event: &Event, revoked: &[flow::Invitation], by: UserId) -> AppResult<()> {
    let mut targets: Vec<TournamentId> = revoked.iter().map(|i| i.target_id).collect();
    targets.sort();
    targets.dedup();
    for &target in &targets {
        store::touch_tournament_in(tx, target).await?;
    }
    for i in revoked {
        if i.state == InvitationState::Accepted {
            store::refuse_closed_event_in(tx, i.target_id).await?;
            if let Some(entry) = i.player_id {
                store::players::withdraw_in(tx, i.target_id, entry, by).await?;
            }
        }
        if !flow::set_state_in(tx, i.id, i.state, InvitationState::Revoked, i.player_id, by).await? {
            return Err(StoreError::Conflict.into());
        }
        flow::log_in(
            tx,
            event.season_id,
            Some(event.tournament_id),
            LogKind::Revoked,
            Some(i.person_id),
            "",
            by,
        )
        .await?;
    }
    Ok(())
}

/// What closing the event again would change, while it is reopened for a correction (its stored
/// ranking kept); `None` otherwise, or while its final ranking cannot be made (a result missing).
///
/// # Errors
/// [`Refusal::NotAnEvent`]; the database fails.
pub async fn correction(db: &Store, t: TournamentId) -> AppResult<Option<Correction>> {
    let event = store::seasons::event_of(db, t).await?.ok_or(Refusal::NotAnEvent)?;
    if event.closed {
        return Ok(None);
    }
    let before = flow::ranking(db, t).await?;
    if before.is_empty() {
        return Ok(None);
    }
    let eligibility = super::season(db, event.season_id).await?.season.eligibility();
    let data = Loaded::load_id(db, t).await?;
    let Ok(places) = final_places(&data, eligibility) else { return Ok(None) };
    let s = super::season(db, event.season_id).await?;
    let target = super::next_event(db, &s, &event).await.ok().flatten();
    let mut conn = db.conn().await?;
    let rows = rows_of(&places, &flow::persons_of_entries_in(&mut conn, t).await?);
    let invitations = flow::from_in(&mut conn, t).await?;
    let taken = match target {
        Some(target) => taken_in(&mut conn, target.tournament_id, t).await?,
        None => Vec::new(),
    };
    Ok(Some(diff(&event, &before, &rows, &invitations, &taken, data.stamp)))
}

/// The persons who took a place in `target` from elsewhere than `source` (an accepted invitation
/// from another event, or a wildcard).
async fn taken_in(
    tx: &mut Conn,
    target: TournamentId,
    source: TournamentId,
) -> Result<Vec<PersonId>, StoreError> {
    Ok(flow::to_in(tx, target)
        .await?
        .iter()
        .filter(|i| i.state == InvitationState::Accepted && i.source_id != Some(source))
        .map(|i| i.person_id)
        .collect())
}

/// Whether the event is reopened for a correction (open, its stored ranking kept), inside the
/// caller's transaction.
///
/// # Errors
/// A statement fails.
pub async fn correcting_in(tx: &mut Conn, t: TournamentId) -> Result<bool, StoreError> {
    Ok(match store::seasons::event_in(tx, t).await? {
        Some(e) if !e.closed => !flow::ranking_in(tx, t).await?.is_empty(),
        _ => false,
    })
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
    let taken = taken_in(tx, target, source.tournament_id).await?;
    let ranked = ranked_for_qualification(source, &ranking);
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

/// The stored ranking as the qualification walks it: in ranking order, every shared place in the
/// order of the organiser's lot once it is drawn (`league::season::by_lot`).
#[must_use]
pub fn ranked_for_qualification(source: &Event, ranking: &[RankingRow]) -> Vec<Ranked> {
    let ranked: Vec<Ranked> = ranking
        .iter()
        .map(|r| Ranked { player: lp(r.player_id), school: r.school.clone(), eligible: r.eligible })
        .collect();
    match source.lot_seed {
        Some(seed) => {
            let places: Vec<u32> =
                ranking.iter().map(|r| u32::try_from(r.place).unwrap_or(u32::MAX)).collect();
            season::by_lot(&ranked, &places, seed.unsigned_abs())
        }
        None => ranked,
    }
}

/// The shared places of the final ranking `places` at which the qualification's cut falls
/// (`league::season::ties_at_the_cut`): the organiser's lot is due there before closing.
#[must_use]
pub fn ties_due(places: &[Place], rule: season::QualificationRule, passed: &[lg::PlayerId]) -> Vec<u32> {
    let ranked: Vec<Ranked> = places
        .iter()
        .map(|p| Ranked { player: lp(p.player), school: p.school.clone(), eligible: p.eligible })
        .collect();
    let numbers: Vec<u32> = places.iter().map(|p| p.place).collect();
    season::ties_at_the_cut(rule, &ranked, &numbers, passed)
}

/// The players of `places` the qualification passes over before their turn: a place declined or
/// taken elsewhere (the event's invitations, kept through a correction), or the person took the
/// target's place from another event.
fn passed_over(
    places: &[Place],
    persons: &[(PlayerId, PersonId)],
    invitations: &[flow::Invitation],
    taken: &[PersonId],
) -> Vec<lg::PlayerId> {
    let mut out: Vec<lg::PlayerId> = invitations
        .iter()
        .filter(|i| matches!(i.state, InvitationState::Declined | InvitationState::Elsewhere))
        .filter_map(|i| i.source_player_id.map(lp))
        .collect();
    for p in places {
        if persons.iter().any(|(player, person)| *player == p.player && taken.contains(person)) {
            out.push(lp(p.player));
        }
    }
    out
}

/// What the qualification would do with the event's final ranking now (issue 34), for the
/// organiser's page before closing: each line's place and what it gets.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Preview {
    pub lines: Vec<PreviewLine>,
    /// The shared places at the cut (a lot due while `lot_seed` is `None`).
    pub ties: Vec<u32>,
    pub lot_seed: Option<i64>,
}

/// One player of the [`Preview`], in the order the qualification walks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PreviewLine {
    pub player: PlayerId,
    pub place: u32,
    pub outcome: Outlook,
}

/// What a line of the [`Preview`] gets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outlook {
    /// A qualifying place ("awans").
    Qualifies,
    /// A shared place at the cut whose lot is still due ("losowanie"): never "awans" before it.
    LotDue,
    /// A reserve, in order.
    Reserve,
    /// Not eligible in the season.
    Ineligible,
}

/// The [`Preview`] of an open event whose final ranking is known (`None` before: the event is not
/// played yet, or it is closed, or it is the final, which qualifies nobody).
///
/// # Errors
/// [`Refusal::NotAnEvent`]; the database fails.
pub async fn preview(db: &Store, t: TournamentId) -> AppResult<Option<Preview>> {
    let event = store::seasons::event_of(db, t).await?.ok_or(Refusal::NotAnEvent)?;
    if event.closed || event.places == 0 {
        return Ok(None);
    }
    let eligibility = super::season(db, event.season_id).await?.season.eligibility();
    let data = Loaded::load_id(db, t).await?;
    let Ok(places) = final_places(&data, eligibility) else { return Ok(None) };
    let passed = passed_now(db, &event, &places).await?;
    let ties = ties_due(&places, event.rule(), &passed);
    let ranked: Vec<Ranked> = places
        .iter()
        .map(|p| Ranked { player: lp(p.player), school: p.school.clone(), eligible: p.eligible })
        .collect();
    let numbers: Vec<u32> = places.iter().map(|p| p.place).collect();
    let order = match event.lot_seed {
        Some(seed) => season::by_lot(&ranked, &numbers, seed.unsigned_abs()),
        None => ranked,
    };
    let q = season::qualify(event.rule(), &order, &passed);
    let lot_due = event.lot_seed.is_none();
    let lines = order
        .iter()
        .filter_map(|r| {
            let p = places.iter().find(|p| lp(p.player) == r.player)?;
            let outcome = if !r.eligible {
                Outlook::Ineligible
            } else if lot_due && ties.contains(&p.place) {
                Outlook::LotDue
            } else if q.qualifiers.contains(&r.player) {
                Outlook::Qualifies
            } else {
                Outlook::Reserve
            };
            Some(PreviewLine { player: p.player, place: p.place, outcome })
        })
        .collect();
    Ok(Some(Preview { lines, ties, lot_seed: event.lot_seed }))
}

/// [`passed_over`] read on the pool (for pages and the lot, which re-read in their write).
async fn passed_now(db: &Store, event: &Event, places: &[Place]) -> AppResult<Vec<lg::PlayerId>> {
    let t = event.tournament_id;
    let s = super::season(db, event.season_id).await?;
    let target = super::next_event(db, &s, event).await.ok().flatten();
    let mut conn = db.conn().await?;
    let persons = flow::persons_of_entries_in(&mut conn, t).await?;
    let invitations = flow::from_in(&mut conn, t).await?;
    let taken = match target {
        Some(target) => taken_in(&mut conn, target.tournament_id, t).await?,
        None => Vec::new(),
    };
    Ok(passed_over(places, &persons, &invitations, &taken))
}

/// The organiser's lot for a tie at a qualifying place (issue 34): drawn once, only while the
/// event is open and only where players sharing a place of its final ranking are split by the
/// qualification's cut; its seed is recorded on the event and in the season's log, so anyone can
/// draw it again (`league::season::by_lot`). Decided on a snapshot and written only if the
/// tournament did not change since, in a transaction that re-checks the event is open and undrawn.
///
/// # Errors
/// [`Refusal::NotAnEvent`], [`Refusal::EventClosed`], [`Refusal::NoQualifyingTie`],
/// [`Refusal::LotDrawnAlready`], the refusals of [`final_places`]; a conflict; the database fails.
pub async fn draw_lot(db: &Store, t: TournamentId, seed: u64, by: UserId) -> AppResult<i64> {
    let event = store::seasons::event_of(db, t).await?.ok_or(Refusal::NotAnEvent)?;
    if event.closed {
        return Err(Refusal::EventClosed.into());
    }
    if event.lot_seed.is_some() {
        return Err(Refusal::LotDrawnAlready.into());
    }
    let eligibility = super::season(db, event.season_id).await?.season.eligibility();
    let seed = i64::try_from(seed & (i64::MAX as u64)).unwrap_or(0);
    on_fresh_snapshot(db, t, |data| async move {
        let places = final_places(&data, eligibility)?;
        if ties_due(&places, event.rule(), &passed_now(db, &event, &places).await?).is_empty() {
            return Err(Refusal::NoQualifyingTie.into());
        }
        // Refused inside the transaction if the event closed meanwhile (a closed event is frozen).
        let mut tx = db.write_tournament_unchanged(t, data.stamp).await?;
        if !flow::set_lot_in(&mut tx, t, seed).await? {
            return Err(Refusal::LotDrawnAlready.into());
        }
        flow::log_in(&mut tx, event.season_id, Some(t), LogKind::Lot, None, &seed.to_string(), by).await?;
        tx.commit().await?;
        Ok(seed)
    })
    .await
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

/// Open the closed event again, with the reason in the season's log. While none of its
/// invitations is accepted, its stored ranking goes, and so do its invitations (open or
/// declined: withdrawn), made again when it closes. Once one is accepted, reopening is a
/// correction (issue 34): the stored ranking and every invitation stay until the event closes
/// again, showing meanwhile what that would change ([`correction`]); a change of invitations
/// then waits for the coordinator ([`confirm_correction`]). Opening an open event is a success.
///
/// # Errors
/// [`Refusal::ReasonRequired`], [`Refusal::NotAnEvent`]; the database fails.
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
        // A correction (issue 34): the ranking and every invitation stay as they are until the
        // event closes again; a change of invitations then waits for the coordinator.
        flow::set_closed_in(&mut tx, t, false, by).await?;
        flow::log_in(&mut tx, event.season_id, Some(t), LogKind::Reopened, None, reason, by).await?;
        tx.commit().await?;
        return Ok(());
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
