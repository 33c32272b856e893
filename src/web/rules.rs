//! The one mapping from a tournament's stored configuration to the engine's rule switches
//! (`engine::RuleOptions`). The demo and the referee's log validation both go through
//! [`rule_options`]; a switch the engine adds later keeps its default until it is stored and mapped here.

use crate::engine::{Encirclement, RuleOptions};
use crate::store::tournaments::TournamentConfig;

/// The stored names of [`Encirclement`] (the engine's serde names), default first.
pub const ENCIRCLEMENTS: [&str; 2] = ["two-attackers", "flank-attack"];

/// The engine's encirclement reading for a stored name; `None` for an unknown name.
#[must_use]
pub fn encirclement(name: &str) -> Option<Encirclement> {
    match name {
        "two-attackers" => Some(Encirclement::TwoAttackers),
        "flank-attack" => Some(Encirclement::FlankAttack),
        _ => None,
    }
}

/// The stored name of an encirclement reading.
#[must_use]
pub fn encirclement_name(e: Encirclement) -> &'static str {
    match e {
        Encirclement::TwoAttackers => ENCIRCLEMENTS[0],
        Encirclement::FlankAttack => ENCIRCLEMENTS[1],
    }
}

/// The engine's options for a tournament's games.
#[must_use]
pub fn rule_options(cfg: &TournamentConfig) -> RuleOptions {
    let standard = RuleOptions::default();
    #[allow(clippy::needless_update)] // a switch the engine adds later keeps its default until stored here
    RuleOptions {
        fortifications: cfg.fortifications,
        flank_attacks: cfg.flank_attacks,
        time_control_secs: u32::try_from(cfg.time_control_secs).unwrap_or(standard.time_control_secs),
        no_retreat_eliminates: cfg.no_retreat_eliminates,
        compulsory_advance: cfg.compulsory_advance,
        pillage_by_free_units_only: cfg.pillage_by_free_units_only,
        encirclement: encirclement(&cfg.encirclement).unwrap_or(standard.encirclement),
        ..standard
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cfg() -> TournamentConfig {
        TournamentConfig {
            name: "t".into(),
            venue: String::new(),
            first_day: chrono::NaiveDate::MIN,
            last_day: chrono::NaiveDate::MIN,
            swiss_rounds: 1,
            knockout_size: 0,
            third_place: false,
            score_win: 2,
            score_draw: 1,
            score_loss: 0,
            score_bye: 2,
            tiebreaks: String::new(),
            fortifications: true,
            flank_attacks: true,
            time_control_secs: 900,
            edition: "builtin".into(),
            no_retreat_eliminates: false,
            compulsory_advance: false,
            pillage_by_free_units_only: false,
            encirclement: "two-attackers".into(),
        }
    }

    #[test]
    fn the_stored_defaults_are_the_engines_defaults() {
        assert_eq!(rule_options(&cfg()), RuleOptions::default());
        assert_eq!(encirclement_name(RuleOptions::default().encirclement), ENCIRCLEMENTS[0]);
    }

    #[test]
    fn every_switch_reaches_the_engine() {
        let c = TournamentConfig {
            fortifications: false,
            flank_attacks: false,
            time_control_secs: 600,
            no_retreat_eliminates: true,
            compulsory_advance: true,
            pillage_by_free_units_only: true,
            encirclement: "flank-attack".into(),
            ..cfg()
        };
        let o = rule_options(&c);
        assert_eq!(
            o.rules_tag(),
            "no-fortifications no-flank-attacks no-retreat-eliminates compulsory-advance pillage-by-free-units-only encirclement-flank-attack"
        );
        assert_eq!(o.time_control_secs, 600);
        for name in ENCIRCLEMENTS {
            assert_eq!(encirclement(name).map(encirclement_name), Some(name));
        }
    }
}
