//! The use cases of a tournament day, one file per area, each the same three steps: one snapshot
//! from the store ([`snapshot::Loaded`]), the league or the engine decides, the store saves in one
//! transaction. A write that depends on a state checks it in that transaction (a version, a
//! round's status, or the snapshot's change stamp: `Store::write_tournament_unchanged`), so a
//! decision cannot go stale between reading and writing.
//!
//! Nothing here speaks HTTP or a language: a use case refuses with a typed [`Refusal`] (carrying
//! data such as a round's number), which `web/text` says in the page's language and `web/error`
//! maps to a status. The web's handlers and the demo loader call the same functions, so the demo
//! obeys the rules the pages do.
//!
//! | area | use cases |
//! |---|---|
//! | [`tournament`] | create, configure; the configuration's defaults and rule switches |
//! | [`registration`] | register, import, change a player, erase personal data |
//! | [`rounds`] | pair the next Swiss round, publish, lock, unlock, discard a draft, swap players, assign a referee |
//! | [`results`] | may results be entered, enter or correct a result, walkovers, the extra game, deck checks |
//! | [`season`] | create a season, make a tournament one of its events, who may play in an event; close and reopen an event, accept or decline its invitations, wildcards, coordinators |
//! | [`authority`] | who may change which person, event, season and proposal a request names |
//! | [`persons`] | who a registration is, merge and unmerge persons (or propose it), erase a person after the season |
//! | [`proposals`] | the registry owner's confirmation or refusal of a proposed merge |
//! | [`entries`] | entries from schools: open them, a school signed up, pupils, guardians' consent, caps and the waiting list, the desk's check-in and round 1's players |
//! | [`erasure`] | erase a person (after the season, on a guardian's request or a withdrawn consent), the season's retention |
//! | [`knockout`] | start the knockout or pair its next round |
//! | [`stages`] | the format, the groups' draw (preview, fix), group rounds, group standings and their lot, withdrawals, closing and reopening a stage, qualification into the knockout |
//! | [`final_ranking`] | an event's final ranking, every format (the standings page and closing read it) |
//! | [`next_step`] | what the rounds accept next (what the pages offer) |
//! | [`recording`] | a game recorded at the table or played online: start, a line, undo, pause, the clock, a flag, the end and its result, what is offered |
//! | [`online`] | online matches: marking them, the players' links, the game that starts when both came, a no-show |
//! | [`editions`] | the edition a tournament plays, parsed once |
//! | [`demo`] | the demo tournament, built through the use cases above |

pub mod accounts;
pub mod authority;
pub mod demo;
pub mod demo_names;
pub mod demo_season;
pub mod editions;
pub mod entries;
pub mod erasure;
pub mod final_ranking;
pub mod knockout;
pub mod mail;
pub mod next_step;
pub mod online;
pub mod persons;
pub mod proposals;
pub mod recording;
pub mod refusal;
pub mod registration;
pub mod results;
pub mod rounds;
pub mod season;
pub mod seating;
pub mod snapshot;
pub mod stages;
pub mod tournament;

pub use refusal::{AppError, AppResult, RecordingRefusal, Refusal, StageRefusal};

/// How often a use case decided on a snapshot decides again when the tournament changed before
/// its write (a result saved meanwhile): then the write is refused as a conflict.
const RETRIES: usize = 3;
