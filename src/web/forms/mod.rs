//! Forms at the edge: field parsers, problems beside their fields, uploads, the player and configuration forms.

pub mod field;
pub mod player;
pub mod problems;
pub mod registration;
pub mod rules;
pub mod spreadsheet;
pub mod tiebreak_order;
pub mod upload;
