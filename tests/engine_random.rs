//! Property tests over many seeds: random games are legal and complete, notation round-trips, and
//! `legal_actions` agrees with `is_legal`.

use bitwa::engine::notation::{self, GameLog};
use bitwa::engine::{
    Action, CardId, CardPlay, CardRef, CardSet, Edition, Encirclement, GameState, HexId, Lang, Recording,
    RuleOptions, UnitId, random_game, validate_log,
};
use bitwa::outcome::Side;
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

const SEEDS: u64 = 40;

fn edition() -> &'static Edition {
    Edition::builtin()
}

/// Every league switch away from its default (register R2, R3, R4, R5, R8, R26).
fn league_switches() -> RuleOptions {
    RuleOptions {
        fortifications: false,
        no_retreat_eliminates: true,
        compulsory_advance: true,
        pillage_by_free_units_only: true,
        encirclement: Encirclement::FlankAttack,
        severe_fighting_each_card: true,
        ..RuleOptions::default()
    }
}

/// The positions of a game and the action played in each.
fn positions(log: &GameLog) -> Vec<(GameState<'static>, Action)> {
    positions_with(log, RuleOptions::default())
}

/// [`positions`] under the given rule switches.
fn positions_with(log: &GameLog, options: RuleOptions) -> Vec<(GameState<'static>, Action)> {
    let mut rec = Recording::new(edition(), options);
    for ev in &log.events {
        rec.push_line(ev).unwrap_or_else(|r| panic!("line {}: {}", ev.line, r.render(Lang::En)));
    }
    rec.events()
        .iter()
        .enumerate()
        .filter_map(|(i, ev)| ev.action.map(|a| (*rec.state_after(i).expect("a state per event"), a)))
        .collect()
}

#[test]
fn every_generated_game_validates_with_the_claimed_result() {
    for seed in 0..SEEDS {
        let log = random_game(seed, edition(), &RuleOptions::default());
        let text = log.to_string();
        let game = validate_log(&text, edition(), &RuleOptions::default())
            .unwrap_or_else(|e| panic!("seed {seed}: {e}\n{text}"));
        assert!(game.claims_agree, "seed {seed}: {:?}", game.claim_mismatches);
        assert_eq!(log.tag("Result"), Some(game.outcome.winner.as_str()));
        assert_eq!(game.events, log.events.len());
    }
}

#[test]
fn the_same_seed_gives_the_same_game_and_different_seeds_differ() {
    let a = random_game(7, edition(), &RuleOptions::default()).to_string();
    let b = random_game(7, edition(), &RuleOptions::default()).to_string();
    let c = random_game(8, edition(), &RuleOptions::default()).to_string();
    assert_eq!(a, b);
    assert_ne!(a, c);
}

#[test]
fn parse_print_parse_and_json_give_the_same_game() {
    for seed in 0..SEEDS {
        let log = random_game(seed, edition(), &RuleOptions::default());
        let text = log.to_string();
        let parsed = notation::parse(&text).expect("parses");
        let reprinted = parsed.to_string();
        assert_eq!(text, reprinted, "seed {seed}: print(parse(text)) == text");
        let again = notation::parse(&reprinted).expect("parses again");
        assert_eq!(parsed, again);
        let json = serde_json::to_string(&parsed).expect("json");
        let from_json: GameLog = serde_json::from_str(&json).expect("json parses");
        let strip =
            |l: &GameLog| l.events.iter().map(|e| (e.side, e.body.clone(), e.clock)).collect::<Vec<_>>();
        assert_eq!(strip(&from_json), strip(&parsed));
        let a = validate_log(&text, edition(), &RuleOptions::default()).expect("text valid");
        let b = validate_log(&json, edition(), &RuleOptions::default()).expect("json valid");
        assert_eq!(a.outcome, b.outcome);
        assert_eq!(a.final_units, b.final_units);
    }
}

fn below(rng: &mut ChaCha8Rng, n: u64) -> u64 {
    rng.next_u64() % n
}

/// An arbitrary action, legal or not.
fn arbitrary(rng: &mut ChaCha8Rng, state: &GameState<'_>) -> Action {
    // Ids slightly out of range too: they must be refused, never panic.
    let unit = |rng: &mut ChaCha8Rng| UnitId(below(rng, 13) as u8);
    let hex = |rng: &mut ChaCha8Rng| HexId(below(rng, edition().hex_count() as u64 + 2) as u8);
    let card = |rng: &mut ChaCha8Rng| CardId(below(rng, 62) as u8);
    let card_ref = |rng: &mut ChaCha8Rng| {
        if below(rng, 4) == 0 { CardRef::Unseen } else { CardRef::Known(CardId(below(rng, 62) as u8)) }
    };
    let side = if below(rng, 2) == 0 { Side::Red } else { Side::Polish };
    let some_cards = |rng: &mut ChaCha8Rng, n: u64| -> CardSet {
        let hand = state.hand(side);
        (0..n)
            .map(|_| {
                if below(rng, 4) == 0 {
                    card(rng)
                } else {
                    hand.nth(below(rng, 30) as usize).unwrap_or(card(rng))
                }
            })
            .collect()
    };
    match below(rng, 16) {
        0 => Action::Draw { side, card: card_ref(rng) },
        1 => Action::ExtraMarkers { units: [unit(rng), unit(rng)] },
        2 => Action::Pass,
        3 => Action::Pillage { unit: unit(rng) },
        4 | 5 => Action::March { unit: unit(rng), to: hex(rng) },
        6 => Action::Attack { unit: unit(rng), target: unit(rng) },
        7 => Action::Halt,
        8 => {
            // Mostly an action card of the side to act, with arguments of its own effect.
            let actor = state.to_act().unwrap_or(side);
            let actions: Vec<CardId> = state
                .hand(actor)
                .iter()
                .filter(|c| edition().card(*c).effect.is_some_and(bitwa::engine::CardEffect::is_action))
                .collect();
            let played = if actions.is_empty() || below(rng, 5) == 0 {
                card(rng)
            } else {
                actions[below(rng, actions.len() as u64) as usize]
            };
            let kind = bitwa::engine::CardEffect::ALL
                .iter()
                .position(|e| edition().card(CardId(played.0 % 60)).effect == Some(*e))
                .filter(|k| *k < 7 && below(rng, 5) > 0)
                .unwrap_or(below(rng, 7) as usize);
            let opp = state.hand(actor.opponent());
            let pick = |rng: &mut ChaCha8Rng, n: u64| -> CardSet {
                (0..n).filter_map(|_| opp.nth(below(rng, opp.len().max(1) as u64) as usize)).collect()
            };
            let play = match kind {
                0 => CardPlay::FighterEscadrille { reveal: pick(rng, 2), discard: pick(rng, 2) },
                1 => CardPlay::ArtillerySupport {
                    target: unit(rng),
                    discard: (below(rng, 2) == 0).then(|| card(rng)),
                },
                2 => CardPlay::RadioJamming { from: unit(rng), to: unit(rng) },
                3 => CardPlay::BrokenCipher { look: pick(rng, 4), unseen: below(rng, 2) as u8 },
                4 => CardPlay::Maneuver { unit: unit(rng) },
                5 => {
                    let mut units = [unit(rng), unit(rng), unit(rng)];
                    units.sort();
                    CardPlay::GoWest { units }
                }
                _ => CardPlay::Assault {
                    target: unit(rng),
                    by: unit(rng),
                    retreat: (below(rng, 4) > 0).then(|| hex(rng)),
                },
            };
            Action::Play { card: played, play }
        }
        9 => Action::Resolve { attacker: unit(rng) },
        10 => Action::Select { side, cards: some_cards(rng, 4), unseen: below(rng, 3) as u8 / 2 },
        11 => Action::SetAside { side, card: card(rng) },
        12 => Action::Pull { side, card: card_ref(rng) },
        13 => Action::Strength { attacker: below(rng, 12) as u8, defender: below(rng, 12) as u8 },
        14 => Action::Retreat { to: hex(rng) },
        _ => Action::Advance { advance: below(rng, 2) == 0 },
    }
}

#[test]
fn legal_actions_agrees_with_is_legal() {
    agreement(RuleOptions::default(), 0..6);
}

#[test]
fn legal_actions_agrees_with_is_legal_under_the_league_switches() {
    agreement(league_switches(), 100..106);
}

#[test]
fn games_under_the_league_switches_validate_only_under_them() {
    let (mut differ, mut refused) = (0, 0);
    for seed in 0..SEEDS {
        let log = random_game(seed, edition(), &league_switches());
        let text = log.to_string();
        let game = validate_log(&text, edition(), &league_switches())
            .unwrap_or_else(|e| panic!("seed {seed}: {e}\n{text}"));
        assert!(game.claims_agree, "seed {seed}: {:?}", game.claim_mismatches);
        differ += usize::from(text != random_game(seed, edition(), &RuleOptions::default()).to_string());
        assert_eq!(
            log.tag("Rules"),
            Some(
                "no-fortifications no-retreat-eliminates compulsory-advance pillage-by-free-units-only encirclement-flank-attack severe-fighting-each-card"
            )
        );
        let err = validate_log(&text, edition(), &RuleOptions::default()).expect_err("Rules tag differs");
        assert!(err.message(Lang::En).contains("played under the rules"), "seed {seed}: {err}");
        // Without its Rules tag, replayed under the standard rules: often refused.
        let untagged: String =
            text.lines().filter(|l| !l.starts_with("[Rules ")).collect::<Vec<_>>().join("\n");
        refused += usize::from(validate_log(&untagged, edition(), &RuleOptions::default()).is_err());
    }
    assert!(differ > 0, "the switches change games ({differ})");
    assert!(refused > 0, "some games are illegal under the standard rules ({refused})");
}

/// `legal_actions` and `is_legal` agree in every position of the seeds' games under `options`.
fn agreement(options: RuleOptions, seeds: std::ops::Range<u64>) {
    let mut rng = ChaCha8Rng::seed_from_u64(99);
    let (mut arbitrary_legal, mut arbitrary_plays) = (0, 0);
    for seed in seeds {
        let log = random_game(seed, edition(), &options);
        for (state, played) in positions_with(&log, options) {
            let legal = state.legal_actions();
            assert!(legal.contains(&played), "seed {seed}: played {played:?} is in legal_actions");
            // Every listed action is accepted (sampled when the list is long).
            let step = (legal.len() / 40).max(1);
            for a in legal.iter().step_by(step) {
                assert!(state.is_legal(a), "seed {seed}: listed {a:?} is legal\n{}", state.summary());
            }
            // Arbitrary actions: accepted exactly when listed.
            for _ in 0..20 {
                let a = arbitrary(&mut rng, &state);
                let ok = state.is_legal(&a);
                assert_eq!(ok, legal.contains(&a), "seed {seed}: {a:?}\n{}", state.summary());
                arbitrary_legal += usize::from(ok);
                arbitrary_plays += usize::from(ok && matches!(a, Action::Play { .. }));
            }
        }
    }
    assert!(
        arbitrary_legal > 200 && arbitrary_plays > 0,
        "the arbitrary actions hit legal ones too ({arbitrary_legal}, {arbitrary_plays} plays)"
    );
}

#[test]
fn every_card_is_in_exactly_one_place_throughout() {
    for seed in 0..10 {
        let log = random_game(seed, edition(), &RuleOptions::default());
        for (state, _) in positions(&log) {
            assert!(state.cards_accounted_for(), "seed {seed}: {}", state.summary());
        }
    }
}

#[test]
fn random_games_reach_the_common_endings_and_play_every_action_card() {
    use bitwa::engine::{CardEffect, PlayStyle, random_game_with};
    use bitwa::outcome::Termination;
    let mut endings = std::collections::BTreeSet::new();
    let mut played = std::collections::BTreeSet::new();
    for seed in 0..60 {
        for style in [PlayStyle::Uniform, PlayStyle::Aggressive] {
            let log = random_game_with(seed, edition(), &RuleOptions::default(), style);
            let t = log.tag("Termination").unwrap_or("?").to_string();
            endings.insert(if t == "time-forfeit" {
                format!("{t}-{}", log.tag("Result").unwrap_or("?"))
            } else {
                t
            });
            for (_, a) in positions(&log) {
                if let Action::Play { card, .. } = a {
                    played.insert(edition().card(card).effect.map_or("", CardEffect::as_str));
                }
            }
        }
    }
    for t in [
        Termination::RadzyminCheck.as_str(),
        Termination::ThreeRedEliminated.as_str(),
        "time-forfeit-red",
        "time-forfeit-polish",
    ] {
        assert!(endings.contains(t), "{t} among {endings:?}");
    }
    for e in CardEffect::ALL.iter().filter(|e| e.is_action()) {
        assert!(played.contains(e.as_str()), "{e:?} played among {played:?}");
    }
}
