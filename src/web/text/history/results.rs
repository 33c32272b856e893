//! Games' results, the extra game's lot, walkovers and deck checks in words.

use super::{Row, Said};
use crate::outcome::Side;
use crate::store::PlayerId;
use crate::store::deck_checks::NewDeckCheck;
use crate::store::games::{LogStatus, ResultEntry};
use crate::store::rounds::Forfeit;
use crate::web::text::names::Named;
use crate::web::text::sentences::clock;

/// "Result entered: game 2 (round 3, table 4): A – B", and the result.
pub(super) fn entered(row: &Row<'_>, after: &ResultEntry) -> Said {
    (what(row, "h_game_enter"), Vec::new(), result(row, after))
}

/// "Result corrected: …", the result before and after.
pub(super) fn corrected(row: &Row<'_>, before: &ResultEntry, after: &ResultEntry) -> Said {
    (what(row, "h_game_correct"), result(row, before), result(row, after))
}

/// "Recording ended by the organiser: game 1 (…)", and the lines it kept.
pub(super) fn recording_ended(row: &Row<'_>, steps: i64) -> Said {
    let kept = crate::web::text::sentences::moves(&row.lang, &usize::try_from(steps).unwrap_or(0));
    (what(row, "h_recording_end"), Vec::new(), vec![format!("{}: {kept}", row.lang.t("h_recording_kept"))])
}

/// "Recorded result set aside: game 1 (…)": the result that stood was kept; the recorded one.
pub(super) fn recording_set_aside(row: &Row<'_>, recorded: &ResultEntry) -> Said {
    (what(row, "h_recording_set_aside"), result(row, recorded), Vec::new())
}

fn what(row: &Row<'_>, key: &str) -> String {
    let lang = row.lang;
    let game = match row.entry.game_no {
        Some(3) => lang.t("extra_game").to_string(),
        Some(n) => format!("{} {n}", lang.t("game").to_lowercase()),
        None => String::new(),
    };
    row.with_players(row.at_place(&format!("{} {game}", lang.t(key))))
}

/// A game's result in words: who won with which army, how, the points, the clocks, the log.
fn result(row: &Row<'_>, r: &ResultEntry) -> Vec<String> {
    let (lang, e) = (row.lang, row.entry);
    let Some(winner) = r.winner else {
        return vec![lang.t("no_result_yet").to_string()];
    };
    // Game 1's Red is A, game 2's is B (the extra game's Red is in its own lot row).
    let (red, polish) = match e.game_no {
        Some(1) => (e.player_a, e.player_b),
        Some(2) => (e.player_b, e.player_a),
        _ => (None, None),
    };
    let who = match winner {
        Side::Red => red,
        Side::Polish => polish,
    };
    let army = lang.t(winner.text_key());
    let mut out = vec![match who {
        Some(p) => format!("{} {army} ({})", lang.t("wins_word"), row.names.player_id(Some(p))),
        None => format!("{} {army}", lang.t("wins_word")),
    }];
    out.push(r.termination.map_or_else(String::new, |t| lang.t(t.text_key()).to_string()));
    if let Some(p) = r.red_points {
        out.push(lang.pick(format!("{p} pkt za Czerwonych"), format!("{p} points for Red")));
    }
    for (secs, label) in [(r.red_clock_secs, "red_clock"), (r.polish_clock_secs, "polish_clock")] {
        if let Some(s) = secs {
            out.push(format!("{}: {}", lang.t(label), clock(s)));
        }
    }
    out.push(
        lang.t(match r.log_status {
            LogStatus::Valid => "log_valid",
            LogStatus::Invalid => "log_invalid",
            LogStatus::None => "no_log",
        })
        .to_string(),
    );
    out
}

/// "Extra game's side drawn by lot …", and who commands Red.
pub(super) fn lot(row: &Row<'_>, red: PlayerId) -> Said {
    let lang = row.lang;
    (
        row.with_players(row.at_place(lang.t("h_extra_lot"))),
        Vec::new(),
        vec![format!("{}: {}", lang.t("red"), row.names.player(red))],
    )
}

/// "No-show or withdrawal …", the match's state before and after.
pub(super) fn forfeit(row: &Row<'_>, before: Option<Forfeit>, after: Option<Forfeit>) -> Said {
    let words = |f: Option<Forfeit>| {
        let lang = row.lang;
        let (a, b) = (row.names.player_id(row.entry.player_a), row.names.player_id(row.entry.player_b));
        vec![match f {
            None => lang.t("forfeit_played").to_string(),
            Some(Forfeit::AbsentA) => format!("{}: {a}", lang.t("forfeit_absent")),
            Some(Forfeit::AbsentB) => format!("{}: {b}", lang.t("forfeit_absent")),
            Some(Forfeit::AbsentBoth) => lang.t("forfeit_both").to_string(),
            Some(Forfeit::WithdrewA) => format!("{}: {a}", lang.t("forfeit_withdrew")),
            Some(Forfeit::WithdrewB) => format!("{}: {b}", lang.t("forfeit_withdrew")),
        }]
    };
    (row.with_players(row.at_place(row.lang.t("h_forfeit"))), words(before), words(after))
}

/// "Deck check …", the counts, the set swapped in, the cards missing.
pub(super) fn deck_check(row: &Row<'_>, check: &NewDeckCheck) -> Said {
    let lang = row.lang;
    let mut after = vec![format!(
        "{}: {}; {}: {}, {}: {}",
        lang.t("set_label"),
        check.set_label,
        lang.t("red_count"),
        check.red_count,
        lang.t("polish_count"),
        check.polish_count
    )];
    if !check.swapped_to.is_empty() {
        after.push(format!("{}: {}", lang.t("swapped_to"), check.swapped_to));
    }
    if !check.missing_cards.is_empty() {
        let missing: Vec<&str> = check.missing_cards.iter().map(|(_, name)| name.as_str()).collect();
        after.push(format!("{}: {}", lang.t("missing_cards"), missing.join(", ")));
    }
    (row.with_players(row.at_place(lang.t("h_deck_check"))), Vec::new(), after)
}
