//! The game: edition data, state, actions, rules, notation, replay. Pure: no I/O, no async.

pub mod edition;
pub mod ids;

pub use edition::{CardEffect, CardSpec, Edition, EditionError, HexSpec, Landmark, Provenance, UnitSpec};
pub use ids::{BySide, CardId, CardSet, Colour, Direction, HexId, UnitId};
