//! Text notation to [`GameLog`]: context-free (no edition needed), every error with its line number.

use super::ast::{Body, Event, GameLog, PlayBody, Tag};
use super::tok::{MAX_TOKEN, Tok};
use crate::outcome::Side;

/// A line that is not valid notation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SyntaxError {
    pub line: usize,
    pub text: String,
    pub message: String,
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
        let fail = |message: String| SyntaxError { line, text: trimmed.to_string(), message };
        if trimmed.starts_with('[') {
            if !log.events.is_empty() {
                return Err(fail("header tags come before the first event".into()));
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

fn parse_tag(s: &str) -> Result<Tag, String> {
    let inner = s
        .strip_prefix('[')
        .and_then(|s| s.strip_suffix(']'))
        .ok_or_else(|| "a header tag is written [Name \"value\"]".to_string())?;
    let (name, rest) =
        inner.split_once(char::is_whitespace).ok_or_else(|| "a header tag needs a value".to_string())?;
    let rest = rest.trim();
    let quoted = rest
        .strip_prefix('"')
        .and_then(|r| r.strip_suffix('"'))
        .ok_or_else(|| "the tag value must be in double quotes".to_string())?;
    let mut value = String::with_capacity(quoted.len());
    let mut chars = quoted.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            value.push(chars.next().ok_or_else(|| "a backslash ends the value".to_string())?);
        } else if c == '"' {
            return Err("a quote inside a tag value must be written \\\"".into());
        } else {
            value.push(c);
        }
    }
    if !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return Err(format!("tag name {name:?} must be letters and digits"));
    }
    Ok(Tag { name: name.to_string(), value })
}

/// Parse `m:ss`, `h:mm:ss`, optionally negative.
///
/// # Errors
/// A reading that is not one of those forms.
pub fn parse_clock(s: &str) -> Result<i32, String> {
    let (neg, body) = match s.strip_prefix('-') {
        Some(b) => (true, b),
        None => (false, s),
    };
    let bad = || format!("clock {s:?} is not m:ss or h:mm:ss");
    // At most three fields, parsed without allocating.
    let mut nums = [0i32; 3];
    let mut n = 0;
    for part in body.split(':') {
        if n == 3 || part.is_empty() || !part.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        nums[n] = part.parse::<i32>().map_err(|_| bad())?;
        n += 1;
    }
    let secs = match &nums[..n] {
        [m, sec] if (0..60).contains(sec) => m * 60 + sec,
        [h, m, sec] if (0..60).contains(sec) && (0..60).contains(m) => h * 3600 + m * 60 + sec,
        _ => return Err(bad()),
    };
    Ok(if neg { -secs } else { secs })
}

struct Cursor<'a> {
    tokens: std::iter::Peekable<std::str::SplitAsciiWhitespace<'a>>,
}

impl<'a> Cursor<'a> {
    fn next(&mut self, what: &str) -> Result<&'a str, String> {
        self.tokens.next().ok_or_else(|| format!("expected {what} at the end of the line"))
    }
    fn tok(s: &str) -> Result<Tok, String> {
        Tok::new(s).ok_or_else(|| format!("{s:?} is longer than {MAX_TOKEN} characters"))
    }
    fn token(&mut self, what: &str) -> Result<Tok, String> {
        Self::tok(self.next(what)?)
    }
    fn peek(&mut self) -> Option<&'a str> {
        self.tokens.peek().copied()
    }
    fn eat(&mut self, word: &str) -> bool {
        if self.peek() == Some(word) {
            self.tokens.next();
            true
        } else {
            false
        }
    }
    fn expect(&mut self, word: &str) -> Result<(), String> {
        if self.eat(word) {
            Ok(())
        } else {
            Err(format!("expected `{word}`, found {:?}", self.peek().unwrap_or("end of line")))
        }
    }
    /// Tokens up to the end or to one of `stops`.
    fn until(&mut self, stops: &[&str]) -> Result<Vec<Tok>, String> {
        let mut out = Vec::with_capacity(4);
        while let Some(t) = self.peek() {
            if stops.contains(&t) {
                break;
            }
            out.push(Self::tok(t)?);
            self.tokens.next();
        }
        Ok(out)
    }
    fn rest(&mut self) -> Result<Vec<Tok>, String> {
        self.until(&[])
    }
    fn done(&mut self) -> Result<(), String> {
        match self.peek() {
            None => Ok(()),
            Some(t) => Err(format!("unexpected {t:?} at the end of the event")),
        }
    }
    fn number(&mut self, what: &str) -> Result<u8, String> {
        let t = self.next(what)?;
        t.parse().map_err(|_| format!("{what} {t:?} is not a number"))
    }
    /// `[march h1 h2 ...] [attack U]`
    fn command_tail(&mut self) -> Result<(Vec<Tok>, Option<Tok>), String> {
        let path = if self.eat("march") { self.until(&["attack"])? } else { Vec::new() };
        let attack = if self.eat("attack") { Some(self.token("the attacked unit")?) } else { None };
        Ok((path, attack))
    }
}

fn parse_event(content: &str) -> Result<Event, String> {
    let (content, clock) = match content.strip_suffix('}') {
        Some(rest) => {
            let (before, reading) = rest.rsplit_once('{').ok_or_else(|| "unmatched `}`".to_string())?;
            (before.trim_end(), Some(parse_clock(reading.trim())?))
        }
        None => (content, None),
    };
    let mut c = Cursor { tokens: content.split_ascii_whitespace().peekable() };
    let side_token = c.next("the side")?;
    let side = match side_token {
        "red" | "white" => Side::Red,
        "polish" | "black" => Side::Polish,
        other => other.parse().map_err(|_| format!("an event starts with red or polish, not {other:?}"))?,
    };
    let verb = c.next("a verb")?;
    let body = match verb {
        "draw" => Body::Draw { cards: c.rest()? },
        "extra" => Body::Extra { units: c.rest()? },
        "pass" => Body::Pass,
        "pillage" => {
            let unit = c.token("the pillaging unit")?;
            let draw = if c.eat("draw") { Some(c.token("the card drawn")?) } else { None };
            Body::Pillage { unit, draw }
        }
        "command" => {
            let unit = c.token("the commanded unit")?;
            let (path, attack) = c.command_tail()?;
            Body::Command { unit, path, attack }
        }
        "play" => {
            let card = c.token("the card played")?;
            let effect = c.next("the card's effect")?;
            let play = match effect {
                "fighter-escadrille" => {
                    c.expect("reveal")?;
                    let reveal = c.until(&["discard"])?;
                    c.expect("discard")?;
                    PlayBody::FighterEscadrille { reveal, discard: c.rest()? }
                }
                "artillery-support" => {
                    let target = c.token("the target unit")?;
                    let discard = if c.eat("discard") { Some(c.token("the discarded card")?) } else { None };
                    PlayBody::ArtillerySupport { target, discard }
                }
                "radio-jamming" => {
                    PlayBody::RadioJamming { from: c.token("a unit")?, to: c.token("a unit")? }
                }
                "broken-cipher" => {
                    c.expect("look")?;
                    PlayBody::BrokenCipher { look: c.rest()? }
                }
                "maneuver" => {
                    let unit = c.token("the unit")?;
                    let (path, attack) = c.command_tail()?;
                    PlayBody::Maneuver { unit, path, attack }
                }
                "go-west" => PlayBody::GoWest { units: c.rest()? },
                "assault" => {
                    let target = c.token("the assaulted unit")?;
                    c.expect("by")?;
                    let by = c.token("the attacking unit")?;
                    c.expect("retreat")?;
                    let r = c.token("the retreat space or none")?;
                    PlayBody::Assault { target, by, retreat: (r != "none").then_some(r) }
                }
                other => return Err(format!("unknown action card effect {other:?}")),
            };
            Body::Play { card, play }
        }
        "resolve" => Body::Resolve {
            attacker: c.token("the attacking unit")?,
            defender: c.token("the defending unit")?,
        },
        "select" => Body::Select { cards: c.rest()? },
        "set-aside" => Body::SetAside { card: c.token("the card set aside")? },
        "pull" => Body::Pull { card: c.token("the card drawn")? },
        "field-fortifications" => Body::FieldFortifications { card: c.token("the card returned")? },
        "strength" => Body::Strength {
            attacker: c.number("attacker strength")?,
            defender: c.number("defender strength")?,
        },
        "retreat" => Body::Retreat { to: c.token("the retreat space")? },
        "advance" => Body::Advance,
        "hold" => Body::Hold,
        "clock" => {
            if clock.is_none() {
                return Err("a clock line needs a reading, e.g. {0:00}".into());
            }
            Body::Clock
        }
        other => return Err(format!("unknown verb {other:?}")),
    };
    c.done()?;
    Ok(Event { line: 0, side, body, clock })
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
    }

    #[test]
    fn every_verb_round_trips_through_text() {
        let text = "[Event \"Liga \\\"A\\\"\"]\n\nred draw R01 R02\nred extra R3A R3A\nred pass {14:00}\n\
            red pillage R3A draw R05\nred command R3A march e5 e6 attack P1A # note\n\
            polish play P01 fighter-escadrille reveal R01 discard\npolish play P02 artillery-support R3A discard R07\n\
            polish play P03 radio-jamming R3A R4A\npolish play P04 broken-cipher look R01 R02\n\
            red play R06 maneuver R16A march f4\nred play R07 go-west R3A R3A R4A\n\
            red play R08 assault P1A by R16A retreat none\nred resolve R16A P1A\nred select R01 R02 R03 R04\n\
            polish set-aside P05\npolish pull R02\npolish field-fortifications R01\nred strength 8 4\n\
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
    fn syntax_errors_carry_the_line() {
        let e = parse("[Event \"x\"]\nred pass\nred fly R3A\n").expect_err("bad verb");
        assert_eq!((e.line, e.message.as_str()), (3, "unknown verb \"fly\""));
        let e = parse("red command R3A march e5 attack\n").expect_err("missing target");
        assert_eq!(e.line, 1);
        let e = parse("green pass\n").expect_err("bad side");
        assert!(e.message.contains("red or polish"));
    }
}
