//! The recorder's checkbox and select forms (a selection of cards, Na Zachód!'s three units, ...) put
//! together into one notation line, which then goes through the same engine step as a typed line. Only
//! word-like tokens are taken (no spaces, comments or clock braces can be smuggled in); the engine says
//! whether the line is legal.

use crate::engine::notation::UNSEEN;
use crate::outcome::Side;

/// At most this many tokens of one list (a draw of 10 is the longest).
const MAX_LIST: usize = 12;

/// A form field value that may stand as one token of the notation.
fn token(v: &str) -> Option<&str> {
    let v = v.trim();
    (!v.is_empty() && v.len() <= 24 && v.chars().all(|c| c.is_alphanumeric() || c == '-' || c == '?'))
        .then_some(v)
}

/// Every value of a repeated field, as tokens.
fn all<'a>(pairs: &'a [(String, String)], key: &str) -> Vec<&'a str> {
    pairs.iter().filter(|(k, _)| k == key).filter_map(|(_, v)| token(v)).take(MAX_LIST).collect()
}

fn one<'a>(pairs: &'a [(String, String)], key: &str) -> Option<&'a str> {
    pairs.iter().find(|(k, _)| k == key).and_then(|(_, v)| token(v))
}

/// `?` times the number in field `unseen` (0 to 10).
fn unseen(pairs: &[(String, String)]) -> Vec<&'static str> {
    let n = pairs
        .iter()
        .find(|(k, _)| k == "unseen")
        .and_then(|(_, v)| v.trim().parse::<usize>().ok())
        .unwrap_or(0);
    vec![UNSEEN; n.min(10)]
}

/// The line a compose form stands for, or `None` if the form is not one of the recorder's.
#[must_use]
pub fn line(pairs: &[(String, String)], to_act: Option<Side>) -> Option<String> {
    let kind = one(pairs, "compose")?;
    let side = one(pairs, "side").and_then(|s| s.parse::<Side>().ok()).or(to_act)?;
    let card = || one(pairs, "card");
    let mut words: Vec<&str> = vec![side.as_str()];
    match kind {
        "draw" => {
            words.push("draw");
            words.extend(all(pairs, "pick"));
            words.extend(unseen(pairs));
        }
        "extra" => {
            words.push("extra");
            words.extend([one(pairs, "u1")?, one(pairs, "u2")?]);
        }
        "select" => {
            words.push("select");
            words.extend(all(pairs, "pick"));
            words.extend(unseen(pairs));
        }
        "go-west" => words.extend([
            "play",
            card()?,
            "go-west",
            one(pairs, "u1")?,
            one(pairs, "u2")?,
            one(pairs, "u3")?,
        ]),
        "fighter-escadrille" => {
            words.extend(["play", card()?, "fighter-escadrille", "reveal"]);
            words.extend(all(pairs, "reveal"));
            words.push("discard");
            words.extend(all(pairs, "drop"));
        }
        "broken-cipher" => {
            words.extend(["play", card()?, "broken-cipher", "look"]);
            words.extend(all(pairs, "pick"));
            words.extend(unseen(pairs));
        }
        "artillery-support" => {
            words.extend(["play", card()?, "artillery-support", one(pairs, "target")?]);
            if let Some(d) = one(pairs, "discard").filter(|d| *d != "-") {
                words.extend(["discard", d]);
            }
        }
        "radio-jamming" => {
            words.extend(["play", card()?, "radio-jamming", one(pairs, "from")?, one(pairs, "to")?])
        }
        _ => return None,
    }
    Some(words.join(" "))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(p: &[(&str, &str)]) -> Vec<(String, String)> {
        p.iter().map(|(k, v)| ((*k).to_string(), (*v).to_string())).collect()
    }

    #[test]
    fn forms_become_notation_lines() {
        let sel = pairs(&[
            ("compose", "select"),
            ("pick", "R01"),
            ("pick", "R09"),
            ("pick", "R14"),
            ("unseen", "1"),
        ]);
        assert_eq!(line(&sel, Some(Side::Red)).as_deref(), Some("red select R01 R09 R14 ?"));
        let draw = pairs(&[("compose", "draw"), ("side", "polish"), ("unseen", "7")]);
        assert_eq!(line(&draw, Some(Side::Red)).as_deref(), Some("polish draw ? ? ? ? ? ? ?"));
        let art =
            pairs(&[("compose", "artillery-support"), ("card", "P02"), ("target", "R3A"), ("discard", "-")]);
        assert_eq!(line(&art, Some(Side::Polish)).as_deref(), Some("polish play P02 artillery-support R3A"));
        let fe = pairs(&[
            ("compose", "fighter-escadrille"),
            ("card", "P01"),
            ("reveal", "R03"),
            ("reveal", "R21"),
            ("drop", "R08"),
        ]);
        assert_eq!(
            line(&fe, Some(Side::Polish)).as_deref(),
            Some("polish play P01 fighter-escadrille reveal R03 R21 discard R08")
        );
    }

    #[test]
    fn nothing_but_tokens_gets_into_a_line() {
        let sneaky =
            pairs(&[("compose", "select"), ("pick", "R01 {0:00}"), ("pick", "R02#x"), ("pick", "R03")]);
        assert_eq!(line(&sneaky, Some(Side::Red)).as_deref(), Some("red select R03"));
        assert_eq!(
            line(&pairs(&[("compose", "extra"), ("u1", "R3A")]), Some(Side::Red)),
            None,
            "a unit missing"
        );
        assert_eq!(line(&pairs(&[("compose", "teleport")]), Some(Side::Red)), None);
        assert_eq!(line(&pairs(&[("event", "red pass")]), Some(Side::Red)), None);
    }
}
