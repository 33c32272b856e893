//! What the rulebook fixes about an edition, each fact in one place with the passage that fixes it.
//! An edition an organiser loads (the printed game's data, or a reconstruction) may differ in
//! everything else, but not in these: `fact_check.rs` reports every contradiction, one message per
//! broken fact. Quotes are from the English rulebook (sections named as there).

use super::spec::{CardEffect, Landmark, UnitSpec};
use crate::engine::ids::DECK_SIZE;
use crate::outcome::Side;

/// A unit the rulebook names, with the side it fights on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RulebookUnit {
    /// "1 marker on the 3rd Cavalry Corps (3 KawKor) and 1 marker on the 3rd Army" (Red's setup markers).
    Red3rdArmy,
    /// "command the 4th Army to march southwest" (Red's sixth action of the example).
    Red4thArmy,
    /// "he places 2 command markers on the 16th Army" (Red's Maneuver).
    Red16thArmy,
    /// "1 marker on the 3rd Cavalry Corps (3 KawKor)".
    Red3KawKor,
    /// "attack the Polish 1st Army in Radzymin".
    Polish1stArmy,
    /// "He discards 1 command marker from the 2nd Army" (the Polish player's first action).
    Polish2ndArmy,
    /// "He discards the 5th Army's command marker" (the Polish player's second action).
    Polish5thArmy,
    /// "6 round Polish Army units, including 1 "Obrońcy Warszawy" (Warsaw Defenders) unit."
    WarsawDefenders,
}

impl RulebookUnit {
    pub const ALL: [RulebookUnit; 8] = [
        RulebookUnit::Red3rdArmy,
        RulebookUnit::Red4thArmy,
        RulebookUnit::Red16thArmy,
        RulebookUnit::Red3KawKor,
        RulebookUnit::Polish1stArmy,
        RulebookUnit::Polish2ndArmy,
        RulebookUnit::Polish5thArmy,
        RulebookUnit::WarsawDefenders,
    ];

    #[must_use]
    pub fn side(self) -> Side {
        match self {
            RulebookUnit::Red3rdArmy
            | RulebookUnit::Red4thArmy
            | RulebookUnit::Red16thArmy
            | RulebookUnit::Red3KawKor => Side::Red,
            _ => Side::Polish,
        }
    }

    /// Names that identify the unit in `units.csv` (compared after [`normalise`]): the Polish name as
    /// printed first, then the rulebook's English one.
    #[must_use]
    pub fn names(self) -> &'static [&'static str] {
        match self {
            RulebookUnit::Red3rdArmy => &["3 armia", "3rd army"],
            RulebookUnit::Red4thArmy => &["4 armia", "4th army"],
            RulebookUnit::Red16thArmy => &["16 armia", "16th army"],
            RulebookUnit::Red3KawKor => &["3 kawkor", "3 korpus kawalerii", "3rd cavalry corps"],
            RulebookUnit::Polish1stArmy => &["1 armia", "1st army"],
            RulebookUnit::Polish2ndArmy => &["2 armia", "2nd army"],
            RulebookUnit::Polish5thArmy => &["5 armia", "5th army"],
            RulebookUnit::WarsawDefenders => &["obrońcy warszawy", "warsaw defenders"],
        }
    }

    /// The Polish name as the data should write it.
    #[must_use]
    pub fn polish_name(self) -> &'static str {
        match self {
            RulebookUnit::Red3rdArmy => "3 Armia",
            RulebookUnit::Red4thArmy => "4 Armia",
            RulebookUnit::Red16thArmy => "16 Armia",
            RulebookUnit::Red3KawKor => "3 KawKor",
            RulebookUnit::Polish1stArmy => "1 Armia",
            RulebookUnit::Polish2ndArmy => "2 Armia",
            RulebookUnit::Polish5thArmy => "5 Armia",
            RulebookUnit::WarsawDefenders => "Obrońcy Warszawy",
        }
    }

    /// The rulebook's English name.
    #[must_use]
    pub fn english_name(self) -> &'static str {
        match self {
            RulebookUnit::Red3rdArmy => "3rd Army",
            RulebookUnit::Red4thArmy => "4th Army",
            RulebookUnit::Red16thArmy => "16th Army",
            RulebookUnit::Red3KawKor => "3rd Cavalry Corps (3 KawKor)",
            RulebookUnit::Polish1stArmy => "1st Army",
            RulebookUnit::Polish2ndArmy => "2nd Army",
            RulebookUnit::Polish5thArmy => "5th Army",
            RulebookUnit::WarsawDefenders => "Warsaw Defenders",
        }
    }

    /// Is `unit` this one (same side, one of its names)?
    #[must_use]
    pub fn is(self, unit: &UnitSpec) -> bool {
        unit.side == self.side() && self.names().contains(&normalise(&unit.name).as_str())
    }
}

/// Lower case, `.` as a space, single spaces: "16. Armia" and "16 armia" are the same name.
#[must_use]
pub fn normalise(name: &str) -> String {
    name.to_lowercase().replace('.', " ").split_whitespace().collect::<Vec<_>>().join(" ")
}

/// One fact the rulebook fixes about the edition.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RulebookFact {
    SixUnitsPerSide,
    NamedUnit(RulebookUnit),
    SixteenthArmyGreen,
    FirstArmyRed,
    DefendersColourless,
    LandmarkPresent(Landmark),
    LandmarkFortified(Landmark),
    RadzyminNortheastOfWarsaw,
    ModlinAdjacentToRadzymin,
    ModlinNorthOfWarsaw,
    FirstArmyStartsInRadzymin,
    DefendersStartInWarsaw,
    RevolutionaryRegiment,
    CardEffectPresent(CardEffect),
    ThirtyCardsPerDeck,
    CardColours,
    /// Every card with Szturm's effect is in the Red deck: the rulebook has the Red player play it and
    /// its text acts for Red ("the attacking Red unit advances"); in the Polish deck it would let the
    /// Poles assault.
    AssaultIsRed,
    /// Every card with Doborowe oddziały's effect is in the Red deck: "Red strength: One of the cards".
    EliteTroopsAreRed,
    /// Every Red card with Doborowe oddziały's effect matches the 16th Army (green, or white, which
    /// "match[es] every unit's color"): the worked example counts it among "All three of the cards
    /// [that] match the 16th Army's color (green)", beside the white Revolutionary Regiment.
    EliteTroopsMatchGreen,
}

const LANDMARKS: [Landmark; 3] = [Landmark::Warsaw, Landmark::Radzymin, Landmark::Modlin];

impl RulebookFact {
    /// Every fact, each unit, landmark and card effect on its own.
    #[must_use]
    pub fn all() -> Vec<RulebookFact> {
        let mut all = vec![RulebookFact::SixUnitsPerSide];
        all.extend(RulebookUnit::ALL.map(RulebookFact::NamedUnit));
        all.extend([
            RulebookFact::SixteenthArmyGreen,
            RulebookFact::FirstArmyRed,
            RulebookFact::DefendersColourless,
        ]);
        all.extend(LANDMARKS.map(RulebookFact::LandmarkPresent));
        all.extend(LANDMARKS.map(RulebookFact::LandmarkFortified));
        all.extend([
            RulebookFact::RadzyminNortheastOfWarsaw,
            RulebookFact::ModlinAdjacentToRadzymin,
            RulebookFact::ModlinNorthOfWarsaw,
            RulebookFact::FirstArmyStartsInRadzymin,
            RulebookFact::DefendersStartInWarsaw,
            RulebookFact::RevolutionaryRegiment,
        ]);
        all.extend(CardEffect::ALL.map(RulebookFact::CardEffectPresent));
        all.extend([RulebookFact::ThirtyCardsPerDeck, RulebookFact::CardColours]);
        all.extend([
            RulebookFact::AssaultIsRed,
            RulebookFact::EliteTroopsAreRed,
            RulebookFact::EliteTroopsMatchGreen,
        ]);
        all
    }

    /// Facts the loader began checking after organisers could upload and store editions (issue 24):
    /// an edition stored before may contradict them, so [`super::Edition::load_stored`] does not
    /// refuse them. A fact added later joins this list.
    #[must_use]
    pub fn checked_since_editions_were_stored(self) -> bool {
        matches!(
            self,
            RulebookFact::AssaultIsRed
                | RulebookFact::EliteTroopsAreRed
                | RulebookFact::EliteTroopsMatchGreen
        )
    }

    /// The rulebook section that fixes the fact.
    #[must_use]
    pub fn section(self) -> &'static str {
        match self {
            RulebookFact::SixUnitsPerSide | RulebookFact::ThirtyCardsPerDeck => "Game Components",
            RulebookFact::NamedUnit(RulebookUnit::WarsawDefenders) => "Game Components",
            RulebookFact::NamedUnit(_) | RulebookFact::FirstArmyStartsInRadzymin => {
                "Example of the Operational Phase"
            }
            RulebookFact::SixteenthArmyGreen
            | RulebookFact::FirstArmyRed
            | RulebookFact::LandmarkFortified(_)
            | RulebookFact::ModlinAdjacentToRadzymin
            | RulebookFact::RevolutionaryRegiment
            | RulebookFact::CardColours
            | RulebookFact::EliteTroopsAreRed
            | RulebookFact::EliteTroopsMatchGreen => "Fortifications",
            RulebookFact::AssaultIsRed => "Moving Attack Markers",
            RulebookFact::DefendersColourless => "Attack Resolution",
            RulebookFact::LandmarkPresent(Landmark::Modlin) | RulebookFact::ModlinNorthOfWarsaw => {
                "End of the Game"
            }
            RulebookFact::LandmarkPresent(_) | RulebookFact::RadzyminNortheastOfWarsaw => "Goal of the Game",
            RulebookFact::DefendersStartInWarsaw => "Warsaw Defenders",
            RulebookFact::CardEffectPresent(_) => "Summary of Cards",
        }
    }

    /// The passage that fixes the fact, verbatim (fragments joined by ` … `).
    #[must_use]
    pub fn quote(self) -> &'static str {
        match self {
            RulebookFact::SixUnitsPerSide => {
                "6 pentagonal Red Army units. … 6 round Polish Army units, including 1 \"Obrońcy Warszawy\" (Warsaw Defenders) unit."
            }
            RulebookFact::NamedUnit(u) => match u {
                RulebookUnit::Red3rdArmy | RulebookUnit::Red3KawKor => {
                    "the commander of the Red Army places 2 additional command markers: 1 marker on the 3rd Cavalry Corps (3 KawKor) and 1 marker on the 3rd Army."
                }
                RulebookUnit::Red4thArmy => {
                    "The Red player may continue to do actions. He next discards one command marker to command the 4th Army to march southwest."
                }
                RulebookUnit::Red16thArmy => {
                    "Now the Red player does a third action. … he places 2 command markers on the 16th Army"
                }
                RulebookUnit::Polish1stArmy => "attack the Polish 1st Army in Radzymin.",
                RulebookUnit::Polish2ndArmy => {
                    "Now the Polish player does the first Polish action. He discards 1 command marker from the 2nd Army"
                }
                RulebookUnit::Polish5thArmy => {
                    "Now the Polish player does a second action. He discards the 5th Army's command marker"
                }
                RulebookUnit::WarsawDefenders => {
                    "6 round Polish Army units, including 1 \"Obrońcy Warszawy\" (Warsaw Defenders) unit."
                }
            },
            RulebookFact::SixteenthArmyGreen => "All three of the cards match the 16th Army's color (green)",
            RulebookFact::FirstArmyRed => "The 1st Army's color is red",
            RulebookFact::DefendersColourless => "The Warsaw Defenders have no color",
            RulebookFact::LandmarkPresent(Landmark::Warsaw) => {
                "any Red Army unit enters Warsaw (marked with a red border)."
            }
            RulebookFact::LandmarkPresent(Landmark::Radzymin) | RulebookFact::RadzyminNortheastOfWarsaw => {
                "victory depends on whether a Red unit occupies Radzymin (northeast of Warsaw, marked with an orange border)."
            }
            RulebookFact::LandmarkPresent(Landmark::Modlin) | RulebookFact::ModlinNorthOfWarsaw => {
                "Modlin (marked with a green border) is a set of fortifications guarding access to Warsaw from the north."
            }
            RulebookFact::LandmarkFortified(_) => "Warsaw, Radzymin and Modlin are all fortified spaces.",
            RulebookFact::ModlinAdjacentToRadzymin => {
                "The only adjacent space which is empty is Modlin, so the 1st Army must retreat to Modlin"
            }
            RulebookFact::FirstArmyStartsInRadzymin => {
                "The operational phase of the first round begins. … march one space toward Radzymin (the orange space) and then attack the Polish 1st Army in Radzymin. … The 1st Army had 1 command marker"
            }
            RulebookFact::DefendersStartInWarsaw => {
                "The Warsaw Defenders are a unique Polish unit which never moves or attacks. It represents hastily organized volunteer troops defending the capital."
            }
            RulebookFact::RevolutionaryRegiment => {
                "Red strength: … The white Revolutionary Regiment has strength 1"
            }
            RulebookFact::CardEffectPresent(e) => effect_title(e),
            RulebookFact::ThirtyCardsPerDeck => {
                "60 command cards: … 30 Red Army cards. … 30 Polish Army cards."
            }
            RulebookFact::CardColours => {
                "The Polish player selects 2 red, 1 white and 1 yellow card to defend. … the Polish player randomly draws a blue card from the Red player's 4 cards. … All three of the cards match the 16th Army's color (green)"
            }
            RulebookFact::AssaultIsRed => {
                "The Red player plays the \"Szturm\" (Assault) card as his action. This causes the defender to retreat one space, and an attacking unit advances into the defender's space."
            }
            RulebookFact::EliteTroopsAreRed => {
                "Red strength: One of the cards is \"Doborowe oddziały\" (Elite troops), which has a special combat effect to resolve first: each Red card with strength 1 is treated as 3!"
            }
            RulebookFact::EliteTroopsMatchGreen => {
                "Red strength: One of the cards is \"Doborowe oddziały\" (Elite troops) … All three of the cards match the 16th Army's color (green), so they all remain and contribute their strength. The white Revolutionary Regiment has strength 1"
            }
        }
    }

    /// The fact, in English.
    #[must_use]
    pub fn english(self) -> String {
        match self {
            RulebookFact::SixUnitsPerSide => "6 Red and 6 Polish units".into(),
            RulebookFact::NamedUnit(u) => {
                format!("the {} side has the {} ({})", u.side(), u.english_name(), u.polish_name())
            }
            RulebookFact::SixteenthArmyGreen => "the 16th Army is green".into(),
            RulebookFact::FirstArmyRed => "the Polish 1st Army is red".into(),
            RulebookFact::DefendersColourless => "the Warsaw Defenders have no colour".into(),
            RulebookFact::LandmarkPresent(l) => format!("the board has {}", l.english()),
            RulebookFact::LandmarkFortified(l) => format!("{} is fortified", l.english()),
            RulebookFact::RadzyminNortheastOfWarsaw => "Radzymin is northeast of Warsaw".into(),
            RulebookFact::ModlinAdjacentToRadzymin => "Modlin is adjacent to Radzymin".into(),
            RulebookFact::ModlinNorthOfWarsaw => "Modlin is north of Warsaw".into(),
            RulebookFact::FirstArmyStartsInRadzymin => "the Polish 1st Army starts in Radzymin".into(),
            RulebookFact::DefendersStartInWarsaw => "the Warsaw Defenders start in Warsaw".into(),
            RulebookFact::RevolutionaryRegiment => {
                "the Red deck has Pułk Rewolucyjny (Revolutionary Regiment), white, strength 1".into()
            }
            RulebookFact::CardEffectPresent(e) => format!("a card is {}", effect_title(e)),
            RulebookFact::ThirtyCardsPerDeck => format!("each deck has {DECK_SIZE} cards"),
            RulebookFact::CardColours => {
                "Red cards are blue, green or white; Polish cards red, yellow or white".into()
            }
            RulebookFact::AssaultIsRed => format!("{} is a Red card", effect_title(CardEffect::Assault)),
            RulebookFact::EliteTroopsAreRed => {
                format!("{} is a Red card", effect_title(CardEffect::EliteTroops))
            }
            RulebookFact::EliteTroopsMatchGreen => format!(
                "{} matches the 16th Army's colour: it is green or white",
                effect_title(CardEffect::EliteTroops)
            ),
        }
    }

    /// The fact, in Polish.
    #[must_use]
    pub fn polish(self) -> String {
        match self {
            RulebookFact::SixUnitsPerSide => "6 jednostek czerwonych i 6 polskich".into(),
            RulebookFact::NamedUnit(u) => match u.side() {
                Side::Red => format!("Armia Czerwona ma jednostkę {}", u.polish_name()),
                Side::Polish => format!("strona polska ma jednostkę {}", u.polish_name()),
            },
            RulebookFact::SixteenthArmyGreen => "16 Armia jest zielona".into(),
            RulebookFact::FirstArmyRed => "polska 1 Armia jest czerwona".into(),
            RulebookFact::DefendersColourless => "Obrońcy Warszawy nie mają koloru".into(),
            RulebookFact::LandmarkPresent(l) => format!("na planszy jest {}", l.polish()),
            RulebookFact::LandmarkFortified(Landmark::Warsaw) => "Warszawa jest ufortyfikowana".into(),
            RulebookFact::LandmarkFortified(l) => format!("{} jest ufortyfikowany", l.polish()),
            RulebookFact::RadzyminNortheastOfWarsaw => "Radzymin leży na północny wschód od Warszawy".into(),
            RulebookFact::ModlinAdjacentToRadzymin => "Modlin sąsiaduje z Radzyminem".into(),
            RulebookFact::ModlinNorthOfWarsaw => "Modlin leży na północ od Warszawy".into(),
            RulebookFact::FirstArmyStartsInRadzymin => "polska 1 Armia zaczyna grę w Radzyminie".into(),
            RulebookFact::DefendersStartInWarsaw => "Obrońcy Warszawy zaczynają grę w Warszawie".into(),
            RulebookFact::RevolutionaryRegiment => {
                "talia czerwona ma kartę Pułk Rewolucyjny: białą, o sile 1".into()
            }
            RulebookFact::CardEffectPresent(e) => format!("jedna z kart to {}", e.polish_name()),
            RulebookFact::ThirtyCardsPerDeck => format!("każda talia ma {DECK_SIZE} kart"),
            RulebookFact::CardColours => {
                "karty czerwone są niebieskie, zielone albo białe; polskie czerwone, żółte albo białe".into()
            }
            RulebookFact::AssaultIsRed => format!("{} to karta czerwona", CardEffect::Assault.polish_name()),
            RulebookFact::EliteTroopsAreRed => {
                format!("{} to karta czerwona", CardEffect::EliteTroops.polish_name())
            }
            RulebookFact::EliteTroopsMatchGreen => format!(
                "karta {} pasuje kolorem do 16 Armii: jest zielona albo biała",
                CardEffect::EliteTroops.polish_name()
            ),
        }
    }
}

/// A card's heading in the rulebook's "Summary of Cards".
fn effect_title(e: CardEffect) -> &'static str {
    match e {
        CardEffect::FighterEscadrille => "13 Eskadra Myśliwska (13th Fighter Escadrille)",
        CardEffect::ArtillerySupport => "Wsparcie artylerii (Artillery support)",
        CardEffect::RadioJamming => "Zagłuszanie radiostacji (Radio jamming)",
        CardEffect::BrokenCipher => "Złamany szyfr (Broken cipher)",
        CardEffect::Maneuver => "Manewr (Maneuver)",
        CardEffect::GoWest => "Na Zachód! (Go west!)",
        CardEffect::Assault => "Szturm (Assault)",
        CardEffect::PursuitGroup => "Grupa pościgowa (Pursuit group)",
        CardEffect::FieldFortifications => "Umocnienia polowe (Field fortifications)",
        CardEffect::EliteTroops => "Doborowe oddziały (Elite troops)",
        CardEffect::Commissar => "Komisarz (Commissar)",
        CardEffect::SevereFighting => "Okrutna bitwa (Severe fighting)",
    }
}
