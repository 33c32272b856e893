//! Which characters free text may hold: one rule for every form field (`web::forms::field`), the
//! CSV imports and the edition files an organiser uploads (`engine::edition`), so that a name
//! refused on one form cannot come in through another door (issue 23: NUL, BEL, ESC and U+202E in
//! an edition's `name_pl` reached the organiser's pages).
//!
//! OWASP Input Validation Cheat Sheet: free-form Unicode text is validated by "character category
//! allow-listing"; ours refuses the control characters (category Cc) and the invisible formatting
//! characters that reorder or hide text (the bidi controls of Unicode's UAX #9, zero-width
//! characters, line and paragraph separators, the byte-order mark), which display a name reversed
//! or hide part of it on every page and export.

/// Characters that change the direction of text or hide it: bidi embeddings, overrides, isolates
/// and marks, zero-width characters, line and paragraph separators, the byte-order mark.
fn is_invisible_format(c: char) -> bool {
    matches!(c,
        '\u{061C}' | '\u{200B}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}'
        | '\u{2028}' | '\u{2029}' | '\u{2060}' | '\u{2066}'..='\u{2069}' | '\u{FEFF}'
        | '\u{FFF9}'..='\u{FFFB}')
}

/// The first character a text may not hold: any control character (unless `multiline`, which
/// allows line feed, carriage return and tab) and any invisible formatting character.
#[must_use]
pub fn forbidden_char(value: &str, multiline: bool) -> Option<char> {
    value.chars().find(|&c| {
        (c.is_control() && !(multiline && matches!(c, '\n' | '\r' | '\t'))) || is_invisible_format(c)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_and_direction_characters_are_refused_and_letters_are_not() {
        for bad in ["a\u{0}b", "dzwonek\u{7}", "\u{1b}[31m", "\u{202E}abc", "a\u{200B}b", "\u{FEFF}x"] {
            assert!(forbidden_char(bad, false).is_some(), "{bad:?}");
        }
        assert_eq!(forbidden_char("Żółć Gęślą Jaźń – 1920", false), None);
        assert_eq!(forbidden_char("line\nnext\ttab", true), None);
        assert_eq!(forbidden_char("line\nnext", false), Some('\n'));
    }
}
