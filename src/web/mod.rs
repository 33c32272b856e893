//! The web service: actix-web routes, askama templates, sessions, errors.
