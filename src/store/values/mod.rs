//! The values the aggregates' writes take and their history records carry, one file per aggregate.
//! Leaves: they name nothing of the store but its ids and `StoredText`, so `store::history` (which
//! records them) and the aggregates (which write them and record their changes) both depend on them,
//! and neither on the other's back: the store's folders form no cycle (`tests/layout.rs`). Each
//! aggregate re-exports its values, so `store::games::ResultEntry` is what callers name.

pub mod deck_checks;
pub mod games;
pub mod persons;
pub mod players;
pub mod recordings;
pub mod rounds;
pub mod stages;
pub mod tournaments;
