//! Unseen cards (`?`): a game written as a table writes it validates with the same result as the fully
//! named game, and every named card must be consistent with all that is known (refused at its line).

use bitwa::engine::error::Place;
use bitwa::engine::notation::{self, Body, GameLog};
use bitwa::engine::{
    Action, CardId, CardRef, Edition, Encirclement, Event, Lang, PlayStyle, Recording, Rule, RuleOptions,
    mask_unseen, random_game_with, validate_log,
};
use bitwa::outcome::Side;

const SEEDS: u64 = 30;

fn e() -> &'static Edition {
    Edition::builtin()
}

/// The standard rules, each switch away from its default alone, and all of them together.
fn every_rule_switch() -> Vec<RuleOptions> {
    let s = RuleOptions::default();
    vec![
        s,
        RuleOptions { fortifications: false, ..s },
        RuleOptions { flank_attacks: false, ..s },
        RuleOptions { no_retreat_eliminates: true, ..s },
        RuleOptions { compulsory_advance: true, ..s },
        RuleOptions { pillage_by_free_units_only: true, ..s },
        RuleOptions { encirclement: Encirclement::FlankAttack, ..s },
        RuleOptions { severe_fighting_each_card: true, ..s },
        RuleOptions {
            fortifications: false,
            flank_attacks: false,
            no_retreat_eliminates: true,
            compulsory_advance: true,
            pillage_by_free_units_only: true,
            encirclement: Encirclement::FlankAttack,
            severe_fighting_each_card: true,
            ..s
        },
    ]
}

fn unseen_tokens(log: &GameLog) -> usize {
    log.to_string().split_whitespace().filter(|t| *t == notation::UNSEEN).count()
}

#[test]
fn masking_the_unseen_cards_of_any_random_game_keeps_its_result_and_final_position() {
    let (mut games, mut pulls, mut looks) = (0, 0, 0);
    for options in every_rule_switch() {
        for seed in 0..SEEDS {
            for style in [PlayStyle::Uniform, PlayStyle::Aggressive] {
                let log = random_game_with(seed, e(), &options, style);
                let named = validate_log(&log.to_string(), e(), &options)
                    .unwrap_or_else(|err| panic!("seed {seed} {style:?}: {err}"));
                let masked = mask_unseen(&log);
                let text = masked.to_string();
                let game = validate_log(&text, e(), &options)
                    .unwrap_or_else(|err| panic!("seed {seed} {style:?} {options:?}: {err}\n{text}"));
                assert_eq!(game.outcome, named.outcome, "seed {seed} {style:?}: winner, termination, points");
                assert_eq!(game.final_units, named.final_units, "seed {seed} {style:?}: final position");
                assert_eq!(game.rounds, named.rounds);
                assert!(game.claims_agree);
                // The masking hides what a table cannot see: every draw at least.
                assert!(unseen_tokens(&masked) >= 17, "seed {seed}: the opening hands are unseen");
                pulls += text.lines().filter(|l| l.contains(" pull ?")).count();
                looks += text.lines().filter(|l| l.contains("broken-cipher look ?")).count();
                games += 1;
            }
        }
    }
    assert!(games >= 400 && pulls > 100 && looks > 0, "{games} games, {pulls} pulls, {looks} looks");
}

#[test]
fn the_opening_hands_in_the_rulebooks_order_validate_with_the_same_result() {
    let mut checked = 0;
    for seed in 0..SEEDS {
        let log = random_game_with(seed, e(), &RuleOptions::default(), PlayStyle::Uniform);
        for log in [log.clone(), mask_unseen(&log)] {
            let named = validate_log(&log.to_string(), e(), &RuleOptions::default()).expect("valid");
            // The rulebook deals the Poles' 7 first, then Red's 10.
            let mut swapped = log.clone();
            swapped.events.swap(0, 1);
            assert_eq!(swapped.events[0].side, Side::Polish);
            let game = validate_log(&swapped.to_string(), e(), &RuleOptions::default())
                .unwrap_or_else(|err| panic!("seed {seed}: {err}"));
            assert_eq!((game.outcome, game.final_units), (named.outcome, named.final_units));
            checked += 1;
        }
    }
    assert_eq!(checked, 2 * SEEDS);
    // Dealing one hand, then part of the other, then the rest of the first is not a deal.
    let text = "polish draw ? ? ?\nred draw ? ? ? ? ? ? ? ? ? ?\npolish draw ? ? ? ?\n";
    let err = validate_log(text, e(), &RuleOptions::default()).expect_err("interleaved hands");
    assert_eq!((err.line, err.rule()), (2, &Rule::NotYourDecision { to_act: Side::Polish, side: Side::Red }));
}

/// A masked random game and the text line of its first event matching `pred` after line `after`.
fn line_where(text: &str, after: usize, pred: impl Fn(&str) -> bool) -> Option<(usize, String)> {
    text.lines().enumerate().skip(after).find(|(_, l)| pred(l)).map(|(i, l)| (i + 1, l.to_string()))
}

fn replace_line(text: &str, line: usize, new: &str) -> String {
    let mut lines: Vec<&str> = text.lines().collect();
    lines[line - 1] = new;
    lines.join("\n")
}

fn masked_games() -> impl Iterator<Item = String> {
    (0..SEEDS).map(|seed| {
        mask_unseen(&random_game_with(seed, e(), &RuleOptions::default(), PlayStyle::Uniform)).to_string()
    })
}

#[test]
fn naming_an_already_discarded_card_again_is_refused_at_that_line() {
    let mut checked = 0;
    for text in masked_games() {
        // A card played by a side, then named in that side's next unseen draw.
        let Some((played_at, play)) = line_where(&text, 0, |l| l.contains(" play ")) else { continue };
        let toks: Vec<&str> = play.split_whitespace().collect();
        let (side, card) = (toks[0], toks[2]);
        let Some((line, draw)) = line_where(&text, played_at, |l| l.starts_with(&format!("{side} draw ?")))
        else {
            continue;
        };
        let named = draw.replacen('?', card, 1);
        let err = validate_log(&replace_line(&text, line, &named), e(), &RuleOptions::default())
            .expect_err("a discarded card is not in the deck");
        let c = CardId::parse_token(card).expect("card");
        assert_eq!(err.line, line, "{err}");
        assert!(
            matches!(err.rule(), Rule::NotInDeck { card, place: Place::DiscardPile, .. } if *card == c),
            "{err}"
        );
        checked += 1;
    }
    assert!(checked >= 10, "enough games played a card and drew again ({checked})");
}

#[test]
fn a_card_played_twice_is_refused_at_the_second_play() {
    let mut checked = 0;
    for text in masked_games() {
        let Some((first, play)) = line_where(&text, 0, |l| l.contains(" play ")) else { continue };
        let side = play.split_whitespace().next().expect("side").to_string();
        let Some((second, _)) = line_where(&text, first, |l| l.starts_with(&format!("{side} play "))) else {
            continue;
        };
        let err = validate_log(&replace_line(&text, second, &play), e(), &RuleOptions::default())
            .expect_err("played twice");
        assert_eq!(err.line, second, "{err}");
        assert!(matches!(err.rule(), Rule::NotInReserve { place: Place::DiscardPile, .. }), "{err}");
        checked += 1;
    }
    assert!(checked >= 5, "enough games played two cards of one side ({checked})");
}

#[test]
fn a_card_from_the_wrong_deck_is_refused_at_its_line() {
    for text in masked_games().take(5) {
        let (line, draw) = line_where(&text, 2, |l| l.starts_with("red draw ?")).expect("a later red draw");
        let err = validate_log(
            &replace_line(&text, line, &draw.replacen('?', "P05", 1)),
            e(),
            &RuleOptions::default(),
        )
        .expect_err("a Polish card in the Red deck");
        assert_eq!(err.line, line);
        assert!(matches!(err.rule(), Rule::WrongDeck { side: Side::Red, .. }), "{err}");
        assert!(err.message(Lang::En).contains("P05 is a polish card, not in the red deck"), "{err}");
    }
}

/// The Red reserve holds one unseen card: one card nobody has placed can be it, a second cannot.
#[test]
fn a_card_in_a_reserve_that_cannot_hold_it_is_refused() {
    use bitwa::engine::CardPlay;
    let red = |n: u8| CardId::of(Side::Red, n).expect("card");
    let mut rec = Recording::new(e(), RuleOptions::default());
    for n in 10..=18 {
        rec.push(Event::act(Side::Red, Action::Draw { side: Side::Red, card: CardRef::Known(red(n)) }))
            .expect("named");
    }
    rec.push(Event::act(Side::Red, Action::Draw { side: Side::Red, card: CardRef::Unseen }))
        .expect("unseen draw");
    for _ in 0..7 {
        rec.push(Event::act(Side::Polish, Action::Draw { side: Side::Polish, card: CardRef::Unseen }))
            .expect("deal");
    }
    let r3a = e().unit_by_code("R3A").expect("unit");
    rec.push(Event::act(Side::Red, Action::ExtraMarkers { units: [r3a, r3a] })).expect("markers");
    assert_eq!((rec.state().hand_size(Side::Red), rec.state().hand_unseen(Side::Red)), (10, 1));
    // The unseen card may be Manewr (R06): nobody has placed it.
    let maneuver = Action::Play { card: red(6), play: CardPlay::Maneuver { unit: r3a } };
    rec.push(Event::act(Side::Red, maneuver)).expect("the unseen card was Manewr");
    rec.push(Event::act(Side::Red, Action::Halt)).expect("no march");
    rec.push(Event::act(Side::Polish, Action::Pass)).expect("pass");
    assert_eq!(rec.state().hand_unseen(Side::Red), 0);
    // Na Zachód! (R07) is unplaced too, but the reserve has no unseen card left: it is in the deck.
    let go_west = Action::Play { card: red(7), play: CardPlay::GoWest { units: [r3a, r3a, r3a] } };
    let err = rec.push(Event::act(Side::Red, go_west)).expect_err("the reserve cannot hold R07");
    assert_eq!(err.rule(), &Rule::NotInReserve { card: red(7), side: Side::Red, place: Place::Deck });
    assert_eq!(err.state().hand_size(Side::Red), 9, "the state is handed back untouched");
    // Undo takes back the pass; the state is the one after the Manewr's command.
    assert_eq!(rec.undo().map(|ev| ev.action), Some(Some(Action::Pass)));
    assert_eq!(rec.state().to_act(), Some(Side::Polish));
}

#[test]
fn a_selected_unseen_card_must_be_the_one_drawn_back() {
    // The rulebook's combat as the table saw it: both selections hold the card drawn back as `?`.
    let text = std::fs::read_to_string(format!(
        "{}/fixtures/logs/rulebook-operational-and-fortification-unseen.bwlog",
        env!("CARGO_MANIFEST_DIR")
    ))
    .expect("fixture");
    // The rulebook fixtures are on the edition they name (the first reconstruction).
    let e = || Edition::builtin_for_log(&text);
    let game = validate_log(&text, e(), &RuleOptions::default()).expect("valid as written");
    assert_eq!((game.outcome.winner, game.outcome.red_points), (Side::Red, 18));
    let find = |needle: &str| text.lines().position(|l| l.starts_with(needle)).expect(needle) + 1;
    let cases = [
        // Two `?` in one selection: only one card is ever drawn back.
        ("red select", "red select R01 R02 ? ? {12:50}", "at most one selected card"),
        // The Poles' `?` stays unseen, so Red's draw-back must take it.
        ("red pull", "red pull P28 {12:45}", "is never revealed"),
        // A set-aside card is revealed: it is named.
        ("polish set-aside", "polish set-aside ? {13:35}", "name it"),
    ];
    for (starts, new, message) in cases {
        let line = find(starts);
        let err = validate_log(&replace_line(&text, line, new), e(), &RuleOptions::default()).expect_err(new);
        assert_eq!(err.line, line, "{err}");
        assert!(err.message(Lang::En).contains(message), "{new}: {err}");
    }
    // Every card of a fully named selection is known, so the card drawn back is known too.
    let line = find("polish select");
    let named = replace_line(&text, line, "polish select P08 P09 P18 P28 {13:40}");
    let err =
        validate_log(&named, e(), &RuleOptions::default()).expect_err("a named selection, an unseen pull");
    assert_eq!(err.line, find("red pull"));
    assert!(matches!(err.rule(), Rule::PullUnseenButAllNamed { .. }), "{err}");
    // A set-aside card the selection did not name was the selection's `?` (register R22): nothing
    // selected is unseen any more, so the draw-back is named, and `pull ?` is refused.
    let aside = replace_line(&text, line, "polish select ? P09 P18 P28 {13:40}");
    let err = validate_log(&aside, e(), &RuleOptions::default()).expect_err("nothing selected is unseen");
    assert_eq!(err.line, find("red pull"));
    assert!(matches!(err.rule(), Rule::PullUnseenButAllNamed { .. }), "{err}");
    let named_pull = replace_line(&aside, find("red pull"), "red pull P09 {12:45}");
    let game =
        validate_log(&named_pull, e(), &RuleOptions::default()).expect("the `?` was the set-aside P08");
    assert_eq!((game.outcome.winner, game.outcome.red_points), (Side::Red, 18));
}

/// `legal_actions` and `is_legal` agree in positions with unseen cards (the recorder offers the legal
/// next events from it).
#[test]
fn legal_actions_agrees_with_is_legal_with_unseen_cards() {
    use std::collections::HashSet;
    let mut rng = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move |n: usize| {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        (rng % n as u64) as usize
    };
    let (mut positions, mut unseen_listed, mut named_from_unplaced) = (0, 0, 0);
    for seed in [3, 11] {
        let log = mask_unseen(&random_game_with(seed, e(), &RuleOptions::default(), PlayStyle::Uniform));
        let mut rec = Recording::new(e(), RuleOptions::default());
        for line in &log.events {
            rec.push_line(line)
                .unwrap_or_else(|r| panic!("seed {seed} line {}: {}", line.line, r.render(Lang::En)));
        }
        for (i, ev) in rec.events().iter().enumerate().step_by(2) {
            let state = rec.state_after(i).expect("state");
            assert!(state.cards_accounted_for(), "seed {seed}: the ledger adds up\n{}", state.summary());
            let Some(played) = ev.action else { continue };
            let legal = state.legal_actions();
            let set: HashSet<Action> = legal.iter().copied().collect();
            assert!(set.contains(&played), "seed {seed}: played {played:?} is listed\n{}", state.summary());
            for a in legal.iter().step_by((legal.len() / 25).max(1)) {
                assert!(state.is_legal(a), "seed {seed}: listed {a:?} is legal\n{}", state.summary());
                unseen_listed += usize::from(a.has_unseen());
            }
            // Variations of the played action: other cards, unseen or named, legal exactly when listed.
            for _ in 0..12 {
                let side = state.to_act().unwrap_or(Side::Red);
                let pool: Vec<CardId> =
                    state.possible_hand(side).iter().chain(state.unplaced(side).iter()).collect();
                let any = |n: usize| pool.get(n % pool.len().max(1)).copied().unwrap_or(CardId(0));
                let a = match played {
                    Action::Draw { side, .. } => Action::Draw {
                        side,
                        card: if next(3) == 0 {
                            CardRef::Unseen
                        } else {
                            CardRef::Known(CardId(next(60) as u8))
                        },
                    },
                    Action::Select { side, cards, .. } => {
                        let mut cards = cards;
                        if let Some(c) = cards.iter().next() {
                            cards.remove(c);
                        }
                        cards.insert(any(next(64)));
                        Action::Select { side, cards, unseen: next(3) as u8 / 2 }
                    }
                    Action::Pull { side, .. } => Action::Pull {
                        side,
                        card: if next(2) == 0 { CardRef::Unseen } else { CardRef::Known(any(next(64))) },
                    },
                    Action::Play { play, .. } => Action::Play { card: any(next(64)), play },
                    other => other,
                };
                let ok = state.is_legal(&a);
                assert_eq!(ok, set.contains(&a), "seed {seed}: {a:?}\n{}", state.summary());
                named_from_unplaced += usize::from(
                    ok && matches!(a, Action::Play { card, .. } | Action::Draw { card: CardRef::Known(card), .. }
                        if state.unplaced(side).contains(card)),
                );
            }
            positions += 1;
        }
    }
    assert!(
        positions > 100 && unseen_listed > 50 && named_from_unplaced > 20,
        "{positions} {unseen_listed} {named_from_unplaced}"
    );
}

#[test]
fn a_fully_named_log_keeps_its_lines_when_unseen_cards_are_printed() {
    // The masked log is still the same game line for line: only card tokens changed.
    for text in masked_games().take(3) {
        let log = notation::parse(&text).expect("parses");
        for ev in &log.events {
            if let Body::Pull { card } = &ev.body {
                assert_eq!(card.as_str(), notation::UNSEEN);
            }
        }
        assert_eq!(notation::parse(&log.to_string()).expect("again").events, log.events);
    }
}

/// `legal_actions_upto(k)` is the first `k` of `legal_actions` (the recorder asks for two to know
/// whether the table has a choice), and `has_card_play` says a card may be played exactly when
/// `legal_actions` plays it, in positions with unseen hands (where Fighter Escadrille and Broken
/// Cipher list the most).
#[test]
fn the_first_legal_actions_and_the_playable_cards_agree_with_the_whole_list() {
    let (mut positions, mut playable, mut unplayable) = (0, 0, 0);
    for seed in [3, 11, 29] {
        let log = mask_unseen(&random_game_with(seed, e(), &RuleOptions::default(), PlayStyle::Uniform));
        let mut rec = Recording::new(e(), RuleOptions::default());
        for line in &log.events {
            rec.push_line(line).unwrap_or_else(|r| panic!("seed {seed}: {}", r.render(Lang::En)));
        }
        for i in (0..rec.events().len()).step_by(3) {
            let state = rec.state_after(i).expect("state");
            let all = state.legal_actions();
            for k in [0, 1, 2, 7] {
                assert_eq!(
                    state.legal_actions_upto(k),
                    all[..k.min(all.len())],
                    "seed {seed} step {i} k {k}"
                );
            }
            positions += 1;
            for side in [Side::Red, Side::Polish] {
                for card in state.possible_hand(side).iter().chain(state.unplaced(side).iter()) {
                    let listed = all.iter().any(|a| matches!(a, Action::Play { card: c, .. } if *c == card));
                    assert_eq!(state.has_card_play(card), listed, "seed {seed} step {i} {card:?}");
                    if matches!(state.awaited(), bitwa::engine::error::Awaited::Action { .. }) {
                        if listed { playable += 1 } else { unplayable += 1 }
                    }
                }
            }
        }
    }
    assert!(positions > 100, "{positions} positions");
    assert!(playable > 0 && unplayable > 0, "both kinds seen: {playable} playable, {unplayable} not");
}
