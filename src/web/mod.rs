//! The web service: actix-web routes, askama templates, sessions, errors.
//!
//! Data flows one way: a handler checks who is asking, the store loads, a pure `league` or `engine`
//! function decides, the store saves, a template renders. No tournament rule lives here.

pub mod auth;
pub mod cache;
pub mod csrf;
pub mod ctx;
pub mod demo;
pub mod editions;
pub mod error;
pub mod form;
pub mod i18n;
pub mod league_view;
pub mod lines;
pub mod log_error;
pub mod operations;
pub mod routes;
pub mod rules;
pub mod settings;
pub mod startup;
pub mod tiebreak_order;

pub use error::WebError;
pub use settings::Settings;
pub use startup::Application;
