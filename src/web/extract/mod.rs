//! What a handler is given before it runs: the request context (language, user, CSRF token), the
//! typed roles (`Organising`, `Refereeing`: the tournament loaded and the role checked), a player's
//! personal link (`PlayerLink`: the online match it opens), and a public page's read model with its
//! cached answer.

pub mod ctx;
pub mod player_link;
pub mod public_page;
pub mod role;
