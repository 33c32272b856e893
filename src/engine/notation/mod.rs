//! The move-log notation (docs/notation.md): parse (context-free), resolve (names to ids, with the
//! edition) and print are separate steps.

mod ast;
mod parse;
mod resolve;
mod tok;

pub use ast::{Body, Event, GameLog, PlayBody, Tag, format_clock};
pub use parse::{SyntaxError, parse, parse_clock};
pub use resolve::{Builder, UNSEEN, canonical, expand, space_named, unit_named};
pub use tok::{MAX_TOKEN, Tok};
