//! Commands built step by step: the operational phase's first choices (pass, the units that can
//! act, the action cards), a unit picked (where it marches, what it attacks, Pillage), and a line
//! being built (`?draft=`), applied to a copy of the position to offer what may follow.

use super::{Ctx, LinkOption, Options};
use crate::app::recording::offers::{Offer, Offers};
use crate::engine::GameState;
use crate::engine::action::{Action, CardPlay};
use crate::engine::error::Awaited;
use crate::engine::ids::{HexId, UnitId};
use crate::engine::notation::{self, Body, PlayBody, Tok};
use crate::outcome::Side;

/// The operational phase with nothing picked: pass and Pillage (whole lines), the units that can act
/// (each a link, and a space or enemy only one of them reaches is one tap), the action cards that can
/// be played now: what the table is offered (`offered`).
pub(super) fn operational(cx: &Ctx<'_, '_>, offered: &Offers, out: &mut Options) {
    let state = cx.state;
    let Some(side) = state.to_act() else { return };
    out.posts.extend(offered.lines.iter().map(|o| cx.offer(o)));
    // Where each unit that can act may go or attack, to offer the one-tap commands below.
    let mut reached: Vec<(UnitId, Reach)> = Vec::new();
    for &u in &offered.units {
        let href = cx.href("unit", cx.code(u));
        out.marks.unit_links.push((u, href.clone()));
        out.links.push(LinkOption { label: cx.unit_label(u), href });
        reached.push((u, reach(cx, side, u)));
    }
    one_tap_commands(cx, &reached, out);
    for &c in &offered.cards {
        let item = cx.card_item(c);
        out.links.push(LinkOption { label: item.label, href: cx.href("card", &item.value) });
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

/// The offered Pillage of unit `u`, if it may pillage now.
fn pillage<'o>(cx: &Ctx<'_, '_>, offered: &'o Offers, u: UnitId) -> Option<&'o Offer> {
    let code = cx.code(u);
    offered.lines.iter().find(|o| {
        o.line
            .as_ref()
            .is_some_and(|l| matches!(&l.body, Body::Pillage { unit, .. } if unit.as_str() == code))
    })
}

/// A unit picked: where it may march, what it may attack, Pillage.
pub(super) fn unit_picked(cx: &Ctx<'_, '_>, side: Side, code: &str, offered: &Offers, out: &mut Options) {
    let state = cx.state;
    let Some(u) =
        notation::unit_named(state.edition(), code).filter(|u| state.edition().unit(*u).side == side)
    else {
        operational(cx, offered, out);
        return;
    };
    out.marks.selected = Some(u);
    let r = reach(cx, side, u);
    for (h, line, after) in &r.spaces {
        out.marks.hex_links.push((*h, march_href(cx, line, after)));
    }
    for (target, line) in r.attacks {
        out.marks.targets.push(target);
        out.marks.unit_links.push((target, cx.go(&line)));
        out.posts.push(cx.post(line));
    }
    if let Some(o) = pillage(cx, offered, u) {
        out.posts.push(cx.offer(o));
    }
}

/// Where a unit's command may lead from the first tap: the spaces it may march to (the next ones,
/// and those further away whose shortest paths all leave the same position: the path is asked only
/// where two leave different positions), each with its line and the position after it, and the
/// enemies it may attack at once, each with its line.
struct Reach<'e> {
    spaces: Vec<(HexId, String, GameState<'e>)>,
    attacks: Vec<(UnitId, String)>,
    /// Every space the unit may reach and every enemy it may attack in the command, linked or not.
    all_spaces: Vec<HexId>,
    all_enemies: Vec<UnitId>,
}

fn reach<'e>(cx: &Ctx<'_, 'e>, side: Side, u: UnitId) -> Reach<'e> {
    let state = cx.state;
    let code = cx.code(u).to_string();
    let attacks = first_steps(cx, side, u)
        .into_iter()
        .filter_map(|a| match a {
            Action::Attack { target, .. } => {
                Some((target, format!("{side} command {code} attack {}", cx.code(target))))
            }
            _ => None,
        })
        .collect();
    let explored = explore(state, u);
    let spaces = explored
        .dests
        .into_iter()
        .map(|far| {
            let labels: Vec<&str> = far.path.iter().map(|h| cx.label(*h)).collect();
            (far.hex, format!("{side} command {code} march {}", labels.join(" ")), far.after)
        })
        .collect();
    Reach { spaces, attacks, all_spaces: explored.spaces, all_enemies: explored.enemies }
}

/// The link of a march: recorded at once where the command can only end after it, else a draft.
fn march_href(cx: &Ctx<'_, '_>, line: &str, after: &GameState<'_>) -> String {
    if ends_here(after) { cx.go(line) } else { cx.href("draft", line) }
}

/// The operational phase with nothing picked: a space only one unit can reach, and an enemy only one
/// unit can attack (at once or after marching), are one tap: the unit's command there, as if the unit
/// had been tapped first. A space or an enemy that two units can reach stays unlinked until the unit
/// is tapped: nothing is guessed.
fn one_tap_commands(cx: &Ctx<'_, '_>, reached: &[(UnitId, Reach<'_>)], out: &mut Options) {
    let units_to = |h: HexId| reached.iter().filter(|(_, r)| r.all_spaces.contains(&h)).count();
    let attackers_of = |t: UnitId| reached.iter().filter(|(_, r)| r.all_enemies.contains(&t)).count();
    for (_, r) in reached {
        for (h, line, after) in &r.spaces {
            if units_to(*h) == 1 {
                out.one_tap = true;
                out.marks.hex_links.push((*h, march_href(cx, line, after)));
            }
        }
    }
    for (_, r) in reached {
        for (t, line) in &r.attacks {
            if attackers_of(*t) == 1 {
                out.one_tap = true;
                out.marks.targets.push(*t);
                out.marks.unit_links.push((*t, cx.go(line)));
            }
        }
    }
}

/// A space two or more marches away, reached by every shortest path in the same position.
struct Far<'e> {
    hex: HexId,
    /// The spaces marched through, the destination last.
    path: Vec<HexId>,
    after: GameState<'e>,
}

/// The spaces `unit` can reach in the command from `from` by two or more marches, with their shortest
/// path, when every shortest path to the space leaves the same position (else the scribe taps the
/// path space by space, as before: what the rules see differs).
fn far_destinations<'e>(from: &GameState<'e>, unit: UnitId) -> Vec<Far<'e>> {
    explore(from, unit).dests.into_iter().filter(|f| f.path.len() >= 2).collect()
}

/// Everything a unit's command may lead to from `from`.
struct Explored<'e> {
    /// The next spaces, and those two or more marches away by shortest paths that all leave the same
    /// position (breadth first: nearer ones first).
    dests: Vec<Far<'e>>,
    /// Every space it may march to, however far, and every enemy it may attack, at once or after
    /// marching (to know whether another unit could do the same).
    spaces: Vec<HexId>,
    enemies: Vec<UnitId>,
}

/// Breadth first, so a space's shortest paths are all found before the paths through it are followed.
fn explore<'e>(from: &GameState<'e>, unit: UnitId) -> Explored<'e> {
    struct Reached<'e> {
        far: Far<'e>,
        depth: usize,
        ambiguous: bool,
    }
    let mut enemies = Vec::new();
    let Some(start) = from.position(unit) else {
        return Explored { dests: Vec::new(), spaces: Vec::new(), enemies };
    };
    let edition = from.edition();
    let side = edition.unit(unit).side;
    let mut reached: Vec<Reached<'e>> = Vec::new();
    // The positions to march on from: (index into `reached`, or None for the start).
    let mut level: Vec<Option<usize>> = vec![None];
    for depth in 1.. {
        let mut next = Vec::new();
        for &parent in &level {
            let (state, path, parent_ambiguous) = match parent {
                None => (*from, Vec::new(), false),
                Some(i) => (reached[i].far.after, reached[i].far.path.clone(), reached[i].ambiguous),
            };
            if parent.is_some() && !matches!(state.awaited(), Awaited::Command { .. }) {
                continue;
            }
            let Some(h) = state.position(unit) else { continue };
            for n in edition.neighbours(h) {
                if let Some(o) = state.occupant(n) {
                    let target = Action::Attack { unit, target: o };
                    if edition.unit(o).side != side && !enemies.contains(&o) && state.is_legal(&target) {
                        enemies.push(o);
                    }
                    continue;
                }
                if n == start {
                    continue;
                }
                // A space reached by a shorter path, or already known to be ambiguous, is not
                // marched to again (the march is the costly part: a copy of the position).
                let known = reached.iter().position(|r| r.far.hex == n);
                if known.is_some_and(|i| reached[i].depth < depth || reached[i].ambiguous) {
                    continue;
                }
                let Ok(after) = state.apply(&Action::March { unit, to: n }) else { continue };
                if let Some(i) = known {
                    if parent_ambiguous || reached[i].far.after != after {
                        reached[i].ambiguous = true;
                    }
                    continue;
                }
                let mut path = path.clone();
                path.push(n);
                next.push(Some(reached.len()));
                reached.push(Reached {
                    far: Far { hex: n, path, after },
                    depth,
                    ambiguous: parent_ambiguous,
                });
            }
        }
        if next.is_empty() {
            break;
        }
        level = next;
    }
    let spaces = reached.iter().map(|r| r.far.hex).collect();
    // A next space has one path (`ambiguous` marks only spaces two or more marches away).
    let dests = reached.into_iter().filter(|r| r.depth == 1 || !r.ambiguous).map(|r| r.far).collect();
    Explored { dests, spaces, enemies }
}

/// Whether a command can only end after this step (nothing but "halt" is legal, or the line is whole):
/// then the tapped space records the line at once (one tap less), as a tapped target does.
fn ends_here(after: &GameState<'_>) -> bool {
    !matches!(after.awaited(), Awaited::Command { .. })
        || after.legal_actions_upto(2).iter().all(|a| matches!(a, Action::Halt))
}

/// A line being built: applied to a copy of the position (a command left open), then what may follow.
pub(super) fn drafted(cx: &Ctx<'_, '_>, draft: &str, out: &mut Options) -> Result<(), String> {
    let state = cx.state;
    let lang = cx.lang;
    let log = notation::parse(draft).map_err(|_| lang.t("draft_unreadable").to_string())?;
    let [event] = log.events.as_slice() else { return Err(lang.t("draft_unreadable").to_string()) };
    let mut actions = Vec::new();
    notation::expand(event, state.edition(), &mut actions).map_err(|r| r.rule.sentence(lang))?;
    let mut after = *state;
    for a in &actions {
        if a.side().is_some_and(|s| s != event.side) {
            return Err(lang.t("draft_unreadable").to_string());
        }
        after = after.apply(a).map_err(|e| e.refusal.rule.sentence(lang))?;
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
                let ends = after.apply(&Action::March { unit, to: n }).is_ok_and(|a| ends_here(&a));
                let href = if ends { cx.go(&next) } else { cx.href("draft", &next) };
                back_to_start(state, unit, n, &href, out);
                out.marks.hex_links.push((n, href));
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
    for far in far_destinations(&after, unit) {
        let labels: Vec<Tok> = far.path.iter().filter_map(|h| Tok::new(cx.label(*h))).collect();
        let next = extend(&|b: &mut Body| match b {
            Body::Command { path, .. } | Body::Play { play: PlayBody::Maneuver { path, .. }, .. } => {
                path.extend(labels.iter().cloned());
            }
            _ => {}
        });
        let ends = ends_here(&far.after);
        let href = if ends { cx.go(&next) } else { cx.href("draft", &next) };
        back_to_start(state, unit, far.hex, &href, out);
        out.marks.hex_links.push((far.hex, href));
    }
    Ok(())
}

/// A march back to the space the unit started the command from: the board still draws the unit's
/// token there, over the space, so the token carries the link too.
fn back_to_start(state: &GameState<'_>, unit: UnitId, to: HexId, href: &str, out: &mut Options) {
    if state.position(unit) == Some(to) {
        out.marks.unit_links.push((unit, href.to_string()));
    }
}
