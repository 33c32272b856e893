//! A person's personal data erased (issue 41), in the caller's transaction: every entry of theirs
//! (and of the persons merged into them) in every event, closed ones included (an erasure is not a
//! result change: the stored rankings keep their places, under the pseudonym), the person's record,
//! the school in the stored rankings, the name in invitations' and the season log's reasons and in
//! every change-history value, their games' log headers and comments (the logs replay as before),
//! and their online links revoked. One row of `erasures` logs it: the pseudonym, a fixed reason
//! word, who and when; never the erased data. A withdrawn consent's erasure is its pseudonymous
//! proof (the consent existed, it was withdrawn, on this day).

use super::persons::{self, Entry};
use super::players;
use super::{Conn, PersonId, PlayerId, Refusal, SeasonId, StoreError, TournamentId, UserId, now};
use chrono::{Datelike, NaiveDate};
use serde_json::Value;

/// Why a person's data is erased: a fixed word, so the log holds nothing of the erased data.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reason {
    /// The coordinator, once the season's last day has passed.
    SeasonOver,
    /// A guardian asked (RODO art. 17): at any time, the open entries withdrawn first.
    GuardianRequest,
    /// The guardian's consent withdrawn: at any time, the open entries withdrawn first.
    ConsentWithdrawn,
    /// The season's retention setting, applied by the service itself.
    Retention,
}

impl Reason {
    pub const ALL: [Reason; 4] =
        [Reason::SeasonOver, Reason::GuardianRequest, Reason::ConsentWithdrawn, Reason::Retention];

    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Reason::SeasonOver => "season-over",
            Reason::GuardianRequest => "guardian-request",
            Reason::ConsentWithdrawn => "consent-withdrawn",
            Reason::Retention => "retention",
        }
    }

    #[must_use]
    pub fn parse(s: &str) -> Option<Reason> {
        Reason::ALL.into_iter().find(|r| r.as_str() == s)
    }

    /// Asked for by the guardian: allowed at any time (the open entries withdrawn first).
    #[must_use]
    pub fn on_request(self) -> bool {
        matches!(self, Reason::GuardianRequest | Reason::ConsentWithdrawn)
    }
}

/// One erasure as logged.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Erasure {
    pub id: i64,
    pub person: PersonId,
    pub pseudonym: String,
    pub reason: Reason,
    pub season: Option<SeasonId>,
    pub by: Option<UserId>,
    pub at: String,
}

/// An entry with what the erasure checks: its name, whether withdrawn or erased already, and the
/// day after which it is over (its season's last day for a season's event, else its own).
#[derive(sqlx::FromRow)]
struct EntryState {
    tournament_id: TournamentId,
    id: PlayerId,
    name: String,
    withdrawn: bool,
    erased_at: Option<String>,
    ends: NaiveDate,
    /// A season's event closed (its ranking stored): over for the person, nothing to withdraw.
    closed: bool,
}

/// Erase `person`'s personal data in the caller's transaction (see the module). The person's row
/// is locked first and the state re-checked here, so two processes erasing at once erase once:
/// an erased person is `Ok(None)`.
///
/// # Errors
/// [`Refusal::SeasonNotOver`] (after the season or by retention: an event of theirs not over on
/// `today`; on request: an entry in an event not over and not withdrawn), [`Refusal::PersonGone`]
/// for a person merged into another (erase the one kept); [`StoreError::NotFound`]; a statement fails.
pub async fn erase_person_in(
    tx: &mut Conn,
    person: PersonId,
    reason: Reason,
    season: Option<SeasonId>,
    today: NaiveDate,
    by: UserId,
) -> Result<Option<Erasure>, StoreError> {
    // A no-op update takes the row's lock on PostgreSQL (SQLite's writer holds the database).
    on!(&mut *tx, |c| sqlx::query("UPDATE persons SET erased_at = erased_at WHERE id = $1")
        .bind(person)
        .execute(c)
        .await
        .map(|r| r.rows_affected()))?;
    let p = persons::get_in(tx, person).await?.ok_or(StoreError::NotFound)?;
    if p.erased_at.is_some() {
        return Ok(None);
    }
    if p.merged_into.is_some() {
        return Err(StoreError::Refused(Refusal::PersonGone));
    }
    let people = persons::merged_into_in(tx, person).await?;
    let mut entries = Vec::new();
    let mut names = Vec::new();
    for id in &people {
        if let Some(q) = persons::get_in(tx, *id).await? {
            names.push(q.name);
        }
        entries.extend(entry_states(tx, *id).await?);
    }
    for e in &entries {
        let over = e.ends < today;
        let allowed = over || e.erased_at.is_some() || (reason.on_request() && (e.withdrawn || e.closed));
        if !allowed {
            return Err(StoreError::Refused(Refusal::SeasonNotOver));
        }
    }
    let pseudonym = persons::pseudonym(person);
    entries.sort_by_key(|e| (e.tournament_id, e.id));
    for e in &entries {
        names.push(e.name.clone());
        super::touch_tournament_in(tx, e.tournament_id).await?;
        if e.erased_at.is_none() {
            players::erase_entry_in(tx, e.tournament_id, e.id, &e.name, &pseudonym, by).await?;
            super::entries::erase_of_player_in(tx, e.id, &pseudonym).await?;
        }
        on!(&mut *tx, |c| sqlx::query(
            "UPDATE online_links SET revoked_at = $1 WHERE player_id = $2 AND revoked_at IS NULL"
        )
        .bind(now())
        .bind(e.id)
        .execute(c)
        .await
        .map(|r| r.rows_affected()))?;
    }
    for id in &people {
        let kept = if *id == person { pseudonym.clone() } else { persons::pseudonym(*id) };
        persons::erase_in(tx, *id, &kept).await?;
        on!(&mut *tx, |c| sqlx::query("UPDATE event_rankings SET school = '' WHERE person_id = $1")
            .bind(*id)
            .execute(c)
            .await
            .map(|r| r.rows_affected()))?;
    }
    for name in name_forms(&names) {
        scrub_reasons(tx, &name, &pseudonym).await?;
        scrub_all_history(tx, &name, &pseudonym).await?;
    }
    let at = now();
    let (id,): (i64,) = on!(&mut *tx, |c| sqlx::query_as(
        "INSERT INTO erasures (person_id, pseudonym, reason, season_id, by_user, at) \
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id"
    )
    .bind(person)
    .bind(&pseudonym)
    .bind(reason.as_str())
    .bind(season)
    .bind(by)
    .bind(&at)
    .fetch_one(c)
    .await)?;
    Ok(Some(Erasure { id, person, pseudonym, reason, season, by: Some(by), at }))
}

async fn entry_states(tx: &mut Conn, person: PersonId) -> Result<Vec<EntryState>, StoreError> {
    Ok(on!(&mut *tx, |c| sqlx::query_as::<_, EntryState>(
        "SELECT p.tournament_id, p.id, p.name, p.withdrawn, p.erased_at, \
         COALESCE(s.last_day, t.last_day) AS ends, (e.closed_at IS NOT NULL) AS closed \
         FROM players p JOIN tournaments t ON t.id = p.tournament_id \
         LEFT JOIN season_events e ON e.tournament_id = p.tournament_id \
         LEFT JOIN seasons s ON s.id = e.season_id WHERE p.person_id = $1"
    )
    .bind(person)
    .fetch_all(c)
    .await)?)
}

/// The forms a name is written in elsewhere: as typed, and surname first ("Nowak Jan",
/// "Nowak, Jan"), each once, longest first (so a longer form is replaced before a part of it).
fn name_forms(names: &[String]) -> Vec<String> {
    let mut forms: Vec<String> = Vec::new();
    for name in names {
        // A pseudonym (an entry erased before) is no one's name: none of its forms is sought.
        if name.trim().starts_with("Anonim") {
            continue;
        }
        let words: Vec<&str> = name.split_whitespace().collect();
        let mut these = vec![name.trim().to_string()];
        if let Some((last, first)) = words.split_last().filter(|(_, first)| !first.is_empty()) {
            these.push(format!("{last} {}", first.join(" ")));
            these.push(format!("{last}, {}", first.join(" ")));
        }
        for f in these {
            if !f.is_empty() && !f.starts_with("Anonim") && !forms.contains(&f) {
                forms.push(f);
            }
        }
    }
    forms.sort_by_key(|f| std::cmp::Reverse(f.len()));
    forms
}

/// The name out of the free-text reasons of invitations and season log lines.
async fn scrub_reasons(tx: &mut Conn, name: &str, pseudonym: &str) -> Result<(), StoreError> {
    let like = format!("%{name}%");
    on!(&mut *tx, |c| sqlx::query(
        "UPDATE invitations SET reason = REPLACE(reason, $1, $2) WHERE reason LIKE $3"
    )
    .bind(name)
    .bind(pseudonym)
    .bind(&like)
    .execute(c)
    .await
    .map(|r| r.rows_affected()))?;
    on!(&mut *tx, |c| sqlx::query(
        "UPDATE season_log SET reason = REPLACE(reason, $1, $2) WHERE reason LIKE $3"
    )
    .bind(name)
    .bind(pseudonym)
    .bind(&like)
    .execute(c)
    .await
    .map(|r| r.rows_affected()))?;
    Ok(())
}

/// Every change-history value naming the person, in any tournament and of any entity (a merge, a
/// wildcard, another entry's row), rewritten by [`scrub_value`].
async fn scrub_all_history(tx: &mut Conn, name: &str, pseudonym: &str) -> Result<(), StoreError> {
    let like = format!("%{}%", json_text(name));
    let rows: Vec<(i64, String, String)> = on!(&mut *tx, |c| sqlx::query_as(
        "SELECT id, old_value, new_value FROM history WHERE old_value LIKE $1 OR new_value LIKE $1"
    )
    .bind(&like)
    .fetch_all(c)
    .await)?;
    for (id, old, new) in rows {
        let mut values = [old, new];
        for v in &mut values {
            *v = match serde_json::from_str::<Value>(v) {
                Ok(mut json) => {
                    scrub_value(&mut json, name, pseudonym);
                    serde_json::to_string(&json)?
                }
                Err(_) => v.replace(name, pseudonym),
            };
        }
        let [old, new] = values;
        on!(&mut *tx, |c| sqlx::query("UPDATE history SET old_value = $1, new_value = $2 WHERE id = $3")
            .bind(&old)
            .bind(&new)
            .bind(id)
            .execute(c)
            .await
            .map(|r| r.rows_affected()))?;
    }
    Ok(())
}

/// The name as it stands inside a JSON string (quotes and backslashes escaped).
fn json_text(name: &str) -> String {
    let quoted = serde_json::to_string(name).unwrap_or_default();
    quoted.trim_matches('"').to_string()
}

/// A stored value with the person's data out: in an object whose `name` holds the name, the
/// `birth_date` becomes null and the `club`, `school` and `region` empty; the name becomes the
/// pseudonym in every string (a game log's header and comments included: never its moves, which
/// hold no names).
pub fn scrub_value(value: &mut Value, name: &str, pseudonym: &str) {
    match value {
        Value::Object(map) => {
            let theirs = map.get("name").and_then(Value::as_str).is_some_and(|n| n.contains(name));
            for (key, v) in map.iter_mut() {
                match (key.as_str(), v) {
                    ("birth_date", v) if theirs => *v = Value::Null,
                    ("club" | "school" | "region", v) if theirs => *v = Value::String(String::new()),
                    ("log_text", Value::String(log)) => *log = players::scrub_log(log, name, pseudonym),
                    (_, v) => scrub_value(v, name, pseudonym),
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(|v| scrub_value(v, name, pseudonym)),
        Value::String(s) if s.contains(name) => *s = s.replace(name, pseudonym),
        _ => {}
    }
}

/// A row of `erasures` as stored: id, person, pseudonym, reason, season, by, at.
type ErasureRow = (i64, PersonId, String, String, Option<SeasonId>, Option<UserId>, String);

/// The erasures of a season's persons, newest first (the coordinator's log).
///
/// # Errors
/// The query fails.
pub async fn of_season(db: &super::Store, season: SeasonId) -> Result<Vec<Erasure>, StoreError> {
    let rows: Vec<ErasureRow> = on!(db, |c| sqlx::query_as(
        "SELECT id, person_id, pseudonym, reason, season_id, by_user, at FROM erasures \
             WHERE season_id = $1 ORDER BY id DESC"
    )
    .bind(season)
    .fetch_all(c)
    .await)?;
    rows.into_iter()
        .map(|(id, person, pseudonym, reason, season, by, at)| {
            let reason = Reason::parse(&reason)
                .ok_or_else(|| sqlx::Error::Decode(format!("erasure {id}: reason {reason}").into()))?;
            Ok(Erasure { id, person, pseudonym, reason, season, by, at })
        })
        .collect()
}

/// The birth dates a finished `season` keeps of `person`, who plays on in a later season (so the
/// retention cannot erase them yet): only the birth year, for that season's eligibility. The
/// person's date and the dates of their entries in `season`'s events become 1 January of the year,
/// flagged `birth_year_only`, and so do the dates in those entries' change-history values. The
/// later season's own entries keep theirs until its retention. How many rows lost their day and
/// month (0 when done before: the task runs every day).
///
/// # Errors
/// A statement fails.
pub async fn keep_birth_year_in(
    tx: &mut Conn,
    person: PersonId,
    season: SeasonId,
) -> Result<u64, StoreError> {
    let mut changed = 0;
    for id in persons::merged_into_in(tx, person).await? {
        let Some(p) = persons::get_in(tx, id).await? else { continue };
        let year = year_only(p.birth_date);
        changed += on!(&mut *tx, |c| {
            sqlx::query(
            "UPDATE persons SET birth_date = $1, birth_year_only = TRUE WHERE id = $2 AND birth_year_only = FALSE"
        )
        .bind(year)
        .bind(id)
        .execute(c)
        .await
        .map(|r| r.rows_affected())
        })?;
        let entries: Vec<(PlayerId, TournamentId, NaiveDate)> = on!(&mut *tx, |c| {
            sqlx::query_as(
            "SELECT p.id, p.tournament_id, p.birth_date FROM players p \
             JOIN season_events e ON e.tournament_id = p.tournament_id \
             WHERE p.person_id = $1 AND e.season_id = $2 AND p.erased_at IS NULL AND p.birth_year_only = FALSE"
        )
        .bind(id)
        .bind(season)
        .fetch_all(c)
        .await
        })?;
        for (player, tournament, born) in entries {
            let year = year_only(born);
            changed += on!(&mut *tx, |c| {
                sqlx::query(
                "UPDATE players SET birth_date = $1, birth_year_only = TRUE, version = version + 1 WHERE id = $2"
            )
            .bind(year)
            .bind(player)
            .execute(c)
            .await
            .map(|r| r.rows_affected())
            })?;
            let (full, kept) = (born.to_string(), year.to_string());
            on!(&mut *tx, |c| {
                sqlx::query(
                "UPDATE history SET old_value = REPLACE(old_value, $1, $2), new_value = REPLACE(new_value, $1, $2) \
                 WHERE entity = $3 AND entity_id = $4"
            )
            .bind(&full)
            .bind(&kept)
            .bind(super::history::Entity::Player)
            .bind(player.0)
            .execute(c)
            .await
            .map(|r| r.rows_affected())
            })?;
            super::touch_tournament_in(tx, tournament).await?;
        }
    }
    Ok(changed)
}

/// 1 January of the date's year: what is kept of a birth date when only the year may be.
#[must_use]
pub fn year_only(born: NaiveDate) -> NaiveDate {
    born.with_ordinal(1).unwrap_or(born)
}

/// The seasons whose retention is due on `today` (their last day plus the setting's days before
/// it), each with a person of its events not erased yet and the season's creator (who set it).
///
/// # Errors
/// The query fails.
pub async fn due(
    db: &super::Store,
    today: NaiveDate,
) -> Result<Vec<(SeasonId, PersonId, UserId)>, StoreError> {
    let rows: Vec<(SeasonId, NaiveDate, i64, PersonId, UserId)> = on!(db, |c| sqlx::query_as(
        "SELECT DISTINCT s.id, s.last_day, s.erase_after_days, x.id, s.created_by FROM seasons s \
         JOIN season_events e ON e.season_id = s.id JOIN players p ON p.tournament_id = e.tournament_id \
         JOIN persons x ON x.id = p.person_id \
         WHERE s.erase_after_days IS NOT NULL AND s.created_by IS NOT NULL \
         AND x.erased_at IS NULL AND x.merged_into IS NULL \
         ORDER BY s.id, x.id"
    )
    .fetch_all(c)
    .await)?;
    Ok(rows
        .into_iter()
        .filter(|(_, last, days, _, _)| erase_on(*last, *days).is_some_and(|d| d <= today))
        .map(|(s, _, _, p, by)| (s, p, by))
        .collect())
}

/// The events over by `today`, of seasons whose retention has passed, that still hold entries'
/// personal data (a pupil's entry not erased, a school's teacher), with the season. An event not
/// over keeps its entries (its desk needs them) until a later run.
///
/// # Errors
/// The query fails.
pub async fn due_entry_events(
    db: &super::Store,
    today: NaiveDate,
) -> Result<Vec<(SeasonId, TournamentId)>, StoreError> {
    let rows: Vec<(SeasonId, NaiveDate, i64, TournamentId, NaiveDate)> = on!(db, |c| {
        sqlx::query_as(
        "SELECT DISTINCT s.id, s.last_day, s.erase_after_days, e.tournament_id, t.last_day FROM seasons s \
         JOIN season_events e ON e.season_id = s.id JOIN tournaments t ON t.id = e.tournament_id \
         WHERE s.erase_after_days IS NOT NULL AND s.created_by IS NOT NULL \
         AND (EXISTS (SELECT 1 FROM entries n WHERE n.tournament_id = e.tournament_id AND n.erased_at IS NULL) \
           OR EXISTS (SELECT 1 FROM entry_schools k WHERE k.tournament_id = e.tournament_id \
                      AND (k.teacher <> '' OR k.email <> '' OR k.phone <> ''))) \
         ORDER BY s.id, e.tournament_id"
    )
    .fetch_all(c)
    .await
    })?;
    Ok(rows
        .into_iter()
        .filter(|(_, last, days, _, ends)| {
            *ends < today && erase_on(*last, *days).is_some_and(|d| d <= today)
        })
        .map(|(s, _, _, t, _)| (s, t))
        .collect())
}

/// The day a season's retention erases its persons: `days` after its last day.
#[must_use]
pub fn erase_on(last_day: NaiveDate, days: i64) -> Option<NaiveDate> {
    last_day.checked_add_signed(chrono::Duration::days(days.max(0) + 1))
}

/// A season's retention setting (`None`: never by itself).
///
/// # Errors
/// The query fails.
pub async fn retention(db: &super::Store, season: SeasonId) -> Result<Option<i64>, StoreError> {
    let row: Option<(Option<i64>,)> =
        on!(db, |c| sqlx::query_as("SELECT erase_after_days FROM seasons WHERE id = $1")
            .bind(season)
            .fetch_optional(c)
            .await)?;
    Ok(row.and_then(|(d,)| d))
}

/// Set a season's retention (`None`: never by itself).
///
/// # Errors
/// [`StoreError::NotFound`]; the update fails.
pub async fn set_retention(db: &super::Store, season: SeasonId, days: Option<i64>) -> Result<(), StoreError> {
    let n = on!(db, |c| sqlx::query("UPDATE seasons SET erase_after_days = $1 WHERE id = $2")
        .bind(days)
        .bind(season)
        .execute(c)
        .await
        .map(|r| r.rows_affected()))?;
    if n == 0 {
        return Err(StoreError::NotFound);
    }
    Ok(())
}

/// A player's personal data erased in the caller's transaction (`players::erase_in`: once the
/// event is over) and the school entry they were seated from with it, under the player's
/// pseudonym (`entries::erase_of_player_in`): what every erasure of one player runs.
///
/// # Errors
/// As `players::erase_in`.
pub async fn erase_player_in(
    tx: &mut Conn,
    tournament: TournamentId,
    id: PlayerId,
    today: NaiveDate,
    by: UserId,
) -> Result<(), StoreError> {
    players::erase_in(tx, tournament, id, today, by).await?;
    super::entries::erase_of_player_in(tx, id, &players::pseudonym(id)).await
}

/// Whether `person` has an entry in one of `season`'s events.
///
/// # Errors
/// The query fails.
pub async fn plays_in(db: &super::Store, season: SeasonId, person: PersonId) -> Result<bool, StoreError> {
    let (n,): (i64,) = on!(db, |c| sqlx::query_as(
        "SELECT COUNT(*) FROM players p JOIN season_events e ON e.tournament_id = p.tournament_id \
         JOIN persons x ON x.id = p.person_id WHERE e.season_id = $1 AND (x.id = $2 OR x.merged_into = $2)"
    )
    .bind(season)
    .bind(person)
    .fetch_one(c)
    .await)?;
    Ok(n > 0)
}

/// The person's entries (and of the persons merged into them) in events not over on `today`, not
/// closed and not withdrawn: what a guardian's request withdraws before the erasure.
///
/// # Errors
/// The query fails.
pub async fn open_entries(
    tx: &mut Conn,
    person: PersonId,
    today: NaiveDate,
) -> Result<Vec<Entry>, StoreError> {
    let mut out = Vec::new();
    for id in persons::merged_into_in(tx, person).await? {
        for e in entry_states(tx, id).await? {
            if e.ends >= today && !e.withdrawn && !e.closed && e.erased_at.is_none() {
                out.push(Entry { tournament_id: e.tournament_id, player_id: e.id });
            }
        }
    }
    Ok(out)
}

/// A person of the season as its coordinator's pages show them (the birth date too: those pages
/// are not public).
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct SeasonPerson {
    pub id: PersonId,
    pub name: String,
    pub birth_date: NaiveDate,
    pub school: String,
}

/// The season's persons (not merged into another, not erased) whose name contains `q` (as
/// typed, letters' case aside), by name; at most `limit`.
///
/// # Errors
/// The query fails.
pub async fn persons_named(
    db: &super::Store,
    season: SeasonId,
    q: &str,
    limit: i64,
) -> Result<Vec<SeasonPerson>, StoreError> {
    let like = format!("%{}%", q.trim().to_lowercase());
    Ok(on!(db, |c| {
        sqlx::query_as::<_, SeasonPerson>(
        "SELECT x.id, x.name, x.birth_date, x.school FROM persons x WHERE x.erased_at IS NULL \
         AND x.merged_into IS NULL AND LOWER(x.name) LIKE $2 AND EXISTS (SELECT 1 FROM players p \
         JOIN season_events e ON e.tournament_id = p.tournament_id WHERE p.person_id = x.id AND e.season_id = $1) \
         ORDER BY x.name, x.id LIMIT $3"
    )
    .bind(season)
    .bind(&like)
    .bind(limit)
    .fetch_all(c)
    .await
    })?)
}

/// The person's entries (and of the persons merged into them) in the season's events: the
/// tournament, its name, whether withdrawn, whether the event is closed; by tournament.
///
/// # Errors
/// The query fails.
pub async fn season_entries(
    db: &super::Store,
    season: SeasonId,
    person: PersonId,
) -> Result<Vec<(TournamentId, String, bool, bool)>, StoreError> {
    Ok(on!(db, |c| {
        sqlx::query_as(
        "SELECT t.id, t.name, p.withdrawn, (e.closed_at IS NOT NULL) FROM players p \
         JOIN tournaments t ON t.id = p.tournament_id JOIN season_events e ON e.tournament_id = p.tournament_id \
         JOIN persons x ON x.id = p.person_id \
         WHERE e.season_id = $1 AND (x.id = $2 OR x.merged_into = $2) ORDER BY t.id"
    )
    .bind(season)
    .bind(person)
    .fetch_all(c)
    .await
    })?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_name_leaves_every_form_and_the_birth_date_its_own_object() {
        let mut v = serde_json::json!({
            "name": "Zofia Tajna", "birth_date": "2010-05-17", "club": "LO 7",
            "other": {"name": "Jan Nowak", "birth_date": "2009-01-01", "club": "LO 1"},
            "note": "zaproszona: Zofia Tajna", "log_text": "[Red \"Zofia Tajna\"]\nred pass"
        });
        scrub_value(&mut v, "Zofia Tajna", "Anonim P3");
        assert_eq!(v["name"], "Anonim P3");
        assert_eq!(v["birth_date"], Value::Null);
        assert_eq!(v["club"], "");
        assert_eq!(v["other"]["birth_date"], "2009-01-01", "another person's data stays");
        assert_eq!(v["other"]["club"], "LO 1");
        assert_eq!(v["note"], "zaproszona: Anonim P3");
        assert_eq!(v["log_text"], "[Red \"Anonim P3\"]\nred pass");
    }

    #[test]
    fn a_name_is_also_sought_surname_first() {
        let forms = name_forms(&["Zofia Tajna".to_string(), "Anonim #4".to_string()]);
        assert_eq!(forms, ["Tajna, Zofia", "Zofia Tajna", "Tajna Zofia"]);
        assert_eq!(Reason::parse("guardian-request"), Some(Reason::GuardianRequest));
        assert!(Reason::ConsentWithdrawn.on_request() && !Reason::Retention.on_request());
    }
}
