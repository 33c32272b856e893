//! The games table of a match page (`partials/games_table.html`), read by its `data-` attributes
//! (issue 38).

use super::{Html, select};

/// One game's row.
#[derive(Debug, Clone, PartialEq)]
pub struct GameRow {
    pub id: i64,
    /// 1, 2, or 3 for the extra game.
    pub number: i64,
    /// The Red-side points, once the game has a result.
    pub red_points: Option<i64>,
}

/// The games of a match page, in order.
pub fn game_rows(page: &(impl Html + ?Sized)) -> Vec<GameRow> {
    select(page.html(), "table.games tbody tr[data-game]")
        .iter()
        .map(|tr| GameRow {
            id: tr.num("data-game"),
            number: tr.num("data-game-no"),
            red_points: tr.attr("data-red-points").map(|p| p.parse().unwrap()),
        })
        .collect()
}
