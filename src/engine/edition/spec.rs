//! The items of an edition: spaces, units, cards, and the card effects the engine implements in code.

use crate::engine::ids::{CardId, Colour, HexId, UnitId};
use crate::outcome::Side;
use serde::{Deserialize, Serialize};

/// Where an item of edition data comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Provenance {
    /// Stated or shown in the rulebook.
    Rulebook,
    /// Reconstructed (history, the rulebook's examples' geometry, play balance).
    Reconstructed,
    /// Copied from a printed copy of the game.
    Printed,
}

impl Provenance {
    #[must_use]
    pub fn parse(s: &str) -> Option<Provenance> {
        match s {
            "rulebook" => Some(Provenance::Rulebook),
            "reconstructed" => Some(Provenance::Reconstructed),
            "printed" => Some(Provenance::Printed),
            _ => None,
        }
    }
}

/// The three named places of the map (rulebook "Goal of the Game", "End of the Game").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Landmark {
    Warsaw,
    Radzymin,
    Modlin,
}

impl Landmark {
    /// The value of `board.csv`'s `landmark` column.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Landmark::Warsaw => "warsaw",
            Landmark::Radzymin => "radzymin",
            Landmark::Modlin => "modlin",
        }
    }
    #[must_use]
    pub fn english(self) -> &'static str {
        match self {
            Landmark::Warsaw => "Warsaw",
            Landmark::Radzymin => "Radzymin",
            Landmark::Modlin => "Modlin",
        }
    }
    #[must_use]
    pub fn polish(self) -> &'static str {
        match self {
            Landmark::Warsaw => "Warszawa",
            Landmark::Radzymin => "Radzymin",
            Landmark::Modlin => "Modlin",
        }
    }
}

/// One board space.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HexSpec {
    pub id: HexId,
    /// Short notation token, e.g. `d5`.
    pub label: String,
    pub name: String,
    /// Axial coordinates.
    pub q: i16,
    pub r: i16,
    pub red_shading: bool,
    pub fortified: bool,
    pub landmark: Option<Landmark>,
    pub start: Option<UnitId>,
    pub provenance: Provenance,
}

/// One army token.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnitSpec {
    pub id: UnitId,
    /// Short notation token, e.g. `R16A`.
    pub code: String,
    pub name: String,
    pub side: Side,
    pub colour: Colour,
    /// The Warsaw Defenders: never move, never attack, never receive markers, take every card.
    pub is_defenders: bool,
    pub provenance: Provenance,
}

/// One command card.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardSpec {
    pub id: CardId,
    pub side: Side,
    pub name: String,
    /// Position in the side's card list, `1..=30`; the notation token is `R07` / `P12`.
    pub number: u8,
    pub colour: Colour,
    pub strength: u8,
    pub effect: Option<CardEffect>,
    pub provenance: Provenance,
}

/// The seven action cards and five combat cards of the rulebook's "Summary of Cards". Which card
/// carries an effect is edition data; what the effect does is code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CardEffect {
    /// 13 Eskadra Myśliwska (13th Fighter Escadrille), action.
    FighterEscadrille,
    /// Wsparcie artylerii (Artillery support), action.
    ArtillerySupport,
    /// Zagłuszanie radiostacji (Radio jamming), action.
    RadioJamming,
    /// Złamany szyfr (Broken cipher), action.
    BrokenCipher,
    /// Manewr (Maneuver), action.
    Maneuver,
    /// Na Zachód! (Go west!), action.
    GoWest,
    /// Szturm (Assault), action.
    Assault,
    /// Grupa pościgowa (Pursuit group), combat.
    PursuitGroup,
    /// Umocnienia polowe (Field fortifications), combat.
    FieldFortifications,
    /// Doborowe oddziały (Elite troops), combat.
    EliteTroops,
    /// Komisarz (Commissar), combat.
    Commissar,
    /// Okrutna bitwa (Severe fighting), combat.
    SevereFighting,
}

impl CardEffect {
    pub const ALL: [CardEffect; 12] = [
        CardEffect::FighterEscadrille,
        CardEffect::ArtillerySupport,
        CardEffect::RadioJamming,
        CardEffect::BrokenCipher,
        CardEffect::Maneuver,
        CardEffect::GoWest,
        CardEffect::Assault,
        CardEffect::PursuitGroup,
        CardEffect::FieldFortifications,
        CardEffect::EliteTroops,
        CardEffect::Commissar,
        CardEffect::SevereFighting,
    ];

    /// Machine name used in `cards.csv` and in the notation.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            CardEffect::FighterEscadrille => "fighter-escadrille",
            CardEffect::ArtillerySupport => "artillery-support",
            CardEffect::RadioJamming => "radio-jamming",
            CardEffect::BrokenCipher => "broken-cipher",
            CardEffect::Maneuver => "maneuver",
            CardEffect::GoWest => "go-west",
            CardEffect::Assault => "assault",
            CardEffect::PursuitGroup => "pursuit-group",
            CardEffect::FieldFortifications => "field-fortifications",
            CardEffect::EliteTroops => "elite-troops",
            CardEffect::Commissar => "commissar",
            CardEffect::SevereFighting => "severe-fighting",
        }
    }

    /// The printed (Polish) card name.
    #[must_use]
    pub fn polish_name(self) -> &'static str {
        match self {
            CardEffect::FighterEscadrille => "13 Eskadra Myśliwska",
            CardEffect::ArtillerySupport => "Wsparcie artylerii",
            CardEffect::RadioJamming => "Zagłuszanie radiostacji",
            CardEffect::BrokenCipher => "Złamany szyfr",
            CardEffect::Maneuver => "Manewr",
            CardEffect::GoWest => "Na Zachód!",
            CardEffect::Assault => "Szturm",
            CardEffect::PursuitGroup => "Grupa pościgowa",
            CardEffect::FieldFortifications => "Umocnienia polowe",
            CardEffect::EliteTroops => "Doborowe oddziały",
            CardEffect::Commissar => "Komisarz",
            CardEffect::SevereFighting => "Okrutna bitwa",
        }
    }

    /// Action (Akcja) cards are played in the operational phase; the others act in combat.
    #[must_use]
    pub fn is_action(self) -> bool {
        matches!(
            self,
            CardEffect::FighterEscadrille
                | CardEffect::ArtillerySupport
                | CardEffect::RadioJamming
                | CardEffect::BrokenCipher
                | CardEffect::Maneuver
                | CardEffect::GoWest
                | CardEffect::Assault
        )
    }

    #[must_use]
    pub fn parse(s: &str) -> Option<CardEffect> {
        let s = s.trim();
        CardEffect::ALL.into_iter().find(|e| e.as_str() == s || e.polish_name() == s)
    }
}
