//! The game: edition data, state, actions, rules, notation, recording (and what follows a line by
//! itself) and replay. Pure: no I/O, no async.

pub mod action;
pub mod edition;
pub mod error;
mod follow;
pub mod ids;
mod ledger;
mod legal;
pub mod messages;
pub mod narrate;
pub mod notation;
mod options;
mod random;
mod recording;
mod replay;
mod rules;
pub mod setup;
pub mod situation;
pub mod state;

/// The crate's one language type, here too so that the engine's callers name it where they name the rest.
pub use crate::lang::Lang;
pub use action::{Action, CardPlay, CardRef, Event};
pub use edition::{CardEffect, CardSpec, Edition, EditionError, HexSpec, Landmark, Provenance, UnitSpec};
pub use error::{Refusal, Rule, Section};
pub use follow::{Chance, Unseen, follow, forced, is_forced};
pub use ids::{BySide, CardId, CardSet, Colour, Direction, HexId, UnitId};
pub use notation::GameLog;
pub use options::{Encirclement, RuleOptions, STANDARD_RULES};
pub use random::{PlayStyle, mask_unseen, random_game, random_game_with};
pub use recording::{Recording, Step};
pub use replay::{
    FinalUnit, LogError, Snapshot, ValidatedGame, parse_log, replay, replay_snapshots, validate_log,
};
pub use setup::{Setup, UnitSetup};
pub use situation::{Detail, Situation};
pub use state::{GameState, PlayError, Status};
