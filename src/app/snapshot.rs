//! The snapshot every use case decides on, and the bridge from stored rows to the league's pure
//! functions: a tournament's rows loaded once, in one read transaction ([`Loaded::load`]), labelled
//! with the change stamp they reflect, indexed by id, and decided by `crate::league`. No rule lives
//! here: only conversions (row to league type) and bookkeeping (which rows belong together). The
//! league calls (match outcome, Swiss records, standings, bracket) are the methods below; a write
//! decided on a snapshot is saved only if the stamp did not move (`Store::write_tournament_unchanged`).
//! The public pages' read model (`web::read_model::view`) builds on the same snapshot once per stamp.
//! Here too: deciding again on a fresh snapshot when the write found the stamp moved
//! ([`on_fresh_snapshot`]), and the questions every area asks of it (is the last round locked, how
//! many Swiss rounds are paired, does the tournament open with groups), so that the areas (rounds,
//! stages, knockout, season) need each other only one way.

use super::{AppResult, RETRIES, Refusal};
use crate::league::stages::Stage;
use crate::league::{
    self, Absence, Bracket, HalfPoints, KnowledgeScores, MatchDecision, MatchInput, MatchPlay, MatchRef,
    MatchResult, PlayedGame, RoundRecord, Scoring, StandingPlayer, StandingRow, StandingsInput,
};
use crate::outcome::GameOutcome;
use crate::store::games::GameRow;
use crate::store::players::Player;
use crate::store::rounds::{Forfeit, MatchRow, Phase, Round, Status};
use crate::store::tournaments::Tournament;
use crate::store::view::{Stamp, TournamentRows};
use crate::store::{self, MatchId, PlayerId, RoundId, Store, StoreError, TournamentId};
use std::collections::{BTreeMap, HashMap};

/// The last round must be locked before another starts (results complete, no edits pending).
///
/// # Errors
/// [`Refusal::LockFirst`] naming the round to lock.
pub fn check_last_round_locked(data: &Loaded) -> Result<(), Refusal> {
    match data.rounds.last() {
        Some(last) if last.status() != Status::Locked => Err(Refusal::LockFirst { round: last.number }),
        _ => Ok(()),
    }
}

/// The number the next round gets.
#[must_use]
pub fn next_number(data: &Loaded) -> i64 {
    data.rounds.last().map_or(1, |r| r.number + 1)
}

/// Swiss rounds paired so far.
#[must_use]
pub fn swiss_paired(rounds: &[Round]) -> usize {
    rounds.iter().filter(|r| r.phase() == Phase::Swiss).count()
}

/// Whether another Swiss round may be paired: fewer than configured, and the knockout not begun.
#[must_use]
pub fn swiss_left(rounds: &[Round], swiss_rounds: i64) -> bool {
    i64::try_from(swiss_paired(rounds)).unwrap_or(i64::MAX) < swiss_rounds
        && !rounds.iter().any(|r| r.phase() == Phase::Knockout)
}

/// Run `attempt` on a fresh snapshot until its write is not refused as a conflict (the tournament
/// changed after the snapshot), at most [`RETRIES`] times.
pub(super) async fn on_fresh_snapshot<T, F, Fut>(db: &Store, t: TournamentId, mut attempt: F) -> AppResult<T>
where
    F: FnMut(Loaded) -> Fut,
    Fut: std::future::Future<Output = AppResult<T>>,
{
    let mut tries = 0;
    loop {
        tries += 1;
        let data = Loaded::load_id(db, t).await?;
        match attempt(data).await {
            Err(e) if e.is_conflict() && tries < RETRIES => continue,
            other => return other,
        }
    }
}

/// Whether the tournament opens with round-robin groups.
#[must_use]
pub fn opens_with_groups(data: &Loaded) -> bool {
    data.stage_rows.stages.first().is_some_and(|s| matches!(s.definition, Stage::Groups(_)))
}

/// The league's id for a stored player (the league uses the row id).
#[must_use]
pub fn lp(id: PlayerId) -> league::PlayerId {
    league::PlayerId(id.0)
}

/// The stored id for a league player.
#[must_use]
pub fn sp(id: league::PlayerId) -> PlayerId {
    PlayerId(id.0)
}

/// The tournament's scoring, as the league counts it.
#[must_use]
pub fn scoring(t: &Tournament) -> Scoring {
    Scoring {
        win: HalfPoints(t.score_win),
        draw: HalfPoints(t.score_draw),
        loss: HalfPoints(t.score_loss),
        bye: HalfPoints(t.score_bye),
    }
}

/// A stored game's outcome, if a result was entered.
#[must_use]
pub fn outcome_of(g: &GameRow) -> Option<GameOutcome> {
    Some(GameOutcome {
        winner: g.winner?,
        termination: g.termination?,
        red_points: u32::try_from(g.red_points?).ok()?,
    })
}

/// Where a match stands (the league's decision on its stored games, as the pages show it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MatchState {
    Bye,
    /// Results still missing.
    Pending,
    Decided(MatchResult),
    NeedsKnowledgeTest,
    NeedsExtraGame,
    /// The entered games cannot form this match (the league's message).
    Invalid(String),
}

impl MatchState {
    #[must_use]
    pub fn result(&self) -> Option<&MatchResult> {
        match self {
            MatchState::Decided(r) => Some(r),
            _ => None,
        }
    }
}

/// A tournament's players, rounds, matches and games, loaded together and indexed by id.
pub struct Loaded {
    /// The change stamp the rows reflect (a write decided on them checks it did not move).
    pub stamp: Stamp,
    pub t: Tournament,
    pub players: Vec<Player>,
    pub rounds: Vec<Round>,
    pub matches: Vec<MatchRow>,
    pub games: BTreeMap<MatchId, Vec<GameRow>>,
    /// The tournament's stages, group draw, members and lots (issue 19).
    pub stage_rows: store::stages::StageRows,
    player_at: HashMap<PlayerId, usize>,
    round_at: HashMap<RoundId, usize>,
    match_at: HashMap<MatchId, usize>,
}

impl Loaded {
    /// Load the tournament `t` names, in one read transaction (the rows and `self.t` come from the
    /// same snapshot, so `self.t` may be newer than the `t` passed in).
    ///
    /// # Errors
    /// The database fails; [`StoreError::NotFound`] if the tournament is gone.
    pub async fn load(db: &Store, t: Tournament) -> Result<Loaded, StoreError> {
        Loaded::load_id(db, t.id).await
    }

    /// [`Loaded::load`] by the tournament's id.
    ///
    /// # Errors
    /// As [`Loaded::load`].
    pub async fn load_id(db: &Store, id: store::TournamentId) -> Result<Loaded, StoreError> {
        let rows = store::view::rows(db, id).await?.ok_or(StoreError::NotFound)?;
        Ok(Loaded::from_rows(rows))
    }

    /// Group and index stored rows (pure).
    #[must_use]
    pub fn from_rows(rows: TournamentRows) -> Loaded {
        let TournamentRows {
            stamp, tournament: t, players, rounds, matches, games: game_rows, stages, ..
        } = rows;
        let mut games: BTreeMap<MatchId, Vec<GameRow>> = BTreeMap::new();
        for g in game_rows {
            games.entry(g.match_id).or_default().push(g);
        }
        let player_at = players.iter().enumerate().map(|(i, p)| (p.id, i)).collect();
        let round_at = rounds.iter().enumerate().map(|(i, r)| (r.id, i)).collect();
        let match_at = matches.iter().enumerate().map(|(i, m)| (m.id, i)).collect();
        Loaded {
            stamp,
            t,
            players,
            rounds,
            matches,
            games,
            stage_rows: stages,
            player_at,
            round_at,
            match_at,
        }
    }

    #[must_use]
    pub fn player(&self, id: PlayerId) -> Option<&Player> {
        self.player_at.get(&id).and_then(|&i| self.players.get(i))
    }

    /// A match of this tournament by id.
    #[must_use]
    pub fn match_row(&self, id: MatchId) -> Option<&MatchRow> {
        self.matches.get(self.match_index(id)?)
    }

    /// Where a match is in `self.matches`.
    #[must_use]
    pub fn match_index(&self, id: MatchId) -> Option<usize> {
        self.match_at.get(&id).copied()
    }

    #[must_use]
    pub fn name(&self, id: PlayerId) -> String {
        self.player(id).map(|p| p.name.clone()).unwrap_or_else(|| format!("#{id}"))
    }

    #[must_use]
    pub fn games_of(&self, m: MatchId) -> &[GameRow] {
        self.games.get(&m).map_or(&[], Vec::as_slice)
    }

    /// Rounds the public may see (published or locked).
    pub fn public_rounds(&self) -> impl Iterator<Item = &Round> {
        self.rounds.iter().filter(|r| r.status() != Status::Draft)
    }

    fn round_of(&self, m: &MatchRow) -> Option<&Round> {
        self.round_at.get(&m.round_id).and_then(|&i| self.rounds.get(i))
    }

    /// Decide one match from its stored games (league rules through `league::outcome_of_match`).
    #[must_use]
    pub fn state(&self, m: &MatchRow) -> MatchState {
        let Some(b) = m.player_b else { return MatchState::Bye };
        let draw_rule = draw_rule(m.phase);
        if let Some(forfeit) = m.forfeit() {
            let play = play_of(forfeit, m.player_a, b);
            let input = MatchInput {
                red_first: lp(m.player_a),
                other: lp(b),
                draw_rule,
                play,
                knowledge_test: None,
                extra_game: None,
            };
            return decide(&input);
        }
        let games = self.games_of(m.id);
        let game = |no: i64| games.iter().find(|g| g.game_no == no);
        let played = |no: i64, red: PlayerId, polish: PlayerId| {
            game(no).and_then(outcome_of).map(|outcome| PlayedGame {
                red: lp(red),
                polish: lp(polish),
                outcome,
            })
        };
        let (Some(game1), Some(game2)) = (played(1, m.player_a, b), played(2, b, m.player_a)) else {
            return MatchState::Pending;
        };
        let knowledge =
            |p: PlayerId| self.player(p).and_then(|p| p.knowledge_score).and_then(|k| u32::try_from(k).ok());
        let knowledge_test = match (knowledge(m.player_a), knowledge(b)) {
            (Some(red_first), Some(other)) => Some(KnowledgeScores { red_first, other }),
            _ => None,
        };
        let extra_game = game(3).and_then(|g| {
            let polish = if g.red_player == m.player_a { b } else { m.player_a };
            outcome_of(g).map(|outcome| PlayedGame { red: lp(g.red_player), polish: lp(polish), outcome })
        });
        let input = MatchInput {
            red_first: lp(m.player_a),
            other: lp(b),
            draw_rule,
            play: MatchPlay::Played { game1, game2 },
            knowledge_test,
            extra_game,
        };
        decide(&input)
    }

    /// Every match of a round decided (byes count as decided)?
    #[must_use]
    pub fn round_complete(&self, round: &Round) -> bool {
        self.matches
            .iter()
            .filter(|m| m.round_id == round.id)
            .all(|m| matches!(self.state(m), MatchState::Bye | MatchState::Decided(_)))
    }

    /// The Swiss rounds as the league records them: public rounds, decided matches, byes.
    #[must_use]
    pub fn swiss_records(&self) -> Vec<RoundRecord> {
        self.public_rounds()
            .filter(|r| r.phase() == Phase::Swiss)
            .map(|r| {
                let mut record = RoundRecord {
                    round: u32::try_from(r.number).unwrap_or(0),
                    matches: Vec::new(),
                    byes: Vec::new(),
                };
                for m in self.matches.iter().filter(|m| m.round_id == r.id) {
                    match self.state(m) {
                        MatchState::Bye => record.byes.push(lp(m.player_a)),
                        MatchState::Decided(result) => record.matches.push(result),
                        _ => {}
                    }
                }
                record
            })
            .collect()
    }

    /// The Swiss rounds the standings count: public rounds that are finished (locked, or every
    /// match decided). A round still in play is left out until its last result is in, so the
    /// standings always read "after round N".
    #[must_use]
    pub fn finished_swiss_records(&self) -> Vec<RoundRecord> {
        self.public_rounds()
            .filter(|r| r.phase() == Phase::Swiss)
            .filter_map(|r| {
                let mut record = RoundRecord {
                    round: u32::try_from(r.number).unwrap_or(0),
                    matches: Vec::new(),
                    byes: Vec::new(),
                };
                let mut complete = true;
                for m in self.matches.iter().filter(|m| m.round_id == r.id) {
                    match self.state(m) {
                        MatchState::Bye => record.byes.push(lp(m.player_a)),
                        MatchState::Decided(result) => record.matches.push(result),
                        _ => complete = false,
                    }
                }
                (complete || r.status() == Status::Locked).then_some(record)
            })
            .collect()
    }

    /// What the standings depend on: players in registration order (their seed and the TRF's
    /// starting rank), round of entry, withdrawal, and the finished Swiss rounds.
    #[must_use]
    pub fn standings_input(&self) -> StandingsInput {
        let players = self
            .players
            .iter()
            .enumerate()
            .map(|(i, p)| StandingPlayer {
                id: lp(p.id),
                seed: u32::try_from(i + 1).unwrap_or(u32::MAX),
                knowledge_test: p.knowledge_score.and_then(|k| u32::try_from(k).ok()),
                joined_round: u32::try_from(p.joined_round).unwrap_or(1),
                withdrawn: p.withdrawn,
            })
            .collect();
        StandingsInput {
            players,
            rounds: self.finished_swiss_records(),
            scoring: scoring(&self.t),
            tiebreaks: self.t.tiebreaks.to_vec(),
        }
    }

    /// The standings after the finished Swiss rounds (league `standings::compute`).
    #[must_use]
    pub fn standings(&self) -> Vec<StandingRow> {
        league::standings::compute(&self.standings_input())
    }

    /// Matches of a round, by table.
    pub fn matches_of_round(&self, round: &Round) -> impl Iterator<Item = &MatchRow> {
        self.matches.iter().filter(move |m| m.round_id == round.id)
    }

    /// The round a match belongs to is visible to the public.
    #[must_use]
    pub fn is_public(&self, m: &MatchRow) -> bool {
        self.round_of(m).is_some_and(|r| r.status() != Status::Draft)
    }
}

/// What a level match comes to in a phase: a draw stands in the Swiss, a knockout match must be
/// decided.
#[must_use]
pub fn draw_rule(phase: Phase) -> league::DrawRule {
    match phase {
        Phase::Knockout => league::DrawRule::MustBeDecided,
        Phase::Swiss | Phase::Groups => league::DrawRule::Stands,
    }
}

/// The league's view of a stored walkover or withdrawal (`a` commands Red in game 1).
#[must_use]
pub fn play_of(forfeit: Forfeit, a: PlayerId, b: PlayerId) -> MatchPlay {
    match forfeit {
        Forfeit::AbsentA => MatchPlay::NoShow { absent: Absence::One(lp(a)) },
        Forfeit::AbsentB => MatchPlay::NoShow { absent: Absence::One(lp(b)) },
        Forfeit::AbsentBoth => MatchPlay::NoShow { absent: Absence::Both },
        Forfeit::WithdrewA => MatchPlay::Withdrawal { withdrawn: lp(a) },
        Forfeit::WithdrewB => MatchPlay::Withdrawal { withdrawn: lp(b) },
    }
}

/// The league's decision on one match, as a page shows it.
fn decide(input: &MatchInput) -> MatchState {
    match league::outcome_of_match(input) {
        Ok(MatchDecision::Decided(r)) => MatchState::Decided(r),
        Ok(MatchDecision::NeedsKnowledgeTest) => MatchState::NeedsKnowledgeTest,
        Ok(MatchDecision::NeedsExtraGame) => MatchState::NeedsExtraGame,
        Err(e) => MatchState::Invalid(e.to_string()),
    }
}

/// How the knockout was seeded, stored with its first round so the bracket can always be rebuilt
/// from the stored results (the league's `Bracket` is a pure function of these and the results).
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub struct Seeding {
    /// Player ids, best seed first.
    pub ranked: Vec<i64>,
    pub third_place: bool,
    /// Seed of the extra-game lots (random when the knockout started; recorded here).
    pub lot_seed: u64,
    /// A bracket laid out by qualification from groups (issue 19): the first round's places in
    /// order, each a player and their seed, `None` a bye. Absent: seeded 1 v K from `ranked`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub layout: Option<Vec<Option<(i64, u32)>>>,
    /// Where each bracket player came from ("A1"), as (player, origin).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub origins: Vec<(i64, league::qualification::Origin)>,
}

/// The stored column value for a bracket place.
#[must_use]
pub fn slot_of(at: MatchRef) -> i64 {
    match at {
        MatchRef::Main { round, index } => i64::from(round) * 1000 + i64::from(index),
        MatchRef::ThirdPlace => -1,
    }
}

/// The bracket place of a stored slot value.
#[must_use]
pub fn ref_of(slot: i64) -> Option<MatchRef> {
    if slot == -1 {
        return Some(MatchRef::ThirdPlace);
    }
    Some(MatchRef::Main { round: u32::try_from(slot / 1000).ok()?, index: u32::try_from(slot % 1000).ok()? })
}

impl Loaded {
    /// The knockout's seeding, once it started.
    #[must_use]
    pub fn seeding(&self) -> Option<Seeding> {
        let first = self.rounds.iter().find(|r| r.phase() == Phase::Knockout)?;
        serde_json::from_str(&first.explanation).ok()
    }

    /// What a knockout match is (`None` for a Swiss match, or before the knockout's seeding).
    #[must_use]
    pub fn stage_of(&self, m: &MatchRow) -> Option<league::BracketRound> {
        if m.phase != Phase::Knockout {
            return None;
        }
        let at = ref_of(m.bracket_slot?)?;
        let size = u32::try_from(self.seeding()?.ranked.len()).ok()?;
        Some(at.stage(league::rounds_for(size)))
    }

    /// What a knockout round is: the stage of its main bracket match (a final's round holds the
    /// third-place match too); `None` for a Swiss round.
    #[must_use]
    pub fn stage_of_round(&self, round: &Round) -> Option<league::BracketRound> {
        let stages = self.matches_of_round(round).filter_map(|m| self.stage_of(m));
        stages.min()
    }

    /// Stored knockout matches with their bracket place.
    pub fn knockout_matches(&self) -> impl Iterator<Item = (&MatchRow, MatchRef)> {
        self.matches
            .iter()
            .filter(|m| m.phase == Phase::Knockout)
            .filter_map(|m| Some((m, ref_of(m.bracket_slot?)?)))
    }

    /// The bracket rebuilt from the seeding and every decided knockout match (league `Bracket`).
    ///
    /// # Errors
    /// The league refuses the seeding or a stored result (the message says why).
    pub fn bracket(&self) -> Option<Result<Bracket, String>> {
        self.knockout_bracket().map(|b| b.map_err(|e| e.to_string()))
    }

    /// [`Loaded::bracket`] with the league's typed reason.
    ///
    /// # Errors
    /// The league refuses the seeding or a stored result.
    pub fn knockout_bracket(&self) -> Option<Result<Bracket, league::KnockoutError>> {
        let seeding = self.seeding()?;
        let ranked: Vec<league::PlayerId> = seeding.ranked.iter().map(|&id| league::PlayerId(id)).collect();
        let built = match &seeding.layout {
            Some(layout) => {
                let layout: Vec<Option<(league::PlayerId, u32)>> =
                    layout.iter().map(|s| s.map(|(id, seed)| (league::PlayerId(id), seed))).collect();
                Bracket::placed(&layout, seeding.third_place, seeding.lot_seed)
            }
            None => Bracket::seeded(&ranked, seeding.third_place, seeding.lot_seed),
        };
        let mut bracket = match built {
            Ok(b) => b,
            Err(e) => return Some(Err(e)),
        };
        let mut stored: Vec<(&MatchRow, MatchRef)> = self.knockout_matches().collect();
        stored.sort_by_key(|(m, _)| (m.round_number, m.table_no));
        for (m, at) in stored {
            if self.games_of(m.id).iter().any(|g| g.game_no == 3)
                && let Err(e) = bracket.draw_extra_game_red(at)
            {
                return Some(Err(e));
            }
            if let MatchState::Decided(result) = self.state(m)
                && let Err(e) = bracket.record_result(at, result)
            {
                return Some(Err(e));
            }
        }
        Some(Ok(bracket))
    }
}
