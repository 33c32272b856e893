//! Parsing and validating edition CSV files. Every error names the file and line, so an organiser who
//! edits the data in a spreadsheet can find the cell.

use super::Edition;
use super::spec::{CardEffect, CardSpec, HexSpec, Landmark, Provenance, UnitSpec};
use crate::engine::ids::{CardId, Colour, DECK_SIZE, Direction, HexId, MAX_HEXES, UNIT_COUNT, UnitId};
use crate::outcome::Side;
use std::collections::HashMap;

/// A problem in edition data: file, line (0 when it concerns the whole file) and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{file}{}: {message}", if *line > 0 { format!(":{line}") } else { String::new() })]
pub struct EditionError {
    pub file: String,
    pub line: usize,
    pub message: String,
}

fn err(file: &str, line: usize, message: impl Into<String>) -> EditionError {
    EditionError { file: file.to_string(), line, message: message.into() }
}

/// One CSV file read into rows with their line numbers and looked up by column name.
struct Table<'a> {
    file: &'a str,
    columns: HashMap<String, usize>,
    rows: Vec<(usize, csv::StringRecord)>,
}

impl<'a> Table<'a> {
    fn parse(file: &'a str, contents: &str, required: &[&str]) -> Result<Table<'a>, EditionError> {
        let mut rdr = csv::ReaderBuilder::new()
            .trim(csv::Trim::All)
            .comment(Some(b'#'))
            .flexible(false)
            .from_reader(contents.as_bytes());
        let headers = rdr.headers().map_err(|e| err(file, 1, format!("cannot read the header row: {e}")))?;
        let columns: HashMap<String, usize> =
            headers.iter().enumerate().map(|(i, h)| (h.to_ascii_lowercase(), i)).collect();
        for r in required {
            if !columns.contains_key(*r) {
                return Err(err(file, 1, format!("missing column `{r}`")));
            }
        }
        let mut rows = Vec::new();
        for rec in rdr.records() {
            let rec = rec.map_err(|e| {
                let line = e.position().map_or(0, |p| p.line() as usize);
                err(file, line, format!("malformed row: {e}"))
            })?;
            let line = rec.position().map_or(0, |p| p.line() as usize);
            if rec.iter().all(str::is_empty) {
                continue;
            }
            rows.push((line, rec));
        }
        Ok(Table { file, columns, rows })
    }

    fn get<'r>(&self, rec: &'r csv::StringRecord, col: &str) -> &'r str {
        self.columns.get(col).and_then(|&i| rec.get(i)).unwrap_or("")
    }

    fn provenance(&self, line: usize, rec: &csv::StringRecord) -> Result<Provenance, EditionError> {
        let p = self.get(rec, "provenance");
        Provenance::parse(p).ok_or_else(|| {
            err(self.file, line, format!("provenance {p:?} is not one of rulebook, reconstructed, printed"))
        })
    }

    fn flag(&self, line: usize, rec: &csv::StringRecord, col: &str) -> Result<bool, EditionError> {
        match self.get(rec, col).to_ascii_lowercase().as_str() {
            "yes" | "true" | "1" | "y" => Ok(true),
            "no" | "false" | "0" | "n" | "" => Ok(false),
            other => Err(err(self.file, line, format!("{col} {other:?} is not yes or no"))),
        }
    }
}

fn file<'a>(files: &'a [(String, String)], name: &str) -> Option<&'a str> {
    files.iter().find(|(n, _)| n == name).map(|(_, c)| c.as_str())
}

const KNOWN: [&str; 5] = ["edition.csv", "units.csv", "board.csv", "blocked.csv", "cards.csv"];

pub(super) fn load(files: &[(String, String)]) -> Result<Edition, EditionError> {
    for (name, _) in files {
        if name.ends_with(".csv") && !KNOWN.contains(&name.as_str()) {
            return Err(err(name, 0, format!("unknown edition file; expected {}", KNOWN.join(", "))));
        }
    }
    let need = |name: &str| file(files, name).ok_or_else(|| err(name, 0, "file is missing"));
    let (id, name) = load_meta(need("edition.csv")?)?;
    let units = load_units(need("units.csv")?)?;
    let unit_by_code: HashMap<String, UnitId, super::Fnv> =
        units.iter().map(|u| (u.code.clone(), u.id)).collect();
    let hexes = load_board(need("board.csv")?, &unit_by_code)?;
    let hex_by_label: HashMap<String, HexId, super::Fnv> =
        hexes.iter().map(|h| (h.label.clone(), h.id)).collect();
    let coords: HashMap<(i16, i16), HexId> = hexes.iter().map(|h| ((h.q, h.r), h.id)).collect();
    let mut neighbours: Vec<[Option<HexId>; 6]> = hexes
        .iter()
        .map(|h| {
            Direction::ALL.map(|d| {
                let (dq, dr) = d.delta();
                coords.get(&(h.q + dq, h.r + dr)).copied()
            })
        })
        .collect();
    if let Some(blocked) = file(files, "blocked.csv") {
        apply_blocked(blocked, &hex_by_label, &mut neighbours)?;
    }
    let adjacent =
        neighbours.iter().map(|ns| ns.iter().flatten().fold(0u128, |m, h| m | (1u128 << h.0))).collect();
    let cards = load_cards(need("cards.csv")?, &units)?;
    let landmark = |l: Landmark| -> Result<HexId, EditionError> {
        let found: Vec<&HexSpec> = hexes.iter().filter(|h| h.landmark == Some(l)).collect();
        match found.as_slice() {
            [one] => Ok(one.id),
            [] => Err(err("board.csv", 0, format!("no space is marked {l:?}"))),
            [_, second, ..] => {
                Err(err("board.csv", 0, format!("{l:?} is marked twice (again at {})", second.label)))
            }
        }
    };
    let (warsaw, radzymin, modlin) =
        (landmark(Landmark::Warsaw)?, landmark(Landmark::Radzymin)?, landmark(Landmark::Modlin)?);
    let defenders = units
        .iter()
        .find(|u| u.is_defenders)
        .map(|u| u.id)
        .ok_or_else(|| err("units.csv", 0, "no unit is the Warsaw Defenders (defenders = yes)"))?;
    Ok(Edition {
        id,
        name,
        hexes,
        neighbours,
        adjacent,
        units,
        cards,
        warsaw,
        radzymin,
        modlin,
        defenders,
        hex_by_label,
        unit_by_code,
    })
}

fn load_meta(contents: &str) -> Result<(String, String), EditionError> {
    let t = Table::parse("edition.csv", contents, &["key", "value"])?;
    let mut id = None;
    let mut name = None;
    for (line, rec) in &t.rows {
        let value = t.get(rec, "value").to_string();
        match t.get(rec, "key") {
            "id" => id = Some(value),
            "name" => name = Some(value),
            _ => {}
        }
        let _ = line;
    }
    let id = id.filter(|s| !s.is_empty()).ok_or_else(|| err("edition.csv", 0, "no `id` row"))?;
    if !id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
        return Err(err("edition.csv", 0, format!("id {id:?} may use only letters, digits, - and _")));
    }
    Ok((id.clone(), name.unwrap_or(id)))
}

/// A notation token: letters, digits, `-`, `_`, at most `MAX_TOKEN` characters.
fn is_token(s: &str) -> bool {
    !s.is_empty()
        && s.len() <= crate::engine::notation::MAX_TOKEN
        && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

fn load_units(contents: &str) -> Result<Vec<UnitSpec>, EditionError> {
    const F: &str = "units.csv";
    let t = Table::parse(F, contents, &["code", "name", "side", "colour", "defenders", "provenance"])?;
    let mut units: Vec<UnitSpec> = Vec::new();
    for (line, rec) in &t.rows {
        let line = *line;
        let code = t.get(rec, "code").to_string();
        if !is_token(&code) {
            return Err(err(
                F,
                line,
                format!("code {code:?} must be up to 15 letters and digits (it is a notation token)"),
            ));
        }
        if code.len() == 3 && code[1..].chars().all(|c| c.is_ascii_digit()) {
            return Err(err(F, line, format!("code {code:?} looks like a card token")));
        }
        let name = t.get(rec, "name").to_string();
        if name.is_empty() {
            return Err(err(F, line, "name is empty"));
        }
        let side: Side =
            t.get(rec, "side").parse().map_err(|_| err(F, line, "side must be red or polish".to_string()))?;
        if let Some(u) = units.iter().find(|u| u.code == code || (u.name == name && u.side == side)) {
            return Err(err(F, line, format!("unit {code:?} / {name:?} repeats {:?}", u.code)));
        }
        let colour = Colour::parse(t.get(rec, "colour"))
            .ok_or_else(|| err(F, line, format!("colour {:?} is unknown", t.get(rec, "colour"))))?;
        let is_defenders = t.flag(line, rec, "defenders")?;
        if is_defenders && (side != Side::Polish || colour != Colour::None) {
            return Err(err(F, line, "the Warsaw Defenders are a Polish unit with colour none"));
        }
        if !is_defenders && matches!(colour, Colour::None | Colour::White) {
            return Err(err(F, line, "an army needs a colour (only the Warsaw Defenders have none)"));
        }
        if units.iter().any(|u| u.is_defenders) && is_defenders {
            return Err(err(F, line, "only one unit can be the Warsaw Defenders"));
        }
        let provenance = t.provenance(line, rec)?;
        if units.len() >= UNIT_COUNT {
            return Err(err(F, line, format!("more than {UNIT_COUNT} units")));
        }
        units.push(UnitSpec {
            id: UnitId(units.len() as u8),
            code,
            name,
            side,
            colour,
            is_defenders,
            provenance,
        });
    }
    for side in Side::BOTH {
        let n = units.iter().filter(|u| u.side == side).count();
        if n != 6 {
            return Err(err(F, 0, format!("{side} has {n} units; the game has 6 per side")));
        }
    }
    Ok(units)
}

fn load_board(
    contents: &str,
    units: &HashMap<String, UnitId, super::Fnv>,
) -> Result<Vec<HexSpec>, EditionError> {
    const F: &str = "board.csv";
    let t = Table::parse(
        F,
        contents,
        &["label", "col", "row", "name", "red_shading", "fortified", "landmark", "start_unit", "provenance"],
    )?;
    let mut hexes: Vec<HexSpec> = Vec::new();
    for (line, rec) in &t.rows {
        let line = *line;
        let label = t.get(rec, "label").to_string();
        if !is_token(&label) {
            return Err(err(
                F,
                line,
                format!("label {label:?} must be up to 15 letters and digits (it is a notation token)"),
            ));
        }
        if units.contains_key(&label) || CardId::parse_token(&label).is_some() || label == "none" {
            return Err(err(F, line, format!("label {label:?} clashes with a unit code or card token")));
        }
        let num = |col: &str| -> Result<i16, EditionError> {
            t.get(rec, col).parse::<i16>().ok().filter(|v| (1..=64).contains(v)).ok_or_else(|| {
                err(F, line, format!("{col} {:?} is not a number from 1 to 64", t.get(rec, col)))
            })
        };
        let (col, row) = (num("col")? - 1, num("row")? - 1);
        // "odd-r" offset layout: rows 2, 4, ... are shifted half a hex east.
        let (q, r) = (col - (row - (row & 1)) / 2, row);
        if let Some(h) = hexes.iter().find(|h| h.label == label || (h.q, h.r) == (q, r)) {
            return Err(err(
                F,
                line,
                format!("space {label:?} repeats the label or position of {:?}", h.label),
            ));
        }
        let mut name = t.get(rec, "name").to_string();
        if name.is_empty() {
            name.clone_from(&label);
        }
        let landmark = match t.get(rec, "landmark").to_ascii_lowercase().as_str() {
            "" => None,
            "warsaw" => Some(Landmark::Warsaw),
            "radzymin" => Some(Landmark::Radzymin),
            "modlin" => Some(Landmark::Modlin),
            other => {
                return Err(err(F, line, format!("landmark {other:?} is not warsaw, radzymin or modlin")));
            }
        };
        let start = match t.get(rec, "start_unit") {
            "" => None,
            code => {
                let u = units
                    .get(code)
                    .ok_or_else(|| err(F, line, format!("start_unit {code:?} is not in units.csv")))?;
                if let Some(h) = hexes.iter().find(|h| h.start == Some(*u)) {
                    return Err(err(F, line, format!("unit {code} already starts at {}", h.label)));
                }
                Some(*u)
            }
        };
        let (red_shading, fortified) = (t.flag(line, rec, "red_shading")?, t.flag(line, rec, "fortified")?);
        let provenance = t.provenance(line, rec)?;
        if hexes.len() >= MAX_HEXES {
            return Err(err(F, line, format!("more than {MAX_HEXES} spaces")));
        }
        hexes.push(HexSpec {
            id: HexId(hexes.len() as u8),
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
    }
    for (code, u) in units {
        if !hexes.iter().any(|h| h.start == Some(*u)) {
            return Err(err(F, 0, format!("unit {code} has no starting space")));
        }
    }
    Ok(hexes)
}

fn apply_blocked(
    contents: &str,
    labels: &HashMap<String, HexId, super::Fnv>,
    neighbours: &mut [[Option<HexId>; 6]],
) -> Result<(), EditionError> {
    const F: &str = "blocked.csv";
    let t = Table::parse(F, contents, &["a", "b", "provenance"])?;
    for (line, rec) in &t.rows {
        let line = *line;
        let hex = |col: &str| {
            let l = t.get(rec, col);
            labels.get(l).copied().ok_or_else(|| err(F, line, format!("space {l:?} is not in board.csv")))
        };
        let (a, b) = (hex("a")?, hex("b")?);
        t.provenance(line, rec)?;
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
            return Err(err(
                F,
                line,
                format!("{} and {} are not adjacent", t.get(rec, "a"), t.get(rec, "b")),
            ));
        }
    }
    Ok(())
}

fn load_cards(contents: &str, units: &[UnitSpec]) -> Result<Vec<CardSpec>, EditionError> {
    const F: &str = "cards.csv";
    let t =
        Table::parse(F, contents, &["side", "number", "name", "colour", "strength", "effect", "provenance"])?;
    let mut slots: Vec<Option<CardSpec>> = vec![None; 2 * DECK_SIZE as usize];
    let mut names: HashMap<String, usize> = HashMap::new();
    for (line, rec) in &t.rows {
        let line = *line;
        let side: Side =
            t.get(rec, "side").parse().map_err(|_| err(F, line, "side must be red or polish".to_string()))?;
        let number = t
            .get(rec, "number")
            .parse::<u8>()
            .ok()
            .and_then(|n| CardId::of(side, n).map(|id| (n, id)))
            .ok_or_else(|| {
                err(F, line, format!("number {:?} is not 1 to {DECK_SIZE}", t.get(rec, "number")))
            })?;
        let (number, id) = number;
        let name = t.get(rec, "name").to_string();
        if name.is_empty() {
            return Err(err(F, line, "name is empty"));
        }
        if let Some(prev) = names.insert(name.clone(), line) {
            return Err(err(F, line, format!("card name {name:?} is already used on line {prev}")));
        }
        let colour = Colour::parse(t.get(rec, "colour"))
            .filter(|c| *c == Colour::White || units.iter().any(|u| u.side == side && u.colour == *c))
            .ok_or_else(|| {
                err(
                    F,
                    line,
                    format!("colour {:?} is not white nor a colour of a {side} unit", t.get(rec, "colour")),
                )
            })?;
        let strength =
            t.get(rec, "strength").parse::<u8>().ok().filter(|s| *s <= 9).ok_or_else(|| {
                err(F, line, format!("strength {:?} is not 0 to 9", t.get(rec, "strength")))
            })?;
        let effect = match t.get(rec, "effect") {
            "" => None,
            e => Some(CardEffect::parse(e).ok_or_else(|| err(F, line, format!("effect {e:?} is unknown")))?),
        };
        let provenance = t.provenance(line, rec)?;
        let slot = &mut slots[id.0 as usize];
        if slot.is_some() {
            return Err(err(F, line, format!("{side} card number {number} appears twice")));
        }
        *slot = Some(CardSpec { id, side, name, number, colour, strength, effect, provenance });
    }
    for side in Side::BOTH {
        let n = slots.iter().flatten().filter(|c| c.side == side).count();
        if n != DECK_SIZE as usize {
            let missing: Vec<String> = (1..=DECK_SIZE)
                .filter(|k| CardId::of(side, *k).is_some_and(|id| slots[id.0 as usize].is_none()))
                .map(|k| k.to_string())
                .collect();
            return Err(err(
                F,
                0,
                format!(
                    "the {side} deck has {n} cards, not {DECK_SIZE} (missing numbers: {})",
                    missing.join(" ")
                ),
            ));
        }
    }
    Ok(slots.into_iter().flatten().collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn builtin_files() -> Vec<(String, String)> {
        super::super::BUILTIN_FILES.iter().map(|(n, c)| ((*n).to_string(), (*c).to_string())).collect()
    }

    fn with(name: &str, f: impl Fn(&str) -> String) -> Vec<(String, String)> {
        builtin_files()
            .into_iter()
            .map(|(n, c)| {
                if n == name {
                    let c2 = f(&c);
                    (n, c2)
                } else {
                    (n, c)
                }
            })
            .collect()
    }

    #[test]
    fn a_short_deck_is_refused_with_the_missing_number() {
        let files = with("cards.csv", |c| {
            c.lines().filter(|l| !l.starts_with("red,7,")).collect::<Vec<_>>().join("\n")
        });
        let e = Edition::from_files(&files).expect_err("29 Red cards");
        assert_eq!(e.file, "cards.csv");
        assert!(e.message.contains("29 cards") && e.message.contains("missing numbers: 7"), "{e}");
    }

    #[test]
    fn a_duplicate_card_name_is_refused_with_its_line() {
        let files = with("cards.csv", |c| {
            let lines: Vec<&str> = c.lines().collect();
            let name1 = lines[1].split(',').nth(2).expect("name").to_string();
            let mut out: Vec<String> = lines.iter().map(|s| (*s).to_string()).collect();
            let mut p: Vec<String> = out[2].split(',').map(str::to_string).collect();
            p[2] = name1;
            out[2] = p.join(",");
            out.join("\n")
        });
        let e = Edition::from_files(&files).expect_err("duplicate name");
        assert_eq!((e.file.as_str(), e.line), ("cards.csv", 3), "{e}");
        assert!(e.message.contains("already used on line 2"), "{e}");
    }

    #[test]
    fn warsaw_twice_is_refused() {
        let files = with("board.csv", |c| {
            c.lines()
                .map(|l| {
                    if l.contains(",radzymin,") { l.replace(",radzymin,", ",warsaw,") } else { l.to_string() }
                })
                .collect::<Vec<_>>()
                .join("\n")
        });
        let e = Edition::from_files(&files).expect_err("two Warsaws");
        assert!(e.message.contains("Warsaw is marked twice"), "{e}");
    }

    #[test]
    fn an_unknown_start_unit_and_a_shared_start_are_refused() {
        let files = with("board.csv", |c| c.replacen(",P1A,", ",P9A,", 1));
        let e = Edition::from_files(&files).expect_err("unknown unit");
        assert!(e.message.contains("\"P9A\" is not in units.csv") && e.line > 1, "{e}");
        let files = with("board.csv", |c| c.replacen(",P2A,", ",P1A,", 1));
        let e = Edition::from_files(&files).expect_err("shared start");
        assert!(e.message.contains("already starts at"), "{e}");
    }

    #[test]
    fn a_blocked_side_between_distant_spaces_is_refused() {
        let files = with("blocked.csv", |c| format!("{c}\na1,i7,reconstructed\n"));
        let e = Edition::from_files(&files).expect_err("not adjacent");
        assert!(e.message.contains("not adjacent"), "{e}");
    }

    #[test]
    fn a_missing_file_is_named() {
        let files: Vec<(String, String)> =
            builtin_files().into_iter().filter(|(n, _)| n != "units.csv").collect();
        let e = Edition::from_files(&files).expect_err("missing");
        assert_eq!(e.to_string(), "units.csv: file is missing");
    }
}
