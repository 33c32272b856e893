//! Every player's scorecard, built once from the finished rounds (issue 10, "Shape"): per round,
//! the opponent, the points and how the round was decided. The tiebreak articles (`c07`) and
//! the TRF export read these; nothing else re-derives a player's rounds.

use super::ids::{HalfPoints, PlayerId};
use super::matches::{DecidedBy, MatchScore, MatchTally};
use super::rounds::RoundRecord;
use super::scoring::Scoring;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// How one round was decided for one player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RoundKind {
    /// Both games played at the table.
    Played,
    /// The opponent did not come, or withdrew during the match.
    ForfeitWin,
    /// The player did not come (a double no-show too), or withdrew during the match.
    ForfeitLoss,
    /// The pairing's bye (odd field).
    PairingBye,
    /// Registered and active but not paired (not possible through the pairing; an organiser's
    /// edit, or a player re-admitted after a withdrawal).
    Absent,
    /// A late entry's round before joining.
    NotYetJoined,
    /// A round after the player withdrew.
    Withdrawn,
}

impl RoundKind {
    /// FIDE C.07 (2023/24) Art. 16: a voluntary unplayed round (VUR). A forfeit win and the
    /// pairing-allocated bye are unplayed but not voluntary; a forfeit loss, an absence and the
    /// rounds a player was not paired (before a late entry, after a withdrawal) are.
    #[must_use]
    pub fn voluntary_unplayed(self) -> bool {
        matches!(
            self,
            RoundKind::ForfeitLoss | RoundKind::Absent | RoundKind::NotYetJoined | RoundKind::Withdrawn
        )
    }

    /// Whether the games were played at the table.
    #[must_use]
    pub fn played(self) -> bool {
        self == RoundKind::Played
    }

    /// Stable machine name.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            RoundKind::Played => "played",
            RoundKind::ForfeitWin => "forfeit-win",
            RoundKind::ForfeitLoss => "forfeit-loss",
            RoundKind::PairingBye => "pairing-bye",
            RoundKind::Absent => "absent",
            RoundKind::NotYetJoined => "not-yet-joined",
            RoundKind::Withdrawn => "withdrawn",
        }
    }
}

/// One round of one player's scorecard.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardRound {
    pub round: u32,
    /// The scheduled opponent (also for a forfeit); `None` for a bye or a round not paired.
    pub opponent: Option<PlayerId>,
    /// Match points the round earned.
    pub points: HalfPoints,
    /// Win, draw or loss of the match (`None` for a bye or a round not paired).
    pub result: Option<MatchScore>,
    pub kind: RoundKind,
    /// Games won and Red-side points (both zero unless the games were played).
    pub tally: MatchTally,
    /// Whether the player commanded Red in game 1 (for the TRF's colour column).
    pub red_first: bool,
}

/// A player's rounds, one per finished round, in order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Scorecard {
    pub player: PlayerId,
    pub rounds: Vec<CardRound>,
    /// Match points in total.
    pub score: HalfPoints,
}

impl Scorecard {
    /// Games won in the two match games of every round.
    #[must_use]
    pub fn games_won(&self) -> u32 {
        self.rounds.iter().map(|r| r.tally.games_won).sum()
    }

    /// Red-side points: the points of every game the player commanded Red in, each computed
    /// with the flag rule (`PlayedGame::red_side_points`: a Red commander who flagged scores 0).
    /// The standings' tiebreak and the player page both read this.
    #[must_use]
    pub fn red_side_points(&self) -> u32 {
        self.rounds.iter().map(|r| r.tally.red_points).sum()
    }
}

/// When a player took part, so the rounds they were not paired in can be told apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Participation {
    pub player: PlayerId,
    /// First round the player could be paired in.
    pub joined_round: u32,
    /// Withdrawn now: the rounds after the last one the player was paired in are
    /// [`RoundKind::Withdrawn`] (the Swiss pairing pairs every active player, so a withdrawn
    /// player's unpaired rounds are the ones after the withdrawal).
    pub withdrawn: bool,
}

/// The scorecards of every player of a tournament's Swiss phase, or of one round-robin group.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Scorecards {
    cards: BTreeMap<PlayerId, Scorecard>,
    scoring: Scoring,
    /// The cards are a round-robin group's ([`Scorecards::round_robin`]): the tiebreaks count
    /// only the games of the group's schedule (`c07` says how).
    round_robin: bool,
}

impl Scorecards {
    /// Build every scorecard once: the listed players and anyone else met in the rounds.
    #[must_use]
    pub fn build(players: &[Participation], rounds: &[RoundRecord], scoring: &Scoring) -> Scorecards {
        let mut rounds: Vec<&RoundRecord> = rounds.iter().collect();
        rounds.sort_by_key(|r| r.round);
        let mut entries: BTreeMap<PlayerId, Vec<Option<CardRound>>> = BTreeMap::new();
        for p in players {
            entries.entry(p.player).or_insert_with(|| vec![None; rounds.len()]);
        }
        for (k, r) in rounds.iter().enumerate() {
            let mut put = |id: PlayerId, c: CardRound| {
                entries.entry(id).or_insert_with(|| vec![None; rounds.len()])[k] = Some(c);
            };
            for m in &r.matches {
                let played = m.played_over_the_board();
                for (me, opp) in [(m.red_first, m.other), (m.other, m.red_first)] {
                    let result = m.score_of(me);
                    let points = result.map_or(HalfPoints::ZERO, |s| scoring.points(s));
                    let won = m.winner == Some(me);
                    let kind = if played {
                        RoundKind::Played
                    } else if won {
                        RoundKind::ForfeitWin
                    } else {
                        // The absent player, both players of a double no-show, the player
                        // who withdrew.
                        debug_assert!(matches!(
                            m.decided_by,
                            DecidedBy::NoShow | DecidedBy::DoubleNoShow | DecidedBy::Withdrawal
                        ));
                        RoundKind::ForfeitLoss
                    };
                    let tally =
                        if played { m.tally_of(me).unwrap_or_default() } else { MatchTally::default() };
                    put(
                        me,
                        CardRound {
                            round: r.round,
                            opponent: Some(opp),
                            points,
                            result,
                            kind,
                            tally,
                            red_first: me == m.red_first,
                        },
                    );
                }
            }
            for &b in &r.byes {
                let c = CardRound {
                    round: r.round,
                    opponent: None,
                    points: scoring.bye,
                    result: None,
                    kind: RoundKind::PairingBye,
                    tally: MatchTally::default(),
                    red_first: false,
                };
                put(b, c);
            }
        }
        let participation: BTreeMap<PlayerId, &Participation> =
            players.iter().map(|p| (p.player, p)).collect();
        let cards = entries
            .into_iter()
            .map(|(player, slots)| {
                let joined = participation.get(&player).map_or(1, |p| p.joined_round);
                let withdrawn = participation.get(&player).is_some_and(|p| p.withdrawn);
                let last_paired = slots.iter().rposition(Option::is_some);
                let rounds: Vec<CardRound> = slots
                    .into_iter()
                    .enumerate()
                    .map(|(k, slot)| {
                        slot.unwrap_or_else(|| {
                            let round = rounds[k].round;
                            let kind = if round < joined {
                                RoundKind::NotYetJoined
                            } else if withdrawn && last_paired.is_none_or(|l| k > l) {
                                RoundKind::Withdrawn
                            } else {
                                RoundKind::Absent
                            };
                            CardRound {
                                round,
                                opponent: None,
                                points: HalfPoints::ZERO,
                                result: None,
                                kind,
                                tally: MatchTally::default(),
                                red_first: false,
                            }
                        })
                    })
                    .collect();
                let score = rounds.iter().map(|r| r.points).sum();
                (player, Scorecard { player, rounds, score })
            })
            .collect();
        Scorecards { cards, scoring: *scoring, round_robin: false }
    }

    /// The same cards read as a round-robin group's: a round without an opponent (the bye of an
    /// odd group, a round past the group's schedule) is no game and counts for nothing in a
    /// tiebreak ([`super::c07::contributions`]).
    #[must_use]
    pub fn round_robin(mut self) -> Scorecards {
        self.round_robin = true;
        self
    }

    /// Whether the cards are a round-robin group's.
    #[must_use]
    pub fn is_round_robin(&self) -> bool {
        self.round_robin
    }

    #[must_use]
    pub fn get(&self, player: PlayerId) -> Option<&Scorecard> {
        self.cards.get(&player)
    }

    pub fn iter(&self) -> impl Iterator<Item = &Scorecard> {
        self.cards.values()
    }

    #[must_use]
    pub fn scoring(&self) -> &Scoring {
        &self.scoring
    }

    /// The number of rounds on every card.
    #[must_use]
    pub fn rounds(&self) -> usize {
        self.cards.values().next().map_or(0, |c| c.rounds.len())
    }
}
