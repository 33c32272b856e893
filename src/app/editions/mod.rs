//! Editions of the game in the service: the edition a tournament plays, parsed once and kept
//! ([`cache`]).

pub mod cache;
