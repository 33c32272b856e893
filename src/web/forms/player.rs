//! A player's registration fields and the CSV import of many players: parsed at the edge into
//! [`NewPlayer`]s, with messages that name the field (and the row) in the page's language. The
//! league's age rule (`league::eligibility`) is asked here, where the organiser can override it.
//! An import whose first row looks like a player rather than a header, and names registered
//! twice, are found here so the page can ask before anything is stored.

use crate::league::eligibility;
use crate::league::season::{Eligibility, Ineligible};
use crate::store::players::{NewPlayer, Player};
use crate::web::forms::field::{self, FieldProblem, ProblemKind};
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
    /// The region as typed (empty: none).
    pub region: &'a str,
    /// The season's regions the typed one must be (folded: `Slaskie` is `śląskie`); empty
    /// outside a season, where the region is kept as typed.
    pub regions: &'a [String],
}

/// Validate one player's fields, every problem with its field (`person_name`, `birth_date`,
/// `club`, `knowledge`); the age refusal names the first day.
///
/// # Errors
/// Every refused field, in the form's order (the age rule last, beside the birth date).
pub fn parse_fields(rule: Eligibility, f: &PlayerFields<'_>) -> Result<NewPlayer, Vec<FieldProblem>> {
    let mut problems = Vec::new();
    let name = keep(
        &mut problems,
        crate::web::forms::values::Name::parse("person_name", f.name)
            .map(crate::web::forms::values::Name::into_string),
    );
    let birth_date = keep(&mut problems, field::date("birth_date", f.birth_date));
    let club = keep(&mut problems, field::opt_text("club", f.club, 200));
    let knowledge = keep(&mut problems, field::opt_int("knowledge", f.knowledge, 0, 1000));
    let region = keep(&mut problems, region(f));
    let eligible = birth_date.map(|b| rule.check(b));
    if let Some(Err(e)) = eligible
        && !f.age_override
    {
        let kind = match e {
            // The league's own rule, said as it always was.
            Ineligible::Age { age, on, min, max } if (min..=max) == eligibility::AGE_RANGE => {
                ProblemKind::AgeOutOfRange { first_day: on, age }
            }
            other => ProblemKind::Ineligible(other),
        };
        problems.push(FieldProblem::new("birth_date", kind));
    }
    match (name, birth_date, club, knowledge, region) {
        (Some(name), Some(birth_date), Some(club), Some(knowledge_score), Some(region))
            if problems.is_empty() =>
        {
            Ok(NewPlayer {
                name,
                birth_date,
                club,
                region,
                knowledge_score,
                age_override: f.age_override && eligible.is_some_and(|e| e.is_err()),
                person: crate::store::players::PersonLink::Match,
            })
        }
        _ => Err(problems),
    }
}

/// The typed region as the season names it (`region`): none typed is none; in a season, one of
/// its regions (`league::season::region_named`) or refused; outside one, as typed.
fn region(f: &PlayerFields<'_>) -> Result<String, FieldProblem> {
    let typed = field::opt_text("region", f.region, 100)?;
    if typed.is_empty() || f.regions.is_empty() {
        return Ok(typed);
    }
    crate::league::season::region_named(f.regions, &typed)
        .map(str::to_string)
        .ok_or_else(|| FieldProblem::new("region", ProblemKind::NotARegion))
}

/// A parsed value, or its problem added to `problems`.
fn keep<T>(problems: &mut Vec<FieldProblem>, parsed: Result<T, FieldProblem>) -> Option<T> {
    parsed.map_err(|p| problems.push(p)).ok()
}

/// Why an import was refused (said by `web::text::refusals::import_problem`, naming the row as a
/// spreadsheet numbers it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ImportProblem {
    /// Over the one body limit (a 413).
    TooLarge,
    /// The CSV reader could not read the row (its words).
    Unreadable { row: usize, error: String },
    /// Fewer than the three columns needed.
    TooFewColumns { row: usize },
    /// The row's player, refused field by field (`name` as typed).
    Player { row: usize, name: String, problems: Vec<FieldProblem> },
    /// More than [`MAX_ROWS`] players.
    TooManyRows,
    /// No player at all.
    NoRows,
}

/// What the first row of an import is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FirstRow {
    /// Column names (skipped): the import help asks for one.
    Header,
    /// A player like the others (the organiser said so).
    Player,
}

/// The separator of the first line: a semicolon (Polish Excel), a tab (a copied spreadsheet), else a comma.
fn delimiter(text: &str) -> u8 {
    let first = text.lines().next().unwrap_or("");
    if first.contains(';') {
        b';'
    } else if first.contains('\t') {
        b'\t'
    } else {
        b','
    }
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
    field::parse_date(record.get(1)?)?;
    Some(record.iter().collect::<Vec<_>>().join("; "))
}

/// Parse a CSV of players (`;`, `,` or a tab), every row valid or every wrong one named as a
/// spreadsheet numbers it (all of them at once: the organiser fixes the file once); with the row
/// number of each player. At most [`MAX_ROWS`] players; every cell is checked as its form field is
/// (no control or direction characters).
///
/// # Errors
/// Every wrong row; or too many rows, or none.
pub fn parse_csv_rows(
    rule: Eligibility,
    regions: &[String],
    text: &str,
    first: FirstRow,
) -> Result<Vec<(usize, NewPlayer)>, Vec<ImportProblem>> {
    let text = text.trim_start_matches('\u{feff}');
    // The size only: a forbidden character is refused in its cell, with the row named.
    if text.len() > field::BODY_LIMIT {
        return Err(vec![ImportProblem::TooLarge]);
    }
    let skip = usize::from(first == FirstRow::Header);
    // The optional region column, named `region` or `województwo` in the header (any case,
    // diacritics or none).
    let region_column = if first == FirstRow::Header {
        reader(text).records().next().and_then(Result::ok).and_then(|header| {
            header.iter().position(|h| {
                let h = crate::league::persons::fold(h);
                h == "region" || h == "wojewodztwo"
            })
        })
    } else {
        None
    };
    let mut players = Vec::new();
    let mut problems = Vec::new();
    for (i, record) in reader(text).records().enumerate().skip(skip) {
        let row = i + 1;
        let record = match record {
            Ok(r) => r,
            Err(e) => {
                problems.push(ImportProblem::Unreadable { row, error: e.to_string() });
                continue;
            }
        };
        if record.iter().all(str::is_empty) {
            continue;
        }
        let cell = |n: usize| record.get(n).unwrap_or("");
        if record.len() < 3 {
            problems.push(ImportProblem::TooFewColumns { row });
            continue;
        }
        let fields = PlayerFields {
            name: cell(0),
            birth_date: cell(1),
            club: cell(2),
            // The fourth column is the knowledge test's unless the header names it the region.
            knowledge: if region_column == Some(3) { "" } else { cell(3) },
            age_override: false,
            region: region_column.map_or("", cell),
            regions,
        };
        match parse_fields(rule, &fields) {
            Ok(player) => players.push((row, player)),
            Err(refused) => {
                problems.push(ImportProblem::Player { row, name: cell(0).to_string(), problems: refused });
            }
        }
        if players.len() + problems.len() > MAX_ROWS {
            return Err(vec![ImportProblem::TooManyRows]);
        }
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    if players.is_empty() {
        return Err(vec![ImportProblem::NoRows]);
    }
    Ok(players)
}

/// Parse a CSV of players whose first row is a header.
///
/// # Errors
/// As [`parse_csv_rows`].
pub fn parse_csv(first_day: NaiveDate, text: &str) -> Result<Vec<NewPlayer>, Vec<ImportProblem>> {
    Ok(parse_csv_rows(Eligibility::outside_a_season(first_day), &[], text, FirstRow::Header)?
        .into_iter()
        .map(|(_, p)| p)
        .collect())
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
    fn a_season_admits_by_its_birth_years_and_outside_one_the_league_age_rule_is_said_as_before() {
        let f = |birth: &'static str| PlayerFields {
            name: "Ola",
            birth_date: birth,
            club: "",
            knowledge: "",
            age_override: false,
            region: "",
            regions: &[],
        };
        let years = Eligibility::BirthYears { from: 2006, to: 2012 };
        assert!(parse_fields(years, &f("2012-12-31")).is_ok());
        let refused = parse_fields(years, &f("2013-01-01")).unwrap_err();
        assert_eq!(
            refused[0].kind,
            ProblemKind::Ineligible(Ineligible::BirthYear { year: 2013, from: 2006, to: 2012 })
        );
        let league = Eligibility::outside_a_season(d("2026-05-09"));
        let refused = parse_fields(league, &f("2012-05-10")).unwrap_err();
        assert_eq!(refused[0].kind, ProblemKind::AgeOutOfRange { first_day: d("2026-05-09"), age: 13 });
    }

    #[test]
    fn a_first_row_with_a_birth_date_is_not_taken_for_a_header() {
        assert_eq!(
            first_row_looks_like_a_player("Anna Nowak;2010-03-01;LO 1\nJan Kowal;2011-01-01;LO 2").as_deref(),
            Some("Anna Nowak; 2010-03-01; LO 1")
        );
        assert_eq!(first_row_looks_like_a_player("\u{feff}imię i nazwisko;data urodzenia;szkoła\n"), None);
        let text = "Anna Nowak;2010-03-01;LO 1\nJan Kowal;2011-01-01;LO 2";
        let rows =
            parse_csv_rows(Eligibility::outside_a_season(d("2026-05-09")), &[], text, FirstRow::Player)
                .unwrap();
        assert_eq!(
            rows.iter().map(|(r, p)| (*r, p.name.as_str())).collect::<Vec<_>>(),
            [(1, "Anna Nowak"), (2, "Jan Kowal")]
        );
        let rows =
            parse_csv_rows(Eligibility::outside_a_season(d("2026-05-09")), &[], text, FirstRow::Header)
                .unwrap();
        assert_eq!(rows.iter().map(|(r, _)| *r).collect::<Vec<_>>(), [2]);
    }

    #[test]
    fn names_twice_are_listed_with_their_rows() {
        let text = "name;born;club\nAnna Nowak;2010-03-01;LO 1\nJan Kowal;2011-01-01;LO 2\nanna  nowak;2010-05-05;LO 3";
        let rows =
            parse_csv_rows(Eligibility::outside_a_season(d("2026-05-09")), &[], text, FirstRow::Header)
                .unwrap();
        assert_eq!(duplicates(Lang::Pl, &rows, &[]), vec!["Anna Nowak (wiersze 2, 4)"]);
        assert!(duplicates(Lang::Pl, &rows[1..2], &[]).is_empty());
    }

    #[test]
    fn an_import_reads_the_region_column_by_its_header_and_a_season_names_it() {
        let regions: Vec<String> =
            crate::league::season::VOIVODESHIPS.iter().map(|r| (*r).to_string()).collect();
        let years = Eligibility::BirthYears { from: 2006, to: 2012 };
        let text = "imię i nazwisko;data urodzenia;szkoła;Województwo\n\
                    Anna Nowak;2010-03-01;LO 1;slaskie\n\
                    Jan Kowal;2011-01-01;LO 2;\n\
                    Ewa Lis;2011-01-01;LO 2;MAŁOPOLSKIE";
        let rows = parse_csv_rows(years, &regions, text, FirstRow::Header).unwrap();
        assert_eq!(
            rows.iter().map(|(_, p)| (p.region.as_str(), p.knowledge_score)).collect::<Vec<_>>(),
            [("śląskie", None), ("", None), ("małopolskie", None)]
        );
        // After the knowledge column, named `region`.
        let text = "name;born;club;test;Region\nAnna Nowak;2010-03-01;LO 1;17;Łódzkie";
        let rows = parse_csv_rows(years, &regions, text, FirstRow::Header).unwrap();
        assert_eq!((rows[0].1.region.as_str(), rows[0].1.knowledge_score), ("łódzkie", Some(17)));
        // No region column: none.
        let text = "name;born;club;test\nAnna Nowak;2010-03-01;LO 1;slaskie";
        assert!(parse_csv_rows(years, &regions, text, FirstRow::Header).is_err(), "slaskie is no score");
        // A region the season does not have: that row refused by its field.
        let text = "name;born;club;region\nAnna Nowak;2010-03-01;LO 1;Mazowsze";
        let refused = parse_csv_rows(years, &regions, text, FirstRow::Header).unwrap_err();
        assert!(
            matches!(&refused[0], ImportProblem::Player { row: 2, problems, .. }
                if problems[0] == FieldProblem::new("region", ProblemKind::NotARegion)),
            "{refused:?}"
        );
        // Outside a season the region is kept as typed.
        let text = "name;born;club;region\nAnna Nowak;2010-03-01;LO 1;Mazowsze";
        let rows = parse_csv_rows(years, &[], text, FirstRow::Header).unwrap();
        assert_eq!(rows[0].1.region, "Mazowsze");
    }
}
