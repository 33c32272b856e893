//! The game: edition data, state, actions, rules, notation, replay. Pure: no I/O, no async.
