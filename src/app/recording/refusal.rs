//! Why a step of a recorded game was refused: one value per reason, never a sentence. The engine's
//! reason for an illegal line travels apart ([`RecordingRefusal::Illegal`]), so that each edge says
//! what it may: the recorder (whose scribe sees the whole table) the rule broken, a player online
//! only what depends on nothing hidden (`web/text/refusals`).

use crate::engine;

/// A recorded game refused a step.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RecordingRefusal {
    /// Nothing is recorded yet: the recording starts first.
    NotStarted,
    /// The recording is over (the game ended, or an organiser ended it).
    Finished,
    /// The device decided on a recording that moved on meanwhile (another device wrote first).
    Overtaken,
    /// The flag fell on the server's clock before the step: the game ended on time.
    TimeUp,
    /// No line was given.
    Empty,
    /// The text is not one line of the notation (several, or too long).
    NotOneLine,
    /// The rules refuse the line: the engine's reason, with its rulebook section. The online edge
    /// decides whether a player is told it.
    Illegal(engine::Refusal),
    /// Nothing to take back.
    NothingToUndo,
    /// The tablet is the clock: it is paused on the clock itself.
    TabletKeepsTime,
    /// An online game's lines are its players' (the referee pauses it or ends it with a decision).
    PlayersWriteOnline,
    /// Not the player's decision now (the opponent's, the server's, or nobody's).
    NotYourTurn,
    /// Legal, but not something the player's page offers (it would name the opponent's cards, or
    /// the server draws that part).
    NotOffered,
    /// The referee paused the game.
    Paused,
}
