//! The pages every visitor may read, without a login: the tournament list and front page, pairings,
//! standings, bracket, players, matches, games, the live page, table cards and the exports.

pub mod cards;
pub mod exports;
pub mod game;
pub mod home;
pub mod live;
pub mod results;
