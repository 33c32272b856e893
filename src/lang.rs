//! The language people read: Polish by default, English on request. One type for the whole crate, so the
//! engine's catalogue (`engine::messages`, `engine::narrate`), the pages' tables (`web::text`) and the
//! command line agree on it without conversions. Pure: it names the language and writes numbers; each
//! catalogue adds its own words (`Lang::t` for the pages' table lives in `web::text::i18n`, the engine's
//! sentences take a `Lang` as an argument).

/// A language of the league: the pages, the engine's messages, the command line's reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub enum Lang {
    /// The league's own language: pages open in Polish.
    #[default]
    Pl,
    En,
}

impl Lang {
    pub const ALL: [Lang; 2] = [Lang::Pl, Lang::En];

    /// From the `lang` cookie's value; anything unknown is Polish (a page always opens).
    #[must_use]
    pub fn from_code(code: &str) -> Lang {
        if code.eq_ignore_ascii_case("en") { Lang::En } else { Lang::Pl }
    }

    /// A language someone typed (a command-line option): `pl` or `en`, also spelt out in either
    /// language; `None` for anything else, so that a typo is an error rather than Polish.
    #[must_use]
    pub fn parse(s: &str) -> Option<Lang> {
        match s.trim().to_ascii_lowercase().as_str() {
            "pl" | "polski" | "polish" => Some(Lang::Pl),
            "en" | "english" | "angielski" => Some(Lang::En),
            _ => None,
        }
    }

    /// `pl` or `en` (the cookie's value, the `lang` attribute of a page).
    #[must_use]
    pub fn code(self) -> &'static str {
        match self {
            Lang::Pl => "pl",
            Lang::En => "en",
        }
    }

    /// A decimal number as people here write it: `1,5` in Polish, `1.5` in English.
    #[must_use]
    pub fn decimal(self, number: &str) -> String {
        match self {
            Lang::Pl => number.replace('.', ","),
            Lang::En => number.to_string(),
        }
    }

    /// The Polish or the English of two texts written side by side (a sentence with values in it, where a
    /// table of fixed texts cannot hold it).
    #[must_use]
    pub fn pick<T>(self, pl: T, en: T) -> T {
        match self {
            Lang::Pl => pl,
            Lang::En => en,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Lang;

    #[test]
    fn polish_unless_english_is_asked_for() {
        assert_eq!(Lang::default(), Lang::Pl);
        assert_eq!(Lang::from_code("EN"), Lang::En);
        assert_eq!(Lang::from_code("de"), Lang::Pl);
        assert_eq!(Lang::from_code(""), Lang::Pl);
        for lang in Lang::ALL {
            assert_eq!(Lang::from_code(lang.code()), lang);
            assert_eq!(Lang::parse(lang.code()), Some(lang));
        }
    }

    #[test]
    fn a_typed_language_is_checked() {
        assert_eq!(Lang::parse(" Polski "), Some(Lang::Pl));
        assert_eq!(Lang::parse("english"), Some(Lang::En));
        assert_eq!(Lang::parse("angielski"), Some(Lang::En));
        assert_eq!(Lang::parse("de"), None);
        assert_eq!(Lang::parse(""), None);
    }

    #[test]
    fn numbers_and_texts_in_the_language() {
        assert_eq!(Lang::Pl.decimal("1.5"), "1,5");
        assert_eq!(Lang::En.decimal("1.5"), "1.5");
        assert_eq!(Lang::Pl.pick("remis", "draw"), "remis");
        assert_eq!(Lang::En.pick(String::from("remis"), String::from("draw")), "draw");
    }
}
