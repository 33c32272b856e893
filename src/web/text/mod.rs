//! The words of the pages: the language and its tables, the names of typed values, result sentences,
//! history sentences, refused logs, refusals (a recorded game's apart).

pub mod history;
pub mod i18n;
pub mod log_error;
pub mod names;
pub mod recording;
pub mod refusals;
pub mod sentences;
pub mod when;
