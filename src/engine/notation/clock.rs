//! Clock readings as the notation writes them (`{14:59}`, `{1:00:00}`, `{-0:05}`): read by the line
//! reader, written by the printer and by the messages.

use crate::engine::error::Syntax;

/// `m:ss`, or `h:mm:ss` from an hour up; negative readings get a leading `-`.
#[must_use]
pub fn format_clock(secs: i32) -> String {
    let sign = if secs < 0 { "-" } else { "" };
    let s = secs.unsigned_abs();
    if s >= 3600 {
        format!("{sign}{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        format!("{sign}{}:{:02}", s / 60, s % 60)
    }
}

/// Parse `m:ss`, `h:mm:ss`, optionally negative.
///
/// # Errors
/// A reading that is not one of those forms.
pub fn parse_clock(s: &str) -> Result<i32, Syntax> {
    let (neg, body) = match s.strip_prefix('-') {
        Some(b) => (true, b),
        None => (false, s),
    };
    let bad = || Syntax::Clock { text: s.chars().take(20).collect() };
    // At most three fields of at most 6 digits, read byte by byte without allocating.
    let mut nums = [0i32; 3];
    let mut n = 0;
    let mut digits = 0;
    for &b in body.as_bytes() {
        match b {
            b'0'..=b'9' if digits < 6 => {
                nums[n] = nums[n] * 10 + i32::from(b - b'0');
                digits += 1;
            }
            b':' if digits > 0 && n < 2 => {
                n += 1;
                digits = 0;
            }
            _ => return Err(bad()),
        }
    }
    if digits == 0 {
        return Err(bad());
    }
    n += 1;
    let secs = match &nums[..n] {
        [m, sec] if (0..60).contains(sec) && *m < 10_000 => m * 60 + sec,
        [h, m, sec] if (0..60).contains(sec) && (0..60).contains(m) && *h < 1000 => h * 3600 + m * 60 + sec,
        _ => return Err(bad()),
    };
    Ok(if neg { -secs } else { secs })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_parse_and_print() {
        for (s, v) in [("14:59", 899), ("0:00", 0), ("-0:05", -5), ("1:00:00", 3600)] {
            assert_eq!(parse_clock(s), Ok(v));
            assert_eq!(format_clock(v), s);
        }
        assert!(parse_clock("1:75").is_err());
        assert!(parse_clock("abc").is_err());
        assert!(parse_clock("99999999999:00").is_err(), "no overflow");
    }
}
