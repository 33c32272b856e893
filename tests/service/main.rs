//! Integration tests of the service: each test starts the real app on port 0 with a fresh SQLite file
//! in its own temporary folder and drives it over HTTP, as a browser would (cookies, CSRF tokens,
//! forms). One test binary, one module per concern.

// Test code: a failed unwrap is a failed test, which is what we want.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod access;
mod accounts;
mod assignments;
mod authority;
mod backup;
mod bodies;
mod browser;
mod browser_day;
mod browser_entries;
mod browser_entries_desk;
mod browser_online;
mod browser_phones;
mod browser_print;
mod browser_refusals;
mod browser_season;
mod browser_stages;
mod browser_table;
mod browser_table_flag;
mod browser_targets;
mod consistency;
mod day;
mod day_pages;
mod demo;
mod editions;
mod empty_tournament;
mod entries;
mod entries_desk;
mod entries_mail;
mod erasure;
mod exports_csv;
mod faults;
mod flood;
mod forbidden;
mod forfeits;
mod golden;
mod headers;
mod history;
mod knockout;
mod league_exports;
mod lock_races;
mod numbers;
mod online;
mod online_bounds;
mod online_clock;
mod online_no_script;
mod online_no_show;
mod online_oracle;
mod online_processes;
// Page objects: each test reads the pages it needs.
#[allow(dead_code)]
mod pages;
// Harness parts some tests use and others do not.
#[allow(dead_code)]
mod helpers;
mod hostile;
mod inputs;
mod kept_forms;
mod logs;
mod persons;
mod phones;
mod print;
mod privacy;
mod processes;
mod read_model;
mod recording_races;
mod registration;
mod round_flow;
mod rules;
mod schema;
mod season;
mod season_coordinator;
mod season_demo;
mod season_ranking_pages;
mod season_trust;
// Harness parts some tests use and others do not.
mod sessions;
#[allow(dead_code)]
mod setup;
#[allow(dead_code)]
mod smtp;
mod spine;
mod stages;
mod stages_flow;
mod store;
mod table;
mod table_clock;
mod table_forced;
mod table_live;
mod table_picker;
mod table_races;
mod table_stands;
mod throttling;
mod tournament_day;
#[path = "../support/trf_read.rs"]
mod trf_read;
mod typed_results;
mod words;
