//! The web service: actix-web routes, askama templates, sessions, errors.
//!
//! Data flows one way: a handler extracts who is asking and what they sent, calls a use case
//! (`crate::app`: the store loads, a pure `league` or `engine` function decides, the store saves),
//! then renders or redirects. No tournament rule lives here.

pub mod assets;
pub mod board;
pub mod csv_cell;
pub mod error;
pub mod error_page;
pub mod extract;
pub mod forms;
pub mod qr;
pub mod read_model;
pub mod routes;
pub mod security;
pub mod settings;
pub mod startup;
pub mod table;
pub mod text;

pub use error::WebError;
pub use settings::Settings;
pub use startup::Application;
