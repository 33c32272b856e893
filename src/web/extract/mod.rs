//! What a handler is given before it runs: the request context (language, user, CSRF token) and
//! the typed roles (`Organising`, `Refereeing`: the tournament loaded and the role checked).

pub mod ctx;
pub mod role;
