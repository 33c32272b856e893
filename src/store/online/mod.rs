//! Matches played online (issue 25): which matches are online, each player's personal link (only
//! its SHA-256 is kept; the referee revokes it), and each game's deal seed with its SHA-256 (the
//! commitment shown from the start; the seed is shown once the game is over). An online game is
//! played as a recording (`recordings`): its lines, its server clock and its finish are the
//! recorder's, so the finished game becomes the game's validated log and result the same way.
//!
//! Every write that depends on a state checks it in its own transaction: marking a match checks it
//! belongs to the tournament and has an opponent; a link is issued only on an online match to one
//! of its two players (the player's earlier link is revoked in the same write); a game starts only
//! on an online match, in an open round, without a result or a walkover, after the match's earlier
//! games ended.

use super::games::{GameRow, LogStatus};
use super::history::Change;
use super::rounds::{Forfeit, MatchRow, Phase, Status as RoundStatus};
use super::tournaments::Tournament;
use super::{GameId, MatchId, PlayerId, RoundId, Store, StoreError, TournamentId, UserId, now};
use crate::league::clock::LeagueClock;
use crate::outcome::{Side, Termination};

/// Why an online write was refused (checked in its transaction).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OnlineRefusal {
    /// The match is not played online.
    NotOnline,
    /// A bye has no opponent to play online.
    Bye,
    /// The player does not play this match.
    NotInMatch,
    /// The match's earlier game has not ended yet: games are played in turn.
    EarlierGameFirst,
    /// A game of the match is being played online: it ends (or the organiser ends it on the
    /// recorder) before the match goes back to the table.
    GameInPlay,
    /// A game starts only once both players have opened their links.
    NotBothPresent,
    /// No no-show: both players opened their links (the games are played).
    NoShowBothPresent,
    /// No no-show claimed for a player who has not opened their link.
    NoShowClaimantAbsent,
    /// The organiser's waiting time has not passed yet.
    NoShowTooEarly,
    /// A game of the match has started (or has a result): no no-show any more.
    NoShowGameStarted,
    /// The round is a draft: its pairings may still change (swapped, discarded), so its matches go
    /// online once it is published.
    DraftRound,
}

/// A personal link as stored.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct Link {
    pub id: i64,
    pub match_id: MatchId,
    pub player_id: PlayerId,
    pub tournament_id: TournamentId,
    pub created_at: String,
    pub revoked_at: Option<String>,
    /// When the player first opened this link (`NULL` until then).
    pub present_since: Option<String>,
}

impl Link {
    #[must_use]
    pub fn is_revoked(&self) -> bool {
        self.revoked_at.is_some()
    }
}

/// A game's deal: the seed (hex) and its SHA-256 (hex).
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct Deal {
    pub game_id: GameId,
    pub seed: String,
    pub seed_sha256: String,
}

fn refused(r: OnlineRefusal) -> StoreError {
    StoreError::Refused(super::Refusal::Online(r))
}

/// Mark `matches` of the tournament online and give each of their games without one a deal seed
/// (`fresh` draws a seed and its SHA-256, both hex). Matches marked already stay as they are.
///
/// # Errors
/// [`StoreError::NotFound`] if a match is not the tournament's; [`OnlineRefusal::DraftRound`] while
/// its round is a draft (checked in the marking's transaction); [`OnlineRefusal::Bye`] for a bye;
/// the write fails.
pub async fn mark(
    db: &Store,
    tournament: TournamentId,
    matches: &[MatchId],
    by: UserId,
    mut fresh: impl FnMut() -> (String, String),
) -> Result<(), StoreError> {
    let mut tx = db.write_tournament(tournament).await?;
    for &m in matches {
        let found: Option<(Option<PlayerId>, RoundStatus)> = on!(&mut tx, |c| sqlx::query_as(
            "SELECT m.player_b, r.status FROM matches m JOIN rounds r ON r.id = m.round_id \
             WHERE m.id = $1 AND r.tournament_id = $2"
        )
        .bind(m)
        .bind(tournament)
        .fetch_optional(c)
        .await)?;
        let (b, status) = found.ok_or(StoreError::NotFound)?;
        if status == RoundStatus::Draft {
            return Err(refused(OnlineRefusal::DraftRound));
        }
        if b.is_none() {
            return Err(refused(OnlineRefusal::Bye));
        }
        on!(&mut tx, |c| sqlx::query(
            "INSERT INTO online_matches (match_id, marked_by, marked_at) VALUES ($1, $2, $3) \
             ON CONFLICT (match_id) DO UPDATE SET back_at = NULL, \
             marked_at = CASE WHEN online_matches.back_at IS NULL THEN online_matches.marked_at \
             ELSE excluded.marked_at END"
        )
        .bind(m)
        .bind(by)
        .bind(now())
        .execute(c)
        .await
        .map(|r| r.rows_affected()))?;
        let games: Vec<(GameId,)> = on!(&mut tx, |c| sqlx::query_as(
            "SELECT g.id FROM games g WHERE g.match_id = $1 \
             AND NOT EXISTS (SELECT 1 FROM online_games o WHERE o.game_id = g.id) ORDER BY g.game_no"
        )
        .bind(m)
        .fetch_all(c)
        .await)?;
        for (g,) in games {
            let (seed, sha) = fresh();
            insert_deal(&mut tx, g, &seed, &sha).await?;
        }
    }
    tx.commit().await?;
    Ok(())
}

async fn insert_deal(tx: &mut super::Conn, game: GameId, seed: &str, sha: &str) -> Result<(), StoreError> {
    on!(&mut *tx, |c| sqlx::query(
        "INSERT INTO online_games (game_id, seed, seed_sha256) VALUES ($1, $2, $3) \
         ON CONFLICT (game_id) DO NOTHING"
    )
    .bind(game)
    .bind(seed)
    .bind(sha)
    .execute(c)
    .await
    .map(|r| r.rows_affected()))?;
    Ok(())
}

/// Whether the match is played online.
///
/// # Errors
/// The query fails.
pub async fn is_online(db: &Store, m: MatchId) -> Result<bool, StoreError> {
    let found: Option<(MatchId,)> = on!(db, |c| sqlx::query_as(
        "SELECT match_id FROM online_matches WHERE match_id = $1 AND back_at IS NULL"
    )
    .bind(m)
    .fetch_optional(c)
    .await)?;
    Ok(found.is_some())
}

/// Give `player` of an online match a new personal link (`token_sha256`: the SHA-256 of its
/// token, hex), revoking the player's earlier ones in the same write.
///
/// # Errors
/// [`OnlineRefusal::NotOnline`], [`OnlineRefusal::NotInMatch`]; [`StoreError::NotFound`] if the
/// match is not the tournament's; the write fails.
pub async fn issue_link(
    db: &Store,
    tournament: TournamentId,
    m: MatchId,
    player: PlayerId,
    token_sha256: &str,
    by: UserId,
) -> Result<(), StoreError> {
    let mut tx = db.write_tournament(tournament).await?;
    let found: Option<(PlayerId, Option<PlayerId>, Option<MatchId>)> = on!(&mut tx, |c| {
        sqlx::query_as(
        "SELECT m.player_a, m.player_b, o.match_id FROM matches m JOIN rounds r ON r.id = m.round_id \
         LEFT JOIN online_matches o ON o.match_id = m.id AND o.back_at IS NULL WHERE m.id = $1 AND r.tournament_id = $2"
    )
    .bind(m)
    .bind(tournament)
    .fetch_optional(c)
    .await
    })?;
    let (a, b, online) = found.ok_or(StoreError::NotFound)?;
    if online.is_none() {
        return Err(refused(OnlineRefusal::NotOnline));
    }
    if player != a && Some(player) != b {
        return Err(refused(OnlineRefusal::NotInMatch));
    }
    let at = now();
    on!(&mut tx, |c| {
        sqlx::query(
        "UPDATE online_links SET revoked_at = $1 WHERE match_id = $2 AND player_id = $3 AND revoked_at IS NULL"
    )
    .bind(&at)
    .bind(m)
    .bind(player)
    .execute(c)
    .await
    .map(|r| r.rows_affected())
    })?;
    on!(&mut tx, |c| sqlx::query(
        "INSERT INTO online_links (match_id, player_id, token_sha256, created_by, created_at) \
         VALUES ($1, $2, $3, $4, $5)"
    )
    .bind(m)
    .bind(player)
    .bind(token_sha256)
    .bind(by)
    .bind(&at)
    .execute(c)
    .await
    .map(|r| r.rows_affected())
    .map_err(super::conflict_on_unique))?;
    tx.commit().await?;
    Ok(())
}

/// Revoke `player`'s live link to the match; returns how many were revoked (0: none was live).
///
/// # Errors
/// [`StoreError::NotFound`] if the match is not the tournament's; the write fails.
pub async fn revoke(
    db: &Store,
    tournament: TournamentId,
    m: MatchId,
    player: PlayerId,
) -> Result<u64, StoreError> {
    let mut tx = db.write_tournament(tournament).await?;
    let found: Option<(MatchId,)> = on!(&mut tx, |c| {
        sqlx::query_as(
        "SELECT m.id FROM matches m JOIN rounds r ON r.id = m.round_id WHERE m.id = $1 AND r.tournament_id = $2"
    )
    .bind(m)
    .bind(tournament)
    .fetch_optional(c)
    .await
    })?;
    found.ok_or(StoreError::NotFound)?;
    let n = on!(&mut tx, |c| {
        sqlx::query(
        "UPDATE online_links SET revoked_at = $1 WHERE match_id = $2 AND player_id = $3 AND revoked_at IS NULL"
    )
    .bind(now())
    .bind(m)
    .bind(player)
    .execute(c)
    .await
    .map(|r| r.rows_affected())
    })?;
    tx.commit().await?;
    Ok(n)
}

/// The link whose token hashes to `token_sha256`, revoked or not.
///
/// # Errors
/// The query fails.
pub async fn link_by_hash(db: &Store, token_sha256: &str) -> Result<Option<Link>, StoreError> {
    Ok(on!(db, |c| sqlx::query_as(
        "SELECT l.id, l.match_id, l.player_id, r.tournament_id, l.created_at, l.revoked_at, l.present_since \
         FROM online_links l JOIN matches m ON m.id = l.match_id JOIN rounds r ON r.id = m.round_id \
         WHERE l.token_sha256 = $1"
    )
    .bind(token_sha256)
    .fetch_optional(c)
    .await)?)
}

/// What a personal link opens, read in one statement: the link, its tournament, its match, the
/// match's games (by number), who marked the match online, and how long the client's throttle key
/// is blocked (the link page checks that first).
#[derive(Debug, Clone)]
pub struct Opened {
    pub link: Link,
    pub tournament: Tournament,
    pub m: MatchRow,
    pub games: Vec<GameRow>,
    /// Who marked the match online (`None`: it never was).
    pub marked_by: Option<UserId>,
}

/// One game's row of [`open_link`]'s statement: the tournament's columns by their own names, the
/// others prefixed (`l_`, `m_`, `g_`: the tables share `id` and `version`).
#[derive(sqlx::FromRow)]
struct OpenedRow {
    #[sqlx(flatten)]
    tournament: Tournament,
    l_id: i64,
    l_player_id: PlayerId,
    l_created_at: String,
    l_revoked_at: Option<String>,
    l_present_since: Option<String>,
    m_id: MatchId,
    m_round_id: RoundId,
    m_round_number: i64,
    m_phase: Phase,
    m_round_status: RoundStatus,
    m_table_no: i64,
    m_player_a: PlayerId,
    m_player_b: Option<PlayerId>,
    m_a_name: String,
    m_b_name: Option<String>,
    m_bracket_slot: Option<i64>,
    m_version: i64,
    m_forfeit: Option<Forfeit>,
    m_group_no: Option<i64>,
    g_id: Option<GameId>,
    g_game_no: Option<i64>,
    g_red_player: Option<PlayerId>,
    g_winner: Option<Side>,
    g_termination: Option<Termination>,
    g_red_points: Option<i64>,
    g_red_clock_secs: Option<i64>,
    g_polish_clock_secs: Option<i64>,
    g_log_status: Option<LogStatus>,
    g_log_message: Option<String>,
    g_edition: Option<String>,
    g_version: Option<i64>,
    marked_by: Option<UserId>,
}

impl OpenedRow {
    fn game(&self) -> Option<GameRow> {
        Some(GameRow {
            id: self.g_id?,
            match_id: self.m_id,
            game_no: self.g_game_no?,
            red_player: self.g_red_player?,
            winner: self.g_winner,
            termination: self.g_termination,
            red_points: self.g_red_points,
            red_clock_secs: self.g_red_clock_secs,
            polish_clock_secs: self.g_polish_clock_secs,
            log_status: self.g_log_status?,
            log_message: self.g_log_message.clone()?,
            edition: self.g_edition.clone(),
            version: self.g_version?,
        })
    }

    fn into_opened(self, games: Vec<GameRow>) -> Opened {
        Opened {
            link: Link {
                id: self.l_id,
                match_id: self.m_id,
                player_id: self.l_player_id,
                tournament_id: self.tournament.id,
                created_at: self.l_created_at,
                revoked_at: self.l_revoked_at,
                present_since: self.l_present_since,
            },
            m: MatchRow {
                id: self.m_id,
                round_id: self.m_round_id,
                round_number: self.m_round_number,
                phase: self.m_phase,
                round_status: self.m_round_status,
                table_no: self.m_table_no,
                player_a: self.m_player_a,
                player_b: self.m_player_b,
                a_name: self.m_a_name,
                b_name: self.m_b_name,
                bracket_slot: self.m_bracket_slot,
                version: self.m_version,
                forfeit: self.m_forfeit,
                group_no: self.m_group_no,
            },
            tournament: self.tournament,
            games,
            marked_by: self.marked_by,
        }
    }
}

/// The link whose token hashes to `token_sha256` (revoked or not) with everything its page needs,
/// in one statement (one snapshot; one row per game of the match).
///
/// # Errors
/// The query fails, or a stored value is not one this version writes.
pub async fn open_link(db: &Store, token_sha256: &str) -> Result<Option<Opened>, StoreError> {
    let rows: Vec<OpenedRow> = on!(db, |c| {
        sqlx::query_as(
        "SELECT t.id, t.name, t.venue, t.first_day, t.last_day, t.swiss_rounds, t.knockout_size, t.third_place, \
         t.score_win, t.score_draw, t.score_loss, t.score_bye, t.tiebreaks, t.edition, t.rules, t.table_clock, \
         t.no_show_wait_mins, t.version, \
         l.id AS l_id, l.player_id AS l_player_id, l.created_at AS l_created_at, l.revoked_at AS l_revoked_at, \
         l.present_since AS l_present_since, \
         m.id AS m_id, m.round_id AS m_round_id, r.number AS m_round_number, r.phase AS m_phase, \
         r.status AS m_round_status, m.table_no AS m_table_no, m.player_a AS m_player_a, m.player_b AS m_player_b, \
         pa.name AS m_a_name, pb.name AS m_b_name, m.bracket_slot AS m_bracket_slot, m.version AS m_version, \
         m.forfeit AS m_forfeit, m.group_no AS m_group_no, \
         g.id AS g_id, g.game_no AS g_game_no, g.red_player AS g_red_player, g.winner AS g_winner, \
         g.termination AS g_termination, g.red_points AS g_red_points, g.red_clock_secs AS g_red_clock_secs, \
         g.polish_clock_secs AS g_polish_clock_secs, g.log_status AS g_log_status, g.log_message AS g_log_message, \
         g.edition AS g_edition, g.version AS g_version, \
         o.marked_by AS marked_by \
         FROM online_links l JOIN matches m ON m.id = l.match_id JOIN rounds r ON r.id = m.round_id \
         JOIN tournaments t ON t.id = r.tournament_id JOIN players pa ON pa.id = m.player_a \
         LEFT JOIN players pb ON pb.id = m.player_b LEFT JOIN online_matches o ON o.match_id = m.id \
         LEFT JOIN games g ON g.match_id = m.id WHERE l.token_sha256 = $1 ORDER BY g.game_no"
    )
    .bind(token_sha256)
    .fetch_all(c)
    .await
    })?;
    let games: Vec<GameRow> = rows.iter().filter_map(OpenedRow::game).collect();
    Ok(rows.into_iter().next().map(|r| r.into_opened(games)))
}

/// The links of a match, newest first.
///
/// # Errors
/// The query fails.
pub async fn links_of(db: &Store, m: MatchId) -> Result<Vec<Link>, StoreError> {
    Ok(on!(db, |c| sqlx::query_as(
        "SELECT l.id, l.match_id, l.player_id, r.tournament_id, l.created_at, l.revoked_at, l.present_since \
         FROM online_links l JOIN matches m ON m.id = l.match_id JOIN rounds r ON r.id = m.round_id \
         WHERE l.match_id = $1 ORDER BY l.id DESC"
    )
    .bind(m)
    .fetch_all(c)
    .await)?)
}

/// A game's deal, if it has one.
///
/// # Errors
/// The query fails.
pub async fn deal(db: &Store, game: GameId) -> Result<Option<Deal>, StoreError> {
    Ok(on!(db, |c| sqlx::query_as("SELECT game_id, seed, seed_sha256 FROM online_games WHERE game_id = $1")
        .bind(game)
        .fetch_optional(c)
        .await)?)
}

/// Start an online game: its recording (both clocks at the time control, the first decider's
/// running from now: `clock`), and its deal if it has none yet (`fresh`). Checked in the insert's
/// transaction: the match is online, the round is one of `open`, no walkover, the game has no
/// result, both players have opened their links, the match's earlier games have results.
///
/// # Errors
/// [`StoreError::Conflict`] if it started already; [`StoreError::Refused`]; the write fails.
#[allow(clippy::too_many_arguments)]
pub async fn start_game(
    db: &Store,
    tournament: TournamentId,
    game: GameId,
    edition: &str,
    clock: LeagueClock,
    by: UserId,
    open: &[RoundStatus],
    fresh: (String, String),
) -> Result<(), StoreError> {
    let mut tx = db.write_tournament(tournament).await?;
    type Found = (bool, Option<Forfeit>, RoundStatus, Option<MatchId>, MatchId, i64);
    let found: Option<Found> = on!(&mut tx, |c| {
        sqlx::query_as(
        "SELECT g.winner IS NOT NULL, m.forfeit, r.status, o.match_id, m.id, g.game_no FROM games g \
         JOIN matches m ON m.id = g.match_id JOIN rounds r ON r.id = m.round_id \
         LEFT JOIN online_matches o ON o.match_id = m.id AND o.back_at IS NULL WHERE g.id = $1 AND r.tournament_id = $2"
    )
    .bind(game)
    .bind(tournament)
    .fetch_optional(c)
    .await
    })?;
    let (has_result, forfeit, round, online, m, game_no) = found.ok_or(StoreError::NotFound)?;
    if online.is_none() {
        return Err(refused(OnlineRefusal::NotOnline));
    }
    if !open.contains(&round) {
        return Err(StoreError::Refused(super::Refusal::RoundNotOpen));
    }
    if forfeit.is_some() {
        return Err(StoreError::Refused(super::Refusal::MatchForfeited));
    }
    if has_result {
        return Err(StoreError::Refused(super::Refusal::ResultStands));
    }
    match presence_in(&mut tx, m).await? {
        Some(p) if p.a.is_some() && p.b.is_some() => {}
        _ => return Err(refused(OnlineRefusal::NotBothPresent)),
    }
    let (earlier_open,): (i64,) = on!(&mut tx, |c| sqlx::query_as(
        "SELECT COUNT(*) FROM games WHERE match_id = $1 AND game_no < $2 AND winner IS NULL"
    )
    .bind(m)
    .bind(game_no)
    .fetch_one(c)
    .await)?;
    if earlier_open > 0 {
        return Err(refused(OnlineRefusal::EarlierGameFirst));
    }
    insert_deal(&mut tx, game, &fresh.0, &fresh.1).await?;
    on!(&mut tx, |c| {
        sqlx::query(
        "INSERT INTO recordings (game_id, edition, red_ms, polish_ms, running, since_ms, paused, steps, status, \
         started_by, started_at) VALUES ($1, $2, $3, $4, $5, $6, FALSE, 0, $7, $8, $9)",
    )
    .bind(game)
    .bind(edition)
    .bind(clock.red_ms)
    .bind(clock.polish_ms)
    .bind(clock.running)
    .bind(clock.since_ms)
    .bind(super::recordings::Status::Recording)
    .bind(by)
    .bind(now())
    .execute(c)
    .await
    .map(|r| r.rows_affected())
    .map_err(super::conflict_on_unique)
    })?;
    let started =
        Change::RecordingStarted { game, edition: edition.to_string(), time_control_ms: clock.red_ms };
    tx.record(tournament, by, &started).await?;
    tx.commit().await?;
    Ok(())
}

/// Switch an online match back to the table: its live links are revoked; refused while one of its
/// games is being played (checked in the write's transaction).
///
/// # Errors
/// [`OnlineRefusal::NotOnline`], [`OnlineRefusal::GameInPlay`]; [`StoreError::NotFound`] if the
/// match is not the tournament's; the write fails.
pub async fn back_to_table(db: &Store, tournament: TournamentId, m: MatchId) -> Result<(), StoreError> {
    let mut tx = db.write_tournament(tournament).await?;
    let found: Option<(MatchId,)> = on!(&mut tx, |c| {
        sqlx::query_as(
        "SELECT m.id FROM matches m JOIN rounds r ON r.id = m.round_id WHERE m.id = $1 AND r.tournament_id = $2"
    )
    .bind(m)
    .bind(tournament)
    .fetch_optional(c)
    .await
    })?;
    found.ok_or(StoreError::NotFound)?;
    let (in_play,): (i64,) = on!(&mut tx, |c| {
        sqlx::query_as(
        "SELECT COUNT(*) FROM recordings rc JOIN games g ON g.id = rc.game_id WHERE g.match_id = $1 AND rc.status = $2"
    )
    .bind(m)
    .bind(super::recordings::Status::Recording)
    .fetch_one(c)
    .await
    })?;
    if in_play > 0 {
        return Err(refused(OnlineRefusal::GameInPlay));
    }
    let at = now();
    let moved = on!(&mut tx, |c| sqlx::query(
        "UPDATE online_matches SET back_at = $1 WHERE match_id = $2 AND back_at IS NULL"
    )
    .bind(&at)
    .bind(m)
    .execute(c)
    .await
    .map(|r| r.rows_affected()))?;
    if moved == 0 {
        return Err(refused(OnlineRefusal::NotOnline));
    }
    on!(&mut tx, |c| sqlx::query(
        "UPDATE online_links SET revoked_at = $1 WHERE match_id = $2 AND revoked_at IS NULL"
    )
    .bind(&at)
    .bind(m)
    .execute(c)
    .await
    .map(|r| r.rows_affected()))?;
    tx.commit().await?;
    Ok(())
}

/// Who marked the match online (the online game's lines are saved in their name, as a recorder's
/// are in the scribe's).
///
/// # Errors
/// The query fails.
pub async fn marked_by(db: &Store, m: MatchId) -> Result<Option<UserId>, StoreError> {
    let found: Option<(UserId,)> =
        on!(db, |c| sqlx::query_as("SELECT marked_by FROM online_matches WHERE match_id = $1")
            .bind(m)
            .fetch_optional(c)
            .await)?;
    Ok(found.map(|(u,)| u))
}

/// Who of an online match's players has opened their link since it went online, and since when the
/// waiting for them counts (the round's publication or the match's marking, whichever is later).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Presence {
    /// RFC 3339, UTC.
    pub waiting_since: String,
    /// When player a first opened a link of theirs (`None`: not yet).
    pub a: Option<String>,
    pub b: Option<String>,
}

impl Presence {
    /// Both players' presence, a's first.
    #[must_use]
    pub fn present(&self) -> [bool; 2] {
        [self.a.is_some(), self.b.is_some()]
    }

    /// Seconds waited at `now` (0 before the waiting began, or for a time that does not parse).
    #[must_use]
    pub fn waited_secs(&self, now: chrono::DateTime<chrono::Utc>) -> i64 {
        chrono::DateTime::parse_from_rfc3339(&self.waiting_since)
            .map_or(0, |since| (now - since.with_timezone(&chrono::Utc)).num_seconds().max(0))
    }
}

/// The presence of an online match's players (`None`: the match is not online).
async fn presence_in(tx: &mut super::Conn, m: MatchId) -> Result<Option<Presence>, StoreError> {
    type Row = (String, Option<String>, Option<String>, Option<String>);
    let found: Option<Row> = on!(&mut *tx, |c| sqlx::query_as(
        "SELECT o.marked_at, r.published_at, \
         (SELECT MIN(l.present_since) FROM online_links l WHERE l.match_id = m.id \
          AND l.player_id = m.player_a AND l.present_since >= o.marked_at), \
         (SELECT MIN(l.present_since) FROM online_links l WHERE l.match_id = m.id \
          AND l.player_id = m.player_b AND l.present_since >= o.marked_at) \
         FROM matches m JOIN rounds r ON r.id = m.round_id \
         JOIN online_matches o ON o.match_id = m.id AND o.back_at IS NULL WHERE m.id = $1"
    )
    .bind(m)
    .fetch_optional(c)
    .await)?;
    Ok(found.map(|(marked, published, a, b)| Presence {
        // Both are RFC 3339 in UTC, written by `now()`: the later is the greater text.
        waiting_since: published.filter(|p| *p > marked).unwrap_or(marked),
        a,
        b,
    }))
}

/// [`presence_in`] on its own.
///
/// # Errors
/// The query fails.
pub async fn presence(db: &Store, m: MatchId) -> Result<Option<Presence>, StoreError> {
    presence_in(&mut db.conn().await?, m).await
}

/// The player opened the link: the first time counts as their arrival (a later opening changes
/// nothing, checked by the update itself).
///
/// # Errors
/// The write fails.
pub async fn mark_present(db: &Store, link: i64) -> Result<(), StoreError> {
    let mut tx = db.write().await?;
    on!(&mut tx, |c| {
        sqlx::query(
        "UPDATE online_links SET present_since = $1 WHERE id = $2 AND present_since IS NULL AND revoked_at IS NULL"
    )
    .bind(now())
    .bind(link)
    .execute(c)
    .await
    .map(|r| r.rows_affected())
    })?;
    tx.commit().await?;
    Ok(())
}

/// `claimant` claims the online match by the opponent's no-show, recorded as the typed walkover is
/// (`rounds::set_forfeit`: the version, the round among `open`, the stage open, the history row)
/// in one transaction that checks first, in it: the match is online with an opponent and no
/// walkover yet, none of its games started or has a result, the claimant has opened their link
/// and the opponent has not, and `wait_mins` have passed at `now` since the waiting began.
/// Returns the walkover recorded.
///
/// # Errors
/// [`OnlineRefusal`]s and [`super::Refusal::MatchForfeited`], `RoundNotOpen`, `StageClosed`;
/// [`StoreError::NotFound`]; the write fails.
#[allow(clippy::too_many_arguments)]
pub async fn claim_no_show(
    db: &Store,
    tournament: TournamentId,
    m: MatchId,
    claimant: PlayerId,
    wait_mins: i64,
    now: chrono::DateTime<chrono::Utc>,
    open: &[RoundStatus],
    by: UserId,
) -> Result<Forfeit, StoreError> {
    use crate::league::no_show::{self, ClaimRefusal, Seat};
    let mut tx = db.write_tournament(tournament).await?;
    type Found = (PlayerId, Option<PlayerId>, i64, Option<Forfeit>, i64);
    let found: Option<Found> = on!(&mut tx, |c| sqlx::query_as(
        "SELECT m.player_a, m.player_b, m.version, m.forfeit, \
         (SELECT COUNT(*) FROM games g WHERE g.match_id = m.id AND (g.winner IS NOT NULL \
          OR EXISTS (SELECT 1 FROM recordings rc WHERE rc.game_id = g.id))) \
         FROM matches m JOIN rounds r ON r.id = m.round_id WHERE m.id = $1 AND r.tournament_id = $2"
    )
    .bind(m)
    .bind(tournament)
    .fetch_optional(c)
    .await)?;
    let (a, b, version, forfeit, started) = found.ok_or(StoreError::NotFound)?;
    let b = b.ok_or(refused(OnlineRefusal::Bye))?;
    let seat = if claimant == a {
        Seat::A
    } else if claimant == b {
        Seat::B
    } else {
        return Err(refused(OnlineRefusal::NotInMatch));
    };
    if forfeit.is_some() {
        return Err(StoreError::Refused(super::Refusal::MatchForfeited));
    }
    if started > 0 {
        return Err(refused(OnlineRefusal::NoShowGameStarted));
    }
    let p = presence_in(&mut tx, m).await?.ok_or(refused(OnlineRefusal::NotOnline))?;
    let w = no_show::waiting(p.present(), p.waited_secs(now), wait_mins);
    let absent = no_show::claim(w, seat).map_err(|r| {
        refused(match r {
            ClaimRefusal::BothPresent => OnlineRefusal::NoShowBothPresent,
            ClaimRefusal::ClaimantAbsent => OnlineRefusal::NoShowClaimantAbsent,
            ClaimRefusal::TooEarly { .. } => OnlineRefusal::NoShowTooEarly,
        })
    })?;
    let walkover = match absent {
        Seat::A => Forfeit::AbsentA,
        Seat::B => Forfeit::AbsentB,
    };
    super::rounds::set_forfeit_in(&mut tx, tournament, m, version, Some(walkover), by, open).await?;
    tx.commit().await?;
    Ok(walkover)
}
