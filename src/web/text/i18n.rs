//! The pages' words: Polish by default, English through a switch (a `lang` cookie). Small tables, not a
//! translation framework: every key has both texts, and a test checks none is missing or repeated. This
//! file is the lookup; the texts live in one table per concern (`i18n/`).

use std::collections::HashMap;
use std::sync::LazyLock;

pub use crate::lang::Lang;

// The tables, one per concern (each file says what it holds); every key in exactly one.
mod admin;
mod authority;
mod board;
mod configuration;
mod day;
mod editions;
mod entries;
mod erasure;
mod general;
mod home;
mod online;
mod pairing;
mod public;
mod referee;
mod refused;
mod season;
mod season_ranking;
mod security;
mod stages;
mod stages_admin;
mod table;
mod table2;

/// Every table: the lookup and the tests read this one list.
const TABLES: &[&[(&str, &str, &str)]] = &[
    general::TABLE,
    home::TABLE,
    board::TABLE,
    configuration::TABLE,
    editions::TABLE,
    admin::TABLE,
    authority::TABLE,
    pairing::TABLE,
    referee::TABLE,
    refused::TABLE,
    public::TABLE,
    day::TABLE,
    security::TABLE,
    stages::TABLE,
    stages_admin::TABLE,
    season::TABLE,
    season_ranking::TABLE,
    online::TABLE,
    entries::TABLE,
    erasure::TABLE,
    table::TABLE,
    table2::TABLE,
];

/// The pages' lookup, on the crate's language type: `lang.t("key")` in handlers and templates alike (an
/// inherent method, so a template needs no import for it; the type itself knows nothing of the web).
impl Lang {
    /// The translation of `key`; empty, with a warning in the log, if no table has it (never a crash).
    #[must_use]
    pub fn t(self, key: &str) -> &'static str {
        match INDEX.get(key) {
            Some(&(pl, en)) => self.pick(pl, en),
            None => {
                tracing::warn!(key, "missing translation");
                ""
            }
        }
    }
}

static INDEX: LazyLock<HashMap<&'static str, (&'static str, &'static str)>> = LazyLock::new(|| {
    TABLES.iter().flat_map(|table| table.iter()).map(|&(k, pl, en)| (k, (pl, en))).collect()
});

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_key_is_unique_and_translated() {
        let mut seen = std::collections::HashSet::new();
        for &(k, pl, en) in TABLES.iter().flat_map(|table| table.iter()) {
            assert!(seen.insert(k), "duplicate key {k}");
            assert!(!pl.is_empty() && !en.is_empty(), "empty text for {k}");
        }
        assert_eq!(Lang::Pl.t("standings"), "Klasyfikacja");
        assert_eq!(Lang::En.t("standings"), "Standings");
        assert_eq!(Lang::from_code("EN"), Lang::En);
        assert_eq!(Lang::from_code("de"), Lang::Pl);
    }

    #[test]
    fn every_key_used_in_templates_exists() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("templates");
        let mut files = vec![dir];
        let mut missing = Vec::new();
        while let Some(path) = files.pop() {
            if path.is_dir() {
                files.extend(std::fs::read_dir(&path).unwrap().map(|e| e.unwrap().path()));
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            for part in text.split("t(\"").skip(1) {
                let key = part.split('"').next().unwrap();
                if !INDEX.contains_key(key) {
                    missing.push(format!("{}: {key}", path.display()));
                }
            }
        }
        assert!(missing.is_empty(), "missing translations: {missing:?}");
    }
}
