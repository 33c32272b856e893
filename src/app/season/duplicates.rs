//! Near-duplicate persons of a season (issue 20, the coordinator's page): each person with an
//! entry in one of the season's events against the whole registry (`league::persons`: the same
//! folded name and another birth date, one letter apart with the same birth date, or the same name
//! and date twice), each pair once, without the pairs kept apart and those with entries in one
//! tournament (two people: a merge would be refused). The coordinator confirms a pair (the merge of
//! `app::persons`, logged in the history of the season's event one of them plays in) or keeps it
//! apart (not listed again). The page is the coordinator's only, so the birth dates are shown.

use super::super::persons::Asked;
use super::super::{AppResult, Refusal};
use crate::league::persons::{Known, Nearness, Registry};
use crate::store::persons::Person;
use crate::store::{self, MergeId, PersonId, SeasonId, Store, TournamentId, UserId};
use std::collections::{BTreeSet, HashMap};

/// A near pair: `a` the lower id.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DuplicatePair {
    pub a: Person,
    pub b: Person,
    pub why: Nearness,
}

/// The season's near-duplicate persons, by the pair's ids.
///
/// # Errors
/// [`Refusal::NotACoordinator`]; the database fails.
pub async fn near_pairs(db: &Store, season: SeasonId, by: UserId) -> AppResult<Vec<DuplicatePair>> {
    super::check_coordinator(db, season, by).await?;
    let in_season: BTreeSet<PersonId> =
        store::seasons::flow::season_entries(db, season).await?.into_iter().map(|e| e.person_id).collect();
    let persons = store::persons::current(db).await?;
    let registry = Registry::new(
        persons
            .iter()
            .map(|p| Known { id: p.id.0, name: p.name.clone(), birth_date: p.birth_date })
            .collect(),
    );
    let by_id: HashMap<PersonId, &Person> = persons.iter().map(|p| (p.id, p)).collect();
    let mut plays: HashMap<PersonId, BTreeSet<TournamentId>> = HashMap::new();
    for (p, t) in store::persons::tournaments_of_all(db).await? {
        plays.entry(p).or_default().insert(t);
    }
    let apart: BTreeSet<(PersonId, PersonId)> = store::persons::apart(db).await?.into_iter().collect();
    let none = BTreeSet::new();
    let mut pairs: Vec<DuplicatePair> = Vec::new();
    let mut seen = BTreeSet::new();
    for id in &in_season {
        let Some(p) = by_id.get(id) else { continue };
        for n in registry.near_of(id.0, &p.name, p.birth_date) {
            let other = PersonId(n.id);
            let pair = if *id < other { (*id, other) } else { (other, *id) };
            let (Some(a), Some(b)) = (by_id.get(&pair.0), by_id.get(&pair.1)) else { continue };
            let shared =
                plays.get(&pair.0).unwrap_or(&none).intersection(plays.get(&pair.1).unwrap_or(&none)).next();
            if apart.contains(&pair) || shared.is_some() || !seen.insert(pair) {
                continue;
            }
            pairs.push(DuplicatePair { a: (*a).clone(), b: (*b).clone(), why: n.why });
        }
    }
    pairs.sort_by_key(|p| (p.a.id, p.b.id));
    Ok(pairs)
}

/// The season's event one of the two persons plays in (the first by id): where the coordinator's
/// decision is logged, and checked again in its transaction.
async fn event_of_either(db: &Store, season: SeasonId, a: PersonId, b: PersonId) -> AppResult<TournamentId> {
    store::seasons::flow::season_entries(db, season)
        .await?
        .into_iter()
        .filter(|e| e.person_id == a || e.person_id == b)
        .map(|e| e.tournament_id)
        .min()
        .ok_or_else(|| Refusal::PersonNotHere.into())
}

/// "To ta sama osoba": `merged` goes into `kept` (`app::persons::merge_from_season`, undone by
/// unmerge), logged in the history of the season's event one of them plays in; a proposal when
/// either plays in events outside the coordinator's seasons (`app::authority`).
///
/// # Errors
/// [`Refusal::NotACoordinator`], [`Refusal::PersonNotHere`] (neither plays in the season) and the
/// merge's refusals; the database fails.
pub async fn merge(
    db: &Store,
    season: SeasonId,
    kept: PersonId,
    merged: PersonId,
    by: UserId,
) -> AppResult<Asked<MergeId>> {
    super::check_coordinator(db, season, by).await?;
    let t = event_of_either(db, season, kept, merged).await?;
    super::super::persons::merge_from_season(db, season, t, kept, merged, by).await
}

/// "To różne osoby": the pair kept apart, not listed again; logged in the history of the
/// season's event one of them plays in.
///
/// # Errors
/// [`Refusal::NotACoordinator`], [`Refusal::PersonNotHere`], [`Refusal::SamePerson`]; the
/// database fails.
pub async fn keep_apart(
    db: &Store,
    season: SeasonId,
    a: PersonId,
    b: PersonId,
    by: UserId,
) -> AppResult<Asked<()>> {
    super::check_coordinator(db, season, by).await?;
    let t = event_of_either(db, season, a, b).await?;
    super::super::persons::keep_apart_from_season(db, season, t, a, b, by).await
}

/// The merges standing whose kept person plays in the season, oldest first, for its coordinator.
///
/// # Errors
/// [`Refusal::NotACoordinator`]; the database fails.
pub async fn merges(db: &Store, season: SeasonId, by: UserId) -> AppResult<Vec<store::persons::Merge>> {
    super::check_coordinator(db, season, by).await?;
    Ok(store::persons::standing_in_season(db, season).await?)
}

/// "Cofnij połączenie" on the coordinator's page: a merge standing in the season undone
/// (`app::persons::unmerge_from`, every entry and invitation back), logged in the history of the
/// season's event the kept person plays in.
///
/// # Errors
/// [`Refusal::NotACoordinator`], [`Refusal::NoSuchMerge`] (no standing merge of the season by
/// that id) and the unmerge's refusals ([`Refusal::NotYours`] for a merge whose kept person plays
/// in events outside the coordinator's seasons); the database fails.
pub async fn unmerge(db: &Store, season: SeasonId, merge: MergeId, by: UserId) -> AppResult<()> {
    let m = merges(db, season, by).await?.into_iter().find(|m| m.id == merge).ok_or(Refusal::NoSuchMerge)?;
    let t = event_of_either(db, season, m.kept, m.merged).await?;
    super::super::persons::unmerge_from(db, t, merge, by).await
}
