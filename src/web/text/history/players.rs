//! Registrations, withdrawals and other changes to players, erasures, and forbidden pairs, in words.

use super::{Row, Said};
use crate::store::PlayerId;
use crate::store::history::{ForbiddenPair, Registration};
use crate::store::players::PlayerChange;

/// "Registration: Ewa Lis (accept despite age …)", and the knowledge-test score and club.
pub(super) fn registered(row: &Row<'_>, player: PlayerId, registration: &Registration) -> Said {
    let lang = row.lang;
    let mut what = format!("{}: {}", lang.t("h_register"), row.names.player(player));
    if registration.age_override {
        what.push_str(&format!(" ({})", lang.t("age_override")));
    }
    let mut after = vec![knowledge(row, registration.knowledge_score)];
    if !registration.club.is_empty() {
        after.push(format!("{}: {}", lang.t("club"), registration.club));
    }
    (what, Vec::new(), after)
}

/// "Withdrawal from the tournament: A" (`key` says which change), whether the player plays and
/// their knowledge-test score before and after.
pub(super) fn changed(
    row: &Row<'_>,
    key: &str,
    player: PlayerId,
    before: &PlayerChange,
    after: &PlayerChange,
) -> Said {
    let lang = row.lang;
    let state = |p: &PlayerChange| {
        vec![
            lang.t(if p.withdrawn { "withdrawn" } else { "playing" }).to_string(),
            knowledge(row, p.knowledge_score),
        ]
    };
    (format!("{}: {}", lang.t(key), row.names.player(player)), state(before), state(after))
}

fn knowledge(row: &Row<'_>, score: Option<i64>) -> String {
    match score {
        Some(k) => format!("{}: {k}", row.lang.t("knowledge")),
        None => format!("{}: –", row.lang.t("knowledge")),
    }
}

/// "Personal data erased: Anonim #4" (the pseudonym: the name is gone).
pub(super) fn erased(row: &Row<'_>, player: PlayerId) -> Said {
    (format!("{}: {}", row.lang.t("h_erase"), row.names.player(player)), Vec::new(), Vec::new())
}

/// "Confirmed the same person as an entry of another event: A" (or the merge undone).
pub(super) fn persons(row: &Row<'_>, key: &str, player: PlayerId) -> Said {
    (format!("{}: {}", row.lang.t(key), row.names.player(player)), Vec::new(), Vec::new())
}

/// "Pair forbidden: A – B", the limit before (if it was forbidden already) and after.
pub(super) fn forbidden(row: &Row<'_>, before: Option<&ForbiddenPair>, after: &ForbiddenPair) -> Said {
    let lang = row.lang;
    let until = |p: &ForbiddenPair| match p.until_round {
        Some(n) => format!("{} {n}", lang.t("forbidden_until_round")),
        None => lang.t("forbidden_always").to_string(),
    };
    (
        format!("{}: {}", lang.t("h_forbid"), row.names.pair(after.player_a, Some(after.player_b))),
        before.map(until).into_iter().collect(),
        vec![until(after)],
    )
}

/// "Pair allowed again: A – B".
pub(super) fn allowed(row: &Row<'_>, a: PlayerId, b: PlayerId) -> Said {
    (format!("{}: {}", row.lang.t("h_allow"), row.names.pair(a, Some(b))), Vec::new(), Vec::new())
}
