//! One edition CSV file read into rows with their line numbers, cells looked up by column name. A
//! spreadsheet saved with a Polish locale writes `;` between cells and may start with a byte-order
//! mark: both are accepted.

use super::error::Problems;
use super::spec::Provenance;
use std::collections::HashMap;

pub(super) struct Table<'a> {
    pub(super) file: &'a str,
    columns: HashMap<String, usize>,
    pub(super) rows: Vec<(usize, csv::StringRecord)>,
}

impl<'a> Table<'a> {
    /// Read the file; a missing column or an unreadable header makes the whole file unusable (`None`),
    /// a malformed row is reported and skipped.
    pub(super) fn parse(
        file: &'a str,
        contents: &str,
        required: &[&str],
        problems: &mut Problems,
    ) -> Option<Table<'a>> {
        let contents = contents.strip_prefix('\u{feff}').unwrap_or(contents);
        let header = contents.lines().find(|l| !l.trim_start().starts_with('#')).unwrap_or("");
        let delimiter = if header.contains(';') && !header.contains(',') { b';' } else { b',' };
        let mut rdr = csv::ReaderBuilder::new()
            .delimiter(delimiter)
            .trim(csv::Trim::All)
            .comment(Some(b'#'))
            .flexible(false)
            .from_reader(contents.as_bytes());
        let headers = match rdr.headers() {
            Ok(h) => h.clone(),
            Err(e) => {
                problems.add(
                    file,
                    1,
                    format!("cannot read the header row: {e}"),
                    format!("nie można odczytać wiersza nagłówka: {e}"),
                );
                return None;
            }
        };
        let columns: HashMap<String, usize> =
            headers.iter().enumerate().map(|(i, h)| (h.to_lowercase(), i)).collect();
        let missing: Vec<&str> = required.iter().copied().filter(|r| !columns.contains_key(*r)).collect();
        if !missing.is_empty() {
            let list = missing.iter().map(|m| format!("`{m}`")).collect::<Vec<_>>().join(", ");
            problems.add(
                file,
                1,
                format!("missing column {list} (the header row names the columns)"),
                format!("brak kolumny {list} (kolumny nazywa wiersz nagłówka)"),
            );
            return None;
        }
        let mut rows = Vec::new();
        for rec in rdr.records() {
            match rec {
                Ok(rec) => {
                    let line = rec.position().map_or(0, |p| p.line() as usize);
                    if !rec.iter().all(str::is_empty) {
                        check_cells(file, line, &headers, &rec, problems);
                        rows.push((line, rec));
                    }
                }
                Err(e) => {
                    let line = e.position().map_or(0, |p| p.line() as usize);
                    problems.add(file, line, format!("malformed row: {e}"), format!("błędny wiersz: {e}"));
                }
            }
        }
        Some(Table { file, columns, rows })
    }

    pub(super) fn get<'r>(&self, rec: &'r csv::StringRecord, col: &str) -> &'r str {
        self.columns.get(col).and_then(|&i| rec.get(i)).unwrap_or("")
    }

    pub(super) fn provenance(
        &self,
        line: usize,
        rec: &csv::StringRecord,
        problems: &mut Problems,
    ) -> Option<Provenance> {
        let p = self.get(rec, "provenance");
        let parsed = Provenance::parse(p);
        if parsed.is_none() {
            problems.add(
                self.file,
                line,
                format!("provenance {p:?} is not one of rulebook, reconstructed, printed"),
                format!("pochodzenie (provenance) {p:?} musi być jednym z: rulebook, reconstructed, printed"),
            );
        }
        parsed
    }

    pub(super) fn flag(
        &self,
        line: usize,
        rec: &csv::StringRecord,
        col: &str,
        problems: &mut Problems,
    ) -> Option<bool> {
        match self.get(rec, col).to_lowercase().as_str() {
            "yes" | "true" | "1" | "y" | "tak" | "t" => Some(true),
            "no" | "false" | "0" | "n" | "nie" | "" => Some(false),
            other => {
                problems.add(
                    self.file,
                    line,
                    format!("{col} {other:?} is not yes or no"),
                    format!("{col} {other:?}: wpisz yes albo no"),
                );
                None
            }
        }
    }
}

/// The most characters a cell may hold (the longest in the shipped editions is under 100).
pub(super) const MAX_CELL_CHARS: usize = 200;

/// Every cell holds text a form field could (`crate::characters`: no control or invisible
/// formatting characters) and at most [`MAX_CELL_CHARS`] characters, as every other field of the
/// service: an edition's names reach the organisers' pages and every game page.
fn check_cells(
    file: &str,
    line: usize,
    headers: &csv::StringRecord,
    rec: &csv::StringRecord,
    problems: &mut Problems,
) {
    for (i, cell) in rec.iter().enumerate() {
        let column = headers.get(i).unwrap_or("?");
        if let Some(c) = crate::characters::forbidden_char(cell, false) {
            let code = format!("U+{:04X}", u32::from(c));
            problems.add(
                file,
                line,
                format!("column `{column}` holds the character {code} (a control or invisible formatting character)"),
                format!("kolumna `{column}` zawiera znak {code} (znak sterujący lub niewidoczny znak formatowania)"),
            );
        } else if cell.chars().count() > MAX_CELL_CHARS {
            problems.add(
                file,
                line,
                format!("column `{column}` is longer than {MAX_CELL_CHARS} characters"),
                format!("kolumna `{column}` ma więcej niż {MAX_CELL_CHARS} znaków"),
            );
        }
    }
}
