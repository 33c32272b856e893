//! Who may play (PRODUCT "Eligibility"; league rules: individual players aged 14 to 20): the age is
//! counted in whole years on the tournament's first day. The organiser may override a refusal
//! (the web layer asks, the store logs it); the rule itself lives here.

use chrono::{Datelike, NaiveDate};

/// League rules: individual players aged 14 to 20, on the tournament's first day.
pub const AGE_RANGE: std::ops::RangeInclusive<i32> = 14..=20;

/// Age in whole years on `day` (birthdays on 29 February count from 1 March in other years).
#[must_use]
pub fn age_on(birth: NaiveDate, day: NaiveDate) -> i32 {
    let mut age = day.year() - birth.year();
    if (day.month(), day.day()) < (birth.month(), birth.day()) {
        age -= 1;
    }
    age
}

/// A player outside [`AGE_RANGE`] on the first day.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("{age} years old on the first day: players must be 14 to 20")]
pub struct OutsideAgeRange {
    pub age: i32,
}

/// The age rule: `Ok(age)` inside the range.
///
/// # Errors
/// [`OutsideAgeRange`] with the age on the first day.
pub fn check_age(birth: NaiveDate, first_day: NaiveDate) -> Result<i32, OutsideAgeRange> {
    let age = age_on(birth, first_day);
    if AGE_RANGE.contains(&age) { Ok(age) } else { Err(OutsideAgeRange { age }) }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> NaiveDate {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap_or_default()
    }

    #[test]
    fn age_counts_whole_years_up_to_the_birthday() {
        assert_eq!(age_on(d("2010-06-15"), d("2024-06-14")), 13);
        assert_eq!(age_on(d("2010-06-15"), d("2024-06-15")), 14);
        assert_eq!(age_on(d("2004-06-15"), d("2025-06-14")), 20);
        assert_eq!(age_on(d("2004-06-15"), d("2025-06-15")), 21);
        assert_eq!(age_on(d("2008-02-29"), d("2022-02-28")), 13);
        assert_eq!(age_on(d("2008-02-29"), d("2022-03-01")), 14);
    }

    #[test]
    fn fourteen_to_twenty_inclusive_on_the_first_day() {
        assert_eq!(check_age(d("2010-06-15"), d("2024-06-15")), Ok(14));
        assert_eq!(check_age(d("2004-06-16"), d("2025-06-15")), Ok(20));
        assert_eq!(check_age(d("2010-06-16"), d("2024-06-15")), Err(OutsideAgeRange { age: 13 }));
        assert_eq!(check_age(d("2004-06-15"), d("2025-06-15")), Err(OutsideAgeRange { age: 21 }));
    }
}
