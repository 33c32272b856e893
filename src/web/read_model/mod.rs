//! The public pages' read model: a tournament's rows projected once per change stamp into typed view lines, cached per stamp, coalesced, and served with HTTP caching.

pub mod away;
pub mod cache;
pub mod coalesce;
pub mod fresh;
pub mod groups;
pub mod hot;
pub mod http;
pub mod knockout;
pub mod lines;
pub mod season_pages;
pub mod view;
