//! Text notation to [`GameLog`]: context-free (no edition needed), every error with its line number.
//! The reader is forgiving where people differ and nothing is ambiguous: verbs, keywords and sides in any
//! case, `czerwony`/`czerwoni` and `polski`/`polacy` for the sides, cards as `r7`; it keeps cards in their
//! canonical spelling (`R07`), so printing a parsed log always writes the canonical form.

use super::ast::{Body, Event, GameLog, PlayBody, Tag};
use super::resolve::UNSEEN;
use super::tok::Tok;
use crate::engine::error::{Slot, Syntax};
use crate::engine::ids::CardId;
use crate::outcome::Side;

/// A line that is not valid notation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SyntaxError {
    pub line: usize,
    /// The line as written (trimmed).
    pub text: String,
    pub syntax: Syntax,
}

/// Parse the text notation.
///
/// # Errors
/// The first line that is not valid notation.
pub fn parse(text: &str) -> Result<GameLog, SyntaxError> {
    let mut log = GameLog::default();
    // Lines average about 30 bytes: reserve once instead of growing.
    log.events.reserve((text.len() / 30).min(4096));
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let trimmed = raw.trim();
        let fail = |syntax: Syntax| SyntaxError { line, text: trimmed.to_string(), syntax };
        if trimmed.starts_with('[') {
            if !log.events.is_empty() {
                return Err(fail(Syntax::TagAfterEvents));
            }
            log.header.push(parse_tag(trimmed).map_err(fail)?);
            continue;
        }
        let content = trimmed.split('#').next().unwrap_or("").trim();
        if content.is_empty() {
            continue;
        }
        let event = parse_event(content).map_err(fail)?;
        log.events.push(Event { line, ..event });
    }
    Ok(log)
}

fn parse_tag(s: &str) -> Result<Tag, Syntax> {
    let inner = s.strip_prefix('[').and_then(|s| s.strip_suffix(']')).ok_or(Syntax::TagShape)?;
    let (name, rest) = inner.split_once(char::is_whitespace).ok_or(Syntax::TagNoValue)?;
    let rest = rest.trim();
    let quoted = rest.strip_prefix('"').and_then(|r| r.strip_suffix('"')).ok_or(Syntax::TagNotQuoted)?;
    let mut value = String::with_capacity(quoted.len());
    let mut chars = quoted.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            value.push(chars.next().ok_or(Syntax::TagBackslashAtEnd)?);
        } else if c == '"' {
            return Err(Syntax::TagQuoteInside);
        } else {
            value.push(c);
        }
    }
    if !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return Err(Syntax::TagName { name: name.to_string() });
    }
    Ok(Tag { name: name.to_string(), value })
}

/// Parse `m:ss`, `h:mm:ss`, optionally negative.
///
/// # Errors
/// A reading that is not one of those forms.
pub fn parse_clock(s: &str) -> Result<i32, Syntax> {
    let (neg, body) = match s.strip_prefix('-') {
        Some(b) => (true, b),
        None => (false, s),
    };
    let bad = || Syntax::Clock { text: s.to_string() };
    // At most three fields, parsed without allocating.
    let mut nums = [0i32; 3];
    let mut n = 0;
    for part in body.split(':') {
        if n == 3 || part.is_empty() || part.len() > 6 || !part.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        nums[n] = part.parse::<i32>().map_err(|_| bad())?;
        n += 1;
    }
    let secs = match &nums[..n] {
        [m, sec] if (0..60).contains(sec) && *m < 10_000 => m * 60 + sec,
        [h, m, sec] if (0..60).contains(sec) && (0..60).contains(m) && *h < 1000 => h * 3600 + m * 60 + sec,
        _ => return Err(bad()),
    };
    Ok(if neg { -secs } else { secs })
}

/// A keyword or verb, compared ignoring ASCII case.
fn is(token: &str, word: &str) -> bool {
    token.eq_ignore_ascii_case(word)
}

/// The side a word names: English, chess colours, or Polish (`czerwony`, `czerwoni`; `polski`, `polacy`).
fn side_word(token: &str) -> Option<Side> {
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

struct Cursor<'a> {
    tokens: std::iter::Peekable<std::str::SplitAsciiWhitespace<'a>>,
}

impl<'a> Cursor<'a> {
    fn next(&mut self, what: Slot) -> Result<&'a str, Syntax> {
        self.tokens.next().ok_or(Syntax::Missing { what })
    }
    fn tok(s: &str) -> Result<Tok, Syntax> {
        Tok::new(s).ok_or_else(|| Syntax::TooLong { token: s.chars().take(20).collect() })
    }
    fn token(&mut self, what: Slot) -> Result<Tok, Syntax> {
        Self::tok(self.next(what)?)
    }
    /// A card token, spelled canonically (`r7` becomes `R07`); `?` and unknown tokens stay as written.
    fn card(s: &str) -> Result<Tok, Syntax> {
        match CardId::parse_token(s) {
            Some(c) if s != UNSEEN => Tok::new(&c.token()).ok_or(Syntax::TooLong { token: s.to_string() }),
            _ => Self::tok(s),
        }
    }
    fn card_token(&mut self, what: Slot) -> Result<Tok, Syntax> {
        Self::card(self.next(what)?)
    }
    fn peek(&mut self) -> Option<&'a str> {
        self.tokens.peek().copied()
    }
    fn eat(&mut self, word: &str) -> bool {
        if self.peek().is_some_and(|t| is(t, word)) {
            self.tokens.next();
            true
        } else {
            false
        }
    }
    fn expect(&mut self, word: &'static str) -> Result<(), Syntax> {
        if self.eat(word) {
            Ok(())
        } else {
            Err(Syntax::Expected { word, found: self.peek().unwrap_or("").chars().take(20).collect() })
        }
    }
    /// Tokens up to the end or to one of `stops`, read by `read`.
    fn until(&mut self, stops: &[&str], read: fn(&str) -> Result<Tok, Syntax>) -> Result<Vec<Tok>, Syntax> {
        let mut out = Vec::with_capacity(4);
        while let Some(t) = self.peek() {
            if stops.iter().any(|s| is(t, s)) {
                break;
            }
            out.push(read(t)?);
            self.tokens.next();
        }
        Ok(out)
    }
    fn cards(&mut self, stops: &[&str]) -> Result<Vec<Tok>, Syntax> {
        self.until(stops, Self::card)
    }
    fn names(&mut self, stops: &[&str]) -> Result<Vec<Tok>, Syntax> {
        self.until(stops, Self::tok)
    }
    fn done(&mut self) -> Result<(), Syntax> {
        match self.peek() {
            None => Ok(()),
            Some(t) => Err(Syntax::Unexpected { token: t.chars().take(20).collect() }),
        }
    }
    fn number(&mut self, what: Slot) -> Result<u8, Syntax> {
        let t = self.next(what)?;
        t.parse().map_err(|_| Syntax::NotANumber { what, token: t.chars().take(20).collect() })
    }
    /// `[march h1 h2 ...] [attack U]`
    fn command_tail(&mut self) -> Result<(Vec<Tok>, Option<Tok>), Syntax> {
        let path = if self.eat("march") { self.names(&["attack"])? } else { Vec::new() };
        let attack = if self.eat("attack") { Some(self.token(Slot::AttackedUnit)?) } else { None };
        Ok((path, attack))
    }
}

fn parse_event(content: &str) -> Result<Event, Syntax> {
    let (content, clock) = match content.strip_suffix('}') {
        Some(rest) => {
            let (before, reading) = rest.rsplit_once('{').ok_or(Syntax::UnmatchedBrace)?;
            (before.trim_end(), Some(parse_clock(reading.trim())?))
        }
        None => (content, None),
    };
    let mut c = Cursor { tokens: content.split_ascii_whitespace().peekable() };
    let side_token = c.next(Slot::Side)?;
    let side = side_word(side_token)
        .ok_or_else(|| Syntax::UnknownSide { token: side_token.chars().take(20).collect() })?;
    let verb = c.next(Slot::Verb)?;
    let body = match () {
        () if is(verb, "draw") => Body::Draw { cards: c.cards(&[])? },
        () if is(verb, "extra") => Body::Extra { units: c.names(&[])? },
        () if is(verb, "pass") => Body::Pass,
        () if is(verb, "pillage") => {
            let unit = c.token(Slot::PillagingUnit)?;
            let draw = if c.eat("draw") { Some(c.card_token(Slot::CardDrawn)?) } else { None };
            Body::Pillage { unit, draw }
        }
        () if is(verb, "command") => {
            let unit = c.token(Slot::CommandedUnit)?;
            let (path, attack) = c.command_tail()?;
            Body::Command { unit, path, attack }
        }
        () if is(verb, "play") => {
            let card = c.card_token(Slot::CardPlayed)?;
            Body::Play { card, play: parse_play(&mut c)? }
        }
        () if is(verb, "resolve") => {
            Body::Resolve { attacker: c.token(Slot::AttackingUnit)?, defender: c.token(Slot::DefendingUnit)? }
        }
        () if is(verb, "select") => Body::Select { cards: c.cards(&[])? },
        () if is(verb, "set-aside") => Body::SetAside { card: c.card_token(Slot::CardSetAside)? },
        () if is(verb, "pull") => Body::Pull { card: c.card_token(Slot::CardDrawnBack)? },
        () if is(verb, "field-fortifications") => {
            Body::FieldFortifications { card: c.card_token(Slot::CardReturned)? }
        }
        () if is(verb, "strength") => Body::Strength {
            attacker: c.number(Slot::AttackerStrength)?,
            defender: c.number(Slot::DefenderStrength)?,
        },
        () if is(verb, "retreat") => Body::Retreat { to: c.token(Slot::RetreatSpace)? },
        () if is(verb, "advance") => Body::Advance,
        () if is(verb, "hold") => Body::Hold,
        () if is(verb, "clock") => {
            if clock.is_none() {
                return Err(Syntax::ClockLineWithoutReading);
            }
            Body::Clock
        }
        () => return Err(Syntax::UnknownVerb { token: verb.chars().take(20).collect() }),
    };
    c.done()?;
    Ok(Event { line: 0, side, body, clock })
}

fn parse_play(c: &mut Cursor<'_>) -> Result<PlayBody, Syntax> {
    let effect = c.next(Slot::Effect)?;
    Ok(match () {
        () if is(effect, "fighter-escadrille") => {
            c.expect("reveal")?;
            let reveal = c.cards(&["discard"])?;
            c.expect("discard")?;
            PlayBody::FighterEscadrille { reveal, discard: c.cards(&[])? }
        }
        () if is(effect, "artillery-support") => {
            let target = c.token(Slot::TargetUnit)?;
            let discard = if c.eat("discard") { Some(c.card_token(Slot::DiscardedCard)?) } else { None };
            PlayBody::ArtillerySupport { target, discard }
        }
        () if is(effect, "radio-jamming") => {
            PlayBody::RadioJamming { from: c.token(Slot::Unit)?, to: c.token(Slot::Unit)? }
        }
        () if is(effect, "broken-cipher") => {
            c.expect("look")?;
            PlayBody::BrokenCipher { look: c.cards(&[])? }
        }
        () if is(effect, "maneuver") => {
            let unit = c.token(Slot::Unit)?;
            let (path, attack) = c.command_tail()?;
            PlayBody::Maneuver { unit, path, attack }
        }
        () if is(effect, "go-west") => PlayBody::GoWest { units: c.names(&[])? },
        () if is(effect, "assault") => {
            let target = c.token(Slot::AssaultedUnit)?;
            c.expect("by")?;
            let by = c.token(Slot::AttackingUnit)?;
            c.expect("retreat")?;
            let r = c.token(Slot::RetreatSpaceOrNone)?;
            PlayBody::Assault { target, by, retreat: (!is(&r, "none")).then_some(r) }
        }
        () => return Err(Syntax::UnknownEffect { token: effect.chars().take(20).collect() }),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_parse_and_print() {
        for (s, v) in [("14:59", 899), ("0:00", 0), ("-0:05", -5), ("1:00:00", 3600)] {
            assert_eq!(parse_clock(s), Ok(v));
            assert_eq!(super::super::ast::format_clock(v), s);
        }
        assert!(parse_clock("1:75").is_err());
        assert!(parse_clock("abc").is_err());
        assert!(parse_clock("99999999999:00").is_err(), "no overflow");
    }

    #[test]
    fn every_verb_round_trips_through_text() {
        let text = "[Event \"Liga \\\"A\\\"\"]\n\nred draw R01 R02 ?\nred extra R3A R3A\nred pass {14:00}\n\
            red pillage R3A draw R05\nred command R3A march e5 e6 attack P1A # note\n\
            polish play P01 fighter-escadrille reveal R01 discard\npolish play P02 artillery-support R3A discard R07\n\
            polish play P03 radio-jamming R3A R4A\npolish play P04 broken-cipher look R01 ? ?\n\
            red play R06 maneuver R16A march f4\nred play R07 go-west R3A R3A R4A\n\
            red play R08 assault P1A by R16A retreat none\nred resolve R16A P1A\nred select R01 R02 R03 ?\n\
            polish set-aside P05\npolish pull ?\npolish field-fortifications R01\nred strength 8 4\n\
            polish retreat d3\nred advance\nred hold\npolish clock {-0:01}\n";
        let log = parse(text).expect("valid");
        assert_eq!(log.tag("Event"), Some("Liga \"A\""));
        assert_eq!(log.events.len(), 22);
        assert_eq!(log.events[2].clock, Some(840));
        let printed = log.to_string();
        let again = parse(&printed).expect("printed text parses");
        let strip = |l: &GameLog| l.events.iter().map(|e| Event { line: 0, ..e.clone() }).collect::<Vec<_>>();
        assert_eq!(strip(&log), strip(&again));
        assert_eq!(log.header, again.header);
        let json = serde_json::to_string(&log).expect("json");
        let from_json: GameLog = serde_json::from_str(&json).expect("json parses");
        assert_eq!(from_json.header, log.header);
        assert_eq!(strip(&from_json), strip(&log));
    }

    #[test]
    fn the_reader_forgives_case_and_polish_side_words_and_prints_canonically() {
        let text = "CZERWONI DRAW r1 r02 ?\nPolacy Select p7 ?\npolski PULL ?\nczerwony play r6 MANEUVER R16A MARCH f4\n\
            White Pass\nBlack command P1A Attack R3A\n";
        let log = parse(text).expect("forgiving");
        let printed: Vec<String> = log.events.iter().map(ToString::to_string).collect();
        assert_eq!(
            printed,
            [
                "red draw R01 R02 ?",
                "polish select P07 ?",
                "polish pull ?",
                "red play R06 maneuver R16A march f4",
                "red pass",
                "polish command P1A attack R3A",
            ]
        );
        assert!(parse("zieloni pass\n").is_err());
    }

    #[test]
    fn syntax_errors_carry_the_line() {
        let e = parse("[Event \"x\"]\nred pass\nred fly R3A\n").expect_err("bad verb");
        assert_eq!((e.line, e.syntax), (3, Syntax::UnknownVerb { token: "fly".into() }));
        let e = parse("red command R3A march e5 attack\n").expect_err("missing target");
        assert_eq!(e.line, 1);
        let e = parse("green pass\n").expect_err("bad side");
        assert_eq!(e.syntax, Syntax::UnknownSide { token: "green".into() });
    }
}
