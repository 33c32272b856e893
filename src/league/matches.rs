//! Match outcome: a match is a game and a rematch with sides swapped (league rules, "Match result
//! (game + rematch)"), plus the knockout tiebreakers, the forfeited match and the withdrawal.

use super::ids::{DrawRule, PlayerId};
use crate::outcome::{GameOutcome, Side};
use serde::{Deserialize, Serialize};

/// One game: who commanded each army and how it ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayedGame {
    /// Commanded the Red Army (White, moves first).
    pub red: PlayerId,
    /// Commanded the Polish Army.
    pub polish: PlayerId,
    pub outcome: GameOutcome,
}

impl PlayedGame {
    /// The player who won this game.
    #[must_use]
    pub fn winner(&self) -> PlayerId {
        match self.outcome.winner {
            Side::Red => self.red,
            Side::Polish => self.polish,
        }
    }

    /// Red-side points this game earns its Red commander. League rules: "A player who exceeds the
    /// time automatically loses the game and loses the points from that game", so a Red commander
    /// who flagged scores 0 whatever the outcome record says.
    #[must_use]
    pub fn red_side_points(&self) -> u32 {
        if self.outcome.flagged() == Some(Side::Red) { 0 } else { self.outcome.red_points }
    }
}

/// Each player's knowledge-test score (used in the knockout phase only, after Red-side points).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct KnowledgeScores {
    pub red_first: u32,
    pub other: u32,
}

/// Who failed to come to a forfeited match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "kind", content = "player")]
pub enum Absence {
    One(PlayerId),
    Both,
}

/// What happened at the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "kind")]
pub enum MatchPlay {
    /// Both games were played: `game1` with `red_first` commanding Red, `game2` with sides swapped.
    Played { game1: PlayedGame, game2: PlayedGame },
    /// A forfeited match (no-show): the absent player loses; if both are absent both lose.
    NoShow { absent: Absence },
    /// A player withdrew from the tournament before finishing this match: the match is lost.
    Withdrawal { withdrawn: PlayerId },
}

/// Everything the referee entered for one match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchInput {
    /// Commands Red in game 1 (set by the pairing).
    pub red_first: PlayerId,
    /// Commands Red in game 2.
    pub other: PlayerId,
    pub draw_rule: DrawRule,
    pub play: MatchPlay,
    /// Knockout only; consulted when the games and the Red-side points leave the match level.
    pub knowledge_test: Option<KnowledgeScores>,
    /// Knockout only: the extra game ("dogrywka") when the knowledge test is level too.
    pub extra_game: Option<PlayedGame>,
}

/// One player's result in a match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum MatchScore {
    Win,
    Draw,
    Loss,
}

/// Which rule decided the match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DecidedBy {
    /// 2:0 (league rules: "Won both games: outright win").
    BothGames,
    /// 1:1, more Red-side points scored while commanding Red.
    RedSidePoints,
    /// 1:1 and equal Red-side points in the Swiss phase: a draw.
    Draw,
    /// Knockout: the better knowledge-test result.
    KnowledgeTest,
    /// Knockout: the extra game.
    ExtraGame,
    /// One player did not come.
    NoShow,
    /// Neither player came: both lose.
    DoubleNoShow,
    /// A player withdrew.
    Withdrawal,
}

impl DecidedBy {
    /// Stable machine name (CSV, templates).
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            DecidedBy::BothGames => "both-games",
            DecidedBy::RedSidePoints => "red-side-points",
            DecidedBy::Draw => "draw",
            DecidedBy::KnowledgeTest => "knowledge-test",
            DecidedBy::ExtraGame => "extra-game",
            DecidedBy::NoShow => "no-show",
            DecidedBy::DoubleNoShow => "double-no-show",
            DecidedBy::Withdrawal => "withdrawal",
        }
    }
}

/// Games won and Red-side points of one player in one match (the two match games only; an
/// extra game decides the match but does not add to these totals).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchTally {
    pub games_won: u32,
    pub red_points: u32,
}

/// A decided match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchResult {
    pub red_first: PlayerId,
    pub other: PlayerId,
    /// `None`: a draw (Swiss) or a double no-show (both lose: see [`MatchResult::score_of`]).
    pub winner: Option<PlayerId>,
    pub decided_by: DecidedBy,
    pub red_first_tally: MatchTally,
    pub other_tally: MatchTally,
    /// The extra game's Red side, when one was played (the lot is recorded by the knockout).
    pub extra_game_red: Option<PlayerId>,
}

impl MatchResult {
    /// The result of one of the two players; `None` for a player not in this match.
    #[must_use]
    pub fn score_of(&self, player: PlayerId) -> Option<MatchScore> {
        if player != self.red_first && player != self.other {
            return None;
        }
        Some(match self.winner {
            Some(w) if w == player => MatchScore::Win,
            Some(_) => MatchScore::Loss,
            None if self.decided_by == DecidedBy::DoubleNoShow => MatchScore::Loss,
            None => MatchScore::Draw,
        })
    }

    /// The other player of the match.
    #[must_use]
    pub fn opponent_of(&self, player: PlayerId) -> Option<PlayerId> {
        if player == self.red_first {
            Some(self.other)
        } else if player == self.other {
            Some(self.red_first)
        } else {
            None
        }
    }

    /// Games won and Red-side points of one player.
    #[must_use]
    pub fn tally_of(&self, player: PlayerId) -> Option<MatchTally> {
        if player == self.red_first {
            Some(self.red_first_tally)
        } else if player == self.other {
            Some(self.other_tally)
        } else {
            None
        }
    }

    /// Whether the games were played over the board (FIDE C.07 Art. 16: otherwise the round is an
    /// unplayed round for both players' tiebreaks).
    #[must_use]
    pub fn played_over_the_board(&self) -> bool {
        !matches!(self.decided_by, DecidedBy::NoShow | DecidedBy::DoubleNoShow | DecidedBy::Withdrawal)
    }
}

/// The match outcome, or what the referee must enter next.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "kind", content = "result")]
pub enum MatchDecision {
    Decided(MatchResult),
    /// Knockout, 1:1 with equal Red-side points: enter both knowledge-test scores.
    NeedsKnowledgeTest,
    /// Knockout, knowledge test level too: play the extra game (its Red side drawn by lot).
    NeedsExtraGame,
}

/// Entered data that cannot describe a real match.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MatchError {
    #[error("a player cannot play a match against himself ({0})")]
    SamePlayer(PlayerId),
    #[error("game {game} must be played by {red} (Red) and {polish} (Polish): the rematch swaps sides")]
    WrongSides { game: u8, red: PlayerId, polish: PlayerId },
    #[error("game {game}: {termination} is a win for {expected}, not for {claimed}")]
    ImpossibleWinner { game: u8, termination: crate::outcome::Termination, expected: Side, claimed: Side },
    #[error("player {0} is not in this match")]
    NotInMatch(PlayerId),
    #[error("the extra game must be played by the two players of the match")]
    ExtraGamePlayers,
    #[error("a knockout match needs a winner: both players cannot be absent")]
    DoubleNoShowInKnockout,
}

/// Knockout: someone must go through (PRODUCT "Knockout"; the bracket moves the winner on), so a
/// knockout match cannot end with both players absent. Every other way a match ends is allowed in
/// both phases.
///
/// # Errors
/// [`MatchError::DoubleNoShowInKnockout`].
pub fn check_play(draw_rule: DrawRule, play: &MatchPlay) -> Result<(), MatchError> {
    match (draw_rule, play) {
        (DrawRule::MustBeDecided, MatchPlay::NoShow { absent: Absence::Both }) => {
            Err(MatchError::DoubleNoShowInKnockout)
        }
        _ => Ok(()),
    }
}

/// Decide a match (league rules, "Match result (game + rematch)"):
/// "Won both games: outright win. Lost both: outright loss. 1:1: the player who scored more
/// points while commanding the Red Army wins the match. Still equal: in the Swiss-system phase
/// the match stays a draw; in the knockout phase the better knowledge-test result decides; if
/// that is equal too, an extra game (play-off, "dogrywka") is played."
///
/// # Errors
/// [`MatchError`] when the entered games cannot belong to this match (wrong players or sides, a
/// winner the termination rules out).
pub fn outcome_of_match(input: &MatchInput) -> Result<MatchDecision, MatchError> {
    let (a, b) = (input.red_first, input.other);
    if a == b {
        return Err(MatchError::SamePlayer(a));
    }
    check_play(input.draw_rule, &input.play)?;
    let base = MatchResult {
        red_first: a,
        other: b,
        winner: None,
        decided_by: DecidedBy::Draw,
        red_first_tally: MatchTally::default(),
        other_tally: MatchTally::default(),
        extra_game_red: None,
    };
    let (game1, game2) = match input.play {
        MatchPlay::NoShow { absent: Absence::Both } => {
            return Ok(MatchDecision::Decided(MatchResult { decided_by: DecidedBy::DoubleNoShow, ..base }));
        }
        MatchPlay::NoShow { absent: Absence::One(p) } => {
            let winner = other_player(a, b, p)?;
            return Ok(MatchDecision::Decided(forfeit_result(base, winner, DecidedBy::NoShow)));
        }
        MatchPlay::Withdrawal { withdrawn } => {
            let winner = other_player(a, b, withdrawn)?;
            return Ok(MatchDecision::Decided(forfeit_result(base, winner, DecidedBy::Withdrawal)));
        }
        MatchPlay::Played { game1, game2 } => (game1, game2),
    };
    check_game(1, &game1, a, b)?;
    check_game(2, &game2, b, a)?;

    let tally = |p: PlayerId| MatchTally {
        games_won: u32::from(game1.winner() == p) + u32::from(game2.winner() == p),
        red_points: if p == a { game1.red_side_points() } else { game2.red_side_points() },
    };
    let base = MatchResult { red_first_tally: tally(a), other_tally: tally(b), ..base };
    let decided = |winner: PlayerId, decided_by: DecidedBy| {
        MatchDecision::Decided(MatchResult { winner: Some(winner), decided_by, ..base })
    };

    // "Won both games: outright win. Lost both: outright loss."
    if game1.winner() == game2.winner() {
        return Ok(decided(game1.winner(), DecidedBy::BothGames));
    }
    // "1:1: the player who scored more points while commanding the Red Army wins the match."
    let (pa, pb) = (base.red_first_tally.red_points, base.other_tally.red_points);
    if pa != pb {
        return Ok(decided(if pa > pb { a } else { b }, DecidedBy::RedSidePoints));
    }
    match input.draw_rule {
        // "in the Swiss-system phase the match stays a draw"
        DrawRule::Stands => Ok(MatchDecision::Decided(MatchResult { decided_by: DecidedBy::Draw, ..base })),
        DrawRule::MustBeDecided => {
            // "in the knockout phase the better knowledge-test result decides"
            let Some(k) = input.knowledge_test else { return Ok(MatchDecision::NeedsKnowledgeTest) };
            if k.red_first != k.other {
                return Ok(decided(if k.red_first > k.other { a } else { b }, DecidedBy::KnowledgeTest));
            }
            // "if that is equal too, an extra game (play-off, "dogrywka") is played"
            let Some(extra) = input.extra_game else { return Ok(MatchDecision::NeedsExtraGame) };
            let sides_ok = (extra.red == a && extra.polish == b) || (extra.red == b && extra.polish == a);
            if !sides_ok {
                return Err(MatchError::ExtraGamePlayers);
            }
            check_winner(3, &extra.outcome)?;
            Ok(MatchDecision::Decided(MatchResult {
                winner: Some(extra.winner()),
                decided_by: DecidedBy::ExtraGame,
                extra_game_red: Some(extra.red),
                ..base
            }))
        }
    }
}

fn other_player(a: PlayerId, b: PlayerId, p: PlayerId) -> Result<PlayerId, MatchError> {
    if p == a {
        Ok(b)
    } else if p == b {
        Ok(a)
    } else {
        Err(MatchError::NotInMatch(p))
    }
}

/// A match won without play: no games won, no Red-side points (nothing was played).
fn forfeit_result(base: MatchResult, winner: PlayerId, decided_by: DecidedBy) -> MatchResult {
    MatchResult { winner: Some(winner), decided_by, ..base }
}

fn check_game(game: u8, g: &PlayedGame, red: PlayerId, polish: PlayerId) -> Result<(), MatchError> {
    if g.red != red || g.polish != polish {
        return Err(MatchError::WrongSides { game, red, polish });
    }
    check_winner(game, &g.outcome)
}

fn check_winner(game: u8, o: &GameOutcome) -> Result<(), MatchError> {
    match o.termination.fixed_winner() {
        Some(expected) if expected != o.winner => Err(MatchError::ImpossibleWinner {
            game,
            termination: o.termination,
            expected,
            claimed: o.winner,
        }),
        _ => Ok(()),
    }
}
