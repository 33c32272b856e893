//! The choices of the forms' selects as the templates show them: each option's value, the key of
//! its words and whether it is chosen, computed here from the typed value so that no template
//! compares an engine's, a store's or a league's value (templates name no path of the crate).

use crate::engine::Encirclement;
use crate::league::Tiebreak;
use crate::store::tournaments::{TableClock, TournamentConfig};
use crate::web::forms::rules::encirclement_name;
use crate::web::text::names::Named;

/// One option of a select.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Choice {
    /// What the form sends.
    pub value: &'static str,
    /// The translation key of its words.
    pub key: &'static str,
    pub selected: bool,
}

/// One numbered choice of a tiebreak order (`1. kryterium`): the options, the chosen one selected.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TiebreakSlot {
    /// 1 for the first tiebreak (the field `tiebreak_1`).
    pub n: usize,
    pub options: Vec<Choice>,
}

/// An order among `offered` tiebreaks as numbered choices, one per offered tiebreak: the order's
/// n-th tiebreak selected in slot n, nothing selected past its last.
#[must_use]
pub fn tiebreak_slots(order: &[Tiebreak], offered: &[Tiebreak]) -> Vec<TiebreakSlot> {
    (0..offered.len())
        .map(|i| TiebreakSlot {
            n: i + 1,
            options: offered
                .iter()
                .map(|&t| Choice { value: t.as_str(), key: t.text_key(), selected: order.get(i) == Some(&t) })
                .collect(),
        })
        .collect()
}

/// The configuration form's selects (tiebreak order, encirclement reading, table clock) for `cfg`.
pub struct ConfigChoices {
    pub tiebreak_slots: Vec<TiebreakSlot>,
    pub encirclement: Vec<Choice>,
    pub table_clock: Vec<Choice>,
}

impl ConfigChoices {
    #[must_use]
    pub fn of(cfg: &TournamentConfig) -> ConfigChoices {
        let encirclement = [Encirclement::TwoAttackers, Encirclement::FlankAttack]
            .into_iter()
            .map(|e| Choice {
                value: encirclement_name(e),
                key: e.text_key(),
                selected: cfg.rules.encirclement == e,
            })
            .collect();
        let table_clock = [
            (TableClock::Players, "players", "table_clock_players"),
            (TableClock::Tablet, "tablet", "table_clock_tablet"),
        ]
        .into_iter()
        .map(|(c, value, key)| Choice { value, key, selected: cfg.table_clock == c })
        .collect();
        ConfigChoices {
            tiebreak_slots: tiebreak_slots(cfg.tiebreaks.as_slice(), &Tiebreak::ALL),
            encirclement,
            table_clock,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::web::text::i18n::Lang;

    #[test]
    fn slots_select_the_order_and_offer_every_tiebreak() {
        let order = [Tiebreak::GamesWon, Tiebreak::Buchholz];
        let slots = tiebreak_slots(&order, &Tiebreak::ALL);
        assert_eq!(slots.len(), Tiebreak::ALL.len());
        let selected =
            |s: &TiebreakSlot| s.options.iter().filter(|o| o.selected).map(|o| o.value).collect::<Vec<_>>();
        assert_eq!(selected(&slots[0]), vec!["games_won"]);
        assert_eq!(selected(&slots[1]), vec!["buchholz"]);
        assert!(selected(&slots[2]).is_empty(), "nothing chosen past the order's end");
        assert_eq!((slots[0].n, slots[6].n), (1, 7));
        for o in &slots[0].options {
            assert_eq!(o.value.parse::<Tiebreak>().ok().map(|t| t.text_key()), Some(o.key));
            assert!(!Lang::Pl.t(o.key).is_empty(), "{} has words", o.key);
        }
    }

    #[test]
    fn the_configuration_selects_mark_the_stored_values() {
        let mut cfg = crate::app::tournament::default_config(chrono::NaiveDate::MIN);
        cfg.rules.encirclement = Encirclement::FlankAttack;
        cfg.table_clock = TableClock::Tablet;
        let c = ConfigChoices::of(&cfg);
        let chosen = |cs: &[Choice]| cs.iter().filter(|o| o.selected).map(|o| o.value).collect::<Vec<_>>();
        assert_eq!(chosen(&c.encirclement), vec!["flank-attack"]);
        assert_eq!(chosen(&c.table_clock), vec!["tablet"]);
        for o in c.encirclement.iter().chain(&c.table_clock) {
            assert!(!Lang::En.t(o.key).is_empty(), "{} has words", o.key);
        }
    }
}
