//! A game recorded as it is played: at the table by a referee or scribe (the recorder), or online by
//! its two players (each through their personal link). One use case per file, each loading the game
//! once ([`game`]), replaying it with the engine's `Recording`, deciding, and saving in one
//! compare-and-set on the recording as it was read; a refusal is a typed value (`app::RecordingRefusal`):
//!
//! | use case | what it does |
//! |---|---|
//! | [`start`] | start recording at the table; start an online game and deal its opening hands |
//! | [`push`] | one line: the scribe's (typed or composed) or a player's (an offer of their page), and what follows it by itself |
//! | [`undo`] | take back the last line (with the steps that followed it by themselves) |
//! | [`pause`] | the referee's pause and resumption |
//! | [`clock`] | the tablet's chess clock: a player's press, the referee's pause |
//! | [`flag`] | the server's clock decides: a fallen flag ends the game on time (a page or a scheduled task calls it) |
//! | [`timeouts`] | the scheduled task's sweep: every online game whose running clock ran out is flagged, nobody looking |
//! | [`fall`] | the scribe says a flag fell (only near 0:00 by the server's reckoning; the reading first otherwise) |
//! | [`confirm`] | the scribe confirms the end by a flag or a resignation (undoable until then) |
//! | [`finish`] | a game that ended saves its log and result |
//! | [`end`] | an organiser ends a recording before its game ends |
//! | [`settle`] | a result from a finished recording: which stands where one stood already |
//!
//! and, pure: [`offers`] (what the recorder and a player's page offer now: one function, the seat
//! tells them apart), [`deal`] (an online game's seed: the engine's chance online).

pub mod clock;
pub mod confirm;
pub mod deal;
pub mod deals;
pub mod end;
pub mod fall;
pub mod finish;
pub mod flag;
pub mod game;
pub mod offers;
pub mod pause;
pub mod push;
pub mod settle;
pub mod start;
pub mod timeouts;
pub mod undo;
