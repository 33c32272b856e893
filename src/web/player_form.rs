//! A player's registration fields and the CSV import of many players: parsed at the edge into
//! [`NewPlayer`]s, with messages that name the field (and the row) in the page's language. The
//! league's age rule (`league::eligibility`) is asked here, where the organiser can override it.

use super::error::WebError;
use super::form;
use super::i18n::Lang;
use crate::league::eligibility;
use crate::store::players::NewPlayer;
use chrono::NaiveDate;

/// The most players one import may add.
pub const MAX_ROWS: usize = 10_000;

/// Validate one player's fields; the message names the field and, for the age, the first day.
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
    let birth_date = form::date(lang, "birth_date", birth)?;
    let name = form::text(lang, "name", name, 120)?;
    let eligible = eligibility::check_age(birth_date, first_day);
    if let Err(e) = eligible
        && !age_override
    {
        return Err(WebError::BadRequest(format!(
            "{name}: {} ({}: {}, {})",
            lang.t("age_refused"),
            lang.t("first_day"),
            e.age,
            first_day
        )));
    }
    Ok(NewPlayer {
        name,
        birth_date,
        club: form::opt_text(lang, "club", club, 200)?,
        knowledge_score: form::opt_int(lang, "knowledge", knowledge, 0, 1000)?,
        age_override: age_override && eligible.is_err(),
    })
}

/// Parse a CSV of players (header row first; `;` or `,`): all rows valid or an error naming the row.
/// At most [`MAX_ROWS`] players; every cell is checked as its form field is (no control or
/// direction characters).
///
/// # Errors
/// The first wrong row, named as a spreadsheet numbers it.
pub fn parse_csv(lang: Lang, first_day: NaiveDate, text: &str) -> Result<Vec<NewPlayer>, WebError> {
    let text = text.trim_start_matches('\u{feff}');
    // The size only: a forbidden character is refused in its cell, with the row named.
    if text.len() > form::BODY_LIMIT {
        return Err(WebError::TooLarge { limit: form::BODY_LIMIT });
    }
    let first_line = text.lines().next().unwrap_or("");
    let delimiter = if first_line.contains(';') { b';' } else { b',' };
    let mut reader = csv::ReaderBuilder::new()
        .delimiter(delimiter)
        .has_headers(true)
        .flexible(true)
        .trim(csv::Trim::All)
        .from_reader(text.as_bytes());
    let row_label = match lang {
        Lang::Pl => "Wiersz",
        Lang::En => "Row",
    };
    let mut players = Vec::new();
    for (i, record) in reader.records().enumerate() {
        // Row numbers as a spreadsheet shows them: the header is row 1.
        let row = i + 2;
        let record = record.map_err(|e| WebError::BadRequest(format!("{row_label} {row}: {e}")))?;
        if record.iter().all(str::is_empty) {
            continue;
        }
        let field = |n: usize| record.get(n).unwrap_or("");
        if record.len() < 3 {
            return Err(WebError::BadRequest(format!(
                "{row_label} {row}: {}",
                match lang {
                    Lang::Pl =>
                        "potrzebne co najmniej 3 kolumny (imię i nazwisko, data urodzenia, szkoła/klub)",
                    Lang::En => "at least 3 columns needed (name, birth date, school/club)",
                }
            )));
        }
        let player = parse_player(lang, first_day, field(0), field(1), field(2), field(3), false).map_err(
            |e| match e {
                WebError::BadRequest(m) => WebError::BadRequest(format!("{row_label} {row}: {m}")),
                other => other,
            },
        )?;
        players.push(player);
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
