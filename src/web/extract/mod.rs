//! What a handler is given before it runs: the request context (language, user, CSRF token), and a
//! public page's read model with its cached answer.

pub mod ctx;
pub mod public_page;
