//! The random player: a complete legal game from a seeded, portable generator (ChaCha8). At each
//! decision it chooses uniformly among the kinds of decision (pass, which unit to command, which card
//! to play, ...) and then uniformly among the legal details, so long card choices do not crowd out passing.

use super::action::{Action, CardPlay, Event as Step};
use super::edition::Edition;
use super::ids::{BySide, CardId};
use super::notation::{Body, Builder, Event, GameLog, PlayBody, Tok, UNSEEN};
use super::state::{GameState, RuleOptions};
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

/// Each game draws how long its players may think per event, up to this many seconds, so that some
/// games end on time.
const MAX_THINK_SECS: u64 = 40;

/// How the random player chooses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum PlayStyle {
    /// Uniformly among kinds of decision, then among details.
    #[default]
    Uniform,
    /// Like `Uniform`, but attacks whenever it can, advances after winning, and rarely passes: reaches
    /// the immediate victories (fixture generation, tests).
    Aggressive,
}

/// Uniform in `0..n` (n > 0), portable across platforms.
fn below(rng: &mut ChaCha8Rng, n: usize) -> usize {
    ((u128::from(rng.next_u64()) * n as u128) >> 64) as usize
}

/// Pick uniformly among kinds of decision, then among actions of that kind.
pub(crate) fn choose(rng: &mut ChaCha8Rng, actions: &[Action]) -> Option<Action> {
    let mut heads: Vec<(u8, u8)> = actions.iter().map(Action::head).collect();
    heads.sort_unstable();
    heads.dedup();
    let head = *heads.get(below(rng, heads.len().max(1)))?;
    let of_head: Vec<&Action> = actions.iter().filter(|a| a.head() == head).collect();
    of_head.get(below(rng, of_head.len().max(1))).map(|a| **a)
}

/// A Zagłuszanie radiostacji from a unit without markers: legal (register R27), but the random player
/// leaves it out, as it did before the register allowed it, so that a seed still names the game it
/// always named (the fixture games, the demo tournament).
fn jams_nothing(state: &GameState<'_>, action: &Action) -> bool {
    matches!(action, Action::Play { play: CardPlay::RadioJamming { from, .. }, .. } if state.markers(*from) == 0)
}

/// A complete legal game played by uniformly random legal choices from a seeded ChaCha generator.
#[must_use]
pub fn random_game(seed: u64, edition: &Edition, options: &RuleOptions) -> GameLog {
    random_game_with(seed, edition, options, PlayStyle::Uniform)
}

fn aggressive(rng: &mut ChaCha8Rng, actions: &[Action]) -> Option<Action> {
    let attacks: Vec<&Action> = actions
        .iter()
        .filter(|a| matches!(a, Action::Attack { .. } | Action::Advance { advance: true }))
        .collect();
    if !attacks.is_empty() && below(rng, 10) < 9 {
        return attacks.get(below(rng, attacks.len())).map(|a| **a);
    }
    let rest: Vec<Action> =
        actions.iter().filter(|a| **a != Action::Pass || actions.len() == 1).copied().collect();
    if below(rng, 10) == 0 || rest.is_empty() { choose(rng, actions) } else { choose(rng, &rest) }
}

/// [`random_game`] with a choice of play style.
#[must_use]
pub fn random_game_with(seed: u64, edition: &Edition, options: &RuleOptions, style: PlayStyle) -> GameLog {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let max_think = 4 + rng.next_u64() % MAX_THINK_SECS;
    let mut state = GameState::new(edition, *options);
    let mut builder = Builder::default();
    let start = i32::try_from(options.time_control_secs).unwrap_or(i32::MAX);
    let mut clocks = BySide { red: start, polish: start };
    while let Some(side) = state.to_act() {
        // A digital game names every card, and deals the opening hands in the engine's order (Red first).
        let mut actions = state.legal_actions();
        actions.retain(|a| !a.has_unseen() && a.side().is_none_or(|s| s == side) && !jams_nothing(&state, a));
        let pick = match style {
            PlayStyle::Uniform => choose(&mut rng, &actions),
            PlayStyle::Aggressive => aggressive(&mut rng, &actions),
        };
        let Some(action) = pick else { break };
        let before = state;
        let lines = builder.log.events.len();
        if state.play(&action).is_err() {
            // legal_actions only lists legal actions (property-tested); stop rather than loop.
            break;
        }
        builder.push(&before, &action);
        if builder.log.events.len() > lines {
            let think = i32::try_from(rng.next_u64() % (max_think + 1)).unwrap_or(0);
            let clock = clocks.get_mut(side);
            *clock -= think;
            if *clock <= 0 {
                // The flag fell while thinking about this event: record it instead of the event.
                state = before;
                builder.log.events.truncate(lines);
                builder.log.events.push(Event { line: 0, side, body: Body::Clock, clock: Some(*clock) });
                // The reading alone ends the game on time (the engine's one path for it).
                if let Ok(next) = state.apply_event(&Step::clock(side, *clock)) {
                    state = next;
                }
                break;
            }
            builder.set_clock(*clock);
        }
    }
    let mut log = builder.log;
    let outcome = state.outcome();
    let tags = [
        ("Event", "Random game".to_string()),
        ("Site", "?".into()),
        ("Date", "?".into()),
        ("Round", "?".into()),
        ("Table", "?".into()),
        ("Red", "random".into()),
        ("Polish", "random".into()),
        ("Edition", edition.id().to_string()),
        ("Result", outcome.map_or("?".into(), |o| o.winner.to_string())),
        ("RedPoints", outcome.map_or("?".into(), |o| o.red_points.to_string())),
        ("Termination", outcome.map_or("?".into(), |o| o.termination.to_string())),
        ("TimeControl", options.time_control_secs.to_string()),
        ("Seed", seed.to_string()),
    ];
    for (name, value) in tags {
        log.set_tag(name, value);
    }
    if !options.is_standard() {
        log.set_tag("Rules", options.rules_tag());
    }
    log
}

/// The log as a table writes it: every card nobody at the table saw written `?` (the draws, the card each
/// side draws back in a combat, in the draw-back line and in its owner's selection, and the cards Broken
/// Cipher shows). Everything else stays named: played, revealed, set-aside and discarded cards are seen.
#[must_use]
pub fn mask_unseen(log: &GameLog) -> GameLog {
    let mut out = log.clone();
    let unseen = Tok::new(UNSEEN).unwrap_or_default();
    for i in 0..out.events.len() {
        match &mut out.events[i].body {
            Body::Draw { cards } => cards.iter_mut().for_each(|c| *c = unseen),
            Body::Pillage { draw, .. } => draw.iter_mut().for_each(|c| *c = unseen),
            Body::Play { play: PlayBody::BrokenCipher { look }, .. } => {
                look.iter_mut().for_each(|c| *c = unseen)
            }
            Body::Pull { card } => {
                let pulled = *card;
                *card = unseen;
                // The card drawn back is never revealed: it is `?` in its owner's selection too.
                let Some(owner) = CardId::parse_token(&pulled).map(CardId::side) else { continue };
                let select = out.events[..i]
                    .iter_mut()
                    .rev()
                    .find(|e| e.side == owner && matches!(e.body, Body::Select { .. }));
                if let Some(Event { body: Body::Select { cards }, .. }) = select {
                    // As the engine prints a selection: the named cards, then the `?`.
                    if let Some(at) = cards.iter().position(|c| *c == pulled) {
                        cards.remove(at);
                        cards.push(unseen);
                    }
                }
            }
            _ => {}
        }
    }
    out
}
