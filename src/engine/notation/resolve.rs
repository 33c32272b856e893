//! Between notation and actions: `expand` turns one event into the actions it stands for (names to ids);
//! `Builder` groups actions back into events (draws of one session on one line, a command's marches
//! on one line).

use super::ast::{Body, Event, GameLog, PlayBody};
use super::tok::Tok;
use crate::engine::action::{Action, CardPlay};
use crate::engine::edition::Edition;
use crate::engine::ids::{CardId, CardSet, HexId, UnitId};
use crate::engine::state::{AfterDraw, GameState, Pending};
use crate::outcome::Side;

fn card(t: &str) -> Result<CardId, String> {
    CardId::parse_token(t).ok_or_else(|| format!("{t:?} is not a card (R01..R30, P01..P30)"))
}
fn unit(e: &Edition, t: &str) -> Result<UnitId, String> {
    e.unit_by_code(t).ok_or_else(|| format!("{t:?} is not a unit of edition {}", e.id()))
}
fn hex(e: &Edition, t: &str) -> Result<HexId, String> {
    e.hex_by_label(t).ok_or_else(|| format!("{t:?} is not a space of edition {}", e.id()))
}
fn cards(ts: &[Tok]) -> Result<CardSet, String> {
    let mut s = CardSet::EMPTY;
    for t in ts {
        let c = card(t)?;
        if s.contains(c) {
            return Err(format!("{t} is listed twice"));
        }
        s.insert(c);
    }
    Ok(s)
}
fn sorted<const N: usize>(e: &Edition, ts: &[Tok], what: &str) -> Result<[UnitId; N], String> {
    if ts.len() != N {
        return Err(format!("{what} names {N} units, not {}", ts.len()));
    }
    let mut out = [UnitId(0); N];
    for (o, t) in out.iter_mut().zip(ts) {
        *o = unit(e, t)?;
    }
    out.sort();
    Ok(out)
}

fn command(
    e: &Edition,
    u: UnitId,
    path: &[Tok],
    attack: Option<&Tok>,
    out: &mut Vec<Action>,
) -> Result<(), String> {
    for h in path {
        out.push(Action::March { unit: u, to: hex(e, h)? });
    }
    match attack {
        Some(t) => out.push(Action::Attack { unit: u, target: unit(e, t)? }),
        None => out.push(Action::Halt),
    }
    Ok(())
}

/// The actions one event stands for, appended to `out`.
///
/// # Errors
/// A name the edition does not know, or an event that is malformed (e.g. a command that neither
/// marches nor attacks).
pub fn expand(ev: &Event, e: &Edition, out: &mut Vec<Action>) -> Result<(), String> {
    let side = ev.side;
    match &ev.body {
        Body::Draw { cards: cs } => {
            if cs.is_empty() {
                return Err("a draw names the cards drawn".into());
            }
            for c in cs {
                out.push(Action::Draw { side, card: card(c)? });
            }
        }
        Body::Extra { units } => out.push(Action::ExtraMarkers { units: sorted::<2>(e, units, "extra")? }),
        Body::Pass => out.push(Action::Pass),
        Body::Pillage { unit: u, draw } => {
            out.push(Action::Pillage { unit: unit(e, u)? });
            if let Some(c) = draw {
                out.push(Action::Draw { side, card: card(c)? });
            }
        }
        Body::Command { unit: u, path, attack } => {
            if path.is_empty() && attack.is_none() {
                return Err("a command marches, attacks, or both".into());
            }
            command(e, unit(e, u)?, path, attack.as_ref(), out)?;
        }
        Body::Play { card: c, play } => {
            let c = card(c)?;
            let (p, tail) = match play {
                PlayBody::FighterEscadrille { reveal, discard } => {
                    (CardPlay::FighterEscadrille { reveal: cards(reveal)?, discard: cards(discard)? }, None)
                }
                PlayBody::ArtillerySupport { target, discard } => (
                    CardPlay::ArtillerySupport {
                        target: unit(e, target)?,
                        discard: discard.as_deref().map(card).transpose()?,
                    },
                    None,
                ),
                PlayBody::RadioJamming { from, to } => {
                    (CardPlay::RadioJamming { from: unit(e, from)?, to: unit(e, to)? }, None)
                }
                PlayBody::BrokenCipher { look } => (CardPlay::BrokenCipher { look: cards(look)? }, None),
                PlayBody::Maneuver { unit: u, path, attack } => {
                    let u = unit(e, u)?;
                    (CardPlay::Maneuver { unit: u }, Some((u, path, attack)))
                }
                PlayBody::GoWest { units } => {
                    (CardPlay::GoWest { units: sorted::<3>(e, units, "go-west")? }, None)
                }
                PlayBody::Assault { target, by, retreat } => (
                    CardPlay::Assault {
                        target: unit(e, target)?,
                        by: unit(e, by)?,
                        retreat: retreat.as_deref().map(|h| hex(e, h)).transpose()?,
                    },
                    None,
                ),
            };
            out.push(Action::Play { card: c, play: p });
            if let Some((u, path, attack)) = tail {
                command(e, u, path, attack.as_ref(), out)?;
            }
        }
        Body::Resolve { attacker, defender } => {
            unit(e, defender)?;
            out.push(Action::Resolve { attacker: unit(e, attacker)? });
        }
        Body::Select { cards: cs } => out.push(Action::Select { side, cards: cards(cs)? }),
        Body::SetAside { card: c } => out.push(Action::SetAside { side, card: card(c)? }),
        Body::Pull { card: c } => out.push(Action::Pull { side, card: card(c)? }),
        Body::FieldFortifications { card: c } => {
            out.push(Action::FieldFortifications { side, card: card(c)? })
        }
        Body::Strength { attacker, defender } => {
            out.push(Action::Strength { attacker: *attacker, defender: *defender });
        }
        Body::Retreat { to } => out.push(Action::Retreat { to: hex(e, to)? }),
        Body::Advance => out.push(Action::Advance { advance: true }),
        Body::Hold => out.push(Action::Advance { advance: false }),
        Body::Clock => {}
    }
    Ok(())
}

/// What the last event can still take.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Open {
    Nothing,
    Draw(Side, AfterDraw),
    Command,
    Pillage,
}

/// Builds a [`GameLog`] from actions as they are played (the random player, tests).
#[derive(Debug, Clone)]
pub struct Builder {
    pub log: GameLog,
    open: Open,
}

impl Default for Builder {
    fn default() -> Self {
        Builder { log: GameLog::default(), open: Open::Nothing }
    }
}

impl Builder {
    /// Record `a`, played in the position `before`.
    pub fn push(&mut self, before: &GameState<'_>, a: &Action) {
        let e = before.edition();
        let side = before.to_act().unwrap_or(Side::Red);
        let code = |u: UnitId| tk(&e.unit(u).code);
        let label = |h: HexId| tk(&e.hex(h).label);
        let ctk = |c: CardId| tk(&c.token());
        let toks = |s: CardSet| s.iter().map(ctk).collect::<Vec<_>>();
        let commanding = matches!(before.pending, Pending::Commanding { .. }) && self.open == Open::Command;
        match *a {
            Action::Draw { side, card } => {
                let session = match before.pending {
                    Pending::Draw { then, .. } => Open::Draw(side, then),
                    _ => Open::Nothing,
                };
                match (self.open, self.log.events.last_mut()) {
                    (Open::Pillage, Some(Event { body: Body::Pillage { draw, .. }, .. })) => {
                        *draw = Some(ctk(card));
                        self.open = Open::Nothing;
                        return;
                    }
                    (open, Some(Event { body: Body::Draw { cards }, .. })) if open == session => {
                        cards.push(ctk(card));
                        return;
                    }
                    _ => {}
                }
                self.event(side, Body::Draw { cards: vec![ctk(card)] });
                self.open = session;
                return;
            }
            Action::March { unit: _, to } if commanding => {
                if let Some(path) = self.last_path() {
                    path.0.push(label(to));
                }
                return;
            }
            Action::Attack { unit: _, target } if commanding => {
                if let Some(path) = self.last_path() {
                    *path.1 = Some(code(target));
                }
                self.open = Open::Nothing;
                return;
            }
            Action::Halt => {
                self.open = Open::Nothing;
                return;
            }
            _ => {}
        }
        let (body, open) = match *a {
            Action::ExtraMarkers { units } => {
                (Body::Extra { units: units.iter().map(|u| code(*u)).collect() }, Open::Nothing)
            }
            Action::Pass => (Body::Pass, Open::Nothing),
            Action::Pillage { unit } => (Body::Pillage { unit: code(unit), draw: None }, Open::Pillage),
            Action::March { unit, to } => {
                (Body::Command { unit: code(unit), path: vec![label(to)], attack: None }, Open::Command)
            }
            Action::Attack { unit, target } => (
                Body::Command { unit: code(unit), path: Vec::new(), attack: Some(code(target)) },
                Open::Nothing,
            ),
            Action::Play { card, play } => {
                let (p, open) = match play {
                    CardPlay::FighterEscadrille { reveal, discard } => (
                        PlayBody::FighterEscadrille { reveal: toks(reveal), discard: toks(discard) },
                        Open::Nothing,
                    ),
                    CardPlay::ArtillerySupport { target, discard } => (
                        PlayBody::ArtillerySupport { target: code(target), discard: discard.map(ctk) },
                        Open::Nothing,
                    ),
                    CardPlay::RadioJamming { from, to } => {
                        (PlayBody::RadioJamming { from: code(from), to: code(to) }, Open::Nothing)
                    }
                    CardPlay::BrokenCipher { look } => {
                        (PlayBody::BrokenCipher { look: toks(look) }, Open::Nothing)
                    }
                    CardPlay::Maneuver { unit } => (
                        PlayBody::Maneuver { unit: code(unit), path: Vec::new(), attack: None },
                        Open::Command,
                    ),
                    CardPlay::GoWest { units } => {
                        (PlayBody::GoWest { units: units.iter().map(|u| code(*u)).collect() }, Open::Nothing)
                    }
                    CardPlay::Assault { target, by, retreat } => (
                        PlayBody::Assault { target: code(target), by: code(by), retreat: retreat.map(label) },
                        Open::Nothing,
                    ),
                };
                (Body::Play { card: ctk(card), play: p }, open)
            }
            Action::Resolve { attacker } => {
                let defender =
                    before.attacks().find(|(a, _)| *a == attacker).map_or(Tok::default(), |(_, d)| code(d));
                (Body::Resolve { attacker: code(attacker), defender }, Open::Nothing)
            }
            Action::Select { cards, .. } => (Body::Select { cards: toks(cards) }, Open::Nothing),
            Action::SetAside { card, .. } => (Body::SetAside { card: ctk(card) }, Open::Nothing),
            Action::Pull { card, .. } => (Body::Pull { card: ctk(card) }, Open::Nothing),
            Action::FieldFortifications { card, .. } => {
                (Body::FieldFortifications { card: ctk(card) }, Open::Nothing)
            }
            Action::Strength { attacker, defender } => (Body::Strength { attacker, defender }, Open::Nothing),
            Action::Retreat { to } => (Body::Retreat { to: label(to) }, Open::Nothing),
            Action::Advance { advance } => (if advance { Body::Advance } else { Body::Hold }, Open::Nothing),
            Action::Draw { .. } | Action::Halt => return,
        };
        self.event(side, body);
        self.open = open;
    }

    fn event(&mut self, side: Side, body: Body) {
        self.log.events.push(Event { line: 0, side, body, clock: None });
    }

    fn last_path(&mut self) -> Option<(&mut Vec<Tok>, &mut Option<Tok>)> {
        match self.log.events.last_mut().map(|e| &mut e.body) {
            Some(Body::Command { path, attack, .. })
            | Some(Body::Play { play: PlayBody::Maneuver { path, attack, .. }, .. }) => Some((path, attack)),
            _ => None,
        }
    }

    /// Attach a clock reading to the last event.
    pub fn set_clock(&mut self, secs: i32) {
        if let Some(e) = self.log.events.last_mut() {
            e.clock = Some(secs);
        }
    }
}

/// Edition tokens are at most `MAX_TOKEN` bytes (checked by the loader), card tokens 3.
fn tk(s: &str) -> Tok {
    Tok::new(s).unwrap_or_default()
}
