//! One event line read without copying: the words are slices of the text (or of an owned event's
//! tokens), so validating a log allocates nothing per line. The grammar of an event lives here once; the
//! owned [`Event`] is built from it, and `expand` reads it.

use super::ast::{Body, Event, PlayBody};
use super::tok::Tok;
use crate::engine::error::{Slot, Syntax};
use crate::outcome::Side;

/// A list of words: slices of the text, or the tokens of an owned event.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Words<'a> {
    Text(&'a [&'a str]),
    Toks(&'a [Tok]),
}

impl<'a> Words<'a> {
    pub(crate) fn len(&self) -> usize {
        match self {
            Words::Text(w) => w.len(),
            Words::Toks(t) => t.len(),
        }
    }
    pub(crate) fn is_empty(&self) -> bool {
        self.len() == 0
    }
    pub(crate) fn iter(&self) -> impl Iterator<Item = &'a str> + 'a {
        let (text, toks): (&'a [&'a str], &'a [Tok]) = match *self {
            Words::Text(w) => (w, &[]),
            Words::Toks(t) => (&[], t),
        };
        text.iter().copied().chain(toks.iter().map(Tok::as_str))
    }
    fn to_toks(self) -> Result<Vec<Tok>, Syntax> {
        self.iter().map(tok).collect()
    }
}

/// An event line as written: side, what happened, the mover's clock.
#[derive(Debug, Clone, Copy)]
pub(crate) struct LineRef<'a> {
    pub side: Side,
    pub body: BodyRef<'a>,
    pub clock: Option<i32>,
}

/// [`Body`] over borrowed words.
#[derive(Debug, Clone, Copy)]
pub(crate) enum BodyRef<'a> {
    Draw { cards: Words<'a> },
    Extra { units: Words<'a> },
    Pass,
    Pillage { unit: &'a str, draw: Option<&'a str> },
    Command { unit: &'a str, path: Words<'a>, attack: Option<&'a str> },
    Play { card: &'a str, play: PlayRef<'a> },
    Resolve { attacker: &'a str, defender: &'a str },
    Select { cards: Words<'a> },
    SetAside { card: &'a str },
    Pull { card: &'a str },
    FieldFortifications { card: &'a str },
    Strength { attacker: u8, defender: u8 },
    Retreat { to: &'a str },
    Advance,
    Hold,
    Resign,
    Clock,
}

/// [`PlayBody`] over borrowed words.
#[derive(Debug, Clone, Copy)]
pub(crate) enum PlayRef<'a> {
    FighterEscadrille { reveal: Words<'a>, discard: Words<'a> },
    ArtillerySupport { target: &'a str, discard: Option<&'a str> },
    RadioJamming { from: &'a str, to: &'a str },
    BrokenCipher { look: Words<'a> },
    Maneuver { unit: &'a str, path: Words<'a>, attack: Option<&'a str> },
    GoWest { units: Words<'a> },
    Assault { target: &'a str, by: &'a str, retreat: Option<&'a str> },
}

/// A keyword or verb, compared ignoring ASCII case.
pub(crate) fn is(token: &str, word: &str) -> bool {
    token.eq_ignore_ascii_case(word)
}

/// `s` in lower case (ASCII), in `buf`; a word longer than the buffer is returned as it is (it is no
/// verb, so the caller refuses it).
fn lower<'b>(s: &'b str, buf: &'b mut [u8; 24]) -> &'b str {
    let b = s.as_bytes();
    if b.len() > buf.len() || !b.is_ascii() {
        return s;
    }
    for (o, i) in buf.iter_mut().zip(b) {
        *o = i.to_ascii_lowercase();
    }
    std::str::from_utf8(&buf[..b.len()]).unwrap_or(s)
}

/// The side a word names: English, chess colours, or Polish (`czerwony`, `czerwoni`; `polski`, `polacy`).
pub(crate) fn side_word(token: &str) -> Option<Side> {
    const RED: [&str; 4] = ["red", "white", "czerwony", "czerwoni"];
    const POLISH: [&str; 4] = ["polish", "black", "polski", "polacy"];
    if RED.iter().any(|w| is(token, w)) {
        Some(Side::Red)
    } else if POLISH.iter().any(|w| is(token, w)) {
        Some(Side::Polish)
    } else {
        None
    }
}

fn tok(s: &str) -> Result<Tok, Syntax> {
    Tok::new(s).ok_or_else(|| Syntax::TooLong { token: short(s) })
}

/// At most 20 characters of a word, for a message.
fn short(s: &str) -> String {
    s.chars().take(20).collect()
}

/// The words of an event, read front to back.
struct Cursor<'a> {
    words: &'a [&'a str],
    at: usize,
}

impl<'a> Cursor<'a> {
    fn next(&mut self, what: Slot) -> Result<&'a str, Syntax> {
        let w = self.words.get(self.at).copied().ok_or(Syntax::Missing { what })?;
        self.at += 1;
        Ok(w)
    }
    fn peek(&self) -> Option<&'a str> {
        self.words.get(self.at).copied()
    }
    fn eat(&mut self, word: &str) -> bool {
        if self.peek().is_some_and(|t| is(t, word)) {
            self.at += 1;
            true
        } else {
            false
        }
    }
    fn expect(&mut self, word: &'static str) -> Result<(), Syntax> {
        if self.eat(word) {
            Ok(())
        } else {
            Err(Syntax::Expected { word, found: short(self.peek().unwrap_or("")) })
        }
    }
    /// Words up to the end or to `stop`.
    fn until(&mut self, stop: Option<&str>) -> Words<'a> {
        let start = self.at;
        while let Some(t) = self.peek() {
            if stop.is_some_and(|s| is(t, s)) {
                break;
            }
            self.at += 1;
        }
        Words::Text(&self.words[start..self.at])
    }
    fn rest(&mut self) -> Words<'a> {
        self.until(None)
    }
    fn done(&self) -> Result<(), Syntax> {
        match self.peek() {
            None => Ok(()),
            Some(t) => Err(Syntax::Unexpected { token: short(t) }),
        }
    }
    fn number(&mut self, what: Slot) -> Result<u8, Syntax> {
        let t = self.next(what)?;
        t.parse().map_err(|_| Syntax::NotANumber { what, token: short(t) })
    }
    /// `[march h1 h2 ...] [attack U]`
    fn command_tail(&mut self) -> Result<(Words<'a>, Option<&'a str>), Syntax> {
        let path = if self.eat("march") { self.until(Some("attack")) } else { Words::Text(&[]) };
        let attack = if self.eat("attack") { Some(self.next(Slot::AttackedUnit)?) } else { None };
        Ok((path, attack))
    }
}

/// The words of a line, split on ASCII white space, appended to `out` (a byte loop: lines are short).
pub(crate) fn words_of<'a>(s: &'a str, out: &mut Vec<&'a str>) {
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        while i < b.len() && b[i].is_ascii_whitespace() {
            i += 1;
        }
        let start = i;
        while i < b.len() && !b[i].is_ascii_whitespace() {
            i += 1;
        }
        if start < i {
            // ASCII white space never falls inside a multi-byte character: these are char boundaries.
            out.push(&s[start..i]);
        }
    }
}

/// Split off a trailing clock reading `{m:ss}`.
pub(crate) fn split_clock(content: &str) -> Result<(&str, Option<i32>), Syntax> {
    match content.strip_suffix('}') {
        Some(rest) => {
            let open = rest.as_bytes().iter().rposition(|&b| b == b'{').ok_or(Syntax::UnmatchedBrace)?;
            let reading = super::clock::parse_clock(rest[open + 1..].trim_ascii())?;
            Ok((rest[..open].trim_ascii_end(), Some(reading)))
        }
        None => Ok((content, None)),
    }
}

/// Read an event from its words (the clock already split off).
pub(crate) fn read_line<'a>(words: &'a [&'a str], clock: Option<i32>) -> Result<LineRef<'a>, Syntax> {
    let mut c = Cursor { words, at: 0 };
    let side_token = c.next(Slot::Side)?;
    let side = side_word(side_token).ok_or_else(|| Syntax::UnknownSide { token: short(side_token) })?;
    let verb = c.next(Slot::Verb)?;
    let mut buf = [0u8; 24];
    let body = match lower(verb, &mut buf) {
        "draw" => BodyRef::Draw { cards: c.rest() },
        "extra" => BodyRef::Extra { units: c.rest() },
        "pass" => BodyRef::Pass,
        "pillage" => {
            let unit = c.next(Slot::PillagingUnit)?;
            let draw = if c.eat("draw") { Some(c.next(Slot::CardDrawn)?) } else { None };
            BodyRef::Pillage { unit, draw }
        }
        "command" => {
            let unit = c.next(Slot::CommandedUnit)?;
            let (path, attack) = c.command_tail()?;
            BodyRef::Command { unit, path, attack }
        }
        "play" => {
            let card = c.next(Slot::CardPlayed)?;
            BodyRef::Play { card, play: read_play(&mut c)? }
        }
        "resolve" => BodyRef::Resolve {
            attacker: c.next(Slot::AttackingUnit)?,
            defender: c.next(Slot::DefendingUnit)?,
        },
        "select" => BodyRef::Select { cards: c.rest() },
        "set-aside" => BodyRef::SetAside { card: c.next(Slot::CardSetAside)? },
        "pull" => BodyRef::Pull { card: c.next(Slot::CardDrawnBack)? },
        "field-fortifications" => BodyRef::FieldFortifications { card: c.next(Slot::CardReturned)? },
        "strength" => BodyRef::Strength {
            attacker: c.number(Slot::AttackerStrength)?,
            defender: c.number(Slot::DefenderStrength)?,
        },
        "retreat" => BodyRef::Retreat { to: c.next(Slot::RetreatSpace)? },
        "advance" => BodyRef::Advance,
        "hold" => BodyRef::Hold,
        "resign" => BodyRef::Resign,
        "clock" => {
            if clock.is_none() {
                return Err(Syntax::ClockLineWithoutReading);
            }
            BodyRef::Clock
        }
        _ => return Err(Syntax::UnknownVerb { token: short(verb) }),
    };
    c.done()?;
    Ok(LineRef { side, body, clock })
}

fn read_play<'a>(c: &mut Cursor<'a>) -> Result<PlayRef<'a>, Syntax> {
    let effect = c.next(Slot::Effect)?;
    let mut buf = [0u8; 24];
    Ok(match lower(effect, &mut buf) {
        "fighter-escadrille" => {
            c.expect("reveal")?;
            let reveal = c.until(Some("discard"));
            c.expect("discard")?;
            PlayRef::FighterEscadrille { reveal, discard: c.rest() }
        }
        "artillery-support" => {
            let target = c.next(Slot::TargetUnit)?;
            let discard = if c.eat("discard") { Some(c.next(Slot::DiscardedCard)?) } else { None };
            PlayRef::ArtillerySupport { target, discard }
        }
        "radio-jamming" => PlayRef::RadioJamming { from: c.next(Slot::Unit)?, to: c.next(Slot::Unit)? },
        "broken-cipher" => {
            c.expect("look")?;
            PlayRef::BrokenCipher { look: c.rest() }
        }
        "maneuver" => {
            let unit = c.next(Slot::Unit)?;
            let (path, attack) = c.command_tail()?;
            PlayRef::Maneuver { unit, path, attack }
        }
        "go-west" => PlayRef::GoWest { units: c.rest() },
        "assault" => {
            let target = c.next(Slot::AssaultedUnit)?;
            c.expect("by")?;
            let by = c.next(Slot::AttackingUnit)?;
            c.expect("retreat")?;
            let r = c.next(Slot::RetreatSpaceOrNone)?;
            PlayRef::Assault { target, by, retreat: (!is(r, "none")).then_some(r) }
        }
        _ => return Err(Syntax::UnknownEffect { token: short(effect) }),
    })
}

/// A card token, spelled canonically (`r7` becomes `R07`); `?` and unknown tokens stay as written.
fn card(s: &str) -> Result<Tok, Syntax> {
    match crate::engine::ids::CardId::parse_token(s) {
        Some(c) => Ok(Tok::card(c)),
        None => tok(s),
    }
}
fn cards(w: Words<'_>) -> Result<Vec<Tok>, Syntax> {
    w.iter().map(card).collect()
}
fn opt(s: Option<&str>, f: fn(&str) -> Result<Tok, Syntax>) -> Result<Option<Tok>, Syntax> {
    s.map(f).transpose()
}

impl LineRef<'_> {
    /// The owned event (cards spelled canonically).
    pub(crate) fn to_event(self, line: usize) -> Result<Event, Syntax> {
        let body = match self.body {
            BodyRef::Draw { cards: w } => Body::Draw { cards: cards(w)? },
            BodyRef::Extra { units } => Body::Extra { units: units.to_toks()? },
            BodyRef::Pass => Body::Pass,
            BodyRef::Pillage { unit, draw } => Body::Pillage { unit: tok(unit)?, draw: opt(draw, card)? },
            BodyRef::Command { unit, path, attack } => {
                Body::Command { unit: tok(unit)?, path: path.to_toks()?, attack: opt(attack, tok)? }
            }
            BodyRef::Play { card: c, play } => Body::Play {
                card: card(c)?,
                play: match play {
                    PlayRef::FighterEscadrille { reveal, discard } => {
                        PlayBody::FighterEscadrille { reveal: cards(reveal)?, discard: cards(discard)? }
                    }
                    PlayRef::ArtillerySupport { target, discard } => {
                        PlayBody::ArtillerySupport { target: tok(target)?, discard: opt(discard, card)? }
                    }
                    PlayRef::RadioJamming { from, to } => {
                        PlayBody::RadioJamming { from: tok(from)?, to: tok(to)? }
                    }
                    PlayRef::BrokenCipher { look } => PlayBody::BrokenCipher { look: cards(look)? },
                    PlayRef::Maneuver { unit, path, attack } => PlayBody::Maneuver {
                        unit: tok(unit)?,
                        path: path.to_toks()?,
                        attack: opt(attack, tok)?,
                    },
                    PlayRef::GoWest { units } => PlayBody::GoWest { units: units.to_toks()? },
                    PlayRef::Assault { target, by, retreat } => {
                        PlayBody::Assault { target: tok(target)?, by: tok(by)?, retreat: opt(retreat, tok)? }
                    }
                },
            },
            BodyRef::Resolve { attacker, defender } => {
                Body::Resolve { attacker: tok(attacker)?, defender: tok(defender)? }
            }
            BodyRef::Select { cards: w } => Body::Select { cards: cards(w)? },
            BodyRef::SetAside { card: c } => Body::SetAside { card: card(c)? },
            BodyRef::Pull { card: c } => Body::Pull { card: card(c)? },
            BodyRef::FieldFortifications { card: c } => Body::FieldFortifications { card: card(c)? },
            BodyRef::Strength { attacker, defender } => Body::Strength { attacker, defender },
            BodyRef::Retreat { to } => Body::Retreat { to: tok(to)? },
            BodyRef::Advance => Body::Advance,
            BodyRef::Hold => Body::Hold,
            BodyRef::Resign => Body::Resign,
            BodyRef::Clock => Body::Clock,
        };
        Ok(Event { line, side: self.side, body, clock: self.clock })
    }
}

impl Event {
    /// A borrowed view of the event (what `expand` reads).
    pub(crate) fn as_ref(&self) -> LineRef<'_> {
        fn w(v: &[Tok]) -> Words<'_> {
            Words::Toks(v)
        }
        fn o(t: &Option<Tok>) -> Option<&str> {
            t.as_ref().map(Tok::as_str)
        }
        let s = Tok::as_str;
        let body = match &self.body {
            Body::Draw { cards } => BodyRef::Draw { cards: Words::Toks(cards) },
            Body::Extra { units } => BodyRef::Extra { units: Words::Toks(units) },
            Body::Pass => BodyRef::Pass,
            Body::Pillage { unit, draw } => BodyRef::Pillage { unit: s(unit), draw: o(draw) },
            Body::Command { unit, path, attack } => {
                BodyRef::Command { unit: s(unit), path: w(path), attack: o(attack) }
            }
            Body::Play { card, play } => BodyRef::Play {
                card: s(card),
                play: match play {
                    PlayBody::FighterEscadrille { reveal, discard } => {
                        PlayRef::FighterEscadrille { reveal: w(reveal), discard: w(discard) }
                    }
                    PlayBody::ArtillerySupport { target, discard } => {
                        PlayRef::ArtillerySupport { target: s(target), discard: o(discard) }
                    }
                    PlayBody::RadioJamming { from, to } => PlayRef::RadioJamming { from: s(from), to: s(to) },
                    PlayBody::BrokenCipher { look } => PlayRef::BrokenCipher { look: w(look) },
                    PlayBody::Maneuver { unit, path, attack } => {
                        PlayRef::Maneuver { unit: s(unit), path: w(path), attack: o(attack) }
                    }
                    PlayBody::GoWest { units } => PlayRef::GoWest { units: w(units) },
                    PlayBody::Assault { target, by, retreat } => {
                        PlayRef::Assault { target: s(target), by: s(by), retreat: o(retreat) }
                    }
                },
            },
            Body::Resolve { attacker, defender } => {
                BodyRef::Resolve { attacker: s(attacker), defender: s(defender) }
            }
            Body::Select { cards } => BodyRef::Select { cards: Words::Toks(cards) },
            Body::SetAside { card } => BodyRef::SetAside { card: s(card) },
            Body::Pull { card } => BodyRef::Pull { card: s(card) },
            Body::FieldFortifications { card } => BodyRef::FieldFortifications { card: s(card) },
            Body::Strength { attacker, defender } => {
                BodyRef::Strength { attacker: *attacker, defender: *defender }
            }
            Body::Retreat { to } => BodyRef::Retreat { to: s(to) },
            Body::Advance => BodyRef::Advance,
            Body::Hold => BodyRef::Hold,
            Body::Resign => BodyRef::Resign,
            Body::Clock => BodyRef::Clock,
        };
        LineRef { side: self.side, body, clock: self.clock }
    }
}
