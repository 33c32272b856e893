//! Results of the tournament day: whether a match is open to a writer, a game's result (typed, or
//! from a move log the engine validates), walkovers and withdrawals, the knockout's extra game, and
//! deck checks. Every write checks what it depends on in its own transaction: the version the
//! editor loaded, the round's status (so a result cannot land in a round locked meanwhile), or the
//! snapshot's stamp (the extra game, decided on every result of the match).

use super::snapshot::{MatchState, draw_rule, on_fresh_snapshot, play_of, ref_of, sp};
use super::tournament::rule_options;
use super::{AppError, AppResult, Refusal};
use crate::engine::{Edition, validate_log};
use crate::league::typed_result::check_clocks;
use crate::league::{
    self, Armies, DeckCheckError, DeckReport, ExtraGameLot, TypedResult, check_deck, check_typed_result,
};
use crate::outcome::{Side, Termination};
use crate::store::deck_checks::NewDeckCheck;
use crate::store::games::{GameRow, LogStatus, ResultEntry};
use crate::store::rounds::{Forfeit, MatchRow, Status};
use crate::store::tournaments::{Role, Tournament};
use crate::store::{self, GameId, MatchId, Store, StoreError, TournamentId, UserId};

/// The round statuses in which a writer with `role` may enter results: a published round, and
/// for an organiser a locked one too (corrections). Never a draft.
#[must_use]
pub fn open_statuses(role: Role) -> &'static [Status] {
    match role {
        Role::Referee => &[Status::Published],
        Role::Organiser => &[Status::Published, Status::Locked],
    }
}

/// Whether results may be entered on a match of a round in `status` by a writer with `role`.
#[must_use]
pub fn open_for(status: Status, role: Role) -> bool {
    open_statuses(role).contains(&status)
}

/// A match of the tournament, open to the writer.
///
/// # Errors
/// [`StoreError::NotFound`], [`Refusal::RoundNotOpen`]; the database fails.
pub async fn open_match(db: &Store, t: TournamentId, m: MatchId, role: Role) -> AppResult<MatchRow> {
    let m = store::rounds::get_match(db, t, m).await?.ok_or(StoreError::NotFound)?;
    if !open_for(m.round_status, role) {
        return Err(Refusal::RoundNotOpen.into());
    }
    Ok(m)
}

/// A game and its match, open to the writer (what the result form is checked against).
pub struct OpenGame {
    pub game: GameRow,
    pub m: MatchRow,
}

/// A game of the tournament whose match is open to the writer.
///
/// # Errors
/// [`StoreError::NotFound`], [`Refusal::RoundNotOpen`]; the database fails.
pub async fn open_game(db: &Store, t: TournamentId, game: GameId, role: Role) -> AppResult<OpenGame> {
    let (game, _) = store::games::get(db, game).await?.ok_or(StoreError::NotFound)?;
    let m = open_match(db, t, game.match_id, role).await?;
    Ok(OpenGame { game, m })
}

/// The typed fields of a result, parsed (each may be missing when a log is given).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Typed {
    pub winner: Option<Side>,
    pub termination: Option<Termination>,
    pub red_points: Option<i64>,
    pub red_clock: Option<i64>,
    pub polish_clock: Option<i64>,
}

/// A result as submitted: the typed fields and a move log (empty: none).
#[derive(Debug, Clone, Default)]
pub struct Submission {
    pub typed: Typed,
    pub log: String,
    /// Keep the typed result even though the log is invalid (the log is kept, marked invalid).
    pub accept_invalid: bool,
}

/// A result the rules accepted ([`decide_entry`] is the only way to make one): what the store saves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decided(ResultEntry);

impl Decided {
    /// The result as it will be stored.
    #[must_use]
    pub fn entry(&self) -> &ResultEntry {
        &self.0
    }
}

/// How many armies each side has in the edition (what the points table counts).
#[must_use]
pub fn armies(edition: &Edition) -> Armies {
    let count = |side| u32::try_from(edition.units().filter(|u| u.side == side).count()).unwrap_or(u32::MAX);
    Armies { red: count(Side::Red), polish: count(Side::Polish) }
}

/// The tournament's time per player, in seconds (what a clock reading can be at most).
fn time_control(t: &Tournament) -> i64 {
    i64::from(rule_options(&t.config()).time_control_secs)
}

/// A typed result without a log: every field is needed, the winner must fit the termination (the
/// outcome's rule: some endings are a win for one side only), and the points and clocks must be
/// ones a game that ended so can give (`league::typed_result`, checked as a log would be).
fn typed_entry(t: &Tournament, edition: &Edition, typed: &Typed) -> Result<ResultEntry, Refusal> {
    let (Some(winner), Some(termination), Some(red_points)) =
        (typed.winner, typed.termination, typed.red_points)
    else {
        return Err(Refusal::ResultIncomplete {
            winner: typed.winner.is_none(),
            termination: typed.termination.is_none(),
            red_points: typed.red_points.is_none(),
        });
    };
    if let Some(only) = termination.fixed_winner().filter(|&w| w != winner) {
        return Err(Refusal::WinsOnly { termination, winner: only });
    }
    let claimed = TypedResult {
        winner,
        termination,
        red_points,
        red_clock_secs: typed.red_clock,
        polish_clock_secs: typed.polish_clock,
    };
    let impossible = check_typed_result(&claimed, armies(edition), time_control(t));
    if !impossible.is_empty() {
        return Err(Refusal::ImpossibleResult(impossible));
    }
    Ok(ResultEntry::typed(winner, termination, red_points, typed.red_clock, typed.polish_clock))
}

/// The result to store for a submission: the typed result, or the outcome of the log the engine
/// validates with the tournament's edition and rule switches (the log is stored as given, with the
/// edition's code). Typed fields must agree with a valid log; an invalid log is kept beside a
/// complete typed result only when the referee says so.
///
/// # Errors
/// [`Refusal::ResultIncomplete`], [`Refusal::WinsOnly`], [`Refusal::ImpossibleResult`],
/// [`Refusal::Contradicts`], [`Refusal::InvalidLog`].
pub fn decide_entry(t: &Tournament, edition: &Edition, s: &Submission) -> Result<Decided, Refusal> {
    let log = s.log.as_str();
    if log.trim().is_empty() {
        return typed_entry(t, edition, &s.typed).map(Decided);
    }
    match validate_log(log, edition, &rule_options(&t.config())) {
        Ok(v) => {
            let o = v.outcome;
            let typed = &s.typed;
            let winner = typed.winner.is_some_and(|w| w != o.winner).then_some(o.winner);
            let termination = typed.termination.is_some_and(|x| x != o.termination).then_some(o.termination);
            let red_points =
                typed.red_points.is_some_and(|p| p != i64::from(o.red_points)).then_some(o.red_points);
            if winner.is_some() || termination.is_some() || red_points.is_some() {
                return Err(Refusal::Contradicts { winner, termination, red_points });
            }
            let clocks = check_clocks(
                Some(o.winner),
                Some(o.termination),
                typed.red_clock,
                typed.polish_clock,
                time_control(t),
            );
            if !clocks.is_empty() {
                return Err(Refusal::ImpossibleResult(clocks));
            }
            Ok(Decided(ResultEntry {
                winner: Some(o.winner),
                termination: Some(o.termination),
                red_points: Some(i64::from(o.red_points)),
                red_clock_secs: typed.red_clock,
                polish_clock_secs: typed.polish_clock,
                log_text: Some(log.to_string()),
                log_status: LogStatus::Valid,
                log_message: v.claim_mismatches.join(" "),
                log_edition: Some(t.edition.clone()),
            }))
        }
        Err(e) if s.accept_invalid => {
            let mut entry = typed_entry(t, edition, &s.typed)?;
            entry.log_text = Some(log.to_string());
            entry.log_status = LogStatus::Invalid;
            entry.log_message = e.to_string();
            entry.log_edition = Some(t.edition.clone());
            Ok(Decided(entry))
        }
        Err(e) => Err(Refusal::InvalidLog(Box::new(e))),
    }
}

/// Whether the stored game holds exactly this result (the save would change nothing).
fn same_result(now: &GameRow, log: Option<&str>, entry: &ResultEntry) -> bool {
    log == entry.log_text.as_deref()
        && now.winner == entry.winner
        && now.termination == entry.termination
        && now.red_points == entry.red_points
        && now.red_clock_secs == entry.red_clock_secs
        && now.polish_clock_secs == entry.polish_clock_secs
        && now.log_status == entry.log_status
}

/// Enter or correct one game's result, if the game is still at `version` (what the editor loaded)
/// and its round still open to the writer (checked in the write's transaction). Saving the same
/// result again (a double click, a resent form) is a success. The stored entry on success.
///
/// # Errors
/// [`Refusal::MatchForfeited`] (answered before the log is validated, and checked again in the
/// transaction), the refusals of [`decide_entry`], [`Refusal::RoundNotOpen`];
/// [`StoreError::Conflict`] if someone saved another result first; the database fails.
#[allow(clippy::too_many_arguments)]
pub async fn enter(
    db: &Store,
    t: &Tournament,
    open: &OpenGame,
    version: i64,
    submission: &Submission,
    edition: &Edition,
    role: Role,
    by: UserId,
) -> AppResult<ResultEntry> {
    if open.m.forfeit.is_some() {
        return Err(Refusal::MatchForfeited.into());
    }
    let Decided(entry) = decide_entry(t, edition, submission)?;
    let game = open.game.id;
    match store::games::save_results_open(db, t.id, &[(game, version, &entry)], by, open_statuses(role)).await
    {
        Ok(()) => Ok(entry),
        Err(StoreError::Conflict) => {
            let (now, log) = store::games::get(db, game).await?.ok_or(StoreError::NotFound)?;
            if same_result(&now, log.as_deref(), &entry) {
                Ok(entry)
            } else {
                Err(StoreError::Conflict.into())
            }
        }
        Err(other) => Err(other.into()),
    }
}

/// Enter many results at once (game, version loaded, the result [`decide_entry`] accepted), all
/// in one transaction or none, each round's status checked as [`enter`] checks one (the demo
/// loader fills thousands of games so).
///
/// # Errors
/// [`Refusal::RoundNotOpen`], [`Refusal::MatchForfeited`], [`StoreError::Conflict`] for the first
/// game refused (nothing is saved then); the database fails.
pub async fn enter_all(
    db: &Store,
    t: TournamentId,
    results: Vec<(GameId, i64, Decided)>,
    role: Role,
    by: UserId,
) -> AppResult<()> {
    let entries: Vec<(GameId, i64, &ResultEntry)> =
        results.iter().map(|(g, v, Decided(e))| (*g, *v, e)).collect();
    Ok(store::games::save_results_open(db, t, &entries, by, open_statuses(role)).await?)
}

/// Record or clear (`None`) a no-show or withdrawal on a match still at `version`; the league says
/// what a phase allows (a knockout match must send someone on). Repeating the same choice is a
/// success.
///
/// # Errors
/// [`Refusal::Bye`], [`Refusal::KnockoutNeedsAWinner`], [`Refusal::RoundNotOpen`] (checked in the
/// write's transaction); [`StoreError::Conflict`] if the match changed meanwhile; the database fails.
pub async fn set_forfeit(
    db: &Store,
    t: TournamentId,
    m: &MatchRow,
    version: i64,
    forfeit: Option<Forfeit>,
    role: Role,
    by: UserId,
) -> AppResult<()> {
    check_forfeit(m, forfeit)?;
    match store::rounds::set_forfeit(db, t, m.id, version, forfeit, by, open_statuses(role)).await {
        Err(StoreError::Conflict) => {
            let now = store::rounds::get_match(db, t, m.id).await?.ok_or(StoreError::NotFound)?;
            if now.forfeit() == forfeit { Ok(()) } else { Err(StoreError::Conflict.into()) }
        }
        other => Ok(other?),
    }
}

/// Whether the league allows recording `forfeit` on the match (a knockout match must send someone
/// on); `None` (played) always.
///
/// # Errors
/// [`Refusal::Bye`], [`Refusal::KnockoutNeedsAWinner`].
pub fn check_forfeit(m: &MatchRow, forfeit: Option<Forfeit>) -> AppResult<()> {
    let b = m.player_b.ok_or(Refusal::Bye)?;
    if let Some(x) = forfeit
        && league::check_play(draw_rule(m.phase), &play_of(x, m.player_a, b)).is_err()
    {
        return Err(Refusal::KnockoutNeedsAWinner.into());
    }
    Ok(())
}

/// What drawing the extra game's lot came to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExtraGame {
    /// Drawn now: the Red side and the lot's seed.
    Drawn(ExtraGameLot),
    /// Drawn before (a repeated click): nothing changed.
    DrawnBefore,
}

/// Draw the extra game's Red side by the bracket's recorded lot and add the game (a knockout match
/// level after the games, the Red-side points and the knowledge test). Decided on a snapshot and
/// saved only if nothing changed since (a correction meanwhile may decide the match).
///
/// # Errors
/// [`Refusal::NoExtraGame`], [`Refusal::ExtraGameDrawnMeanwhile`], [`Refusal::Bracket`];
/// [`StoreError::NotFound`]; the database fails.
pub async fn draw_extra_game(db: &Store, t: TournamentId, m: MatchId, by: UserId) -> AppResult<ExtraGame> {
    let mut first_look = true;
    on_fresh_snapshot(db, t, |data| {
        let first = std::mem::replace(&mut first_look, false);
        async move {
            let m = data.match_row(m).ok_or(StoreError::NotFound)?;
            if data.games_of(m.id).iter().any(|g| g.game_no == 3) {
                // Drawn already: a repeated click, or someone else just now.
                return if first {
                    Ok(ExtraGame::DrawnBefore)
                } else {
                    Err(Refusal::ExtraGameDrawnMeanwhile.into())
                };
            }
            if !matches!(data.state(m), MatchState::NeedsExtraGame) {
                return Err(Refusal::NoExtraGame.into());
            }
            let at = m.bracket_slot.and_then(ref_of).ok_or(StoreError::NotFound)?;
            let mut bracket =
                data.knockout_bracket().ok_or(StoreError::NotFound)?.map_err(Refusal::Bracket)?;
            let lot = bracket.draw_extra_game_red(at).map_err(Refusal::Bracket)?;
            match store::games::add_extra_game(db, t, Some(data.stamp), m.id, sp(lot.red), lot.seed, by).await
            {
                Ok(_) => Ok(ExtraGame::Drawn(lot)),
                Err(e) => Err(AppError::from(e)),
            }
        }
    })
    .await
}

/// One deck as the referee checked it: short or not, and the cards a short set lacks as stored
/// (`R07 name`), in the order of the list.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DeckSide {
    pub short: bool,
    pub missing: Vec<(u32, String)>,
}

/// The edition's card list of one side as `(number, name)` pairs (what the league's deck check takes).
#[must_use]
pub fn card_list(edition: &Edition, side: Side) -> Vec<(u8, &str)> {
    edition.cards(side).map(|c| (c.number, c.name.as_str())).collect()
}

/// Check one deck (league rules, "Card list and deck checks"): `counted` cards, and the numbers of
/// the cards found missing (those on the side's list; the league's `check_deck` decides).
///
/// # Errors
/// [`Refusal::DeckMissingButNotShort`], [`Refusal::DeckMoreMissingThanShort`].
pub fn check_deck_side(
    edition: &Edition,
    side: Side,
    counted: i64,
    missing: &[u8],
) -> Result<DeckSide, Refusal> {
    let list = card_list(edition, side);
    let mut numbers: Vec<u8> =
        missing.iter().copied().filter(|n| list.iter().any(|&(c, _)| c == *n)).collect();
    numbers.sort_unstable();
    numbers.dedup();
    match check_deck(&list, u32::try_from(counted).unwrap_or(0), &numbers) {
        Err(DeckCheckError::MissingButNotShort { .. }) => Err(Refusal::DeckMissingButNotShort { side }),
        Err(DeckCheckError::MoreMissingThanShort { short, listed, .. }) => {
            Err(Refusal::DeckMoreMissingThanShort { side, short, listed })
        }
        Ok(DeckReport::Complete { .. } | DeckReport::TooMany { .. }) => Ok(DeckSide::default()),
        Ok(DeckReport::Short { .. }) => Ok(DeckSide { short: true, missing: Vec::new() }),
        Ok(DeckReport::Incomplete { missing, .. }) => {
            let letter = if side == Side::Red { 'R' } else { 'P' };
            let missing = missing
                .into_iter()
                .map(|c| {
                    (u32::from(c.number), format!("{letter}{:02} {}", c.number, c.name.unwrap_or_default()))
                })
                .collect();
            Ok(DeckSide { short: true, missing })
        }
    }
}

/// A short deck needs the set handed out instead, or the list of what it lacks.
///
/// # Errors
/// [`Refusal::SwapNeeded`].
pub fn check_swap(sides: &[DeckSide], swapped_to: &str) -> Result<(), Refusal> {
    let short = sides.iter().any(|s| s.short);
    let listed = sides.iter().any(|s| !s.missing.is_empty());
    if short && swapped_to.is_empty() && !listed { Err(Refusal::SwapNeeded) } else { Ok(()) }
}

/// A match of the tournament.
///
/// # Errors
/// [`StoreError::NotFound`]; the database fails.
pub async fn find_match(db: &Store, t: TournamentId, m: MatchId) -> AppResult<MatchRow> {
    Ok(store::rounds::get_match(db, t, m).await?.ok_or(StoreError::NotFound)?)
}

/// Record a deck check on a match of a published round (checked in the write's transaction).
///
/// # Errors
/// [`Refusal::RoundNotPublished`]; [`StoreError::NotFound`]; the database fails.
pub async fn record_deck_check(
    db: &Store,
    t: TournamentId,
    m: MatchId,
    check: &NewDeckCheck,
    by: UserId,
) -> AppResult<()> {
    Ok(store::deck_checks::record(db, t, m, check, by).await?)
}

/// What stands for a game, as the match page says it: a validated record (with its number of
/// lines), a result typed without one, or a recording that still decides.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Standing {
    /// No result and no recording yet.
    Nothing,
    /// Being recorded at the table: the recording writes the result.
    BeingRecorded,
    /// The recording ended where a result stood: which stands is asked on the recorder.
    AwaitsChoice,
    /// The result is a validated game record of `moves` lines.
    Record { moves: usize },
    /// A result typed without a record.
    Typed,
    /// A result typed beside a record the engine refused (kept, marked invalid).
    TypedInvalidRecord,
}

/// What stands for each game of a match (by game), in the order of the games.
///
/// # Errors
/// The database fails.
pub async fn standings_of_match(db: &Store, m: MatchId) -> AppResult<Vec<(GameId, Standing)>> {
    use crate::store::recordings::{self, Status as Rec};
    let games = store::games::of_match(db, m).await?;
    let recordings = recordings::of_match(db, m).await?;
    let mut out = Vec::with_capacity(games.len());
    for g in games {
        let recording = recordings.iter().find(|(id, _, _)| *id == g.id).map(|(_, s, _)| *s);
        let standing = match (recording, g.log_status) {
            (Some(Rec::Recording), _) => Standing::BeingRecorded,
            (Some(Rec::Awaiting), _) => Standing::AwaitsChoice,
            _ if !g.has_result() => Standing::Nothing,
            (_, LogStatus::Valid) => {
                let text = store::games::log_text(db, g.id).await?.unwrap_or_default();
                // A stored valid log parses (it validated); its lines are the record's moves.
                let moves = crate::engine::parse_log(&text).map_or(0, |log| log.events.len());
                Standing::Record { moves }
            }
            (_, LogStatus::Invalid) => Standing::TypedInvalidRecord,
            (_, LogStatus::None) => Standing::Typed,
        };
        out.push((g.id, standing));
    }
    Ok(out)
}
