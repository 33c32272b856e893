//! Who may ask, and how the service keeps them apart: logins, request bodies under slow clients, sessions, CSRF, the route guard, throttling, password hashing and policy, redirects, security headers.

pub mod auth;
pub mod bodies;
pub mod csrf;
pub mod guard;
pub mod hashing;
pub mod headers;
pub mod mac;
pub mod password_policy;
pub mod redirect;
pub mod session;
pub mod throttle;
