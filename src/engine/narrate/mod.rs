//! The move list in words: each line of a record told as a sentence in Polish or English, for the replay
//! and the live pages ("Czerwoni: 16 Armia maszeruje f4 → e4 i atakuje 1 Armię"). Pure: a line is first
//! resolved against the position it was played in ([`Told`], the engine's ids and what the position adds:
//! the unit that retreats, the attacker that advances, whether a set-aside card is a flank attack), then
//! worded by `pl` or `en` with the edition's names. Nothing here decides whether a line is legal.

mod en;
mod pl;

pub use pl::accusative;

use super::action::{Action, CardPlay, CardRef};
use super::error::{Awaited, DrawOccasion};
use super::ids::{CardId, CardSet, HexId, UnitId};
use super::notation::{self, Body};
use super::state::{GameState, Pending};
use crate::lang::Lang;
use crate::outcome::Side;

/// A line resolved against the position it was played in: what the sentence tells.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Told {
    Draw {
        side: Side,
        named: Vec<CardId>,
        unseen: usize,
        occasion: DrawOccasion,
    },
    Extra {
        units: [UnitId; 2],
    },
    Pass {
        side: Side,
    },
    Pillage {
        unit: UnitId,
        draw: Option<CardRef>,
    },
    Command {
        side: Side,
        unit: UnitId,
        path: Vec<HexId>,
        attack: Option<UnitId>,
    },
    Play {
        side: Side,
        card: CardId,
        play: CardPlay,
        path: Vec<HexId>,
        attack: Option<UnitId>,
    },
    Resolve {
        side: Side,
        attacker: UnitId,
        defender: UnitId,
    },
    Select {
        side: Side,
        cards: CardSet,
        unseen: u8,
    },
    /// `flank`: the attacker sets a card aside (a flank attack), otherwise the defender (fortifications).
    SetAside {
        side: Side,
        card: CardId,
        flank: bool,
    },
    Pull {
        side: Side,
        card: CardRef,
    },
    FieldFortifications {
        side: Side,
        card: CardId,
    },
    Strength {
        side: Side,
        attacker: u8,
        defender: u8,
    },
    Retreat {
        side: Side,
        unit: UnitId,
        to: HexId,
    },
    /// The winning attacker moves into `into` (`advance`) or stays.
    Advance {
        side: Side,
        unit: UnitId,
        into: Option<HexId>,
        advance: bool,
    },
    Clock {
        side: Side,
        secs: i32,
    },
    /// `side` resigns the game.
    Resign {
        side: Side,
    },
}

/// What `line` tells, played in `before`; `None` if it does not resolve against the edition (a log
/// that is not valid there is shown as written).
#[must_use]
pub fn tell(before: &GameState<'_>, line: &notation::Event) -> Option<Told> {
    let edition = before.edition();
    let mut actions = Vec::new();
    notation::expand(line, edition, &mut actions).ok()?;
    let side = line.side;
    let path = |actions: &[Action]| -> (Vec<HexId>, Option<UnitId>) {
        let mut path = Vec::new();
        let mut attack = None;
        for a in actions {
            match *a {
                Action::March { to, .. } => path.push(to),
                Action::Attack { target, .. } => attack = Some(target),
                _ => {}
            }
        }
        (path, attack)
    };
    Some(match &line.body {
        Body::Draw { .. } => {
            let named: Vec<CardId> = actions
                .iter()
                .filter_map(|a| match a {
                    Action::Draw { card: CardRef::Known(c), .. } => Some(*c),
                    _ => None,
                })
                .collect();
            let unseen = actions.len() - named.len();
            let occasion = match before.awaited() {
                Awaited::Draw { occasion, .. } => occasion,
                _ => DrawOccasion::Setup,
            };
            Told::Draw { side, named, unseen, occasion }
        }
        Body::Extra { .. } => match actions.first() {
            Some(Action::ExtraMarkers { units }) => Told::Extra { units: *units },
            _ => return None,
        },
        Body::Pass => Told::Pass { side },
        Body::Pillage { .. } => {
            let unit = actions.iter().find_map(|a| match a {
                Action::Pillage { unit } => Some(*unit),
                _ => None,
            })?;
            let draw = actions.iter().find_map(|a| match a {
                Action::Draw { card, .. } => Some(*card),
                _ => None,
            });
            Told::Pillage { unit, draw }
        }
        Body::Command { .. } => {
            let unit = actions.iter().find_map(|a| match a {
                Action::March { unit, .. } | Action::Attack { unit, .. } => Some(*unit),
                _ => None,
            })?;
            let (path, attack) = path(&actions);
            Told::Command { side, unit, path, attack }
        }
        Body::Play { .. } => {
            let (card, play) = actions.iter().find_map(|a| match a {
                Action::Play { card, play } => Some((*card, *play)),
                _ => None,
            })?;
            let (path, attack) = path(&actions);
            Told::Play { side, card, play, path, attack }
        }
        Body::Resolve { .. } => {
            let attacker = actions.iter().find_map(|a| match a {
                Action::Resolve { attacker } => Some(*attacker),
                _ => None,
            })?;
            let defender = before.attacks().find(|(a, _)| *a == attacker).map(|(_, d)| d)?;
            Told::Resolve { side, attacker, defender }
        }
        Body::Select { .. } => match actions.first() {
            Some(Action::Select { cards, unseen, .. }) => {
                Told::Select { side, cards: *cards, unseen: *unseen }
            }
            _ => return None,
        },
        Body::SetAside { .. } => match actions.first() {
            Some(Action::SetAside { card, .. }) => {
                let attacker_side = before.combat.attacker.map(|a| before.edition().unit(a).side);
                Told::SetAside { side, card: *card, flank: attacker_side == Some(side) }
            }
            _ => return None,
        },
        Body::Pull { .. } => match actions.first() {
            Some(Action::Pull { card, .. }) => Told::Pull { side, card: *card },
            _ => return None,
        },
        Body::FieldFortifications { .. } => match actions.first() {
            Some(Action::FieldFortifications { card, .. }) => Told::FieldFortifications { side, card: *card },
            _ => return None,
        },
        Body::Strength { attacker, defender } => {
            Told::Strength { side, attacker: *attacker, defender: *defender }
        }
        Body::Retreat { .. } => match actions.first() {
            Some(Action::Retreat { to }) => {
                let unit = before.combat.defender.filter(|_| matches!(before.pending, Pending::Combat(_)))?;
                Told::Retreat { side, unit, to: *to }
            }
            _ => return None,
        },
        Body::Advance | Body::Hold => {
            let unit = before.combat.attacker.filter(|_| matches!(before.pending, Pending::Combat(_)))?;
            Told::Advance { side, unit, into: before.combat.vacated, advance: line.body == Body::Advance }
        }
        Body::Clock => Told::Clock { side, secs: line.clock? },
        Body::Resign => Told::Resign { side },
    })
}

/// The line as one sentence in `lang` (its canonical notation when it does not resolve).
#[must_use]
pub fn sentence(before: &GameState<'_>, line: &notation::Event, lang: Lang) -> String {
    match tell(before, line) {
        Some(told) => match lang {
            Lang::Pl => pl::sentence(&told, before.edition()),
            Lang::En => en::sentence(&told, before.edition()),
        },
        None => notation::canonical(line, before.edition()).to_string(),
    }
}

/// How many of each unit a list of units names, in first-seen order (Na Zachód!: the same unit may
/// take two or three markers).
pub(crate) fn counted(units: &[UnitId]) -> Vec<(UnitId, usize)> {
    let mut out: Vec<(UnitId, usize)> = Vec::new();
    for u in units {
        match out.iter_mut().find(|(x, _)| x == u) {
            Some((_, n)) => *n += 1,
            None => out.push((*u, 1)),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Edition, GameState, RuleOptions, parse_log};

    /// The sentence of every line of a log, played on the built-in edition the log names.
    fn sentences(text: &str, lang: Lang) -> Vec<String> {
        let edition = Edition::builtin_for_log(text);
        let log = parse_log(text).expect("parses");
        let mut state = GameState::new(edition, RuleOptions::default());
        let mut out = Vec::new();
        for line in &log.events {
            out.push(sentence(&state, line, lang));
            state = state.apply_line(line).expect("valid");
        }
        out
    }

    const RULEBOOK: &str =
        include_str!("../../../fixtures/logs/rulebook-operational-and-fortification.bwlog");
    const UNSEEN: &str =
        include_str!("../../../fixtures/logs/rulebook-operational-and-fortification-unseen.bwlog");

    #[test]
    fn the_rulebook_game_reads_as_sentences_in_polish() {
        let s = sentences(RULEBOOK, Lang::Pl);
        let expected = [
            "Czerwoni dobierają 10 kart startowych: R01 Pułk Rewolucyjny, R02 Doborowe oddziały, R06 Manewr, \
             R09 2 Dywizja Strzelców, R10 8 Dywizja Strzelców, R11 10 Dywizja Strzelców, R12 17 Dywizja \
             Strzelców, R13 27 Dywizja Strzelców, R14 21 Dywizja Strzelców i R15 5 Dywizja Strzelców.",
        ];
        assert_eq!(s[0], expected[0].split_whitespace().collect::<Vec<_>>().join(" "));
        assert_eq!(s[2], "Czerwoni kładą dodatkowe znaczniki rozkazów na 3 Armię i 3 KawKor.");
        assert_eq!(s[3], "Czerwoni: 3 Armia maszeruje f5 → e5.");
        assert_eq!(
            s[4], "Polacy: 2 Armia atakuje czerwoną 3 Armię.",
            "both sides have a 3 Armia: the side is named"
        );
        assert_eq!(s[5], "Czerwoni: 3 KawKor maszeruje e3 i atakuje 1 Armię.");
        assert_eq!(
            s[7],
            "Czerwoni grają kartę R06 Manewr: 16 Armia dostaje 2 znaczniki rozkazów, maszeruje f4 → e4 \
             i atakuje 1 Armię."
        );
        assert_eq!(s[8], "Polacy pasują.");
        assert_eq!(s[11], "Czerwoni wybierają atak do rozstrzygnięcia: 16 Armia na 1 Armię.");
        assert_eq!(
            s[12],
            "Czerwoni wybierają do walki 4 karty: R01 Pułk Rewolucyjny, R02 Doborowe oddziały, \
             R09 2 Dywizja Strzelców i R14 21 Dywizja Strzelców."
        );
        assert_eq!(s[14], "Polacy odkładają kartę P08 1 Dywizja Piechoty Legionów (fortyfikacje).");
        assert_eq!(
            s[15],
            "Czerwoni wyciągają losowo kartę przeciwnika: P09 3 Dywizja Piechoty Legionów; wraca ona do \
             rezerwy Polaków."
        );
        assert_eq!(s[17], "Siły w walce: atakujący 8, broniący się 4.");
        assert_eq!(s[18], "Polacy: 1 Armia wycofuje się na d3.");
        assert_eq!(s[19], "Czerwoni: 16 Armia wkracza na zwolnione pole d4.");
        assert_eq!(s[20], "Czerwoni dobierają 1 kartę po walce: R16 6 Dywizja Strzelców.");
        assert_eq!(s[22], "Polakom skończył się czas (0:00).");
    }

    #[test]
    fn the_rulebook_game_reads_as_sentences_in_english() {
        let s = sentences(RULEBOOK, Lang::En);
        assert_eq!(s[2], "Red places the extra command markers on 3 Armia and 3 KawKor.");
        assert_eq!(s[4], "Poles: 2 Armia attacks the Red 3 Armia.");
        assert_eq!(
            s[7],
            "Red plays R06 Manewr: 16 Armia receives 2 command markers, marches f4 → e4 and attacks 1 Armia."
        );
        assert_eq!(s[8], "The Poles pass.");
        assert_eq!(s[14], "The Poles set aside P08 1 Dywizja Piechoty Legionów (fortifications).");
        assert_eq!(s[17], "Strengths in combat: attacker 8, defender 4.");
        assert_eq!(s[18], "Poles: 1 Armia retreats to d3.");
        assert_eq!(s[22], "The Poles' time is up (0:00).");
    }

    #[test]
    fn unseen_cards_are_counted_not_named() {
        let pl = sentences(UNSEEN, Lang::Pl);
        assert_eq!(pl[0], "Polacy dobierają 7 kart startowych.");
        assert_eq!(pl[1], "Czerwoni dobierają 10 kart startowych.");
        let en = sentences(UNSEEN, Lang::En);
        assert_eq!(en[1], "Red draws 10 opening cards.");
        assert!(pl.iter().any(|s| s.contains("i jedną niewidoczną")), "{pl:#?}");
        assert!(pl.iter().any(|s| s.contains("wyciągają losowo kartę przeciwnika (niewidoczną)")), "{pl:#?}");
    }

    #[test]
    fn every_line_of_every_valid_fixture_reads_without_notation_words() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/logs");
        let mut told = 0;
        for entry in std::fs::read_dir(dir).expect("fixtures") {
            let path = entry.expect("entry").path();
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or_default().to_string();
            if name.starts_with("invalid-") || !name.ends_with(".bwlog") {
                continue;
            }
            let text = std::fs::read_to_string(&path).expect("read");
            for lang in [Lang::Pl, Lang::En] {
                for s in sentences(&text, lang) {
                    told += 1;
                    assert!(s.ends_with('.') || s.ends_with(')'), "{name}: {s}");
                    for verb in ["command R", "command P", " march ", "set-aside", " pull ", "{"] {
                        assert!(!s.contains(verb), "{name}: notation in a sentence: {s}");
                    }
                }
            }
        }
        assert!(told > 1000, "{told} sentences");
    }
}
