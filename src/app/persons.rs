//! Persons across a season (issue 20): who a registration is (the same person, near ones to ask
//! about, or a new one), merging two persons and undoing it, and erasing a person's data after the
//! season (every entry, every event). The matching is `league::persons`'s; the store links, moves
//! and logs.

use super::authority::{self, Actor, PairRight};
use super::{AppResult, Refusal};
use crate::league::persons::{Found, Near, Nearness, Registry};
use crate::store::persons::proposals::{NewProposal, ProposalKind};
use crate::store::persons::{Entry, Merge, Person};
use crate::store::{self, MergeId, PersonId, ProposalId, SeasonId, Store, StoreError, TournamentId, UserId};
use chrono::NaiveDate;

/// The registry indexed for matching (load once per registration or import).
///
/// # Errors
/// The database fails.
pub async fn registry(db: &Store) -> AppResult<Registry> {
    Ok(Registry::new(store::persons::registry(db).await?))
}

/// Who each `(name, birth date)` is, against the registry and the rows before it in the same list
/// (two rows of one import can be near each other too: a new row joins the registry as it is read,
/// under a negative id, `-(row index + 1)`, that names the row).
#[must_use]
pub fn find_all(registry: &mut Registry, rows: &[(&str, NaiveDate)]) -> Vec<Found> {
    let mut out = Vec::with_capacity(rows.len());
    for (i, &(name, birth)) in rows.iter().enumerate() {
        let found = registry.find(name, birth);
        if found == Found::New {
            let id = -i64::try_from(i + 1).unwrap_or(i64::MAX);
            registry.add(crate::league::persons::Known { id, name: name.to_string(), birth_date: birth });
        }
        out.push(found);
    }
    out
}

/// The persons with an entry in a tournament (a near one of them is not asked about: a name twice
/// in one tournament is the duplicates' question, and two entries there are two persons).
///
/// # Errors
/// The database fails.
pub async fn in_tournament(db: &Store, t: crate::store::TournamentId) -> AppResult<Vec<PersonId>> {
    Ok(store::persons::in_tournament(db, t).await?)
}

/// # Errors
/// [`StoreError::NotFound`]; the database fails.
pub async fn person(db: &Store, id: PersonId) -> AppResult<Person> {
    Ok(store::persons::get(db, id).await?.ok_or(StoreError::NotFound)?)
}

/// The person an entry belongs to (`None` for an entry from before persons were linked).
///
/// # Errors
/// The database fails.
pub async fn of_player(db: &Store, player: crate::store::PlayerId) -> AppResult<Option<PersonId>> {
    Ok(store::persons::of_player(db, player).await?)
}

/// Every entry of a person (every event they play in).
///
/// # Errors
/// The database fails.
pub async fn entries(db: &Store, id: PersonId) -> AppResult<Vec<Entry>> {
    Ok(store::persons::entries(db, id).await?)
}

/// What asking for a merge or for keeping two persons apart came to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Asked<T> {
    /// The actor owns both persons: done.
    Done(T),
    /// One of them is in events the actor does not run: a proposal waits for the registry's
    /// owner (`app::proposals`); nothing changed yet.
    Proposed(ProposalId),
}

/// Merge `merged` into `kept` (the actor confirmed they are one person): logged, undone by
/// [`unmerge`]. Only for an actor who owns both persons (`app::authority`); anyone else is
/// refused and nothing changes.
///
/// # Errors
/// `Refusal::NotYours`, `SamePerson`, `PersonGone`, `PersonsInOneTournament`, `InvitedTwice`;
/// the database fails.
pub async fn merge(db: &Store, kept: PersonId, merged: PersonId, by: UserId) -> AppResult<MergeId> {
    if kept == merged {
        return Err(Refusal::SamePerson.into());
    }
    let mut tx = db.write().await?;
    store::persons::rights::lock_pair_in(&mut tx, kept, merged).await?;
    let (actor, a, b) = pair_in(&mut tx, by, kept, merged).await?;
    if authority::over_pair(&actor, &a, &b) != PairRight::Decide {
        return Err(Refusal::NotYours.into());
    }
    let id = store::persons::merge_in(&mut tx, kept, merged, by, None).await?;
    tx.commit().await?;
    Ok(id)
}

/// [`merge`] asked from tournament `t`'s persons page (or a season's page, `season`, through its
/// event `t`): one of the two must have an entry there, and the merge is logged in `t`'s history
/// (same transaction). An actor who does not own both persons but runs a place of either makes
/// a proposal instead, confirmed by the registry's owner (`app::proposals`).
///
/// # Errors
/// As [`merge`], and `Refusal::PersonNotHere`; the database fails.
pub async fn merge_from(
    db: &Store,
    t: TournamentId,
    kept: PersonId,
    merged: PersonId,
    by: UserId,
) -> AppResult<Asked<MergeId>> {
    merged_or_proposed(ask(db, ProposalKind::Merge, (t, None), kept, merged, by).await?)
}

/// [`merge_from`] asked from a season's coordinator page (`season`), logged in the history of
/// the season's event `t` one of them plays in.
///
/// # Errors
/// As [`merge_from`].
pub async fn merge_from_season(
    db: &Store,
    season: SeasonId,
    t: TournamentId,
    kept: PersonId,
    merged: PersonId,
    by: UserId,
) -> AppResult<Asked<MergeId>> {
    merged_or_proposed(ask(db, ProposalKind::Merge, (t, Some(season)), kept, merged, by).await?)
}

/// A merge's [`Asked`]: the merge made, or the proposal.
fn merged_or_proposed(asked: Asked<Option<MergeId>>) -> AppResult<Asked<MergeId>> {
    match asked {
        Asked::Done(Some(m)) => Ok(Asked::Done(m)),
        Asked::Done(None) => Err(super::AppError::Internal("a merge made no merge row".into())),
        Asked::Proposed(p) => Ok(Asked::Proposed(p)),
    }
}

/// "To różne osoby": `a` and `b` kept apart, the pair not asked about on a persons page again;
/// logged in `t`'s history. A proposal when the actor does not own both (as [`merge_from`]).
///
/// # Errors
/// `Refusal::NotYours`, `SamePerson`, `PersonNotHere`; the database fails.
pub async fn keep_apart(
    db: &Store,
    t: TournamentId,
    a: PersonId,
    b: PersonId,
    by: UserId,
) -> AppResult<Asked<()>> {
    ask(db, ProposalKind::Apart, (t, None), a, b, by).await.map(|x| match x {
        Asked::Done(_) => Asked::Done(()),
        Asked::Proposed(p) => Asked::Proposed(p),
    })
}

/// [`keep_apart`] asked from a season's coordinator page.
///
/// # Errors
/// As [`keep_apart`].
pub async fn keep_apart_from_season(
    db: &Store,
    season: SeasonId,
    t: TournamentId,
    a: PersonId,
    b: PersonId,
    by: UserId,
) -> AppResult<Asked<()>> {
    ask(db, ProposalKind::Apart, (t, Some(season)), a, b, by).await.map(|x| match x {
        Asked::Done(_) => Asked::Done(()),
        Asked::Proposed(p) => Asked::Proposed(p),
    })
}

/// The actor and both persons' places, read in the transaction (the persons' rows locked).
async fn pair_in(
    tx: &mut store::Conn,
    by: UserId,
    a: PersonId,
    b: PersonId,
) -> AppResult<(Actor, Vec<authority::Place>, Vec<authority::Place>)> {
    let actor = Actor::load_in(tx, by).await?;
    let pa = authority::places_in(tx, a).await?;
    let pb = authority::places_in(tx, b).await?;
    Ok((actor, pa, pb))
}

/// A merge or a keep-apart asked from tournament `from.0` (from season `from.1`'s page): done
/// by an owner of both, proposed by someone who runs a place of either, refused otherwise.
/// Asking again for a pair with an open proposal of the same kind finds that proposal.
async fn ask(
    db: &Store,
    kind: ProposalKind,
    from: (TournamentId, Option<SeasonId>),
    a: PersonId,
    b: PersonId,
    by: UserId,
) -> AppResult<Asked<Option<MergeId>>> {
    if a == b {
        return Err(Refusal::SamePerson.into());
    }
    let mut tx = db.write().await?;
    store::persons::rights::lock_pair_in(&mut tx, a, b).await?;
    let (actor, pa, pb) = pair_in(&mut tx, by, a, b).await?;
    let asked = match authority::over_pair(&actor, &pa, &pb) {
        PairRight::Decide => Asked::Done(done_in(&mut tx, kind, from.0, a, b, by).await?),
        PairRight::Propose => {
            check_proposable_in(&mut tx, from.0, a, b).await?;
            let open = store::persons::proposals::open_for_in(&mut tx, kind, a, b).await?;
            let id = match open {
                Some(p) => p.id,
                None => {
                    let all: Vec<authority::Place> = pa.iter().chain(&pb).copied().collect();
                    let approvals = authority::approved_by_asking(&actor, &authority::owner_of(&all));
                    let new = NewProposal {
                        kind,
                        kept: a,
                        merged: b,
                        tournament: Some(from.0),
                        season: from.1,
                        by,
                        approvals: approvals.into_iter().collect(),
                    };
                    store::persons::proposals::propose_in(&mut tx, &new).await?
                }
            };
            Asked::Proposed(id)
        }
        PairRight::None => return Err(Refusal::NotYours.into()),
    };
    tx.commit().await?;
    Ok(asked)
}

/// What a proposal asks, carried out (by an owner of both persons, or on its confirmation):
/// the merge made (logged in `t`'s history), or the pair kept apart.
///
/// # Errors
/// The merge's or the keep-apart's refusals; the database fails.
pub(crate) async fn done_in(
    tx: &mut store::Conn,
    kind: ProposalKind,
    t: TournamentId,
    a: PersonId,
    b: PersonId,
    by: UserId,
) -> AppResult<Option<MergeId>> {
    Ok(match kind {
        ProposalKind::Merge => Some(store::persons::merge_in(tx, a, b, by, Some(t)).await?),
        ProposalKind::Apart => {
            store::persons::keep_apart_in(tx, t, a, b, by).await?;
            None
        }
    })
}

/// What would refuse a proposal's change at once is refused when it is asked: a person merged
/// or erased, neither playing in the tournament it was asked from.
async fn check_proposable_in(
    tx: &mut store::Conn,
    t: TournamentId,
    a: PersonId,
    b: PersonId,
) -> AppResult<()> {
    for id in [a, b] {
        let p = store::persons::get_in(tx, id).await?.ok_or(StoreError::NotFound)?;
        if p.merged_into.is_some() || p.erased_at.is_some() {
            return Err(Refusal::PersonGone.into());
        }
    }
    let here =
        store::persons::entries_in(tx, a).await?.into_iter().chain(store::persons::entries_in(tx, b).await?);
    if !here.into_iter().any(|e| e.tournament_id == t) {
        return Err(Refusal::PersonNotHere.into());
    }
    Ok(())
}

/// The persons `by` sees (who play in an event they run; an administrator: everyone) whose name
/// is `name` with case, Polish diacritics and spacing aside (`league::persons::fold`): a
/// wildcard's search. Oldest first.
///
/// # Errors
/// The database fails.
pub async fn named_and_seen(db: &Store, by: UserId, name: &str) -> AppResult<Vec<Person>> {
    let folded = crate::league::persons::fold(name);
    if folded.is_empty() {
        return Ok(Vec::new());
    }
    let mut conn = db.conn().await?;
    let actor = Actor::load_in(&mut conn, by).await?;
    let mut out = Vec::new();
    for p in store::persons::current(db).await? {
        if crate::league::persons::fold(&p.name) == folded
            && actor.sees(&authority::places_in(&mut conn, p.id).await?)
        {
            out.push(p);
        }
    }
    Ok(out)
}

/// Whether `by` owns the person (every tournament of theirs is one `by` runs): what a page asks
/// before offering an undo (the undo asks again in its transaction).
///
/// # Errors
/// The database fails.
pub async fn owns(db: &Store, by: UserId, person: PersonId) -> AppResult<bool> {
    let mut conn = db.conn().await?;
    let actor = Actor::load_in(&mut conn, by).await?;
    Ok(actor.owns(&authority::places_in(&mut conn, person).await?))
}

/// [`unmerge`] asked from tournament `t`'s persons page, logged in its history.
///
/// # Errors
/// As [`unmerge`], and `Refusal::PersonNotHere`; the database fails.
pub async fn unmerge_from(db: &Store, t: TournamentId, merge: MergeId, by: UserId) -> AppResult<()> {
    unmerge_as(db, merge, by, Some(t)).await
}

/// Undo a merge: every entry it moved goes back. Only an actor who owns the kept person (every
/// tournament of theirs, the moved entries' included) may.
///
/// # Errors
/// `Refusal::NoSuchMerge`, `NotYours`, `MergeUndone`, `PersonGone`; the database fails.
pub async fn unmerge(db: &Store, merge: MergeId, by: UserId) -> AppResult<()> {
    unmerge_as(db, merge, by, None).await
}

async fn unmerge_as(db: &Store, merge: MergeId, by: UserId, from: Option<TournamentId>) -> AppResult<()> {
    let mut tx = db.write().await?;
    let m = store::persons::merge_row_in(&mut tx, merge).await?.ok_or(Refusal::NoSuchMerge)?;
    if m.undone_at.is_some() {
        return Err(Refusal::MergeUndone.into());
    }
    store::persons::rights::lock_pair_in(&mut tx, m.kept, m.merged).await?;
    let actor = Actor::load_in(&mut tx, by).await?;
    if !actor.owns(&authority::places_in(&mut tx, m.kept).await?) {
        return Err(Refusal::NotYours.into());
    }
    store::persons::unmerge_in(&mut tx, merge, by, from).await?;
    tx.commit().await?;
    Ok(())
}

/// The merges a person took part in, oldest first.
///
/// # Errors
/// The database fails.
pub async fn merges(db: &Store, id: PersonId) -> AppResult<Vec<Merge>> {
    Ok(store::persons::merges_of(db, id).await?)
}

/// Erase a person's personal data after the season: every entry of theirs (and of the persons
/// merged into them), in every event, as `registration::erase` erases one, and the person's own
/// record, in one transaction. Refused while any of their events is not over on `today`.
///
/// # Errors
/// `Refusal::SeasonNotOver`; [`StoreError::NotFound`]; the database fails.
pub async fn erase(db: &Store, id: PersonId, today: NaiveDate, by: UserId) -> AppResult<()> {
    person(db, id).await?;
    let mut tx = db.write().await?;
    let people = store::persons::merged_into_in(&mut tx, id).await?;
    let mut all: Vec<Entry> = Vec::new();
    for p in &people {
        all.extend(store::persons::entries_in(&mut tx, *p).await?);
    }
    all.sort();
    for e in &all {
        store::touch_tournament_in(&mut tx, e.tournament_id).await?;
        store::erasure::erase_player_in(&mut tx, e.tournament_id, e.player_id, today, by).await?;
    }
    for p in people {
        store::persons::erase_in(&mut tx, p, &store::persons::pseudonym(p)).await?;
    }
    tx.commit().await?;
    Ok(())
}

/// A pair the matching rules flag on a tournament's persons page: an entrant's person and a near
/// person of the registry with no entry in the tournament.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NearPair {
    pub here: Person,
    pub other: Person,
    pub why: crate::league::persons::Nearness,
}

/// The near persons of a tournament's entrants across the registry (`league::persons`: the same
/// folded name and another birth date, one letter apart with the same birth date, or the same
/// name and date twice), each pair once, by the entrant's id then the other's. A person with an
/// entry in the tournament too is left out (two entries of one event are two persons).
///
/// # Errors
/// The database fails.
pub async fn near_pairs(db: &Store, t: crate::store::TournamentId) -> AppResult<Vec<NearPair>> {
    let here = in_tournament(db, t).await?;
    // The registry without the tournament's own persons: an entrant is not near themselves.
    let others = store::persons::registry(db).await?.into_iter().filter(|k| !here.contains(&PersonId(k.id)));
    let registry = Registry::new(others.collect());
    let apart = store::persons::apart(db).await?;
    let mut pairs = Vec::new();
    for id in &here {
        let p = person(db, *id).await?;
        if p.merged_into.is_some() || p.erased_at.is_some() {
            continue;
        }
        let near = match registry.find(&p.name, p.birth_date) {
            Found::Near(near) => near,
            // Another person with the same folded name and birth date (kept apart once).
            Found::Same(id) => vec![Near { id, why: Nearness::SameNameAndBirthDate }],
            Found::New => continue,
        };
        for n in near {
            let other = PersonId(n.id);
            let pair = if *id < other { (*id, other) } else { (other, *id) };
            if apart.contains(&pair) {
                continue;
            }
            pairs.push(NearPair { here: p.clone(), other: person(db, other).await?, why: n.why });
        }
    }
    pairs.sort_by_key(|p| (p.here.id, p.other.id));
    Ok(pairs)
}

/// The merges standing (not undone) of a tournament's entrants' persons, oldest first: what its
/// persons page offers to undo.
///
/// # Errors
/// The database fails.
pub async fn merges_here(db: &Store, t: crate::store::TournamentId) -> AppResult<Vec<Merge>> {
    let mut all = Vec::new();
    for id in in_tournament(db, t).await? {
        for m in merges(db, id).await? {
            if m.undone_at.is_none() && !all.iter().any(|x: &Merge| x.id == m.id) {
                all.push(m);
            }
        }
    }
    all.sort_by_key(|m| m.id);
    Ok(all)
}
