//! Errors for people: every refusal reads as a plain sentence in Polish and in English, cites its
//! rulebook section, and never shows program internals.

use bitwa::engine::error::{Awaited, DrawOccasion, Kind, Place, Seen, Slot, Syntax};
use bitwa::engine::notation::Tok;
use bitwa::engine::{
    CardEffect, CardId, Colour, Detail, Edition, Lang, LogError, PlayStyle, Rule, RuleOptions, Section,
    mask_unseen, random_game_with, validate_log,
};
use bitwa::outcome::Side;

fn e() -> &'static Edition {
    Edition::builtin()
}

/// Program internals that must never reach a person.
const DEBUG_TEXT: [&str; 12] =
    ["{", "}", "Some(", "None", "CardId", "UnitId", "HexId", "Tok(", "(Red)", "(Polish)", "::", "\\u{"];

fn no_debug_text(what: &str, text: &str) {
    for bad in DEBUG_TEXT {
        assert!(!text.contains(bad), "{what} shows program text {bad:?}: {text}");
    }
}

/// Polish text with English left in it.
fn no_english(what: &str, text: &str) {
    for word in [" the ", " is not ", " must ", " card(s)", " cannot "] {
        assert!(!text.contains(word), "{what} has English {word:?} in Polish: {text}");
    }
}

/// Everything a person reads of an error, in both languages and both details: the sentence, the section
/// and the state (the echoed event is what they wrote, so it is left out).
fn check_readable(err: &LogError) {
    for lang in Lang::ALL {
        let sentence = err.message(lang);
        assert!(!sentence.trim().is_empty(), "an empty sentence for {:?}", err.rule());
        for text in [
            sentence.clone(),
            err.section().name(lang),
            err.state(lang, Detail::Full),
            err.state(lang, Detail::Short),
        ] {
            no_debug_text(&format!("{lang:?} {:?}", err.rule()), &text);
            if lang == Lang::Pl {
                no_english(&format!("{:?}", err.rule()), &text);
            }
        }
    }
    assert_ne!(
        err.message(Lang::Pl),
        err.message(Lang::En),
        "a Polish sentence of its own for {:?}",
        err.rule()
    );
}

fn t(s: &str) -> Tok {
    Tok::new(s).expect("short")
}

/// One example of every rule. The match below has no wildcard: a new rule does not compile until it is
/// listed here, so it cannot ship without being rendered in both languages.
fn every_rule() -> Vec<Rule> {
    let c = CardId::of(Side::Red, 6).expect("card");
    let rules = vec![
        Rule::NotYourDecision { to_act: Side::Red, side: Side::Polish },
        Rule::NotNow {
            attempted: Kind::Advance,
            awaited: Awaited::Draw { side: Side::Red, left: 1, occasion: DrawOccasion::AfterCombat },
        },
        Rule::GameOver,
        Rule::LogEndsEarly,
        Rule::Syntax(Syntax::Missing { what: Slot::AttackedUnit }),
        Rule::UnknownCard { token: t("X01") },
        Rule::UnknownUnit { token: t("R7A"), edition: "bw".into() },
        Rule::UnknownSpace { token: t("z9"), edition: "bw".into() },
        Rule::Ambiguous { token: t("r3a") },
        Rule::ListedTwice { token: t("R01") },
        Rule::UnitCount { expected: 3, got: 2 },
        Rule::DrawNamesNoCard,
        Rule::CommandDoesNothing,
        Rule::NotAscending,
        Rule::NotInEdition,
        Rule::UnseenMustBeNamed { what: Seen::SetAside },
        Rule::ResolveNamesAnotherDefender { attacker: t("R16A"), defends: t("P1A"), written: t("P2A") },
        Rule::NoActionNoReading,
        Rule::EditionDiffers { log: "a".into(), checked: "b".into() },
        Rule::RulesDiffer { log: "compulsory-advance".into(), checked: "standard".into() },
        Rule::RulesUnknownWord { value: "house".into() },
        Rule::TimeControlUnreadable { value: "soon".into() },
        Rule::TimeControlDiffers { log: 1200, league: 900 },
        Rule::WrongDeck { card: c, side: Side::Polish },
        Rule::NotInDeck { card: c, side: Side::Red, place: Place::DiscardPile },
        Rule::NotInReserve { card: c, side: Side::Red, place: Place::Deck },
        Rule::SelectedNotInReserve { side: Side::Red, cards: vec![(c, Place::Combat)] },
        Rule::SelectCount { side: Side::Red, need: 4, got: 3 },
        Rule::TooManyUnseenSelected { side: Side::Red, unseen: 2 },
        Rule::SetAsideNotSelected { card: c, side: Side::Red },
        Rule::PullNotFaceDown { side: Side::Red, owner: Side::Polish, card: c, set_aside: true },
        Rule::PullMustTakeTheUnseen { side: Side::Red, owner: Side::Polish },
        Rule::PullUnseenButAllNamed { side: Side::Red, owner: Side::Polish },
        Rule::NotFaceUp { card: c },
        Rule::NotYourUnit { unit: t("R3A"), side: Side::Polish },
        Rule::Eliminated { unit: t("R3A") },
        Rule::DefendersNoMarkers,
        Rule::DefendersNeverMove,
        Rule::OneUnitPerAction { commanding: t("R3A") },
        Rule::Engaged { unit: t("R3A") },
        Rule::AttackedThisRound { unit: t("R3A") },
        Rule::NoMarkerLeft { unit: t("R3A") },
        Rule::NotAdjacent { to: t("c2"), from: t("e4") },
        Rule::Occupied { occupant: t("P1A"), space: t("d4") },
        Rule::NotAnEnemy { unit: t("R4A") },
        Rule::TargetNotAdjacent { target: t("P1A"), target_space: t("d4"), unit: t("R3A"), space: t("g5") },
        Rule::PillageRedOnly,
        Rule::PillageMarkers { unit: t("R3A"), markers: 1 },
        Rule::PillageEngaged { unit: t("R3A") },
        Rule::PillageAttacked { unit: t("R3A") },
        Rule::NoAttackToResolve { unit: t("R3A") },
        Rule::Strengths { attacker: 8, defender: 4, claimed_attacker: 9, claimed_defender: 4 },
        Rule::RetreatTo { unit: t("P1A"), options: vec![t("d3"), t("c4")] },
        Rule::MustAdvance,
        Rule::NotAnActionCard { card: c, name: "11 Dywizja Piechoty".into() },
        Rule::WrongEffect {
            card: c,
            name: "Manewr".into(),
            effect: CardEffect::Maneuver,
            claimed: CardEffect::Assault,
        },
        Rule::EscadrilleReveal { opponent: Side::Red, count: 2 },
        Rule::EscadrilleDiscard { opponent: Side::Red, count: 1 },
        Rule::ArtilleryNotAdjacent { target: t("R3A"), side: Side::Polish },
        Rule::ArtilleryDiscard { card: c, colour: Colour::Green },
        Rule::RadioSameUnit,
        Rule::CipherLook { opponent: Side::Red, count: 4 },
        Rule::AssaultDefenders,
        Rule::AssaultNoMarker { by: t("R16A"), target: t("P1A") },
        Rule::AssaultMustRetreat { target: t("P1A") },
        Rule::AssaultRetreatTo { target: t("P1A"), to: t("c3") },
        Rule::ClockRises { side: Side::Polish, was: 840, reading: 845 },
        Rule::ClockNotRunning { side: Side::Red, running: Some(Side::Polish) },
    ];
    for r in &rules {
        match r {
            Rule::NotYourDecision { .. }
            | Rule::NotNow { .. }
            | Rule::GameOver
            | Rule::LogEndsEarly
            | Rule::Syntax(_)
            | Rule::UnknownCard { .. }
            | Rule::UnknownUnit { .. }
            | Rule::UnknownSpace { .. }
            | Rule::Ambiguous { .. }
            | Rule::ListedTwice { .. }
            | Rule::UnitCount { .. }
            | Rule::DrawNamesNoCard
            | Rule::CommandDoesNothing
            | Rule::NotAscending
            | Rule::NotInEdition
            | Rule::UnseenMustBeNamed { .. }
            | Rule::ResolveNamesAnotherDefender { .. }
            | Rule::NoActionNoReading
            | Rule::EditionDiffers { .. }
            | Rule::RulesDiffer { .. }
            | Rule::RulesUnknownWord { .. }
            | Rule::TimeControlUnreadable { .. }
            | Rule::TimeControlDiffers { .. }
            | Rule::WrongDeck { .. }
            | Rule::NotInDeck { .. }
            | Rule::NotInReserve { .. }
            | Rule::SelectedNotInReserve { .. }
            | Rule::SelectCount { .. }
            | Rule::TooManyUnseenSelected { .. }
            | Rule::SetAsideNotSelected { .. }
            | Rule::PullNotFaceDown { .. }
            | Rule::PullMustTakeTheUnseen { .. }
            | Rule::PullUnseenButAllNamed { .. }
            | Rule::NotFaceUp { .. }
            | Rule::NotYourUnit { .. }
            | Rule::Eliminated { .. }
            | Rule::DefendersNoMarkers
            | Rule::DefendersNeverMove
            | Rule::OneUnitPerAction { .. }
            | Rule::Engaged { .. }
            | Rule::AttackedThisRound { .. }
            | Rule::NoMarkerLeft { .. }
            | Rule::NotAdjacent { .. }
            | Rule::Occupied { .. }
            | Rule::NotAnEnemy { .. }
            | Rule::TargetNotAdjacent { .. }
            | Rule::PillageRedOnly
            | Rule::PillageMarkers { .. }
            | Rule::PillageEngaged { .. }
            | Rule::PillageAttacked { .. }
            | Rule::NoAttackToResolve { .. }
            | Rule::Strengths { .. }
            | Rule::RetreatTo { .. }
            | Rule::MustAdvance
            | Rule::NotAnActionCard { .. }
            | Rule::WrongEffect { .. }
            | Rule::EscadrilleReveal { .. }
            | Rule::EscadrilleDiscard { .. }
            | Rule::ArtilleryNotAdjacent { .. }
            | Rule::ArtilleryDiscard { .. }
            | Rule::RadioSameUnit
            | Rule::CipherLook { .. }
            | Rule::AssaultDefenders
            | Rule::AssaultNoMarker { .. }
            | Rule::AssaultMustRetreat { .. }
            | Rule::AssaultRetreatTo { .. }
            | Rule::ClockRises { .. }
            | Rule::ClockNotRunning { .. } => {}
        }
    }
    rules
}

#[test]
fn every_rule_has_a_polish_and_an_english_sentence_without_program_text() {
    let rules = every_rule();
    // One example of each rule: as many distinct rules as the match above has arms.
    let kinds: std::collections::HashSet<_> = rules.iter().map(std::mem::discriminant).collect();
    assert_eq!((rules.len(), kinds.len()), (68, 68));
    for r in &rules {
        let (pl, en) = (r.sentence(Lang::Pl), r.sentence(Lang::En));
        no_debug_text("en", &en);
        no_debug_text("pl", &pl);
        no_english(&format!("{r:?}"), &pl);
        assert!(!pl.is_empty() && !en.is_empty() && pl != en, "{r:?}: {pl} / {en}");
    }
    // Every syntax problem and every awaited decision too.
    let syntax = [
        Syntax::TagAfterEvents,
        Syntax::TagShape,
        Syntax::TagNoValue,
        Syntax::TagNotQuoted,
        Syntax::TagBackslashAtEnd,
        Syntax::TagQuoteInside,
        Syntax::TagName { name: "a-b".into() },
        Syntax::Clock { text: "1:75".into() },
        Syntax::ClockLineWithoutReading,
        Syntax::UnmatchedBrace,
        Syntax::Expected { word: "by", found: "R16A".into() },
        Syntax::Expected { word: "by", found: String::new() },
        Syntax::Unexpected { token: "x".into() },
        Syntax::NotANumber { what: Slot::AttackerStrength, token: "x".into() },
        Syntax::TooLong { token: "xxxxxxxxxxxxxxxxxxxx".into() },
        Syntax::UnknownSide { token: "green".into() },
        Syntax::UnknownVerb { token: "fly".into() },
        Syntax::UnknownEffect { token: "nuke".into() },
        Syntax::Json { line: 1, column: 2, data: true },
        Syntax::Json { line: 1, column: 2, data: false },
    ];
    for s in syntax {
        let r = Rule::Syntax(s);
        assert_ne!(r.sentence(Lang::Pl), r.sentence(Lang::En));
        no_debug_text("syntax", &r.sentence(Lang::Pl));
        no_english("syntax", &r.sentence(Lang::Pl));
    }
}

#[test]
fn every_section_has_its_rulebook_name_in_both_languages() {
    let mut sections = vec![
        Section::GamePreparation,
        Section::SequenceOfPlay,
        Section::OperationalPhase,
        Section::Pillage,
        Section::CommandAUnit,
        Section::AttackMarkers,
        Section::PlayAnActionCard,
        Section::CombatPhase,
        Section::AttackResolution,
        Section::CleanupPhase,
        Section::EndOfTheGame,
        Section::Fortifications,
        Section::FlankAttacks,
        Section::LeagueThinkingTime,
        Section::LeagueRules,
        Section::Notation,
    ];
    sections.extend(
        CardEffect::ALL
            .iter()
            .map(|e| if e.is_action() { Section::ActionCard(*e) } else { Section::CombatCard(*e) }),
    );
    for s in sections {
        let (pl, en) = (s.name(Lang::Pl), s.name(Lang::En));
        assert!(!pl.is_empty() && !en.is_empty(), "{s:?}");
        no_debug_text("section", &pl);
        no_debug_text("section", &en);
    }
    assert_eq!(Section::AttackResolution.name(Lang::Pl), "Rozstrzyganie ataku");
    assert_eq!(Section::ActionCard(CardEffect::Assault).name(Lang::En), "Action Cards: Szturm");
}

fn fixture_texts() -> Vec<(String, String)> {
    let dir = format!("{}/fixtures/logs", env!("CARGO_MANIFEST_DIR"));
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).expect("dir") {
        let path = entry.expect("entry").path();
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("").to_string();
        if name.ends_with(".bwlog") || name.ends_with(".json") {
            out.push((name, std::fs::read_to_string(&path).expect("readable")));
        }
    }
    out
}

#[test]
fn every_refusal_in_the_fixtures_reads_without_program_text_in_both_languages() {
    let mut refused = 0;
    for (name, text) in fixture_texts() {
        if let Err(err) = validate_log(&text, Edition::builtin_for_log(&text), &RuleOptions::default()) {
            check_readable(&err);
            refused += 1;
            assert!(name.starts_with("invalid-"), "{name}: {err}");
        }
    }
    assert!(refused >= 20, "{refused} refusals");
}

/// Mutations of every kind on random games (named and with unseen cards): each refusal they cause is
/// rendered and checked. The mutations are those of `engine_mutations.rs` and more.
#[test]
fn every_refusal_of_mutated_games_reads_without_program_text_in_both_languages() {
    let mut kinds = std::collections::BTreeSet::new();
    let mut refused = 0;
    let swaps: [(&str, &str); 14] = [
        ("red ", "polish "),
        ("polish ", "red "),
        (" R0", " P0"),
        (" P1", " R1"),
        (" ?", " R06"),
        (" ?", " P04"),
        (" select ", " select ? ? "),
        (" strength ", " strength 1"),
        (" march ", " march d5 "),
        (" attack ", " attack POW "),
        (" advance", " hold"),
        (" pull ", " pull P01 "),
        (" draw ", " draw R01 "),
        (" retreat ", " retreat a1 "),
    ];
    for seed in 0..6 {
        for style in [PlayStyle::Uniform, PlayStyle::Aggressive] {
            let log = random_game_with(seed, e(), &RuleOptions::default(), style);
            for text in [log.to_string(), mask_unseen(&log).to_string()] {
                let lines: Vec<&str> = text.lines().collect();
                for (i, line) in lines.iter().enumerate().step_by(3) {
                    for (from, to) in swaps {
                        if !line.contains(from) {
                            continue;
                        }
                        let mut mutated = lines.clone();
                        let new = line.replacen(from, to, 1);
                        mutated[i] = &new;
                        if let Err(err) = validate_log(&mutated.join("\n"), e(), &RuleOptions::default()) {
                            check_readable(&err);
                            kinds.insert(format!("{:?}", std::mem::discriminant(err.rule())));
                            refused += 1;
                        }
                    }
                }
                // A line dropped, and a line written twice.
                for i in (15..lines.len()).step_by(17) {
                    let mut dropped = lines.clone();
                    dropped.remove(i);
                    let mut doubled = lines.clone();
                    doubled.insert(i, lines[i]);
                    for t in [dropped.join("\n"), doubled.join("\n")] {
                        if let Err(err) = validate_log(&t, e(), &RuleOptions::default()) {
                            check_readable(&err);
                            kinds.insert(format!("{:?}", std::mem::discriminant(err.rule())));
                            refused += 1;
                        }
                    }
                }
            }
        }
    }
    assert!(refused > 500 && kinds.len() >= 20, "{refused} refusals of {} kinds", kinds.len());
}

/// "Not possible now" cites where the rulebook describes what was tried: a losing attacker's advance is
/// an Attack Resolution rule (it was refused under "Game Preparation" once), a march out of turn a
/// Command a Unit rule.
#[test]
fn a_losing_attackers_advance_is_refused_under_attack_resolution() {
    let mut checked = 0;
    for seed in 0..40 {
        let text = random_game_with(seed, e(), &RuleOptions::default(), PlayStyle::Aggressive).to_string();
        let lines: Vec<&str> = text.lines().collect();
        // A strength line where the attacker lost, followed by the draws after the combat.
        let Some(i) = lines.iter().position(|l| {
            let toks: Vec<&str> = l.split_whitespace().collect();
            toks.get(1) == Some(&"strength")
                && toks.get(2).and_then(|a| a.parse::<u8>().ok())
                    < toks.get(3).and_then(|d| d.parse::<u8>().ok())
        }) else {
            continue;
        };
        if !lines.get(i + 1).is_some_and(|l| l.starts_with("red draw")) {
            continue;
        }
        // A Red attacker: the draws after the combat are Red's first, so the side is not what is wrong.
        let side = lines[i].split_whitespace().next().expect("side");
        if side != "red" {
            continue;
        }
        let mut mutated = lines.clone();
        let advance = format!("{side} advance");
        mutated.insert(i + 1, &advance);
        let err = validate_log(&mutated.join("\n"), e(), &RuleOptions::default())
            .expect_err("no advance after a loss");
        assert_eq!(err.line, i + 2, "{err}");
        assert_eq!(err.section(), Section::AttackResolution, "{err}");
        assert!(err.message(Lang::En).contains("an advance is not possible now"), "{err}");
        assert!(
            err.message(Lang::Pl).starts_with("teraz nie pora na wkroczenie na zwolnione pole"),
            "{}",
            err.message(Lang::Pl)
        );
        check_readable(&err);
        checked += 1;
    }
    assert!(checked >= 3, "enough games had an attacker lose ({checked})");
}
