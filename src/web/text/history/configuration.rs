//! A change of the tournament's configuration in words: each setting that changed, before and after.

use super::Said;
use crate::store::history::Settings;
use crate::web::text::i18n::Lang;
use crate::web::text::names::Named;
use serde_json::Value;

/// Every setting a configuration row may hold, by its stored name, and its label's key. Rows keep
/// the settings as they were named when written, so names that left the configuration stay here
/// (`fortifications`, `flank_attacks` and `time_control_secs` now sit in `rules`, which
/// [`Settings::setting`] reads alike).
const LABELS: &[(&str, &str)] = &[
    ("name", "tournament_name"),
    ("venue", "venue"),
    ("first_day", "first_day"),
    ("last_day", "last_day"),
    ("swiss_rounds", "swiss_rounds"),
    ("knockout_size", "knockout_size"),
    ("third_place", "third_place"),
    ("score_win", "score_win"),
    ("score_draw", "score_draw"),
    ("score_loss", "score_loss"),
    ("score_bye", "score_bye"),
    ("tiebreaks", "tiebreak_order"),
    ("fortifications", "fortifications"),
    ("flank_attacks", "flank_attacks"),
    ("time_control_secs", "time_control"),
    ("edition", "edition"),
    ("no_retreat_eliminates", "no_retreat_eliminates"),
    ("compulsory_advance", "compulsory_advance"),
    ("pillage_by_free_units_only", "pillage_by_free_units_only"),
    ("encirclement", "encirclement"),
    ("severe_fighting_each_card", "severe_fighting_each_card"),
    ("table_clock", "table_clock"),
    ("no_show_wait_mins", "no_show_wait"),
];

/// "Tournament configuration changed", and "label: value" for each setting that changed.
pub(super) fn changed(lang: Lang, old: &Settings, new: &Settings) -> Said {
    let show = |name: &str, v: Option<&Value>| match v {
        Some(Value::Bool(true)) => lang.t("yes").to_string(),
        Some(Value::Bool(false)) => lang.t("no").to_string(),
        // A stored name of a typed value is said in words, never shown as stored.
        Some(Value::String(s)) if name == "encirclement" => crate::web::forms::rules::encirclement(s)
            .map_or_else(|| s.clone(), |e| lang.t(e.text_key()).to_string()),
        Some(Value::String(s)) => s.clone(),
        Some(Value::Null) | None => "–".to_string(),
        Some(other) => other.to_string(),
    };
    let (mut before, mut after) = (Vec::new(), Vec::new());
    for (name, label) in LABELS {
        let (o, n) = (old.setting(name), new.setting(name));
        if o != n {
            before.push(format!("{}: {}", lang.t(label), show(name, o)));
            after.push(format!("{}: {}", lang.t(label), show(name, n)));
        }
    }
    (lang.t("h_configure").to_string(), before, after)
}
