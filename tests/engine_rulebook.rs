//! The rulebook's worked examples, replayed on the edition their logs name with the position checked at
//! each step (fixtures/logs/rulebook-*.bwlog; `engine_edition.rs` replays them on the shipped edition).

use bitwa::engine::notation::{self, GameLog};
use bitwa::engine::{
    Action, CardEffect, CardId, CardSet, Edition, GameState, HexId, Lang, RuleOptions, Section, Status,
    UnitId, validate_log,
};
use bitwa::outcome::{Side, Termination};

fn e() -> &'static Edition {
    Edition::builtin_by_id(bitwa::engine::edition::PINNED_EDITION).expect("the edition the fixtures name")
}
fn u(code: &str) -> UnitId {
    e().unit_by_code(code).expect("unit")
}
fn h(label: &str) -> HexId {
    e().hex_by_label(label).expect("space")
}
fn cards(tokens: &str) -> CardSet {
    tokens.split_whitespace().map(|t| CardId::parse_token(t).expect("card")).collect()
}

fn fixture(name: &str) -> String {
    std::fs::read_to_string(format!("{}/fixtures/logs/{name}", env!("CARGO_MANIFEST_DIR"))).expect("fixture")
}

/// The state after the event written on the line containing `marker` (first match).
fn after(text: &str, marker: &str) -> GameState<'static> {
    let log: GameLog = notation::parse(text).expect("parses");
    let mut state = GameState::new(e(), RuleOptions::default());
    for ev in &log.events {
        state = state.apply_line(ev).expect("legal");
        if ev.to_string().contains(marker) {
            return state;
        }
    }
    panic!("no event matches {marker:?}")
}

fn attacks(g: &GameState<'_>) -> Vec<(String, String)> {
    let mut v: Vec<(String, String)> =
        g.attacks().map(|(a, d)| (e().unit(a).code.clone(), e().unit(d).code.clone())).collect();
    v.sort();
    v
}
fn pair(a: &str, d: &str) -> (String, String) {
    (a.to_string(), d.to_string())
}

#[test]
fn example_of_the_operational_phase() {
    let text = fixture("rulebook-operational-and-fortification.bwlog");
    // Setup: 1 extra marker on 3 KawKor and 1 on the 3rd Army.
    let g = after(&text, "extra");
    assert_eq!((g.markers(u("R3KK")), g.markers(u("R3A")), g.markers(u("R16A"))), (2, 2, 1));
    // The 3rd Army marches 2 spaces toward Warsaw and has no markers left.
    let g = after(&text, "command R3A march f5 e5");
    assert_eq!((g.position(u("R3A")), g.markers(u("R3A"))), (Some(h("e5")), 0));
    assert!(e().adjacent(h("e5"), e().warsaw()));
    // The 2nd Army attacks it: blue marker from P2A to R3A.
    let g = after(&text, "command P2A attack R3A");
    assert_eq!(attacks(&g), vec![pair("P2A", "R3A")]);
    // 3 KawKor marches toward Radzymin and attacks the 1st Army there, which loses its marker.
    let g = after(&text, "command R3KK march e3 attack P1A");
    assert_eq!(g.position(u("P1A")), Some(e().radzymin()));
    assert_eq!((g.markers(u("P1A")), g.markers(u("R3KK"))), (0, 0));
    // The 5th Army marches northeast.
    let g = after(&text, "command P5A march c2");
    assert_eq!(e().direction(h("c3"), g.position(u("P5A")).expect("on map")).map(|d| d.as_str()), Some("NE"));
    // Manewr: 2 markers on the 16th Army, which marches west twice and attacks: two attacks on the 1st Army.
    let g = after(&text, "maneuver R16A");
    assert_eq!(g.position(u("R16A")), Some(h("e4")));
    assert_eq!(attacks(&g), vec![pair("P2A", "R3A"), pair("R16A", "P1A"), pair("R3KK", "P1A")]);
    assert!(g.discard_pile(Side::Red).contains(CardId::parse_token("R06").expect("card")));
    // The 4th Army marches southwest; both have passed: the combat phase, Red to choose.
    let g = after(&text, "command R4A march e2");
    assert_eq!(e().direction(h("f1"), h("e2")).map(|d| d.as_str()), Some("SW"));
    assert_eq!(g.position(u("R4A")), Some(h("e2")));
    let g = after(&text, "red pass");
    assert_eq!(g.to_act(), Some(Side::Red));
    assert_eq!(g.round(), 1);
}

#[test]
fn example_of_a_combat_with_a_fortified_defender() {
    let text = fixture("rulebook-operational-and-fortification.bwlog");
    let g = after(&text, "red strength 8 4");
    // Polish 3 + 1 = 4 (the yellow 2 returned), Red 3* + 2 + 3 = 8 with Doborowe oddziały.
    assert_eq!(g.status(u("P1A")), Status::Dispersed);
    assert!(
        g.hand(Side::Polish).contains(CardId::parse_token("P18").expect("card")),
        "yellow 2 back in reserve"
    );
    let g = after(&text, "polish retreat d3");
    assert_eq!(g.position(u("P1A")), Some(e().modlin()), "the only empty adjacent space is Modlin");
    let g = after(&text, "red advance");
    assert_eq!(g.position(u("R16A")), Some(e().radzymin()));
    // The cards used go to the discard piles: Polish 3 and 1, Red 3, 2, 1 (plus the Manewr played before).
    assert_eq!(g.discard_pile(Side::Polish), cards("P08 P28"));
    assert_eq!(g.discard_pile(Side::Red), cards("R01 R02 R06 R09"));
    // 3 KawKor is still adjacent to the 1st Army in Modlin: its attack remains.
    assert_eq!(attacks(&g), vec![pair("P2A", "R3A"), pair("R3KK", "P1A")]);
    // Each player draws 1 card.
    let g = after(&text, "polish draw P13");
    assert_eq!((g.hand(Side::Red).len(), g.hand(Side::Polish).len()), (7, 6));
    let game = validate_log(&text, e(), &RuleOptions::default()).expect("valid");
    assert_eq!(game.outcome.termination, Termination::TimeForfeit);
    assert_eq!((game.outcome.winner, game.outcome.red_points), (Side::Red, 10 + 4 + 4));
    assert!(game.claims_agree);
}

#[test]
fn example_of_the_assault_szturm() {
    let text = fixture("rulebook-assault.bwlog");
    let g = after(&text, "maneuver R16A");
    assert_eq!(attacks(&g), vec![pair("R16A", "P1A"), pair("R3A", "P1A"), pair("R3KK", "P1A")]);
    let g = after(&text, "assault P1A by R16A retreat d3");
    assert_eq!(e().direction(e().radzymin(), h("d3")).map(|d| d.as_str()), Some("NW"));
    assert_eq!((g.position(u("P1A")), g.position(u("R16A"))), (Some(e().modlin()), Some(e().radzymin())));
    // The 16th Army and the cavalry still touch the 1st Army; the 3rd Army's attack is cancelled.
    assert_eq!(attacks(&g), vec![pair("R16A", "P1A"), pair("R3KK", "P1A")]);
    let game = validate_log(&text, e(), &RuleOptions::default()).expect("valid");
    assert_eq!((game.outcome.winner, game.outcome.red_points), (Side::Polish, 0), "Red flagged: 0 points");
}

#[test]
fn the_assault_must_retreat_northwest_when_that_is_the_only_space() {
    let text = fixture("rulebook-assault.bwlog").replace("retreat d3", "retreat c3");
    let err = validate_log(&text, e(), &RuleOptions::default()).expect_err("c3 is not adjacent to Radzymin");
    assert!(err.message(Lang::En).contains("cannot retreat to c3"), "{err}");
    assert_eq!(err.section(), Section::ActionCard(CardEffect::Assault));
}

/// Move-generation count, derived by hand from the map: after setup Red may pass (1), pillage with
/// 3rd Army or 3 KawKor (2), march each unit to an empty neighbour (R3A 5, R4A 4, R15A 6, R16A 5,
/// RGM 6, R3KK 6 = 32) or play Manewr on any of the 6 Red units (6): 41.
#[test]
fn perft_1_after_setup_of_the_operational_example() {
    let text = fixture("rulebook-operational-and-fortification.bwlog");
    let g = after(&text, "extra");
    let legal = g.legal_actions();
    let count = |f: fn(&Action) -> bool| legal.iter().filter(|a| f(a)).count();
    assert_eq!(count(|a| matches!(a, Action::Pass)), 1);
    assert_eq!(count(|a| matches!(a, Action::Pillage { .. })), 2);
    assert_eq!(count(|a| matches!(a, Action::March { .. })), 32);
    assert_eq!(count(|a| matches!(a, Action::Play { .. })), 6);
    assert_eq!(legal.len(), 41);
}

#[test]
fn snapshots_follow_the_rulebook_example_event_by_event() {
    let text = fixture("rulebook-assault.bwlog");
    let (game, snaps) = bitwa::engine::replay_snapshots(&text, e(), &RuleOptions::default()).expect("valid");
    assert_eq!(snaps.len(), game.events);
    let last_before_flag = &snaps[snaps.len() - 2];
    assert!(last_before_flag.event.contains("assault"));
    let p1a = last_before_flag.units.iter().find(|u| u.code == "P1A").expect("P1A");
    assert_eq!(p1a.space.as_deref(), Some("d3"));
    assert_eq!(last_before_flag.attacks.len(), 2);
    assert_eq!(
        last_before_flag.red_points,
        10 + 4 + 4,
        "16A in Radzymin, 3A and 3 KawKor on unshaded spaces"
    );
}
