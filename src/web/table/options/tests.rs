//! The recorder's options in real positions of the built-in edition.

use super::*;
use crate::engine::notation::Body;
use crate::engine::{Edition, Recording, RuleOptions};

fn state_after(lines: &str) -> GameState<'static> {
    let log = notation::parse(lines).unwrap();
    *Recording::of_lines(Edition::builtin(), RuleOptions::default(), &log.events).unwrap().state()
}

const DEALT: &str = "red draw ? ? ? ? ? ? ? ? ? ?\npolish draw ? ? ? ? ? ? ?\n";

#[test]
fn the_deal_is_one_tap_for_each_hand() {
    let start = state_after("");
    let o = build(&start, &Pick::default(), "/r", Lang::Pl);
    let lines: Vec<&str> = o.posts.iter().map(|p| p.line.as_str()).collect();
    assert_eq!(lines, ["red draw ? ? ? ? ? ? ? ? ? ?", "red draw ?", "polish draw ? ? ? ? ? ? ?"]);
    assert_eq!(o.posts[0].label, "Czerwoni dobierają 10 kart startowych.");
}

#[test]
fn a_command_is_built_by_tapping_the_unit_then_spaces_then_the_target() {
    let s = state_after(&format!("{DEALT}red extra R16A R16A\n"));
    let o = build(&s, &Pick::default(), "/r", Lang::Pl);
    assert!(o.posts.iter().any(|p| p.line == "red pass"));
    let r16a = Edition::builtin().unit_by_code("R16A").unwrap();
    let href = &o.marks.unit_links.iter().find(|(u, _)| *u == r16a).expect("R16A can act").1;
    assert_eq!(href, "/r?unit=R16A");
    let o = build(&s, &Pick { unit: Some("R16A".into()), ..Pick::default() }, "/r", Lang::Pl);
    assert_eq!(o.marks.selected, Some(r16a));
    let f4 = Edition::builtin().hex_by_label("f4").unwrap();
    let to_f4 = &o.marks.hex_links.iter().find(|(h, _)| *h == f4).expect("f4 is a march").1;
    assert_eq!(to_f4, "/r?draft=red+command+R16A+march+f4");
    let o = build(
        &s,
        &Pick { draft: Some("red command R16A march f4".into()), ..Pick::default() },
        "/r",
        Lang::Pl,
    );
    assert_eq!(o.draft.as_ref().map(|d| d.line.as_str()), Some("red command R16A march f4"));
    assert_eq!(o.draft.as_ref().map(|d| d.label.as_str()), Some("Czerwoni: 16 Armia maszeruje f4."));
    let e4 = Edition::builtin().hex_by_label("e4").unwrap();
    assert!(
        o.marks.hex_links.iter().any(|(h, href)| *h == e4 && href.ends_with("march+f4+e4")),
        "{:?}",
        o.marks
    );
    let o = build(
        &s,
        &Pick { draft: Some("red command R16A march f4 e4".into()), ..Pick::default() },
        "/r",
        Lang::Pl,
    );
    let attack =
        o.posts.iter().find(|p| p.line == "red command R16A march f4 e4 attack P1A").expect("attack");
    assert_eq!(attack.label, "Czerwoni: 16 Armia maszeruje f4 → e4 i atakuje 1 Armię.");
}

#[test]
fn an_illegal_draft_is_dropped_with_the_reason() {
    let s = state_after(&format!("{DEALT}red extra R16A R16A\n"));
    let o = build(
        &s,
        &Pick { draft: Some("red command R16A march d5".into()), ..Pick::default() },
        "/r",
        Lang::En,
    );
    assert!(o.problem.is_some(), "{o:?}");
    assert!(o.posts.iter().any(|p| p.line == "red pass"), "back to the first choices");
}

#[test]
fn a_selection_is_a_form_with_one_unseen_card_at_most() {
    // The rulebook's combat, on the shipped edition, as the table sees it.
    let text = include_str!("../../../../fixtures/logs/rulebook-operational-and-fortification-unseen.bwlog");
    let log = crate::engine::parse_log(text).unwrap();
    let edition = Edition::builtin_for_log(text);
    let select_at = log.events.iter().position(|e| matches!(e.body, Body::Select { .. })).unwrap();
    let mut s = GameState::new(edition, RuleOptions::default());
    for line in &log.events[..select_at] {
        s = s.apply_line(line).unwrap();
    }
    let o = build(&s, &Pick::default(), "/r", Lang::Pl);
    let p = &o.pickers[0];
    assert_eq!((p.kind, p.count, p.max_unseen, p.default_unseen), (Compose::Select, 4, 1, 1));
    assert!(p.cards.len() >= 4);
}

/// At the first decision of the game nothing is attacked yet, so Assault (R08 Szturm) has no target:
/// it is not offered, while a card with a legal play is (every card link offered leads to a choice).
#[test]
fn only_cards_with_a_legal_play_are_offered() {
    let s = state_after(&format!("{DEALT}red extra R16A R16A\n"));
    let o = build(&s, &Pick::default(), "/r", Lang::Pl);
    let card_links: Vec<&str> =
        o.links.iter().filter(|l| l.href.contains("card=")).map(|l| l.href.as_str()).collect();
    let assault = Edition::builtin()
        .cards(Side::Red)
        .find(|c| c.effect == Some(crate::engine::CardEffect::Assault))
        .expect("Red has Assault");
    assert!(s.attacks().next().is_none(), "no attack on the board yet");
    assert!(
        !card_links.iter().any(|h| h.ends_with(&format!("card=R{:02}", assault.number))),
        "{card_links:?}"
    );
    assert!(!card_links.is_empty(), "some card has a legal play: {card_links:?}");
    for href in card_links {
        let card = href.rsplit('=').next().unwrap().to_string();
        let picked = build(&s, &Pick { card: Some(card.clone()), ..Pick::default() }, "/r", Lang::Pl);
        assert!(
            !picked.posts.is_empty() || !picked.links.is_empty() || !picked.pickers.is_empty(),
            "{card}: a choice follows"
        );
    }
}

#[test]
fn a_space_two_marches_away_is_one_tap_with_its_path() {
    let e = Edition::builtin();
    let s = state_after(&format!("{DEALT}red extra R16A R16A\n"));
    let o = build(&s, &Pick { unit: Some("R16A".into()), ..Pick::default() }, "/r", Lang::Pl);
    let e4 = e.hex_by_label("e4").unwrap();
    let hrefs: Vec<_> =
        o.marks.hex_links.iter().map(|(h, href)| (e.hex(*h).label.clone(), href.clone())).collect();
    // e4 is two marches away (f4, then e4: the command above); P1A can be attacked from there, so the
    // tap drafts the march (attack or save next) rather than recording it.
    let to_e4 = o.marks.hex_links.iter().find(|(h, _)| *h == e4).map(|(_, href)| href.as_str());
    assert_eq!(to_e4, Some("/r?draft=red+command+R16A+march+f4+e4"), "{hrefs:?}");
    // Every space offered is reached by the line its link carries, as the engine replays it.
    let r16a = e.unit_by_code("R16A").unwrap();
    for (h, href) in &o.marks.hex_links {
        let line = href.trim_start_matches("/r?draft=").trim_end_matches("&go=1").replace('+', " ");
        let log = notation::parse(&line).unwrap();
        let mut actions = Vec::new();
        notation::expand(&log.events[0], e, &mut actions).unwrap();
        let after = actions.iter().fold(s, |st, a| st.apply(a).unwrap());
        assert_eq!(after.position(r16a), Some(*h), "{line}");
        // A link that records at once is a whole command: nothing but the end may follow.
        if href.ends_with("&go=1") {
            assert!(
                !matches!(after.awaited(), Awaited::Command { .. })
                    || after.legal_actions() == [Action::Halt]
            );
        }
    }
}

/// The spaces a unit may march to first (next to it, empty, the march legal), by the engine alone.
fn first_marches(s: &GameState<'_>, u: crate::engine::ids::UnitId) -> Vec<HexId> {
    let Some(h) = s.position(u) else { return Vec::new() };
    s.edition()
        .neighbours(h)
        .filter(|n| s.occupant(*n).is_none() && s.is_legal(&Action::March { unit: u, to: *n }))
        .collect()
}

#[test]
fn a_space_only_one_unit_reaches_is_one_tap_and_a_shared_one_waits_for_the_unit() {
    let s = state_after(&format!("{DEALT}red extra R16A R16A\n"));
    let e = Edition::builtin();
    let o = build(&s, &Pick::default(), "/r", Lang::Pl);
    assert!(o.one_tap, "the hint is shown");
    let red: Vec<_> =
        e.units().filter(|u| u.side == Side::Red && s.position(u.id).is_some()).map(|u| u.id).collect();
    // Every linked space carries a whole command of one unit, the same link as that unit's own view,
    // and no other unit may march there first.
    assert!(!o.marks.hex_links.is_empty());
    for (h, href) in &o.marks.hex_links {
        let draft = href.split("draft=").nth(1).expect("a command").split('&').next().unwrap();
        let draft: String =
            serde_urlencoded::from_str::<Vec<(String, String)>>(&format!("d={draft}")).unwrap().remove(0).1;
        let log = notation::parse(&draft).unwrap();
        let Body::Command { unit, .. } = &log.events[0].body else { panic!("{draft}") };
        let u = e.unit_by_code(unit).unwrap();
        let own = build(&s, &Pick { unit: Some(unit.to_string()), ..Pick::default() }, "/r", Lang::Pl);
        assert!(own.marks.hex_links.contains(&(*h, href.clone())), "{draft}: as the unit's view has it");
        for v in red.iter().filter(|v| **v != u) {
            assert!(!first_marches(&s, *v).contains(h), "{draft}: another unit marches there too");
        }
    }
    // A space next to two units that may both march there is not linked until a unit is tapped.
    let shared: Vec<HexId> = red
        .iter()
        .flat_map(|u| first_marches(&s, *u))
        .filter(|h| red.iter().filter(|u| first_marches(&s, **u).contains(h)).count() >= 2)
        .collect();
    assert!(!shared.is_empty(), "the position has a space two units reach");
    for h in shared {
        assert!(!o.marks.hex_links.iter().any(|(x, _)| *x == h), "{} is shared", e.hex(h).label);
    }
}
