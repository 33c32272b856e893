//! The words of a board: its title, each token's tooltip and the position as a list (the text
//! alternative for screen readers), in the page's language.

use super::{Board, Token};
use crate::engine::Status;
use crate::engine::ids::UnitId;
use crate::outcome::Side;
use crate::web::text::i18n::Lang;

/// `1 znacznik rozkazów`, `2 znaczniki rozkazów`, `5 znaczników rozkazów` / `1 command marker`, ...
fn markers(lang: Lang, n: u8) -> String {
    let key =
        crate::web::text::sentences::plural_key(u64::from(n), ["markers_one", "markers_few", "markers_many"]);
    format!("{n} {}", lang.t(key))
}

fn side_word(lang: Lang, side: Side) -> &'static str {
    lang.t(match side {
        Side::Red => "board_side_red",
        Side::Polish => "board_side_polish",
    })
}

/// `R16A 16 Armia`.
fn unit_name(board: &Board<'_>, u: UnitId) -> String {
    let spec = board.edition.unit(u);
    format!("{} {}", spec.code, spec.name)
}

/// `g4 Kosów Lacki, 1 znacznik rozkazów, jednostka rozproszona`.
fn whereabouts(board: &Board<'_>, t: &Token, lang: Lang) -> String {
    let hex = board.edition.hex(t.hex);
    let mut s = format!("{} {}", hex.label, hex.name);
    if !board.edition.unit(t.unit).is_defenders {
        s.push_str(&format!(", {}", markers(lang, t.markers)));
    }
    if t.status == Status::Dispersed {
        s.push_str(&format!(", {}", lang.t("board_dispersed")));
    }
    s
}

pub(super) fn title(board: &Board<'_>, lang: Lang) -> String {
    let on_map = board.position.tokens.len();
    let attacks = board.position.attacks.len();
    format!(
        "{}: {} {on_map}, {} {attacks}",
        lang.t("board"),
        lang.t("board_units_on_map"),
        lang.t("board_attack_markers")
    )
}

pub(super) fn unit_title(board: &Board<'_>, t: &Token, lang: Lang) -> String {
    format!("{}: {}", unit_name(board, t.unit), whereabouts(board, t, lang))
}

pub(super) fn list(board: &Board<'_>, lang: Lang) -> Vec<String> {
    let e = board.edition;
    let mut out = Vec::new();
    for u in e.units() {
        let head = format!("{} ({})", unit_name(board, u.id), side_word(lang, u.side));
        match board.position.tokens.iter().find(|t| t.unit == u.id) {
            Some(t) => out.push(format!("{head}: {}", whereabouts(board, t, lang))),
            None => out.push(format!("{head}: {}", lang.t("board_eliminated"))),
        }
    }
    for &(a, d) in &board.position.attacks {
        out.push(format!(
            "{}: {} → {}",
            lang.t("board_attack_marker"),
            unit_name(board, a),
            unit_name(board, d)
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Edition, GameState, RuleOptions};

    #[test]
    fn the_list_names_every_unit_where_it_stands() {
        let e = Edition::builtin();
        let state = GameState::new(e, RuleOptions::default());
        let board = Board::of(&state, "b");
        let pl = board.list(Lang::Pl);
        assert_eq!(pl.len(), 12);
        assert!(
            pl.contains(&"R16A 16 Armia (strona czerwona): g4 Kosów Lacki, 1 znacznik rozkazów".to_string()),
            "{pl:#?}"
        );
        assert!(pl.contains(&"POW Obrońcy Warszawy (strona polska): d5 Warszawa".to_string()), "{pl:#?}");
        let en = board.list(Lang::En);
        assert!(
            en.contains(&"P1A 1 Armia (Polish side): d4 Radzymin, 1 command marker".to_string()),
            "{en:#?}"
        );
    }

    #[test]
    fn marker_counts_decline() {
        assert_eq!(markers(Lang::Pl, 2), "2 znaczniki rozkazów");
        assert_eq!(markers(Lang::Pl, 5), "5 znaczników rozkazów");
        assert_eq!(markers(Lang::Pl, 0), "0 znaczników rozkazów");
        assert_eq!(markers(Lang::En, 3), "3 command markers");
    }
}
