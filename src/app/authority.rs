//! Authority (issue 36): who may change which object a request names. The route guard and the
//! role extractors check the route (an organiser of the path's tournament, a coordinator of the
//! path's season); this module checks every object the use case touches, each one, inside the
//! write's transaction where the write depends on it. PRODUCT.md, "Authority (decision)": "a
//! request may change only objects the actor has a right over, each checked: an organiser their
//! own events and the persons whose entries are all in them; a coordinator their season; merging a
//! person with entries elsewhere is a proposal confirmed by the registry's owner (admin or the
//! coordinators concerned)."
//!
//! A person's *places* are the tournaments they have an entry in or an open or accepted
//! invitation into, each with its season. The actor *runs* a place when they organise its
//! tournament or coordinate its season (an administrator runs every place).
//!
//! | object | organiser | coordinator | administrator |
//! |---|---|---|---|
//! | a tournament's own rows (entries, players, stages, seed list, forbidden pairs) | their tournament (route guard, `Organising`) | – | – |
//! | an invitation (accept, decline) | one into their tournament ([`invitation_into`]) | – | – |
//! | a season (events, wildcards, next events, coordinators, organisers, its persons page) | – | theirs ([`season`]) | every season |
//! | an event of a season named in a season's form | – | one of that season's ([`event_of_season`]) | as a coordinator |
//! | a person: merge, keep apart | owns both persons: done; runs a place of either: a proposal ([`over_pair`]) | the same over their seasons' events | done |
//! | a person: undo a merge | owns the kept person ([`Actor::owns`]) | the same | done |
//! | a person: wildcard | – | runs a place of the person ([`Actor::sees`]) | any person |
//! | an entry from a school (accept, refuse, check in) | one of their event's ([`entry_of_event`]) | – | – |
//! | an entry, by a teacher's link | one of the link's school ([`entry_of_school`]) | | |
//! | a proposal: confirm, refuse | – | the seasons involved, each by its coordinators ([`confirmation`]) | done |
//! | a person: a new entry (form, CSV import, desk) linked by an exact match | only when the event is a season's and the person has an entry in that season's events of the same region ([`links_without_asking`]); otherwise a person of its own, and the look-alike list asks the organiser (a merge, as above) | the same | the same |
//!
//! "Owns" a person: runs every place of theirs (a person with no place at all: only an
//! administrator). "Sees" a person: runs at least one of their places. Everything else is refused
//! with [`Refusal::NotYours`] and changes nothing.

use super::{AppResult, Refusal};
use crate::store::persons::rights;
use crate::store::seasons::flow::Invitation;
use crate::store::{Conn, PersonId, SeasonId, Store, StoreError, TournamentId, UserId};
use std::collections::BTreeSet;

/// Whether a new entry whose folded name and birth date are exactly a person's of the registry is
/// that person without anyone confirming it (issue 36, item 3), the one rule for a typed player,
/// an imported row and a pupil seated from the desk: only in a season's event, for a person who
/// already plays in that season's events of the same region. A tournament outside every season
/// and a person of another region or season get a person of their own, and the tournament's
/// look-alike list (`persons::near_pairs`) shows the pair for the organiser to confirm, which a
/// merge then decides with the right over both persons ([`over_pair`]).
#[must_use]
pub fn links_without_asking(m: crate::store::persons::ExactMatch) -> bool {
    m.season_event && m.same_season_region
}

/// Where a person is: a tournament and its season (none outside a season).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Place {
    pub tournament: TournamentId,
    pub season: Option<SeasonId>,
}

/// The acting account as the registry sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Actor {
    pub user: UserId,
    admin: bool,
    organises: BTreeSet<TournamentId>,
    coordinates: BTreeSet<SeasonId>,
}

impl Actor {
    /// An actor from its roles (a test builds one by hand).
    #[must_use]
    pub fn new(
        user: UserId,
        admin: bool,
        organises: impl IntoIterator<Item = TournamentId>,
        coordinates: impl IntoIterator<Item = SeasonId>,
    ) -> Actor {
        Actor {
            user,
            admin,
            organises: organises.into_iter().collect(),
            coordinates: coordinates.into_iter().collect(),
        }
    }

    /// The account's roles, read in the caller's transaction.
    ///
    /// # Errors
    /// The database fails.
    pub async fn load_in(tx: &mut Conn, user: UserId) -> AppResult<Actor> {
        let r = rights::roles_in(tx, user).await?;
        Ok(Actor::new(user, r.admin, r.organises, r.coordinates))
    }

    /// The account's roles, read now (a page deciding what to offer; a write reads them again in
    /// its transaction).
    ///
    /// # Errors
    /// The database fails.
    pub async fn load(db: &Store, user: UserId) -> AppResult<Actor> {
        let mut conn = db.conn().await?;
        Actor::load_in(&mut conn, user).await
    }

    /// The registry's owner (an account that may create tournaments and seasons).
    #[must_use]
    pub fn is_admin(&self) -> bool {
        self.admin
    }

    /// Coordinates the season (an administrator coordinates every season).
    #[must_use]
    pub fn coordinates(&self, season: SeasonId) -> bool {
        self.admin || self.coordinates.contains(&season)
    }

    /// Organises the tournament or coordinates its season.
    #[must_use]
    pub fn runs(&self, place: Place) -> bool {
        self.admin
            || self.organises.contains(&place.tournament)
            || place.season.is_some_and(|s| self.coordinates.contains(&s))
    }

    /// Runs every place of a person (a person with none: only an administrator).
    #[must_use]
    pub fn owns(&self, places: &[Place]) -> bool {
        self.admin || (!places.is_empty() && places.iter().all(|p| self.runs(*p)))
    }

    /// Runs at least one place of a person.
    #[must_use]
    pub fn sees(&self, places: &[Place]) -> bool {
        self.admin || places.iter().any(|p| self.runs(*p))
    }
}

/// A person's places, read in the caller's transaction.
///
/// # Errors
/// The database fails.
pub async fn places_in(tx: &mut Conn, person: PersonId) -> AppResult<Vec<Place>> {
    Ok(rights::places_in(tx, person)
        .await?
        .into_iter()
        .map(|(tournament, season)| Place { tournament, season })
        .collect())
}

/// What an actor may do with a pair of persons (a merge, or keeping them apart).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PairRight {
    /// Owns both: the change is made.
    Decide,
    /// Runs a place of either but does not own both: the change waits for the registry's owner.
    Propose,
    /// Neither person is in anything the actor runs.
    None,
}

/// The actor's right over a pair of persons, from both persons' places.
#[must_use]
pub fn over_pair(actor: &Actor, a: &[Place], b: &[Place]) -> PairRight {
    if actor.owns(a) && actor.owns(b) {
        PairRight::Decide
    } else if actor.sees(a) || actor.sees(b) {
        PairRight::Propose
    } else {
        PairRight::None
    }
}

/// Who confirms a proposal over these places: the coordinators of every season involved, each
/// season by one of its own; or, when a place lies outside every season, an administrator only.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Owner {
    Admin,
    Seasons(BTreeSet<SeasonId>),
}

/// The registry's owner of everything in `places`.
#[must_use]
pub fn owner_of(places: &[Place]) -> Owner {
    let mut seasons = BTreeSet::new();
    for p in places {
        match p.season {
            Some(s) => {
                seasons.insert(s);
            }
            None => return Owner::Admin,
        }
    }
    Owner::Seasons(seasons)
}

/// A confirmation's effect.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Confirmation {
    /// Every season involved confirmed (or an administrator did): the proposal is carried out.
    Complete,
    /// Recorded for these seasons (the ones confirmed so far); others still have to.
    Partial(BTreeSet<SeasonId>),
}

/// `actor` confirms a proposal whose places have `owner`, `approved` the seasons that confirmed
/// before.
///
/// # Errors
/// [`Refusal::NotYours`] when the actor is no owner of it (an organiser; a coordinator of no
/// season involved; anyone but an administrator where a place lies outside every season).
pub fn confirmation(
    actor: &Actor,
    owner: &Owner,
    approved: &BTreeSet<SeasonId>,
) -> Result<Confirmation, Refusal> {
    if actor.is_admin() {
        return Ok(Confirmation::Complete);
    }
    let Owner::Seasons(needed) = owner else { return Err(Refusal::NotYours) };
    let mine: BTreeSet<SeasonId> = needed.iter().copied().filter(|s| actor.coordinates(*s)).collect();
    if mine.is_empty() {
        return Err(Refusal::NotYours);
    }
    let now: BTreeSet<SeasonId> = approved.union(&mine).copied().collect();
    if needed.is_subset(&now) { Ok(Confirmation::Complete) } else { Ok(Confirmation::Partial(now)) }
}

/// The seasons a proposer's own asking counts as confirmed for: those involved that they
/// coordinate.
#[must_use]
pub fn approved_by_asking(actor: &Actor, owner: &Owner) -> BTreeSet<SeasonId> {
    match owner {
        Owner::Seasons(needed) => needed.iter().copied().filter(|s| actor.coordinates(*s)).collect(),
        Owner::Admin => BTreeSet::new(),
    }
}

/// May `user` act for the season (its coordinator, or an administrator)?
///
/// # Errors
/// The database fails.
pub async fn coordinates(db: &Store, season: SeasonId, user: UserId) -> AppResult<bool> {
    Ok(Actor::load(db, user).await?.coordinates(season))
}

/// Refuse unless `user` may act for the season.
///
/// # Errors
/// [`Refusal::NotACoordinator`]; the database fails.
pub async fn season(db: &Store, season: SeasonId, user: UserId) -> AppResult<()> {
    if coordinates(db, season, user).await? { Ok(()) } else { Err(Refusal::NotACoordinator.into()) }
}

/// Refuse unless tournament `t` is an event of `season` (a season's form naming another
/// season's event, or no event).
///
/// # Errors
/// [`Refusal::NotThisSeason`]; the database fails.
pub async fn event_of_season(db: &Store, season: SeasonId, t: TournamentId) -> AppResult<()> {
    match crate::store::seasons::event_of(db, t).await? {
        Some(e) if e.season_id == season => Ok(()),
        _ => Err(Refusal::NotThisSeason.into()),
    }
}

/// The invitation `id` if it is one into `t` (an organiser of another event gets
/// [`StoreError::NotFound`]: they learn nothing of another event's invitations).
///
/// # Errors
/// [`StoreError::NotFound`]; the database fails.
pub async fn invitation_into(db: &Store, t: TournamentId, id: i64) -> AppResult<Invitation> {
    let mut conn = db.conn().await?;
    let i = crate::store::seasons::flow::get_in(&mut conn, id).await?.ok_or(StoreError::NotFound)?;
    if i.target_id != t {
        return Err(StoreError::NotFound.into());
    }
    Ok(i)
}

/// The entry `entry` is one of event `t`'s (an organiser's entries page names it).
///
/// # Errors
/// [`Refusal::NotYours`] for another event's entry, [`StoreError::NotFound`] for none; the
/// database fails.
pub async fn entry_of_event(
    db: &Store,
    t: TournamentId,
    entry: i64,
) -> AppResult<crate::store::entries::Entry> {
    let e = crate::store::entries::entry(db, entry).await?.ok_or(StoreError::NotFound)?;
    if e.tournament_id != t {
        return Err(Refusal::NotYours.into());
    }
    Ok(e)
}

/// The entry `entry` is one of `school`'s (the teacher's page names it).
///
/// # Errors
/// [`Refusal::NotYours`] for another school's entry, [`StoreError::NotFound`] for none; the
/// database fails.
pub async fn entry_of_school(
    db: &Store,
    school: &crate::store::entries::School,
    entry: i64,
) -> AppResult<crate::store::entries::Entry> {
    let e = crate::store::entries::entry(db, entry).await?.ok_or(StoreError::NotFound)?;
    if e.school_id != school.id {
        return Err(Refusal::NotYours.into());
    }
    Ok(e)
}

#[cfg(test)]
mod tests {
    use super::*;

    const T1: TournamentId = TournamentId(1);
    const T2: TournamentId = TournamentId(2);
    const T3: TournamentId = TournamentId(3);
    const S1: SeasonId = SeasonId(10);
    const S2: SeasonId = SeasonId(20);

    fn at(t: TournamentId, s: Option<SeasonId>) -> Place {
        Place { tournament: t, season: s }
    }

    #[test]
    fn an_organiser_owns_a_person_only_when_every_place_is_theirs() {
        let organiser = Actor::new(UserId(1), false, [T1, T2], []);
        assert!(organiser.owns(&[at(T1, None), at(T2, Some(S1))]));
        assert!(!organiser.owns(&[at(T1, None), at(T3, None)]), "an entry elsewhere");
        assert!(organiser.sees(&[at(T1, None), at(T3, None)]));
        assert!(!organiser.sees(&[at(T3, Some(S1))]));
        assert!(!organiser.owns(&[]), "a person in nothing is the administrator's");
        assert!(Actor::new(UserId(9), true, [], []).owns(&[]));
    }

    #[test]
    fn a_coordinator_runs_their_seasons_events_and_nothing_else() {
        let coordinator = Actor::new(UserId(2), false, [], [S1]);
        assert!(coordinator.runs(at(T3, Some(S1))));
        assert!(!coordinator.runs(at(T3, Some(S2))));
        assert!(!coordinator.runs(at(T3, None)));
        assert!(coordinator.coordinates(S1) && !coordinator.coordinates(S2));
    }

    #[test]
    fn a_pair_is_decided_by_its_owner_proposed_by_someone_who_runs_one_place_and_refused_otherwise() {
        let organiser = Actor::new(UserId(1), false, [T1], []);
        let here = [at(T1, Some(S1))];
        let finalist = [at(T2, Some(S1)), at(T3, Some(S2))];
        assert_eq!(over_pair(&organiser, &here, &[at(T1, Some(S1))]), PairRight::Decide);
        assert_eq!(over_pair(&organiser, &here, &finalist), PairRight::Propose);
        assert_eq!(over_pair(&organiser, &finalist, &finalist), PairRight::None);
        let admin = Actor::new(UserId(9), true, [], []);
        assert_eq!(over_pair(&admin, &finalist, &finalist), PairRight::Decide);
    }

    #[test]
    fn a_proposal_needs_every_season_involved_or_the_administrator() {
        let places = [at(T1, Some(S1)), at(T2, Some(S2))];
        let owner = owner_of(&places);
        assert_eq!(owner, Owner::Seasons([S1, S2].into()));
        let first = Actor::new(UserId(2), false, [], [S1]);
        let second = Actor::new(UserId(3), false, [], [S2]);
        let organiser = Actor::new(UserId(1), false, [T1, T2], []);
        let asked = approved_by_asking(&first, &owner);
        assert_eq!(asked, [S1].into());
        assert_eq!(confirmation(&organiser, &owner, &asked), Err(Refusal::NotYours));
        assert_eq!(confirmation(&first, &owner, &asked), Ok(Confirmation::Partial([S1].into())));
        assert_eq!(confirmation(&second, &owner, &asked), Ok(Confirmation::Complete));
        // A place outside every season: the administrator's alone.
        let outside = owner_of(&[at(T1, Some(S1)), at(T3, None)]);
        assert_eq!(outside, Owner::Admin);
        assert_eq!(confirmation(&first, &outside, &BTreeSet::new()), Err(Refusal::NotYours));
        let admin = Actor::new(UserId(9), true, [], []);
        assert_eq!(confirmation(&admin, &outside, &BTreeSet::new()), Ok(Confirmation::Complete));
    }
}
