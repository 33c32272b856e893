//! English sentences: "Red" (singular) and "the Poles" (plural) as subjects, units and cards by the
//! edition's (Polish) names, as the pieces are printed.

use super::{Told, counted};
use crate::engine::action::{CardPlay, CardRef};
use crate::engine::edition::Edition;
use crate::engine::error::DrawOccasion;
use crate::engine::ids::{CardId, HexId, UnitId};
use crate::engine::messages::clock;
use crate::outcome::Side;

/// The side as a subject, with its verb: `Red draws` / `The Poles draw`.
fn does(s: Side, red: &str, poles: &str) -> String {
    match s {
        Side::Red => format!("Red {red}"),
        Side::Polish => format!("The Poles {poles}"),
    }
}
/// The same inside a sentence: `Red discards` / `the Poles discard`.
fn does_mid(s: Side, red: &str, poles: &str) -> String {
    match s {
        Side::Red => format!("Red {red}"),
        Side::Polish => format!("the Poles {poles}"),
    }
}
/// `Red:` / `Poles:` before a unit's sentence.
fn label_of(s: Side) -> &'static str {
    match s {
        Side::Red => "Red",
        Side::Polish => "Poles",
    }
}
/// `Red's` / `the Poles'`.
fn whose(s: Side) -> &'static str {
    match s {
        Side::Red => "Red's",
        Side::Polish => "the Poles'",
    }
}

fn name(e: &Edition, u: UnitId) -> &str {
    &e.unit(u).name
}
/// An attacked unit's name, with its side when the other side has a unit of the same name.
fn target(e: &Edition, u: UnitId) -> String {
    let unit = e.unit(u);
    if e.units().any(|o| o.side != unit.side && o.name == unit.name) {
        format!("the {} {}", if unit.side == Side::Red { "Red" } else { "Polish" }, unit.name)
    } else {
        unit.name.clone()
    }
}
fn label(e: &Edition, h: HexId) -> &str {
    &e.hex(h).label
}
fn card(e: &Edition, c: CardId) -> String {
    format!("{} {}", c.token(), e.card(c).name)
}
fn and(items: &[String]) -> String {
    crate::engine::messages::list(items, "and")
}
fn cards(e: &Edition, cs: impl IntoIterator<Item = CardId>) -> String {
    and(&cs.into_iter().map(|c| card(e, c)).collect::<Vec<_>>())
}
fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}
fn markers(n: usize) -> String {
    count(n, "command marker", "command markers")
}

fn command(e: &Edition, path: &[HexId], attack: Option<UnitId>) -> Vec<String> {
    let mut parts = Vec::new();
    if !path.is_empty() {
        let steps: Vec<&str> = path.iter().map(|h| label(e, *h)).collect();
        parts.push(format!("marches {}", steps.join(" → ")));
    }
    if let Some(t) = attack {
        parts.push(format!("attacks {}", target(e, t)));
    }
    parts
}

pub(super) fn sentence(told: &Told, e: &Edition) -> String {
    let text = match told {
        Told::Draw { side, named, unseen, occasion } => {
            let n = named.len() + unseen;
            let what = match occasion {
                DrawOccasion::Setup => count(n, "opening card", "opening cards"),
                DrawOccasion::Pillage => format!("{} (pillage)", count(n, "card", "cards")),
                DrawOccasion::AfterCombat => format!("{} after the combat", count(n, "card", "cards")),
                DrawOccasion::Cleanup => format!("{} in the clean-up phase", count(n, "card", "cards")),
            };
            let mut s = does(*side, "draws", "draw") + " " + &what;
            if !named.is_empty() {
                let list = cards(e, named.iter().copied());
                s.push_str(&if *unseen == 0 { format!(": {list}") } else { format!(", among them {list}") });
            }
            s
        }
        Told::Extra { units: [a, b] } if a == b => {
            format!("Red places both extra command markers on {}", name(e, *a))
        }
        Told::Extra { units: [a, b] } => {
            format!("Red places the extra command markers on {} and {}", name(e, *a), name(e, *b))
        }
        Told::Pass { side } => does(*side, "passes", "pass"),
        Told::Resign { side } => does(*side, "resigns the game", "resign the game"),
        Told::Pillage { unit, draw } => {
            let mut s = format!("Red: {} pillages, giving up {}", name(e, *unit), markers(2));
            match draw {
                Some(CardRef::Known(c)) => s.push_str(&format!("; card drawn: {}", card(e, *c))),
                Some(CardRef::Unseen) => s.push_str("; Red draws a card"),
                None => s.push_str("; the deck is empty"),
            }
            s
        }
        Told::Command { side, unit, path, attack } => {
            format!("{}: {} {}", label_of(*side), name(e, *unit), and(&command(e, path, *attack)))
        }
        Told::Play { side, card: c, play, path, attack } => {
            let opp = side.opponent();
            let effect = match *play {
                CardPlay::Maneuver { unit } => {
                    let mut parts = vec![format!("receives {}", markers(2))];
                    parts.extend(command(e, path, *attack));
                    format!("{} {}", name(e, unit), and(&parts))
                }
                CardPlay::GoWest { units } => and(&counted(&units)
                    .into_iter()
                    .map(|(u, n)| format!("{} receives {}", name(e, u), markers(n)))
                    .collect::<Vec<_>>()),
                CardPlay::Assault { target, by, retreat } => {
                    let then = match retreat {
                        Some(h) => format!("retreat to {}", label(e, h)),
                        None => "no retreat space".to_string(),
                    };
                    format!("{} storms {}; {then}", name(e, by), name(e, target))
                }
                CardPlay::FighterEscadrille { reveal, discard } => {
                    let mut s = if reveal.is_empty() {
                        does(opp, "has no cards in reserve", "have no cards in reserve")
                    } else {
                        does(opp, "reveals", "reveal") + " " + &cards(e, reveal.iter())
                    };
                    if !discard.is_empty() {
                        s.push_str(&format!(", and {} are discarded at random", cards(e, discard.iter())));
                    }
                    s
                }
                CardPlay::ArtillerySupport { target, discard } => match discard {
                    Some(d) => format!(
                        "target: {}; {} {} to avoid the effect",
                        name(e, target),
                        does_mid(opp, "discards", "discard"),
                        card(e, d)
                    ),
                    None => {
                        format!("target: {} (loses its command markers and is dispersed)", name(e, target))
                    }
                },
                CardPlay::RadioJamming { from, to } => {
                    format!("the command markers of {} move to {}", name(e, from), name(e, to))
                }
                CardPlay::BrokenCipher { look, unseen } => {
                    let n = look.len() as usize + usize::from(unseen);
                    let mut s = format!("looks at {} of {} reserve", count(n, "card", "cards"), whose(opp));
                    if !look.is_empty() {
                        s.push_str(&format!(", among them {}", cards(e, look.iter())));
                    }
                    s
                }
            };
            format!("{} {}: {effect}", does(*side, "plays", "play"), card(e, *c))
        }
        Told::Resolve { side, attacker, defender } => format!(
            "{} the attack of {} on {}",
            does(*side, "resolves", "resolve"),
            name(e, *attacker),
            name(e, *defender)
        ),
        Told::Select { side, cards: cs, unseen } => {
            let n = cs.len() as usize + usize::from(*unseen);
            let mut items: Vec<String> = cs.iter().map(|c| card(e, c)).collect();
            if *unseen > 0 {
                items.push("one unseen".to_string());
            }
            format!("{} {}: {}", does(*side, "commits", "commit"), count(n, "card", "cards"), and(&items))
        }
        Told::SetAside { side, card: c, flank } => format!(
            "{} {} ({})",
            does(*side, "sets aside", "set aside"),
            card(e, *c),
            if *flank { "flank attack" } else { "fortifications" }
        ),
        Told::Pull { side, card: CardRef::Known(c) } => format!(
            "{} one of the opponent's cards at random: {}; it goes back to {} reserve",
            does(*side, "draws", "draw"),
            card(e, *c),
            whose(side.opponent())
        ),
        Told::Pull { side, card: CardRef::Unseen } => format!(
            "{} one of the opponent's cards at random (unseen); it goes back to {} reserve",
            does(*side, "draws", "draw"),
            whose(side.opponent())
        ),
        Told::FieldFortifications { side, card: c } => format!(
            "{} Field fortifications: {} goes back to {} reserve",
            does(*side, "plays", "play"),
            card(e, *c),
            whose(c.side())
        ),
        Told::Strength { attacker, defender, .. } => {
            format!("Strengths in combat: attacker {attacker}, defender {defender}")
        }
        Told::Retreat { side, unit, to } => {
            format!("{}: {} retreats to {}", label_of(*side), name(e, *unit), label(e, *to))
        }
        Told::Advance { side, unit, into, advance: true } => format!(
            "{}: {} advances into the vacated space{}",
            label_of(*side),
            name(e, *unit),
            into.map(|h| format!(" {}", label(e, h))).unwrap_or_default()
        ),
        Told::Advance { side, unit, advance: false, .. } => {
            format!("{}: {} holds its space", label_of(*side), name(e, *unit))
        }
        Told::Clock { side, secs } if *secs <= 0 => {
            let mut s = format!("{} time is up ({})", whose(*side), clock(*secs));
            if let Some(first) = s.get(..1) {
                s = first.to_uppercase() + &s[1..];
            }
            s
        }
        Told::Clock { side, secs } => {
            let mut s = format!("{} clock: {}", whose(*side), clock(*secs));
            if let Some(first) = s.get(..1) {
                s = first.to_uppercase() + &s[1..];
            }
            s
        }
    };
    format!("{text}.")
}
