//! An uploaded players file turned into the CSV text the import reads: a `.xlsx` workbook (its
//! first sheet, read by calamine; dates as `dd.mm.rrrr`, whole numbers without a decimal point), or
//! a CSV file in UTF-8 (with or without the byte-order mark Excel writes) or in Windows-1250, as
//! older Polish Excel saves "CSV (rozdzielany średnikami)".

use calamine::{Data, Reader, Xlsx};
use chrono::{Days, NaiveDate};
use std::io::Cursor;

/// Why an uploaded file could not be read as a table of players.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FileProblem {
    /// The workbook could not be opened or has no sheet (the reader's words).
    Workbook(String),
}

/// The start of a ZIP archive, which an `.xlsx` workbook is.
const ZIP_MAGIC: &[u8] = b"PK\x03\x04";

/// The file's rows as CSV text (`;`-separated for a workbook).
///
/// # Errors
/// [`FileProblem::Workbook`] for a workbook calamine cannot read.
pub fn players_text(bytes: &[u8]) -> Result<String, FileProblem> {
    if bytes.starts_with(ZIP_MAGIC) {
        return workbook_text(bytes);
    }
    Ok(csv_text(bytes))
}

/// A CSV file's text: UTF-8 (a BOM dropped), else Windows-1250 (every byte is a character there).
#[must_use]
pub fn csv_text(bytes: &[u8]) -> String {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    match std::str::from_utf8(bytes) {
        Ok(text) => text.to_string(),
        Err(_) => encoding_rs::WINDOWS_1250.decode_without_bom_handling(bytes).0.into_owned(),
    }
}

/// Excel's day 0 in the 1900 date system as Excel counts it (serial 1 is 1 January 1900, with the
/// nonexistent 29 February 1900 counted, so serials from March 1900 on are days after 30 December 1899).
fn excel_epoch() -> Option<NaiveDate> {
    NaiveDate::from_ymd_opt(1899, 12, 30)
}

/// One cell as the import reads it.
fn cell_text(cell: &Data) -> String {
    match cell {
        Data::String(s) | Data::DateTimeIso(s) | Data::DurationIso(s) => s.trim().to_string(),
        Data::Int(i) => i.to_string(),
        // A whole number typed in a cell (a knowledge-test score) reads without ".0".
        #[allow(clippy::cast_possible_truncation)]
        Data::Float(f) if f.fract() == 0.0 && f.abs() < 1e15 => (*f as i64).to_string(),
        Data::Float(f) => f.to_string(),
        Data::DateTime(d) => {
            let days = d.as_f64().floor();
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
            let date =
                (days >= 0.0).then(|| excel_epoch()?.checked_add_days(Days::new(days as u64))).flatten();
            date.map_or_else(|| d.as_f64().to_string(), |date| date.format("%d.%m.%Y").to_string())
        }
        Data::Bool(b) => b.to_string(),
        Data::Error(_) | Data::Empty => String::new(),
    }
}

/// The first sheet of a workbook as `;`-separated CSV (cells quoted where they need it).
fn workbook_text(bytes: &[u8]) -> Result<String, FileProblem> {
    let mut book: Xlsx<_> =
        Xlsx::new(Cursor::new(bytes)).map_err(|e| FileProblem::Workbook(e.to_string()))?;
    let range = book
        .worksheet_range_at(0)
        .ok_or_else(|| FileProblem::Workbook("no sheet".into()))?
        .map_err(|e| FileProblem::Workbook(e.to_string()))?;
    let mut out = csv::WriterBuilder::new().delimiter(b';').flexible(true).from_writer(Vec::new());
    for row in range.rows() {
        let cells: Vec<String> = row.iter().map(cell_text).collect();
        out.write_record(&cells).map_err(|e| FileProblem::Workbook(e.to_string()))?;
    }
    let bytes = out.into_inner().map_err(|e| FileProblem::Workbook(e.to_string()))?;
    String::from_utf8(bytes).map_err(|e| FileProblem::Workbook(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_windows_1250_csv_reads_with_its_polish_letters() {
        // "Łucja Żółć;14.03.2008;SP 3" in Windows-1250: Ł A3, Ż AF, ó F3, ł B3, ć E6.
        let bytes = b"\xA3ucja \xAF\xF3\xB3\xE6;14.03.2008;SP 3\n";
        assert_eq!(csv_text(bytes), "Łucja Żółć;14.03.2008;SP 3\n");
        assert_eq!(csv_text("\u{feff}Łucja;1.2.2009;SP".as_bytes()), "Łucja;1.2.2009;SP");
    }

    #[test]
    fn an_excel_serial_date_is_its_calendar_day() {
        // 14 March 2008 is serial 39521 in Excel's 1900 system (computed in LibreOffice: =DATE(2008;3;14)).
        let d = calamine::ExcelDateTime::new(39521.0, calamine::ExcelDateTimeType::DateTime, false);
        assert_eq!(cell_text(&Data::DateTime(d)), "14.03.2008");
        assert_eq!(cell_text(&Data::Float(17.0)), "17");
    }
}
