//! Persons across a season (issue 20): who a registration is (the same person, near ones to ask
//! about, or a new one), merging two persons and undoing it, and erasing a person's data after the
//! season (every entry, every event). The matching is `league::persons`'s; the store links, moves
//! and logs.

use super::AppResult;
use crate::league::persons::{Found, Registry};
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
    Ok(store::persons::merge(db, kept, merged, by).await?)
}

/// Undo a merge: every entry it moved goes back.
///
/// # Errors
/// `Refusal::MergeUndone`, `PersonGone`; the database fails.
pub async fn unmerge(db: &Store, merge: MergeId, by: UserId) -> AppResult<()> {
    Ok(store::persons::unmerge(db, merge, by).await?)
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
