//! Parsing and validating edition CSV files. Every problem is collected (an organiser who uploads an
//! edition sees them all at once), each with its file and line; the rulebook's facts are checked in
//! `facts.rs` on every file that parsed cleanly.

use super::error::{EditionErrors, Problems};
use super::fact_check::{self as facts, Parts, side_pl};
use super::facts::RulebookFact;
use super::spec::{CardEffect, CardSpec, HexSpec, Landmark, UnitSpec};
use super::table::Table;
use super::{Edition, Fnv};
use crate::engine::ids::{CardId, Colour, DECK_SIZE, Direction, HexId, MAX_HEXES, UNIT_COUNT, UnitId};
use crate::outcome::Side;
use std::collections::HashMap;

fn file<'a>(files: &'a [(String, String)], name: &str) -> Option<&'a str> {
    files.iter().find(|(n, _)| n == name).map(|(_, c)| c.as_str())
}

/// The files of an edition; `blocked.csv` may be left out.
pub const FILES: [&str; 5] = ["edition.csv", "units.csv", "board.csv", "blocked.csv", "cards.csv"];

/// Rows of one file that parsed, and whether the whole file did (facts are checked only on clean files,
/// so that one typo does not also show up as a contradiction of the rulebook).
struct Loaded<T> {
    items: Vec<T>,
    /// The line of each item.
    lines: Vec<usize>,
    clean: bool,
}

impl<T> Loaded<T> {
    fn broken() -> Loaded<T> {
        Loaded { items: Vec::new(), lines: Vec::new(), clean: false }
    }
}

/// Load and check an edition; a contradiction of a fact for which `tolerated` holds is not refused.
pub(super) fn load(
    files: &[(String, String)],
    tolerated: impl Fn(RulebookFact) -> bool,
) -> Result<Edition, EditionErrors> {
    let mut p = Problems::default();
    for (name, _) in files {
        if !FILES.contains(&name.as_str()) {
            p.add(
                name,
                0,
                format!("unknown edition file; the files are {}", FILES.join(", ")),
                format!("nieznany plik edycji; pliki edycji to {}", FILES.join(", ")),
            );
        }
    }
    let need = |name: &str, p: &mut Problems| {
        let found = file(files, name);
        if found.is_none() {
            p.add(name, 0, "file is missing", "brak pliku");
        }
        found
    };
    let meta = need("edition.csv", &mut p).and_then(|c| load_meta(c, &mut p));
    let units = need("units.csv", &mut p).map(|c| load_units(c, &mut p));
    let board = need("board.csv", &mut p).map(|c| load_board(c, units.as_ref(), &mut p));
    let cards = need("cards.csv", &mut p).map(|c| load_cards(c, &mut p));
    let neighbours = board.as_ref().filter(|b| b.clean).map(|b| {
        let mut n = grid_neighbours(&b.items);
        let ok = file(files, "blocked.csv").is_none_or(|c| apply_blocked(c, &b.items, &mut n, &mut p));
        (n, ok)
    });
    let clean_units = units.as_ref().filter(|u| u.clean);
    let clean_board = board.as_ref().filter(|b| b.clean && clean_units.is_some());
    let clean_cards = cards.as_ref().filter(|c| c.clean);
    let parts = Parts {
        units: clean_units.map(|u| u.items.as_slice()),
        hexes: clean_board.map(|b| (b.items.as_slice(), b.lines.as_slice())),
        neighbours: neighbours.as_ref().filter(|(_, ok)| *ok).map(|(n, _)| n.as_slice()),
        cards: clean_cards.map(|c| (c.items.as_slice(), c.lines.as_slice())),
    };
    let found = facts::check(&parts, &mut p);
    p.0.retain(|e| !e.fact.is_some_and(&tolerated));
    if p.len() > 0 {
        // In the order an organiser reads the files: unknown files, then each file top to bottom.
        let rank = |file: &str| FILES.iter().position(|f| *f == file).map_or(0, |i| i + 1);
        p.0.sort_by_key(|e| (rank(&e.file), e.line));
        return Err(EditionErrors(p.0));
    }
    let (Some((id, name, name_pl)), Some(units), Some(board), Some(neighbours), Some(cards), Some(found)) =
        (meta, units, board, neighbours, cards, found)
    else {
        // Every missing part was reported above; this keeps the loader total all the same.
        p.add("edition.csv", 0, "the edition could not be loaded", "nie udało się wczytać edycji");
        return Err(EditionErrors(p.0));
    };
    let (hexes, neighbours, units, cards) = (board.items, neighbours.0, units.items, cards.items);
    let adjacent =
        neighbours.iter().map(|ns| ns.iter().flatten().fold(0u128, |m, h| m | (1u128 << h.0))).collect();
    let hex_by_label: HashMap<String, HexId, Fnv> = hexes.iter().map(|h| (h.label.clone(), h.id)).collect();
    let unit_by_code: HashMap<String, UnitId, Fnv> = units.iter().map(|u| (u.code.clone(), u.id)).collect();
    Ok(Edition {
        id,
        name,
        name_pl,
        hexes,
        neighbours,
        adjacent,
        units,
        cards,
        warsaw: found.warsaw,
        radzymin: found.radzymin,
        modlin: found.modlin,
        defenders: found.defenders,
        hex_by_label,
        unit_by_code,
    })
}

/// The edition's id, its name, and its Polish name when `edition.csv` gives one (`name_pl`: optional,
/// so every edition written before it loads as it did).
fn load_meta(contents: &str, p: &mut Problems) -> Option<(String, String, Option<String>)> {
    const F: &str = "edition.csv";
    let t = Table::parse(F, contents, &["key", "value"], p)?;
    // A key given twice is refused, naming both lines: the loader would otherwise take the first
    // and the organiser would never learn the second was ignored.
    let mut first_line: HashMap<String, usize> = HashMap::new();
    for (line, rec) in &t.rows {
        let key = t.get(rec, "key").to_lowercase();
        if let Some(first) = first_line.get(&key) {
            p.add(
                F,
                *line,
                format!("key `{key}` is given twice (first on line {first})"),
                format!("klucz `{key}` podano dwa razy (pierwszy raz w wierszu {first})"),
            );
        } else {
            first_line.insert(key, *line);
        }
    }
    let value = |key: &str| {
        t.rows
            .iter()
            .find(|(_, rec)| t.get(rec, "key") == key)
            .map(|(line, rec)| (*line, t.get(rec, "value")))
    };
    let Some((line, id)) = value("id").filter(|(_, v)| !v.is_empty()) else {
        p.add(
            F,
            0,
            "no `id` row (the edition's short name, e.g. my-edition-2025)",
            "brak wiersza `id` (krótka nazwa edycji, np. moja-edycja-2025)",
        );
        return None;
    };
    if id.len() > 60 || !id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
        p.add(
            F,
            line,
            format!("id {id:?} may use only letters a-z, digits, - and _ (at most 60)"),
            format!("id {id:?} może zawierać tylko litery a-z, cyfry, - i _ (najwyżej 60 znaków)"),
        );
        return None;
    }
    let name = value("name").map(|(_, v)| v).filter(|v| !v.is_empty()).unwrap_or(id);
    let name_pl = value("name_pl").map(|(_, v)| v.to_string()).filter(|v| !v.is_empty());
    Some((id.to_string(), name.to_string(), name_pl))
}

/// A notation token: letters, digits, `-`, `_`, at most `MAX_TOKEN` characters.
fn is_token(s: &str) -> bool {
    !s.is_empty()
        && s.len() <= crate::engine::notation::MAX_TOKEN
        && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

fn side_of(t: &Table<'_>, line: usize, rec: &csv::StringRecord, p: &mut Problems) -> Option<Side> {
    let s = t.get(rec, "side");
    let side = s.parse::<Side>().ok();
    if side.is_none() {
        p.add(
            t.file,
            line,
            format!("side {s:?} is not red or polish"),
            format!("strona (side) {s:?}: wpisz red albo polish"),
        );
    }
    side
}

fn load_units(contents: &str, p: &mut Problems) -> Loaded<UnitSpec> {
    const F: &str = "units.csv";
    let before = p.len();
    let Some(t) =
        Table::parse(F, contents, &["code", "name", "side", "colour", "defenders", "provenance"], p)
    else {
        return Loaded::broken();
    };
    let mut units: Vec<UnitSpec> = Vec::new();
    let mut lines = Vec::new();
    for (line, rec) in &t.rows {
        let line = *line;
        let errors = p.len();
        let code = t.get(rec, "code").to_string();
        if !is_token(&code) {
            p.add(
                F,
                line,
                format!("code {code:?} must be up to 15 letters and digits (it is a notation token)"),
                format!("kod {code:?} musi mieć najwyżej 15 liter i cyfr (to symbol w zapisie partii)"),
            );
        } else if CardId::parse_token(&code).is_some() {
            p.add(
                F,
                line,
                format!("code {code:?} looks like a card token"),
                format!("kod {code:?} wygląda jak symbol karty"),
            );
        }
        let name = t.get(rec, "name").to_string();
        if name.is_empty() {
            p.add(F, line, "name is empty", "pusta nazwa");
        }
        let side = side_of(&t, line, rec, p);
        if let Some(u) = units
            .iter()
            .find(|u| Some(u.side) == side && super::normalise(&u.name) == super::normalise(&name))
        {
            p.add(
                F,
                line,
                format!("name {name:?} repeats the unit {} of the same side", u.code),
                format!("nazwa {name:?} powtarza jednostkę {} tej samej strony", u.code),
            );
        }
        if let Some(u) = units.iter().find(|u| u.code == code) {
            p.add(
                F,
                line,
                format!("code {code:?} repeats the unit of {}", u.name),
                format!("kod {code:?} powtarza jednostkę {}", u.name),
            );
        }
        let colour_text = t.get(rec, "colour");
        let colour = Colour::parse(colour_text);
        let is_defenders = t.flag(line, rec, "defenders", p);
        match colour {
            None => p.add(
                F,
                line,
                format!("colour {colour_text:?} is unknown (blue, green, red, yellow; none for the Warsaw Defenders)"),
                format!("nieznany kolor {colour_text:?} (blue, green, red, yellow; none dla Obrońców Warszawy)"),
            ),
            Some(Colour::None | Colour::White) if is_defenders == Some(false) => p.add(
                F,
                line,
                "an army needs a colour: blue, green, red or yellow (only the Warsaw Defenders have none)",
                "armia musi mieć kolor: blue, green, red albo yellow (bez koloru są tylko Obrońcy Warszawy)",
            ),
            _ => {}
        }
        if is_defenders == Some(true) && units.iter().any(|u| u.is_defenders) {
            p.add(
                F,
                line,
                "only one unit can be the Warsaw Defenders",
                "tylko jedna jednostka może być Obrońcami Warszawy",
            );
        }
        let provenance = t.provenance(line, rec, p);
        if units.len() >= UNIT_COUNT {
            p.add(
                F,
                line,
                format!("more than {UNIT_COUNT} units"),
                format!("więcej niż {UNIT_COUNT} jednostek"),
            );
            break;
        }
        if let (true, Some(side), Some(colour), Some(is_defenders), Some(provenance)) =
            (p.len() == errors, side, colour, is_defenders, provenance)
        {
            let id = UnitId(units.len() as u8);
            units.push(UnitSpec { id, code, name, side, colour, is_defenders, provenance });
            lines.push(line);
        }
    }
    Loaded { items: units, lines, clean: p.len() == before }
}

fn load_board(contents: &str, units: Option<&Loaded<UnitSpec>>, p: &mut Problems) -> Loaded<HexSpec> {
    const F: &str = "board.csv";
    let before = p.len();
    let columns =
        ["label", "col", "row", "name", "red_shading", "fortified", "landmark", "start_unit", "provenance"];
    let Some(t) = Table::parse(F, contents, &columns, p) else {
        return Loaded::broken();
    };
    let unit_list: &[UnitSpec] = units.map_or(&[], |u| u.items.as_slice());
    // A start unit missing from a units.csv that has problems of its own is not reported twice.
    let units_clean = units.is_some_and(|u| u.clean);
    let mut hexes: Vec<HexSpec> = Vec::new();
    let mut lines = Vec::new();
    for (line, rec) in &t.rows {
        let line = *line;
        let errors = p.len();
        let label = t.get(rec, "label").to_string();
        if !is_token(&label) {
            p.add(
                F,
                line,
                format!("label {label:?} must be up to 15 letters and digits (it is a notation token)"),
                format!("etykieta {label:?} musi mieć najwyżej 15 liter i cyfr (to symbol w zapisie partii)"),
            );
        } else if unit_list.iter().any(|u| u.code == label)
            || CardId::parse_token(&label).is_some()
            || label == "none"
        {
            p.add(
                F,
                line,
                format!("label {label:?} clashes with a unit code or card token"),
                format!("etykieta {label:?} myli się z kodem jednostki albo symbolem karty"),
            );
        }
        let mut num = |col: &str| -> Option<i16> {
            let v = t.get(rec, col).parse::<i16>().ok().filter(|v| (1..=64).contains(v));
            if v.is_none() {
                p.add(
                    F,
                    line,
                    format!("{col} {:?} is not a number from 1 to 64", t.get(rec, col)),
                    format!("{col} {:?} nie jest liczbą od 1 do 64", t.get(rec, col)),
                );
            }
            v
        };
        let (col, row) = (num("col"), num("row"));
        // "odd-r" offset layout: rows 2, 4, ... are shifted half a hex east.
        let qr = col.zip(row).map(|(c, r)| {
            let (c, r) = (c - 1, r - 1);
            (c - (r - (r & 1)) / 2, r)
        });
        if let Some(h) = hexes.iter().find(|h| h.label == label || Some((h.q, h.r)) == qr) {
            p.add(
                F,
                line,
                format!("space {label:?} repeats the label or position of {:?}", h.label),
                format!("pole {label:?} powtarza etykietę albo położenie pola {:?}", h.label),
            );
        }
        let mut name = t.get(rec, "name").to_string();
        if name.is_empty() {
            name.clone_from(&label);
        }
        let landmark = match t.get(rec, "landmark").to_lowercase().as_str() {
            "" => Some(None),
            "warsaw" | "warszawa" => Some(Some(Landmark::Warsaw)),
            "radzymin" => Some(Some(Landmark::Radzymin)),
            "modlin" => Some(Some(Landmark::Modlin)),
            other => {
                p.add(
                    F,
                    line,
                    format!("landmark {other:?} is not warsaw, radzymin or modlin"),
                    format!("landmark {other:?}: wpisz warsaw, radzymin albo modlin (albo nic)"),
                );
                None
            }
        };
        if let Some(Some(l)) = landmark
            && let Some(h) = hexes.iter().find(|h| h.landmark == Some(l))
        {
            p.add(
                F,
                line,
                format!("landmark = {} appears twice (first at {})", l.as_str(), h.label),
                format!("landmark = {} występuje dwa razy (pierwszy raz na polu {})", l.as_str(), h.label),
            );
        }
        let start = match t.get(rec, "start_unit") {
            "" => Some(None),
            code => match unit_list.iter().find(|u| u.code == code) {
                Some(u) => {
                    if let Some(h) = hexes.iter().find(|h| h.start == Some(u.id)) {
                        p.add(
                            F,
                            line,
                            format!("unit {code} already starts at {}", h.label),
                            format!("jednostka {code} zaczyna już na polu {}", h.label),
                        );
                    }
                    Some(Some(u.id))
                }
                None => {
                    if units_clean {
                        p.add(
                            F,
                            line,
                            format!("start_unit {code:?} is not in units.csv"),
                            format!("start_unit {code:?}: nie ma takiej jednostki w units.csv"),
                        );
                    }
                    None
                }
            },
        };
        let red_shading = t.flag(line, rec, "red_shading", p);
        let fortified = t.flag(line, rec, "fortified", p);
        let provenance = t.provenance(line, rec, p);
        if hexes.len() >= MAX_HEXES {
            p.add(F, line, format!("more than {MAX_HEXES} spaces"), format!("więcej niż {MAX_HEXES} pól"));
            break;
        }
        if let (
            true,
            Some((q, r)),
            Some(landmark),
            Some(start),
            Some(red_shading),
            Some(fortified),
            Some(provenance),
        ) = (p.len() == errors, qr, landmark, start, red_shading, fortified, provenance)
        {
            let id = HexId(hexes.len() as u8);
            hexes.push(HexSpec {
                id,
                label,
                name,
                q,
                r,
                red_shading,
                fortified,
                landmark,
                start,
                provenance,
            });
            lines.push(line);
        }
    }
    if p.len() == before && units_clean {
        for u in unit_list {
            if !hexes.iter().any(|h| h.start == Some(u.id)) {
                p.add(
                    F,
                    0,
                    format!("unit {} has no starting space (start_unit)", u.code),
                    format!("jednostka {} nie ma pola startowego (start_unit)", u.code),
                );
            }
        }
    }
    Loaded { items: hexes, lines, clean: p.len() == before }
}

/// Each space's neighbour in each of [`Direction::ALL`] on the grid.
fn grid_neighbours(hexes: &[HexSpec]) -> Vec<[Option<HexId>; 6]> {
    let coords: HashMap<(i16, i16), HexId> = hexes.iter().map(|h| ((h.q, h.r), h.id)).collect();
    hexes
        .iter()
        .map(|h| {
            Direction::ALL.map(|d| {
                let (dq, dr) = d.delta();
                coords.get(&(h.q + dq, h.r + dr)).copied()
            })
        })
        .collect()
}

/// Close the hex sides `blocked.csv` lists; false if it had problems.
fn apply_blocked(
    contents: &str,
    hexes: &[HexSpec],
    neighbours: &mut [[Option<HexId>; 6]],
    p: &mut Problems,
) -> bool {
    const F: &str = "blocked.csv";
    let before = p.len();
    let Some(t) = Table::parse(F, contents, &["a", "b", "provenance"], p) else { return false };
    for (line, rec) in &t.rows {
        let line = *line;
        let mut hex = |col: &str| {
            let l = t.get(rec, col);
            let h = hexes.iter().find(|h| h.label == l).map(|h| h.id);
            if h.is_none() {
                p.add(
                    F,
                    line,
                    format!("space {l:?} is not in board.csv"),
                    format!("pola {l:?} nie ma w board.csv"),
                );
            }
            h
        };
        let (a, b) = (hex("a"), hex("b"));
        t.provenance(line, rec, p);
        let (Some(a), Some(b)) = (a, b) else { continue };
        let mut found = false;
        for (x, y) in [(a, b), (b, a)] {
            for n in &mut neighbours[x.0 as usize] {
                if *n == Some(y) {
                    *n = None;
                    found = true;
                }
            }
        }
        if !found {
            let (la, lb) = (t.get(rec, "a"), t.get(rec, "b"));
            p.add(
                F,
                line,
                format!("{la} and {lb} are not adjacent"),
                format!("pola {la} i {lb} nie sąsiadują ze sobą"),
            );
        }
    }
    p.len() == before
}

fn load_cards(contents: &str, p: &mut Problems) -> Loaded<CardSpec> {
    const F: &str = "cards.csv";
    let before = p.len();
    let columns = ["side", "number", "name", "colour", "strength", "effect", "provenance"];
    let Some(t) = Table::parse(F, contents, &columns, p) else {
        return Loaded::broken();
    };
    let mut slots: Vec<Option<(usize, CardSpec)>> = vec![None; 2 * DECK_SIZE as usize];
    for (line, rec) in &t.rows {
        let line = *line;
        let errors = p.len();
        let side = side_of(&t, line, rec, p);
        let number_text = t.get(rec, "number");
        let number = number_text.parse::<u8>().ok().filter(|n| (1..=DECK_SIZE).contains(n));
        if number.is_none() {
            p.add(
                F,
                line,
                format!("number {number_text:?} is not 1 to {DECK_SIZE}"),
                format!("numer {number_text:?} nie jest liczbą od 1 do {DECK_SIZE}"),
            );
        }
        // Card identity is the number; names may repeat (several copies, or the same name in both decks).
        let name = t.get(rec, "name").to_string();
        if name.is_empty() {
            p.add(F, line, "name is empty", "pusta nazwa");
        }
        let colour_text = t.get(rec, "colour");
        let colour = Colour::parse(colour_text).filter(|c| *c != Colour::None);
        if colour.is_none() {
            p.add(
                F,
                line,
                format!("colour {colour_text:?} is not a card colour (blue, green, red, yellow, white)"),
                format!("kolor {colour_text:?} nie jest kolorem karty (blue, green, red, yellow, white)"),
            );
        }
        let strength = t.get(rec, "strength").parse::<u8>().ok().filter(|s| *s <= 9);
        if strength.is_none() {
            let s = t.get(rec, "strength");
            p.add(
                F,
                line,
                format!("strength {s:?} is not 0 to 9"),
                format!("siła (strength) {s:?} nie jest liczbą od 0 do 9"),
            );
        }
        let effect = match t.get(rec, "effect") {
            "" => Some(None),
            e => {
                let parsed = CardEffect::parse(e);
                if parsed.is_none() {
                    p.add(F, line, format!("effect {e:?} is unknown"), format!("nieznany efekt {e:?}"));
                }
                parsed.map(Some)
            }
        };
        let provenance = t.provenance(line, rec, p);
        let id = side.zip(number).and_then(|(s, n)| CardId::of(s, n));
        if let (Some(id), Some(side), Some(number)) = (id, side, number)
            && let Some((prev, _)) = &slots[id.0 as usize]
        {
            p.add(
                F,
                line,
                format!("{side} card number {number} appears twice (first on line {prev})"),
                format!(
                    "karta {} numer {number} występuje dwa razy (pierwszy raz w wierszu {prev})",
                    side_pl(side)
                ),
            );
        }
        if let (
            true,
            Some(id),
            Some(side),
            Some(number),
            Some(colour),
            Some(strength),
            Some(effect),
            Some(provenance),
        ) = (p.len() == errors, id, side, number, colour, strength, effect, provenance)
        {
            let card = CardSpec { id, side, name, number, colour, strength, effect, provenance };
            slots[id.0 as usize] = Some((line, card));
        }
    }
    let clean = p.len() == before;
    let (lines, items) = slots.into_iter().flatten().unzip();
    Loaded { items, lines, clean }
}
