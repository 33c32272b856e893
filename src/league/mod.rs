//! Tournament logic: match outcome, scoring, Swiss pairing, standings, knockout, deck checks. Pure: no I/O.
//!
//! Every function here is a function of the players and the results so far; the web layer stores
//! and shows what they decide. The only engine type used is [`crate::outcome`]'s game outcome.

pub mod ids;
pub mod matches;
pub mod scoring;

pub use ids::{DrawRule, HalfPoints, PlayerId};
pub use matches::{
    Absence, DecidedBy, KnowledgeScores, MatchDecision, MatchError, MatchInput, MatchPlay, MatchResult,
    MatchScore, MatchTally, PlayedGame, check_play, outcome_of_match,
};
pub use scoring::Scoring;
pub mod rounds;
pub use rounds::{RoundRecord, match_points};
pub mod matching;
pub mod swiss;
pub use swiss::{
    ForbiddenPair, ForbiddenUntil, Pairing, PairingError, PairingInput, PairingPlayer, PlayerStatus,
    RoundPairing, pair_round,
};
pub mod c07;
pub mod scorecard;
pub mod standings;
pub mod tiebreak;
pub use scorecard::{CardRound, Participation, RoundKind, Scorecard, Scorecards};
pub use standings::{StandingPlayer, StandingRow, StandingsInput};
pub use tiebreak::{BadTiebreakOrder, Tiebreak, TiebreakOrder, TiebreakValue};
pub mod knockout;
pub use knockout::{
    Bracket, BracketMatch, BracketRound, ExtraGameLot, KnockoutError, MatchRef, Slot, rounds_for,
};
pub mod deck_check;
pub use deck_check::{CardRef, DECK_SIZE, DeckCheckError, DeckReport, check_cards, check_count, check_deck};
pub mod eligibility;
pub mod final_ranking;
pub use final_ranking::{EventResults, FinalPlace, Reached, final_ranking};
pub mod clock;
pub mod group_simulation;
pub mod lot;
pub mod no_show;
pub mod persons;
pub mod qualification;
pub mod round_robin;
pub mod season;
pub mod simulation;
pub mod stages;
pub mod trf;
pub use stages::{
    GroupLabel, GroupQualify, GroupStage, KnockoutEntry, KnockoutStage, Seeding, Separation, Stage, Stages,
    StagesError,
};
pub mod typed_result;
pub use typed_result::{Armies, ClockRule, Impossible, PointsRule, TypedResult, check_typed_result};
