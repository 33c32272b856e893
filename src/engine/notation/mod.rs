//! The move-log notation (docs/notation.md): parse (context-free), resolve (names to ids, with the
//! edition) and print are separate steps.

mod ast;
mod clock;
mod line;
mod parse;
mod resolve;
mod tok;

pub use ast::{Body, Event, GameLog, PlayBody, Tag};
pub use clock::{format_clock, parse_clock};
pub(crate) use line::{BodyRef, LineRef, read_line, split_clock, words_of};
pub use parse::{SyntaxError, parse};
pub(crate) use parse::{TextLine, parse_event, parse_tag, text_lines};
pub(crate) use resolve::expand_line;
pub use resolve::{Builder, UNSEEN, canonical, expand, space_named, unit_named};
pub use tok::{MAX_TOKEN, Tok};
