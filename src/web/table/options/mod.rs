//! What the recorder offers in a position: the legal next events as buttons (each a whole notation line,
//! labelled with its sentence), links that build a line step by step (tap a unit, then where it marches,
//! then what it attacks; tap a card, then its choices), and forms for choices of several cards or units.
//! Built from the engine's state queries and `is_legal`; the engine still decides when a line is posted.
//! A line being built travels in the link (`?draft=`), so all of this works without JavaScript.
//!
//! Here: what is offered, and what each decision the game awaits offers; `commands`: commands
//! built step by step (a unit, then its path, then its target); `cards`: an action card's choices.

mod cards;
mod commands;

use crate::app::recording::offers::{self as offered, Offer, PickKind, Seat, offers};
use crate::engine::action::Action;
use crate::engine::error::Awaited;
use crate::engine::ids::{CardId, HexId, UnitId};
use crate::engine::notation;
use crate::engine::{GameState, narrate};
use crate::outcome::Side;
use crate::web::board::Marks;
use crate::web::table::taps::{OfferView, offer_view};
use crate::web::text::i18n::Lang;

/// A button that records one whole line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PostOption {
    /// The line's sentence.
    pub label: String,
    pub line: String,
}

/// A link that refines the choice (no recording yet).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LinkOption {
    pub label: String,
    pub href: String,
}

/// A card or unit in a form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Item {
    pub value: String,
    pub label: String,
}

/// Which line a picker composes: its fields, and the `compose` value its form posts (`Display`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Compose {
    /// A named draw (the struct-update base of `Picker::default()`; every picker names its own).
    #[default]
    Draw,
    Extra,
    Select,
    GoWest,
    FighterEscadrille,
    BrokenCipher,
    ArtillerySupport,
    RadioJamming,
}

impl Compose {
    /// The form's `compose` value (what `compose::line` reads back).
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Compose::Draw => "draw",
            Compose::Extra => "extra",
            Compose::Select => "select",
            Compose::GoWest => "go-west",
            Compose::FighterEscadrille => "fighter-escadrille",
            Compose::BrokenCipher => "broken-cipher",
            Compose::ArtillerySupport => "artillery-support",
            Compose::RadioJamming => "radio-jamming",
        }
    }
}

impl std::fmt::Display for Compose {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A form for a choice of several cards or units; the recorder composes its line (`compose`).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Picker {
    pub kind: Compose,
    pub side: &'static str,
    /// The action card played (card forms).
    pub card: String,
    pub title: String,
    pub cards: Vec<Item>,
    pub units: Vec<Item>,
    /// Targets (artillery support).
    pub targets: Vec<Item>,
    /// How many cards the choice takes (a hint).
    pub count: usize,
    /// The most cards that may be written `?` (0: none).
    pub max_unseen: usize,
    pub default_unseen: usize,
    /// How many cards are discarded after the ones revealed (Fighter Escadrille): the form sends itself
    /// once `count` are revealed and these discarded.
    pub discard: usize,
}

/// Everything the recorder offers now.
#[derive(Debug, Clone, Default)]
pub struct Options {
    pub posts: Vec<PostOption>,
    pub links: Vec<LinkOption>,
    pub pickers: Vec<Picker>,
    pub marks: Marks,
    /// The line being built, if it is whole and may be saved as it is.
    pub draft: Option<PostOption>,
    /// A link back to the position's first choices (when something is picked).
    pub back: Option<String>,
    /// A draft that did not apply (it is dropped), in the page's language.
    pub problem: Option<String>,
    /// A space or an enemy on the board records a command in one tap (only one unit reaches it).
    pub one_tap: bool,
    /// The whole lines chosen by tapping pieces on the board (the shared picker's list): commands,
    /// Pillage, retreats and the other lines naming units or spaces, with nothing picked yet.
    pub(crate) taps: Vec<OfferView>,
}

/// What the recorder's link carries: a unit or card picked, or a line being built.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Pick {
    pub unit: Option<String>,
    pub card: Option<String>,
    pub draft: Option<String>,
}

fn encode(v: &str) -> String {
    serde_urlencoded::to_string([("x", v)]).map(|s| s[2..].to_string()).unwrap_or_default()
}

struct Ctx<'s, 'e> {
    state: &'s GameState<'e>,
    base: &'s str,
    lang: Lang,
}

impl Ctx<'_, '_> {
    fn href(&self, key: &str, value: &str) -> String {
        format!("{}?{key}={}", self.base, encode(value))
    }
    /// A link to confirm a whole line (`go=1`: the script posts it at once).
    fn go(&self, line: &str) -> String {
        format!("{}?draft={}&go=1", self.base, encode(line))
    }
    fn code(&self, u: UnitId) -> &str {
        &self.state.edition().unit(u).code
    }
    fn label(&self, h: HexId) -> &str {
        &self.state.edition().hex(h).label
    }
    fn unit_label(&self, u: UnitId) -> String {
        let spec = self.state.edition().unit(u);
        format!("{} ({})", spec.name, spec.code)
    }
    fn card_item(&self, c: CardId) -> Item {
        let spec = self.state.edition().card(c);
        let colour = self.lang.t(&format!("colour_{}", spec.colour.as_str()));
        Item { value: c.token(), label: format!("{} {} ({colour}, {})", c.token(), spec.name, spec.strength) }
    }
    /// The sentence of a line in this position (the line itself if it does not parse).
    fn post(&self, line: String) -> PostOption {
        let label = match notation::parse(&line) {
            Ok(log) => log
                .events
                .first()
                .map(|ev| narrate::sentence(self.state, ev, self.lang))
                .unwrap_or_else(|| line.clone()),
            Err(_) => line.clone(),
        };
        PostOption { label, line }
    }
    /// An offered line as a button: its sentence, and the line it posts.
    fn offer(&self, o: &Offer) -> PostOption {
        let label =
            o.line.as_ref().map_or_else(|| o.value.clone(), |l| narrate::sentence(self.state, l, self.lang));
        PostOption { label, line: o.value.clone() }
    }
    /// An offered choice of several cards or units as a form.
    fn picker(&self, p: &offered::Pick) -> Picker {
        let (kind, title) = match p.kind {
            PickKind::Draw => (Compose::Draw, "pick_named_draw"),
            PickKind::Extra => (Compose::Extra, "pick_extra_markers"),
            PickKind::Select => (Compose::Select, "pick_select"),
        };
        Picker {
            kind,
            side: p.side.as_str(),
            title: self.lang.t(title).to_string(),
            cards: p.cards.iter().map(|c| self.card_item(*c)).collect(),
            units: p.units.iter().map(|u| self.unit_item(*u)).collect(),
            count: p.count,
            max_unseen: p.max_unseen,
            default_unseen: p.default_unseen,
            ..Picker::default()
        }
    }
    fn unit_item(&self, u: UnitId) -> Item {
        Item { value: self.code(u).to_string(), label: self.unit_label(u) }
    }
    fn own_units(&self, side: Side) -> Vec<UnitId> {
        let e = self.state.edition();
        e.units().filter(|u| u.side == side && self.state.position(u.id).is_some()).map(|u| u.id).collect()
    }
    fn markable(&self, side: Side) -> Vec<Item> {
        let e = self.state.edition();
        self.own_units(side)
            .into_iter()
            .filter(|u| !e.unit(*u).is_defenders)
            .map(|u| self.unit_item(u))
            .collect()
    }
}

/// The options in `state` for what `pick` carries; links lead to `base` (the recorder's address).
/// What may be done comes from the table's offers (`app::recording::offers`, the function the online
/// page shares); here it becomes buttons, links and forms.
#[must_use]
pub fn build(state: &GameState<'_>, pick: &Pick, base: &str, lang: Lang) -> Options {
    let cx = Ctx { state, base, lang };
    let mut out = Options::default();
    if let Some(draft) = pick.draft.as_deref().filter(|d| !d.trim().is_empty()) {
        match commands::drafted(&cx, draft, &mut out) {
            Ok(()) => {
                out.back = Some(base.to_string());
                return out;
            }
            Err(problem) => {
                out = Options::default();
                out.problem = Some(problem);
            }
        }
    }
    let offered = offers(state, Seat::Table);
    if let Awaited::Action { side } = state.awaited() {
        if let Some(code) = &pick.unit {
            commands::unit_picked(&cx, side, code, &offered, &mut out);
        } else if let Some(card) = &pick.card {
            cards::card_picked(&cx, side, card, &offered, &mut out);
        } else {
            commands::operational(&cx, &offered, &mut out);
        }
        if pick.unit.is_some() || pick.card.is_some() {
            out.back = Some(base.to_string());
        } else {
            out.taps = tap_offers(&cx, &offered);
        }
        return out;
    }
    for o in &offered.lines {
        let post = cx.offer(o);
        // A retreat's space on the board records it in one tap.
        if let Some(Action::Retreat { to }) = o.action {
            out.marks.hex_links.push((to, cx.go(&post.line)));
        }
        out.posts.push(post);
    }
    out.pickers.extend(offered.picks.iter().map(|p| cx.picker(p)));
    out.taps = tap_offers(&cx, &offered);
    out
}

/// The offered lines the picker chooses by taps on the board: those naming units or spaces and
/// no card (the recorder shows no hand), each with its pieces (`data-k`).
fn tap_offers(cx: &Ctx<'_, '_>, offered: &offered::Offers) -> Vec<OfferView> {
    let Some(side) = cx.state.to_act() else { return Vec::new() };
    offered
        .lines
        .iter()
        .chain(&offered.commands)
        .filter_map(|o| {
            let (view, keys) = offer_view(cx.state, side, &o.value, cx.offer(o).label);
            (!keys.is_empty() && keys.iter().all(|k| !k.starts_with("c:"))).then_some(view)
        })
        .collect()
}

#[cfg(test)]
mod tests;
