//! Persons (issue 20): one record per real person across a season (name, birth date, school,
//! region); every entry (a `players` row) links to one. A new entry is linked in its registration's
//! transaction ([`link_in`]). Merging one person into another moves their entries and keeps, in
//! `person_merges`, which entries it moved, so undoing it puts every one back; both write the
//! merge row (the log: who, when) and move the affected tournaments' change counters.

pub mod proposals;
pub mod rights;

pub use super::values::persons::PersonLink;

use super::{Conn, MergeId, PersonId, PlayerId, Refusal, Store, StoreError, TournamentId, UserId, now};
use crate::league::persons::{self, Found, Known, Nearness, Registry};
use chrono::NaiveDate;

#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct Person {
    pub id: PersonId,
    pub name: String,
    pub birth_date: NaiveDate,
    pub school: String,
    pub region: String,
    /// The person this one was merged into.
    pub merged_into: Option<PersonId>,
    pub erased_at: Option<String>,
}

/// One entry of a person: a tournament and the player row there.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, sqlx::FromRow)]
pub struct Entry {
    pub tournament_id: TournamentId,
    pub player_id: PlayerId,
}

/// A merge as logged.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Merge {
    pub id: MergeId,
    pub kept: PersonId,
    pub merged: PersonId,
    /// The entries the merge moved from `merged` to `kept`.
    pub entries: Vec<PlayerId>,
    /// The season invitations the merge moved from `merged` to `kept` (their ids).
    pub invitations: Vec<i64>,
    pub by: Option<UserId>,
    pub at: String,
    pub undone_at: Option<String>,
}

const PERSON: &str =
    "SELECT id, name, birth_date, school, region, merged_into, erased_at FROM persons WHERE id = $1";

/// # Errors
/// The query fails.
pub async fn get(db: &Store, id: PersonId) -> Result<Option<Person>, StoreError> {
    Ok(on!(db, |c| sqlx::query_as::<_, Person>(PERSON).bind(id).fetch_optional(c).await)?)
}

/// [`get`] inside the caller's transaction.
///
/// # Errors
/// The query fails.
pub async fn get_in(tx: &mut Conn, id: PersonId) -> Result<Option<Person>, StoreError> {
    Ok(on!(tx, |c| sqlx::query_as::<_, Person>(PERSON).bind(id).fetch_optional(c).await)?)
}

/// The persons matching can find: neither merged into another nor erased.
///
/// # Errors
/// The query fails.
pub async fn registry(db: &Store) -> Result<Vec<Known>, StoreError> {
    let rows: Vec<(PersonId, String, NaiveDate)> = on!(db, |c| {
        sqlx::query_as(
        "SELECT id, name, birth_date FROM persons WHERE merged_into IS NULL AND erased_at IS NULL ORDER BY id"
    )
    .fetch_all(c)
    .await
    })?;
    Ok(rows.into_iter().map(|(id, name, birth_date)| Known { id: id.0, name, birth_date }).collect())
}

/// Every person matching can find (neither merged nor erased), by id: the coordinator's list of
/// near-duplicate persons reads them once.
///
/// # Errors
/// The query fails.
pub async fn current(db: &Store) -> Result<Vec<Person>, StoreError> {
    Ok(on!(db, |c| sqlx::query_as::<_, Person>(
        "SELECT id, name, birth_date, school, region, merged_into, erased_at FROM persons \
         WHERE merged_into IS NULL AND erased_at IS NULL ORDER BY id"
    )
    .fetch_all(c)
    .await)?)
}

/// Every (person, tournament) an entry links, by person: who plays where (two persons of one
/// tournament are two people).
///
/// # Errors
/// The query fails.
pub async fn tournaments_of_all(db: &Store) -> Result<Vec<(PersonId, TournamentId)>, StoreError> {
    Ok(on!(db, |c| sqlx::query_as(
        "SELECT DISTINCT person_id, tournament_id FROM players WHERE person_id IS NOT NULL \
         ORDER BY person_id, tournament_id"
    )
    .fetch_all(c)
    .await)?)
}

/// A person's entries, by tournament.
///
/// # Errors
/// The query fails.
pub async fn entries(db: &Store, person: PersonId) -> Result<Vec<Entry>, StoreError> {
    Ok(on!(db, |c| sqlx::query_as::<_, Entry>(
        "SELECT tournament_id, id AS player_id FROM players WHERE person_id = $1 ORDER BY tournament_id, id"
    )
    .bind(person)
    .fetch_all(c)
    .await)?)
}

/// [`entries`] inside the caller's transaction.
///
/// # Errors
/// The query fails.
pub async fn entries_in(tx: &mut Conn, person: PersonId) -> Result<Vec<Entry>, StoreError> {
    Ok(on!(tx, |c| sqlx::query_as::<_, Entry>(
        "SELECT tournament_id, id AS player_id FROM players WHERE person_id = $1 ORDER BY tournament_id, id"
    )
    .bind(person)
    .fetch_all(c)
    .await)?)
}

/// What a person's public page is built from, as one stamp: their entries (how many, and the sums
/// of their tournaments' change counters and versions: every result, round, merge, unmerge and
/// erasure moves one), how many of those tournaments are a season's events, whether the person is
/// erased (an erased person with no entry left), and how many of those events are closed (closing
/// stores the final places the page shows without moving the event's own counter).
pub type Stamp = (i64, i64, i64, i64, i64, i64);

/// The person's [`Stamp`] (one aggregate query).
///
/// # Errors
/// The query fails.
pub async fn stamp(db: &Store, person: PersonId) -> Result<Stamp, StoreError> {
    Ok(on!(db, |c| {
        sqlx::query_as(
            "SELECT COUNT(p.id), CAST(COALESCE(SUM(t.changes), 0) AS BIGINT), \
             CAST(COALESCE(SUM(t.version), 0) AS BIGINT), COUNT(e.tournament_id), \
             (SELECT COUNT(*) FROM persons x WHERE x.id = $1 AND x.erased_at IS NOT NULL), \
             COUNT(e.closed_at) FROM players p JOIN tournaments t ON t.id = p.tournament_id \
             LEFT JOIN season_events e ON e.tournament_id = p.tournament_id WHERE p.person_id = $1",
        )
        .bind(person)
        .fetch_one(c)
        .await
    })?)
}

/// The persons with an entry in a tournament.
///
/// # Errors
/// The query fails.
pub async fn in_tournament(db: &Store, t: TournamentId) -> Result<Vec<PersonId>, StoreError> {
    let rows: Vec<(PersonId,)> = on!(db, |c| sqlx::query_as(
        "SELECT DISTINCT person_id FROM players WHERE tournament_id = $1 AND person_id IS NOT NULL"
    )
    .bind(t)
    .fetch_all(c)
    .await)?;
    Ok(rows.into_iter().map(|(p,)| p).collect())
}

/// The person an entry belongs to.
///
/// # Errors
/// The query fails.
pub async fn of_player(db: &Store, player: PlayerId) -> Result<Option<PersonId>, StoreError> {
    let row: Option<(Option<PersonId>,)> =
        on!(db, |c| sqlx::query_as("SELECT person_id FROM players WHERE id = $1")
            .bind(player)
            .fetch_optional(c)
            .await)?;
    Ok(row.and_then(|(p,)| p))
}

/// What the registry knows of a new entry's exact match (a person with the same folded name and
/// birth date): the facts `app::authority::links_without_asking` decides on (issue 36, item 3).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ExactMatch {
    /// The tournament is an event of a season.
    pub season_event: bool,
    /// The person has an entry in another event of that season in the same region (both of no
    /// region: the whole country).
    pub same_season_region: bool,
}

/// A new entry as typed: what the person is matched by and made of.
#[derive(Debug, Clone, Copy)]
pub struct Typed<'a> {
    pub name: &'a str,
    pub birth_date: NaiveDate,
    pub school: &'a str,
    pub region: &'a str,
}

/// The rule saying whether an exact match is linked without asking; the use cases pass
/// `app::authority::links_without_asking` (one place decides, for the form, the import, the desk).
pub type LinkRule = fn(ExactMatch) -> bool;

/// The person a new entry of `tournament` is, made if needed, inside the registration's
/// transaction. `Match` takes the one person with the folded name and birth date who has no entry
/// in the tournament yet (only the persons born that day are read; a second entry of the same name
/// there is another person, as the organiser confirmed) when `rule` says so, else makes one (the
/// look-alike list then shows the pair); `Existing` follows merges to the person kept; `New`
/// always makes one.
///
/// # Errors
/// [`Refusal::PersonGone`] for an erased person, [`Refusal::PersonsInOneTournament`] for a person
/// with an entry in the tournament already, [`StoreError::NotFound`]; a statement fails.
pub async fn link_in(
    tx: &mut Conn,
    tournament: TournamentId,
    link: PersonLink,
    typed: Typed<'_>,
    rule: LinkRule,
) -> Result<PersonId, StoreError> {
    let Typed { name, birth_date, school, region } = typed;
    let id = match link {
        PersonLink::Existing(mut id) => {
            for _ in 0..64 {
                let p = get_in(tx, id).await?.ok_or(StoreError::NotFound)?;
                match p.merged_into {
                    Some(next) => id = next,
                    None if p.erased_at.is_some() => return Err(StoreError::Refused(Refusal::PersonGone)),
                    None => {
                        let there: Option<(PlayerId,)> = on!(&mut *tx, |c| sqlx::query_as(
                            "SELECT id FROM players WHERE tournament_id = $1 AND person_id = $2 LIMIT 1"
                        )
                        .bind(tournament)
                        .bind(id)
                        .fetch_optional(c)
                        .await)?;
                        if there.is_some() {
                            return Err(StoreError::Refused(Refusal::PersonsInOneTournament));
                        }
                        break;
                    }
                }
            }
            if get_in(tx, id).await?.is_none_or(|p| p.merged_into.is_some()) {
                return Err(StoreError::Refused(Refusal::PersonGone));
            }
            id
        }
        PersonLink::Match => {
            let born: Vec<(PersonId, String)> = on!(&mut *tx, |c| {
                sqlx::query_as(
                "SELECT id, name FROM persons WHERE birth_date = $1 AND merged_into IS NULL AND erased_at IS NULL \
                 AND id NOT IN (SELECT person_id FROM players WHERE tournament_id = $2 AND person_id IS NOT NULL)"
            )
            .bind(birth_date)
            .bind(tournament)
            .fetch_all(c)
            .await
            })?;
            let known = born.into_iter().map(|(id, name)| Known { id: id.0, name, birth_date }).collect();
            // The persons of exactly this name and birth date (several: kept apart before); the one
            // the rule links without asking, if exactly one is, else a person of its own (the
            // look-alike list asks the organiser).
            let exact: Vec<i64> = match Registry::new(known).find(name, birth_date) {
                Found::Same(id) => vec![id],
                Found::Near(near) => near
                    .into_iter()
                    .filter(|n| n.why == Nearness::SameNameAndBirthDate)
                    .map(|n| n.id)
                    .collect(),
                Found::New => Vec::new(),
            };
            let mut linked = Vec::new();
            for id in exact {
                if rule(exact_match(tx, tournament, PersonId(id)).await?) {
                    linked.push(PersonId(id));
                }
            }
            match linked[..] {
                [one] => one,
                _ => create_in(tx, name, birth_date, school).await?,
            }
        }
        PersonLink::New => create_in(tx, name, birth_date, school).await?,
    };
    // The person keeps the region their latest entry gave (none given: the one they had).
    if !region.is_empty() {
        on!(&mut *tx, |c| sqlx::query("UPDATE persons SET region = $2 WHERE id = $1")
            .bind(id)
            .bind(region)
            .execute(c)
            .await
            .map(|r| r.rows_affected()))?;
    }
    Ok(id)
}

/// The facts of an exact match of `person` for a new entry of `tournament` ([`ExactMatch`]), read
/// in the registration's transaction.
///
/// # Errors
/// The query fails.
async fn exact_match(
    tx: &mut Conn,
    tournament: TournamentId,
    person: PersonId,
) -> Result<ExactMatch, StoreError> {
    let (in_season, same_region): (i64, i64) = on!(&mut *tx, |c| sqlx::query_as(
        "SELECT \
           (SELECT COUNT(*) FROM season_events WHERE tournament_id = $1), \
           (SELECT COUNT(*) FROM players p \
              JOIN season_events e ON e.tournament_id = p.tournament_id \
              JOIN season_events here ON here.tournament_id = $1 AND here.season_id = e.season_id \
             WHERE p.person_id = $2 AND p.tournament_id <> $1 \
               AND (e.region_id = here.region_id OR (e.region_id IS NULL AND here.region_id IS NULL)))"
    )
    .bind(tournament)
    .bind(person)
    .fetch_one(c)
    .await)?;
    Ok(ExactMatch { season_event: in_season > 0, same_season_region: same_region > 0 })
}

async fn create_in(
    tx: &mut Conn,
    name: &str,
    birth_date: NaiveDate,
    school: &str,
) -> Result<PersonId, StoreError> {
    let (id,): (PersonId,) = on!(tx, |c| sqlx::query_as(
        "INSERT INTO persons (name, birth_date, school, created_at) VALUES ($1, $2, $3, $4) RETURNING id"
    )
    .bind(name)
    .bind(birth_date)
    .bind(school)
    .bind(now())
    .fetch_one(c)
    .await)?;
    Ok(id)
}

/// Move the change counters of the tournaments a person plays in or is invited into (their pages,
/// and their seasons' pages, may show the person).
async fn touch_tournaments(tx: &mut Conn, person: PersonId) -> Result<(), StoreError> {
    on!(tx, |c| sqlx::query(
        "UPDATE tournaments SET changes = changes + 1 WHERE id IN \
         (SELECT tournament_id FROM players WHERE person_id = $1) \
         OR id IN (SELECT target_id FROM invitations WHERE person_id = $1)"
    )
    .bind(person)
    .execute(c)
    .await
    .map(|r| r.rows_affected()))?;
    Ok(())
}

/// Merge `merged` into `kept` in the caller's transaction (which decided the actor may: see
/// `app::authority`): every entry of `merged` becomes `kept`'s; `merged` stays, pointing at
/// `kept`. Logged with the entries moved, and in `from`'s history when asked from a tournament.
///
/// # Errors
/// [`Refusal::SamePerson`], [`Refusal::PersonGone`] (either merged already or erased),
/// [`Refusal::PersonsInOneTournament`], [`Refusal::InvitedTwice`], [`Refusal::PersonNotHere`]
/// (neither plays in `from`); [`StoreError::NotFound`]; a statement fails.
#[tracing::instrument(skip(tx))]
pub async fn merge_in(
    tx: &mut Conn,
    kept: PersonId,
    merged: PersonId,
    by: UserId,
    from: Option<TournamentId>,
) -> Result<MergeId, StoreError> {
    if kept == merged {
        return Err(StoreError::Refused(Refusal::SamePerson));
    }
    // Lock the rows (PostgreSQL) so a concurrent merge of either waits for this one.
    rights::lock_pair_in(tx, kept, merged).await?;
    for id in [kept, merged] {
        let p = get_in(tx, id).await?.ok_or(StoreError::NotFound)?;
        if p.merged_into.is_some() || p.erased_at.is_some() {
            return Err(StoreError::Refused(Refusal::PersonGone));
        }
    }
    let shared: Option<(i64,)> = on!(&mut *tx, |c| sqlx::query_as(
        "SELECT a.tournament_id FROM players a JOIN players b ON b.tournament_id = a.tournament_id \
         WHERE a.person_id = $1 AND b.person_id = $2 LIMIT 1"
    )
    .bind(kept)
    .bind(merged)
    .fetch_optional(c)
    .await)?;
    if shared.is_some() {
        return Err(StoreError::Refused(Refusal::PersonsInOneTournament));
    }
    if invited_twice(tx, kept, merged).await? || invited_twice(tx, merged, kept).await? {
        return Err(StoreError::Refused(Refusal::InvitedTwice));
    }
    let here = match from {
        Some(t) => Some((t, entrant_in(tx, t, kept, merged).await?)),
        None => None,
    };
    let moved: Vec<(PlayerId,)> =
        on!(&mut *tx, |c| sqlx::query_as("SELECT id FROM players WHERE person_id = $1 ORDER BY id")
            .bind(merged)
            .fetch_all(c)
            .await)?;
    let moved: Vec<PlayerId> = moved.into_iter().map(|(p,)| p).collect();
    let invitations: Vec<(i64,)> =
        on!(&mut *tx, |c| sqlx::query_as("SELECT id FROM invitations WHERE person_id = $1 ORDER BY id")
            .bind(merged)
            .fetch_all(c)
            .await)?;
    let invitations: Vec<i64> = invitations.into_iter().map(|(i,)| i).collect();
    touch_tournaments(tx, merged).await?;
    // The entries, the stored rankings' rows of those entries and the invitations: all the kept
    // person's now (a decline's next reserve, an acceptance, the season ranking read them).
    for sql in [
        "UPDATE players SET person_id = $1 WHERE person_id = $2",
        "UPDATE event_rankings SET person_id = $1 WHERE person_id = $2",
        "UPDATE invitations SET person_id = $1 WHERE person_id = $2",
    ] {
        on!(&mut *tx, |c| sqlx::query(sql)
            .bind(kept)
            .bind(merged)
            .execute(c)
            .await
            .map(|r| r.rows_affected()))?;
    }
    on!(&mut *tx, |c| sqlx::query("UPDATE persons SET merged_into = $1 WHERE id = $2")
        .bind(kept)
        .bind(merged)
        .execute(c)
        .await
        .map(|r| r.rows_affected()))?;
    let (id,): (MergeId,) = on!(&mut *tx, |c| {
        sqlx::query_as(
            "INSERT INTO person_merges (kept, merged, entries, invitations, user_id, at) \
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
        )
        .bind(kept)
        .bind(merged)
        .bind(serde_json::to_string(&moved)?)
        .bind(serde_json::to_string(&invitations)?)
        .bind(by)
        .bind(now())
        .fetch_one(c)
        .await
    })?;
    if let Some((t, player)) = here {
        super::touch_tournament_in(tx, t).await?;
        let change = super::history::Change::PersonsMerged { player, merge: id, kept, merged };
        tx.record(t, by, &change).await?;
    }
    Ok(id)
}

/// The entry in `t` of either person (the row a persons page's history line names).
///
/// # Errors
/// [`Refusal::PersonNotHere`] when neither has one; a statement fails.
async fn entrant_in(
    tx: &mut Conn,
    t: TournamentId,
    a: PersonId,
    b: PersonId,
) -> Result<PlayerId, StoreError> {
    let row: Option<(PlayerId,)> = on!(tx, |c| sqlx::query_as(
        "SELECT id FROM players WHERE tournament_id = $1 AND person_id IN ($2, $3) ORDER BY id LIMIT 1"
    )
    .bind(t)
    .bind(a)
    .bind(b)
    .fetch_optional(c)
    .await)?;
    row.map(|(p,)| p).ok_or(StoreError::Refused(Refusal::PersonNotHere))
}

/// Undo a merge in the caller's transaction (which decided the actor may): the entries it moved
/// go back to the merged person (those still with the kept one), who is a person of their own
/// again. Logged on the merge's row, and in `from`'s history when asked from a tournament.
///
/// # Errors
/// [`Refusal::MergeUndone`]; [`Refusal::PersonGone`] if the kept person was merged on since (undo
/// that merge first) or either was erased; [`StoreError::NotFound`]; a statement fails.
#[tracing::instrument(skip(tx))]
pub async fn unmerge_in(
    tx: &mut Conn,
    merge: MergeId,
    by: UserId,
    from: Option<TournamentId>,
) -> Result<(), StoreError> {
    let m = merge_row_in(tx, merge).await?.ok_or(StoreError::NotFound)?;
    if m.undone_at.is_some() {
        return Err(StoreError::Refused(Refusal::MergeUndone));
    }
    let kept = get_in(tx, m.kept).await?.ok_or(StoreError::NotFound)?;
    let merged = get_in(tx, m.merged).await?.ok_or(StoreError::NotFound)?;
    if kept.merged_into.is_some() || kept.erased_at.is_some() || merged.erased_at.is_some() {
        return Err(StoreError::Refused(Refusal::PersonGone));
    }
    if let Some(t) = from {
        let player = entrant_in(tx, t, m.kept, m.merged).await?;
        let change =
            super::history::Change::PersonsUnmerged { player, merge, kept: m.kept, merged: m.merged };
        tx.record(t, by, &change).await?;
    }
    touch_tournaments(tx, m.kept).await?;
    // The entries it moved go back, and so do the invitations it moved with the entries an
    // acceptance of one made since (the merged person's qualification), and the stored rankings'
    // rows of all those entries.
    let mut back = m.entries.clone();
    for i in &m.invitations {
        let row: Option<(Option<PlayerId>,)> = on!(&mut *tx, |c| sqlx::query_as(
            "UPDATE invitations SET person_id = $1 WHERE id = $2 AND person_id = $3 RETURNING player_id"
        )
        .bind(m.merged)
        .bind(*i)
        .bind(m.kept)
        .fetch_optional(c)
        .await)?;
        back.extend(row.and_then(|(p,)| p));
    }
    for p in &back {
        for sql in [
            "UPDATE players SET person_id = $1 WHERE id = $2 AND person_id = $3",
            "UPDATE event_rankings SET person_id = $1 WHERE player_id = $2 AND person_id = $3",
        ] {
            on!(&mut *tx, |c| sqlx::query(sql)
                .bind(m.merged)
                .bind(*p)
                .bind(m.kept)
                .execute(c)
                .await
                .map(|r| r.rows_affected()))?;
        }
    }
    on!(&mut *tx, |c| sqlx::query("UPDATE persons SET merged_into = NULL WHERE id = $1")
        .bind(m.merged)
        .execute(c)
        .await
        .map(|r| r.rows_affected()))?;
    on!(&mut *tx, |c| sqlx::query("UPDATE person_merges SET undone_at = $1, undone_by = $2 WHERE id = $3")
        .bind(now())
        .bind(by)
        .bind(merge)
        .execute(c)
        .await
        .map(|r| r.rows_affected()))?;
    Ok(())
}

type MergeRow = (MergeId, PersonId, PersonId, String, String, Option<UserId>, String, Option<String>);

fn read_merge(r: MergeRow) -> Result<Merge, StoreError> {
    let (id, kept, merged, entries, invitations, by, at, undone_at) = r;
    Ok(Merge {
        id,
        kept,
        merged,
        entries: serde_json::from_str(&entries)?,
        invitations: serde_json::from_str(&invitations)?,
        by,
        at,
        undone_at,
    })
}

/// Whether `a` holds an open or accepted invitation into an event where `b` holds one too or has
/// an entry: merged, one person would be invited twice (or invited where they play).
async fn invited_twice(tx: &mut Conn, a: PersonId, b: PersonId) -> Result<bool, StoreError> {
    use super::seasons::flow::InvitationState::{Accepted, Invited};
    let row: Option<(i64,)> = on!(tx, |c| {
        sqlx::query_as(
        "SELECT x.target_id FROM invitations x WHERE x.person_id = $1 AND x.state IN ($3, $4) \
         AND (x.target_id IN (SELECT y.target_id FROM invitations y WHERE y.person_id = $2 AND y.state IN ($3, $4)) \
         OR x.target_id IN (SELECT tournament_id FROM players WHERE person_id = $2)) LIMIT 1"
    )
    .bind(a)
    .bind(b)
    .bind(Invited)
    .bind(Accepted)
    .fetch_optional(c)
    .await
    })?;
    Ok(row.is_some())
}

/// A merge as logged, its row locked (PostgreSQL) for an undo decided in the caller's transaction.
///
/// # Errors
/// A statement fails.
pub async fn merge_row_in(tx: &mut Conn, id: MergeId) -> Result<Option<Merge>, StoreError> {
    on!(&mut *tx, |c| sqlx::query("UPDATE person_merges SET undone_at = undone_at WHERE id = $1")
        .bind(id)
        .execute(c)
        .await
        .map(|r| r.rows_affected()))?;
    let row: Option<MergeRow> = on!(tx, |c| {
        sqlx::query_as(
        "SELECT id, kept, merged, entries, invitations, user_id, at, undone_at FROM person_merges WHERE id = $1"
    )
    .bind(id)
    .fetch_optional(c)
    .await
    })?;
    row.map(read_merge).transpose()
}

/// The merges a person took part in (kept or merged), oldest first: the person's log.
///
/// # Errors
/// The query fails.
pub async fn merges_of(db: &Store, person: PersonId) -> Result<Vec<Merge>, StoreError> {
    let rows: Vec<MergeRow> = on!(db, |c| sqlx::query_as(
        "SELECT id, kept, merged, entries, invitations, user_id, at, undone_at FROM person_merges \
         WHERE kept = $1 OR merged = $1 ORDER BY id"
    )
    .bind(person)
    .fetch_all(c)
    .await)?;
    rows.into_iter().map(read_merge).collect()
}

/// The merges standing (not undone) whose kept person has an entry in one of `season`'s events,
/// oldest first: what the coordinator's page offers to undo.
///
/// # Errors
/// The query fails.
pub async fn standing_in_season(db: &Store, season: super::SeasonId) -> Result<Vec<Merge>, StoreError> {
    let rows: Vec<MergeRow> = on!(db, |c| sqlx::query_as(
        "SELECT id, kept, merged, entries, invitations, user_id, at, undone_at FROM person_merges \
         WHERE undone_at IS NULL AND kept IN (SELECT p.person_id FROM players p \
         JOIN season_events e ON e.tournament_id = p.tournament_id WHERE e.season_id = $1) ORDER BY id"
    )
    .bind(season)
    .fetch_all(c)
    .await)?;
    rows.into_iter().map(read_merge).collect()
}

/// Erase a person's personal data in the caller's transaction (their entries are erased by
/// `players::erase_in`): the name becomes `pseudonym`, the school and region empty, the birth date
/// the placeholder erased players keep.
///
/// # Errors
/// A statement fails.
pub async fn erase_in(tx: &mut Conn, person: PersonId, pseudonym: &str) -> Result<(), StoreError> {
    on!(tx, |c| sqlx::query(
        "UPDATE persons SET name = $1, school = '', region = '', birth_date = $2, erased_at = $3 \
         WHERE id = $4 AND erased_at IS NULL"
    )
    .bind(pseudonym)
    .bind(super::values::players::erased_birth_date())
    .bind(now())
    .bind(person)
    .execute(c)
    .await
    .map(|r| r.rows_affected()))?;
    Ok(())
}

/// Two persons said to be different people from tournament `t`'s persons page, in the caller's
/// transaction (which decided the actor may): remembered (the pair is not asked about again) and
/// logged in `t`'s history. Saying it twice keeps the first.
///
/// # Errors
/// [`Refusal::SamePerson`], [`Refusal::PersonNotHere`]; a statement fails.
pub async fn keep_apart_in(
    tx: &mut Conn,
    t: TournamentId,
    a: PersonId,
    b: PersonId,
    by: UserId,
) -> Result<(), StoreError> {
    if a == b {
        return Err(StoreError::Refused(Refusal::SamePerson));
    }
    let (low, high) = if a < b { (a, b) } else { (b, a) };
    let player = entrant_in(tx, t, a, b).await?;
    let added = on!(&mut *tx, |c| {
        sqlx::query(
        "INSERT INTO persons_apart (low, high, user_id, at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING"
    )
    .bind(low)
    .bind(high)
    .bind(by)
    .bind(now())
    .execute(c)
    .await
    .map(|r| r.rows_affected())
    })?;
    if added > 0 {
        super::touch_tournament_in(tx, t).await?;
        let change = super::history::Change::PersonsKeptApart { player, a: low, b: high };
        tx.record(t, by, &change).await?;
    }
    Ok(())
}

/// Every pair said to be different people, lower id first.
///
/// # Errors
/// The query fails.
pub async fn apart(db: &Store) -> Result<Vec<(PersonId, PersonId)>, StoreError> {
    Ok(on!(db, |c| sqlx::query_as("SELECT low, high FROM persons_apart ORDER BY low, high")
        .fetch_all(c)
        .await)?)
}

/// The persons merged into `person` (followed through every merge), so an erasure reaches them.
///
/// # Errors
/// A statement fails.
pub async fn merged_into_in(tx: &mut Conn, person: PersonId) -> Result<Vec<PersonId>, StoreError> {
    let mut all = vec![person];
    let mut i = 0;
    while i < all.len() {
        let rows: Vec<(PersonId,)> =
            on!(&mut *tx, |c| sqlx::query_as("SELECT id FROM persons WHERE merged_into = $1")
                .bind(all[i])
                .fetch_all(c)
                .await)?;
        all.extend(rows.into_iter().map(|(p,)| p));
        i += 1;
    }
    Ok(all)
}

/// The pseudonym an erased person keeps.
#[must_use]
pub fn pseudonym(id: PersonId) -> String {
    format!("Anonim P{id}")
}

/// Whether a folded name and birth date are this person's (what [`link_in`] calls the same).
#[must_use]
pub fn is_same(p: &Person, name: &str, birth_date: NaiveDate) -> bool {
    p.birth_date == birth_date && persons::fold(&p.name) == persons::fold(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A database from before persons, with three entries of which two are the same name and birth
    /// date in two tournaments and one is erased, upgraded: every row kept, each with a person of
    /// its own (the migration merges nobody), copied from the row.
    #[tokio::test]
    async fn an_older_database_gives_every_entry_a_person_of_its_own() {
        let (dir, url, pool) =
            crate::store::older_sqlite_database("persons-migration", "20261202030001").await;
        for sql in [
            "INSERT INTO tournaments (id, name, first_day, last_day, swiss_rounds, tiebreaks, created_at) \
             VALUES (1, 'Liga A', '2025-05-01', '2025-05-01', 5, '', 'x'), (2, 'Liga B', '2025-06-01', \
             '2025-06-01', 5, '', 'x')",
            "INSERT INTO players (id, tournament_id, name, birth_date, club, created_at, erased_at) VALUES \
             (1, 1, 'Łukasz Nowak', '2010-01-01', 'LO 1', 'x', NULL), \
             (2, 2, 'Łukasz Nowak', '2010-01-01', 'LO 1', 'x', NULL), \
             (3, 2, 'Anonim #3', '1900-01-01', '', 'x', '2025-07-01T00:00:00Z')",
        ] {
            sqlx::query(sql).execute(&pool).await.expect(sql);
        }
        pool.close().await;

        let db = crate::store::connect(&url).await.expect("upgraded");
        let mut seen = Vec::new();
        for p in [1, 2, 3] {
            let person = of_player(&db, PlayerId(p)).await.expect("reads").expect("linked");
            seen.push(person);
            let row = get(&db, person).await.expect("reads").expect("row");
            assert_eq!(entries(&db, person).await.expect("reads").len(), 1);
            if p == 3 {
                assert!(row.erased_at.is_some());
            } else {
                assert_eq!((row.name.as_str(), row.school.as_str()), ("Łukasz Nowak", "LO 1"));
            }
        }
        seen.dedup();
        assert_eq!(seen.len(), 3, "one person per row");
        // The erased one is not in the registry matching reads.
        assert_eq!(registry(&db).await.expect("reads").len(), 2);
        db.close().await;
        let _ = std::fs::remove_dir_all(&dir);
    }
}
