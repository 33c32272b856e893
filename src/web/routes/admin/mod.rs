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

use crate::app::next_step::NextStep;
use crate::web::text::i18n::Lang;

/// The next pairing as the organiser's pages offer it (the pages' own enum for
/// [`NextStep`]): a form to press, a lot to draw, or why nothing may be paired now, in words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NextPairing {
    PairSwiss,
    StartKnockout,
    NextKnockoutRound,
    DrawGroups,
    PairGroupRound,
    /// The lot of a tie in this group (0 for A).
    DrawLot(u32),
    CloseGroups,
    QualifyKnockout,
    /// Refused for now: the reason, in the page's language.
    Blocked(String),
    Over,
}

impl NextPairing {
    #[must_use]
    pub fn of(next: &NextStep, lang: Lang) -> NextPairing {
        match next {
            NextStep::PairSwiss => NextPairing::PairSwiss,
            NextStep::StartKnockout => NextPairing::StartKnockout,
            NextStep::NextKnockoutRound => NextPairing::NextKnockoutRound,
            NextStep::DrawGroups => NextPairing::DrawGroups,
            NextStep::PairGroupRound => NextPairing::PairGroupRound,
            NextStep::DrawLot(g) => NextPairing::DrawLot(*g),
            NextStep::CloseGroups => NextPairing::CloseGroups,
            NextStep::QualifyKnockout => NextPairing::QualifyKnockout,
            NextStep::Blocked(r) => NextPairing::Blocked(crate::web::text::refusals::sentence(lang, r)),
            NextStep::Over => NextPairing::Over,
        }
    }
}
pub use history::{history, history_log, lines as history_lines};
pub use players::{change_player, import, import_file, register};
pub use referees::appoint;
pub use tournament::{configure, create, default_config, new_form, overview};
