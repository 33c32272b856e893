//! Mutations of valid random logs are rejected at the mutated line with the right rule.

use bitwa::engine::notation;
use bitwa::engine::{
    CardId, CardSet, Detail, Edition, GameState, Lang, RuleOptions, random_game, validate_log,
};
use bitwa::outcome::Side;

const SEEDS: u64 = 12;

fn e() -> &'static Edition {
    Edition::builtin()
}

/// The position before text line `line` (1-based) of `text`.
fn before(text: &str, line: usize) -> GameState<'static> {
    let log = notation::parse(text).expect("parses");
    let mut state = GameState::new(e(), RuleOptions::default());
    for ev in log.events.iter().take_while(|ev| ev.line < line) {
        state = state.apply_line(ev).expect("legal");
    }
    state
}

/// Replace line `line` (1-based) and check the error names that line and contains `rule`.
fn expect_rejected(text: &str, line: usize, new_line: &str, rule: &str) {
    let mut lines: Vec<&str> = text.lines().collect();
    lines[line - 1] = new_line;
    let mutated = lines.join("\n");
    let err = validate_log(&mutated, e(), &RuleOptions::default())
        .expect_err(&format!("mutated line {line} `{new_line}` must be rejected"));
    assert_eq!(err.line, line, "{err}");
    assert!(err.message(Lang::En).contains(rule), "expected {rule:?}: {err}");
    assert!(err.situation.is_some());
    // Read by people, in both languages: no program text in the sentence, the section or the state.
    for lang in Lang::ALL {
        for text in [err.message(lang), err.section().name(lang), err.state(lang, Detail::Full)] {
            for bad in ["{", "}", "Some(", "None", "CardId", "UnitId", "HexId", "::"] {
                assert!(!text.contains(bad), "{lang:?}: {bad:?} in {text}");
            }
        }
    }
}

fn find(text: &str, pred: impl Fn(&str) -> bool) -> Option<(usize, String)> {
    text.lines().enumerate().find(|(_, l)| pred(l)).map(|(i, l)| (i + 1, l.to_string()))
}

fn not_in_hand(state: &GameState<'_>, side: Side) -> CardId {
    CardSet::full_deck(side).minus(state.hand(side)).iter().next().expect("some card is elsewhere")
}

fn games() -> impl Iterator<Item = String> {
    (0..SEEDS).map(|seed| random_game(seed, e(), &RuleOptions::default()).to_string())
}

#[test]
fn selecting_a_card_that_is_not_in_the_reserve_is_rejected() {
    for text in games() {
        let Some((line, l)) = find(&text, |l| l.contains(" select ")) else { continue };
        let side: Side = l.split_whitespace().next().and_then(|s| s.parse().ok()).expect("side");
        let stranger = not_in_hand(&before(&text, line), side);
        let mut toks: Vec<String> = l.split_whitespace().map(str::to_string).collect();
        toks[2] = stranger.token();
        expect_rejected(&text, line, &toks.join(" "), "must come from the");
    }
}

#[test]
fn playing_a_card_that_is_not_in_the_reserve_is_rejected() {
    for text in games() {
        let Some((line, l)) = find(&text, |l| l.contains(" play ")) else { continue };
        let side: Side = l.split_whitespace().next().and_then(|s| s.parse().ok()).expect("side");
        let stranger = not_in_hand(&before(&text, line), side);
        let mut toks: Vec<String> = l.split_whitespace().map(str::to_string).collect();
        toks[2] = stranger.token();
        expect_rejected(&text, line, &toks.join(" "), "reserve");
    }
}

#[test]
fn a_march_into_an_occupied_space_is_rejected() {
    let mut checked = 0;
    for text in games() {
        for (i, l) in text.lines().enumerate() {
            let toks: Vec<&str> = l.split_whitespace().collect();
            if toks.get(1) != Some(&"command") || toks.get(3) != Some(&"march") {
                continue;
            }
            let state = before(&text, i + 1);
            let unit = e().unit_by_code(toks[2]).expect("unit");
            let from = state.position(unit).expect("on map");
            let Some(occupied) = e().neighbours(from).find(|n| state.occupant(*n).is_some()) else {
                continue;
            };
            let new_line = format!("{} command {} march {}", toks[0], toks[2], e().hex(occupied).label);
            expect_rejected(&text, i + 1, &new_line, "occupied by another unit");
            checked += 1;
            break;
        }
    }
    assert!(checked >= 3, "enough games had a march next to another unit ({checked})");
}

#[test]
fn an_attack_by_an_engaged_unit_is_rejected() {
    let mut checked = 0;
    for text in games() {
        'lines: for (i, l) in text.lines().enumerate() {
            if !l.contains(" command ") {
                continue;
            }
            let state = before(&text, i + 1);
            let Some(side) = state.to_act() else { continue };
            for (a, d) in state.attacks().collect::<Vec<_>>() {
                for engaged in [a, d] {
                    let spec = e().unit(engaged);
                    if spec.side != side || spec.is_defenders {
                        continue;
                    }
                    let Some(at) = state.position(engaged) else { continue };
                    let Some(target) = e()
                        .neighbours(at)
                        .filter_map(|n| state.occupant(n))
                        .find(|o| e().unit(*o).side != side)
                    else {
                        continue;
                    };
                    let new_line = format!("{side} command {} attack {}", spec.code, e().unit(target).code);
                    expect_rejected(&text, i + 1, &new_line, "engaged in combat");
                    checked += 1;
                    break 'lines;
                }
            }
        }
    }
    assert!(checked >= 2, "enough games had an engaged unit next to an enemy ({checked})");
}

#[test]
fn a_wrong_strength_sum_is_rejected() {
    for text in games() {
        let Some((line, l)) = find(&text, |l| l.contains(" strength ")) else { continue };
        let toks: Vec<&str> = l.split_whitespace().collect();
        let a: u8 = toks[2].parse().expect("number");
        expect_rejected(
            &text,
            line,
            &format!("{} strength {} {}", toks[0], a + 1, toks[3]),
            "combat strengths are",
        );
    }
}

#[test]
fn drawing_a_card_the_deck_no_longer_holds_is_rejected() {
    for text in games() {
        // The Polish opening hand's first card, drawn again at the first later Polish draw.
        let Some((_, first)) = find(&text, |l| l.starts_with("polish draw")) else { continue };
        let card = first.split_whitespace().nth(2).expect("card").to_string();
        let Some((line, l)) = text
            .lines()
            .enumerate()
            .skip_while(|(_, x)| *x != first)
            .skip(1)
            .find(|(_, x)| x.starts_with("polish draw"))
            .map(|(i, x)| (i + 1, x.to_string()))
        else {
            continue;
        };
        let mut toks: Vec<String> = l.split_whitespace().map(str::to_string).collect();
        toks[2] = card;
        expect_rejected(&text, line, &toks.join(" "), "not in the polish deck any more");
    }
}

#[test]
fn a_clock_that_goes_up_is_rejected() {
    for text in games() {
        let mut last: Option<(Side, i32)> = None;
        for (i, l) in text.lines().enumerate() {
            let Some(reading) = l.rsplit_once('{').and_then(|(_, r)| r.strip_suffix('}')) else { continue };
            let side: Side = l.split_whitespace().next().and_then(|s| s.parse().ok()).expect("side");
            let secs = notation::parse_clock(reading).expect("clock");
            if let Some((s, prev)) = last
                && s == side
            {
                let new_line =
                    format!("{}{{{}}}", &l[..l.rfind('{').expect("brace")], notation::format_clock(prev + 5));
                expect_rejected(&text, i + 1, &new_line, "never rises");
                break;
            }
            last = Some((side, secs));
            let _ = secs;
        }
    }
}

#[test]
fn acting_for_the_wrong_side_is_rejected() {
    for text in games() {
        let Some((line, l)) = find(&text, |l| l.starts_with("red command")) else { continue };
        expect_rejected(&text, line, &l.replacen("red", "polish", 1), "decision");
    }
}

#[test]
fn a_truncated_log_is_not_a_complete_game() {
    for text in games() {
        let cut: Vec<&str> = text.lines().collect();
        let shorter = cut[..cut.len() - 1].join("\n");
        let err = validate_log(&shorter, e(), &RuleOptions::default()).expect_err("incomplete");
        assert!(err.message(Lang::En).contains("ends before the game is over"), "{err}");
    }
}
