//! The words for the values pages show by name: each enum's translation key, mapped in one place.
//!
//! Stored names (`published`, `warsaw-entered`) belong to the database and the notation; many keys
//! happen to read the same today, but no page hands a stored name to the translation table. So a
//! stored name can change (with a migration) without a page losing its word, and a wording key can
//! be renamed without touching stored data. Templates write `ctx.t(round.status.text_key())`.

use crate::league::{Reached, Tiebreak};
use crate::outcome::{Side, Termination};
use crate::store::rounds::{Phase, Status};

/// A value with a word of its own on the pages.
pub trait Named {
    /// The translation key of this value (see `web::text::i18n`).
    fn text_key(&self) -> &'static str;
}

impl Named for Phase {
    fn text_key(&self) -> &'static str {
        match self {
            Phase::Swiss => "swiss",
            Phase::Groups => "groups",
            Phase::Knockout => "knockout",
        }
    }
}

impl Named for Status {
    fn text_key(&self) -> &'static str {
        match self {
            Status::Draft => "draft",
            Status::Published => "published",
            Status::Locked => "locked",
        }
    }
}

/// The army: "Armia Czerwona" / "Red Army" (a game's winner, a form's choice).
impl Named for Side {
    fn text_key(&self) -> &'static str {
        match self {
            Side::Red => "red",
            Side::Polish => "polish",
        }
    }
}

impl Named for Termination {
    fn text_key(&self) -> &'static str {
        match self {
            Termination::WarsawEntered => "warsaw-entered",
            Termination::ThreeRedEliminated => "three-red-eliminated",
            Termination::AllRedDispersed => "all-red-dispersed",
            Termination::RadzyminCheck => "radzymin-check",
            Termination::TimeForfeit => "time-forfeit",
            Termination::Resignation => "resignation",
        }
    }
}

/// How far a player got in the knockout (the final ranking's "stage" column).
impl Named for Reached {
    fn text_key(&self) -> &'static str {
        match self {
            Reached::Champion => "stage_champion",
            Reached::Finalist => "stage_finalist",
            Reached::ThirdPlace => "stage_third",
            Reached::FourthPlace => "stage_fourth",
            Reached::SemiFinal => "stage_semi",
            Reached::KnockoutRound { before_final: 2 } => "stage_quarter",
            Reached::KnockoutRound { before_final: 3 } => "stage_16",
            Reached::KnockoutRound { before_final: 4 } => "stage_32",
            Reached::KnockoutRound { .. } => "stage_knockout",
            Reached::Swiss => "stage_swiss",
            Reached::Groups => "stage_groups",
        }
    }
}

/// The reading of Grupa pościgowa's encircling maneuver (register R8), as the configuration form
/// names it.
impl Named for crate::engine::Encirclement {
    fn text_key(&self) -> &'static str {
        match self {
            crate::engine::Encirclement::TwoAttackers => "encirclement_two_attackers",
            crate::engine::Encirclement::FlankAttack => "encirclement_flank_attack",
        }
    }
}

/// A knockout round or match, named by what it is.
impl Named for crate::league::BracketRound {
    fn text_key(&self) -> &'static str {
        use crate::league::BracketRound;
        match self {
            BracketRound::Final => "ko_final",
            BracketRound::ThirdPlace => "ko_third_place",
            BracketRound::SemiFinal => "ko_semi_final",
            BracketRound::QuarterFinal => "ko_quarter_final",
            BracketRound::Fraction(8) => "ko_eighth",
            BracketRound::Fraction(16) => "ko_sixteenth",
            BracketRound::Fraction(32) => "ko_thirty_second",
            BracketRound::Fraction(_) => "knockout",
        }
    }
}

/// A standings column's heading.
impl Named for Tiebreak {
    fn text_key(&self) -> &'static str {
        match self {
            Tiebreak::DirectEncounter => "tb_direct_encounter",
            Tiebreak::BuchholzCut1 => "tb_buchholz_cut1",
            Tiebreak::Buchholz => "tb_buchholz",
            Tiebreak::SonnebornBerger => "tb_sonneborn_berger",
            Tiebreak::GamesWon => "tb_games_won",
            Tiebreak::RedSidePoints => "tb_red_side_points",
            Tiebreak::KnowledgeTest => "tb_knowledge_test",
        }
    }
}

/// A value the pages explain in a line of its own (the standings' columns).
pub trait Explained {
    /// The translation key of the explanation.
    fn help_key(&self) -> &'static str;
}

impl Explained for Tiebreak {
    fn help_key(&self) -> &'static str {
        match self {
            Tiebreak::DirectEncounter => "tbhelp_direct_encounter",
            Tiebreak::BuchholzCut1 => "tbhelp_buchholz_cut1",
            Tiebreak::Buchholz => "tbhelp_buchholz",
            Tiebreak::SonnebornBerger => "tbhelp_sonneborn_berger",
            Tiebreak::GamesWon => "tbhelp_games_won",
            Tiebreak::RedSidePoints => "tbhelp_red_side_points",
            Tiebreak::KnowledgeTest => "tbhelp_knowledge_test",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::web::text::i18n::Lang;

    /// Every value named here has both texts (a key missing from the table would show as nothing).
    #[test]
    fn every_named_value_has_a_text_in_both_languages() {
        let mut keys: Vec<&str> = Vec::new();
        keys.extend([Phase::Swiss, Phase::Knockout].iter().map(Named::text_key));
        keys.extend([Status::Draft, Status::Published, Status::Locked].iter().map(Named::text_key));
        keys.extend(Side::BOTH.iter().map(Named::text_key));
        keys.extend(Termination::ALL.iter().map(Named::text_key));
        keys.extend(Tiebreak::ALL.iter().map(Named::text_key));
        keys.extend(Tiebreak::ALL.iter().map(Explained::help_key));
        let reached = [
            Reached::Champion,
            Reached::Finalist,
            Reached::ThirdPlace,
            Reached::FourthPlace,
            Reached::SemiFinal,
            Reached::KnockoutRound { before_final: 2 },
            Reached::KnockoutRound { before_final: 3 },
            Reached::KnockoutRound { before_final: 4 },
            Reached::KnockoutRound { before_final: 5 },
            Reached::Swiss,
            Reached::Groups,
        ];
        keys.extend(reached.iter().map(Named::text_key));
        use crate::league::BracketRound;
        let stages = [
            BracketRound::Final,
            BracketRound::ThirdPlace,
            BracketRound::SemiFinal,
            BracketRound::QuarterFinal,
            BracketRound::Fraction(8),
        ];
        keys.extend(stages.iter().map(Named::text_key));
        keys.extend(
            [BracketRound::Fraction(16), BracketRound::Fraction(32), BracketRound::Fraction(64)]
                .iter()
                .map(Named::text_key),
        );
        keys.extend(
            crate::web::forms::rules::ENCIRCLEMENTS
                .iter()
                .filter_map(|n| crate::web::forms::rules::encirclement(n))
                .map(|e| e.text_key()),
        );
        for key in keys {
            for lang in [Lang::Pl, Lang::En] {
                assert!(!lang.t(key).is_empty(), "{key} has no {lang:?} text");
            }
        }
    }

    /// The words are the pages' own, not the stored names read back (they differ in places).
    #[test]
    fn names_read_as_the_pages_say_them() {
        assert_eq!(Lang::Pl.t(Status::Published.text_key()), "opublikowana");
        assert_eq!(Lang::En.t(Termination::TimeForfeit.text_key()), "Time forfeit");
        assert_eq!(Lang::Pl.t(Reached::KnockoutRound { before_final: 2 }.text_key()), "ćwierćfinał");
        assert_eq!(Lang::Pl.t(crate::league::BracketRound::Fraction(8).text_key()), "1/8 finału");
        assert_eq!(Lang::Pl.t(crate::league::BracketRound::ThirdPlace.text_key()), "mecz o 3. miejsce");
        assert_eq!(Lang::En.t(Tiebreak::BuchholzCut1.text_key()), "Buchholz cut 1");
    }

    /// Every template's text, by path.
    fn templates() -> Vec<(String, String)> {
        let mut dirs = vec![std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("templates")];
        let mut out = Vec::new();
        while let Some(dir) = dirs.pop() {
            for entry in std::fs::read_dir(&dir).expect("templates") {
                let path = entry.expect("entry").path();
                if path.is_dir() {
                    dirs.push(path);
                } else {
                    out.push((path.display().to_string(), std::fs::read_to_string(&path).expect("template")));
                }
            }
        }
        assert!(out.len() > 30, "found the templates ({})", out.len());
        out
    }

    /// What a template compares with a string literal (`x == "..."`, `x != "..."`, `"..." == x`):
    /// the operand on the other side, one per comparison.
    fn compared_with_literals(text: &str) -> Vec<String> {
        let mut found = Vec::new();
        for tag in text.split("{%").skip(1).filter_map(|t| t.split("%}").next()) {
            for op in ["==", "!="] {
                for (i, _) in tag.match_indices(op) {
                    let (before, after) = (tag[..i].trim_end(), tag[i + op.len()..].trim_start());
                    let operand = |s: &str| -> String {
                        s.chars().take_while(|c| c.is_alphanumeric() || "_.()".contains(*c)).collect()
                    };
                    if after.starts_with('"') {
                        let left: String = operand(&before.chars().rev().collect::<String>());
                        found.push(left.chars().rev().collect());
                    } else if before.ends_with('"') {
                        found.push(operand(after));
                    }
                }
            }
        }
        found
    }

    #[test]
    fn the_literal_scan_finds_comparisons_either_way_round() {
        let text = r#"{% if round.status == "draft" %}{% else if "x" != g.log_status %}{% if n == 3 %}"#;
        assert_eq!(compared_with_literals(text), ["round.status", "g.log_status"]);
    }

    /// Typed end to end: a template matches on a value's enum, never on its stored name (which
    /// `impl PartialEq<&str>` on stored enums once allowed), and never translates a stored name
    /// (`ctx.t(x.as_str())`): both come back here if the types go. The one string a page compares
    /// is its own path (the login link's `?next=`).
    #[test]
    fn no_template_compares_a_value_with_a_string_or_translates_a_stored_name() {
        let mut found = Vec::new();
        for (path, text) in templates() {
            for operand in compared_with_literals(&text) {
                if operand != "ctx.path" {
                    found.push(format!("{path}: {operand} compared with a string"));
                }
            }
            for part in text.split("ctx.t(").skip(1) {
                let arg = part.split(')').next().unwrap_or_default();
                if arg.contains(".as_str(") {
                    found.push(format!("{path}: ctx.t({arg}) translates a stored name"));
                }
            }
        }
        assert!(found.is_empty(), "{found:#?}");
    }
}
