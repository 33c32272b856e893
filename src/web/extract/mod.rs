//! What a handler is given before it runs: the request context (language, user, CSRF token).

pub mod ctx;
