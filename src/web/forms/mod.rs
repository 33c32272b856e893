//! Forms at the edge: field parsers, domain values (`values`: names, reasons, birth years, ids),
//! problems beside their fields, a refused form kept on its page (`kept`), uploads, the player and configuration forms.

pub mod choices;
pub mod field;
pub mod kept;
pub mod player;
pub mod problems;
pub mod registration;
pub mod rules;
pub mod spreadsheet;
pub mod tiebreak_order;
pub mod upload;
pub mod values;
