//! A CSV export read as a table (issue 38): its header and rows as cells, so a test names the
//! column and the line it checks ("the champion's final place") instead of searching the file.

use super::Html;

/// A CSV export (after its BOM), with either separator.
#[derive(Debug, Clone)]
pub struct Csv {
    pub header: Vec<String>,
    pub rows: Vec<Vec<String>>,
}

impl Csv {
    /// The export `page` with the separator `sep` (`';'` or `','`).
    pub fn read(page: &(impl Html + ?Sized), sep: char) -> Csv {
        let text = page.html().trim_start_matches('\u{feff}');
        let mut all: Vec<Vec<String>> = ::csv::ReaderBuilder::new()
            .delimiter(sep as u8)
            .has_headers(false)
            .flexible(true)
            .from_reader(text.as_bytes())
            .records()
            .map(|r| r.expect("a CSV record").iter().map(str::to_string).collect())
            .collect();
        assert!(!all.is_empty(), "an empty CSV");
        let header = all.remove(0);
        Csv { header, rows: all }
    }

    /// The index of `column` (a header cell); a failed test when there is none.
    pub fn index(&self, column: &str) -> usize {
        self.header
            .iter()
            .position(|h| h == column)
            .unwrap_or_else(|| panic!("{column} in {:?}", self.header))
    }

    /// Every row's cell of `column`, in order.
    pub fn column(&self, column: &str) -> Vec<&str> {
        let i = self.index(column);
        self.rows.iter().map(|r| r.get(i).map_or("", String::as_str)).collect()
    }

    /// The first row holding a cell equal to `value` (a name); a failed test when there is none.
    pub fn row_of(&self, value: &str) -> &[String] {
        self.rows
            .iter()
            .find(|r| r.iter().any(|c| c == value))
            .unwrap_or_else(|| panic!("no row with {value:?} in {self:?}"))
    }

    /// The cell of `column` on the row holding `value`.
    pub fn cell(&self, value: &str, column: &str) -> &str {
        &self.row_of(value)[self.index(column)]
    }

    /// The cell of `column` on row `n` (0: the first after the header).
    pub fn at(&self, n: usize, column: &str) -> &str {
        &self.rows[n][self.index(column)]
    }
}
