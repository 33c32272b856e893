//! What the recorder offers in a position: the legal next events as buttons (each a whole notation line,
//! labelled with its sentence), links that build a line step by step (tap a unit, then where it marches,
//! then what it attacks; tap a card, then its choices), and forms for choices of several cards or units.
//! Built from the engine's state queries and `is_legal`; the engine still decides when a line is posted.
//! A line being built travels in the link (`?draft=`), so all of this works without JavaScript.

use super::engine_lang;
use crate::engine::action::{Action, CardPlay};
use crate::engine::error::Awaited;
use crate::engine::ids::{CardId, HexId, UnitId};
use crate::engine::notation::{self, Body, Builder, PlayBody, Tok, UNSEEN};
use crate::engine::{CardEffect, GameState, narrate};
use crate::outcome::Side;
use crate::web::board::Marks;
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
                .map(|ev| narrate::sentence(self.state, ev, engine_lang(self.lang)))
                .unwrap_or_else(|| line.clone()),
            Err(_) => line.clone(),
        };
        PostOption { label, line }
    }
    /// The line `Builder` writes for one action in this position.
    fn line_of(&self, a: &Action) -> Option<String> {
        let mut b = Builder::default();
        b.push(self.state, a);
        b.log.events.first().map(ToString::to_string)
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
            .map(|u| Item { value: self.code(u).to_string(), label: self.unit_label(u) })
            .collect()
    }
}

/// The options in `state` for what `pick` carries; links lead to `base` (the recorder's address).
#[must_use]
pub fn build(state: &GameState<'_>, pick: &Pick, base: &str, lang: Lang) -> Options {
    let cx = Ctx { state, base, lang };
    let mut out = Options::default();
    if let Some(draft) = pick.draft.as_deref().filter(|d| !d.trim().is_empty()) {
        match drafted(&cx, draft, &mut out) {
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
    match state.awaited() {
        Awaited::Nothing => {}
        Awaited::Draw { side, left, .. } => draws(&cx, side, usize::from(left), &mut out),
        Awaited::ExtraMarkers => out.pickers.push(Picker {
            kind: Compose::Extra,
            side: "red",
            title: lang.t("pick_extra_markers").to_string(),
            units: cx.markable(Side::Red),
            count: 2,
            ..Picker::default()
        }),
        Awaited::Action { side } => {
            if let Some(code) = &pick.unit {
                unit_picked(&cx, side, code, &mut out);
            } else if let Some(card) = &pick.card {
                card_picked(&cx, side, card, &mut out);
            } else {
                operational(&cx, side, &mut out);
            }
            if pick.unit.is_some() || pick.card.is_some() {
                out.back = Some(base.to_string());
            }
        }
        Awaited::Select { side } => {
            let hand = state.hand_size(side) as usize;
            out.pickers.push(Picker {
                kind: Compose::Select,
                side: side.as_str(),
                title: lang.t("pick_select").to_string(),
                cards: state.possible_hand(side).iter().map(|c| cx.card_item(c)).collect(),
                count: hand.min(4),
                max_unseen: usize::from(hand > 0),
                default_unseen: usize::from(state.hand_unseen(side) > 0),
                ..Picker::default()
            });
        }
        Awaited::Retreat { .. } => {
            for a in state.legal_actions() {
                if let (Action::Retreat { to }, Some(line)) = (a, cx.line_of(&a)) {
                    out.marks.hex_links.push((to, cx.go(&line)));
                    out.posts.push(cx.post(line));
                }
            }
        }
        // Choosing the attack, set-aside, draw-back, Field fortifications, strengths, advance: few
        // choices, each a button.
        Awaited::Command { .. }
        | Awaited::ChooseAttack { .. }
        | Awaited::SetAside { .. }
        | Awaited::Pull { .. }
        | Awaited::FieldFortifications { .. }
        | Awaited::Strength { .. }
        | Awaited::Advance { .. } => {
            for a in state.legal_actions() {
                if let Some(line) = cx.line_of(&a) {
                    out.posts.push(cx.post(line));
                }
            }
        }
    }
    out
}

/// Draws: all the cards still to draw unseen (the usual case at a table), one unseen, or named cards.
fn draws(cx: &Ctx<'_, '_>, side: Side, left: usize, out: &mut Options) {
    let state = cx.state;
    let line = |side: Side, n: usize| format!("{side} draw {}", vec![UNSEEN; n].join(" "));
    out.posts.push(cx.post(line(side, left)));
    if left > 1 {
        out.posts.push(cx.post(line(side, 1)));
    }
    // Before anything is dealt either hand may come first (the rulebook deals the Poles' 7 first).
    let polish_first = Action::Draw { side: Side::Polish, card: crate::engine::CardRef::Unseen };
    if side == Side::Red
        && state.hand_size(Side::Red) == 0
        && state.hand_size(Side::Polish) == 0
        && state.is_legal(&polish_first)
    {
        let n = usize::from(state.deck_size(Side::Polish)).min(7);
        out.posts.push(cx.post(line(Side::Polish, n)));
    }
    out.pickers.push(Picker {
        kind: Compose::Draw,
        side: side.as_str(),
        title: cx.lang.t("pick_named_draw").to_string(),
        cards: state.unplaced(side).iter().map(|c| cx.card_item(c)).collect(),
        count: left,
        max_unseen: left,
        default_unseen: 0,
        ..Picker::default()
    });
}

/// The operational phase with nothing picked: pass, the units that can act, the action cards.
fn operational(cx: &Ctx<'_, '_>, side: Side, out: &mut Options) {
    let state = cx.state;
    out.posts.push(cx.post(format!("{side} pass")));
    for u in cx.own_units(side) {
        if !first_steps(cx, side, u).is_empty() || pillage(cx, side, u).is_some() {
            let href = cx.href("unit", cx.code(u));
            out.marks.unit_links.push((u, href.clone()));
            out.links.push(LinkOption { label: cx.unit_label(u), href });
        }
    }
    for c in state.possible_hand(side).iter() {
        if state.edition().card(c).effect.is_some_and(CardEffect::is_action) {
            let item = cx.card_item(c);
            out.links.push(LinkOption { label: item.label, href: cx.href("card", &item.value) });
        }
    }
}

/// A unit's legal first step of a command: marches and attacks.
fn first_steps(cx: &Ctx<'_, '_>, side: Side, u: UnitId) -> Vec<Action> {
    let state = cx.state;
    let Some(h) = state.position(u) else { return Vec::new() };
    let mut out = Vec::new();
    for n in state.edition().neighbours(h) {
        let a = match state.occupant(n) {
            None => Action::March { unit: u, to: n },
            Some(o) if state.edition().unit(o).side != side => Action::Attack { unit: u, target: o },
            Some(_) => continue,
        };
        if state.is_legal(&a) {
            out.push(a);
        }
    }
    out
}

/// The Pillage line for a unit, if it may pillage now.
fn pillage(cx: &Ctx<'_, '_>, side: Side, u: UnitId) -> Option<String> {
    let state = cx.state;
    if side != Side::Red || !state.is_legal(&Action::Pillage { unit: u }) {
        return None;
    }
    let draw = if state.deck_size(side) > 0 { format!(" draw {UNSEEN}") } else { String::new() };
    Some(format!("{side} pillage {}{draw}", cx.code(u)))
}

/// A unit picked: where it may march, what it may attack, Pillage.
fn unit_picked(cx: &Ctx<'_, '_>, side: Side, code: &str, out: &mut Options) {
    let state = cx.state;
    let Some(u) =
        notation::unit_named(state.edition(), code).filter(|u| state.edition().unit(*u).side == side)
    else {
        operational(cx, side, out);
        return;
    };
    out.marks.selected = Some(u);
    let code = cx.code(u).to_string();
    for a in first_steps(cx, side, u) {
        match a {
            Action::March { to, .. } => {
                let draft = format!("{side} command {code} march {}", cx.label(to));
                out.marks.hex_links.push((to, cx.href("draft", &draft)));
            }
            Action::Attack { target, .. } => {
                let line = format!("{side} command {code} attack {}", cx.code(target));
                out.marks.targets.push(target);
                out.marks.unit_links.push((target, cx.go(&line)));
                out.posts.push(cx.post(line));
            }
            _ => {}
        }
    }
    if let Some(line) = pillage(cx, side, u) {
        out.posts.push(cx.post(line));
    }
}

/// A card picked: its choices, as buttons, links or a form.
fn card_picked(cx: &Ctx<'_, '_>, side: Side, token: &str, out: &mut Options) {
    let state = cx.state;
    let opp = side.opponent();
    let Some(card) = CardId::parse_token(token).filter(|c| state.possible_hand(side).contains(*c)) else {
        operational(cx, side, out);
        return;
    };
    let tok = card.token();
    let Some(effect) = state.edition().card(card).effect.filter(|e| e.is_action()) else {
        operational(cx, side, out);
        return;
    };
    let legal = |play: CardPlay| state.is_legal(&Action::Play { card, play });
    let picker = |kind: Compose| Picker {
        kind,
        side: side.as_str(),
        card: tok.clone(),
        title: cx.card_item(card).label,
        ..Picker::default()
    };
    let enemies: Vec<UnitId> = cx.own_units(opp);
    match effect {
        CardEffect::Maneuver => {
            for u in cx.own_units(side) {
                if legal(CardPlay::Maneuver { unit: u }) {
                    let draft = format!("{side} play {tok} maneuver {}", cx.code(u));
                    let href = cx.href("draft", &draft);
                    out.marks.unit_links.push((u, href.clone()));
                    out.links.push(LinkOption { label: cx.unit_label(u), href });
                }
            }
        }
        CardEffect::GoWest => {
            out.pickers.push(Picker { units: cx.markable(side), count: 3, ..picker(Compose::GoWest) });
        }
        CardEffect::Assault => {
            for (by, target) in state.attacks().collect::<Vec<_>>() {
                let Some(h) = state.position(target) else { continue };
                let mut retreats: Vec<Option<HexId>> = state.edition().neighbours(h).map(Some).collect();
                retreats.push(None);
                for retreat in retreats {
                    if legal(CardPlay::Assault { target, by, retreat }) {
                        let to = retreat.map_or("none", |h| cx.label(h));
                        out.posts.push(cx.post(format!(
                            "{side} play {tok} assault {} by {} retreat {to}",
                            cx.code(target),
                            cx.code(by)
                        )));
                    }
                }
            }
        }
        CardEffect::ArtillerySupport => {
            let targets: Vec<Item> = enemies
                .iter()
                .filter(|t| legal(CardPlay::ArtillerySupport { target: **t, discard: None }))
                .map(|t| Item { value: cx.code(*t).to_string(), label: cx.unit_label(*t) })
                .collect();
            let cards = state.possible_hand(opp).iter().map(|c| cx.card_item(c)).collect();
            out.pickers.push(Picker { targets, cards, ..picker(Compose::ArtillerySupport) });
        }
        CardEffect::RadioJamming => {
            out.pickers.push(Picker { units: cx.markable(opp), count: 2, ..picker(Compose::RadioJamming) });
        }
        CardEffect::BrokenCipher => {
            let n = (state.hand_size(opp) as usize).min(4);
            out.posts
                .push(cx.post(format!("{side} play {tok} broken-cipher look {}", vec![UNSEEN; n].join(" "))));
            let cards = state.possible_hand(opp).iter().map(|c| cx.card_item(c)).collect();
            out.pickers.push(Picker {
                cards,
                count: n,
                max_unseen: n,
                default_unseen: n,
                ..picker(Compose::BrokenCipher)
            });
        }
        CardEffect::FighterEscadrille => {
            let cards = state.possible_hand(opp).iter().map(|c| cx.card_item(c)).collect();
            let n = (state.hand_size(opp) as usize).min(2);
            out.pickers.push(Picker { cards, count: n, ..picker(Compose::FighterEscadrille) });
        }
        _ => {}
    }
}

/// A line being built: applied to a copy of the position (a command left open), then what may follow.
fn drafted(cx: &Ctx<'_, '_>, draft: &str, out: &mut Options) -> Result<(), String> {
    let state = cx.state;
    let lang = cx.lang;
    let log = notation::parse(draft).map_err(|_| lang.t("draft_unreadable").to_string())?;
    let [event] = log.events.as_slice() else { return Err(lang.t("draft_unreadable").to_string()) };
    let mut actions = Vec::new();
    notation::expand(event, state.edition(), &mut actions).map_err(|r| r.rule.sentence(engine_lang(lang)))?;
    let mut after = *state;
    for a in &actions {
        if a.side().is_some_and(|s| s != event.side) {
            return Err(lang.t("draft_unreadable").to_string());
        }
        after = after.apply(a).map_err(|e| e.refusal.rule.sentence(engine_lang(lang)))?;
    }
    let path: Vec<Tok> = match &event.body {
        Body::Command { path, .. } | Body::Play { play: PlayBody::Maneuver { path, .. }, .. } => path.clone(),
        _ => Vec::new(),
    };
    out.marks.path = path.iter().filter_map(|t| notation::space_named(state.edition(), t)).collect();
    let line = event.to_string();
    let Awaited::Command { .. } = after.awaited() else {
        // A whole line: confirm it.
        out.draft = Some(cx.post(line));
        return Ok(());
    };
    let Some(unit) = actions.iter().rev().find_map(|a| match a {
        Action::March { unit, .. } | Action::Play { play: CardPlay::Maneuver { unit }, .. } => Some(*unit),
        _ => None,
    }) else {
        return Err(lang.t("draft_unreadable").to_string());
    };
    out.marks.selected = Some(unit);
    // Ending the command here is a whole line (a Manewr without marching too).
    out.draft = Some(cx.post(line));
    let extend = |f: &dyn Fn(&mut Body)| {
        let mut ev = event.clone();
        f(&mut ev.body);
        ev.to_string()
    };
    let side = state.edition().unit(unit).side;
    let Some(h) = after.position(unit) else { return Ok(()) };
    for n in state.edition().neighbours(h) {
        match after.occupant(n) {
            None if after.is_legal(&Action::March { unit, to: n }) => {
                let label = Tok::new(cx.label(n)).unwrap_or_default();
                let next = extend(&|b: &mut Body| match b {
                    Body::Command { path, .. } | Body::Play { play: PlayBody::Maneuver { path, .. }, .. } => {
                        path.push(label);
                    }
                    _ => {}
                });
                out.marks.hex_links.push((n, cx.href("draft", &next)));
            }
            Some(o)
                if state.edition().unit(o).side != side
                    && after.is_legal(&Action::Attack { unit, target: o }) =>
            {
                let code = Tok::new(cx.code(o)).unwrap_or_default();
                let next = extend(&|b: &mut Body| match b {
                    Body::Command { attack, .. }
                    | Body::Play { play: PlayBody::Maneuver { attack, .. }, .. } => {
                        *attack = Some(code);
                    }
                    _ => {}
                });
                out.marks.targets.push(o);
                out.marks.unit_links.push((o, cx.go(&next)));
                out.posts.push(cx.post(next));
            }
            _ => {}
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Edition, RuleOptions};
    use crate::web::table::Replay;

    fn state_after(lines: &str) -> GameState<'static> {
        let log = notation::parse(lines).unwrap();
        *Replay::of_log(log, Edition::builtin(), RuleOptions::default()).unwrap().current()
    }

    const DEALT: &str = "red draw ? ? ? ? ? ? ? ? ? ?\npolish draw ? ? ? ? ? ? ?\n";

    #[test]
    fn the_deal_is_one_tap_for_each_hand() {
        let start = state_after("");
        let o = build(&start, &Pick::default(), "/r", Lang::Pl);
        let lines: Vec<&str> = o.posts.iter().map(|p| p.line.as_str()).collect();
        assert_eq!(lines, ["red draw ? ? ? ? ? ? ? ? ? ?", "red draw ?", "polish draw ? ? ? ? ? ? ?"]);
        assert_eq!(o.posts[0].label, "Czerwoni dobierają 10 kart startowych.");
    }

    #[test]
    fn a_command_is_built_by_tapping_the_unit_then_spaces_then_the_target() {
        let s = state_after(&format!("{DEALT}red extra R16A R16A\n"));
        let o = build(&s, &Pick::default(), "/r", Lang::Pl);
        assert!(o.posts.iter().any(|p| p.line == "red pass"));
        let r16a = Edition::builtin().unit_by_code("R16A").unwrap();
        let href = &o.marks.unit_links.iter().find(|(u, _)| *u == r16a).expect("R16A can act").1;
        assert_eq!(href, "/r?unit=R16A");
        let o = build(&s, &Pick { unit: Some("R16A".into()), ..Pick::default() }, "/r", Lang::Pl);
        assert_eq!(o.marks.selected, Some(r16a));
        let f4 = Edition::builtin().hex_by_label("f4").unwrap();
        let to_f4 = &o.marks.hex_links.iter().find(|(h, _)| *h == f4).expect("f4 is a march").1;
        assert_eq!(to_f4, "/r?draft=red+command+R16A+march+f4");
        let o = build(
            &s,
            &Pick { draft: Some("red command R16A march f4".into()), ..Pick::default() },
            "/r",
            Lang::Pl,
        );
        assert_eq!(o.draft.as_ref().map(|d| d.line.as_str()), Some("red command R16A march f4"));
        assert_eq!(o.draft.as_ref().map(|d| d.label.as_str()), Some("Czerwoni: 16 Armia maszeruje f4."));
        let e4 = Edition::builtin().hex_by_label("e4").unwrap();
        assert!(
            o.marks.hex_links.iter().any(|(h, href)| *h == e4 && href.ends_with("march+f4+e4")),
            "{:?}",
            o.marks
        );
        let o = build(
            &s,
            &Pick { draft: Some("red command R16A march f4 e4".into()), ..Pick::default() },
            "/r",
            Lang::Pl,
        );
        let attack =
            o.posts.iter().find(|p| p.line == "red command R16A march f4 e4 attack P1A").expect("attack");
        assert_eq!(attack.label, "Czerwoni: 16 Armia maszeruje f4 → e4 i atakuje 1 Armię.");
    }

    #[test]
    fn an_illegal_draft_is_dropped_with_the_reason() {
        let s = state_after(&format!("{DEALT}red extra R16A R16A\n"));
        let o = build(
            &s,
            &Pick { draft: Some("red command R16A march d5".into()), ..Pick::default() },
            "/r",
            Lang::En,
        );
        assert!(o.problem.is_some(), "{o:?}");
        assert!(o.posts.iter().any(|p| p.line == "red pass"), "back to the first choices");
    }

    #[test]
    fn a_selection_is_a_form_with_one_unseen_card_at_most() {
        // The rulebook's combat, on the shipped edition, as the table sees it.
        let text = include_str!("../../../fixtures/logs/rulebook-operational-and-fortification-unseen.bwlog");
        let log = crate::engine::parse_log(text).unwrap();
        let edition = Edition::builtin_for_log(text);
        let select_at = log.events.iter().position(|e| matches!(e.body, Body::Select { .. })).unwrap();
        let mut s = GameState::new(edition, RuleOptions::default());
        for line in &log.events[..select_at] {
            s = s.apply_line(line).unwrap();
        }
        let o = build(&s, &Pick::default(), "/r", Lang::Pl);
        let p = &o.pickers[0];
        assert_eq!((p.kind, p.count, p.max_unseen, p.default_unseen), (Compose::Select, 4, 1, 1));
        assert!(p.cards.len() >= 4);
    }
}
