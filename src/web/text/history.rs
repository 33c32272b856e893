//! The change history as sentences: what changed, where (round, table, game), who and when, and
//! the value before and after side by side, in words. Move logs are linked, never inlined. The
//! store's rows keep their JSON (records people keep); only this page reads it, by the field
//! names `store` writes, and an unknown shape is shown as "a change" rather than as JSON.

use crate::store::history::Entry;
use crate::web::text::i18n::Lang;
use crate::web::text::sentences::clock;
use serde_json::Value;
use std::collections::HashMap;

/// One history row as the page shows it.
#[derive(Debug, Clone)]
pub struct HistoryLine {
    pub id: i64,
    /// `YYYY-MM-DD HH:MM` (UTC, as stored).
    pub at: String,
    pub who: String,
    /// What changed and where, one sentence.
    pub what: String,
    pub before: Vec<String>,
    pub after: Vec<String>,
    /// The match page the row concerns.
    pub match_id: Option<i64>,
    pub old_log: bool,
    pub new_log: bool,
}

/// Names the sentences need: players by id, accounts by id.
pub struct Names {
    pub players: HashMap<i64, String>,
    pub users: HashMap<i64, String>,
}

impl Names {
    fn player(&self, v: &Value) -> String {
        match v.as_i64() {
            Some(id) => self.players.get(&id).cloned().unwrap_or_else(|| format!("#{id}")),
            None => "–".to_string(),
        }
    }

    fn player_id(&self, id: Option<i64>) -> String {
        id.map_or_else(String::new, |id| self.player(&Value::from(id)))
    }
}

/// "round 3, table 4" (as far as known).
fn place(lang: Lang, e: &Entry) -> String {
    let mut parts = Vec::new();
    if let Some(r) = e.round_number {
        parts.push(format!("{} {r}", lang.t("round").to_lowercase()));
    }
    if let Some(t) = e.table_no.filter(|&t| t > 0) {
        parts.push(format!("{} {t}", lang.t("table").to_lowercase()));
    }
    parts.join(", ")
}

/// The match's players, "A – B".
fn pair(names: &Names, e: &Entry) -> String {
    match (e.player_a, e.player_b) {
        (Some(a), Some(b)) => format!("{} – {}", names.player_id(Some(a)), names.player_id(Some(b))),
        (Some(a), None) => names.player_id(Some(a)),
        _ => String::new(),
    }
}

fn text(v: &Value, key: &str) -> String {
    v.get(key).and_then(Value::as_str).unwrap_or_default().to_string()
}

/// A game's stored result in words (the value of a `game` row).
fn game_result(lang: Lang, names: &Names, e: &Entry, v: &Value) -> Vec<String> {
    let winner = text(v, "winner");
    if winner.is_empty() {
        return vec![lang.t("no_result_yet").to_string()];
    }
    // Game 1's Red is A, game 2's is B (the extra game's Red is in its own lot row).
    let red = match e.game_no {
        Some(1) => e.player_a,
        Some(2) => e.player_b,
        _ => None,
    };
    let polish = match e.game_no {
        Some(1) => e.player_b,
        Some(2) => e.player_a,
        _ => None,
    };
    let who = match winner.as_str() {
        "red" => red,
        _ => polish,
    };
    let army = lang.t(&winner);
    let mut out = vec![match who {
        Some(p) => format!("{} {army} ({})", lang.t("wins_word"), names.player_id(Some(p))),
        None => format!("{} {army}", lang.t("wins_word")),
    }];
    out.push(lang.t(&text(v, "termination")).to_string());
    if let Some(p) = v.get("red_points").and_then(Value::as_i64) {
        out.push(lang.pick(format!("{p} pkt za Czerwonych"), format!("{p} points for Red")));
    }
    let clocks: Vec<String> = [("red_clock_secs", "red_clock"), ("polish_clock_secs", "polish_clock")]
        .iter()
        .filter_map(|(k, label)| {
            v.get(*k).and_then(Value::as_i64).map(|s| format!("{}: {}", lang.t(label), clock(s)))
        })
        .collect();
    out.extend(clocks);
    out.push(match text(v, "log_status").as_str() {
        "valid" => lang.t("log_valid").to_string(),
        "invalid" => lang.t("log_invalid").to_string(),
        _ => lang.t("no_log").to_string(),
    });
    out
}

/// A stored forfeit name in words.
fn forfeit_words(lang: Lang, names: &Names, e: &Entry, v: &Value) -> Vec<String> {
    let (a, b) = (names.player_id(e.player_a), names.player_id(e.player_b));
    vec![match v.get("forfeit").and_then(Value::as_str) {
        None => lang.t("forfeit_played").to_string(),
        Some("absent-a") => format!("{}: {a}", lang.t("forfeit_absent")),
        Some("absent-b") => format!("{}: {b}", lang.t("forfeit_absent")),
        Some("absent-both") => lang.t("forfeit_both").to_string(),
        Some("withdrew-a") => format!("{}: {a}", lang.t("forfeit_withdrew")),
        Some("withdrew-b") => format!("{}: {b}", lang.t("forfeit_withdrew")),
        Some(other) => other.to_string(),
    }]
}

/// `[match, a, b]` rows (pairing overrides) as "A – B".
fn pairs(names: &Names, v: &Value) -> Vec<String> {
    v.as_array()
        .into_iter()
        .flatten()
        .filter_map(Value::as_array)
        .map(|row| {
            let b = row.get(2).filter(|b| !b.is_null());
            match b {
                Some(b) => {
                    format!("{} – {}", names.player(row.get(1).unwrap_or(&Value::Null)), names.player(b))
                }
                None => names.player(row.get(1).unwrap_or(&Value::Null)),
            }
        })
        .collect()
}

/// A round status as stored by serde (`"Published"`) in words.
fn status_word(lang: Lang, v: &Value) -> Vec<String> {
    let s = v.as_str().unwrap_or_default().to_lowercase();
    if s.is_empty() { Vec::new() } else { vec![lang.t(&s).to_string()] }
}

/// The configuration fields that changed, "label: before" and "label: after".
fn config_changes(lang: Lang, old: &Value, new: &Value) -> (Vec<String>, Vec<String>) {
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
    ];
    let show = |v: Option<&Value>| match v {
        Some(Value::Bool(true)) => lang.t("yes").to_string(),
        Some(Value::Bool(false)) => lang.t("no").to_string(),
        Some(Value::String(s)) => s.clone(),
        Some(Value::Null) | None => "–".to_string(),
        Some(other) => other.to_string(),
    };
    let (mut before, mut after) = (Vec::new(), Vec::new());
    // The engine's switches sit in `rules` since they are stored as one JSON column; rows written
    // before that keep them at the top level. Both read the same.
    let field = |v: &'_ Value, key: &str| -> Option<Value> {
        v.get(key).or_else(|| v.get("rules").and_then(|r| r.get(key))).cloned()
    };
    for (key, label) in LABELS {
        let (o, n) = (field(old, key), field(new, key));
        if o != n {
            before.push(format!("{}: {}", lang.t(label), show(o.as_ref())));
            after.push(format!("{}: {}", lang.t(label), show(n.as_ref())));
        }
    }
    (before, after)
}

/// A history row in words.
#[must_use]
pub fn describe(lang: Lang, names: &Names, e: &Entry) -> HistoryLine {
    let old: Value = serde_json::from_str(&e.old_value).unwrap_or(Value::Null);
    let new: Value = serde_json::from_str(&e.new_value).unwrap_or(Value::Null);
    let where_ = place(lang, e);
    let at_place =
        |what: &str| if where_.is_empty() { what.to_string() } else { format!("{what} ({where_})") };
    let players = pair(names, e);
    let with_players = |s: String| if players.is_empty() { s } else { format!("{s}: {players}") };
    let game = e.game_no.map(|n| {
        if n == 3 {
            lang.t("extra_game").to_string()
        } else {
            format!("{} {n}", lang.t("game").to_lowercase())
        }
    });
    let (what, before, after) = match (e.entity.as_str(), e.action.as_str()) {
        ("game", "enter" | "correct") => {
            let key = if e.action == "enter" { "h_game_enter" } else { "h_game_correct" };
            let what = with_players(at_place(&format!("{} {}", lang.t(key), game.unwrap_or_default())));
            let before = if e.action == "enter" { Vec::new() } else { game_result(lang, names, e, &old) };
            (what, before, game_result(lang, names, e, &new))
        }
        ("game", "extra-game lot") => (
            with_players(at_place(lang.t("h_extra_lot"))),
            Vec::new(),
            vec![format!("{}: {}", lang.t("red"), names.player(new.get("red").unwrap_or(&Value::Null)))],
        ),
        ("match", "forfeit") => (
            with_players(at_place(lang.t("h_forfeit"))),
            forfeit_words(lang, names, e, &old),
            forfeit_words(lang, names, e, &new),
        ),
        ("deck-check", _) => {
            let mut after = vec![format!(
                "{} {}: {} {}, {} {}",
                lang.t("set_label"),
                text(&new, "set_label"),
                lang.t("red_count"),
                new.get("red_count").and_then(Value::as_i64).unwrap_or(0),
                lang.t("polish_count"),
                new.get("polish_count").and_then(Value::as_i64).unwrap_or(0)
            )];
            let swapped = text(&new, "swapped_to");
            if !swapped.is_empty() {
                after.push(format!("{}: {swapped}", lang.t("swapped_to")));
            }
            let missing: Vec<String> = new
                .get("missing_cards")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
                .filter_map(|c| c.get(1).and_then(Value::as_str).map(str::to_string))
                .collect();
            if !missing.is_empty() {
                after.push(format!("{}: {}", lang.t("missing_cards"), missing.join(", ")));
            }
            (with_players(at_place(lang.t("h_deck_check"))), Vec::new(), after)
        }
        ("pairing", "pair") => {
            let a = names.player(new.get("player_a").unwrap_or(&Value::Null));
            let after = match new.get("player_b").filter(|b| !b.is_null()) {
                Some(b) => format!("{a} ({}) – {}", lang.t("red_first"), names.player(b)),
                None => format!("{a}: {}", lang.t("bye")),
            };
            (at_place(lang.t("h_pair")), Vec::new(), vec![after])
        }
        ("pairing", "discard") => {
            let row = old.as_array().cloned().unwrap_or_default();
            let before = match (row.get(1), row.get(2)) {
                (Some(a), Some(b)) if !b.is_null() => format!("{} – {}", names.player(a), names.player(b)),
                (Some(a), _) => names.player(a),
                _ => String::new(),
            };
            (at_place(lang.t("h_pair_discard")), vec![before], Vec::new())
        }
        ("pairing", "override") => (at_place(lang.t("h_override")), pairs(names, &old), pairs(names, &new)),
        ("round", "discard") => {
            let n = old.get("number").and_then(Value::as_i64).map(|n| format!(" {n}")).unwrap_or_default();
            let count = old.get("matches").and_then(Value::as_array).map_or(0, Vec::len);
            (
                format!("{}{n}", lang.t("h_round_discard")),
                vec![format!("{}: {count}", lang.t("pairings"))],
                Vec::new(),
            )
        }
        ("round", "assign referee") => {
            let tables = |v: &Value| -> Vec<String> {
                v.as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(Value::as_array)
                    .map(|r| {
                        let t = r.first().and_then(Value::as_i64).unwrap_or(0);
                        let u = r
                            .get(1)
                            .and_then(Value::as_i64)
                            .and_then(|u| names.users.get(&u).cloned())
                            .unwrap_or_default();
                        format!("{} {t}: {u}", lang.t("table").to_lowercase())
                    })
                    .collect()
            };
            let mut after = tables(&new);
            if after.is_empty() {
                after.push(lang.t("nobody").to_string());
            }
            (at_place(lang.t("h_assign")), tables(&old), after)
        }
        ("round", action) => {
            let round = e.round_number.map(|n| format!(" {n}")).unwrap_or_default();
            (
                format!("{}{round}: {}", lang.t("round"), lang.t(action)),
                status_word(lang, &old),
                status_word(lang, &new),
            )
        }
        ("player", action) => {
            let name = names.player(&Value::from(e.entity_id));
            let what = match action {
                "register" | "register (age override)" => {
                    let mut s = format!("{}: {name}", lang.t("h_register"));
                    if action != "register" {
                        s.push_str(&format!(" ({})", lang.t("age_override")));
                    }
                    s
                }
                "withdraw" => format!("{}: {name}", lang.t("h_withdraw")),
                "re-admit" => format!("{}: {name}", lang.t("h_readmit")),
                "erase personal data" => format!("{}: {name}", lang.t("h_erase")),
                _ => format!("{}: {name}", lang.t("h_player_change")),
            };
            let knowledge = |v: &Value| {
                v.get("knowledge_score").map(|k| match k.as_i64() {
                    Some(k) => format!("{}: {k}", lang.t("knowledge")),
                    None => format!("{}: –", lang.t("knowledge")),
                })
            };
            let state = |v: &Value| -> Vec<String> {
                let mut out = Vec::new();
                if let Some(w) = v.get("withdrawn").and_then(Value::as_bool) {
                    out.push(if w { lang.t("withdrawn").to_string() } else { lang.t("playing").to_string() });
                }
                out.extend(knowledge(v));
                let club = text(v, "club");
                if !club.is_empty() {
                    out.push(format!("{}: {club}", lang.t("club")));
                }
                out
            };
            (what, state(&old), state(&new))
        }
        ("forbidden-pair", action) => {
            let row = if action == "allow" { &old } else { &new };
            let list = row.as_array().cloned().unwrap_or_default();
            let names_of = format!(
                "{} – {}",
                names.player(list.first().unwrap_or(&Value::Null)),
                names.player(list.get(1).unwrap_or(&Value::Null))
            );
            let until = |v: &Value| -> Vec<String> {
                match v.as_array() {
                    Some(r) => vec![match r.get(2).and_then(Value::as_i64) {
                        Some(n) => format!("{} {n}", lang.t("forbidden_until_round")),
                        None => lang.t("forbidden_always").to_string(),
                    }],
                    None => Vec::new(),
                }
            };
            let key = if action == "allow" { "h_allow" } else { "h_forbid" };
            let after = if action == "allow" { Vec::new() } else { until(&new) };
            (
                format!("{}: {names_of}", lang.t(key)),
                if action == "allow" { Vec::new() } else { until(&old) },
                after,
            )
        }
        ("tournament", _) => {
            let (before, after) = config_changes(lang, &old, &new);
            (lang.t("h_configure").to_string(), before, after)
        }
        _ => (lang.t("h_other").to_string(), Vec::new(), Vec::new()),
    };
    HistoryLine {
        id: e.id,
        at: e.at.get(..16).unwrap_or(&e.at).replace('T', " "),
        who: e.username.clone().unwrap_or_default(),
        what,
        before,
        after,
        match_id: e.match_id,
        old_log: e.old_log,
        new_log: e.new_log,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(entity: &str, action: &str, old: &str, new: &str) -> Entry {
        Entry {
            id: 7,
            entity: entity.to_string(),
            entity_id: 3,
            action: action.to_string(),
            username: Some("sedzia".to_string()),
            at: "2026-05-09T14:03:59Z".to_string(),
            old_value: old.to_string(),
            new_value: new.to_string(),
            old_log: false,
            new_log: true,
            match_id: Some(5),
            round_number: Some(3),
            table_no: Some(4),
            game_no: Some(2),
            player_a: Some(1),
            player_b: Some(2),
        }
    }

    fn names() -> Names {
        Names {
            players: [(1, "Anna Nowak".to_string()), (2, "Jan Kowal".to_string())].into_iter().collect(),
            users: [(9, "sedzia".to_string())].into_iter().collect(),
        }
    }

    #[test]
    fn a_corrected_game_reads_as_a_sentence_with_both_values() {
        let old = r#"{"winner":"red","termination":"radzymin-check","red_points":10,"red_clock_secs":null,"polish_clock_secs":null,"log_status":"none","log_message":"","log_edition":null}"#;
        let new = r#"{"winner":"polish","termination":"three-red-eliminated","red_points":0,"red_clock_secs":65,"polish_clock_secs":null,"log_status":"valid","log_message":"","log_edition":"x"}"#;
        let line = describe(Lang::Pl, &names(), &entry("game", "correct", old, new));
        assert_eq!(line.what, "Poprawka wyniku: partia 2 (runda 3, stół 4): Anna Nowak – Jan Kowal");
        assert_eq!(line.at, "2026-05-09 14:03");
        // Game 2: B (Jan) commands Red, A (Anna) the Poles.
        assert_eq!(
            line.before,
            [
                "wygrywa Armia Czerwona (Jan Kowal)",
                "Kontrola Radzymina po 5. rundzie",
                "10 pkt za Czerwonych",
                "bez zapisu"
            ]
        );
        assert_eq!(
            line.after,
            [
                "wygrywa Wojsko Polskie (Anna Nowak)",
                "Polacy zniszczyli 3 armie czerwonych",
                "0 pkt za Czerwonych",
                "Czas pozostały Czerwonym (m:ss): 1:05",
                "zapis poprawny"
            ]
        );
        assert!(line.new_log && !line.old_log);
    }

    #[test]
    fn a_walkover_a_referee_assignment_and_a_configuration_change_read_in_words() {
        let forfeit = describe(
            Lang::Pl,
            &names(),
            &entry("match", "forfeit", r#"{"forfeit":null}"#, r#"{"forfeit":"absent-b"}"#),
        );
        assert_eq!(forfeit.before, ["mecz rozgrywany (wyniki partii poniżej)"]);
        assert_eq!(forfeit.after, ["nieobecność: Jan Kowal"]);
        let assign = describe(Lang::En, &names(), &entry("round", "assign referee", "[]", "[[4,9]]"));
        assert_eq!(assign.after, ["table 4: sedzia"]);
        let config = describe(
            Lang::Pl,
            &names(),
            &entry(
                "tournament",
                "configure",
                r#"{"name":"A","swiss_rounds":5}"#,
                r#"{"name":"A","swiss_rounds":6}"#,
            ),
        );
        assert_eq!(config.what, "Zmiana konfiguracji turnieju");
        assert_eq!(
            (config.before, config.after),
            (
                vec!["Rundy systemu szwajcarskiego: 5".to_string()],
                vec!["Rundy systemu szwajcarskiego: 6".to_string()]
            )
        );
        // The engine's switches, nested in `rules` (today) or flat (rows written before), read alike.
        let nested = describe(
            Lang::En,
            &names(),
            &entry(
                "tournament",
                "configure",
                r#"{"name":"A","compulsory_advance":false}"#,
                r#"{"name":"A","rules":{"compulsory_advance":true}}"#,
            ),
        );
        assert_eq!(nested.after.len(), 1, "{:?}", nested.after);
        assert!(nested.after[0].ends_with(": yes") && nested.before[0].ends_with(": no"), "{nested:?}");
        let unknown = describe(Lang::Pl, &names(), &entry("something", "new", "{}", "{}"));
        assert_eq!(unknown.what, "Zmiana");
    }
}
