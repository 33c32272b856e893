//! Times for people (issue 37): every time a page shows is Polish local time, in words ("6 grudnia
//! 2026, 01:11", "za 14 min"); the machine's time (RFC 3339, UTC) only in a `datetime` attribute and
//! in exports.
//!
//! Polish local time is the zone Europe/Warsaw: CET (UTC+1), and CEST (UTC+2) during summer time,
//! which in the European Union "begins at 1.00 a.m., Greenwich Mean Time, on the last Sunday in March"
//! and "ends at 1.00 a.m., Greenwich Mean Time, on the last Sunday in October" (Directive 2000/84/EC,
//! Articles 2 and 3; Poland since 1996). The rule is computed here instead of a time-zone database
//! (one rule, no dependency); the tests hold it against instants typed from the tables.

use crate::lang::Lang;
use chrono::{DateTime, Datelike, Duration, NaiveDate, NaiveDateTime, Timelike, Utc, Weekday};

/// The months in the genitive, as a Polish date says them ("6 grudnia 2026").
const MONTHS_PL: [&str; 12] = [
    "stycznia",
    "lutego",
    "marca",
    "kwietnia",
    "maja",
    "czerwca",
    "lipca",
    "sierpnia",
    "września",
    "października",
    "listopada",
    "grudnia",
];

const MONTHS_EN: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

/// The last Sunday of `month` in `year`, at 01:00 UTC (when summer time begins or ends).
fn last_sunday_0100_utc(year: i32, month: u32) -> Option<DateTime<Utc>> {
    let first_next = if month == 12 {
        NaiveDate::from_ymd_opt(year + 1, 1, 1)
    } else {
        NaiveDate::from_ymd_opt(year, month + 1, 1)
    }?;
    let mut day = first_next.pred_opt()?;
    while day.weekday() != Weekday::Sun {
        day = day.pred_opt()?;
    }
    Some(day.and_hms_opt(1, 0, 0)?.and_utc())
}

/// Polish local time at `at`: UTC+2 between the last Sundays of March and October (01:00 UTC),
/// UTC+1 otherwise.
#[must_use]
pub fn warsaw(at: DateTime<Utc>) -> NaiveDateTime {
    let year = at.year();
    let summer = match (last_sunday_0100_utc(year, 3), last_sunday_0100_utc(year, 10)) {
        (Some(begins), Some(ends)) => at >= begins && at < ends,
        _ => false,
    };
    (at + Duration::hours(if summer { 2 } else { 1 })).naive_utc()
}

/// `at` as a page says it: "6 grudnia 2026, 01:11" (English: "6 December 2026, 01:11"), Polish time.
#[must_use]
pub fn date_time(lang: Lang, at: DateTime<Utc>) -> String {
    let local = warsaw(at);
    let i = usize::try_from(local.month0()).unwrap_or(0);
    let month = if lang == Lang::Pl { MONTHS_PL[i] } else { MONTHS_EN[i] };
    format!("{} {month} {}, {:02}:{:02}", local.day(), local.year(), local.hour(), local.minute())
}

/// A day as a page says it: "6 grudnia 2026" (English: "6 December 2026").
#[must_use]
pub fn day(lang: Lang, day: NaiveDate) -> String {
    let i = usize::try_from(day.month0()).unwrap_or(0);
    let month = if lang == Lang::Pl { MONTHS_PL[i] } else { MONTHS_EN[i] };
    format!("{} {month} {}", day.day(), day.year())
}

/// A stored time (RFC 3339, UTC) as a page says it ([`date_time`]); a text that is no time stays
/// as it is.
#[must_use]
pub fn stored(lang: Lang, at: &str) -> String {
    parse(at).map_or_else(|| at.to_string(), |t| date_time(lang, t))
}

/// A stored time as markup: `<time datetime="2026-12-06T00:11:31Z">6 grudnia 2026, 01:11</time>`
/// (the machine's time only in the attribute); a text that is no time, escaped, as it is.
#[must_use]
pub fn html(lang: Lang, at: &str) -> String {
    match parse(at) {
        Some(t) => format!(
            "<time datetime=\"{}\">{}</time>",
            t.to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
            date_time(lang, t)
        ),
        None => at.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;"),
    }
}

/// A stored time read: RFC 3339 (what the store writes), or `YYYY-MM-DD HH:MM:SS` taken as UTC.
#[must_use]
pub fn parse(at: &str) -> Option<DateTime<Utc>> {
    DateTime::parse_from_rfc3339(at.trim())
        .map(|t| t.with_timezone(&Utc))
        .ok()
        .or_else(|| NaiveDateTime::parse_from_str(at.trim(), "%Y-%m-%d %H:%M:%S").ok().map(|n| n.and_utc()))
}

/// How far `at` is from `now`, in words: "za 14 min", "14 min temu", "za 2 godz. 5 min", "teraz"
/// (English: "in 14 min", "14 min ago", "now"). Whole minutes, rounded towards `now`.
#[must_use]
pub fn relative(lang: Lang, at: DateTime<Utc>, now: DateTime<Utc>) -> String {
    let secs = (at - now).num_seconds();
    let mins = secs.abs() / 60;
    if mins == 0 {
        return lang.pick("teraz", "now").to_string();
    }
    let span = if mins < 60 {
        format!("{mins} min")
    } else if mins % 60 == 0 {
        format!("{} {}", mins / 60, lang.pick("godz.", "h"))
    } else {
        format!("{} {} {} min", mins / 60, lang.pick("godz.", "h"), mins % 60)
    };
    match (lang == Lang::Pl, secs > 0) {
        (true, true) => format!("za {span}"),
        (true, false) => format!("{span} temu"),
        (false, true) => format!("in {span}"),
        (false, false) => format!("{span} ago"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn utc(s: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(s).unwrap().with_timezone(&Utc)
    }

    #[test]
    fn a_day_is_said_with_the_month_in_the_genitive() {
        let d = NaiveDate::from_ymd_opt(2026, 12, 6).unwrap();
        assert_eq!(day(Lang::Pl, d), "6 grudnia 2026");
        assert_eq!(day(Lang::En, d), "6 December 2026");
        assert_eq!(day(Lang::Pl, NaiveDate::from_ymd_opt(2027, 9, 1).unwrap()), "1 września 2027");
    }

    #[test]
    fn polish_time_follows_the_eu_summer_time_rule() {
        // Typed from the tables of summer time in Poland (timeanddate.com, Warsaw):
        // 2026: begins Sunday 29 March 02:00 CET, ends Sunday 25 October 03:00 CEST.
        let cases = [
            ("2026-12-06T00:11:31Z", "6 grudnia 2026, 01:11"),
            ("2026-03-29T00:59:59Z", "29 marca 2026, 01:59"),
            ("2026-03-29T01:00:00Z", "29 marca 2026, 03:00"),
            ("2026-10-25T00:59:00Z", "25 października 2026, 02:59"),
            ("2026-10-25T01:00:00Z", "25 października 2026, 02:00"),
            ("2026-07-01T22:30:00Z", "2 lipca 2026, 00:30"),
            ("2027-03-28T01:00:00Z", "28 marca 2027, 03:00"),
            ("2026-12-31T23:05:00Z", "1 stycznia 2027, 00:05"),
        ];
        for (at, said) in cases {
            assert_eq!(date_time(Lang::Pl, utc(at)), said, "{at}");
        }
        assert_eq!(date_time(Lang::En, utc("2026-12-06T00:11:31Z")), "6 December 2026, 01:11");
    }

    #[test]
    fn a_stored_time_is_read_and_a_text_that_is_none_stays() {
        assert_eq!(stored(Lang::Pl, "2026-05-09T14:03:59Z"), "9 maja 2026, 16:03");
        assert_eq!(stored(Lang::Pl, "2026-05-09 14:03:59"), "9 maja 2026, 16:03");
        assert_eq!(stored(Lang::Pl, "wczoraj"), "wczoraj");
    }

    #[test]
    fn markup_keeps_the_machine_time_in_the_attribute_only() {
        assert_eq!(
            html(Lang::Pl, "2026-12-06T00:11:31Z"),
            "<time datetime=\"2026-12-06T00:11:31Z\">6 grudnia 2026, 01:11</time>"
        );
        assert_eq!(html(Lang::Pl, "<b>"), "&lt;b&gt;");
    }

    #[test]
    fn how_far_in_words() {
        let now = utc("2026-12-06T00:00:00Z");
        let at = |s: &str| utc(s);
        assert_eq!(relative(Lang::Pl, at("2026-12-06T00:14:30Z"), now), "za 14 min");
        assert_eq!(relative(Lang::Pl, at("2026-12-05T23:46:00Z"), now), "14 min temu");
        assert_eq!(relative(Lang::Pl, at("2026-12-06T02:05:00Z"), now), "za 2 godz. 5 min");
        assert_eq!(relative(Lang::Pl, at("2026-12-06T01:00:00Z"), now), "za 1 godz.");
        assert_eq!(relative(Lang::Pl, at("2026-12-06T00:00:40Z"), now), "teraz");
        assert_eq!(relative(Lang::En, at("2026-12-06T00:14:30Z"), now), "in 14 min");
    }
}
