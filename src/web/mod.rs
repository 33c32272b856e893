//! The web service: actix-web routes, askama templates, sessions, errors.
//!
//! Data flows one way: a handler checks who is asking, the store loads, a pure `league` or `engine`
//! function decides, the store saves, a template renders. No tournament rule lives here.

pub mod assets;
pub mod auth;
pub mod board;
pub mod cache;
pub mod coalesce;
pub mod csrf;
pub mod csv_cell;
pub mod ctx;
pub mod demo;
pub mod editions;
pub mod error;
pub mod error_page;
pub mod fields;
pub mod form;
pub mod guard;
pub mod hashing;
pub mod headers;
pub mod history_lines;
pub mod http_cache;
pub mod i18n;
pub mod league_view;
pub mod lines;
pub mod log_error;
pub mod mac;
pub mod operations;
pub mod password_policy;
pub mod player_form;
pub mod redirect;
pub mod routes;
pub mod rules;
pub mod sentences;
pub mod session;
pub mod settings;
pub mod startup;
pub mod table;
pub mod throttle;
pub mod tiebreak_order;
pub mod upload;
pub mod view;

pub use error::WebError;
pub use settings::Settings;
pub use startup::Application;
