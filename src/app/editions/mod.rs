//! Editions of the game in the service: the edition a tournament plays, parsed once and kept
//! ([`cache`]); an upload ([`upload`]) and the deletion of one nothing uses ([`delete`]).

pub mod cache;
pub mod delete;
pub mod upload;
