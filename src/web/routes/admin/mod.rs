//! Organiser pages, one file per resource: the tournament and its configuration (`tournament`),
//! players, the CSV import and their changes (`players`), forbidden pairs (`forbidden`), referees
//! and co-organisers (`referees`), the change history (`history`), rounds (`rounds`), editions (`editions`), erasure (`privacy`: one entry; `erasure`: a person across the season, the retention), the stages and groups (`stages`), persons near one another and their merges (`persons`), the registry owner's proposals (`proposals`), entries from schools (`entries`) and the check-in desk (`desk`).

pub mod desk;
pub mod editions;
pub mod entries;
pub mod erasure;
mod forbidden;
mod history;
pub mod invitations;
pub mod persons;
mod players;
pub mod privacy;
pub mod proposals;
mod referees;
pub mod rounds;
pub mod season;
pub mod stages;
mod tournament;

pub use forbidden::{allow, forbid};
pub use history::{history, history_log, lines as history_lines};
pub use players::{change_player, import, import_file, register};
pub use referees::appoint;
pub use tournament::{configure, create, default_config, new_form, overview};
