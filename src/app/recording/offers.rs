//! What a recorded game offers now: the legal next events, grouped as the pages show them (whole
//! lines as buttons, choices of several cards or units for the picker, the units and cards a command
//! or a card play starts from). One function for the recorder and the online page: what differs is
//! the seat ([`Seat`]). At the table the scribe records both sides and writes `?` for a card nobody
//! saw; a player online is offered only their own decisions, every card named, and nothing that
//! names a card the opponent holds: where an action card's event holds such cards (what Fighter
//! Escadrille makes the opponent reveal and discard, what Broken Cipher shows, the card Artillery
//! Support's owner may discard), the player chooses the card (and target) and the server draws the
//! rest from the deal's seed ([`resolve`]). The engine judges every line when it is pushed.

use super::deal::{self, Seed};
use crate::app::RecordingRefusal;
use crate::engine::action::{Action, CardPlay, CardRef};
use crate::engine::error::Awaited;
use crate::engine::ids::{CardId, UnitId};
use crate::engine::notation::{self, Builder, Event, UNSEEN};
use crate::engine::{CardEffect, GameState};
use crate::outcome::Side;

/// The most command lines offered for one first step online (a unit's whole reach is far fewer).
const COMMANDS_MAX: usize = 400;

/// Who the offers are for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Seat {
    /// The table's scribe: both sides' decisions, a card nobody saw written `?`.
    Table,
    /// One player online: their own decisions, every card named.
    Player(Side),
}

/// One thing that may be done now, in one tap.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Offer {
    /// What a form posts: a notation line, or (online) `<side> play <card>[ <target>]` where the
    /// rest of the card's event is the server's to draw.
    pub value: String,
    /// The line, when the offer is one (`None`: the server completes the card's event).
    pub line: Option<Event>,
    /// The action card played, when the offer plays one.
    pub card: Option<CardId>,
    /// The unit it targets, for Artillery Support.
    pub target: Option<UnitId>,
    /// The one engine event the line stands for, when it stands for one (a retreat's space is
    /// tapped on the board).
    pub action: Option<Action>,
}

impl Offer {
    /// A line as a player's page posts it (spelled canonically).
    fn named(line: Event, state: &GameState<'_>, card: Option<CardId>) -> Offer {
        let value = notation::canonical(&line, state.edition()).to_string();
        Offer { value, line: Some(line), card, target: None, action: None }
    }

    /// A line as the recorder writes it (as the notation prints it), standing for `action`.
    fn written(line: Event, action: Option<Action>) -> Offer {
        Offer { value: line.to_string(), line: Some(line), card: None, target: None, action }
    }
}

/// Which choice of several cards or units a picker composes into one line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PickKind {
    /// Named cards drawn (some may be `?`).
    Draw,
    /// Red's two extra markers.
    Extra,
    /// The cards selected for a combat.
    Select,
}

/// A choice of several cards or units, composed into one line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pick {
    pub kind: PickKind,
    pub side: Side,
    /// The cards to choose among.
    pub cards: Vec<CardId>,
    /// The units to choose among.
    pub units: Vec<UnitId>,
    /// How many the choice takes (a hint).
    pub count: usize,
    /// The most cards that may be written `?` (0: none), and how many are by default.
    pub max_unseen: usize,
    pub default_unseen: usize,
}

/// Everything offered now.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Offers {
    /// Whole lines, one tap each.
    pub lines: Vec<Offer>,
    /// Choices of several cards or units.
    pub picks: Vec<Pick>,
    /// At the table in the operational phase: the units whose command (or Pillage) may start now,
    /// built on the board step by step.
    pub units: Vec<UnitId>,
    /// At the table in the operational phase: the action cards that may be played now, their
    /// choices asked next.
    pub cards: Vec<CardId>,
    /// At the table in the operational phase: every whole command of those units (marches and
    /// attacks, as a player online is offered them), for the picker on the board.
    pub commands: Vec<Offer>,
}

/// What `seat` is offered in `state`.
#[must_use]
pub fn offers(state: &GameState<'_>, seat: Seat) -> Offers {
    match seat {
        Seat::Table => table(state),
        Seat::Player(side) => player(state, side),
    }
}

/// The line the Builder writes for one action in `state`, if it is one whole line.
fn single_line(state: &GameState<'_>, a: &Action) -> Option<Event> {
    let mut b = Builder::default();
    b.push(state, a);
    let mut lines = b.log.events;
    (lines.len() == 1).then(|| lines.remove(0))
}

/// A line of text as an offer (it is the notation's own: it parses).
fn text_offer(text: &str) -> Option<Offer> {
    let line = notation::parse(text).ok()?.events.into_iter().next()?;
    Some(Offer { value: text.to_string(), line: Some(line), card: None, target: None, action: None })
}

// The table.

fn table(state: &GameState<'_>) -> Offers {
    let mut out = Offers::default();
    let push_all = |out: &mut Offers, keep: &dyn Fn(&Action) -> bool| {
        for a in state.legal_actions().iter().filter(|a| keep(a)) {
            if let Some(line) = single_line(state, a) {
                out.lines.push(Offer::written(line, Some(*a)));
            }
        }
    };
    match state.awaited() {
        Awaited::Nothing => {}
        Awaited::Draw { side, left, .. } => draws(state, side, usize::from(left), &mut out),
        Awaited::ExtraMarkers => out.picks.push(Pick {
            kind: PickKind::Extra,
            side: Side::Red,
            cards: Vec::new(),
            units: markable(state, Side::Red),
            count: 2,
            max_unseen: 0,
            default_unseen: 0,
        }),
        Awaited::Action { side } => operational(state, side, &mut out),
        Awaited::Select { side } => {
            let hand = state.hand_size(side) as usize;
            out.picks.push(Pick {
                kind: PickKind::Select,
                side,
                cards: state.possible_hand(side).iter().collect(),
                units: Vec::new(),
                count: hand.min(4),
                max_unseen: usize::from(hand > 0),
                default_unseen: usize::from(state.hand_unseen(side) > 0),
            });
        }
        Awaited::Retreat { .. } => push_all(&mut out, &|a| matches!(a, Action::Retreat { .. })),
        // Choosing the attack, set-aside, draw-back, Field fortifications, strengths, advance: few
        // choices, each a line.
        Awaited::Command { .. }
        | Awaited::ChooseAttack { .. }
        | Awaited::SetAside { .. }
        | Awaited::Pull { .. }
        | Awaited::FieldFortifications { .. }
        | Awaited::Strength { .. }
        | Awaited::Advance { .. } => push_all(&mut out, &|_| true),
    }
    out
}

/// Draws: all the cards still to draw unseen (the usual case at a table), one unseen, the Poles'
/// opening hand first when nothing is dealt yet, or named cards.
fn draws(state: &GameState<'_>, side: Side, left: usize, out: &mut Offers) {
    let line = |side: Side, n: usize| format!("{side} draw {}", vec![UNSEEN; n].join(" "));
    let mut texts = vec![line(side, left)];
    if left > 1 {
        texts.push(line(side, 1));
    }
    // Before anything is dealt either hand may come first (the rulebook deals the Poles' 7 first).
    let polish_first = Action::Draw { side: Side::Polish, card: CardRef::Unseen };
    if side == Side::Red
        && state.hand_size(Side::Red) == 0
        && state.hand_size(Side::Polish) == 0
        && state.is_legal(&polish_first)
    {
        let n = usize::from(state.deck_size(Side::Polish)).min(7);
        texts.push(line(Side::Polish, n));
    }
    out.lines.extend(texts.iter().filter_map(|t| text_offer(t)));
    out.picks.push(Pick {
        kind: PickKind::Draw,
        side,
        cards: state.unplaced(side).iter().collect(),
        units: Vec::new(),
        count: left,
        max_unseen: left,
        default_unseen: 0,
    });
}

/// `side`'s units on the board that may take an extra marker (not the Warsaw Defenders).
fn markable(state: &GameState<'_>, side: Side) -> Vec<UnitId> {
    let e = state.edition();
    e.units()
        .filter(|u| u.side == side && !u.is_defenders && state.position(u.id).is_some())
        .map(|u| u.id)
        .collect()
}

/// A unit's legal first steps of a command: marches and attacks to a neighbouring space.
fn first_steps(state: &GameState<'_>, side: Side, u: UnitId) -> Vec<Action> {
    let Some(h) = state.position(u) else { return Vec::new() };
    state
        .edition()
        .neighbours(h)
        .filter_map(|n| match state.occupant(n) {
            None => Some(Action::March { unit: u, to: n }),
            Some(o) if state.edition().unit(o).side != side => Some(Action::Attack { unit: u, target: o }),
            Some(_) => None,
        })
        .filter(|a| state.is_legal(a))
        .collect()
}

/// Whether `u` may start a command now: a march or an attack to a neighbouring space.
fn can_command(state: &GameState<'_>, side: Side, u: UnitId) -> bool {
    !first_steps(state, side, u).is_empty()
}

/// The whole lines of the commands that start with `first` (one line when it ends the command).
fn command_lines(state: &GameState<'_>, side: Side, first: Action) -> Vec<Event> {
    let Ok(next) = state.apply_event(&crate::engine::Event::act(side, first)) else { return Vec::new() };
    if !commanding(&next, side) {
        return single_line(state, &first).filter(|l| state.apply_line(l).is_ok()).into_iter().collect();
    }
    let mut seqs = Vec::new();
    commands(state, side, first, &mut seqs);
    let mut out = Vec::new();
    for seq in seqs {
        let mut b = Builder::default();
        let mut s = *state;
        for x in &seq {
            b.push(&s, x);
            if s.play(x).is_err() {
                break;
            }
        }
        let [line] = b.log.events.as_slice() else { continue };
        if state.apply_line(line).is_ok() {
            out.push(line.clone());
        }
    }
    out
}

/// The Pillage line for a unit, if it may pillage now (a draw from the deck is `?` at the table).
fn pillage(state: &GameState<'_>, side: Side, u: UnitId) -> Option<String> {
    if side != Side::Red || !state.is_legal(&Action::Pillage { unit: u }) {
        return None;
    }
    let draw = if state.deck_size(side) > 0 { format!(" draw {UNSEEN}") } else { String::new() };
    Some(format!("{side} pillage {}{draw}", state.edition().unit(u).code))
}

/// The operational phase at the table: pass and Pillage are whole lines; the units that may act
/// and the action cards with a legal play now start what is built next.
fn operational(state: &GameState<'_>, side: Side, out: &mut Offers) {
    if let Some(pass) = text_offer(&format!("{side} pass")) {
        out.lines.push(pass);
    }
    let own: Vec<UnitId> = state
        .edition()
        .units()
        .filter(|u| u.side == side && state.position(u.id).is_some())
        .map(|u| u.id)
        .collect();
    let pillages: Vec<(UnitId, String)> =
        own.iter().filter_map(|&u| pillage(state, side, u).map(|line| (u, line))).collect();
    out.units = own
        .iter()
        .copied()
        .filter(|&u| can_command(state, side, u) || pillages.iter().any(|(p, _)| *p == u))
        .collect();
    out.lines.extend(pillages.iter().filter_map(|(_, line)| text_offer(line)));
    for &u in &out.units {
        for first in first_steps(state, side, u) {
            for line in command_lines(state, side, first) {
                let o = Offer::written(line, None);
                if !out.commands.iter().any(|x| x.value == o.value) {
                    out.commands.push(o);
                }
            }
        }
    }
    // Only a card with a legal play now (asked card by card: listing every legal action would list
    // every Fighter Escadrille reveal of an unseen hand).
    out.cards = state
        .possible_hand(side)
        .iter()
        .filter(|&c| {
            state.edition().card(c).effect.is_some_and(CardEffect::is_action) && state.has_card_play(c)
        })
        .collect();
}

// A player online.

/// The card plays whose event holds what the opponent holds or chance decides: the key the player
/// chooses (card, target).
fn hidden_part(a: &Action) -> Option<(CardId, Option<UnitId>)> {
    match *a {
        Action::Play { card, play: CardPlay::FighterEscadrille { .. } | CardPlay::BrokenCipher { .. } } => {
            Some((card, None))
        }
        Action::Play { card, play: CardPlay::ArtillerySupport { target, .. } } => Some((card, Some(target))),
        _ => None,
    }
}

fn hidden_value(state: &GameState<'_>, side: Side, card: CardId, target: Option<UnitId>) -> String {
    match target {
        Some(u) => format!("{side} play {} {}", card.token(), state.edition().unit(u).code),
        None => format!("{side} play {}", card.token()),
    }
}

fn commanding(state: &GameState<'_>, side: Side) -> bool {
    matches!(state.awaited(), Awaited::Command { side: s, .. } if s == side)
}

/// Whole commands that start with `first`: each a sequence of events ending where the command does.
fn commands(state: &GameState<'_>, side: Side, first: Action, out: &mut Vec<Vec<Action>>) {
    fn dfs(s: &GameState<'_>, side: Side, seq: &mut Vec<Action>, out: &mut Vec<Vec<Action>>) {
        if out.len() >= COMMANDS_MAX {
            return;
        }
        if !commanding(s, side) {
            out.push(seq.clone());
            return;
        }
        for a in deal::named_actions(s) {
            let Ok(next) = s.apply_event(&crate::engine::Event::act(side, a)) else { continue };
            seq.push(a);
            dfs(&next, side, seq, out);
            seq.pop();
        }
    }
    let Ok(next) = state.apply_event(&crate::engine::Event::act(side, first)) else { return };
    let mut seq = vec![first];
    dfs(&next, side, &mut seq, out);
}

/// What `side`'s page offers now (nothing when it is not their decision).
fn player(state: &GameState<'_>, side: Side) -> Offers {
    let mut out = Offers::default();
    if state.to_act() != Some(side) {
        return out;
    }
    let lines = &mut out.lines;
    let mut push = |o: Offer| {
        if !lines.iter().any(|x| x.value == o.value) {
            lines.push(o);
        }
    };
    for a in deal::named_actions(state) {
        if let Some((card, target)) = hidden_part(&a) {
            let value = hidden_value(state, side, card, target);
            push(Offer { value, line: None, card: Some(card), target, action: None });
            continue;
        }
        let card = match a {
            Action::Play { card, .. } => Some(card),
            _ => None,
        };
        let Ok(next) = state.apply_event(&crate::engine::Event::act(side, a)) else { continue };
        if commanding(&next, side) {
            for line in command_lines(state, side, a) {
                push(Offer::named(line, state, card));
            }
        } else if let Some(line) = single_line(state, &a)
            && state.apply_line(&line).is_ok()
        {
            push(Offer::named(line, state, card));
        }
    }
    out
}

/// What the page's "resign" form posts for `side` (`red resign`).
#[must_use]
pub fn resign_value(side: Side) -> String {
    format!("{side} resign")
}

/// The line `side`'s posted `value` stands for online, when the record has `lines` lines: an
/// offered line as it is; a card whose event the server completes, completed from the seed; the
/// player's resignation (theirs at any moment of the game).
///
/// The offers are a player's whole interface (issue 35): anything else is refused as
/// [`RecordingRefusal::NotOffered`] without being judged, whatever it names and whoever is to act.
/// The engine's reason for a made-up line would depend on the whole state, the opponent's hidden
/// cards included (with Fighter Escadrille in hand, the reasons once told a player the opponent's
/// whole reserve); this refusal depends only on the offers, which name nothing hidden.
///
/// # Errors
/// [`RecordingRefusal::NotOffered`].
pub fn resolve(
    state: &GameState<'_>,
    side: Side,
    value: &str,
    seed: &Seed,
    lines: usize,
) -> Result<Event, RecordingRefusal> {
    let value = value.trim();
    // Resigning is the player's at any moment of the game, whoever is to act (the game is in play:
    // the caller checked), and names nothing.
    if value == resign_value(side) {
        let line = notation::parse(value).ok().and_then(|log| log.events.into_iter().next());
        return line.filter(|l| state.apply_line(l).is_ok()).ok_or(RecordingRefusal::NotOffered);
    }
    if state.to_act() != Some(side) {
        return Err(RecordingRefusal::NotOffered);
    }
    let offered = player(state, side).lines;
    let o = offered.iter().find(|o| o.value == value).ok_or(RecordingRefusal::NotOffered)?;
    if let Some(line) = &o.line {
        return Ok(line.clone());
    }
    let group: Vec<Action> = deal::named_actions(state)
        .into_iter()
        .filter(|a| hidden_part(a) == Some((o.card.unwrap_or(CardId(0)), o.target)))
        .collect();
    let pick = group.get(seed.pick(lines, group.len())).ok_or(RecordingRefusal::NotOffered)?;
    single_line(state, pick).ok_or(RecordingRefusal::NotOffered)
}
