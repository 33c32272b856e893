//! Stored rows (as the store keeps them) in words.

use super::*;
use crate::store::history::Entity;

/// A row of `entity` 3 with these stored values, read as the store reads it, at round 3, table 4,
/// game 2 of Anna Nowak (A) against Jan Kowal (B).
fn entry(entity: Entity, action: &str, old: &str, new: &str) -> Entry {
    Entry {
        id: 7,
        change: Change::read(entity, 3, action, old, new).expect("a readable row"),
        username: Some("sedzia".to_string()),
        at: "2026-05-09T14:03:59Z".to_string(),
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
    let line = describe(Lang::Pl, &names(), &entry(Entity::Game, "correct", old, new));
    assert_eq!(line.what, "Poprawka wyniku: partia 2 (runda 3, stół 4): Anna Nowak – Jan Kowal");
    // 14:03 UTC on 9 May is 16:03 in Warsaw (summer time, UTC+2); the machine time stays in `datetime`.
    assert_eq!(line.at, "<time datetime=\"2026-05-09T14:03:59Z\">9 maja 2026, 16:03</time>");
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
            "Polacy zniszczyli 3 armie Czerwonych",
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
        &entry(Entity::Match, "forfeit", r#"{"forfeit":null}"#, r#"{"forfeit":"absent-b"}"#),
    );
    assert_eq!(forfeit.before, ["mecz rozgrywany (wyniki partii poniżej)"]);
    assert_eq!(forfeit.after, ["nieobecność: Jan Kowal"]);
    let assign = describe(Lang::En, &names(), &entry(Entity::Round, "assign referee", "[]", "[[4,9]]"));
    assert_eq!(assign.after, ["table 4: sedzia"]);
    let config = describe(
        Lang::Pl,
        &names(),
        &entry(
            Entity::Tournament,
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
            Entity::Tournament,
            "configure",
            r#"{"name":"A","compulsory_advance":false}"#,
            r#"{"name":"A","rules":{"compulsory_advance":true}}"#,
        ),
    );
    assert_eq!(nested.after.len(), 1, "{:?}", nested.after);
    assert!(nested.after[0].ends_with(": yes") && nested.before[0].ends_with(": no"), "{nested:?}");
}
