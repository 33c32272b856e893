//! Rule switches a league may set: the rulebook's "Additional Rules", the league time control, and the
//! readings of the rulebook where a league may reasonably differ (`docs/rules-interpretations.md`).
//! `Default` is the register's decision; every switch added later is `#[serde(default)]` so stored
//! options from before it still load, with today's behaviour.

use serde::{Deserialize, Serialize};

/// Rule switches a league may set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RuleOptions {
    /// Fortifications (Warsaw, Radzymin, Modlin): the defender sets a card aside.
    pub fortifications: bool,
    /// Flank attacks: the attacker sets a card aside.
    pub flank_attacks: bool,
    /// Thinking time per player in seconds (league rules: 15 minutes).
    pub time_control_secs: u32,
    /// A losing defender with no empty space to retreat to is eliminated instead of staying
    /// dispersed (register R2; default: it stays).
    #[serde(default)]
    pub no_retreat_eliminates: bool,
    /// The winning attacker must advance into the vacated space (register R3; default: it may hold).
    #[serde(default)]
    pub compulsory_advance: bool,
    /// Pillage is allowed only for a unit that could be commanded: not engaged and not having attacked
    /// this round (register R4; default: any Red unit with 2 markers).
    #[serde(default)]
    pub pillage_by_free_units_only: bool,
    /// What counts as an encircling maneuver for Grupa pościgowa (register R8).
    #[serde(default)]
    pub encirclement: Encirclement,
    /// Each Okrutna bitwa card still fighting hits both units once, so a second card eliminates what the
    /// first dispersed (register R26; default: the battle is severe once, however many cards say so).
    #[serde(default)]
    pub severe_fighting_each_card: bool,
}

impl Default for RuleOptions {
    fn default() -> Self {
        RuleOptions::STANDARD
    }
}

impl RuleOptions {
    /// The register's decisions, as `Default` (usable in `const` items: `..RuleOptions::STANDARD`).
    pub const STANDARD: RuleOptions = RuleOptions {
        fortifications: true,
        flank_attacks: true,
        time_control_secs: 900,
        no_retreat_eliminates: false,
        compulsory_advance: false,
        pillage_by_free_units_only: false,
        encirclement: Encirclement::TwoAttackers,
        severe_fighting_each_card: false,
    };
}

/// Grupa pościgowa: "During an encircling maneuver, this card has combat strength 5." (register R8)
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Encirclement {
    /// The defender carries two or more attack markers when this attack is chosen.
    #[default]
    TwoAttackers,
    /// This attack is a flank attack (rulebook "Flank Attacks" geometry, whether or not the
    /// `flank_attacks` switch is on).
    FlankAttack,
}

/// How many switches the `Rules` tag can name.
const SWITCHES: usize = 7;

/// The words of the log's `Rules` tag (docs/notation.md), one per switch away from its default. A new
/// switch adds a word at the end: a tag written before it keeps its meaning.
const WORDS: [&str; SWITCHES] = [
    "no-fortifications",
    "no-flank-attacks",
    "no-retreat-eliminates",
    "compulsory-advance",
    "pillage-by-free-units-only",
    "encirclement-flank-attack",
    "severe-fighting-each-card",
];

/// The value of the `Rules` tag that names the standard rules.
pub const STANDARD_RULES: &str = "standard";

impl RuleOptions {
    fn flags(&self) -> [bool; SWITCHES] {
        [
            !self.fortifications,
            !self.flank_attacks,
            self.no_retreat_eliminates,
            self.compulsory_advance,
            self.pillage_by_free_units_only,
            self.encirclement == Encirclement::FlankAttack,
            self.severe_fighting_each_card,
        ]
    }

    /// The `Rules` tag value: the switches away from their default, space-separated, or `standard`.
    /// The time control has its own tag (`TimeControl`).
    #[must_use]
    pub fn rules_tag(&self) -> String {
        let words: Vec<&str> =
            WORDS.iter().zip(self.flags()).filter(|(_, on)| *on).map(|(w, _)| *w).collect();
        if words.is_empty() { STANDARD_RULES.to_string() } else { words.join(" ") }
    }

    /// Do these options play the rules a `Rules` tag names (the time control aside)? `None` if the tag
    /// has a word it does not know.
    #[must_use]
    pub fn matches_rules_tag(&self, tag: &str) -> Option<bool> {
        let mut named = [false; SWITCHES];
        for word in tag.split_whitespace().filter(|w| *w != STANDARD_RULES) {
            let i = WORDS.iter().position(|w| *w == word)?;
            named[i] = true;
        }
        Some(named == self.flags())
    }

    /// The options a `Rules` tag names (its words, as `rules_tag` writes them), with the standard
    /// time control: what `check-log --rules` checks a kept log against. `None` if the tag has a word
    /// it does not know.
    #[must_use]
    pub fn from_rules_tag(tag: &str) -> Option<RuleOptions> {
        let mut o = RuleOptions::STANDARD;
        for word in tag.split_whitespace().filter(|w| *w != STANDARD_RULES) {
            match WORDS.iter().position(|w| *w == word)? {
                0 => o.fortifications = false,
                1 => o.flank_attacks = false,
                2 => o.no_retreat_eliminates = true,
                3 => o.compulsory_advance = true,
                4 => o.pillage_by_free_units_only = true,
                5 => o.encirclement = Encirclement::FlankAttack,
                _ => o.severe_fighting_each_card = true,
            }
        }
        Some(o)
    }

    /// Is every switch (the time control aside) at its default?
    #[must_use]
    pub fn is_standard(&self) -> bool {
        self.flags() == [false; SWITCHES]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_rules_tag_names_the_options_it_was_written_from() {
        for bits in 0u32..(1 << SWITCHES) {
            let on = |i: u32| bits & (1 << i) != 0;
            let o = RuleOptions {
                fortifications: !on(0),
                flank_attacks: !on(1),
                no_retreat_eliminates: on(2),
                compulsory_advance: on(3),
                pillage_by_free_units_only: on(4),
                encirclement: if on(5) { Encirclement::FlankAttack } else { Encirclement::TwoAttackers },
                severe_fighting_each_card: on(6),
                ..RuleOptions::STANDARD
            };
            assert_eq!(RuleOptions::from_rules_tag(&o.rules_tag()), Some(o), "{}", o.rules_tag());
        }
        assert_eq!(RuleOptions::from_rules_tag("standard"), Some(RuleOptions::STANDARD));
        assert_eq!(RuleOptions::from_rules_tag("no-such-rule"), None);
    }

    #[test]
    fn rules_tag_round_trips_and_names_only_non_default_switches() {
        let standard = RuleOptions::default();
        assert_eq!(standard.rules_tag(), "standard");
        assert_eq!(standard.matches_rules_tag("standard"), Some(true));
        assert_eq!(standard.matches_rules_tag(""), Some(true));
        let league = RuleOptions {
            compulsory_advance: true,
            encirclement: Encirclement::FlankAttack,
            ..RuleOptions::default()
        };
        assert_eq!(league.rules_tag(), "compulsory-advance encirclement-flank-attack");
        assert_eq!(league.matches_rules_tag(&league.rules_tag()), Some(true));
        assert_eq!(standard.matches_rules_tag(&league.rules_tag()), Some(false));
        assert_eq!(league.matches_rules_tag("standard"), Some(false));
        assert_eq!(standard.matches_rules_tag("house-rules"), None);
        // The switch added last (register R26) has its word at the end; a tag written before it means
        // what it meant.
        let each = RuleOptions { severe_fighting_each_card: true, ..league };
        assert_eq!(
            each.rules_tag(),
            "compulsory-advance encirclement-flank-attack severe-fighting-each-card"
        );
        assert_eq!(each.matches_rules_tag(&each.rules_tag()), Some(true));
        assert_eq!(league.matches_rules_tag(&each.rules_tag()), Some(false));
        assert_eq!(each.matches_rules_tag(&league.rules_tag()), Some(false));
    }

    #[test]
    fn stored_options_from_before_the_new_switches_still_load_with_todays_rules() {
        let old = r#"{"fortifications":true,"flank_attacks":true,"time_control_secs":900}"#;
        let options: RuleOptions = serde_json::from_str(old).expect("old JSON loads");
        assert_eq!(options, RuleOptions::default());
        let new = serde_json::to_string(&RuleOptions {
            encirclement: Encirclement::FlankAttack,
            ..RuleOptions::default()
        })
        .expect("serialises");
        assert!(new.contains(r#""encirclement":"flank-attack""#), "{new}");
    }
}
