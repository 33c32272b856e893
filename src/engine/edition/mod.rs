//! An edition: the board, the units and the two decks, loaded from data (the engine knows no card or space
//! by name in code). Built only through [`Edition::check_files`] (or [`Edition::from_files`]), which
//! validates everything, the rulebook's facts included, so the rules code can index without checks.

mod error;
mod fact_check;
mod facts;
mod load;
mod spec;
mod table;

pub use error::{EditionError, EditionErrors};
pub use facts::{RulebookFact, RulebookUnit, normalise};
pub use load::FILES;
pub use spec::{CardEffect, CardSpec, HexSpec, Landmark, Provenance, UnitSpec};

use super::ids::{CardId, Direction, HexId, MAX_HEXES, UnitId};
use crate::outcome::Side;
use std::collections::HashMap;
use std::sync::OnceLock;

/// A validated edition.
#[derive(Debug, Clone)]
pub struct Edition {
    pub(crate) id: String,
    pub(crate) name: String,
    /// The name in Polish (`name_pl` in `edition.csv`), when the edition gives one.
    pub(crate) name_pl: Option<String>,
    pub(crate) hexes: Vec<HexSpec>,
    /// Neighbour in each of [`Direction::ALL`], `None` off the board or across a blocked hex side.
    pub(crate) neighbours: Vec<[Option<HexId>; 6]>,
    /// Neighbours as a bitset, for quick adjacency tests.
    pub(crate) adjacent: Vec<u128>,
    pub(crate) units: Vec<UnitSpec>,
    /// Indexed by `CardId`: 30 Red then 30 Polish.
    pub(crate) cards: Vec<CardSpec>,
    pub(crate) warsaw: HexId,
    pub(crate) radzymin: HexId,
    pub(crate) modlin: HexId,
    pub(crate) defenders: UnitId,
    pub(crate) hex_by_label: HashMap<String, HexId, Fnv>,
    pub(crate) unit_by_code: HashMap<String, UnitId, Fnv>,
}

/// FNV-1a: name lookups in the replay loop hash short tokens; SipHash's DoS resistance is not needed
/// for an edition's few dozen fixed names.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Fnv;

/// The running FNV-1a state.
pub(crate) struct FnvHasher(u64);

impl std::hash::BuildHasher for Fnv {
    type Hasher = FnvHasher;
    fn build_hasher(&self) -> FnvHasher {
        FnvHasher(0xcbf2_9ce4_8422_2325)
    }
}

impl std::hash::Hasher for FnvHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 = (self.0 ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
}

/// The files of one built-in edition, embedded at compile time from `fixtures/editions/<id>/`.
macro_rules! edition_files {
    ($id:literal) => {
        [
            ("edition.csv", include_str!(concat!("../../../fixtures/editions/", $id, "/edition.csv"))),
            ("units.csv", include_str!(concat!("../../../fixtures/editions/", $id, "/units.csv"))),
            ("board.csv", include_str!(concat!("../../../fixtures/editions/", $id, "/board.csv"))),
            ("blocked.csv", include_str!(concat!("../../../fixtures/editions/", $id, "/blocked.csv"))),
            ("cards.csv", include_str!(concat!("../../../fixtures/editions/", $id, "/cards.csv"))),
        ]
    };
}

/// The shipped edition: the reconstruction with only the hex side the rulebook's examples need blocked.
const BUILTIN_FILES: [(&str, &str); 5] = edition_files!("bw-2021-reconstructed-v2");

/// The first reconstruction, kept unchanged because logs name it: it blocked hex sides along rivers,
/// which the rulebook's "rivers and other terrain do not affect the game" contradicts, and a log
/// validated on it must keep its verdict (editions are immutable once logs name them).
const PINNED_FILES: [(&str, &str); 5] = edition_files!("bw-2021-reconstructed");

/// The id of the first reconstruction, which every fixture log before `-v2` names in its `Edition` tag.
pub const PINNED_EDITION: &str = "bw-2021-reconstructed";

fn embedded(files: &[(&str, &str); 5]) -> Edition {
    let files: Vec<(String, String)> =
        files.iter().map(|(n, c)| ((*n).to_string(), (*c).to_string())).collect();
    #[allow(clippy::expect_used)]
    Edition::from_files(&files).expect("the built-in editions are valid (tested by builtin_editions_load)")
}

impl Edition {
    /// The shipped reconstructed edition `bw-2021-reconstructed-v2`, embedded at compile time: what a new
    /// tournament plays, and what `check-log` and `random-game` use unless told otherwise.
    ///
    /// # Panics
    /// Never in a tested build: the embedded data is validated by `builtin_editions_load`.
    #[must_use]
    pub fn builtin() -> &'static Edition {
        static BUILTIN: OnceLock<Edition> = OnceLock::new();
        BUILTIN.get_or_init(|| embedded(&BUILTIN_FILES))
    }

    /// Every built-in edition, the current one first, then the pinned ones that stored logs name.
    #[must_use]
    pub fn builtins() -> [&'static Edition; 2] {
        static PINNED: OnceLock<Edition> = OnceLock::new();
        [Edition::builtin(), PINNED.get_or_init(|| embedded(&PINNED_FILES))]
    }

    /// The built-in edition with this id (the value of a log's `Edition` tag).
    #[must_use]
    pub fn builtin_by_id(id: &str) -> Option<&'static Edition> {
        Edition::builtins().into_iter().find(|e| e.id() == id)
    }

    /// The files of a built-in edition, as `check_files` takes them (to show or download them).
    #[must_use]
    pub fn builtin_files(id: &str) -> Option<Vec<(String, String)>> {
        let files = match id {
            _ if id == Edition::builtin().id() => &BUILTIN_FILES,
            PINNED_EDITION => &PINNED_FILES,
            _ => return None,
        };
        Some(files.iter().map(|(n, c)| ((*n).to_string(), (*c).to_string())).collect())
    }

    /// Load and validate an edition from its files (name, contents): `edition.csv`, `units.csv`,
    /// `board.csv`, `cards.csv` and the optional `blocked.csv`.
    ///
    /// # Errors
    /// The first problem found, with file, line and what is wrong.
    pub fn from_files(files: &[(String, String)]) -> Result<Edition, EditionError> {
        load::load(files, |_| false).map_err(|mut all| {
            if all.0.is_empty() {
                all.0.push(EditionError {
                    file: "edition.csv".into(),
                    line: 0,
                    message: "the edition could not be loaded".into(),
                    message_pl: "nie udało się wczytać edycji".into(),
                    fact: None,
                });
            }
            all.0.swap_remove(0)
        })
    }

    /// Load and validate an edition from its files, reporting every problem: each malformed cell and
    /// each contradiction of a fact the rulebook fixes ([`RulebookFact`]), in file order.
    ///
    /// # Errors
    /// Every problem found, each with file, line and what is wrong in English and Polish.
    pub fn check_files(files: &[(String, String)]) -> Result<Edition, EditionErrors> {
        load::load(files, |_| false)
    }

    /// Load an edition that was checked and stored before: as [`Edition::check_files`], except that a
    /// contradiction of a fact the loader began checking after editions could be stored
    /// ([`RulebookFact::checked_since_editions_were_stored`]) is not refused. The games recorded on
    /// such an edition were validated on it, and a log that validated once validates forever; a new
    /// upload and `check-edition` are still refused.
    ///
    /// # Errors
    /// Every other problem, as [`Edition::check_files`] reports it.
    pub fn load_stored(files: &[(String, String)]) -> Result<Edition, EditionErrors> {
        load::load(files, RulebookFact::checked_since_editions_were_stored)
    }

    #[must_use]
    pub fn id(&self) -> &str {
        &self.id
    }
    #[must_use]
    pub fn name(&self) -> &str {
        &self.name
    }
    /// The name for readers of `lang`: the Polish one when the edition has it, else `name`.
    #[must_use]
    pub fn name_in(&self, lang: crate::lang::Lang) -> &str {
        match (lang, &self.name_pl) {
            (crate::lang::Lang::Pl, Some(pl)) => pl,
            _ => &self.name,
        }
    }
    /// The 30 cards of one side's deck, in card-list order.
    pub fn cards(&self, side: Side) -> impl Iterator<Item = &CardSpec> {
        self.cards.iter().filter(move |c| c.side == side)
    }
    #[must_use]
    pub fn card(&self, id: CardId) -> &CardSpec {
        &self.cards[id.0 as usize]
    }
    pub fn units(&self) -> impl Iterator<Item = &UnitSpec> {
        self.units.iter()
    }
    #[must_use]
    pub fn unit(&self, id: UnitId) -> &UnitSpec {
        &self.units[id.0 as usize]
    }
    pub fn hexes(&self) -> impl Iterator<Item = &HexSpec> {
        self.hexes.iter()
    }
    #[must_use]
    pub fn hex(&self, id: HexId) -> &HexSpec {
        &self.hexes[id.0 as usize]
    }
    #[must_use]
    pub fn hex_count(&self) -> usize {
        self.hexes.len()
    }
    #[must_use]
    pub fn hex_by_label(&self, label: &str) -> Option<HexId> {
        self.hex_by_label.get(label).copied()
    }
    #[must_use]
    pub fn unit_by_code(&self, code: &str) -> Option<UnitId> {
        self.unit_by_code.get(code).copied()
    }
    #[must_use]
    pub fn warsaw(&self) -> HexId {
        self.warsaw
    }
    #[must_use]
    pub fn radzymin(&self) -> HexId {
        self.radzymin
    }
    #[must_use]
    pub fn modlin(&self) -> HexId {
        self.modlin
    }
    /// The Warsaw Defenders (Obrońcy Warszawy).
    #[must_use]
    pub fn defenders(&self) -> UnitId {
        self.defenders
    }
    /// Are two spaces adjacent (sharing a hex side that the map does not block)?
    #[must_use]
    pub fn adjacent(&self, a: HexId, b: HexId) -> bool {
        self.adjacent[a.0 as usize] & (1u128 << b.0) != 0
    }
    /// The neighbours of a space that can be entered from it.
    pub fn neighbours(&self, h: HexId) -> impl Iterator<Item = HexId> + '_ {
        self.neighbours[h.0 as usize].iter().flatten().copied()
    }
    /// Direction from `a` to the adjacent `b`.
    #[must_use]
    pub fn direction(&self, a: HexId, b: HexId) -> Option<Direction> {
        Direction::ALL
            .into_iter()
            .zip(self.neighbours[a.0 as usize])
            .find(|(_, n)| *n == Some(b))
            .map(|(d, _)| d)
    }
    /// Number of units, always 12.
    #[must_use]
    pub fn unit_count(&self) -> usize {
        self.units.len()
    }
    /// Where a unit starts (every unit has a starting space; checked on load).
    #[must_use]
    pub fn start_of(&self, u: UnitId) -> Option<HexId> {
        self.hexes.iter().find(|h| h.start == Some(u)).map(|h| h.id)
    }
}

const _: () = assert!(MAX_HEXES <= 128, "adjacency bitsets are u128");

#[cfg(test)]
mod tests {
    use super::*;

    /// `name_pl` is optional: the current edition has one, the pinned one (kept as it was) does not
    /// and reads the same in both languages.
    #[test]
    fn an_edition_is_named_in_the_readers_language_when_it_can_be() {
        use crate::lang::Lang;
        let [current, pinned] = Edition::builtins();
        assert!(current.name_in(Lang::Pl).contains("rekonstrukcja"), "{}", current.name_in(Lang::Pl));
        assert_eq!(current.name_in(Lang::En), current.name());
        assert!(current.name().contains("reconstructed"));
        assert_eq!(pinned.name_in(Lang::Pl), pinned.name());
    }

    #[test]
    fn builtin_editions_load() {
        let [current, pinned] = Edition::builtins();
        assert_eq!(pinned.id(), PINNED_EDITION);
        assert_eq!(Edition::builtin_by_id(PINNED_EDITION).map(Edition::id), Some(PINNED_EDITION));
        assert!(Edition::builtin_by_id("no-such-edition").is_none());
        let e = current;
        assert_eq!(e.id(), "bw-2021-reconstructed-v2");
        assert_eq!(e.cards(Side::Red).count(), 30);
        assert_eq!(e.cards(Side::Polish).count(), 30);
        assert!((40..=70).contains(&e.hex_count()), "{} hexes", e.hex_count());
        assert_eq!(e.unit(e.defenders()).name, "Obrońcy Warszawy");
    }

    #[test]
    fn builtin_board_has_the_rulebook_geography() {
        let e = Edition::builtin();
        // Radzymin is northeast of Warsaw, Modlin northwest of Radzymin (rulebook examples).
        assert_eq!(e.direction(e.warsaw(), e.radzymin()), Some(Direction::NorthEast));
        assert_eq!(e.direction(e.radzymin(), e.modlin()), Some(Direction::NorthWest));
        for h in e.hexes() {
            for n in e.neighbours(h.id) {
                assert!(e.adjacent(n, h.id), "adjacency is symmetric");
            }
        }
    }

    #[test]
    fn builtin_rulebook_cards_exist() {
        let e = Edition::builtin();
        let pulk = e.cards(Side::Red).find(|c| c.name == "Pułk Rewolucyjny").expect("rulebook example card");
        assert_eq!((pulk.colour, pulk.strength), (crate::engine::Colour::White, 1));
        for effect in CardEffect::ALL {
            assert!(e.cards.iter().any(|c| c.effect == Some(effect)), "{effect:?} is on some card");
        }
    }
}
