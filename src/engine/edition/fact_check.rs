//! Checking the rulebook's facts (`facts.rs` names them) on the parts of an edition that loaded: one
//! message per broken fact, in English and Polish, with the file and, where one row is at fault, its line.

use super::error::Problems;
use super::facts::{RulebookFact, RulebookUnit, normalise};
use super::spec::{CardEffect, CardSpec, HexSpec, Landmark, UnitSpec};
use crate::engine::ids::{Colour, DECK_SIZE, HexId, UnitId};
use crate::outcome::Side;

/// "1 kartę", "3 karty", "29 kart": the Polish accusative after a number.
fn cards_pl(n: usize) -> String {
    let word = match (n % 10, n % 100) {
        _ if n == 1 => "kartę",
        (2..=4, tens) if !(12..=14).contains(&tens) => "karty",
        _ => "kart",
    };
    format!("{n} {word}")
}

fn colour_pl(c: Colour) -> &'static str {
    match c {
        Colour::Blue => "niebieski",
        Colour::Green => "zielony",
        Colour::Red => "czerwony",
        Colour::Yellow => "żółty",
        Colour::White => "biały",
        Colour::None => "bez koloru",
    }
}

/// The files that loaded cleanly (`None`: that part had problems of its own and is not checked).
pub(super) struct Parts<'a> {
    pub(super) units: Option<&'a [UnitSpec]>,
    /// The spaces and the line of each; only when `units` is clean too (spaces name their starting units).
    pub(super) hexes: Option<(&'a [HexSpec], &'a [usize])>,
    /// Each space's open neighbours (blocked sides removed).
    pub(super) neighbours: Option<&'a [[Option<HexId>; 6]]>,
    /// The cards and the line of each.
    pub(super) cards: Option<(&'a [CardSpec], &'a [usize])>,
}

/// The places and the unit the engine needs by role, found while checking.
pub(super) struct Found {
    pub(super) warsaw: HexId,
    pub(super) radzymin: HexId,
    pub(super) modlin: HexId,
    pub(super) defenders: UnitId,
}

const U: &str = "units.csv";
const B: &str = "board.csv";
const C: &str = "cards.csv";

/// Check every fact on the parts that loaded; `Found` when units and board are complete and sound.
pub(super) fn check(parts: &Parts<'_>, p: &mut Problems) -> Option<Found> {
    let defenders = parts.units.and_then(|units| check_units(units, p));
    let places = match (parts.units, parts.hexes) {
        (Some(units), Some((hexes, lines))) => check_board(units, hexes, lines, parts.neighbours, p),
        _ => None,
    };
    if let Some((cards, lines)) = parts.cards {
        check_cards(cards, lines, p);
    }
    let (warsaw, radzymin, modlin) = places?;
    Some(Found { warsaw, radzymin, modlin, defenders: defenders? })
}

fn find(units: &[UnitSpec], u: RulebookUnit) -> Option<&UnitSpec> {
    units.iter().find(|x| u.is(x))
}

/// Units: the six and six, the named ones on their sides, the three colours the rulebook gives.
fn check_units(units: &[UnitSpec], p: &mut Problems) -> Option<UnitId> {
    for side in Side::BOTH {
        let n = units.iter().filter(|u| u.side == side).count();
        if n != 6 {
            p.fact(
                RulebookFact::SixUnitsPerSide,
                U,
                0,
                &format!("{side} has {n}"),
                &format!("strona {} ma {n}", if side == Side::Red { "czerwona" } else { "polska" }),
            );
        }
    }
    for u in RulebookUnit::ALL.into_iter().filter(|u| *u != RulebookUnit::WarsawDefenders) {
        if find(units, u).is_none() {
            let other = units.iter().find(|x| u.names().contains(&normalise(&x.name).as_str()));
            let (en, pl) = match other {
                Some(x) => (
                    format!("{} ({}) is a {} unit here", x.name, x.code, x.side),
                    format!("tutaj {} ({}) to jednostka strony {}", x.name, x.code, side_word_pl(x.side)),
                ),
                None => (
                    format!("no {} unit is named {}", u.side(), u.polish_name()),
                    format!(
                        "żadna jednostka strony {} nie nazywa się {}",
                        side_word_pl(u.side()),
                        u.polish_name()
                    ),
                ),
            };
            p.fact(RulebookFact::NamedUnit(u), U, 0, &en, &pl);
        }
    }
    let colour_fact = |p: &mut Problems, fact, u: RulebookUnit, want: Colour| {
        if let Some(x) = find(units, u).filter(|x| x.colour != want) {
            p.fact(
                fact,
                U,
                0,
                &format!("{} ({}) is {}", x.name, x.code, x.colour.as_str()),
                &format!("{} ({}) ma kolor {}", x.name, x.code, colour_pl(x.colour)),
            );
        }
    };
    colour_fact(p, RulebookFact::SixteenthArmyGreen, RulebookUnit::Red16thArmy, Colour::Green);
    colour_fact(p, RulebookFact::FirstArmyRed, RulebookUnit::Polish1stArmy, Colour::Red);
    let fact = RulebookFact::NamedUnit(RulebookUnit::WarsawDefenders);
    let Some(d) = units.iter().find(|u| u.is_defenders) else {
        p.fact(
            fact,
            U,
            0,
            "no unit is marked as them (defenders = yes)",
            "żadna jednostka nie jest nimi oznaczona (defenders = yes)",
        );
        return None;
    };
    if !RulebookUnit::WarsawDefenders.is(d) {
        p.fact(
            fact,
            U,
            0,
            &format!("the unit marked defenders = yes is {} ({}), a {} unit", d.name, d.code, d.side),
            &format!(
                "jednostka oznaczona defenders = yes to {} ({}), strony {}",
                d.name,
                d.code,
                side_word_pl(d.side)
            ),
        );
    }
    if d.colour != Colour::None {
        p.fact(
            RulebookFact::DefendersColourless,
            U,
            0,
            &format!("{} ({}) is {}", d.name, d.code, d.colour.as_str()),
            &format!("{} ({}) ma kolor {}", d.name, d.code, colour_pl(d.colour)),
        );
    }
    (d.side == Side::Polish).then_some(d.id)
}

fn side_word_pl(side: Side) -> &'static str {
    match side {
        Side::Red => "czerwonej",
        Side::Polish => "polskiej",
    }
}

/// The board: the three places, fortified, where the rulebook puts them, and who starts in them.
fn check_board(
    units: &[UnitSpec],
    hexes: &[HexSpec],
    lines: &[usize],
    neighbours: Option<&[[Option<HexId>; 6]]>,
    p: &mut Problems,
) -> Option<(HexId, HexId, HexId)> {
    let line_of = |h: &HexSpec| lines.get(h.id.0 as usize).copied().unwrap_or(0);
    let mut place = |l: Landmark| {
        let h = hexes.iter().find(|h| h.landmark == Some(l));
        match h {
            None => p.fact(
                RulebookFact::LandmarkPresent(l),
                B,
                0,
                &format!("no space has landmark = {}", l.as_str()),
                &format!("żadne pole nie ma landmark = {}", l.as_str()),
            ),
            Some(h) if !h.fortified => p.fact(
                RulebookFact::LandmarkFortified(l),
                B,
                line_of(h),
                &format!("{} ({}) has fortified = no", h.name, h.label),
                &format!("{} ({}) ma fortified = no", h.name, h.label),
            ),
            Some(_) => {}
        }
        h
    };
    let (warsaw, radzymin, modlin) =
        (place(Landmark::Warsaw), place(Landmark::Radzymin), place(Landmark::Modlin));
    if let (Some(w), Some(r)) = (warsaw, radzymin)
        && !(r.r < w.r && east_of(r, w))
    {
        p.fact(
            RulebookFact::RadzyminNortheastOfWarsaw,
            B,
            line_of(r),
            &format!("Radzymin ({}) lies {} of Warsaw ({})", r.label, bearing(r, w).0, w.label),
            &format!("Radzymin ({}) leży {} Warszawy ({})", r.label, bearing(r, w).1, w.label),
        );
    }
    if let (Some(r), Some(m), Some(n)) = (radzymin, modlin, neighbours)
        && !n[r.id.0 as usize].contains(&Some(m.id))
    {
        let blocked = is_grid_neighbour(r, m);
        p.fact(
            RulebookFact::ModlinAdjacentToRadzymin,
            B,
            line_of(m),
            &if blocked {
                format!(
                    "the side between Modlin ({}) and Radzymin ({}) is blocked in blocked.csv",
                    m.label, r.label
                )
            } else {
                format!("Modlin ({}) does not touch Radzymin ({})", m.label, r.label)
            },
            &if blocked {
                format!(
                    "bok między Modlinem ({}) a Radzyminem ({}) jest zablokowany w blocked.csv",
                    m.label, r.label
                )
            } else {
                format!("Modlin ({}) nie styka się z Radzyminem ({})", m.label, r.label)
            },
        );
    }
    if let (Some(w), Some(m)) = (warsaw, modlin)
        && m.r >= w.r
    {
        p.fact(
            RulebookFact::ModlinNorthOfWarsaw,
            B,
            line_of(m),
            &format!("Modlin ({}) lies {} of Warsaw ({})", m.label, bearing(m, w).0, w.label),
            &format!("Modlin ({}) leży {} Warszawy ({})", m.label, bearing(m, w).1, w.label),
        );
    }
    let start = |p: &mut Problems, fact, u: RulebookUnit, at: Option<&HexSpec>, en: &str, pl: &str| {
        let (Some(unit), Some(at)) = (find(units, u), at) else { return };
        if at.start != Some(unit.id) {
            let from = hexes.iter().find(|h| h.start == Some(unit.id)).map_or("-", |h| h.label.as_str());
            p.fact(
                fact,
                B,
                line_of(at),
                &format!("{} ({}) starts at {from}, not in {en} ({})", unit.name, unit.code, at.label),
                &format!("{} ({}) zaczyna na polu {from}, nie w {pl} ({})", unit.name, unit.code, at.label),
            );
        }
    };
    start(
        p,
        RulebookFact::FirstArmyStartsInRadzymin,
        RulebookUnit::Polish1stArmy,
        radzymin,
        "Radzymin",
        "Radzyminie",
    );
    if let (Some(d), Some(w)) = (units.iter().find(|u| u.is_defenders), warsaw)
        && w.start != Some(d.id)
    {
        let from = hexes.iter().find(|h| h.start == Some(d.id)).map_or("-", |h| h.label.as_str());
        p.fact(
            RulebookFact::DefendersStartInWarsaw,
            B,
            line_of(w),
            &format!("{} ({}) start at {from}, not in Warsaw ({})", d.name, d.code, w.label),
            &format!("{} ({}) zaczynają na polu {from}, nie w Warszawie ({})", d.name, d.code, w.label),
        );
    }
    Some((warsaw?.id, radzymin?.id, modlin?.id))
}

/// Twice the horizontal pixel position in half-hex units of a pointy-top axial grid (`x = q + r/2`).
fn x2(h: &HexSpec) -> i32 {
    2 * i32::from(h.q) + i32::from(h.r)
}

fn east_of(a: &HexSpec, b: &HexSpec) -> bool {
    x2(a) > x2(b)
}

fn is_grid_neighbour(a: &HexSpec, b: &HexSpec) -> bool {
    crate::engine::ids::Direction::ALL.iter().any(|d| {
        let (dq, dr) = d.delta();
        (a.q + dq, a.r + dr) == (b.q, b.r)
    })
}

/// Where `a` lies seen from `b`, in words (English, Polish "… Warszawy").
fn bearing(a: &HexSpec, b: &HexSpec) -> (&'static str, &'static str) {
    let ns = a.r.cmp(&b.r);
    let ew = x2(a).cmp(&x2(b));
    use std::cmp::Ordering::{Equal, Greater, Less};
    match (ns, ew) {
        (Less, Greater) => ("northeast", "na północny wschód od"),
        (Less, Less) => ("northwest", "na północny zachód od"),
        (Less, Equal) => ("north", "na północ od"),
        (Greater, Greater) => ("southeast", "na południowy wschód od"),
        (Greater, Less) => ("southwest", "na południowy zachód od"),
        (Greater, Equal) => ("south", "na południe od"),
        (Equal, Greater) => ("east", "na wschód od"),
        (Equal, Less) => ("west", "na zachód od"),
        (Equal, Equal) => ("on the same space as", "na tym samym polu co"),
    }
}

/// Cards: thirty a deck, the deck colours, the Revolutionary Regiment, the Red cards, every card effect.
fn check_cards(cards: &[CardSpec], lines: &[usize], p: &mut Problems) {
    for side in Side::BOTH {
        let have: Vec<u8> = cards.iter().filter(|c| c.side == side).map(|c| c.number).collect();
        if have.len() != DECK_SIZE as usize {
            let missing: Vec<String> =
                (1..=DECK_SIZE).filter(|n| !have.contains(n)).map(|n| n.to_string()).collect();
            p.fact(
                RulebookFact::ThirtyCardsPerDeck,
                C,
                0,
                &format!("the {side} deck has {} cards (missing numbers: {})", have.len(), missing.join(" ")),
                &format!(
                    "talia {} ma {} (brak numerów: {})",
                    if side == Side::Red { "czerwona" } else { "polska" },
                    cards_pl(have.len()),
                    missing.join(" ")
                ),
            );
        }
    }
    for (c, &line) in cards.iter().zip(lines) {
        let allowed: [Colour; 3] = match c.side {
            Side::Red => [Colour::Blue, Colour::Green, Colour::White],
            Side::Polish => [Colour::Red, Colour::Yellow, Colour::White],
        };
        if !allowed.contains(&c.colour) {
            wrong_colour(p, RulebookFact::CardColours, c, line);
        }
    }
    let regiment: Vec<(&CardSpec, usize)> = cards
        .iter()
        .zip(lines.iter().copied())
        .filter(|(c, _)| {
            c.side == Side::Red
                && ["pułk rewolucyjny", "revolutionary regiment"].contains(&normalise(&c.name).as_str())
        })
        .collect();
    if regiment.is_empty() {
        p.fact(
            RulebookFact::RevolutionaryRegiment,
            C,
            0,
            "no Red card is named Pułk Rewolucyjny",
            "żadna karta czerwona nie nazywa się Pułk Rewolucyjny",
        );
    }
    for (c, line) in regiment.into_iter().filter(|(c, _)| (c.colour, c.strength) != (Colour::White, 1)) {
        p.fact(
            RulebookFact::RevolutionaryRegiment,
            C,
            line,
            &format!("red card {} {} is {}, strength {}", c.number, c.name, c.colour.as_str(), c.strength),
            &format!(
                "karta czerwona {} {} ma kolor {} i siłę {}",
                c.number,
                c.name,
                colour_pl(c.colour),
                c.strength
            ),
        );
    }
    check_red_cards(cards, lines, p);
    for e in CardEffect::ALL {
        if !cards.iter().any(|c| c.effect == Some(e)) {
            p.fact(
                RulebookFact::CardEffectPresent(e),
                C,
                0,
                &format!("no card has effect = {}", e.as_str()),
                &format!("żadna karta nie ma effect = {}", e.as_str()),
            );
        }
    }
}

/// The cards the rulebook gives to Red: Szturm and Doborowe oddziały in the Red deck, Doborowe oddziały
/// green or white. A Doborowe oddziały in the Polish deck is named once, for its deck: its colour
/// matters only once it fights for Red.
fn check_red_cards(cards: &[CardSpec], lines: &[usize], p: &mut Problems) {
    for (c, &line) in cards.iter().zip(lines) {
        let fact = match c.effect {
            Some(CardEffect::Assault) => RulebookFact::AssaultIsRed,
            Some(CardEffect::EliteTroops) => RulebookFact::EliteTroopsAreRed,
            _ => continue,
        };
        if c.side != Side::Red {
            let effect = c.effect.map_or("", CardEffect::as_str);
            p.fact(
                fact,
                C,
                line,
                &format!("{} card {} {} has effect = {effect}", c.side, c.number, c.name),
                &format!("karta {} {} {} ma effect = {effect}", side_pl(c.side), c.number, c.name),
            );
        } else if fact == RulebookFact::EliteTroopsAreRed
            && ![Colour::Green, Colour::White].contains(&c.colour)
        {
            wrong_colour(p, RulebookFact::EliteTroopsMatchGreen, c, line);
        }
    }
}

/// A card whose colour breaks `fact`: "red card 2 Doborowe oddziały is blue".
fn wrong_colour(p: &mut Problems, fact: RulebookFact, c: &CardSpec, line: usize) {
    p.fact(
        fact,
        C,
        line,
        &format!("{} card {} {} is {}", c.side, c.number, c.name, c.colour.as_str()),
        &format!("karta {} {} {} ma kolor {}", side_pl(c.side), c.number, c.name, colour_pl(c.colour)),
    );
}

/// The side as an adjective for a card ("karta czerwona" / "karta polska").
pub(super) fn side_pl(side: Side) -> &'static str {
    match side {
        Side::Red => "czerwona",
        Side::Polish => "polska",
    }
}
