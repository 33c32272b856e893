//! The one offer list both pickers read (issue 35, item 2): the online player's page and the
//! recorder list what may be done now (`app::recording::offers`) as buttons, each naming the pieces
//! on the board and in the hand that choose it (`data-k`), for `static/picker.js`; the partial
//! `partials/offers.html` draws the list. Without scripts the list is the way (the buttons post).

use crate::engine::GameState;
use crate::engine::ids::CardId;
use crate::outcome::Side;

/// The list as the partial draws it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct TapList {
    /// Where the form posts (the page's own address).
    pub action: String,
    /// The recorder's forms say `auto=1` (its forced steps are written after the line).
    pub auto: bool,
    /// The offers the list shows (all, or those holding what was picked without scripts).
    pub offers: Vec<OfferView>,
    /// How many offers there are in all.
    pub total: usize,
    /// Something was picked without scripts: the list is open.
    pub picking: bool,
    /// The key of the list's help (the online page's hand of cards, the recorder's board only).
    pub help: &'static str,
}

impl TapList {
    /// An empty list posting to `action`.
    pub(crate) fn new(action: String, auto: bool, help: &'static str) -> TapList {
        TapList { action, auto, offers: Vec::new(), total: 0, picking: false, help }
    }
}

/// One offered event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct OfferView {
    pub value: String,
    pub label: String,
    /// The things tapped to choose it, space-separated (`u:R16A h:e4`): the units, spaces and
    /// cards the line names (a march's last space only). Empty: a button of its own (pass).
    pub keys: String,
    /// A march's free middle spaces (`h:f4 h:f5`), space-separated: when several paths lead to one
    /// space, a tap on one of them on the board chooses the path (no list to scroll).
    pub via: String,
}

/// The tap keys of an offered line: each unit (`u:`), space (`h:`, the last of a run of spaces, where
/// a march ends) and card (`c:`) it names, once each, in order.
pub(crate) fn tap_keys(state: &GameState<'_>, side: Side, value: &str) -> Vec<String> {
    let e = state.edition();
    let words: Vec<&str> = value.split_whitespace().skip(1).collect();
    let is_hex = |w: &str| e.hex_by_label(w).is_some();
    let mut out: Vec<String> = Vec::new();
    for (i, w) in words.iter().enumerate() {
        let key = if e.unit_by_code(w).is_some() {
            format!("u:{w}")
        } else if let Some(h) = e.hex_by_label(w) {
            // A march's last space only; a space another unit stands on is tapped as that unit. A
            // march back to where the unit stands keeps its space (the unit's `data-at`).
            let back =
                words.iter().take(i).any(|x| e.unit_by_code(x).is_some_and(|u| state.occupant(h) == Some(u)));
            if words.get(i + 1).is_some_and(|n| is_hex(n)) || (state.occupant(h).is_some() && !back) {
                continue;
            }
            format!("h:{w}")
        } else if w.len() == 3
            && CardId::parse_token(w).is_some_and(|c| c.token() == *w && state.hand(side).contains(c))
        {
            // A card in the hand (one in play is no card face to tap).
            format!("c:{w}")
        } else {
            continue;
        };
        if !out.contains(&key) {
            out.push(key);
        }
    }
    out
}

/// A march's middle spaces that no unit stands on (`h:f4`), in order: what tells two paths to one
/// space apart on the board (the caller drops the ones the line's keys hold: a path through its
/// own end).
pub(crate) fn tap_via(state: &GameState<'_>, value: &str) -> Vec<String> {
    let e = state.edition();
    let words: Vec<&str> = value.split_whitespace().collect();
    let mut out: Vec<String> = Vec::new();
    for (i, w) in words.iter().enumerate() {
        if let Some(h) = e.hex_by_label(w)
            && words.get(i + 1).is_some_and(|n| e.hex_by_label(n).is_some())
            && state.occupant(h).is_none()
        {
            let key = format!("h:{w}");
            if !out.contains(&key) {
                out.push(key);
            }
        }
    }
    out
}

/// An offered line as the list shows it, with its tap keys (`side`: whose hand its cards are in).
pub(crate) fn offer_view(
    state: &GameState<'_>,
    side: Side,
    value: &str,
    label: String,
) -> (OfferView, Vec<String>) {
    let keys = tap_keys(state, side, value);
    let via = tap_via(state, value).into_iter().filter(|v| !keys.contains(v)).collect::<Vec<_>>().join(" ");
    (OfferView { value: value.to_string(), label, keys: keys.join(" "), via }, keys)
}
