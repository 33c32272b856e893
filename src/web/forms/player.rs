//! A player's registration fields and the CSV import of many players: parsed at the edge into
//! [`NewPlayer`]s, with messages that name the field (and the row) in the page's language. The
//! league's age rule (`league::eligibility`) is asked here, where the organiser can override it.
//! An import whose first row looks like a player rather than a header, and names registered
//! twice, are found here so the page can ask before anything is stored.

use crate::league::eligibility;
use crate::store::players::{NewPlayer, Player};
use crate::web::error::WebError;
use crate::web::forms::field;
use crate::web::forms::problems::Problems;
use crate::web::text::i18n::Lang;
use chrono::NaiveDate;

/// The most players one import may add.
pub const MAX_ROWS: usize = 10_000;

/// One player's fields as typed.
pub struct PlayerFields<'a> {
    pub name: &'a str,
    pub birth_date: &'a str,
    pub club: &'a str,
    pub knowledge: &'a str,
    pub age_override: bool,
}

/// Validate one player's fields, each problem beside its field (`person_name`, `birth_date`,
/// `club`, `knowledge`); the age refusal names the first day.
///
/// # Errors
/// Only an error that is not a refused value.
pub fn parse_fields(
    lang: Lang,
    first_day: NaiveDate,
    f: &PlayerFields<'_>,
    problems: &mut Problems,
) -> Result<Option<NewPlayer>, WebError> {
    let name = problems.take(lang, "person_name", field::text(lang, "person_name", f.name, 120))?;
    let birth_date = problems.take(lang, "birth_date", field::date(lang, "birth_date", f.birth_date))?;
    let club = problems.take(lang, "club", field::opt_text(lang, "club", f.club, 200))?;
    let knowledge =
        problems.take(lang, "knowledge", field::opt_int(lang, "knowledge", f.knowledge, 0, 1000))?;
    let eligible = birth_date.map(|b| eligibility::check_age(b, first_day));
    if let Some(Err(e)) = eligible
        && !f.age_override
    {
        problems.add(
            "birth_date",
            format!("{} ({} {first_day}: {})", lang.t("age_refused"), lang.t("age_on_first_day"), e.age),
        );
    }
    let (Some(name), Some(birth_date), Some(club), Some(knowledge_score), true) =
        (name, birth_date, club, knowledge, problems.is_empty())
    else {
        return Ok(None);
    };
    Ok(Some(NewPlayer {
        name,
        birth_date,
        club,
        knowledge_score,
        age_override: f.age_override && eligible.is_some_and(|e| e.is_err()),
    }))
}

/// Validate one player's fields; the first problem as the error, prefixed with the name.
///
/// # Errors
/// A field is wrong (the message names it), or the player is outside the age range without the
/// organiser's override.
pub fn parse_player(
    lang: Lang,
    first_day: NaiveDate,
    name: &str,
    birth: &str,
    club: &str,
    knowledge: &str,
    age_override: bool,
) -> Result<NewPlayer, WebError> {
    let mut problems = Problems::default();
    let fields = PlayerFields { name, birth_date: birth, club, knowledge, age_override };
    match parse_fields(lang, first_day, &fields, &mut problems)? {
        Some(p) => Ok(p),
        None => {
            let all = problems.summary(lang).join("; ");
            let who = name.trim();
            Err(WebError::BadRequest(if who.is_empty() || problems.for_field("person_name").is_some() {
                all
            } else {
                format!("{who}: {all}")
            }))
        }
    }
}

/// What the first row of an import is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FirstRow {
    /// Column names (skipped): the import help asks for one.
    Header,
    /// A player like the others (the organiser said so).
    Player,
}

fn delimiter(text: &str) -> u8 {
    if text.lines().next().unwrap_or("").contains(';') { b';' } else { b',' }
}

fn reader(text: &str) -> csv::Reader<&[u8]> {
    csv::ReaderBuilder::new()
        .delimiter(delimiter(text))
        .has_headers(false)
        .flexible(true)
        .trim(csv::Trim::All)
        .from_reader(text.as_bytes())
}

/// The first row, when it does not look like a header: its second cell is a date, as a player's
/// birth date is (a header names the column instead). Its cells joined, to show the organiser.
#[must_use]
pub fn first_row_looks_like_a_player(text: &str) -> Option<String> {
    let text = text.trim_start_matches('\u{feff}');
    let record = reader(text).records().next()?.ok()?;
    let date = record.get(1)?;
    NaiveDate::parse_from_str(date, "%Y-%m-%d").ok()?;
    Some(record.iter().collect::<Vec<_>>().join("; "))
}

fn row_label(lang: Lang) -> &'static str {
    match lang {
        Lang::Pl => "Wiersz",
        Lang::En => "Row",
    }
}

/// Parse a CSV of players (`;` or `,`), every row valid or an error naming the row as a
/// spreadsheet numbers it; with the row number of each player. At most [`MAX_ROWS`] players; every
/// cell is checked as its form field is (no control or direction characters).
///
/// # Errors
/// The first wrong row.
pub fn parse_csv_rows(
    lang: Lang,
    first_day: NaiveDate,
    text: &str,
    first: FirstRow,
) -> Result<Vec<(usize, NewPlayer)>, WebError> {
    let text = text.trim_start_matches('\u{feff}');
    // The size only: a forbidden character is refused in its cell, with the row named.
    if text.len() > field::BODY_LIMIT {
        return Err(WebError::TooLarge { limit: field::BODY_LIMIT });
    }
    let label = row_label(lang);
    let skip = usize::from(first == FirstRow::Header);
    let mut players = Vec::new();
    for (i, record) in reader(text).records().enumerate().skip(skip) {
        let row = i + 1;
        let record = record.map_err(|e| WebError::BadRequest(format!("{label} {row}: {e}")))?;
        if record.iter().all(str::is_empty) {
            continue;
        }
        let field = |n: usize| record.get(n).unwrap_or("");
        if record.len() < 3 {
            return Err(WebError::BadRequest(format!(
                "{label} {row}: {}",
                match lang {
                    Lang::Pl =>
                        "potrzebne co najmniej 3 kolumny (imię i nazwisko, data urodzenia, szkoła/klub)",
                    Lang::En => "at least 3 columns needed (name, birth date, school/club)",
                }
            )));
        }
        let player = parse_player(lang, first_day, field(0), field(1), field(2), field(3), false).map_err(
            |e| match e {
                WebError::BadRequest(m) => WebError::BadRequest(format!("{label} {row}: {m}")),
                other => other,
            },
        )?;
        players.push((row, player));
        if players.len() > MAX_ROWS {
            return Err(WebError::BadRequest(format!(
                "{}: {} {MAX_ROWS}",
                lang.t("import_csv"),
                lang.t("too_many_rows")
            )));
        }
    }
    if players.is_empty() {
        return Err(WebError::BadRequest(format!("{}: {}", lang.t("import_csv"), lang.t("no_rows"))));
    }
    Ok(players)
}

/// Parse a CSV of players whose first row is a header.
///
/// # Errors
/// As [`parse_csv_rows`].
pub fn parse_csv(lang: Lang, first_day: NaiveDate, text: &str) -> Result<Vec<NewPlayer>, WebError> {
    Ok(parse_csv_rows(lang, first_day, text, FirstRow::Header)?.into_iter().map(|(_, p)| p).collect())
}

/// A name as compared for duplicates: letters' case and spacing do not make two people.
fn same_name_key(name: &str) -> String {
    name.split_whitespace().collect::<Vec<_>>().join(" ").to_lowercase()
}

/// Names that would be registered twice: within the new rows (with their row numbers) or already
/// on the list of players; one line each, in the page's language.
#[must_use]
pub fn duplicates(lang: Lang, new: &[(usize, NewPlayer)], existing: &[Player]) -> Vec<String> {
    let mut out = Vec::new();
    let mut seen: Vec<String> = Vec::new();
    for (i, (row, p)) in new.iter().enumerate() {
        let key = same_name_key(&p.name);
        if seen.contains(&key) {
            continue;
        }
        let rows: Vec<String> = new[i..]
            .iter()
            .filter(|(_, q)| same_name_key(&q.name) == key)
            .map(|(r, _)| r.to_string())
            .collect();
        let registered = existing.iter().any(|e| !e.erased() && same_name_key(&e.name) == key);
        if rows.len() > 1 || registered {
            let mut why = Vec::new();
            if rows.len() > 1 || *row > 0 {
                why.push(format!(
                    "{} {}",
                    lang.t(if rows.len() > 1 { "rows" } else { "row" }),
                    rows.join(", ")
                ));
            }
            if registered {
                why.push(lang.t("already_registered").to_string());
            }
            out.push(format!("{} ({})", p.name, why.join("; ")));
        }
        seen.push(key);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> NaiveDate {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
    }

    #[test]
    fn a_first_row_with_a_birth_date_is_not_taken_for_a_header() {
        assert_eq!(
            first_row_looks_like_a_player("Anna Nowak;2010-03-01;LO 1\nJan Kowal;2011-01-01;LO 2").as_deref(),
            Some("Anna Nowak; 2010-03-01; LO 1")
        );
        assert_eq!(first_row_looks_like_a_player("\u{feff}imię i nazwisko;data urodzenia;szkoła\n"), None);
        let text = "Anna Nowak;2010-03-01;LO 1\nJan Kowal;2011-01-01;LO 2";
        let rows = parse_csv_rows(Lang::Pl, d("2026-05-09"), text, FirstRow::Player).unwrap();
        assert_eq!(
            rows.iter().map(|(r, p)| (*r, p.name.as_str())).collect::<Vec<_>>(),
            [(1, "Anna Nowak"), (2, "Jan Kowal")]
        );
        let rows = parse_csv_rows(Lang::Pl, d("2026-05-09"), text, FirstRow::Header).unwrap();
        assert_eq!(rows.iter().map(|(r, _)| *r).collect::<Vec<_>>(), [2]);
    }

    #[test]
    fn names_twice_are_listed_with_their_rows() {
        let text = "name;born;club\nAnna Nowak;2010-03-01;LO 1\nJan Kowal;2011-01-01;LO 2\nanna  nowak;2010-05-05;LO 3";
        let rows = parse_csv_rows(Lang::Pl, d("2026-05-09"), text, FirstRow::Header).unwrap();
        assert_eq!(duplicates(Lang::Pl, &rows, &[]), vec!["Anna Nowak (wiersze 2, 4)"]);
        assert!(duplicates(Lang::Pl, &rows[1..2], &[]).is_empty());
    }
}
