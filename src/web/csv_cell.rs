//! Every CSV the service writes goes through [`write`], which neutralises cells a spreadsheet would
//! run as a formula (CSV or formula injection): a player named `=HYPERLINK(...)` must reach the
//! organiser's spreadsheet as text.
//!
//! OWASP ASVS 4.0, requirement 1.2.10: "Verify that the application is protected against CSV and
//! Formula Injection. The application must follow the escaping rules defined in RFC 4180 sections
//! 2.6 and 2.7 when exporting CSV content. Additionally, when exporting to CSV or other spreadsheet
//! formats (such as XLS, XLSX, or ODF), special characters (including '=', '+', '-', '@', '\t'
//! (tab), and '\0' (null character)) must be escaped with a single quote if they appear as the
//! first character in a field value."
//!
//! We escape those and the carriage return (the OWASP CSV Injection page lists it with the tab),
//! and the line feed. RFC 4180 quoting (fields with the separator, quotes or line breaks in double
//! quotes, inner quotes doubled) is the `csv` crate's. A number such as `-3` or `-1,5` is left alone:
//! spreadsheets read it as a number, not a formula, and neutralising it would turn it into text.

use std::borrow::Cow;

/// The first characters that make a spreadsheet treat a cell as a formula (or hide one).
const TRIGGERS: [char; 7] = ['=', '+', '-', '@', '\t', '\r', '\n'];

/// The field separator of an export: `;` (what Polish spreadsheets expect) or `,`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Separator {
    #[default]
    Semicolon,
    Comma,
}

impl Separator {
    /// From the `sep` query parameter: `comma` is `,`, anything else `;`.
    #[must_use]
    pub fn from_query(sep: Option<&str>) -> Separator {
        if sep == Some("comma") { Separator::Comma } else { Separator::Semicolon }
    }

    fn byte(self) -> u8 {
        match self {
            Separator::Semicolon => b';',
            Separator::Comma => b',',
        }
    }
}

/// A plain number: optional sign, digits, optionally a decimal point or comma and more digits.
fn is_number(s: &str) -> bool {
    let digits = s.strip_prefix(['-', '+']).unwrap_or(s);
    let mut parts = digits.splitn(2, ['.', ',']);
    let whole = parts.next().unwrap_or("");
    let all_digits = |p: &str| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit());
    all_digits(whole) && parts.next().is_none_or(all_digits)
}

/// The cell as it may go into a spreadsheet: prefixed with `'` if it would otherwise start a
/// formula (numbers excepted), unchanged otherwise.
#[must_use]
pub fn neutralise(cell: &str) -> Cow<'_, str> {
    match cell.chars().next() {
        Some(c) if (TRIGGERS.contains(&c) || c == '\0') && !is_number(cell) => Cow::Owned(format!("'{cell}")),
        _ => Cow::Borrowed(cell),
    }
}

/// Write rows as CSV: UTF-8 with a byte-order mark (so spreadsheets pick the right encoding), the
/// given separator, every cell neutralised.
///
/// # Errors
/// Writing to memory fails (it does not).
pub fn write<R, C>(rows: R, sep: Separator) -> std::io::Result<Vec<u8>>
where
    R: IntoIterator,
    R::Item: IntoIterator<Item = C>,
    C: AsRef<str>,
{
    let mut writer = csv::WriterBuilder::new().delimiter(sep.byte()).flexible(true).from_writer(Vec::new());
    for row in rows {
        let cells: Vec<String> = row.into_iter().map(|c| neutralise(c.as_ref()).into_owned()).collect();
        writer.write_record(&cells)?;
    }
    let body = writer.into_inner().map_err(|e| std::io::Error::other(e.to_string()))?;
    let mut out = "\u{feff}".as_bytes().to_vec();
    out.extend(body);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formula_starts_get_a_quote_and_numbers_do_not() {
        // Expected values written by hand from ASVS 1.2.10.
        for (raw, want) in [
            ("=HYPERLINK(\"http://x\",\"y\")", "'=HYPERLINK(\"http://x\",\"y\")"),
            ("+cmd|' /C calc'!A0", "'+cmd|' /C calc'!A0"),
            ("-2+3", "'-2+3"),
            ("@SUM(A1:A9)", "'@SUM(A1:A9)"),
            ("\tx", "'\tx"),
            ("\r=1", "'\r=1"),
            ("\0", "'\0"),
            ("-", "'-"),
            ("Anna Nowak", "Anna Nowak"),
            ("", ""),
            ("a=b", "a=b"),
            ("-3", "-3"),
            ("+4", "+4"),
            ("-1,5", "-1,5"),
            ("12.5", "12.5"),
            ("1:1", "1:1"),
        ] {
            assert_eq!(neutralise(raw), want, "{raw:?}");
        }
        assert!(!is_number("-1,5,5") && !is_number("-") && !is_number("1.") && !is_number("--1"));
    }

    #[test]
    fn both_separators_neutralise_and_quote() {
        let rows = vec![vec!["=1+1", "x;y", "-7"], vec!["@a,b", "ok", "\"q\""]];
        let semi = String::from_utf8(write(rows.clone(), Separator::Semicolon).unwrap()).unwrap();
        assert_eq!(semi, "\u{feff}'=1+1;\"x;y\";-7\n'@a,b;ok;\"\"\"q\"\"\"\n");
        let comma = String::from_utf8(write(rows, Separator::Comma).unwrap()).unwrap();
        assert_eq!(comma, "\u{feff}'=1+1,x;y,-7\n\"'@a,b\",ok,\"\"\"q\"\"\"\n");
    }
}
