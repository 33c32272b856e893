//! Pairings, swaps in a draft, discarded drafts, rounds published and locked, and referees
//! assigned to tables, in words.

use super::{Row, Said};
use crate::store::history::{DiscardedDraft, Seating};
use crate::store::rounds::{NewMatch, Status};
use crate::store::{PlayerId, UserId};
use crate::web::text::i18n::Lang;
use crate::web::text::names::Named;

/// "Pairing (round 1, table 2)", and the pair (Red in game 1 first) or the bye.
pub(super) fn paired(row: &Row<'_>, pairing: &NewMatch) -> Said {
    let lang = row.lang;
    let a = row.names.player(pairing.player_a);
    let after = match pairing.player_b {
        Some(b) => format!("{a} ({}) – {}", lang.t("red_first"), row.names.player(b)),
        None => format!("{a}: {}", lang.t("bye")),
    };
    (row.at_place(lang.t("h_pair")), Vec::new(), vec![after])
}

/// "Pairing removed (draft discarded) …", and the pair it was.
pub(super) fn discarded(row: &Row<'_>, a: PlayerId, b: Option<PlayerId>) -> Said {
    (row.at_place(row.lang.t("h_pair_discard")), vec![row.names.pair(a, b)], Vec::new())
}

/// "Players swapped in the draft …", the two matches' pairs before and after.
pub(super) fn swapped(row: &Row<'_>, before: &[Seating], after: &[Seating]) -> Said {
    let pairs = |seats: &[Seating]| seats.iter().map(|&(_, a, b)| row.names.pair(a, b)).collect();
    (row.at_place(row.lang.t("h_override")), pairs(before), pairs(after))
}

/// "Draft discarded: round 1", and how many pairings went with it.
pub(super) fn draft_discarded(lang: Lang, draft: &DiscardedDraft) -> Said {
    (
        format!("{} {}", lang.t("h_round_discard"), draft.number),
        vec![format!("{}: {}", lang.t("pairings"), draft.matches.len())],
        Vec::new(),
    )
}

/// "Round 3: published", the status before and after.
pub(super) fn advanced(row: &Row<'_>, from: Status, to: Status) -> Said {
    let lang = row.lang;
    let round = row.entry.round_number.map(|n| format!(" {n}")).unwrap_or_default();
    (
        format!("{}{round}: {}", lang.t("round"), lang.t(to.text_key())),
        vec![lang.t(from.text_key()).to_string()],
        vec![lang.t(to.text_key()).to_string()],
    )
}

/// "Round N: opened again", locked before, published after with the organiser's reason.
pub(super) fn unlocked(row: &Row<'_>, reason: &str) -> Said {
    let lang = row.lang;
    let round = row.entry.round_number.map(|n| format!(" {n}")).unwrap_or_default();
    (
        format!("{}{round}: {}", lang.t("round"), lang.t("unlocked")),
        vec![lang.t(Status::Locked.text_key()).to_string()],
        vec![
            lang.t(Status::Published.text_key()).to_string(),
            format!("{}: {reason}", lang.t("unlock_reason")),
        ],
    )
}

/// "Referees assigned to tables …", each table's referee before and after ("nobody" when the
/// assignment was removed).
pub(super) fn referees(row: &Row<'_>, before: &[(i64, UserId)], after: &[(i64, UserId)]) -> Said {
    let lang = row.lang;
    let tables = |assigned: &[(i64, UserId)]| -> Vec<String> {
        assigned
            .iter()
            .map(|(table, user)| {
                let name = row.names.users.get(&user.0).cloned().unwrap_or_default();
                format!("{} {table}: {name}", lang.t("table").to_lowercase())
            })
            .collect()
    };
    let mut now = tables(after);
    if now.is_empty() {
        now.push(lang.t("nobody").to_string());
    }
    (row.at_place(lang.t("h_assign")), tables(before), now)
}
