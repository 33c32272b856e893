//! A whole tournament with random results (for `bitwa simulate`, the invariant tests and the
//! benchmark): Swiss rounds paired by [`pair_round`], results drawn as real games and decided by
//! [`outcome_of_match`], then an optional knockout. Seeded ChaCha8: the same configuration gives
//! the same tournament on every machine.

use super::ids::{DrawRule, PlayerId};
use super::knockout::{Bracket, KnockoutError, MatchRef};
use super::matches::{
    Absence, KnowledgeScores, MatchDecision, MatchError, MatchInput, MatchPlay, MatchResult, PlayedGame,
    outcome_of_match,
};
use super::rounds::RoundRecord;
use super::scoring::Scoring;
use super::standings::{StandingPlayer, StandingRow, StandingsInput, compute};
use super::swiss::{
    ForbiddenPair, ForbiddenUntil, Pairing, PairingError, PairingInput, PairingPlayer, PlayerStatus,
    RoundPairing, pair_round,
};
use super::tiebreak::Tiebreak;
use crate::outcome::{GameOutcome, Side, Termination};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{RngCore, SeedableRng};
use serde::{Deserialize, Serialize};

/// What to simulate. Rates are in parts per million (the league never uses floats).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SimulationConfig {
    pub players: u32,
    pub rounds: u32,
    pub top: Option<u32>,
    pub seed: u64,
    /// Chance that an active player withdraws after a round.
    pub withdraw_per_million: u32,
    /// Players who join after round 1 (each in a random later round).
    pub late_entries: u32,
    /// Chance that a match is a no-show.
    pub no_show_per_million: u32,
    /// Players are put in this many schools; pairs from one school are forbidden in the first
    /// two rounds (0: no forbidden pairs).
    pub schools: u32,
}

impl SimulationConfig {
    #[must_use]
    pub fn new(players: u32, rounds: u32, seed: u64) -> SimulationConfig {
        SimulationConfig {
            players,
            rounds,
            top: None,
            seed,
            withdraw_per_million: 0,
            late_entries: 0,
            no_show_per_million: 20_000,
            schools: 0,
        }
    }
}

/// One simulated Swiss round: the pairing as made and the results.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SimulatedRound {
    /// The pairing input, kept so tests can check the pairing against it.
    pub input: PairingInput,
    pub pairing: RoundPairing,
    pub record: RoundRecord,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Simulation {
    /// Every registered player with their final status (late entries' round of entry).
    pub players: Vec<PairingPlayer>,
    pub rounds: Vec<SimulatedRound>,
    pub standings: Vec<StandingRow>,
    pub knockout: Option<Bracket>,
}

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum SimulationError {
    /// A round could not be paired; the input is kept so the claim can be checked.
    #[error("{error}")]
    Pairing { error: PairingError, input: Box<PairingInput> },
    #[error(transparent)]
    Knockout(#[from] KnockoutError),
    /// The simulation built a match the rules refuse (a bug in the simulation).
    #[error(transparent)]
    Match(#[from] MatchError),
}

pub(super) struct Sim {
    rng: ChaCha8Rng,
    /// Hidden strength per player, so results are not coin flips.
    strength: Vec<u32>,
}

impl Sim {
    /// Players 1..=`players` with hidden strengths drawn from `seed`.
    pub(super) fn new(seed: u64, players: u32) -> Sim {
        let mut sim = Sim { rng: ChaCha8Rng::seed_from_u64(seed), strength: Vec::new() };
        sim.strength = (0..players).map(|_| 10 + sim.rng.next_u32() % 90).collect();
        sim
    }

    fn chance(&mut self, per_million: u32) -> bool {
        (self.rng.next_u64() % 1_000_000) < u64::from(per_million)
    }

    fn below(&mut self, n: u32) -> u32 {
        if n == 0 { 0 } else { self.rng.next_u32() % n }
    }

    fn strength(&self, p: PlayerId) -> u32 {
        usize::try_from(p.0 - 1).ok().and_then(|i| self.strength.get(i)).copied().unwrap_or(50)
    }

    /// One game, consistent with the rules: how it ended fixes who could win, and Red-side
    /// points follow the league's table loosely (a Red win in Warsaw scores at least 21).
    fn game(&mut self, red: PlayerId, polish: PlayerId) -> PlayedGame {
        let (sr, sp) = (self.strength(red), self.strength(polish));
        let red_wins = self.below(sr + sp) < sr;
        let roll = self.below(10);
        let (winner, termination) = match (red_wins, roll) {
            (_, 0) => (if red_wins { Side::Red } else { Side::Polish }, Termination::TimeForfeit),
            (true, 1..=5) => (Side::Red, Termination::WarsawEntered),
            (true, _) => (Side::Red, Termination::RadzyminCheck),
            (false, 1..=4) => (Side::Polish, Termination::ThreeRedEliminated),
            (false, 5..=6) => (Side::Polish, Termination::AllRedDispersed),
            (false, _) => (Side::Polish, Termination::RadzyminCheck),
        };
        let base = match termination {
            Termination::WarsawEntered => 21,
            Termination::RadzyminCheck if winner == Side::Red => 10,
            _ => 0,
        };
        let red_points = base + 4 * self.below(4) + 2 * self.below(4);
        PlayedGame { red, polish, outcome: GameOutcome { winner, termination, red_points } }
    }

    /// A random match decided by the rules; `extra_game_red` draws the extra game's Red side
    /// (the knockout's recorded lot) if one is needed.
    pub(super) fn match_result(
        &mut self,
        red_first: PlayerId,
        other: PlayerId,
        draw_rule: DrawRule,
        no_show: u32,
        extra_game_red: &mut dyn FnMut() -> Result<PlayerId, SimulationError>,
    ) -> Result<MatchResult, SimulationError> {
        let play = if self.chance(no_show) {
            MatchPlay::NoShow { absent: Absence::One(if self.below(2) == 0 { red_first } else { other }) }
        } else {
            MatchPlay::Played { game1: self.game(red_first, other), game2: self.game(other, red_first) }
        };
        let mut input =
            MatchInput { red_first, other, draw_rule, play, knowledge_test: None, extra_game: None };
        // Ask for what the rules ask for until the match is decided (knockout tiebreakers).
        loop {
            match outcome_of_match(&input) {
                Ok(MatchDecision::Decided(r)) => return Ok(r),
                Ok(MatchDecision::NeedsKnowledgeTest) => {
                    input.knowledge_test =
                        Some(KnowledgeScores { red_first: 20 + self.below(5), other: 20 + self.below(5) });
                }
                Ok(MatchDecision::NeedsExtraGame) => {
                    let red = extra_game_red()?;
                    let polish = if red == red_first { other } else { red_first };
                    input.extra_game = Some(self.game(red, polish));
                }
                Err(e) => return Err(e.into()),
            }
        }
    }
}

/// Run a tournament.
///
/// # Errors
/// A round that cannot be paired without a rematch (tiny fields with many rounds), or a
/// knockout that cannot be seeded.
pub fn simulate(cfg: &SimulationConfig) -> Result<Simulation, SimulationError> {
    let total = cfg.players + cfg.late_entries;
    let mut sim = Sim::new(cfg.seed, total);
    let mut players: Vec<PairingPlayer> = (1..=total)
        .map(|i| PairingPlayer {
            id: PlayerId(i64::from(i)),
            status: PlayerStatus::Active,
            joined_round: 1,
            rank: i,
        })
        .collect();
    for p in players.iter_mut().skip(cfg.players as usize) {
        p.joined_round = 2 + sim.below(cfg.rounds.saturating_sub(1).max(1));
    }
    let mut forbidden = Vec::new();
    if cfg.schools > 0 {
        let school: Vec<u32> = (0..total).map(|_| sim.below(cfg.schools)).collect();
        for a in 0..total as usize {
            for b in a + 1..total as usize {
                if school[a] == school[b] && sim.below(8) == 0 {
                    forbidden.push(ForbiddenPair {
                        a: players[a].id,
                        b: players[b].id,
                        until: ForbiddenUntil::Round(2),
                    });
                }
            }
        }
    }
    let scoring = Scoring::default();
    let mut history: Vec<RoundRecord> = Vec::new();
    let mut rounds = Vec::new();
    for round in 1..=cfg.rounds {
        let standings = standings_of(&players, &history, &scoring);
        for row in &standings {
            if let Some(p) = players.iter_mut().find(|p| p.id == row.player) {
                p.rank = row.rank;
            }
        }
        let input = PairingInput {
            round,
            players: players.clone(),
            history: history.clone(),
            forbidden: forbidden.clone(),
            scoring,
        };
        let pairing = match pair_round(&input) {
            Ok(p) => p,
            Err(error) => return Err(SimulationError::Pairing { error, input: Box::new(input) }),
        };
        let mut record = RoundRecord { round, matches: Vec::new(), byes: Vec::new() };
        for p in &pairing.pairings {
            match *p {
                Pairing::Match { red_first, other, .. } => {
                    // The Swiss phase never needs an extra game.
                    let mut no_lot = || Ok(red_first);
                    let r = sim.match_result(
                        red_first,
                        other,
                        DrawRule::Stands,
                        cfg.no_show_per_million,
                        &mut no_lot,
                    )?;
                    record.matches.push(r);
                }
                Pairing::Bye { player } => record.byes.push(player),
            }
        }
        history.push(record.clone());
        rounds.push(SimulatedRound { input, pairing, record });
        for p in players.iter_mut() {
            if p.status == PlayerStatus::Active
                && p.joined_round <= round
                && sim.chance(cfg.withdraw_per_million)
            {
                p.status = PlayerStatus::Withdrawn;
            }
        }
    }
    let standings = standings_of(&players, &history, &scoring);
    let knockout = match cfg.top {
        // Everyone may have withdrawn: no knockout without two players.
        Some(k) if players.iter().filter(|p| p.status == PlayerStatus::Active).count() >= 2 => {
            let active: Vec<PlayerId> = standings
                .iter()
                .filter(|r| players.iter().any(|p| p.id == r.player && p.status == PlayerStatus::Active))
                .map(|r| r.player)
                .take(k as usize)
                .collect();
            let mut bracket = Bracket::seeded(&active, true, cfg.seed)?;
            play_bracket(&mut sim, &mut bracket)?;
            Some(bracket)
        }
        _ => None,
    };
    Ok(Simulation { players, rounds, standings, knockout })
}

/// Play every match of a bracket with random results, drawing (and recording) the extra game's
/// lot where one is needed.
pub(super) fn play_bracket(sim: &mut Sim, bracket: &mut Bracket) -> Result<(), SimulationError> {
    while let Some((at, (a, b))) = bracket.ready().first().and_then(|m| Some((m.at, m.players()?))) {
        let mut draw = bracket.clone();
        let mut lot = || Ok(draw.draw_extra_game_red(at)?.red);
        let result = sim.match_result(a, b, DrawRule::MustBeDecided, 0, &mut lot)?;
        if result.extra_game_red.is_some() {
            // Record the lot the extra game used (drawn again: it is deterministic).
            bracket.draw_extra_game_red(at)?;
        }
        bracket.record_result(at, result)?;
    }
    Ok(())
}

impl Simulation {
    /// The standings' input after the last Swiss round (the TRF export reads it too).
    #[must_use]
    pub fn standings_input(&self) -> StandingsInput {
        let history: Vec<RoundRecord> = self.rounds.iter().map(|r| r.record.clone()).collect();
        let scoring = self.rounds.first().map(|r| r.input.scoring).unwrap_or_default();
        standings_input(&self.players, &history, &scoring)
    }
}

/// Where a knockout match sits, for printing.
#[must_use]
pub fn match_label(at: MatchRef, rounds: usize) -> String {
    match at {
        MatchRef::ThirdPlace => "third-place".to_string(),
        MatchRef::Main { round, .. } if round as usize + 1 == rounds => "final".to_string(),
        MatchRef::Main { round, index } => format!("ko{}-{}", round + 1, index + 1),
    }
}

fn standings_of(players: &[PairingPlayer], history: &[RoundRecord], scoring: &Scoring) -> Vec<StandingRow> {
    compute(&standings_input(players, history, scoring))
}

fn standings_input(players: &[PairingPlayer], history: &[RoundRecord], scoring: &Scoring) -> StandingsInput {
    StandingsInput {
        players: players
            .iter()
            .map(|p| StandingPlayer {
                joined_round: p.joined_round,
                withdrawn: p.status == PlayerStatus::Withdrawn,
                ..StandingPlayer::new(p.id, u32::try_from(p.id.0).unwrap_or(u32::MAX))
            })
            .collect(),
        rounds: history.to_vec(),
        scoring: *scoring,
        tiebreaks: Tiebreak::DEFAULT_ORDER.to_vec(),
    }
}
