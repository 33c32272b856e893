//! The history of every change to a result, pairing or player: who, when, and what, as a typed
//! [`Change`] with the value it replaced (`change.rs`), kept in columns rows have always had
//! (`columns.rs`). Nothing is overwritten silently: the old value is always kept here, written in
//! the write's own transaction by the store's transaction helper (`Conn::record` in
//! `store::transaction`); this module only says what a change is and reads them back.

mod change;
mod columns;

pub use change::{Change, DiscardedDraft, ForbiddenPair, Registration, Seating, Settings};
pub use columns::{Columns, Entity, Unreadable};
pub(crate) use columns::{ENTRY_ABSENT, absent_entry_renamed};

use super::{Store, StoreError, TournamentId};

/// A row that does not read as a change fails its query, as a stored enum with an unknown name
/// does (`stored_as_text!`).
fn unreadable(e: Unreadable) -> StoreError {
    StoreError::Sqlx(sqlx::Error::Decode(Box::new(e)))
}

/// One recorded change, who made it and when.
#[derive(Debug, Clone, PartialEq)]
pub struct Recorded {
    pub change: Change,
    pub username: Option<String>,
    pub at: String,
}

/// A row as stored, before it is read as a [`Change`].
#[derive(sqlx::FromRow)]
struct StoredRow {
    entity: Entity,
    entity_id: i64,
    action: String,
    username: Option<String>,
    at: String,
    old_value: String,
    new_value: String,
}

impl StoredRow {
    fn read(self) -> Result<Recorded, StoreError> {
        let change =
            Change::read(self.entity, self.entity_id, &self.action, &self.old_value, &self.new_value)
                .map_err(unreadable)?;
        Ok(Recorded { change, username: self.username, at: self.at })
    }
}

/// The changes to one entity, oldest first.
///
/// # Errors
/// The query fails, or a row does not read as a change.
pub async fn for_entity(db: &Store, entity: Entity, entity_id: i64) -> Result<Vec<Recorded>, StoreError> {
    let rows = on!(db, |c| sqlx::query_as::<_, StoredRow>(
        "SELECT h.entity, h.entity_id, h.action, u.username, h.at, h.old_value, h.new_value \
         FROM history h LEFT JOIN users u ON u.id = h.user_id \
         WHERE h.entity = $1 AND h.entity_id = $2 ORDER BY h.id",
    )
    .bind(entity)
    .bind(entity_id)
    .fetch_all(c)
    .await)?;
    rows.into_iter().map(StoredRow::read).collect()
}

/// Every change in a tournament, newest first.
///
/// # Errors
/// The query fails, or a row does not read as a change.
pub async fn for_tournament(db: &Store, tournament: TournamentId) -> Result<Vec<Recorded>, StoreError> {
    let rows = on!(db, |c| sqlx::query_as::<_, StoredRow>(
        "SELECT h.entity, h.entity_id, h.action, u.username, h.at, h.old_value, h.new_value \
         FROM history h LEFT JOIN users u ON u.id = h.user_id \
         WHERE h.tournament_id = $1 ORDER BY h.id DESC",
    )
    .bind(tournament)
    .fetch_all(c)
    .await)?;
    rows.into_iter().map(StoredRow::read).collect()
}

/// One history row as the history page reads it: the change without its move logs (a busy day's
/// history holds megabytes of logs; the page links each one instead: a result read here has no
/// `log_text`), whether a log was there, and the match and round it concerns, when it concerns one.
#[derive(Debug, Clone, PartialEq)]
pub struct Entry {
    pub id: i64,
    pub change: Change,
    pub username: Option<String>,
    pub at: String,
    pub old_log: bool,
    pub new_log: bool,
    pub match_id: Option<i64>,
    pub round_number: Option<i64>,
    pub table_no: Option<i64>,
    /// The game's number, for a game's row.
    pub game_no: Option<i64>,
    /// The match's players (A commands Red in game 1).
    pub player_a: Option<i64>,
    pub player_b: Option<i64>,
}

/// [`Entry`] as the page's query returns it.
#[derive(sqlx::FromRow)]
struct PageRow {
    id: i64,
    #[sqlx(flatten)]
    row: StoredRow,
    old_log: bool,
    new_log: bool,
    match_id: Option<i64>,
    round_number: Option<i64>,
    table_no: Option<i64>,
    game_no: Option<i64>,
    player_a: Option<i64>,
    player_b: Option<i64>,
}

impl PageRow {
    fn read(self) -> Result<Entry, StoreError> {
        let Recorded { change, username, at } = self.row.read()?;
        Ok(Entry {
            id: self.id,
            change,
            username,
            at,
            old_log: self.old_log,
            new_log: self.new_log,
            match_id: self.match_id,
            round_number: self.round_number,
            table_no: self.table_no,
            game_no: self.game_no,
            player_a: self.player_a,
            player_b: self.player_b,
        })
    }
}

/// Which history rows a page shows.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Filter {
    /// Rows about this round (its pairings, matches, games, deck checks, status, referees).
    pub round: Option<i64>,
    /// Rows about this player (the player, their matches and games, their forbidden pairs).
    pub player: Option<super::PlayerId>,
    /// Rows about this match and its games only.
    pub match_id: Option<super::MatchId>,
}

/// The JSON work of the history page, per backend: a value with its `log_text` taken out (a JSON
/// object's only) and whether it had one, and the log itself. SQLite's JSON1 functions and
/// PostgreSQL's `jsonb` operators say the same thing; the rest of the query is shared.
struct JsonSql {
    /// `{c}`: the column. The value without its log.
    without_log: &'static str,
    /// Whether the value holds a log (a string).
    has_log: &'static str,
    /// The log, or NULL.
    log: &'static str,
}

const SQLITE_JSON: JsonSql = JsonSql {
    without_log: "CASE WHEN json_valid({c}) AND json_type({c}) = 'object' \
                  THEN json_remove({c}, '$.log_text') ELSE {c} END",
    has_log: "(json_valid({c}) AND json_type({c}) = 'object' AND json_type({c}, '$.log_text') = 'text')",
    log: "CASE WHEN json_valid({c}) AND json_type({c}) = 'object' THEN json_extract({c}, '$.log_text') END",
};

// Every stored value was written by `serde_json`, so the cast to `jsonb` cannot fail; `->` on a
// scalar or an array gives NULL rather than an error.
const POSTGRES_JSON: JsonSql = JsonSql {
    without_log: "CASE WHEN jsonb_typeof({c}::jsonb) = 'object' \
                  THEN ({c}::jsonb - 'log_text')::text ELSE {c} END",
    has_log: "COALESCE(jsonb_typeof({c}::jsonb -> 'log_text') = 'string', FALSE)",
    log: "CASE WHEN jsonb_typeof({c}::jsonb) = 'object' THEN {c}::jsonb ->> 'log_text' END",
};

fn json_sql(db: &Store) -> &'static JsonSql {
    match db.backend() {
        super::Backend::Sqlite => &SQLITE_JSON,
        super::Backend::Postgres => &POSTGRES_JSON,
    }
}

/// The history page's query: the rows of a tournament with their values without logs, the match
/// and round each concerns, filtered by [`Filter`], newest first.
fn page_sql(json: &JsonSql) -> String {
    let on = |template: &str, column: &str| template.replace("{c}", column);
    format!(
        "SELECT h.id, h.entity, h.entity_id, h.action, u.username, h.at, \
         {old} AS old_value, {new} AS new_value, {old_log} AS old_log, {new_log} AS new_log, \
         m.id AS match_id, r.number AS round_number, m.table_no, g.game_no, m.player_a, m.player_b \
         FROM history h LEFT JOIN users u ON u.id = h.user_id \
         LEFT JOIN games g ON h.entity = '{game}' AND g.id = h.entity_id \
         LEFT JOIN matches m ON m.id = (CASE WHEN h.entity = '{game}' THEN g.match_id \
              WHEN h.entity IN ('{match_}', '{pairing}', '{deck_check}') THEN h.entity_id END) \
         LEFT JOIN rounds r ON r.id = (CASE WHEN h.entity = '{round}' THEN h.entity_id ELSE m.round_id END) \
         WHERE h.tournament_id = $1 \
           AND ($2 IS NULL OR r.number = $2) \
           AND ($3 IS NULL OR m.player_a = $3 OR m.player_b = $3 \
                OR (h.entity IN ('{player}', '{forbidden_pair}') AND h.entity_id = $3)) \
           AND ($4 IS NULL OR m.id = $4) \
         ORDER BY h.id DESC LIMIT $5 OFFSET $6",
        old = on(json.without_log, "h.old_value"),
        new = on(json.without_log, "h.new_value"),
        old_log = on(json.has_log, "h.old_value"),
        new_log = on(json.has_log, "h.new_value"),
        game = Entity::Game.as_str(),
        match_ = Entity::Match.as_str(),
        pairing = Entity::Pairing.as_str(),
        deck_check = Entity::DeckCheck.as_str(),
        round = Entity::Round.as_str(),
        player = Entity::Player.as_str(),
        forbidden_pair = Entity::ForbiddenPair.as_str(),
    )
}

/// A page of a tournament's history, newest first: at most `limit` rows after skipping `offset`.
///
/// # Errors
/// The query fails, or a row does not read as a change.
pub async fn page(
    db: &Store,
    tournament: TournamentId,
    filter: Filter,
    offset: i64,
    limit: i64,
) -> Result<Vec<Entry>, StoreError> {
    // Built from constants only: nothing the user typed reaches the text.
    let sql = page_sql(json_sql(db));
    let rows = on!(db, |c| sqlx::query_as::<_, PageRow>(sqlx::AssertSqlSafe(sql.clone()))
        .bind(tournament)
        .bind(filter.round)
        .bind(filter.player)
        .bind(filter.match_id)
        .bind(limit)
        .bind(offset)
        .fetch_all(c)
        .await)?;
    rows.into_iter().map(PageRow::read).collect()
}

/// Which value of a history row.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    Old,
    New,
}

/// The move log kept in one value of a history row (the log as it was then), if it has one.
///
/// # Errors
/// The query fails.
pub async fn log_of(
    db: &Store,
    tournament: TournamentId,
    id: i64,
    side: Side,
) -> Result<Option<String>, StoreError> {
    let column = match side {
        Side::Old => "old_value",
        Side::New => "new_value",
    };
    // Built from constants only: nothing the user typed reaches the text.
    let sql = format!(
        "SELECT {} FROM history WHERE id = $1 AND tournament_id = $2",
        json_sql(db).log.replace("{c}", column)
    );
    let row: Option<(Option<String>,)> = on!(db, |c| sqlx::query_as(sqlx::AssertSqlSafe(sql.clone()))
        .bind(id)
        .bind(tournament)
        .fetch_optional(c)
        .await)?;
    Ok(row.and_then(|(log,)| log))
}
