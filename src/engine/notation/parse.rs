//! Text notation to [`GameLog`]: context-free (no edition needed), every error with its line number.
//! The reader is forgiving where people differ and nothing is ambiguous: verbs, keywords and sides in any
//! case, `czerwony`/`czerwoni` and `polski`/`polacy` for the sides, cards as `r7`; it keeps cards in their
//! canonical spelling (`R07`), so printing a parsed log always writes the canonical form.

use super::ast::{Event, GameLog, Tag};
use super::line::{read_line, split_clock, words_of};
use crate::engine::error::Syntax;

/// A line that is not valid notation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SyntaxError {
    pub line: usize,
    /// The line as written (trimmed).
    pub text: String,
    pub syntax: Syntax,
}

/// The lines of a text log: header tags and event lines (comments and blank lines dropped), each with
/// its number and the line as written (trimmed).
pub(crate) enum TextLine<'t> {
    Tag(&'t str),
    Event(&'t str),
}

/// `s` without surrounding white space: ASCII first (bytes, quick), then any Unicode space a phone
/// keyboard may leave.
fn trim(s: &str) -> &str {
    let t = s.trim_ascii();
    match (t.as_bytes().first(), t.as_bytes().last()) {
        (Some(a), Some(b)) if a.is_ascii() && b.is_ascii() => t,
        _ => t.trim(),
    }
}

/// Every meaningful line of `text`.
pub(crate) fn text_lines(text: &str) -> impl Iterator<Item = (usize, &str, TextLine<'_>)> {
    text.lines().enumerate().filter_map(|(i, raw)| {
        let trimmed = trim(raw);
        let bytes = trimmed.as_bytes();
        if bytes.first() == Some(&b'[') {
            return Some((i + 1, trimmed, TextLine::Tag(trimmed)));
        }
        // A comment runs from `#` to the end of the line (a byte scan: lines are short).
        let content = match bytes.iter().position(|&b| b == b'#') {
            Some(at) => trim(&trimmed[..at]),
            None => trimmed,
        };
        (!content.is_empty()).then_some((i + 1, trimmed, TextLine::Event(content)))
    })
}

/// Parse the text notation.
///
/// # Errors
/// The first line that is not valid notation.
pub fn parse(text: &str) -> Result<GameLog, SyntaxError> {
    let mut log = GameLog::default();
    // Lines average about 30 bytes: reserve once instead of growing.
    log.events.reserve((text.len() / 30).min(4096));
    let mut words: Vec<&str> = Vec::with_capacity(32);
    for (line, trimmed, kind) in text_lines(text) {
        let fail = |syntax: Syntax| SyntaxError { line, text: trimmed.to_string(), syntax };
        match kind {
            TextLine::Tag(t) => {
                if !log.events.is_empty() {
                    return Err(fail(Syntax::TagAfterEvents));
                }
                log.header.push(parse_tag(t).map_err(fail)?);
            }
            TextLine::Event(content) => {
                let (content, clock) = split_clock(content).map_err(fail)?;
                words.clear();
                words_of(content, &mut words);
                let event = read_line(&words, clock).and_then(|l| l.to_event(line)).map_err(fail)?;
                log.events.push(event);
            }
        }
    }
    Ok(log)
}

pub(crate) fn parse_tag(s: &str) -> Result<Tag, Syntax> {
    let inner = s.strip_prefix('[').and_then(|s| s.strip_suffix(']')).ok_or(Syntax::TagShape)?;
    let (name, rest) = inner.split_once(char::is_whitespace).ok_or(Syntax::TagNoValue)?;
    let rest = rest.trim();
    let quoted = rest.strip_prefix('"').and_then(|r| r.strip_suffix('"')).ok_or(Syntax::TagNotQuoted)?;
    let value = if quoted.bytes().any(|b| b == b'\\' || b == b'"') {
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
        value
    } else {
        // No escapes: the value is the text between the quotes.
        quoted.to_string()
    };
    if !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return Err(Syntax::TagName { name: name.to_string() });
    }
    Ok(Tag { name: name.to_string(), value })
}

/// One event line (without its comment) as an owned event.
pub(crate) fn parse_event(content: &str, line: usize) -> Result<Event, Syntax> {
    let (content, clock) = split_clock(content)?;
    let mut words = Vec::new();
    words_of(content, &mut words);
    read_line(&words, clock)?.to_event(line)
}

#[cfg(test)]
mod tests {
    use super::*;

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
