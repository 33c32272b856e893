//! One test per rule, named as the rulebook names it, on positions built with `Setup`.

use bitwa::engine::notation;
use bitwa::engine::{
    Action, CardId, CardSet, Edition, Encirclement, GameState, HexId, Lang, RuleOptions, Setup, Status,
    UnitId, UnitSetup,
};
use bitwa::outcome::{Side, Termination};

fn e() -> &'static Edition {
    Edition::builtin()
}
fn u(code: &str) -> UnitId {
    e().unit_by_code(code).unwrap_or_else(|| panic!("unit {code}"))
}
fn h(label: &str) -> HexId {
    e().hex_by_label(label).unwrap_or_else(|| panic!("space {label}"))
}
fn c(token: &str) -> CardId {
    CardId::parse_token(token).unwrap_or_else(|| panic!("card {token}"))
}
fn cards(tokens: &str) -> CardSet {
    tokens.split_whitespace().map(c).collect()
}

/// The starting position with the listed units moved (units in the way are parked in a corner) and
/// the given markers.
fn lay(units: &[(&str, &str, u8)]) -> Setup {
    let mut s = Setup::start(e());
    let parking = ["a1", "a7", "b7", "i7", "i1", "a6", "b1", "h7"];
    for (code, label, markers) in units {
        let target = h(label);
        if let Some(other) = s.units.iter().position(|x| x.hex == Some(target))
            && !units.iter().any(|(c2, _, _)| u(c2).0 as usize == other)
        {
            let free = parking
                .iter()
                .map(|l| h(l))
                .find(|p| s.units.iter().all(|x| x.hex != Some(*p)))
                .expect("a free corner");
            s.units[other].hex = Some(free);
        }
        s.units[u(code).0 as usize] =
            UnitSetup { hex: Some(target), status: Status::GoodOrder, markers: *markers };
    }
    s
}

fn state(s: &Setup) -> GameState<'static> {
    GameState::from_setup(e(), RuleOptions::default(), s).expect("consistent setup")
}

/// Play event lines of the notation; the rule broken if one is illegal.
fn run(state: &mut GameState<'static>, text: &str) -> Result<(), String> {
    let log = notation::parse(text).map_err(|e| format!("{:?}", e.syntax))?;
    for ev in &log.events {
        *state = state
            .apply_line(ev)
            .map_err(|err| format!("{} [{}]", err.rule().sentence(Lang::En), err.section().name(Lang::En)))?;
    }
    Ok(())
}

fn ok(state: &mut GameState<'static>, text: &str) {
    if let Err(err) = run(state, text) {
        panic!("{text}: {err}\n{}", state.summary());
    }
}

fn refused(state: &GameState<'static>, text: &str, rule: &str) {
    let mut copy = *state;
    match run(&mut copy, text) {
        Ok(()) => panic!("{text} should be refused ({rule})"),
        Err(err) => assert!(err.contains(rule), "{text}: expected {rule:?}, got {err:?}"),
    }
}

// --- Operational Phase -----------------------------------------------------------------------------

#[test]
fn pillage_discards_two_command_markers_and_draws_one_card() {
    let mut g = state(&lay(&[("R3A", "g5", 2)]));
    refused(&g, "red pillage R15A draw R05", "Pillage discards 2");
    ok(&mut g, "red pillage R3A draw R05");
    assert_eq!(g.markers(u("R3A")), 0);
    assert!(g.hand(Side::Red).contains(c("R05")));
    assert_eq!(g.to_act(), Some(Side::Polish));
}

#[test]
fn pillage_with_an_empty_deck_draws_nothing() {
    let mut s = lay(&[("R3A", "g5", 2)]);
    s.discard = CardSet::full_deck(Side::Red);
    let mut g = state(&s);
    refused(&g, "red pillage R3A draw R05", "it is polish's decision");
    ok(&mut g, "red pillage R3A");
    assert_eq!(g.to_act(), Some(Side::Polish));
}

#[test]
fn march_costs_one_command_marker_per_space() {
    let mut g = state(&lay(&[("R16A", "g4", 2)]));
    refused(&g, "red command R16A march f4 e4 d3", "no command marker left");
    ok(&mut g, "red command R16A march f4 e4");
    assert_eq!((g.position(u("R16A")), g.markers(u("R16A"))), (Some(h("e4")), 0));
}

#[test]
fn a_unit_cannot_enter_a_space_occupied_by_another_unit() {
    let g = state(&lay(&[("R16A", "e4", 1)]));
    refused(&g, "red command R16A march d4", "occupied by another unit");
    refused(&g, "red command R16A march c2", "not adjacent");
}

#[test]
fn a_blocked_hex_side_cannot_be_crossed() {
    let mut s = lay(&[("P1A", "d4", 1)]);
    s.to_act = Side::Polish;
    let g = state(&s);
    refused(&g, "polish command P1A march c4", "not adjacent to d4 (or the hex side is blocked)");
}

#[test]
fn attack_markers_the_attacked_unit_loses_all_its_markers_the_attacker_keeps_the_rest() {
    // League FAQ: the 1st Army with 3 markers attacks 3 KawKor with 4.
    let mut s = lay(&[("P1A", "d4", 3), ("R3KK", "e4", 4)]);
    s.to_act = Side::Polish;
    let mut g = state(&s);
    ok(&mut g, "polish command P1A attack R3KK");
    assert_eq!((g.markers(u("P1A")), g.markers(u("R3KK"))), (2, 0));
    assert_eq!(g.attacks().collect::<Vec<_>>(), vec![(u("P1A"), u("R3KK"))]);
}

#[test]
fn engaged_units_cannot_be_commanded_but_can_be_attacked_again() {
    let mut s = lay(&[("P1A", "d4", 3), ("R3KK", "e4", 4), ("R16A", "e3", 1)]);
    s.to_act = Side::Polish;
    let mut g = state(&s);
    ok(&mut g, "polish command P1A attack R3KK");
    refused(&g, "red command R3KK march f4", "engaged in combat");
    ok(&mut g, "red command R16A attack P1A");
    refused(&g, "polish command P1A march c3", "engaged in combat");
    ok(&mut g, "polish pass");
    assert_eq!(g.attacks().count(), 2);
}

#[test]
fn a_unit_that_marched_without_attacking_may_be_commanded_again_this_round() {
    let mut g = state(&lay(&[("R16A", "g4", 3)]));
    ok(&mut g, "red command R16A march f4");
    ok(&mut g, "polish pass");
    ok(&mut g, "red command R16A march e4 attack P1A");
    assert_eq!(g.markers(u("R16A")), 0);
}

#[test]
fn a_player_who_passed_does_no_more_actions_and_the_opponent_continues() {
    let mut g = state(&lay(&[("R16A", "g4", 3)]));
    ok(&mut g, "red pass");
    assert_eq!(g.to_act(), Some(Side::Polish));
    ok(&mut g, "polish command P5A march c2");
    assert_eq!(g.to_act(), Some(Side::Polish), "Red passed, so the Poles act again");
    refused(&g, "red command R16A march f4", "it is polish's decision, not red's");
    ok(&mut g, "polish pass");
    // No attacks: straight to the clean-up draws, Poles first.
    assert_eq!(g.to_act(), Some(Side::Polish));
}

// --- Combat Phase ----------------------------------------------------------------------------------

/// `att` has an attack marker on `def`, Red has passed; the Poles pass, so the combat phase begins with
/// Red choosing.
fn combat(att: (&str, &str), def: (&str, &str), red: &str, polish: &str) -> GameState<'static> {
    combat_with(RuleOptions::default(), att, def, red, polish)
}

/// [`combat`] under a league's rule switches.
fn combat_with(
    options: RuleOptions,
    att: (&str, &str),
    def: (&str, &str),
    red: &str,
    polish: &str,
) -> GameState<'static> {
    let mut s = lay(&[(att.0, att.1, 0), (def.0, def.1, 0)]);
    s.hands.red = cards(red);
    s.hands.polish = cards(polish);
    s.attacks.push((u(att.0), u(def.0)));
    s.passed.red = true;
    s.to_act = Side::Polish;
    let mut g = GameState::from_setup(e(), options, &s).expect("consistent setup");
    ok(&mut g, "polish pass");
    g
}

#[test]
fn select_4_cards_or_all_of_them_if_fewer() {
    let mut g = combat(("R16A", "e4"), ("P2A", "e5"), "R09 R10 R11", "P17 P18 P19 P20 P21");
    ok(&mut g, "red resolve R16A P2A");
    refused(&g, "red select R09 R10", "must select 3");
    refused(&g, "red select R09 R10 R12", "must come from the red reserve");
    ok(&mut g, "red select R09 R10 R11");
    refused(&g, "polish select P17 P18 P19", "must select 4");
}

#[test]
fn mismatched_cards_return_to_the_reserve_and_white_cards_always_fight() {
    // R16A is green: R09 green 3 fights, R14 blue 3 returns, R01 white 1 fights; the Poles draw R30 back.
    let mut g = combat(("R16A", "e4"), ("P2A", "e5"), "R01 R09 R14 R30", "");
    ok(&mut g, "red resolve R16A P2A\nred select R01 R09 R14 R30\npolish pull R30");
    refused(&g, "red strength 7 0", "are 4 (attacker) and 0 (defender)");
    ok(&mut g, "red strength 4 0");
    assert!(g.hand(Side::Red).contains(c("R14")) && g.hand(Side::Red).contains(c("R30")));
    assert_eq!(g.status(u("P2A")), Status::Dispersed);
}

#[test]
fn the_warsaw_defenders_take_every_card() {
    // Yellow and red Polish cards all fight for the colourless Defenders (Warsaw is fortified).
    let mut g = combat(("R3A", "e5"), ("POW", "d5"), "", "P08 P17 P18 P28");
    ok(&mut g, "red resolve R3A POW\npolish select P08 P17 P18 P28\npolish set-aside P08");
    ok(&mut g, "red pull P17");
    ok(&mut g, "red strength 0 6");
    assert_eq!(g.status(u("R3A")), Status::Dispersed);
}

#[test]
fn equal_strengths_have_no_loser() {
    let mut g = combat(("R16A", "e4"), ("P2A", "e5"), "R09 R10", "P17 P18");
    ok(
        &mut g,
        "red resolve R16A P2A\nred select R09 R10\npolish select P17 P18\nred pull P18\npolish pull R10",
    );
    ok(&mut g, "red strength 3 3");
    assert_eq!((g.status(u("R16A")), g.status(u("P2A"))), (Status::GoodOrder, Status::GoodOrder));
    assert_eq!(g.position(u("P2A")), Some(h("e5")));
    assert_eq!(g.discard_pile(Side::Red), cards("R09"));
}

#[test]
fn a_dispersed_unit_that_loses_is_eliminated() {
    let mut s = lay(&[("R16A", "e4", 0), ("P2A", "e5", 0)]);
    s.units[u("P2A").0 as usize].status = Status::Dispersed;
    s.hands.red = cards("R09 R12");
    s.attacks.push((u("R16A"), u("P2A")));
    s.passed.red = true;
    s.to_act = Side::Polish;
    let mut g = state(&s);
    ok(&mut g, "polish pass\nred resolve R16A P2A\nred select R09 R12\npolish pull R12\nred strength 3 0");
    assert_eq!((g.status(u("P2A")), g.position(u("P2A"))), (Status::Eliminated, None));
    ok(&mut g, "red advance");
    assert_eq!(g.position(u("R16A")), Some(h("e5")));
}

#[test]
fn the_loser_retreats_away_from_the_attacker_and_the_winner_may_advance() {
    let mut g = combat(("R16A", "e4"), ("P2A", "e5"), "R09 R12", "");
    ok(&mut g, "red resolve R16A P2A\nred select R09 R12\npolish pull R12\nred strength 3 0");
    // e5's empty neighbours not touching the attacker in e4 are d6 and e6; f5 touches it.
    refused(&g, "polish retreat f5", "must retreat away from the attacker");
    ok(&mut g, "polish retreat e6");
    ok(&mut g, "red hold");
    assert_eq!((g.position(u("P2A")), g.position(u("R16A"))), (Some(h("e6")), Some(h("e4"))));
}

#[test]
fn a_loser_with_no_empty_space_stays_and_nobody_advances() {
    // P1A in Radzymin surrounded: e3, e4, e5 Red, d5 Defenders, d3 Polish, c4 blocked.
    let mut s = lay(&[("R16A", "e4", 0), ("R3KK", "e3", 0), ("R3A", "e5", 0), ("P5A", "d3", 0)]);
    s.hands.red = cards("R09 R12");
    s.attacks.push((u("R16A"), u("P1A")));
    s.passed.red = true;
    s.to_act = Side::Polish;
    let mut g = state(&s);
    ok(&mut g, "polish pass\nred resolve R16A P1A\nred select R09 R12\npolish pull R12\nred strength 3 0");
    assert_eq!((g.status(u("P1A")), g.position(u("P1A"))), (Status::Dispersed, Some(h("d4"))));
    // Straight to the draws after combat.
    ok(&mut g, "red draw R01\npolish draw P01");
}

#[test]
fn fortifications_let_the_defender_set_a_card_aside() {
    let mut g = combat(("R16A", "e4"), ("P1A", "d4"), "R09", "P08 P09");
    ok(&mut g, "red resolve R16A P1A\nred select R09\npolish select P08 P09");
    refused(&g, "red pull P08", "it is polish's decision");
    ok(&mut g, "polish set-aside P08");
    refused(&g, "red pull P08", "it was set aside");
    ok(&mut g, "red pull P09\npolish pull R09\nred strength 0 3");
}

#[test]
fn fortifications_can_be_switched_off() {
    let mut s = lay(&[("R16A", "e4", 0)]);
    s.hands.red = cards("R09");
    s.hands.polish = cards("P08 P09");
    s.attacks.push((u("R16A"), u("P1A")));
    s.passed.red = true;
    s.to_act = Side::Polish;
    let options = RuleOptions { fortifications: false, ..RuleOptions::default() };
    let mut g = GameState::from_setup(e(), options, &s).expect("setup");
    ok(&mut g, "polish pass\nred resolve R16A P1A\nred select R09\npolish select P08 P09");
    refused(&g, "polish set-aside P08", "it is red's decision");
    ok(&mut g, "red pull P08");
}

#[test]
fn flank_attacks_let_the_attacker_set_a_card_aside() {
    // Red attacks east from e5 (no red shading) into f5: a flank attack.
    let mut g = combat(("R3A", "e5"), ("P2A", "f5"), "R14 R15", "P17");
    ok(&mut g, "red resolve R3A P2A\nred select R14 R15\npolish select P17");
    ok(&mut g, "red set-aside R14\nred pull P17");
    refused(&g, "polish pull R14", "it was set aside");
    ok(&mut g, "polish pull R15\nred strength 3 0");
}

#[test]
fn a_polish_attack_westward_from_red_shading_is_a_flank_attack() {
    let mut s = lay(&[("P2A", "f5", 0), ("R3A", "e5", 0)]);
    s.hands.red = cards("R14");
    s.hands.polish = cards("P17 P18");
    s.attacks.push((u("P2A"), u("R3A")));
    s.passed.polish = true;
    let mut g = state(&s);
    ok(&mut g, "red pass\nred resolve P2A R3A\npolish select P17 P18\nred select R14\npolish set-aside P17");
    ok(&mut g, "polish pull R14\nred pull P18\npolish strength 3 0");
}

// --- Cleanup Phase and End of the Game -------------------------------------------------------------

#[test]
fn cleanup_puts_a_marker_on_every_unit_and_the_poles_draw_3_and_red_2() {
    let mut g = state(&lay(&[]));
    ok(&mut g, "red pass\npolish pass");
    refused(&g, "red draw R01", "it is polish's decision");
    ok(&mut g, "polish draw P01 P02 P03\nred draw R01 R02");
    assert_eq!((g.round(), g.to_act()), (2, Some(Side::Red)));
    assert_eq!(g.markers(u("R3A")), 2);
    assert_eq!(g.markers(e().defenders()), 0, "never on the Warsaw Defenders");
}

#[test]
fn an_exhausted_deck_is_not_reshuffled() {
    let mut s = lay(&[]);
    s.discard = CardSet::full_deck(Side::Polish).minus(cards("P30"));
    let mut g = state(&s);
    ok(&mut g, "red pass\npolish pass\npolish draw P30");
    refused(&g, "polish draw P01", "it is red's decision");
    ok(&mut g, "red draw R01 R02");
    assert_eq!(g.round(), 2);
}

#[test]
fn red_wins_at_once_when_a_red_unit_enters_warsaw() {
    let mut s = lay(&[("R3A", "e5", 2)]);
    s.units[e().defenders().0 as usize] = UnitSetup { hex: None, status: Status::Eliminated, markers: 0 };
    s.defenders_fell = Some(1);
    s.round = 2;
    s.to_act = Side::Polish;
    let mut g = state(&s);
    // The game ends on entering Warsaw: a line that marches on from there is refused (register R16).
    refused(&g, "polish pass\nred command R3A march d5 c5", "the game is already over");
    ok(&mut g, "polish pass\nred command R3A march d5");
    refused(&g, "red command R3A march c5", "the game is already over");
    let o = g.outcome().expect("over");
    assert_eq!((o.winner, o.termination), (Side::Red, Termination::WarsawEntered));
    assert_eq!(g.position(u("R3A")), Some(h("d5")), "the game ended on entering Warsaw");
    assert_eq!(o.red_points, 21 + 2);
}

/// The 16th Army (e4) attacks the 1st Army (d4) with no card and loses, after `prepare` put the rest
/// of the Red army in its place: the game's outcome once the battle is resolved.
fn red_loses_a_battle_at_e4(prepare: impl FnOnce(&mut Setup)) -> Option<(Side, Termination)> {
    let mut s = lay(&[("R16A", "e4", 0), ("P1A", "d4", 0)]);
    prepare(&mut s);
    s.hands.polish = cards("P08");
    s.attacks.push((u("R16A"), u("P1A")));
    s.passed.red = true;
    s.to_act = Side::Polish;
    let mut g = state(&s);
    ok(
        &mut g,
        "polish pass\nred resolve R16A P1A\npolish select P08\npolish set-aside P08\nred strength 0 3",
    );
    g.outcome().map(|o| (o.winner, o.termination))
}

#[test]
fn the_poles_win_at_once_when_three_red_units_are_eliminated() {
    let outcome = red_loses_a_battle_at_e4(|s| {
        for code in ["RGM", "R15A"] {
            s.units[u(code).0 as usize] = UnitSetup { hex: None, status: Status::Eliminated, markers: 0 };
        }
        s.units[u("R16A").0 as usize].status = Status::Dispersed;
    });
    assert_eq!(outcome, Some((Side::Polish, Termination::ThreeRedEliminated)));
}

#[test]
fn the_poles_win_at_once_when_every_red_unit_on_the_map_is_dispersed() {
    let outcome = red_loses_a_battle_at_e4(|s| {
        for code in ["R3A", "R4A", "R15A", "RGM", "R3KK"] {
            s.units[u(code).0 as usize].status = Status::Dispersed;
        }
    });
    assert_eq!(outcome, Some((Side::Polish, Termination::AllRedDispersed)));
}

#[test]
fn after_round_5_a_red_unit_in_radzymin_wins_for_red() {
    let mut s = lay(&[("R16A", "d4", 0), ("P1A", "c2", 0)]);
    s.round = 5;
    let mut g = state(&s);
    ok(&mut g, "red pass\npolish pass");
    let o = g.outcome().expect("over after round 5 without clean-up");
    assert_eq!((o.winner, o.termination), (Side::Red, Termination::RadzyminCheck));
    // League table: Radzymin 10; R3A g5, R4A f1, R15A g2, RGM h6, R3KK f3 are all red-shaded: 0.
    assert_eq!(o.red_points, 10);
    let mut s = lay(&[]);
    s.round = 5;
    let mut g = state(&s);
    ok(&mut g, "red pass\npolish pass");
    assert_eq!(g.outcome().map(|o| o.winner), Some(Side::Polish));
}

#[test]
fn after_the_warsaw_defenders_fall_the_poles_act_first_from_the_next_round() {
    let mut g = combat(("R3A", "e5"), ("POW", "d5"), "R14 R17", "");
    ok(&mut g, "red resolve R3A POW\nred select R14 R17\npolish pull R17\nred strength 3 0");
    assert_eq!(g.status(e().defenders()), Status::Eliminated);
    ok(&mut g, "red hold\nred draw R01\npolish draw P01\npolish draw P02 P03 P04\nred draw R02 R03");
    assert_eq!((g.round(), g.to_act()), (2, Some(Side::Polish)));
}

// --- Action cards ------------------------------------------------------------------------------------

#[test]
fn broken_cipher_picks_the_first_combat_and_goes_first_next_round() {
    let mut s = lay(&[("R16A", "e4", 1), ("P2A", "e5", 1)]);
    s.hands.polish = cards("P04");
    s.hands.red = cards("R09 R10 R11 R12 R13");
    s.to_act = Side::Polish;
    let mut g = state(&s);
    refused(&g, "polish play P04 broken-cipher look R09 R10 R11", "4 cards of the red reserve");
    ok(&mut g, "polish play P04 broken-cipher look R09 R10 R11 R12");
    ok(&mut g, "red command R16A attack P2A\npolish pass\nred pass");
    assert_eq!(g.to_act(), Some(Side::Polish), "the cipher's owner chooses the first combat");
    ok(&mut g, "polish resolve R16A P2A\nred select R09 R10 R11 R13\npolish pull R13\nred strength 6 0");
    ok(
        &mut g,
        "polish retreat e6\nred hold\nred draw R01\npolish draw P01\npolish draw P02 P03 P05\nred draw R02 R03",
    );
    assert_eq!((g.round(), g.to_act()), (2, Some(Side::Polish)), "and goes first next round");
}

#[test]
fn fighter_escadrille_reveals_two_and_discards_two_at_random() {
    let mut s = lay(&[]);
    s.hands.polish = cards("P01");
    s.hands.red = cards("R09 R10 R11 R12 R13");
    s.to_act = Side::Polish;
    let mut g = state(&s);
    refused(&g, "polish play P01 fighter-escadrille reveal R09 R10 discard R09 R11", "unexposed reserve");
    ok(&mut g, "polish play P01 fighter-escadrille reveal R09 R10 discard R11 R12");
    assert_eq!(g.hand(Side::Red), cards("R09 R10 R13"));
    assert_eq!(g.discard_pile(Side::Red), cards("R11 R12"));
}

#[test]
fn artillery_support_disperses_unless_a_matching_card_of_strength_2_is_discarded() {
    let mut s = lay(&[("R3A", "e5", 2), ("P2A", "d6", 1)]);
    s.hands.polish = cards("P02");
    s.hands.red = cards("R14 R09 R16");
    s.to_act = Side::Polish;
    let g0 = state(&s);
    refused(&g0, "polish play P02 artillery-support R16A", "not adjacent to a polish unit");
    refused(
        &g0,
        "polish play P02 artillery-support R3A discard R09",
        "not a blue or white card of strength 2",
    );
    refused(
        &g0,
        "polish play P02 artillery-support R3A discard R16",
        "not a blue or white card of strength 2",
    );
    let mut g = g0;
    ok(&mut g, "polish play P02 artillery-support R3A discard R14");
    assert_eq!((g.status(u("R3A")), g.markers(u("R3A"))), (Status::GoodOrder, 2));
    let mut g = g0;
    ok(&mut g, "polish play P02 artillery-support R3A");
    assert_eq!((g.status(u("R3A")), g.markers(u("R3A"))), (Status::Dispersed, 0));
}

#[test]
fn radio_jamming_moves_all_markers_to_another_red_unit() {
    let mut s = lay(&[("R3A", "g5", 3), ("R4A", "f1", 1)]);
    s.hands.polish = cards("P03");
    s.to_act = Side::Polish;
    let mut g = state(&s);
    refused(&g, "polish play P03 radio-jamming R3A POW", "not a red unit");
    ok(&mut g, "polish play P03 radio-jamming R3A R4A");
    assert_eq!((g.markers(u("R3A")), g.markers(u("R4A"))), (0, 4));
}

#[test]
fn radio_jamming_from_a_red_unit_without_markers_moves_none_and_is_spent() {
    // R27. The card has no condition on markers; playing it moves none and discards it.
    let mut s = lay(&[("R3A", "g5", 0), ("R4A", "f1", 1)]);
    s.hands.polish = cards("P03 P10");
    s.to_act = Side::Polish;
    let mut g = state(&s);
    let jam = Action::Play {
        card: c("P03"),
        play: bitwa::engine::CardPlay::RadioJamming { from: u("R3A"), to: u("R4A") },
    };
    assert!(g.legal_actions().contains(&jam), "listed as a legal action");
    ok(&mut g, "polish play P03 radio-jamming R3A R4A");
    assert_eq!((g.markers(u("R3A")), g.markers(u("R4A"))), (0, 1));
    assert_eq!((g.hand(Side::Polish), g.discard_pile(Side::Polish)), (cards("P10"), cards("P03")));
    assert_eq!(g.to_act(), Some(Side::Red), "it was the Poles' action");
}

#[test]
fn maneuver_adds_2_markers_and_the_unit_may_act_at_once() {
    let mut s = lay(&[("R16A", "g4", 1)]);
    s.hands.red = cards("R06 R07");
    let mut g = state(&s);
    ok(&mut g, "red play R06 maneuver R16A march f4 e4 attack P1A");
    assert_eq!(g.markers(u("R16A")), 0);
    let mut s = lay(&[("R16A", "g4", 1)]);
    s.hands.red = cards("R06");
    let mut g = state(&s);
    ok(&mut g, "red play R06 maneuver R16A");
    assert_eq!((g.markers(u("R16A")), g.to_act()), (3, Some(Side::Polish)));
}

#[test]
fn go_west_adds_3_markers_over_red_units() {
    let mut s = lay(&[]);
    s.hands.red = cards("R07");
    let mut g = state(&s);
    refused(&g, "red play R07 go-west R3A POW R4A", "not a red unit");
    ok(&mut g, "red play R07 go-west R4A R3A R3A");
    assert_eq!((g.markers(u("R3A")), g.markers(u("R4A"))), (3, 2));
}

#[test]
fn assault_needs_a_red_attack_marker_and_never_targets_the_defenders() {
    let mut s = lay(&[("R3A", "e5", 0), ("R16A", "e4", 0)]);
    s.hands.red = cards("R08");
    s.attacks.push((u("R3A"), e().defenders()));
    s.attacks.push((u("R16A"), u("P1A")));
    let mut g = state(&s);
    refused(&g, "red play R08 assault POW by R3A retreat none", "cannot target the Warsaw Defenders");
    refused(&g, "red play R08 assault P1A by R3A retreat d3", "no attack marker against P1A");
    refused(&g, "red play R08 assault P1A by R16A retreat none", "can retreat, so it must");
    ok(&mut g, "red play R08 assault P1A by R16A retreat d3");
    assert_eq!((g.position(u("P1A")), g.position(u("R16A"))), (Some(h("d3")), Some(h("d4"))));
    assert_eq!(g.attacks().count(), 2, "16A is still adjacent to 1A; 3A still attacks the Defenders");
}

// --- Combat cards ------------------------------------------------------------------------------------

#[test]
fn pursuit_group_has_strength_5_in_an_encircling_maneuver() {
    // R04 Grupa pościgowa (blue 2) for R3A (blue) against P2A, attacked twice.
    let mut s = lay(&[("R3A", "e5", 0), ("R16A", "e6", 0), ("P2A", "d6", 0)]);
    s.hands.red = cards("R04 R17");
    s.attacks.push((u("R3A"), u("P2A")));
    s.attacks.push((u("R16A"), u("P2A")));
    s.passed.red = true;
    s.to_act = Side::Polish;
    let mut g = state(&s);
    ok(&mut g, "polish pass\nred resolve R3A P2A\nred select R04 R17\npolish pull R17\nred strength 5 0");
    // Alone, it is a plain 2.
    let mut g = combat(("R3A", "e5"), ("P2A", "d6"), "R04 R17", "");
    ok(&mut g, "red resolve R3A P2A\nred select R04 R17\npolish pull R17\nred strength 2 0");
}

#[test]
fn field_fortifications_return_a_face_up_card_to_its_owner() {
    // P06 Umocnienia polowe (yellow 2) defends P2A (yellow); it sends Red's R09 back to the reserve.
    let mut g = combat(("R16A", "e4"), ("P2A", "e5"), "R09 R10", "P06 P17");
    ok(
        &mut g,
        "red resolve R16A P2A\nred select R09 R10\npolish select P06 P17\nred pull P17\npolish pull R10",
    );
    refused(&g, "polish field-fortifications P17", "not a face-up card");
    ok(&mut g, "polish field-fortifications R09\nred strength 0 2");
    assert!(g.hand(Side::Red).contains(c("R09")));
    assert_eq!(g.status(u("R16A")), Status::Dispersed);
}

#[test]
fn elite_troops_count_each_red_1_as_3() {
    // R02 Doborowe oddziały (green 2), R11 green 1, R01 white 1 for R16A (green): 2 + 3 + 3.
    let mut g = combat(("R16A", "e4"), ("P2A", "e5"), "R01 R02 R11 R23", "");
    ok(&mut g, "red resolve R16A P2A\nred select R01 R02 R11 R23\npolish pull R23\nred strength 8 0");
}

#[test]
fn commissar_makes_every_red_card_white() {
    // R03 Komisarz (white 1): the blue R14 fights for the green R16A.
    let mut g = combat(("R16A", "e4"), ("P2A", "e5"), "R03 R14 R15 R16", "");
    ok(&mut g, "red resolve R16A P2A\nred select R03 R14 R15 R16\npolish pull R16\nred strength 6 0");
    assert!(g.discard_pile(Side::Red).is_empty() && g.in_combat().len() == 3);
}

#[test]
fn severe_fighting_disperses_both_units_first_but_not_the_defenders() {
    // R05 Okrutna bitwa (green 2) for R16A; P2A is dispersed too, then loses and is eliminated.
    let mut g = combat(("R16A", "e4"), ("P2A", "e5"), "R05 R10", "");
    ok(&mut g, "red resolve R16A P2A\nred select R05 R10\npolish pull R10\nred strength 2 0");
    assert_eq!((g.status(u("R16A")), g.status(u("P2A"))), (Status::Dispersed, Status::Eliminated));
    // Against the Warsaw Defenders only the attacker is dispersed.
    let mut g = combat(("R16A", "e5"), ("POW", "d5"), "R05 R10", "P18");
    ok(&mut g, "red resolve R16A POW\nred select R05 R10\npolish select P18\npolish set-aside P18");
    ok(&mut g, "polish pull R10\nred strength 2 2");
    assert_eq!((g.status(u("R16A")), g.status(e().defenders())), (Status::Dispersed, Status::GoodOrder));
}

#[test]
fn severe_fighting_eliminates_an_already_dispersed_unit_and_the_attacker_may_advance() {
    let mut s = lay(&[("R16A", "e4", 0), ("P2A", "e5", 0)]);
    s.units[u("P2A").0 as usize].status = Status::Dispersed;
    s.hands.red = cards("R05 R10");
    s.attacks.push((u("R16A"), u("P2A")));
    s.passed.red = true;
    s.to_act = Side::Polish;
    let mut g = state(&s);
    ok(
        &mut g,
        "polish pass\nred resolve R16A P2A\nred select R05 R10\npolish pull R10\nred strength 2 0\nred advance",
    );
    assert_eq!((g.position(u("R16A")), g.status(u("P2A"))), (Some(h("e5")), Status::Eliminated));
}

/// R16A (green) attacks P3A (red) with R05 Okrutna bitwa (green 2), R09 (green 3) and R10 (green 2);
/// the Poles defend with P07 Okrutna bitwa (red 2) and P10 (red 3). Red draws back P10, the Poles
/// R10: two Severe fighting cards stay in the battle, Red 5 against 2.
fn two_severe_fighting_cards(options: RuleOptions) -> GameState<'static> {
    let mut g = combat_with(options, ("R16A", "e4"), ("P3A", "e5"), "R05 R09 R10", "P07 P10");
    ok(
        &mut g,
        "red resolve R16A P3A\nred select R05 R09 R10\npolish select P07 P10\nred pull P10\npolish pull R10",
    );
    assert_eq!(g.in_combat(), cards("R05 R09 P07"), "both Severe fighting cards are fighting");
    g
}

#[test]
fn two_severe_fighting_cards_disperse_once_and_the_battle_is_resolved_as_usual() {
    // R26. Both units are dispersed once (not eliminated by the second card), then Red's 5 beats 2:
    // the dispersed P3A loses and is eliminated, and R16A may advance.
    let mut g = two_severe_fighting_cards(RuleOptions::default());
    ok(&mut g, "red strength 5 2");
    assert_eq!((g.status(u("R16A")), g.status(u("P3A"))), (Status::Dispersed, Status::Eliminated));
    ok(&mut g, "red advance");
    assert_eq!(g.position(u("R16A")), Some(h("e5")));
}

#[test]
fn switch_severe_fighting_each_card_eliminates_what_the_first_card_dispersed() {
    // R26, the league switch: the second card finds both units dispersed and eliminates them
    // ("Armies are eliminated, if already dispersed!"): no comparison, nobody advances.
    let each = RuleOptions { severe_fighting_each_card: true, ..RuleOptions::default() };
    let mut g = two_severe_fighting_cards(each);
    ok(&mut g, "red strength 5 2");
    assert_eq!((g.status(u("R16A")), g.status(u("P3A"))), (Status::Eliminated, Status::Eliminated));
    assert_eq!((g.position(u("R16A")), g.position(u("P3A"))), (None, None));
    refused(&g, "red advance", "an advance is not possible now");
    ok(&mut g, "red draw R11\npolish draw P11");
    // One of the two drawn back: the card left acts once, as by default.
    let mut g = combat_with(each, ("R16A", "e4"), ("P3A", "e5"), "R05 R09", "P07 P10");
    ok(
        &mut g,
        "red resolve R16A P3A\nred select R05 R09\npolish select P07 P10\nred pull P07\npolish pull R09",
    );
    ok(&mut g, "red strength 2 3");
    assert_eq!((g.status(u("R16A")), g.status(u("P3A"))), (Status::Eliminated, Status::Dispersed));
    // The Warsaw Defenders are never dispersed by it (league FAQ), however many cards: only the
    // attacker is hit, twice.
    let mut g = combat_with(each, ("R16A", "e5"), ("POW", "d5"), "R05 R10", "P07 P18");
    ok(&mut g, "red resolve R16A POW\nred select R05 R10\npolish select P07 P18\npolish set-aside P07");
    ok(&mut g, "red pull P18\npolish pull R10\nred strength 2 2");
    assert_eq!((g.status(u("R16A")), g.status(e().defenders())), (Status::Eliminated, Status::GoodOrder));
}

#[test]
fn red_side_points_follow_the_league_table() {
    // Warsaw 21 (R3A), Radzymin 10 (R16A), Modlin 7 (R3KK), e6 no shading 4 (RGM), f1 shaded 0 (R4A),
    // and 2 per eliminated Polish unit (P2A, the Defenders).
    let mut s = lay(&[("R3A", "d5", 0), ("R16A", "d4", 0), ("R3KK", "d3", 0), ("RGM", "e6", 0)]);
    for code in ["P2A", "POW"] {
        s.units[u(code).0 as usize] = UnitSetup { hex: None, status: Status::Eliminated, markers: 0 };
    }
    s.units[u("P1A").0 as usize].hex = Some(h("a1"));
    s.units[u("P5A").0 as usize].hex = Some(h("a2"));
    let g = state(&s);
    assert_eq!(g.red_points(), 21 + 10 + 7 + 4 + 2 * 2);
}

// --- League rule switches (register: the switch named in each entry) -------------------------------

#[test]
fn switch_no_retreat_eliminates_a_loser_with_no_empty_space() {
    // R2. P1A in Radzymin surrounded as in `a_loser_with_no_empty_space_stays_and_nobody_advances`.
    let surrounded = |options| {
        let mut s = lay(&[("R16A", "e4", 0), ("R3KK", "e3", 0), ("R3A", "e5", 0), ("P5A", "d3", 0)]);
        s.hands.red = cards("R09 R12");
        s.attacks.push((u("R16A"), u("P1A")));
        s.passed.red = true;
        s.to_act = Side::Polish;
        let mut g = GameState::from_setup(e(), options, &s).expect("setup");
        ok(
            &mut g,
            "polish pass\nred resolve R16A P1A\nred select R09 R12\npolish pull R12\nred strength 3 0",
        );
        g
    };
    let stays = surrounded(RuleOptions::default());
    assert_eq!((stays.status(u("P1A")), stays.position(u("P1A"))), (Status::Dispersed, Some(h("d4"))));
    refused(&stays, "red advance", "an advance is not possible now");

    let mut g = surrounded(RuleOptions { no_retreat_eliminates: true, ..RuleOptions::default() });
    assert_eq!((g.status(u("P1A")), g.position(u("P1A"))), (Status::Eliminated, None));
    // The space is vacated: the winner may advance into Radzymin.
    ok(&mut g, "red advance");
    assert_eq!(g.position(u("R16A")), Some(h("d4")));
}

#[test]
fn switch_no_retreat_eliminates_leaves_a_loser_that_can_retreat_alone() {
    let options = RuleOptions { no_retreat_eliminates: true, ..RuleOptions::default() };
    let mut g = combat_with(options, ("R16A", "e4"), ("P2A", "e5"), "R09 R12", "");
    ok(&mut g, "red resolve R16A P2A\nred select R09 R12\npolish pull R12\nred strength 3 0");
    assert_eq!(g.status(u("P2A")), Status::Dispersed);
    ok(&mut g, "polish retreat e6");
}

#[test]
fn switch_compulsory_advance_makes_the_winner_advance() {
    // R3.
    let won = |options| {
        let mut g = combat_with(options, ("R16A", "e4"), ("P2A", "e5"), "R09 R12", "");
        ok(&mut g, "red resolve R16A P2A\nred select R09 R12\npolish pull R12\nred strength 3 0");
        ok(&mut g, "polish retreat e6");
        g
    };
    let mut free = won(RuleOptions::default());
    assert!(free.legal_actions().contains(&Action::Advance { advance: false }));
    ok(&mut free, "red hold");
    assert_eq!(free.position(u("R16A")), Some(h("e4")));

    let mut g = won(RuleOptions { compulsory_advance: true, ..RuleOptions::default() });
    assert_eq!(g.legal_actions(), vec![Action::Advance { advance: true }]);
    refused(&g, "red hold", "must advance into the vacated space");
    ok(&mut g, "red advance");
    assert_eq!(g.position(u("R16A")), Some(h("e5")));
}

#[test]
fn switch_pillage_by_free_units_only_refuses_an_attacker_and_an_engaged_unit() {
    // R4. R16A attacked this round and kept 2 markers (its attack marker since gone, as after an Assault
    // moved its target away); R3KK (2 markers, given by a card) is under a Polish attack marker.
    let position = |options| {
        let mut s = lay(&[("R16A", "e4", 2), ("R3KK", "c3", 2), ("P5A", "c2", 0)]);
        s.attacked.push(u("R16A"));
        s.attacks.push((u("P5A"), u("R3KK")));
        GameState::from_setup(e(), options, &s).expect("setup")
    };
    let mut g = position(RuleOptions::default());
    let listed = g.legal_actions();
    assert!(listed.contains(&Action::Pillage { unit: u("R16A") }));
    assert!(listed.contains(&Action::Pillage { unit: u("R3KK") }));
    ok(&mut g, "red pillage R16A draw R05");

    let strict = position(RuleOptions { pillage_by_free_units_only: true, ..RuleOptions::default() });
    let listed = strict.legal_actions();
    assert!(!listed.iter().any(|a| matches!(a, Action::Pillage { .. })), "{listed:?}");
    refused(&strict, "red pillage R16A draw R05", "attacked this round");
    refused(&strict, "red pillage R3KK draw R05", "engaged in combat");
}

#[test]
fn switch_encirclement_flank_attack_counts_a_lone_flank_attack_not_two_attackers() {
    // R8. R04 Grupa pościgowa (blue 2) for R3A (blue).
    let flank = RuleOptions { encirclement: Encirclement::FlankAttack, ..RuleOptions::default() };
    // A lone flank attack east from e5 into f5.
    let lone = "red resolve R3A P2A\nred select R04 R17\nred set-aside R04\npolish pull R17";
    let mut g = combat(("R3A", "e5"), ("P2A", "f5"), "R04 R17", "");
    ok(&mut g, lone);
    refused(&g, "red strength 5 0", "are 2 (attacker) and 0 (defender)");
    let mut g = combat_with(flank, ("R3A", "e5"), ("P2A", "f5"), "R04 R17", "");
    ok(&mut g, &format!("{lone}\nred strength 5 0"));
    // Two attackers, not a flank attack (westward): 5 by default, 2 under the switch.
    let two = |options| {
        let mut s = lay(&[("R3A", "e5", 0), ("R16A", "e6", 0), ("P2A", "d6", 0)]);
        s.hands.red = cards("R04 R17");
        s.attacks.push((u("R3A"), u("P2A")));
        s.attacks.push((u("R16A"), u("P2A")));
        s.passed.red = true;
        s.to_act = Side::Polish;
        let mut g = GameState::from_setup(e(), options, &s).expect("setup");
        ok(&mut g, "polish pass\nred resolve R3A P2A\nred select R04 R17\npolish pull R17");
        g
    };
    ok(&mut two(RuleOptions::default()), "red strength 5 0");
    ok(&mut two(flank), "red strength 2 0");
}
