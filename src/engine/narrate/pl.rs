//! Polish sentences. The sides are the armies as people at the table say them: "Czerwoni" and "Polacy"
//! (plural, so no sentence assumes a player's gender); a unit is the subject of what it does ("16 Armia
//! maszeruje") and goes to the accusative where it is the object ("atakuje 1 Armię"). Unit names come from
//! the edition (an organiser's upload too), so the accusative is made by [`accusative`] from the name.

use super::{Told, counted};
use crate::engine::action::{CardPlay, CardRef};
use crate::engine::edition::Edition;
use crate::engine::error::DrawOccasion;
use crate::engine::ids::{CardId, HexId, UnitId};
use crate::engine::messages::clock;
use crate::outcome::Side;

/// Polish plural: `1 karta`, `2 karty` (also 3, 4, 22 ...), `5 kart` (also 0, 12 ... 14).
fn plural<'a>(n: usize, one: &'a str, few: &'a str, many: &'a str) -> &'a str {
    let (d, h) = (n % 10, n % 100);
    if n == 1 {
        one
    } else if (2..=4).contains(&d) && !(12..=14).contains(&h) {
        few
    } else {
        many
    }
}

/// `Czerwoni` / `Polacy` (nominative plural: the subject).
fn who(s: Side) -> &'static str {
    match s {
        Side::Red => "Czerwoni",
        Side::Polish => "Polacy",
    }
}
/// `czerwoni` / `Polacy` inside a sentence (a nationality keeps its capital).
fn who_mid(s: Side) -> &'static str {
    match s {
        Side::Red => "czerwoni",
        Side::Polish => "Polacy",
    }
}
/// `czerwonych` / `Polaków` (genitive plural: whose reserve).
fn whose(s: Side) -> &'static str {
    match s {
        Side::Red => "czerwonych",
        Side::Polish => "Polaków",
    }
}

/// Words of a feminine adjective in the nominative singular (`Mozyrska`, `Czerwona`, `Uderzeniowa`):
/// their accusative ends in `-ą`. A word ending in `-a` that is not one of these is taken for a noun
/// (`Armia`, `Grupa`, `Brygada`), whose accusative ends in `-ę`.
const ADJECTIVE_ENDINGS: [&str; 9] = ["ska", "cka", "zka", "na", "owa", "ewa", "ła", "cza", "sza"];

/// The accusative of a unit's name, as an object of "atakuje", "szturmuje", "na": `1 Armia` → `1 Armię`,
/// `Grupa Mozyrska` → `Grupę Mozyrską`, `Czerwona Gwardia` → `Czerwoną Gwardię`, `Obrońcy Warszawy` →
/// `Obrońców Warszawy`; masculine inanimate and neuter names are unchanged (`3 KawKor`, `Korpus`).
///
/// A rule of thumb over the words, not a dictionary (names come from uploaded editions): feminine words in
/// `-a` change up to and including the head noun and the adjectives after it; a masculine-personal plural
/// head (`-cy`, `-owie`) takes `-ców`/`-ów` and the words after it (a genitive: `Warszawy`) stay; numbers
/// and words in other endings stay. A name it does not know reads in the nominative, never garbled.
#[must_use]
pub fn accusative(name: &str) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut head_seen = false;
    for word in name.split(' ') {
        if head_seen && plural_head(name) {
            // After a plural head: its adjectives decline (`Syberyjscy` → `Syberyjskich`), a genitive
            // complement (`Warszawy`) stays.
            let changed = match (word.strip_suffix("scy"), word.strip_suffix("ccy")) {
                (Some(stem), _) => format!("{stem}skich"),
                (_, Some(stem)) => format!("{stem}ckich"),
                _ => word.to_string(),
            };
            out.push(changed);
            continue;
        }
        let lower = word.to_lowercase();
        // Roman numerals number armies as digits do (`XV Armia`).
        let roman = !word.is_empty() && word.chars().all(|c| "IVXLCDM".contains(c));
        let letters = !roman && word.chars().any(char::is_alphabetic);
        let changed = if !letters {
            word.to_string()
        } else if let Some(stem) = word.strip_suffix("cy").filter(|_| !head_seen) {
            head_seen = true;
            format!("{stem}ców")
        } else if let Some(stem) = word.strip_suffix("owie").filter(|_| !head_seen) {
            head_seen = true;
            format!("{stem}ów")
        } else if let Some(stem) = word.strip_suffix('a') {
            if ADJECTIVE_ENDINGS.iter().any(|e| lower.ends_with(e)) {
                format!("{stem}ą")
            } else if !head_seen {
                head_seen = true;
                format!("{stem}ę")
            } else {
                // A noun after the head is a genitive complement (`Grupa Rydza`): unchanged.
                word.to_string()
            }
        } else {
            head_seen = true;
            word.to_string()
        };
        out.push(changed);
    }
    out.join(" ")
}

/// Is the name's head a masculine-personal plural (`Obrońcy Warszawy`, `Strzelcy`)? Its verbs are plural.
fn plural_head(name: &str) -> bool {
    name.split(' ')
        .find(|w| w.chars().any(|c| c.is_alphabetic() && !"IVXLCDM".contains(c)))
        .is_some_and(|w| w.ends_with("cy") || w.ends_with("owie"))
}

/// The verb in the unit's number: `maszeruje` / `maszerują`.
fn verb<'a>(e: &Edition, u: UnitId, singular: &'a str, plural: &'a str) -> &'a str {
    if plural_head(&e.unit(u).name) { plural } else { singular }
}

fn name(e: &Edition, u: UnitId) -> &str {
    &e.unit(u).name
}
fn acc(e: &Edition, u: UnitId) -> String {
    accusative(name(e, u))
}

/// An attacked unit in the accusative, with its side when the other side has a unit of the same
/// name (both have a `3 Armia`): `polską 3 Armię`, or for a name that is not feminine `3 KawKor Armii
/// Czerwonej`.
fn target_acc(e: &Edition, u: UnitId) -> String {
    let unit = e.unit(u);
    let declined = accusative(&unit.name);
    if !e.units().any(|o| o.side != unit.side && o.name == unit.name) {
        return declined;
    }
    match (declined.ends_with('ę') || declined.ends_with('ą'), unit.side) {
        (true, Side::Red) => format!("czerwoną {declined}"),
        (true, Side::Polish) => format!("polską {declined}"),
        (false, Side::Red) => format!("{declined} Armii Czerwonej"),
        (false, Side::Polish) => format!("{declined} Wojska Polskiego"),
    }
}
fn label(e: &Edition, h: HexId) -> &str {
    &e.hex(h).label
}
/// `R06 Manewr`.
fn card(e: &Edition, c: CardId) -> String {
    format!("{} {}", c.token(), e.card(c).name)
}
/// `a, b i c`.
fn and(items: &[String]) -> String {
    crate::engine::messages::list(items, "i")
}
fn cards(e: &Edition, cs: impl IntoIterator<Item = CardId>) -> String {
    and(&cs.into_iter().map(|c| card(e, c)).collect::<Vec<_>>())
}
/// `2 znaczniki rozkazów`.
fn markers(n: usize) -> String {
    format!("{n} {} rozkazów", plural(n, "znacznik", "znaczniki", "znaczników"))
}

/// `maszeruje f4 → e4`, `atakuje 1 Armię`, joined: what a commanded unit does.
fn command(e: &Edition, u: UnitId, path: &[HexId], attack: Option<UnitId>) -> Vec<String> {
    let mut parts = Vec::new();
    if !path.is_empty() {
        let steps: Vec<&str> = path.iter().map(|h| label(e, *h)).collect();
        parts.push(format!("{} {}", verb(e, u, "maszeruje", "maszerują"), steps.join(" → ")));
    }
    if let Some(t) = attack {
        parts.push(format!("{} {}", verb(e, u, "atakuje", "atakują"), target_acc(e, t)));
    }
    parts
}

/// The sentence of one resolved line.
pub(super) fn sentence(told: &Told, e: &Edition) -> String {
    let text = match told {
        Told::Draw { side, named, unseen, occasion } => {
            let n = named.len() + unseen;
            let what = match occasion {
                DrawOccasion::Setup => {
                    format!("{n} {}", plural(n, "kartę startową", "karty startowe", "kart startowych"))
                }
                DrawOccasion::Pillage => format!("{n} {} (grabież)", plural(n, "kartę", "karty", "kart")),
                DrawOccasion::AfterCombat => format!("{n} {} po walce", plural(n, "kartę", "karty", "kart")),
                DrawOccasion::Cleanup => {
                    format!("{n} {} w fazie porządkowej", plural(n, "kartę", "karty", "kart"))
                }
            };
            let mut s = format!("{} dobierają {what}", who(*side));
            if !named.is_empty() {
                let list = cards(e, named.iter().copied());
                s.push_str(&if *unseen == 0 { format!(": {list}") } else { format!(", w tym {list}") });
            }
            s
        }
        Told::Extra { units: [a, b] } if a == b => {
            format!("Czerwoni kładą oba dodatkowe znaczniki rozkazów na {}", acc(e, *a))
        }
        Told::Extra { units: [a, b] } => {
            format!("Czerwoni kładą dodatkowe znaczniki rozkazów na {} i {}", acc(e, *a), acc(e, *b))
        }
        Told::Pass { side } => format!("{} pasują", who(*side)),
        Told::Resign { side } => format!("{} poddają partię", who(*side)),
        Told::Pillage { unit, draw } => {
            let mut s = format!(
                "Czerwoni: {} {} i oddaje {}",
                name(e, *unit),
                verb(e, *unit, "grabi", "grabią"),
                markers(2)
            );
            match draw {
                Some(CardRef::Known(c)) => s.push_str(&format!("; dobrana karta: {}", card(e, *c))),
                Some(CardRef::Unseen) => s.push_str(&format!("; {} dobierają kartę", who_mid(Side::Red))),
                None => s.push_str("; talia jest pusta"),
            }
            s
        }
        Told::Command { side, unit, path, attack } => {
            format!("{}: {} {}", who(*side), name(e, *unit), and(&command(e, *unit, path, *attack)))
        }
        Told::Play { side, card: c, play, path, attack } => {
            let opp = side.opponent();
            let effect = match *play {
                CardPlay::Maneuver { unit } => {
                    let mut parts = vec![format!("{} {}", verb(e, unit, "dostaje", "dostają"), markers(2))];
                    parts.extend(command(e, unit, path, *attack));
                    format!("{} {}", name(e, unit), and(&parts))
                }
                CardPlay::GoWest { units } => and(&counted(&units)
                    .into_iter()
                    .map(|(u, n)| {
                        format!("{} {} {}", name(e, u), verb(e, u, "dostaje", "dostają"), markers(n))
                    })
                    .collect::<Vec<_>>()),
                CardPlay::Assault { target, by, retreat } => {
                    let then = match retreat {
                        Some(h) => format!("odwrót na {}", label(e, h)),
                        None => "bez pola odwrotu".to_string(),
                    };
                    format!(
                        "{} {} {}; {then}",
                        name(e, by),
                        verb(e, by, "szturmuje", "szturmują"),
                        acc(e, target)
                    )
                }
                CardPlay::FighterEscadrille { reveal, discard } => {
                    let mut s = if reveal.is_empty() {
                        format!("{} nie mają kart w rezerwie", who(opp))
                    } else {
                        format!("{} pokazują {}", who(opp), cards(e, reveal.iter()))
                    };
                    if !discard.is_empty() {
                        s.push_str(&format!(", a losowo odrzucone zostają {}", cards(e, discard.iter())));
                    }
                    s
                }
                CardPlay::ArtillerySupport { target, discard } => match discard {
                    Some(d) => format!(
                        "cel: {}; {} odrzucają {}, by uniknąć skutków",
                        name(e, target),
                        who_mid(opp),
                        card(e, d)
                    ),
                    None => format!("cel: {} (utrata znaczników rozkazów i rozproszenie)", name(e, target)),
                },
                CardPlay::RadioJamming { from, to } => format!(
                    "znaczniki rozkazów z jednostki {} przechodzą na jednostkę {}",
                    name(e, from),
                    name(e, to)
                ),
                CardPlay::BrokenCipher { look, unseen } => {
                    let n = look.len() as usize + usize::from(unseen);
                    let mut s = format!(
                        "podglądają {n} {} z rezerwy {}",
                        plural(n, "kartę", "karty", "kart"),
                        whose(opp)
                    );
                    if !look.is_empty() {
                        s.push_str(&format!(", w tym {}", cards(e, look.iter())));
                    }
                    s
                }
            };
            format!("{} grają kartę {}: {effect}", who(*side), card(e, *c))
        }
        Told::Resolve { side, attacker, defender } => format!(
            "{} wybierają atak do rozstrzygnięcia: {} na {}",
            who(*side),
            name(e, *attacker),
            acc(e, *defender)
        ),
        Told::Select { side, cards: cs, unseen } => {
            let n = cs.len() as usize + usize::from(*unseen);
            let mut items: Vec<String> = cs.iter().map(|c| card(e, c)).collect();
            if *unseen > 0 {
                items.push("jedną niewidoczną".to_string());
            }
            format!(
                "{} wybierają do walki {n} {}: {}",
                who(*side),
                plural(n, "kartę", "karty", "kart"),
                and(&items)
            )
        }
        Told::SetAside { side, card: c, flank } => format!(
            "{} odkładają kartę {} ({})",
            who(*side),
            card(e, *c),
            if *flank { "atak z flanki" } else { "fortyfikacje" }
        ),
        Told::Pull { side, card: CardRef::Known(c) } => format!(
            "{} wyciągają losowo kartę przeciwnika: {}; wraca ona do rezerwy {}",
            who(*side),
            card(e, *c),
            whose(side.opponent())
        ),
        Told::Pull { side, card: CardRef::Unseen } => format!(
            "{} wyciągają losowo kartę przeciwnika (niewidoczną); wraca ona do rezerwy {}",
            who(*side),
            whose(side.opponent())
        ),
        Told::FieldFortifications { side, card: c } => format!(
            "{} zagrywają Umocnienia polowe: karta {} wraca do rezerwy {}",
            who(*side),
            card(e, *c),
            whose(c.side())
        ),
        Told::Strength { attacker, defender, .. } => {
            format!("Siły w walce: atakujący {attacker}, broniący się {defender}")
        }
        Told::Retreat { side, unit, to } => format!(
            "{}: {} {} na {}",
            who(*side),
            name(e, *unit),
            verb(e, *unit, "wycofuje się", "wycofują się"),
            label(e, *to)
        ),
        Told::Advance { side, unit, into, advance: true } => format!(
            "{}: {} {} na zwolnione pole{}",
            who(*side),
            name(e, *unit),
            verb(e, *unit, "wkracza", "wkraczają"),
            into.map(|h| format!(" {}", label(e, h))).unwrap_or_default()
        ),
        Told::Advance { side, unit, advance: false, .. } => {
            format!(
                "{}: {} {} na swoim polu",
                who(*side),
                name(e, *unit),
                verb(e, *unit, "zostaje", "zostają")
            )
        }
        Told::Clock { side, secs } if *secs <= 0 => {
            let dative = match side {
                Side::Red => "Czerwonym",
                Side::Polish => "Polakom",
            };
            format!("{dative} skończył się czas ({})", clock(*secs))
        }
        Told::Clock { side, secs } => format!("Zegar {}: {}", whose(*side), clock(*secs)),
    };
    format!("{text}.")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unit_names_take_the_accusative() {
        for (nominative, expected) in [
            ("1 Armia", "1 Armię"),
            ("16 Armia", "16 Armię"),
            ("Grupa Mozyrska", "Grupę Mozyrską"),
            ("3 KawKor", "3 KawKor"),
            ("Obrońcy Warszawy", "Obrońców Warszawy"),
            ("Czerwona Gwardia", "Czerwoną Gwardię"),
            ("1 Armia Konna", "1 Armię Konną"),
            ("Grupa Uderzeniowa", "Grupę Uderzeniową"),
            ("Dywizja Piechoty", "Dywizję Piechoty"),
            ("Brygada Kursantów", "Brygadę Kursantów"),
            ("Korpus Kawalerii", "Korpus Kawalerii"),
            ("Strzelcy Syberyjscy", "Strzelców Syberyjskich"),
            ("XV Armia", "XV Armię"),
        ] {
            assert_eq!(accusative(nominative), expected, "{nominative}");
        }
    }

    #[test]
    fn every_unit_of_the_built_in_editions_declines() {
        for edition in Edition::builtins() {
            for u in edition.units() {
                let a = accusative(&u.name);
                assert_eq!(a.split(' ').count(), u.name.split(' ').count(), "{}", u.name);
                if u.name.ends_with("Armia") {
                    assert!(a.ends_with("Armię"), "{a}");
                }
            }
        }
    }

    #[test]
    fn the_polish_plural_follows_the_last_digits() {
        let n = |k| plural(k, "karta", "karty", "kart");
        assert_eq!(
            [n(1), n(2), n(4), n(5), n(12), n(22), n(25)],
            ["karta", "karty", "karty", "kart", "kart", "karty", "kart"]
        );
    }
}
