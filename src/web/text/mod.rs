//! The words of the pages: the language and its tables, result sentences, history sentences, refused logs, refusals.

pub mod history;
pub mod i18n;
pub mod log_error;
pub mod refusals;
pub mod sentences;
