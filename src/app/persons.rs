//! Persons across a season (issue 20): who a registration is (the same person, near ones to ask
//! about, or a new one), merging two persons and undoing it, and erasing a person's data after the
//! season (every entry, every event). The matching is `league::persons`'s; the store links, moves
//! and logs.

use super::AppResult;
use crate::league::persons::{Found, Near, Nearness, Registry};
use crate::store::persons::{Entry, Merge, Person};
use crate::store::{self, MergeId, PersonId, Store, StoreError, UserId};
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

/// Merge `merged` into `kept` (the organiser confirmed they are one person): logged, undone by
/// [`unmerge`].
///
/// # Errors
/// `Refusal::SamePerson`, `PersonGone`, `PersonsInOneTournament`; the database fails.
pub async fn merge(db: &Store, kept: PersonId, merged: PersonId, by: UserId) -> AppResult<MergeId> {
    Ok(store::persons::merge(db, kept, merged, by, None).await?)
}

/// [`merge`] asked from tournament `t`'s persons page: one of the two must have an entry there,
/// and the merge is logged in `t`'s history (same transaction).
///
/// # Errors
/// As [`merge`], and `Refusal::PersonNotHere`; the database fails.
pub async fn merge_from(
    db: &Store,
    t: crate::store::TournamentId,
    kept: PersonId,
    merged: PersonId,
    by: UserId,
) -> AppResult<MergeId> {
    Ok(store::persons::merge(db, kept, merged, by, Some(t)).await?)
}

/// "To różne osoby": `a` and `b` kept apart, the pair not asked about on a persons page again;
/// logged in `t`'s history.
///
/// # Errors
/// `Refusal::SamePerson`, `PersonNotHere`; the database fails.
pub async fn keep_apart(
    db: &Store,
    t: crate::store::TournamentId,
    a: PersonId,
    b: PersonId,
    by: UserId,
) -> AppResult<()> {
    Ok(store::persons::keep_apart(db, t, a, b, by).await?)
}

/// [`unmerge`] asked from tournament `t`'s persons page, logged in its history.
///
/// # Errors
/// As [`unmerge`], and `Refusal::PersonNotHere`; the database fails.
pub async fn unmerge_from(
    db: &Store,
    t: crate::store::TournamentId,
    merge: MergeId,
    by: UserId,
) -> AppResult<()> {
    Ok(store::persons::unmerge(db, merge, by, Some(t)).await?)
}

/// Undo a merge: every entry it moved goes back.
///
/// # Errors
/// `Refusal::MergeUndone`, `PersonGone`; the database fails.
pub async fn unmerge(db: &Store, merge: MergeId, by: UserId) -> AppResult<()> {
    Ok(store::persons::unmerge(db, merge, by, None).await?)
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
        store::players::erase_in(&mut tx, e.tournament_id, e.player_id, today, by).await?;
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
