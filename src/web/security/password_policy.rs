//! What a new password must be: at least 10 characters, not only spaces, not the username, not on
//! the shipped list of common passwords (`data/common-passwords.txt`), at most 256 characters.
//!
//! OWASP Authentication Cheat Sheet: a minimum length instead of composition rules, a generous
//! maximum, and a check against lists of breached or common passwords. No rule about digits or
//! capitals: `Bitwa pod Warszawą!` is a good password, `Qwerty1234` is not.

use crate::web::text::i18n::Lang;
use std::collections::HashSet;
use std::sync::LazyLock;

pub const MIN_CHARS: usize = 10;
pub const MAX_CHARS: usize = 256;

static COMMON: LazyLock<HashSet<String>> = LazyLock::new(|| {
    include_str!("../../../data/common-passwords.txt")
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(str::to_lowercase)
        .collect()
});

/// Why a password is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Weakness {
    TooShort,
    TooLong,
    OnlySpaces,
    SameAsUsername,
    Common,
}

impl Weakness {
    /// The message, in `lang`.
    #[must_use]
    pub fn message(self, lang: Lang) -> String {
        match self {
            Weakness::TooShort => format!("{} {MIN_CHARS}.", lang.t("password_too_short")),
            Weakness::TooLong => format!("{} {MAX_CHARS}.", lang.t("password_too_long")),
            Weakness::OnlySpaces => lang.t("password_only_spaces").to_string(),
            Weakness::SameAsUsername => lang.t("password_is_username").to_string(),
            Weakness::Common => lang.t("password_common").to_string(),
        }
    }
}

/// Check a new password for the account `username`.
///
/// # Errors
/// The first [`Weakness`] found.
pub fn check(username: &str, password: &str) -> Result<(), Weakness> {
    let chars = password.chars().count();
    if password.trim().is_empty() && !password.is_empty() {
        return Err(Weakness::OnlySpaces);
    }
    if chars < MIN_CHARS {
        return Err(Weakness::TooShort);
    }
    if chars > MAX_CHARS {
        return Err(Weakness::TooLong);
    }
    let lower = password.trim().to_lowercase();
    if lower == username.trim().to_lowercase() {
        return Err(Weakness::SameAsUsername);
    }
    if COMMON.contains(&lower) {
        return Err(Weakness::Common);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_issue_examples_are_refused_and_a_sentence_is_fine() {
        assert_eq!(check("sedzia", "        "), Err(Weakness::OnlySpaces));
        assert_eq!(check("sedzia", "            "), Err(Weakness::OnlySpaces));
        assert_eq!(check("sedzia", "12345678"), Err(Weakness::TooShort));
        assert_eq!(check("sedzia", "123456789"), Err(Weakness::TooShort));
        // On the list (lines 3 and 4 of data/common-passwords.txt), in any case.
        assert_eq!(check("sedzia", "1234567890"), Err(Weakness::Common));
        assert_eq!(check("sedzia", "QwertyUIOP"), Err(Weakness::Common));
        assert_eq!(check("sedzia", "password123"), Err(Weakness::Common));
        assert_eq!(check("sedzia", "hasło12345"), Err(Weakness::Common));
        assert_eq!(check("sedzia-glowny", "Sedzia-Glowny"), Err(Weakness::SameAsUsername));
        assert_eq!(check("x", &"a".repeat(257)), Err(Weakness::TooLong));
        assert_eq!(check("sedzia", "Bitwa pod Warszawą!"), Ok(()));
        assert_eq!(check("sedzia", "sedzia-haslo"), Ok(()));
        assert!(Weakness::Common.message(Lang::Pl).contains("popularn"));
    }

    #[test]
    fn the_list_is_loaded_without_comments() {
        assert!(COMMON.len() > 2300, "{}", COMMON.len());
        assert!(!COMMON.iter().any(|p| p.starts_with('#') || p.chars().count() < MIN_CHARS));
    }
}
