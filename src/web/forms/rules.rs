//! The configuration form's names of the engine's rule switches. The one mapping from a stored
//! configuration to the switches (`rule_options`) is the use cases' (`app::tournament`).

use crate::engine::Encirclement;

pub use crate::app::tournament::rule_options;

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::RuleOptions;

    #[test]
    fn a_stored_object_without_a_later_switch_reads_with_its_default() {
        // What a tournament stored before the register's switches existed would hold.
        let old: RuleOptions =
            serde_json::from_str(r#"{"fortifications":true,"flank_attacks":true,"time_control_secs":900}"#)
                .expect("reads");
        assert_eq!(old, RuleOptions::default());
        let all: RuleOptions = serde_json::from_str(
            r#"{"fortifications":false,"flank_attacks":false,"time_control_secs":600,"no_retreat_eliminates":true,
                "compulsory_advance":true,"pillage_by_free_units_only":true,"encirclement":"flank-attack"}"#,
        )
        .expect("reads");
        assert_eq!(
            all.rules_tag(),
            "no-fortifications no-flank-attacks no-retreat-eliminates compulsory-advance pillage-by-free-units-only encirclement-flank-attack"
        );
        assert_eq!(all.time_control_secs, 600);
    }

    #[test]
    fn encirclement_names_are_the_engines_serde_names() {
        assert_eq!(encirclement_name(RuleOptions::default().encirclement), ENCIRCLEMENTS[0]);
        for name in ENCIRCLEMENTS {
            let e = encirclement(name).expect("known");
            assert_eq!(encirclement_name(e), name);
            assert_eq!(serde_json::to_value(e).expect("serialises"), serde_json::json!(name));
        }
        assert_eq!(encirclement("pincer"), None);
    }
}
