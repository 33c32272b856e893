//! bitwa: the tournament service for leagues of the board game *Bitwa Warszawska*.

pub mod app;
pub mod characters;
pub mod cli;
pub mod edition_dir;
pub mod engine;
pub mod lang;
pub mod league;
pub mod outcome;
pub mod store;
pub mod web;
