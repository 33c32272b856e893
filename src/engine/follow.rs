//! The steps nobody at the table decides, written after a player's or a scribe's line: what chance
//! decides (a draw, the card pulled back, a card shown at random) and a decision with one legal event.
//! One loop for every way a game is recorded, with what "chance" is told apart ([`Chance`]):
//! - at the table ([`Unseen`]) nobody sees the cards drawn after an attack is resolved (rulebook
//!   "Attack Resolution": "each player draws 1 card") nor at clean-up (rulebook "Clean-up Phase"), so
//!   they are written `?` as the notation writes a card nobody saw, and so is the pull when the
//!   selection holds the unseen card; the opening hands, Red's extra markers and a command under way
//!   are the scribe's;
//! - online, the server deals from a seed (`app::recording::deal::Seed`): every card is named.
//!
//! The lines are the notation's (a draw of several cards is one line, as [`Builder`] groups it), and
//! the engine has the last word: a line it would refuse is never written (the loop stops before it).

use super::action::{Action, CardRef};
use super::error::{Awaited, DrawOccasion};
use super::notation::{Builder, Event};
use super::state::GameState;

/// The most engine events followed in a row (a combat's draws and a clean-up's are far fewer: the
/// limit only guards against a loop).
const FOLLOW_MAX: usize = 64;

/// Who decides what no player decides.
pub trait Chance {
    /// The event chance plays now, when the record holds `lines` lines before it; `None` where a
    /// player decides.
    fn play(&self, state: &GameState<'_>, lines: usize) -> Option<Action>;
    /// The decisions a player may take now, at most `cap` of them (one alone is taken by itself;
    /// none: nothing is taken).
    fn choices(&self, state: &GameState<'_>, cap: usize) -> Vec<Action>;
}

/// Chance at a table: every card nobody saw is `?` (see the module).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Unseen;

impl Chance for Unseen {
    fn play(&self, state: &GameState<'_>, _lines: usize) -> Option<Action> {
        match state.awaited() {
            Awaited::Draw { side, occasion: DrawOccasion::AfterCombat | DrawOccasion::Cleanup, .. } => {
                Some(Action::Draw { side, card: CardRef::Unseen })
            }
            // The card drawn back is never seen at the table: when the selection holds the unseen
            // card, `?` is the only pull the rules allow (rulebook "Attack Resolution", the pull).
            Awaited::Pull { side } => {
                let pull = Action::Pull { side, card: CardRef::Unseen };
                state.is_legal(&pull).then_some(pull)
            }
            _ => None,
        }
    }

    fn choices(&self, state: &GameState<'_>, cap: usize) -> Vec<Action> {
        match state.awaited() {
            // The opening hands (either may come first), Red's extra markers and a command under
            // way (its line is the scribe's) are never taken by themselves.
            Awaited::Nothing | Awaited::Draw { .. } | Awaited::ExtraMarkers | Awaited::Command { .. } => {
                Vec::new()
            }
            _ => state.legal_actions_upto(cap),
        }
    }
}

/// The next step nobody decides in `state`, if any.
fn next(state: &GameState<'_>, chance: &dyn Chance, lines: usize) -> Option<Action> {
    chance.play(state, lines).or_else(|| match chance.choices(state, 2).as_slice() {
        [only] => Some(*only),
        _ => None,
    })
}

/// The lines nobody decides after `state` (the position after the record's first `lines` lines), in
/// order, with the position after them; at most `max_lines` lines.
fn lines_after<'e>(
    state: GameState<'e>,
    chance: &dyn Chance,
    lines: usize,
    max_lines: usize,
) -> (Vec<Event>, GameState<'e>) {
    let mut b = Builder::default();
    let mut now = state;
    let mut taken = 0;
    while taken < FOLLOW_MAX && !now.is_over() {
        let Some(a) = next(&now, chance, lines + taken) else { break };
        let before = now;
        if now.play(&a).is_err() {
            break;
        }
        b.push(&before, &a);
        if b.log.events.len() > max_lines {
            b.log.events.truncate(max_lines);
            break;
        }
        taken += 1;
    }
    // The lines as the engine replays them (grouped draws, a command closed): checked here, so a
    // line the engine would refuse is never written.
    let mut check = state;
    let mut out = Vec::new();
    for line in b.log.events {
        match check.apply_line(&line) {
            Ok(after) => {
                check = after;
                out.push(line);
            }
            Err(_) => break,
        }
    }
    (out, check)
}

/// What follows `state` by itself (the position after the record's first `lines` lines): the lines
/// chance and one-option decisions write, with the position after them.
#[must_use]
pub fn follow<'e>(state: GameState<'e>, chance: &dyn Chance, lines: usize) -> (Vec<Event>, GameState<'e>) {
    lines_after(state, chance, lines, usize::MAX)
}

/// The first line that follows `state` by itself, if one does.
#[must_use]
pub fn forced(state: &GameState<'_>, chance: &dyn Chance, lines: usize) -> Option<Event> {
    lines_after(*state, chance, lines, 1).0.into_iter().next()
}

/// Whether `line`, played in `before` (the record holding `lines` lines before it), is the line that
/// follows by itself there (its clock reading aside).
#[must_use]
pub fn is_forced(before: &GameState<'_>, line: &Event, chance: &dyn Chance, lines: usize) -> bool {
    let e = before.edition();
    let bare = Event { clock: None, line: 0, ..line.clone() };
    forced(before, chance, lines).is_some_and(|f| {
        super::notation::canonical(&f, e).to_string() == super::notation::canonical(&bare, e).to_string()
    })
}
