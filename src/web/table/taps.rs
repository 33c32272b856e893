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

/// How many spaces a march line crosses (`0`: no march): the command markers it spends, one a space
/// ("Discard 1 command marker for each space marched", rulebook, Command a Unit). Two marches of
/// one unit to one space (and target) that are as long leave the same position (tested below), so
/// a choice among paths offers one of each length (here without scripts, `static/picker.js` with).
pub(crate) fn march_length(value: &str) -> usize {
    let words: Vec<&str> = value.split_whitespace().collect();
    words
        .iter()
        .position(|w| *w == "march")
        .map_or(0, |at| words[at + 1..].iter().take_while(|w| **w != "attack").count())
}

/// `offers` (views with their tap keys) with one march of each length kept for each set of keys:
/// the one crossing the fewest middle spaces (the first offered among those), in the list's order;
/// the rest leave the same positions. Lines without a march are all kept.
pub(crate) fn one_of_each_length(offers: Vec<(OfferView, Vec<String>)>) -> Vec<(OfferView, Vec<String>)> {
    let class = |(view, keys): &(OfferView, Vec<String>)| {
        let mut k = keys.clone();
        k.sort();
        (k, march_length(&view.value))
    };
    let crossed = |(view, _): &(OfferView, Vec<String>)| view.via.split_whitespace().count();
    let mut best: std::collections::HashMap<(Vec<String>, usize), usize> = std::collections::HashMap::new();
    for (i, o) in offers.iter().enumerate() {
        let c = class(o);
        if c.1 > 0 {
            let kept = best.entry(c).or_insert(i);
            if crossed(o) < crossed(&offers[*kept]) {
                *kept = i;
            }
        }
    }
    offers
        .into_iter()
        .enumerate()
        .filter(|(i, o)| {
            let c = class(o);
            c.1 == 0 || best.get(&c) == Some(i)
        })
        .map(|(_, o)| o)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::recording::offers::{Seat, offers};
    use crate::engine::edition::Edition;
    use crate::engine::state::RuleOptions;
    use std::collections::HashMap;

    fn view(value: &str, keys: &str, via: &str) -> (OfferView, Vec<String>) {
        let keys: Vec<String> = keys.split_whitespace().map(String::from).collect();
        let v = OfferView { value: value.into(), label: value.into(), keys: keys.join(" "), via: via.into() };
        (v, keys)
    }

    /// Typed in by hand: R16A (on h3) to g2 by one path of 1, two of 2 (through h2 or g3: the first
    /// kept), two of 3 (through g3 and f2, or back through h3 and h2: the second crosses one free
    /// space, kept); two marches on to attack P1A, of 1 and 2; a pass. One path of each length stays
    /// for each set of pieces, the one crossing the fewest free middle spaces, in the list's order.
    #[test]
    fn one_of_each_length_keeps_the_most_direct_path_of_each_length() {
        let list = vec![
            view("red command R16A march h2 g2", "u:R16A h:g2", "h:h2"),
            view("red command R16A march g2", "u:R16A h:g2", ""),
            view("red command R16A march g3 f2 g2", "u:R16A h:g2", "h:g3 h:f2"),
            view("red command R16A march g3 g2", "u:R16A h:g2", "h:g3"),
            view("red command R16A march h3 h2 g2", "u:R16A h:g2", "h:h2"),
            view("red command R16A march g2 attack P1A", "u:R16A u:P1A", ""),
            view("red command R16A march h3 g2 attack P1A", "u:R16A u:P1A", ""),
            view("red pass", "", ""),
        ];
        let kept: Vec<String> = one_of_each_length(list).into_iter().map(|(v, _)| v.value).collect();
        assert_eq!(
            kept,
            vec![
                "red command R16A march h2 g2",
                "red command R16A march g2",
                "red command R16A march h3 h2 g2",
                "red command R16A march g2 attack P1A",
                "red command R16A march h3 g2 attack P1A",
                "red pass",
            ]
        );
        assert_eq!(march_length("red command R16A march g3 f2 g2 attack P1A"), 3);
        assert_eq!(march_length("red pass"), 0);
    }

    /// What `static/picker.js` relies on to offer one path of each length to a space: "Discard 1
    /// command marker for each space marched" (rulebook, Command a Unit) and nothing else a path
    /// crosses changes the game, so two offered marches of one unit to one space (and target) that
    /// are as long leave equal positions (the engine's own equality: everything the rules see).
    /// Walked through random games, every player's offers at every step; it also measures how many
    /// lengths one space offers (the tray's buttons) and fails if the walk found no such paths.
    #[test]
    fn paths_to_one_space_as_long_leave_the_same_position() {
        let e = Edition::builtin();
        let (mut compared, mut most_lengths) = (0usize, 0usize);
        for seed in 0..12u64 {
            let mut state = GameState::new(e, RuleOptions::STANDARD);
            let mut x = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            while let Some(side) = state.to_act() {
                let mut after: HashMap<(Vec<String>, usize), GameState<'_>> = HashMap::new();
                let mut lengths: HashMap<Vec<String>, Vec<usize>> = HashMap::new();
                for o in offers(&state, Seat::Player(side)).lines {
                    let (Some(line), n) = (&o.line, march_length(&o.value)) else { continue };
                    if n == 0 {
                        continue;
                    }
                    let mut keys = tap_keys(&state, side, &o.value);
                    keys.sort();
                    let next = state.apply_line(line).expect("an offered line applies");
                    let ls = lengths.entry(keys.clone()).or_default();
                    if !ls.contains(&n) {
                        ls.push(n);
                        most_lengths = most_lengths.max(ls.len());
                    }
                    match after.get(&(keys.clone(), n)) {
                        Some(first) => {
                            compared += 1;
                            assert!(
                                *first == next,
                                "{} leaves another position than a path as long",
                                o.value
                            );
                        }
                        None => {
                            after.insert((keys, n), next);
                        }
                    }
                }
                let mut actions = state.legal_actions();
                actions.retain(|a| !a.has_unseen() && a.side().is_none_or(|s| s == side));
                if actions.is_empty() {
                    break;
                }
                x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
                let pick = actions[usize::try_from((x >> 33) % actions.len() as u64).unwrap_or(0)];
                if state.play(&pick).is_err() {
                    break;
                }
            }
        }
        eprintln!(
            "{compared} paths compared with one as long to the same space; at most {most_lengths} lengths to one space"
        );
        assert!(compared > 1000, "the walk met paths to one space: {compared}");
        assert!(most_lengths <= 6, "one space offers at most 6 lengths (the tray's buttons): {most_lengths}");
    }
}
