//! A player's moves in an online game (pure): what their page offers, how a posted offer becomes the
//! notation line the engine takes, and what the server plays by itself after it (the deal's draws and
//! pulls, and any decision with one legal event). Nothing offered to a player names a card of the
//! opponent's: where an action card's event holds cards the opponent holds (what Fighter Escadrille
//! makes them reveal and discard, what Broken Cipher shows, the card Artillery Support's owner may
//! discard), the player chooses the card (and target) and the server draws the rest from the deal's
//! seed. The engine's `push` (`apply_line`) judges every line.

use super::deal::{self, Seed};
use crate::engine::action::{Action, CardPlay};
use crate::engine::error::Awaited;
use crate::engine::ids::{CardId, UnitId};
use crate::engine::notation::{self, Builder, Event};
use crate::engine::{GameState, Refusal, Rule, Section};
use crate::outcome::Side;

/// The most command lines offered for one first step (a unit's whole reach is far fewer).
const COMMANDS_MAX: usize = 400;
/// The most lines the server writes in a row after a move (a combat's draws and a clean-up).
const FOLLOW_MAX: usize = 64;

/// One thing a player may do now, as their page offers it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Offer {
    /// What the form posts as `event`: a notation line, or `<side> play <card>[ <target>]` where
    /// the rest of the card's event is the server's to draw.
    pub value: String,
    /// The line, when the offer is one (`None`: the server completes the card's event).
    pub line: Option<Event>,
    /// The action card played, when the offer plays one.
    pub card: Option<CardId>,
    /// The unit it targets, for Artillery Support.
    pub target: Option<UnitId>,
}

/// Why a posted move was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MoveRefusal {
    /// Not the player's decision now (the opponent's, the server's, or the game is over).
    NotYourTurn,
    /// The engine refuses it (the line does not parse or breaks a rule).
    Engine(Refusal),
    /// Legal, but not a move this page offers (it would name the opponent's cards, or the server
    /// draws that part).
    NotOffered,
}

fn single_line(state: &GameState<'_>, a: &Action) -> Option<Event> {
    let mut b = Builder::default();
    b.push(state, a);
    let mut lines = b.log.events;
    (lines.len() == 1).then(|| lines.remove(0))
}

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

/// What `side`'s page offers now (empty when it is not their decision).
#[must_use]
pub fn offers(state: &GameState<'_>, side: Side) -> Vec<Offer> {
    if state.to_act() != Some(side) {
        return Vec::new();
    }
    let mut out: Vec<Offer> = Vec::new();
    let mut push = |o: Offer| {
        if !out.iter().any(|x| x.value == o.value) {
            out.push(o);
        }
    };
    for a in deal::named_actions(state) {
        if let Some((card, target)) = hidden_part(&a) {
            push(Offer {
                value: hidden_value(state, side, card, target),
                line: None,
                card: Some(card),
                target,
            });
            continue;
        }
        let card = match a {
            Action::Play { card, .. } => Some(card),
            _ => None,
        };
        let Ok(next) = state.apply_event(&crate::engine::Event::act(side, a)) else { continue };
        if commanding(&next, side) {
            let mut seqs = Vec::new();
            commands(state, side, a, &mut seqs);
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
                if state.apply_line(line).is_err() {
                    continue;
                }
                let value = notation::canonical(line, state.edition()).to_string();
                push(Offer { value, line: Some(line.clone()), card, target: None });
            }
        } else if let Some(line) = single_line(state, &a) {
            if state.apply_line(&line).is_err() {
                continue;
            }
            let value = notation::canonical(&line, state.edition()).to_string();
            push(Offer { value, line: Some(line), card, target: None });
        }
    }
    out
}

/// What the page's "resign" form posts for `side` (`red resign`).
#[must_use]
pub fn resign_value(side: Side) -> String {
    format!("{side} resign")
}

/// The line `side`'s posted `value` stands for, when the log has `lines` lines: an offered line as
/// it is; a card whose event the server completes, completed from the seed.
///
/// # Errors
/// [`MoveRefusal`]: not their decision, refused by the engine (with its reason), or not offered.
pub fn resolve(
    state: &GameState<'_>,
    side: Side,
    value: &str,
    seed: &Seed,
    lines: usize,
) -> Result<Event, MoveRefusal> {
    let value = value.trim();
    // Resigning is the player's at any moment of the game, whoever is to act.
    if value == resign_value(side) {
        let line = notation::parse(value)
            .map_err(|e| MoveRefusal::Engine(Refusal::new(Section::Notation, Rule::Syntax(e.syntax))))?
            .events
            .into_iter()
            .next()
            .ok_or(MoveRefusal::NotOffered)?;
        state.apply_line(&line).map_err(|e| MoveRefusal::Engine(e.refusal))?;
        return Ok(line);
    }
    if state.to_act() != Some(side) {
        return Err(MoveRefusal::NotYourTurn);
    }
    let offers = offers(state, side);
    if let Some(o) = offers.iter().find(|o| o.value == value) {
        if let Some(line) = &o.line {
            return Ok(line.clone());
        }
        let group: Vec<Action> = deal::named_actions(state)
            .into_iter()
            .filter(|a| hidden_part(a) == Some((o.card.unwrap_or(CardId(0)), o.target)))
            .collect();
        let pick = group.get(seed.pick(lines, group.len())).ok_or(MoveRefusal::NotOffered)?;
        return single_line(state, pick).ok_or(MoveRefusal::NotOffered);
    }
    // Not an offer: the engine says why, if it refuses it.
    let log = notation::parse(value)
        .map_err(|e| MoveRefusal::Engine(Refusal::new(Section::Notation, Rule::Syntax(e.syntax))))?;
    let Some(line) = log.events.into_iter().next() else { return Err(MoveRefusal::NotOffered) };
    if line.side != side {
        return Err(MoveRefusal::NotYourTurn);
    }
    state.apply_line(&line).map_err(|e| MoveRefusal::Engine(e.refusal))?;
    Err(MoveRefusal::NotOffered)
}

/// What the server plays by itself after `state` (the position after the log's first `lines`
/// lines): the deal's draws and pulls, and every decision with one legal event, as notation lines
/// (a draw of several cards is one line), with the position after them.
#[must_use]
pub fn follow<'e>(seed: &Seed, mut state: GameState<'e>, lines: usize) -> (Vec<Event>, GameState<'e>) {
    let mut b = Builder::default();
    let start = state;
    let mut taken = 0;
    while taken < FOLLOW_MAX && !state.is_over() {
        let next = deal::chance(seed, &state, lines + taken).or_else(|| {
            let all = deal::named_actions(&state);
            match all.as_slice() {
                [only] => Some(*only),
                _ => None,
            }
        });
        let Some(a) = next else { break };
        let before = state;
        if state.play(&a).is_err() {
            break;
        }
        b.push(&before, &a);
        taken += 1;
    }
    // The lines as the engine replays them (grouped draws, a command closed): checked here, so a
    // line the engine would refuse is never stored.
    let mut check = start;
    let mut out = Vec::new();
    for line in b.log.events {
        match check.apply_line(&line) {
            Ok(next) => {
                check = next;
                out.push(line);
            }
            Err(_) => break,
        }
    }
    (out, check)
}
