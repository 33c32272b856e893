//! Between notation and actions: `expand` turns one event into the actions it stands for (names to ids,
//! `?` to an unseen card); `Builder` groups actions back into events (draws of one occasion on one line,
//! a command's marches on one line); `canonical` spells a line as the edition and the notation do.

use super::ast::{Body, Event, GameLog, PlayBody};
use super::line::{BodyRef, LineRef, PlayRef, Words};
use super::tok::Tok;
use crate::engine::action::{Action, CardPlay, CardRef, Event as Step};
use crate::engine::edition::Edition;
use crate::engine::error::{DrawOccasion, Refusal, Rule, Section, Seen};
use crate::engine::ids::{CardId, CardSet, HexId, UnitId};
use crate::engine::state::{AfterDraw, GameState, Pending};
use crate::outcome::Side;

/// The token for a card nobody at the table saw.
pub const UNSEEN: &str = "?";

fn notation(rule: Rule) -> Refusal {
    Refusal::new(Section::Notation, rule)
}

/// A word as a token for a message (cut to the token length).
fn word(s: &str) -> Tok {
    let mut end = s.len().min(super::tok::MAX_TOKEN);
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    Tok::new(&s[..end]).unwrap_or_default()
}

fn card(t: &str) -> Result<CardId, Refusal> {
    CardId::parse_token(t).ok_or_else(|| notation(Rule::UnknownCard { token: word(t) }))
}
/// A card that is seen at the table whenever this is written: `?` is refused.
fn seen(t: &str, what: Seen) -> Result<CardId, Refusal> {
    if t == UNSEEN {
        return Err(notation(Rule::UnseenMustBeNamed { what }));
    }
    card(t)
}
fn card_ref(t: &str) -> Result<CardRef, Refusal> {
    if t == UNSEEN { Ok(CardRef::Unseen) } else { card(t).map(CardRef::Known) }
}

/// The unit an edition code names: exactly, or else ignoring case (refused if that is ambiguous).
#[must_use]
pub fn unit_named(e: &Edition, t: &str) -> Option<UnitId> {
    e.unit_by_code(t).or_else(|| unique(e.units().filter(|u| same(&u.code, t)).map(|u| u.id)))
}
/// The space a label names: exactly, or else ignoring case.
#[must_use]
pub fn space_named(e: &Edition, t: &str) -> Option<HexId> {
    e.hex_by_label(t).or_else(|| unique(e.hexes().filter(|h| same(&h.label, t)).map(|h| h.id)))
}
fn same(a: &str, b: &str) -> bool {
    a.eq_ignore_ascii_case(b) || a.to_lowercase() == b.to_lowercase()
}
fn unique<T>(mut it: impl Iterator<Item = T>) -> Option<T> {
    let first = it.next()?;
    it.next().is_none().then_some(first)
}
fn ambiguous(count: usize, t: &str) -> Option<Refusal> {
    (count > 1).then(|| notation(Rule::Ambiguous { token: word(t) }))
}
fn unit(e: &Edition, t: &str) -> Result<UnitId, Refusal> {
    unit_named(e, t).ok_or_else(|| {
        ambiguous(e.units().filter(|u| same(&u.code, t)).count(), t)
            .unwrap_or_else(|| notation(Rule::UnknownUnit { token: word(t), edition: e.id().to_string() }))
    })
}
fn hex(e: &Edition, t: &str) -> Result<HexId, Refusal> {
    space_named(e, t).ok_or_else(|| {
        ambiguous(e.hexes().filter(|h| same(&h.label, t)).count(), t)
            .unwrap_or_else(|| notation(Rule::UnknownSpace { token: word(t), edition: e.id().to_string() }))
    })
}
/// Named cards, each once.
fn named_cards(ts: Words<'_>, what: Seen) -> Result<CardSet, Refusal> {
    let mut s = CardSet::EMPTY;
    for t in ts.iter() {
        let c = seen(t, what)?;
        if s.contains(c) {
            return Err(notation(Rule::ListedTwice { token: word(t) }));
        }
        s.insert(c);
    }
    Ok(s)
}
/// Cards of which some may be `?`: the named ones and how many are unseen.
fn cards_with_unseen(ts: Words<'_>) -> Result<(CardSet, u8), Refusal> {
    let mut s = CardSet::EMPTY;
    let mut unseen = 0u8;
    for t in ts.iter() {
        match card_ref(t)? {
            CardRef::Unseen => unseen = unseen.saturating_add(1),
            CardRef::Known(c) => {
                if s.contains(c) {
                    return Err(notation(Rule::ListedTwice { token: word(t) }));
                }
                s.insert(c);
            }
        }
    }
    Ok((s, unseen))
}
fn sorted<const N: usize>(e: &Edition, ts: Words<'_>) -> Result<[UnitId; N], Refusal> {
    if ts.len() != N {
        return Err(notation(Rule::UnitCount { expected: N as u8, got: ts.len() }));
    }
    let mut out = [UnitId(0); N];
    for (o, t) in out.iter_mut().zip(ts.iter()) {
        *o = unit(e, t)?;
    }
    out.sort();
    Ok(out)
}

/// A command's marches and its attack; without an attack the command ends with the line (the replay
/// ends it: a march into Warsaw may end the game first).
fn command(
    e: &Edition,
    u: UnitId,
    path: Words<'_>,
    attack: Option<&str>,
    out: &mut Vec<Action>,
) -> Result<(), Refusal> {
    for h in path.iter() {
        out.push(Action::March { unit: u, to: hex(e, h)? });
    }
    if let Some(t) = attack {
        out.push(Action::Attack { unit: u, target: unit(e, t)? });
    }
    Ok(())
}

/// The actions one event stands for, appended to `out` (none for a `clock` line). A command line that
/// does not attack leaves its command open: the replay ends it after the line.
///
/// # Errors
/// A name the edition does not know, a `?` where the card is seen, or a malformed event (e.g. a command
/// that neither marches nor attacks).
pub fn expand(ev: &Event, e: &Edition, out: &mut Vec<Action>) -> Result<(), Refusal> {
    expand_line(&ev.as_ref(), e, out)
}

/// [`expand`] on a borrowed line.
pub(crate) fn expand_line(ev: &LineRef<'_>, e: &Edition, out: &mut Vec<Action>) -> Result<(), Refusal> {
    let side = ev.side;
    match ev.body {
        BodyRef::Draw { cards: cs } => {
            if cs.is_empty() {
                return Err(notation(Rule::DrawNamesNoCard));
            }
            for c in cs.iter() {
                out.push(Action::Draw { side, card: card_ref(c)? });
            }
        }
        BodyRef::Extra { units } => out.push(Action::ExtraMarkers { units: sorted::<2>(e, units)? }),
        BodyRef::Pass => out.push(Action::Pass),
        BodyRef::Pillage { unit: u, draw } => {
            out.push(Action::Pillage { unit: unit(e, u)? });
            if let Some(c) = draw {
                out.push(Action::Draw { side, card: card_ref(c)? });
            }
        }
        BodyRef::Command { unit: u, path, attack } => {
            if path.is_empty() && attack.is_none() {
                return Err(notation(Rule::CommandDoesNothing));
            }
            command(e, unit(e, u)?, path, attack, out)?;
        }
        BodyRef::Play { card: c, play } => {
            let c = seen(c, Seen::Played)?;
            let (p, tail) = match play {
                PlayRef::FighterEscadrille { reveal, discard } => (
                    CardPlay::FighterEscadrille {
                        reveal: named_cards(reveal, Seen::Revealed)?,
                        discard: named_cards(discard, Seen::Discarded)?,
                    },
                    None,
                ),
                PlayRef::ArtillerySupport { target, discard } => (
                    CardPlay::ArtillerySupport {
                        target: unit(e, target)?,
                        discard: discard.map(|t| seen(t, Seen::Discarded)).transpose()?,
                    },
                    None,
                ),
                PlayRef::RadioJamming { from, to } => {
                    (CardPlay::RadioJamming { from: unit(e, from)?, to: unit(e, to)? }, None)
                }
                PlayRef::BrokenCipher { look } => {
                    let (look, unseen) = cards_with_unseen(look)?;
                    (CardPlay::BrokenCipher { look, unseen }, None)
                }
                PlayRef::Maneuver { unit: u, path, attack } => {
                    let u = unit(e, u)?;
                    (CardPlay::Maneuver { unit: u }, Some((u, path, attack)))
                }
                PlayRef::GoWest { units } => (CardPlay::GoWest { units: sorted::<3>(e, units)? }, None),
                PlayRef::Assault { target, by, retreat } => (
                    CardPlay::Assault {
                        target: unit(e, target)?,
                        by: unit(e, by)?,
                        retreat: retreat.map(|h| hex(e, h)).transpose()?,
                    },
                    None,
                ),
            };
            out.push(Action::Play { card: c, play: p });
            if let Some((u, path, attack)) = tail {
                command(e, u, path, attack, out)?;
            }
        }
        BodyRef::Resolve { attacker, defender } => {
            unit(e, defender)?;
            out.push(Action::Resolve { attacker: unit(e, attacker)? });
        }
        BodyRef::Select { cards: cs } => {
            let (cards, unseen) = cards_with_unseen(cs)?;
            out.push(Action::Select { side, cards, unseen });
        }
        BodyRef::SetAside { card: c } => out.push(Action::SetAside { side, card: seen(c, Seen::SetAside)? }),
        BodyRef::Pull { card: c } => out.push(Action::Pull { side, card: card_ref(c)? }),
        BodyRef::FieldFortifications { card: c } => {
            out.push(Action::FieldFortifications { side, card: seen(c, Seen::FieldFortifications)? });
        }
        BodyRef::Strength { attacker, defender } => out.push(Action::Strength { attacker, defender }),
        BodyRef::Retreat { to } => out.push(Action::Retreat { to: hex(e, to)? }),
        BodyRef::Advance => out.push(Action::Advance { advance: true }),
        BodyRef::Hold => out.push(Action::Advance { advance: false }),
        BodyRef::Resign => out.push(Action::Resign { side }),
        BodyRef::Clock => {}
    }
    Ok(())
}

/// The line spelled canonically: units and spaces as the edition writes them, cards as `R07`
/// (names the edition does not know are left as written).
#[must_use]
pub fn canonical(ev: &Event, e: &Edition) -> Event {
    let u = |t: &mut Tok| {
        if let Some(id) = unit_named(e, t) {
            *t = tk(&e.unit(id).code);
        }
    };
    let h = |t: &mut Tok| {
        if let Some(id) = space_named(e, t) {
            *t = tk(&e.hex(id).label);
        }
    };
    let c = |t: &mut Tok| {
        if let Some(id) = CardId::parse_token(t) {
            *t = tk(&id.token());
        }
    };
    let mut ev = ev.clone();
    match &mut ev.body {
        Body::Draw { cards } | Body::Select { cards } => cards.iter_mut().for_each(c),
        Body::Extra { units } => units.iter_mut().for_each(u),
        Body::Pillage { unit, draw } => {
            u(unit);
            draw.iter_mut().for_each(c);
        }
        Body::Command { unit, path, attack } => {
            u(unit);
            path.iter_mut().for_each(h);
            attack.iter_mut().for_each(u);
        }
        Body::Play { card, play } => {
            c(card);
            match play {
                PlayBody::FighterEscadrille { reveal, discard } => {
                    reveal.iter_mut().chain(discard.iter_mut()).for_each(c);
                }
                PlayBody::ArtillerySupport { target, discard } => {
                    u(target);
                    discard.iter_mut().for_each(c);
                }
                PlayBody::RadioJamming { from, to } => {
                    u(from);
                    u(to);
                }
                PlayBody::BrokenCipher { look } => look.iter_mut().for_each(c),
                PlayBody::Maneuver { unit, path, attack } => {
                    u(unit);
                    path.iter_mut().for_each(h);
                    attack.iter_mut().for_each(u);
                }
                PlayBody::GoWest { units } => units.iter_mut().for_each(u),
                PlayBody::Assault { target, by, retreat } => {
                    u(target);
                    u(by);
                    retreat.iter_mut().for_each(h);
                }
            }
        }
        Body::Resolve { attacker, defender } => {
            u(attacker);
            u(defender);
        }
        Body::SetAside { card } | Body::Pull { card } | Body::FieldFortifications { card } => c(card),
        Body::Retreat { to } => h(to),
        Body::Pass | Body::Strength { .. } | Body::Advance | Body::Hold | Body::Resign | Body::Clock => {}
    }
    ev
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
        let rtk = |c: CardRef| c.known().map_or_else(|| tk(UNSEEN), ctk);
        let toks = |s: CardSet| s.iter().map(ctk).collect::<Vec<_>>();
        let with_unseen = |s: CardSet, n: u8| {
            let mut v = toks(s);
            v.extend((0..n).map(|_| tk(UNSEEN)));
            v
        };
        let commanding = matches!(before.pending, Pending::Commanding { .. }) && self.open == Open::Command;
        match *a {
            Action::Draw { side, card } => {
                // One line per occasion; the two opening hands are told apart by their side.
                let session = match before.pending {
                    Pending::Draw { then, .. } if then.occasion() == DrawOccasion::Setup => {
                        Open::Draw(side, AfterDraw::SetupMarkers)
                    }
                    Pending::Draw { then, .. } => Open::Draw(side, then),
                    _ => Open::Nothing,
                };
                match (self.open, self.log.events.last_mut()) {
                    (Open::Pillage, Some(Event { body: Body::Pillage { draw, .. }, .. })) => {
                        *draw = Some(rtk(card));
                        self.open = Open::Nothing;
                        return;
                    }
                    (open, Some(Event { body: Body::Draw { cards }, .. })) if open == session => {
                        cards.push(rtk(card));
                        return;
                    }
                    _ => {}
                }
                self.event(side, Body::Draw { cards: vec![rtk(card)] });
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
                    CardPlay::BrokenCipher { look, unseen } => {
                        (PlayBody::BrokenCipher { look: with_unseen(look, unseen) }, Open::Nothing)
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
            Action::Select { cards, unseen, .. } => {
                (Body::Select { cards: with_unseen(cards, unseen) }, Open::Nothing)
            }
            Action::SetAside { card, .. } => (Body::SetAside { card: ctk(card) }, Open::Nothing),
            Action::Pull { card, .. } => (Body::Pull { card: rtk(card) }, Open::Nothing),
            Action::FieldFortifications { card, .. } => {
                (Body::FieldFortifications { card: ctk(card) }, Open::Nothing)
            }
            Action::Strength { attacker, defender } => (Body::Strength { attacker, defender }, Open::Nothing),
            Action::Retreat { to } => (Body::Retreat { to: label(to) }, Open::Nothing),
            Action::Advance { advance } => (if advance { Body::Advance } else { Body::Hold }, Open::Nothing),
            Action::Resign { side: resigning } => {
                self.event(resigning, Body::Resign);
                self.open = Open::Nothing;
                return;
            }
            Action::Draw { .. } | Action::Halt => return,
        };
        self.event(side, body);
        self.open = open;
    }

    /// Record an engine event played in `before`: its action as [`Builder::push`] does, a reading alone
    /// as a `clock` line, a reading after an action on that action's line.
    pub fn push_event(&mut self, before: &GameState<'_>, ev: &Step) {
        match ev.action {
            Some(a) => {
                self.push(before, &a);
                if let Some(secs) = ev.clock {
                    self.set_clock(secs);
                }
            }
            None => {
                self.event(ev.side, Body::Clock);
                self.log.events.last_mut().into_iter().for_each(|e| e.clock = ev.clock);
                self.open = Open::Nothing;
            }
        }
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
