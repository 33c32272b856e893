//! Registered players, withdrawals, knowledge-test scores and forbidden pairs. Every change writes a
//! history row in the same transaction.

pub use super::values::players::{NewPlayer, PersonLink, PlayerChange, erased_birth_date};

use super::history::{Change, Entity, ForbiddenPair};
use super::{Conn, PlayerId, Refusal, Store, StoreError, TournamentId, UserId, now};
use chrono::NaiveDate;
use serde::Serialize;
use serde_json::Value;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, sqlx::FromRow)]
pub struct Player {
    pub id: PlayerId,
    pub tournament_id: TournamentId,
    pub name: String,
    pub birth_date: NaiveDate,
    pub club: String,
    /// The region the entry was registered with (empty: none).
    pub region: String,
    pub knowledge_score: Option<i64>,
    pub withdrawn: bool,
    pub age_override: bool,
    /// The first round the player can be paired in (late entries join with 0 points).
    pub joined_round: i64,
    pub version: i64,
    /// When the personal data was erased (the name is then a pseudonym, see [`erase`]).
    pub erased_at: Option<String>,
}

impl Player {
    #[must_use]
    pub fn erased(&self) -> bool {
        self.erased_at.is_some()
    }
}

/// The name an erased player's results keep.
#[must_use]
pub fn pseudonym(id: PlayerId) -> String {
    format!("Anonim #{id}")
}

/// Replace `name` by `pseudonym` in the parts of a move log that hold free text (header tag lines
/// and `#` comments), never in event lines, so the log replays as before.
#[must_use]
pub fn scrub_log(log: &str, name: &str, pseudonym: &str) -> String {
    let mut out = String::with_capacity(log.len());
    for line in log.split_inclusive('\n') {
        if line.trim_start().starts_with('[') {
            out.push_str(&line.replace(name, pseudonym));
        } else if let Some(hash) = line.find('#') {
            out.push_str(&line[..hash]);
            out.push_str(&line[hash..].replace(name, pseudonym));
        } else {
            out.push_str(line);
        }
    }
    out
}

/// A stored history value with the player's personal data replaced: `name`, `birth_date` and `club`
/// fields of the player's own rows, the name in a game's `log_text`, and any string equal to it.
fn scrub_json(value: &mut Value, name: &str, pseudonym: &str, own_row: bool) {
    match value {
        Value::Object(map) => {
            for (key, v) in map.iter_mut() {
                match (key.as_str(), v) {
                    ("name", v) if own_row => *v = Value::String(pseudonym.to_string()),
                    ("birth_date", v) if own_row => *v = Value::Null,
                    ("club", v) if own_row => *v = Value::String(String::new()),
                    ("log_text", Value::String(log)) => *log = scrub_log(log, name, pseudonym),
                    (_, v) => scrub_json(v, name, pseudonym, own_row),
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(|v| scrub_json(v, name, pseudonym, own_row)),
        Value::String(s) if s == name => *s = pseudonym.to_string(),
        _ => {}
    }
}

/// Which history rows to scrub: the player's own, or one game's.
#[derive(Clone, Copy)]
enum HistoryOf {
    Player(PlayerId),
    Game(i64),
}

/// Rewrite `old_value`/`new_value` of a player's or a game's history rows.
async fn scrub_history(
    tx: &mut Conn,
    of: HistoryOf,
    name: &str,
    pseudonym: &str,
    own_row: bool,
) -> Result<(), StoreError> {
    let (entity, id) = match of {
        HistoryOf::Player(p) => (Entity::Player, p.0),
        HistoryOf::Game(g) => (Entity::Game, g),
    };
    let rows: Vec<(i64, String, String)> = on!(&mut *tx, |c| sqlx::query_as(
        "SELECT id, old_value, new_value FROM history WHERE entity = $1 AND entity_id = $2"
    )
    .bind(entity)
    .bind(id)
    .fetch_all(c)
    .await)?;
    for (id, old, new) in rows {
        let mut values = [old, new];
        for v in &mut values {
            if let Ok(mut json) = serde_json::from_str::<Value>(v) {
                scrub_json(&mut json, name, pseudonym, own_row);
                *v = serde_json::to_string(&json)?;
            }
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

/// Erase a player's personal data after the season (the tournament's last day is before `today`):
/// the name becomes [`pseudonym`], the club empty, the birth date [`erased_birth_date`]; the same
/// goes for the player's history rows, and the name leaves the free text of their games' logs and
/// of those games' history. Results, pairings and standings stay, under the pseudonym. A history
/// row records the erasure (not the erased data). Erasing twice does nothing more.
///
/// # Errors
/// [`StoreError::NotFound`], [`StoreError::Refused`] ([`Refusal::SeasonNotOver`]); a statement fails.
#[tracing::instrument(skip(db))]
pub async fn erase(
    db: &Store,
    tournament: TournamentId,
    id: PlayerId,
    today: NaiveDate,
    by: UserId,
) -> Result<(), StoreError> {
    let mut tx = db.write_tournament(tournament).await?;
    erase_in(&mut tx, tournament, id, today, by).await?;
    tx.commit().await?;
    Ok(())
}

/// [`erase`] inside the caller's transaction, which moved the tournament's change counter (a
/// person's erasure erases every entry in one).
///
/// # Errors
/// As [`erase`].
pub async fn erase_in(
    tx: &mut Conn,
    tournament: TournamentId,
    id: PlayerId,
    today: NaiveDate,
    by: UserId,
) -> Result<(), StoreError> {
    let row: Option<(String, Option<String>, NaiveDate)> = on!(&mut *tx, |c| {
        sqlx::query_as(
        "SELECT p.name, p.erased_at, t.last_day FROM players p JOIN tournaments t ON t.id = p.tournament_id \
         WHERE p.tournament_id = $1 AND p.id = $2",
    )
    .bind(tournament)
    .bind(id)
    .fetch_optional(c)
    .await
    })?;
    let (name, erased_at, last_day) = row.ok_or(StoreError::NotFound)?;
    if erased_at.is_some() {
        return Ok(());
    }
    if last_day >= today {
        return Err(StoreError::Refused(Refusal::SeasonNotOver));
    }
    erase_entry_in(tx, tournament, id, &name, &pseudonym(id), by).await?;
    // The person's record goes too once no entry of theirs keeps their name (an entry in an event
    // not over yet keeps it until that event's erasure, or the person's, `store::erasure`).
    let person: Option<(Option<super::PersonId>,)> =
        on!(&mut *tx, |c| sqlx::query_as("SELECT person_id FROM players WHERE id = $1")
            .bind(id)
            .fetch_optional(c)
            .await)?;
    if let Some((Some(person),)) = person {
        let (live,): (i64,) = on!(&mut *tx, |c| sqlx::query_as(
            "SELECT COUNT(*) FROM players WHERE person_id = $1 AND erased_at IS NULL"
        )
        .bind(person)
        .fetch_one(c)
        .await)?;
        if live == 0 {
            super::persons::erase_in(tx, person, &super::persons::pseudonym(person)).await?;
        }
    }
    Ok(())
}

/// Erase one entry named `name` (its own checks made by the caller), its results kept under
/// `pseudonym`: the entry's row, its history rows, the free text of its games' logs and those
/// games' history; a history row of `tournament` records the erasure. The caller moved the
/// tournament's change counter in the same transaction.
///
/// # Errors
/// A statement fails.
pub(crate) async fn erase_entry_in(
    tx: &mut Conn,
    tournament: TournamentId,
    id: PlayerId,
    name: &str,
    pseudonym: &str,
    by: UserId,
) -> Result<(), StoreError> {
    let (name, pseudonym) = (name.to_string(), pseudonym.to_string());
    on!(&mut *tx, |c| {
        sqlx::query(
        "UPDATE players SET name = $1, club = '', region = '', birth_date = $2, erased_at = $3, version = version + 1 \
         WHERE id = $4",
    )
    .bind(&pseudonym)
    .bind(erased_birth_date())
    .bind(now())
    .bind(id)
    .execute(c)
    .await
    .map(|r| r.rows_affected())
    })?;
    scrub_history(&mut *tx, HistoryOf::Player(id), &name, &pseudonym, true).await?;
    let games: Vec<(i64, Option<String>)> = on!(&mut *tx, |c| sqlx::query_as(
        "SELECT g.id, g.log_text FROM games g JOIN matches m ON m.id = g.match_id \
         WHERE m.player_a = $1 OR m.player_b = $1",
    )
    .bind(id)
    .fetch_all(c)
    .await)?;
    for (game, log) in games {
        if let Some(log) = log {
            let scrubbed = scrub_log(&log, &name, &pseudonym);
            on!(&mut *tx, |c| sqlx::query("UPDATE games SET log_text = $1 WHERE id = $2")
                .bind(&scrubbed)
                .bind(game)
                .execute(c)
                .await
                .map(|r| r.rows_affected()))?;
        }
        scrub_history(&mut *tx, HistoryOf::Game(game), &name, &pseudonym, false).await?;
    }
    tx.record(tournament, by, &Change::PlayerErased { player: id, pseudonym }).await?;
    Ok(())
}

/// Register several players in one transaction (a form registers one, a CSV import many: all or none).
///
/// # Errors
/// An insert fails; nothing is registered then.
#[tracing::instrument(skip(db, players))]
pub async fn register_all(
    db: &Store,
    tournament: TournamentId,
    players: &[NewPlayer],
    joined_round: i64,
    by: UserId,
    rule: super::persons::LinkRule,
) -> Result<Vec<PlayerId>, StoreError> {
    let mut tx = db.write_tournament(tournament).await?;
    let mut ids = Vec::with_capacity(players.len());
    for p in players {
        ids.push(register_in(&mut tx, tournament, p, joined_round, by, rule).await?);
    }
    tx.commit().await?;
    Ok(ids)
}

/// Register one player inside the caller's transaction, which moved the tournament's change
/// counter already (an accepted invitation registers its entry in the invitation's transaction).
///
/// # Errors
/// The person's link is refused ([`super::persons::link_in`]); an insert fails.
pub async fn register_in(
    tx: &mut Conn,
    tournament: TournamentId,
    p: &NewPlayer,
    joined_round: i64,
    by: UserId,
    rule: super::persons::LinkRule,
) -> Result<PlayerId, StoreError> {
    let typed =
        super::persons::Typed { name: &p.name, birth_date: p.birth_date, school: &p.club, region: &p.region };
    let person = super::persons::link_in(tx, tournament, p.person, typed, rule).await?;
    let (id,): (PlayerId,) = on!(&mut *tx, |c| {
        sqlx::query_as(
        "INSERT INTO players (tournament_id, name, birth_date, club, knowledge_score, age_override, \
         joined_round, created_at, person_id, region) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id",
    )
    .bind(tournament)
    .bind(&p.name)
    .bind(p.birth_date)
    .bind(&p.club)
    .bind(p.knowledge_score)
    .bind(p.age_override)
    .bind(joined_round)
    .bind(now())
    .bind(person)
    .bind(&p.region)
    .fetch_one(c)
    .await
    })?;
    let registered = Change::PlayerRegistered { player: id, registration: p.into() };
    tx.record(tournament, by, &registered).await?;
    Ok(id)
}

const LIST: &str = "SELECT id, tournament_id, name, birth_date, club, region, knowledge_score, withdrawn, age_override, \
     joined_round, version, erased_at FROM players WHERE tournament_id = $1 ORDER BY id";

/// Players of a tournament in registration order.
///
/// # Errors
/// The query fails.
pub async fn list(db: &Store, tournament: TournamentId) -> Result<Vec<Player>, StoreError> {
    Ok(on!(db, |c| sqlx::query_as::<_, Player>(LIST).bind(tournament).fetch_all(c).await)?)
}

/// [`list`] inside the caller's transaction (the read model loads everything in one).
///
/// # Errors
/// The query fails.
pub async fn list_in(conn: &mut Conn, tournament: TournamentId) -> Result<Vec<Player>, StoreError> {
    Ok(on!(conn, |c| sqlx::query_as::<_, Player>(LIST).bind(tournament).fetch_all(c).await)?)
}

/// # Errors
/// The query fails.
pub async fn get(db: &Store, tournament: TournamentId, id: PlayerId) -> Result<Option<Player>, StoreError> {
    Ok(on!(db, |c| sqlx::query_as::<_, Player>(
        "SELECT id, tournament_id, name, birth_date, club, region, knowledge_score, withdrawn, age_override, \
         joined_round, version, erased_at FROM players WHERE tournament_id = $1 AND id = $2"
    )
    .bind(tournament)
    .bind(id)
    .fetch_optional(c)
    .await)?)
}

/// Withdraw, re-admit or record a knowledge-test score, checking the version and keeping history.
///
/// # Errors
/// [`StoreError::NotFound`], [`StoreError::Conflict`] if the player changed since `version`; the update fails.
#[tracing::instrument(skip(db))]
pub async fn change(
    db: &Store,
    tournament: TournamentId,
    id: PlayerId,
    version: i64,
    new: &PlayerChange,
    by: UserId,
) -> Result<(), StoreError> {
    let mut tx = db.write_tournament(tournament).await?;
    let old: Option<(bool, Option<i64>, i64)> = on!(&mut tx, |c| sqlx::query_as(
        "SELECT withdrawn, knowledge_score, version FROM players WHERE tournament_id = $1 AND id = $2",
    )
    .bind(tournament)
    .bind(id)
    .fetch_optional(c)
    .await)?;
    let (withdrawn, knowledge_score, current) = old.ok_or(StoreError::NotFound)?;
    if current != version {
        return Err(StoreError::Conflict);
    }
    let updated = on!(&mut tx, |c| sqlx::query(
        "UPDATE players SET withdrawn = $1, knowledge_score = $2, version = version + 1 \
         WHERE id = $3 AND version = $4",
    )
    .bind(new.withdrawn)
    .bind(new.knowledge_score)
    .bind(id)
    .bind(version)
    .execute(c)
    .await
    .map(|r| r.rows_affected()))?;
    if updated == 0 {
        return Err(StoreError::Conflict);
    }
    let old = PlayerChange { withdrawn, knowledge_score };
    tx.record(tournament, by, &Change::player_changed(id, old, new.clone())).await?;
    tx.commit().await?;
    Ok(())
}

/// Withdraw the entry `id` of `tournament` inside the caller's transaction (which took the
/// tournament's row), with its history row: a qualifier's place revoked after a correction of the
/// event they qualified from (issue 34). `false` if the entry was withdrawn already.
///
/// # Errors
/// [`StoreError::NotFound`]; a statement fails.
pub async fn withdraw_in(
    tx: &mut Conn,
    tournament: TournamentId,
    id: PlayerId,
    by: UserId,
) -> Result<bool, StoreError> {
    let old: Option<(bool, Option<i64>)> = on!(&mut *tx, |c| sqlx::query_as(
        "SELECT withdrawn, knowledge_score FROM players WHERE tournament_id = $1 AND id = $2",
    )
    .bind(tournament)
    .bind(id)
    .fetch_optional(c)
    .await)?;
    let (withdrawn, knowledge_score) = old.ok_or(StoreError::NotFound)?;
    if withdrawn {
        return Ok(false);
    }
    on!(&mut *tx, |c| sqlx::query(
        "UPDATE players SET withdrawn = $1, version = version + 1 WHERE tournament_id = $2 AND id = $3"
    )
    .bind(true)
    .bind(tournament)
    .bind(id)
    .execute(c)
    .await
    .map(|r| r.rows_affected()))?;
    let before = PlayerChange { withdrawn: false, knowledge_score };
    let after = PlayerChange { withdrawn: true, knowledge_score };
    tx.record(tournament, by, &Change::player_changed(id, before, after)).await?;
    Ok(true)
}

/// Forbid two players from being paired (siblings, same club, ...), in every round (`until`
/// `None`) or in rounds 1 to `until`. Stored with the lower id first; forbidding an already
/// forbidden pair changes its limit (the old limit goes to history).
///
/// # Errors
/// The insert fails.
pub async fn forbid_pair(
    db: &Store,
    tournament: TournamentId,
    a: PlayerId,
    b: PlayerId,
    until: Option<i64>,
    by: UserId,
) -> Result<(), StoreError> {
    let (a, b) = if a <= b { (a, b) } else { (b, a) };
    let mut tx = db.write_tournament(tournament).await?;
    let old: Option<(Option<i64>,)> = on!(&mut tx, |c| {
        sqlx::query_as(
        "SELECT until_round FROM forbidden_pairs WHERE tournament_id = $1 AND player_a = $2 AND player_b = $3",
    )
    .bind(tournament)
    .bind(a)
    .bind(b)
    .fetch_optional(c)
    .await
    })?;
    on!(&mut tx, |c| {
        sqlx::query(
        "INSERT INTO forbidden_pairs (tournament_id, player_a, player_b, until_round) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (tournament_id, player_a, player_b) DO UPDATE SET until_round = excluded.until_round",
    )
    .bind(tournament)
    .bind(a)
    .bind(b)
    .bind(until)
    .execute(c)
    .await
    .map(|r| r.rows_affected())
    })?;
    let pair = |until_round| ForbiddenPair { player_a: a, player_b: b, until_round };
    let forbidden = Change::PairForbidden { before: old.map(|(until,)| pair(until)), after: pair(until) };
    tx.record(tournament, by, &forbidden).await?;
    tx.commit().await?;
    Ok(())
}

/// Lift a forbidden pair.
///
/// # Errors
/// The delete fails.
pub async fn allow_pair(
    db: &Store,
    tournament: TournamentId,
    a: PlayerId,
    b: PlayerId,
    by: UserId,
) -> Result<(), StoreError> {
    let (a, b) = if a <= b { (a, b) } else { (b, a) };
    let mut tx = db.write_tournament(tournament).await?;
    on!(&mut tx, |c| sqlx::query(
        "DELETE FROM forbidden_pairs WHERE tournament_id = $1 AND player_a = $2 AND player_b = $3"
    )
    .bind(tournament)
    .bind(a)
    .bind(b)
    .execute(c)
    .await
    .map(|r| r.rows_affected()))?;
    tx.record(tournament, by, &Change::PairAllowed { player_a: a, player_b: b }).await?;
    tx.commit().await?;
    Ok(())
}

/// Forbidden pairs: (lower id, higher id, last round it holds or `None` for always).
///
/// # Errors
/// The query fails.
pub async fn forbidden_pairs(
    db: &Store,
    tournament: TournamentId,
) -> Result<Vec<(PlayerId, PlayerId, Option<i64>)>, StoreError> {
    Ok(on!(db, |c| sqlx::query_as(
        "SELECT player_a, player_b, until_round FROM forbidden_pairs WHERE tournament_id = $1 \
         ORDER BY player_a, player_b",
    )
    .bind(tournament)
    .fetch_all(c)
    .await)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scrubbing_touches_free_text_only() {
        let log = "[Event \"Liga\"]\n[Red \"Zofia Tajna\"]\n[Polish \"Jan Nowak\"]\nred pass # Zofia Tajna thought long\npolish pass\n";
        let out = scrub_log(log, "Zofia Tajna", "Anonim #7");
        assert_eq!(
            out,
            "[Event \"Liga\"]\n[Red \"Anonim #7\"]\n[Polish \"Jan Nowak\"]\nred pass # Anonim #7 thought long\npolish pass\n"
        );
        // An event line is never rewritten, whatever the name.
        assert_eq!(scrub_log("red pass\n", "pass", "X"), "red pass\n");
        let mut own = serde_json::json!({"name": "Zofia Tajna", "birth_date": "2010-01-15", "club": "LO 1", "age_override": false});
        scrub_json(&mut own, "Zofia Tajna", "Anonim #7", true);
        assert_eq!(
            own,
            serde_json::json!({"name": "Anonim #7", "birth_date": null, "club": "", "age_override": false})
        );
        let mut game = serde_json::json!({"log_text": "[Red \"Zofia Tajna\"]\nred pass", "winner": "red"});
        scrub_json(&mut game, "Zofia Tajna", "Anonim #7", false);
        assert_eq!(game["log_text"], "[Red \"Anonim #7\"]\nred pass");
    }
}
