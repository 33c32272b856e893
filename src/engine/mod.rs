//! The game: edition data, state, actions, rules, notation, replay. Pure: no I/O, no async.

pub mod action;
pub mod edition;
pub mod ids;
mod legal;
pub mod notation;
mod options;
mod random;
mod replay;
mod rules;
pub mod setup;
pub mod state;

pub use action::{Action, CardPlay};
pub use edition::{CardEffect, CardSpec, Edition, EditionError, HexSpec, Landmark, Provenance, UnitSpec};
pub use ids::{BySide, CardId, CardSet, Colour, Direction, HexId, UnitId};
pub use notation::GameLog;
pub use options::{Encirclement, RuleOptions, STANDARD_RULES};
pub use random::{PlayStyle, random_game, random_game_with};
pub use replay::{
    FinalUnit, LogError, Snapshot, ValidatedGame, parse_log, replay, replay_snapshots, validate_log,
};
pub use rules::IllegalAction;
pub use setup::{Setup, UnitSetup};
pub use state::{GameState, Status};
