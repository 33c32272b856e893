//! The referee's match page, read by what stands for each game (issue 38).

use super::{Html, one};

/// What stands for a game on the referee's match page (`#stands-N`).
#[derive(Debug, Clone, PartialEq)]
pub struct Stands {
    /// `record` (a recorded log stands), `typed` (a result typed without a record),
    /// `typed-invalid-record`, `recording` (being recorded at the table), `awaiting` (a recording
    /// waits for the choice of which result stands) or `nothing`.
    pub state: String,
    /// A record's moves.
    pub moves: Option<u32>,
    /// The link to the recorder (`#record-N`), where one is offered.
    pub recorder: Option<String>,
    /// The link to the recorded game's page, where a record stands.
    pub game: Option<String>,
}

impl Stands {
    /// What stands for game `n` (1, 2, or 3 for the extra game).
    pub fn read(page: &(impl Html + ?Sized), n: i64) -> Stands {
        let p = one(page.html(), &format!("#stands-{n}"));
        Stands {
            state: p.get("data-stands").to_string(),
            moves: p.attr("data-moves").map(|m| m.parse().unwrap()),
            recorder: p.first(&format!("a#record-{n}")).map(|a| a.get("href").to_string()),
            game: p.first(&format!("a#stands-game-{n}")).map(|a| a.get("href").to_string()),
        }
    }
}

/// The referees a round page names beside its tables: (table, referee's login), in table order.
pub fn table_referees(page: &(impl Html + ?Sized)) -> Vec<(i64, String)> {
    super::select(page.html(), "table#pairings tbody tr[data-table]")
        .iter()
        .filter_map(|tr| {
            Some((tr.num("data-table"), tr.first("small[data-referee]")?.get("data-referee").to_string()))
        })
        .collect()
}

/// The referee's "my tables" page: each table's (match, state), both lists, in order; the state as
/// a match line's (`pending`, `win`, `forfeit`...).
pub fn table_states(page: &(impl Html + ?Sized)) -> Vec<(i64, String)> {
    super::select(page.html(), "li[data-match][data-state]")
        .iter()
        .map(|li| (li.num("data-match"), li.get("data-state").to_string()))
        .collect()
}
