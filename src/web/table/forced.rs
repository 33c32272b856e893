//! Forced steps: what the recorder writes by itself after a line, because the table offers the scribe
//! no choice there, so asking would only cost a tap. Two kinds:
//! - a draw nobody at the table sees: the card each player draws after an attack is resolved
//!   (rulebook "Attack Resolution": "each player draws 1 card") and the clean-up draws (rulebook
//!   "Clean-up Phase"), written `?` as the notation writes a card nobody saw;
//! - a decision with exactly one legal event (the engine's `legal_actions`): the pull when the
//!   selection holds the unseen card (only `?` may be pulled), the strengths the revealed cards
//!   decide, the only retreat, a pass when nothing else is possible.
//!
//! The scribe sees them (the move list marks them) and "undo" takes them back together with the line
//! that led to them, so undo never lands on a position the recorder would fill in again at once. A
//! recording written without them (a client that names every card) replays as before: forced steps
//! are lines like any other.

use crate::engine::GameState;
use crate::engine::action::{Action, CardRef};
use crate::engine::error::{Awaited, DrawOccasion};
use crate::engine::notation::{self, Builder, Event, UNSEEN};

/// The line the recorder writes by itself in `state`, if the table offers no choice there.
#[must_use]
pub fn forced(state: &GameState<'_>) -> Option<Event> {
    let line = match state.awaited() {
        Awaited::Draw { side, left, occasion: DrawOccasion::AfterCombat | DrawOccasion::Cleanup } => {
            format!("{side} draw {}", vec![UNSEEN; usize::from(left)].join(" "))
        }
        // The opening hands (either may come first), Red's extra markers and a command under way
        // (its line is the scribe's) are never forced.
        Awaited::Nothing | Awaited::Draw { .. } | Awaited::ExtraMarkers | Awaited::Command { .. } => {
            return None;
        }
        // The card drawn back is never seen at the table: when the selection holds the unseen card,
        // `?` is the only pull the rules allow (rulebook "Attack Resolution", the pull).
        Awaited::Pull { side } if state.is_legal(&Action::Pull { side, card: CardRef::Unseen }) => {
            format!("{side} pull {UNSEEN}")
        }
        Awaited::Action { .. }
        | Awaited::ChooseAttack { .. }
        | Awaited::Select { .. }
        | Awaited::SetAside { .. }
        | Awaited::Pull { .. }
        | Awaited::FieldFortifications { .. }
        | Awaited::Strength { .. }
        | Awaited::Retreat { .. }
        | Awaited::Advance { .. } => {
            // Two are enough to know there is a choice.
            let legal = state.legal_actions_upto(2);
            let [only] = legal.as_slice() else { return None };
            let mut b = Builder::default();
            b.push(state, only);
            b.log.events.first()?.to_string()
        }
    };
    let event = notation::parse(&line).ok()?.events.into_iter().next()?;
    // The engine has the last word: a line it would refuse is asked, not written.
    state.apply_line(&event).is_ok().then_some(event)
}

/// Whether line `event`, played in `before`, is the one the recorder would have written by itself.
#[must_use]
pub fn is_forced(before: &GameState<'_>, event: &Event) -> bool {
    let e = before.edition();
    let bare = Event { clock: None, ..event.clone() };
    forced(before)
        .is_some_and(|f| notation::canonical(&f, e).to_string() == notation::canonical(&bare, e).to_string())
}

/// After `next` (the position a scribe's line led to), the forced lines that follow, in order, with
/// the position after them (at most `limit`: a game never forces more in a row than a combat's
/// draws and a clean-up, so the limit only guards against a loop).
#[must_use]
pub fn follow<'e>(mut next: GameState<'e>, limit: usize) -> (Vec<Event>, GameState<'e>) {
    let mut out = Vec::new();
    while out.len() < limit && !next.is_over() {
        let Some(event) = forced(&next) else { break };
        match next.apply_line(&event) {
            Ok(after) => {
                out.push(event);
                next = after;
            }
            Err(_) => break,
        }
    }
    (out, next)
}
