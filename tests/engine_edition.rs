//! Edition fidelity: every fact the rulebook fixes is checked, each broken fact gets its own message
//! (one mutated copy of the shipped edition per fact), every problem is reported at once, and the
//! shipped edition plays the rulebook's worked examples as printed.

use bitwa::engine::edition::{EditionErrors, PINNED_EDITION, RulebookFact, RulebookUnit};
use bitwa::engine::{
    CardEffect, Colour, Edition, Landmark, Lang, RuleOptions, replay_snapshots, validate_log,
};
use bitwa::outcome::Side;
use std::collections::BTreeSet;

fn shipped() -> Vec<(String, String)> {
    Edition::builtin_files(Edition::builtin().id()).expect("the shipped edition's files")
}

/// The shipped files with `f` applied to one of them.
fn with(files: Vec<(String, String)>, name: &str, f: impl Fn(&str) -> String) -> Vec<(String, String)> {
    files
        .into_iter()
        .map(|(n, c)| {
            if n == name {
                let c = f(&c);
                (n, c)
            } else {
                (n, c)
            }
        })
        .collect()
}

/// Replace the whole line starting with `prefix` (exactly one must).
fn line(prefix: &'static str, new: &'static str) -> impl Fn(&str) -> String {
    move |c: &str| {
        assert_eq!(c.lines().filter(|l| l.starts_with(prefix)).count(), 1, "one line starts with {prefix:?}");
        c.lines().map(|l| if l.starts_with(prefix) { new } else { l }).collect::<Vec<_>>().join("\n") + "\n"
    }
}

fn errors(files: &[(String, String)]) -> EditionErrors {
    match Edition::check_files(files) {
        Ok(e) => panic!("the mutated edition must be refused, but {} loaded", e.id()),
        Err(all) => all,
    }
}

/// One line of one file changed: (file, the line's prefix, the new line).
type Change = (&'static str, &'static str, &'static str);

/// One mutation per fact: (the fact it breaks, file, line prefix, the line it becomes). Each breaks
/// that fact alone.
fn single_mutations() -> Vec<(RulebookFact, Vec<Change>)> {
    use RulebookFact as F;
    use RulebookUnit as U;
    vec![
        (
            F::SixUnitsPerSide,
            vec![
                ("units.csv", "RGM,", "# Grupa Mozyrska left out"),
                ("board.csv", "h6,", "h6,8,6,Łosice,yes,no,,,reconstructed"),
            ],
        ),
        (F::NamedUnit(U::Red3rdArmy), vec![("units.csv", "R3A,", "R3A,13 Armia,red,blue,no,reconstructed")]),
        (F::NamedUnit(U::Red4thArmy), vec![("units.csv", "R4A,", "R4A,14 Armia,red,blue,no,reconstructed")]),
        (
            F::NamedUnit(U::Red16thArmy),
            vec![("units.csv", "R16A,", "R16A,Armia Konna,red,green,no,rulebook")],
        ),
        (
            F::NamedUnit(U::Red3KawKor),
            vec![("units.csv", "R3KK,", "R3KK,Korpus Gaja,red,blue,no,reconstructed")],
        ),
        (F::NamedUnit(U::Polish1stArmy), vec![("units.csv", "P1A,", "P1A,6 Armia,polish,red,no,rulebook")]),
        (
            F::NamedUnit(U::Polish2ndArmy),
            vec![("units.csv", "P2A,", "P2A,7 Armia,polish,yellow,no,reconstructed")],
        ),
        (
            F::NamedUnit(U::Polish5thArmy),
            vec![("units.csv", "P5A,", "P5A,8 Armia,polish,yellow,no,reconstructed")],
        ),
        (
            F::NamedUnit(U::WarsawDefenders),
            vec![("units.csv", "POW,", "POW,Garnizon Warszawy,polish,none,yes,rulebook")],
        ),
        (F::SixteenthArmyGreen, vec![("units.csv", "R16A,", "R16A,16 Armia,red,blue,no,rulebook")]),
        (F::FirstArmyRed, vec![("units.csv", "P1A,", "P1A,1 Armia,polish,yellow,no,rulebook")]),
        (F::DefendersColourless, vec![("units.csv", "POW,", "POW,Obrońcy Warszawy,polish,red,yes,rulebook")]),
        (
            F::LandmarkPresent(Landmark::Warsaw),
            vec![("board.csv", "d5,", "d5,4,5,Warszawa,no,yes,,POW,rulebook")],
        ),
        (
            F::LandmarkPresent(Landmark::Radzymin),
            vec![("board.csv", "d4,", "d4,4,4,Radzymin,no,yes,,P1A,rulebook")],
        ),
        (F::LandmarkPresent(Landmark::Modlin), vec![("board.csv", "d3,", "d3,4,3,Modlin,no,yes,,,rulebook")]),
        (
            F::LandmarkFortified(Landmark::Warsaw),
            vec![("board.csv", "d5,", "d5,4,5,Warszawa,no,no,warsaw,POW,rulebook")],
        ),
        (
            F::LandmarkFortified(Landmark::Radzymin),
            vec![("board.csv", "d4,", "d4,4,4,Radzymin,no,no,radzymin,P1A,rulebook")],
        ),
        (
            F::LandmarkFortified(Landmark::Modlin),
            vec![("board.csv", "d3,", "d3,4,3,Modlin,no,no,modlin,,rulebook")],
        ),
        // Radzymin moved to Łomianki (c4): still next to Modlin, with the 1st Army, but northwest of Warsaw.
        (
            F::RadzyminNortheastOfWarsaw,
            vec![
                ("board.csv", "d4,", "d4,4,4,Tłuszcz,no,no,,,reconstructed"),
                ("board.csv", "c4,", "c4,3,4,Radzymin,no,yes,radzymin,P1A,rulebook"),
            ],
        ),
        // Modlin moved to Nasielsk (c2): north of Warsaw, two spaces from Radzymin.
        (
            F::ModlinAdjacentToRadzymin,
            vec![
                ("board.csv", "d3,", "d3,4,3,Nowy Dwór,no,no,,,reconstructed"),
                ("board.csv", "c2,", "c2,3,2,Modlin,no,yes,modlin,,rulebook"),
            ],
        ),
        // Modlin moved to Okuniew (e5): next to Radzymin, but level with Warsaw.
        (
            F::ModlinNorthOfWarsaw,
            vec![
                ("board.csv", "d3,", "d3,4,3,Nowy Dwór,no,no,,,reconstructed"),
                ("board.csv", "e5,", "e5,5,5,Modlin,no,yes,modlin,,rulebook"),
            ],
        ),
        (
            F::FirstArmyStartsInRadzymin,
            vec![
                ("board.csv", "d4,", "d4,4,4,Radzymin,no,yes,radzymin,,rulebook"),
                ("board.csv", "c4,", "c4,3,4,Łomianki,no,no,,P1A,reconstructed"),
            ],
        ),
        (
            F::DefendersStartInWarsaw,
            vec![
                ("board.csv", "d5,", "d5,4,5,Warszawa,no,yes,warsaw,,rulebook"),
                ("board.csv", "c5,", "c5,3,5,Ożarów,no,no,,POW,reconstructed"),
            ],
        ),
        (F::RevolutionaryRegiment, vec![("cards.csv", "red,1,", "red,1,Pułk Rewolucyjny,blue,1,,rulebook")]),
        (F::ThirtyCardsPerDeck, vec![("cards.csv", "red,30,", "# the last Red card is lost")]),
        (F::CardColours, vec![("cards.csv", "red,9,", "red,9,2 Dywizja Strzelców,yellow,3,,reconstructed")]),
        (F::AssaultIsRed, assault_in_the_polish_deck()),
        (F::EliteTroopsAreRed, elite_troops_in_the_polish_deck()),
        (F::EliteTroopsMatchGreen, blue_elite_troops()),
    ]
}

/// Szturm moved to the Polish deck (a red Polish card), a plain card in its place in the Red deck.
fn assault_in_the_polish_deck() -> Vec<Change> {
    vec![
        ("cards.csv", "red,8,", "red,8,9 Dywizja Strzelców,blue,2,,reconstructed"),
        ("cards.csv", "polish,8,", "polish,8,Szturm,red,2,assault,reconstructed"),
    ]
}

/// Doborowe oddziały moved to the Polish deck (white, a colour either deck may have).
fn elite_troops_in_the_polish_deck() -> Vec<Change> {
    vec![
        ("cards.csv", "red,2,", "red,2,9 Dywizja Kawalerii,green,2,,reconstructed"),
        ("cards.csv", "polish,9,", "polish,9,Doborowe oddziały,white,2,elite-troops,reconstructed"),
    ]
}

/// Doborowe oddziały in the Red deck, but blue: a Red colour that does not match the green 16th Army.
fn blue_elite_troops() -> Vec<Change> {
    vec![("cards.csv", "red,2,", "red,2,Doborowe oddziały,blue,2,elite-troops,reconstructed")]
}

fn mutate(changes: &[Change]) -> Vec<(String, String)> {
    changes.iter().fold(shipped(), |files, (file, prefix, new)| with(files, file, line(prefix, new)))
}

#[test]
fn the_built_in_editions_keep_every_rulebook_fact() {
    for e in Edition::builtins() {
        let files = Edition::builtin_files(e.id()).expect("files");
        let loaded = Edition::check_files(&files).unwrap_or_else(|all| panic!("{}: {all}", e.id()));
        assert_eq!(loaded.id(), e.id());
    }
}

#[test]
fn each_broken_fact_is_refused_with_its_own_message() {
    let mut seen = BTreeSet::new();
    for (fact, changes) in single_mutations() {
        let all = errors(&mutate(&changes));
        let facts: Vec<RulebookFact> = all.facts().collect();
        assert_eq!(facts, vec![fact], "{fact:?} alone is broken, and said once:\n{all}");
        assert_eq!(all.0.len(), 1, "nothing else is reported:\n{all}");
        let e = &all.0[0];
        assert!(e.message.starts_with(&fact.english()), "{e}");
        assert!(e.message_pl.starts_with(&fact.polish()), "{}", e.polish());
        assert!(e.message.contains(fact.section()), "names the rulebook section: {e}");
        seen.insert(format!("{fact:?}"));
    }
    // Each card effect gets its own mutation: the effect taken off every card that carries it.
    for effect in CardEffect::ALL {
        let files = with(shipped(), "cards.csv", |c| c.replace(&format!(",{},", effect.as_str()), ",,"));
        let all = errors(&files);
        let fact = RulebookFact::CardEffectPresent(effect);
        assert_eq!(all.facts().collect::<Vec<_>>(), vec![fact], "{all}");
        assert!(all.0[0].message.contains(effect.polish_name()), "{}", all.0[0]);
        seen.insert(format!("{fact:?}"));
    }
    let untested: Vec<String> =
        RulebookFact::all().iter().map(|f| format!("{f:?}")).filter(|f| !seen.contains(f)).collect();
    assert!(untested.is_empty(), "facts without a mutation: {untested:?}");
}

#[test]
fn the_messages_say_what_the_data_says() {
    let msg = |changes: &[Change]| {
        let all = errors(&mutate(changes));
        (all.0[0].to_string(), all.0[0].polish())
    };
    let (en, pl) = msg(&[("units.csv", "R16A,", "R16A,16 Armia,red,blue,no,rulebook")]);
    assert_eq!(
        en,
        "units.csv: the 16th Army is green (rulebook, \"Fortifications\"): 16 Armia (R16A) is blue"
    );
    assert_eq!(
        pl,
        "units.csv: 16 Armia jest zielona (instrukcja, „Fortifications”): 16 Armia (R16A) ma kolor niebieski"
    );
    let (en, _) = msg(&[("units.csv", "R3A,", "R3A,13 Armia,red,blue,no,reconstructed")]);
    assert!(en.ends_with("3 Armia (P3A) is a polish unit here"), "{en}");
    let (en, pl) = msg(&[
        ("board.csv", "d4,", "d4,4,4,Tłuszcz,no,no,,,reconstructed"),
        ("board.csv", "c4,", "c4,3,4,Radzymin,no,yes,radzymin,P1A,rulebook"),
    ]);
    assert!(en.starts_with("board.csv:31: Radzymin is northeast of Warsaw"), "the line of Radzymin: {en}");
    assert!(en.ends_with("Radzymin (c4) lies northwest of Warsaw (d5)"), "{en}");
    assert!(pl.ends_with("Radzymin (c4) leży na północny zachód od Warszawy (d5)"), "{pl}");
    let (en, _) = msg(&[("cards.csv", "red,1,", "red,1,Pułk Rewolucyjny,white,2,,rulebook")]);
    assert!(
        en.starts_with("cards.csv:2: ") && en.ends_with("red card 1 Pułk Rewolucyjny is white, strength 2"),
        "{en}"
    );
    let (en, pl) = msg(&[("cards.csv", "red,30,", "# lost")]);
    assert!(en.ends_with("the red deck has 29 cards (missing numbers: 30)"), "{en}");
    assert!(pl.ends_with("talia czerwona ma 29 kart (brak numerów: 30)"), "{pl}");
    let (en, pl) = msg(&assault_in_the_polish_deck());
    assert_eq!(
        en,
        "cards.csv:39: Szturm (Assault) is a Red card (rulebook, \"Moving Attack Markers\"): polish card 8 Szturm has effect = assault"
    );
    assert_eq!(
        pl,
        "cards.csv:39: Szturm to karta czerwona (instrukcja, „Moving Attack Markers”): karta polska 8 Szturm ma effect = assault"
    );
    let (en, pl) = msg(&elite_troops_in_the_polish_deck());
    assert_eq!(
        en,
        "cards.csv:40: Doborowe oddziały (Elite troops) is a Red card (rulebook, \"Fortifications\"): polish card 9 Doborowe oddziały has effect = elite-troops"
    );
    assert!(
        pl.starts_with(
            "cards.csv:40: Doborowe oddziały to karta czerwona (instrukcja, „Fortifications”): karta polska 9"
        ),
        "{pl}"
    );
    let (en, pl) = msg(&blue_elite_troops());
    assert_eq!(
        en,
        "cards.csv:3: Doborowe oddziały (Elite troops) matches the 16th Army's colour: it is green or white (rulebook, \"Fortifications\"): red card 2 Doborowe oddziały is blue"
    );
    assert_eq!(
        pl,
        "cards.csv:3: karta Doborowe oddziały pasuje kolorem do 16 Armii: jest zielona albo biała (instrukcja, „Fortifications”): karta czerwona 2 Doborowe oddziały ma kolor niebieski"
    );
}

/// White matches every unit ("White cards are special: they match every unit's color"), so a white
/// Doborowe oddziały agrees with the worked example as well as a green one; the shipped one is green.
#[test]
fn elite_troops_may_be_white_and_the_shipped_editions_give_both_red_cards_to_red() {
    for e in Edition::builtins() {
        let elite: Vec<_> = e
            .cards(Side::Red)
            .chain(e.cards(Side::Polish))
            .filter(|c| c.effect == Some(CardEffect::EliteTroops))
            .collect();
        let assault: Vec<_> = e
            .cards(Side::Red)
            .chain(e.cards(Side::Polish))
            .filter(|c| c.effect == Some(CardEffect::Assault))
            .collect();
        assert_eq!(
            elite.iter().map(|c| (c.side, c.colour)).collect::<Vec<_>>(),
            vec![(Side::Red, Colour::Green)],
            "{}",
            e.id()
        );
        assert_eq!(assault.iter().map(|c| c.side).collect::<Vec<_>>(), vec![Side::Red], "{}", e.id());
    }
    let white =
        mutate(&[("cards.csv", "red,2,", "red,2,Doborowe oddziały,white,2,elite-troops,reconstructed")]);
    let e = Edition::check_files(&white)
        .unwrap_or_else(|all| panic!("a white Doborowe oddziały is accepted: {all}"));
    assert_eq!(e.cards(Side::Red).nth(1).map(|c| c.colour), Some(Colour::White));
    // A second Szturm in the Polish deck is named by its own line, the Red one stays.
    let two = mutate(&[("cards.csv", "polish,8,", "polish,8,Szturm,red,2,assault,reconstructed")]);
    let all = errors(&two);
    assert_eq!(all.facts().collect::<Vec<_>>(), vec![RulebookFact::AssaultIsRed], "{all}");
    assert_eq!(all.0[0].line, 39, "{all}");
}

#[test]
fn modlin_behind_a_blocked_side_is_not_adjacent_to_radzymin() {
    let files = with(shipped(), "blocked.csv", |c| format!("{c}d3,d4,reconstructed\n"));
    let all = errors(&files);
    assert_eq!(all.facts().collect::<Vec<_>>(), vec![RulebookFact::ModlinAdjacentToRadzymin], "{all}");
    assert!(
        all.0[0]
            .message
            .ends_with("the side between Modlin (d3) and Radzymin (d4) is blocked in blocked.csv")
    );
}

#[test]
fn several_broken_facts_are_reported_together() {
    let files = mutate(&[
        ("units.csv", "R16A,", "R16A,16 Armia,red,blue,no,rulebook"),
        ("board.csv", "d5,", "d5,4,5,Warszawa,no,no,warsaw,POW,rulebook"),
        ("cards.csv", "red,1,", "red,1,Pułk Rewolucyjny,white,2,,rulebook"),
        ("cards.csv", "polish,8,", "polish,8,1 Dywizja Piechoty Legionów,blue,3,,reconstructed"),
    ]);
    let all = errors(&files);
    let facts: Vec<RulebookFact> = all.facts().collect();
    assert_eq!(
        facts,
        vec![
            RulebookFact::SixteenthArmyGreen,
            RulebookFact::LandmarkFortified(Landmark::Warsaw),
            RulebookFact::RevolutionaryRegiment,
            RulebookFact::CardColours,
        ],
        "in file order, each file top to bottom:\n{all}"
    );
    let messages: BTreeSet<&str> = all.0.iter().map(|e| e.message.as_str()).collect();
    assert_eq!(messages.len(), 4, "four different messages");
}

#[test]
fn every_typo_is_reported_with_its_line_and_is_not_also_a_broken_fact() {
    let files = mutate(&[
        ("units.csv", "R16A,", "R16A,16 Armia,red,gren,no,rulebook"),
        ("board.csv", "e4,", "e4,5,x,Tłuszcz,no,no,,,reconstructed"),
        ("cards.csv", "red,9,", "red,9,2 Dywizja Strzelców,green,ten,,reconstructed"),
        ("cards.csv", "polish,12,", "polish,12,11 Dywizja Piechoty,red,2,dive-bomber,reconstructed"),
    ]);
    let all = errors(&files);
    let found: Vec<(String, usize)> = all.0.iter().map(|e| (e.file.clone(), e.line)).collect();
    assert_eq!(
        found,
        vec![
            ("units.csv".to_string(), 5),
            ("board.csv".to_string(), 33),
            ("cards.csv".to_string(), 10),
            ("cards.csv".to_string(), 43),
        ],
        "{all}"
    );
    assert_eq!(all.facts().count(), 0, "a typo hides the facts of its file until it is fixed: {all}");
    assert!(
        all.0[0].message.contains("\"gren\" is unknown") && all.0[0].message_pl.contains("nieznany kolor")
    );
}

#[test]
fn missing_files_and_unknown_files_are_each_named() {
    let files: Vec<(String, String)> = shipped()
        .into_iter()
        .filter(|(n, _)| n != "units.csv" && n != "cards.csv")
        .chain([("notes.csv".to_string(), "a,b\n".to_string())])
        .collect();
    let all = errors(&files);
    let text = all.to_string();
    for expected in
        ["notes.csv: unknown edition file", "units.csv: file is missing", "cards.csv: file is missing"]
    {
        assert!(text.contains(expected), "{text}");
    }
    assert!(all.0.iter().any(|e| e.polish() == "units.csv: brak pliku"));
}

#[test]
fn card_identity_is_the_number_and_names_may_repeat() {
    let e = Edition::builtin();
    let named = |side: Side, name: &str| e.cards(side).filter(|c| c.name == name).count();
    assert_eq!((named(Side::Red, "Manewr"), named(Side::Polish, "Manewr")), (1, 1));
    assert_eq!((named(Side::Red, "Okrutna bitwa"), named(Side::Polish, "Okrutna bitwa")), (1, 1));
    // Two copies of a card in one deck: allowed, they are two numbers.
    let files = with(
        shipped(),
        "cards.csv",
        line("polish,28,", "polish,28,Ochotnicza Legia Kobiet,white,1,,printed"),
    );
    let copies = Edition::check_files(&files).expect("a repeated name is fine");
    assert_eq!(copies.cards(Side::Polish).filter(|c| c.name == "Ochotnicza Legia Kobiet").count(), 2);
}

#[test]
fn a_spreadsheet_saved_with_semicolons_and_a_byte_order_mark_loads() {
    let files = with(
        with(shipped(), "cards.csv", |c| format!("\u{feff}{}", c.replace(',', ";"))),
        "units.csv",
        |c| c.replace(',', ";"),
    );
    let e = Edition::check_files(&files).expect("semicolons and a BOM are accepted");
    assert_eq!(e.cards(Side::Red).count(), 30);
}

#[test]
fn only_the_side_the_rulebook_examples_need_is_blocked() {
    let blocked = |e: &Edition| -> usize {
        e.hexes().map(|h| 6 - e.neighbours(h.id).count()).sum::<usize>()
            - e.hexes().map(|h| 6 - grid_neighbours(e, h.id)).sum::<usize>()
    };
    let [current, pinned] = Edition::builtins();
    assert_eq!(blocked(current), 2, "d4-c4, counted from both sides");
    assert_eq!(blocked(pinned), 8, "the first reconstruction's four river sides");
    let (d4, c4) = (current.hex_by_label("d4").expect("d4"), current.hex_by_label("c4").expect("c4"));
    assert!(!current.adjacent(d4, c4));
}

/// Neighbours on the grid, blocked sides or not.
fn grid_neighbours(e: &Edition, h: bitwa::engine::HexId) -> usize {
    let s = e.hex(h);
    e.hexes()
        .filter(|o| {
            let (dq, dr) = (o.q - s.q, o.r - s.r);
            matches!((dq, dr), (1, 0) | (-1, 0) | (0, 1) | (0, -1) | (1, -1) | (-1, 1))
        })
        .count()
}

fn fixture(name: &str) -> String {
    std::fs::read_to_string(format!("{}/fixtures/logs/{name}", env!("CARGO_MANIFEST_DIR"))).expect("fixture")
}

fn on_shipped_edition(text: &str) -> String {
    let tag = format!("[Edition \"{PINNED_EDITION}\"]");
    assert!(text.contains(&tag));
    text.replace(&tag, &format!("[Edition \"{}\"]", Edition::builtin().id()))
}

#[test]
fn the_rulebook_examples_play_as_printed_on_the_shipped_edition() {
    let pinned = Edition::builtin_by_id(PINNED_EDITION).expect("pinned");
    let o = RuleOptions::default();
    for name in ["rulebook-operational-and-fortification.bwlog", "rulebook-assault.bwlog"] {
        let text = fixture(name);
        let (was, before) = replay_snapshots(&text, pinned, &o).expect("valid on the pinned edition");
        let (now, after) = replay_snapshots(&on_shipped_edition(&text), Edition::builtin(), &o)
            .unwrap_or_else(|e| panic!("{name} on the shipped edition: {e}"));
        assert_eq!(now.outcome, was.outcome, "{name}");
        assert_eq!(after, before, "{name}: the same position after every event");
    }
}

/// The one blocked side is needed: without it the 1st Army could also retreat west from Radzymin, and
/// the rulebook's "the only adjacent space which is empty is Modlin" would not hold.
#[test]
fn without_the_blocked_side_radzymin_would_have_a_second_retreat() {
    let unblocked = Edition::check_files(&with(shipped(), "blocked.csv", |_| "a,b,provenance\n".into()))
        .expect("an edition without blocked sides is valid");
    let text = on_shipped_edition(&fixture("rulebook-operational-and-fortification.bwlog"));
    let west = text.replace("polish retreat d3", "polish retreat c4");
    let o = RuleOptions::default();
    assert!(validate_log(&west, &unblocked, &o).is_ok(), "c4 is a legal retreat without the blocked side");
    let err = validate_log(&west, Edition::builtin(), &o).expect_err("only Modlin on the shipped edition");
    assert!(err.message(Lang::En).contains("d3"), "{err}");
}

#[test]
fn every_fact_has_both_languages_a_section_and_a_quote() {
    let all = RulebookFact::all();
    assert_eq!(all.len(), 1 + 8 + 3 + 3 + 3 + 6 + 12 + 2 + 3);
    let english: BTreeSet<String> = all.iter().map(|f| f.english()).collect();
    let polish: BTreeSet<String> = all.iter().map(|f| f.polish()).collect();
    assert_eq!((english.len(), polish.len()), (all.len(), all.len()), "one sentence per fact");
    for f in all {
        assert_ne!(f.english(), f.polish());
        assert!(!f.section().is_empty() && f.quote().len() > 10, "{f:?}");
    }
}

#[test]
fn logs_name_their_edition_and_are_checked_on_it() {
    let text = fixture("rulebook-assault.bwlog");
    assert_eq!(Edition::builtin_for_log(&text).id(), PINNED_EDITION);
    assert_eq!(Edition::builtin_for_log("red pass").id(), Edition::builtin().id());
    let err = validate_log(&text, Edition::builtin(), &RuleOptions::default()).expect_err("other edition");
    assert!(err.message(Lang::En).contains(PINNED_EDITION), "{err}");
}

/// `bitwa check-edition` on a folder holding `files`: the exit code and what it printed.
fn check_edition(files: &[(String, String)], polish: bool) -> (Option<i32>, String) {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static RUN: AtomicUsize = AtomicUsize::new(0);
    let n = RUN.fetch_add(1, Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("bitwa-edition-facts-{}-{n}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    for (name, text) in files {
        std::fs::write(dir.join(name), text).expect("write");
    }
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_bitwa"))
        .arg("check-edition")
        .arg(&dir)
        .args(if polish { &["--polish"][..] } else { &[] })
        .output()
        .expect("runs");
    let _ = std::fs::remove_dir_all(&dir);
    (out.status.code(), String::from_utf8_lossy(&out.stdout).into_owned())
}

/// The problem lines of `check-edition`'s output (the passage quoted under a fact is indented).
fn problem_lines(out: &str) -> Vec<&str> {
    out.lines().filter(|l| !l.starts_with("    > ")).collect()
}

/// `bitwa check-edition` on a folder with broken facts: exit 1, one line per broken fact, naming it, and
/// under it the rulebook's passage.
#[test]
fn check_edition_names_each_broken_fact() {
    let files = mutate(&[
        ("board.csv", "d3,", "d3,4,3,Nowy Dwór,no,no,,,reconstructed"),
        ("board.csv", "e5,", "e5,5,5,Modlin,no,yes,modlin,,rulebook"),
        ("units.csv", "P1A,", "P1A,1 Armia,polish,yellow,no,rulebook"),
    ]);
    let (english, polish) = (check_edition(&files, false), check_edition(&files, true));
    assert_eq!(english.0, Some(1));
    let lines = problem_lines(&english.1);
    assert_eq!(lines.len(), 2, "{}", english.1);
    assert!(lines[0].ends_with(
        "units.csv: the Polish 1st Army is red (rulebook, \"Fortifications\"): 1 Armia (P1A) is yellow"
    ));
    assert!(lines[1].contains("board.csv:42: Modlin is north of Warsaw (rulebook, \"End of the Game\"): Modlin (e5) lies east of Warsaw (d5)"));
    assert!(
        english.1.contains(&format!("\n    > {}\n", RulebookFact::FirstArmyRed.quote())),
        "{}",
        english.1
    );
    assert_eq!(polish.0, Some(1));
    assert!(polish.1.contains(
        "polska 1 Armia jest czerwona (instrukcja, „Fortifications”): 1 Armia (P1A) ma kolor żółty"
    ));
    assert!(polish.1.contains("Modlin leży na północ od Warszawy (instrukcja, „End of the Game”): Modlin (e5) leży na wschód od Warszawy (d5)"));
}

/// The three editions issue 24 names: Szturm in the Polish deck, Doborowe oddziały in the Polish deck,
/// a blue Doborowe oddziały. Each is refused by `check-edition` with its own fact, in both languages,
/// the passage quoted beneath; the shipped editions pass.
#[test]
fn check_edition_refuses_the_red_cards_in_the_polish_deck_and_a_blue_elite_troops() {
    let cases = [
        (RulebookFact::AssaultIsRed, assault_in_the_polish_deck(), "cards.csv:39: "),
        (RulebookFact::EliteTroopsAreRed, elite_troops_in_the_polish_deck(), "cards.csv:40: "),
        (RulebookFact::EliteTroopsMatchGreen, blue_elite_troops(), "cards.csv:3: "),
    ];
    for (fact, changes, at) in cases {
        let files = mutate(&changes);
        for polish in [false, true] {
            let (code, out) = check_edition(&files, polish);
            assert_eq!(code, Some(1), "{fact:?}: {out}");
            let lines = problem_lines(&out);
            assert_eq!(lines.len(), 1, "{fact:?} alone: {out}");
            let sentence = if polish { fact.polish() } else { fact.english() };
            assert!(lines[0].contains(&format!("{at}{sentence} (")), "{fact:?}: {out}");
            assert!(
                out.ends_with(&format!("\n    > {}\n", fact.quote())),
                "{fact:?} quotes the rulebook: {out}"
            );
        }
    }
    for e in Edition::builtins() {
        let files = Edition::builtin_files(e.id()).expect("files");
        let (code, out) = check_edition(&files, false);
        assert_eq!(code, Some(0), "{}: {out}", e.id());
        assert!(out.contains(&format!("valid edition `{}`", e.id())), "{out}");
    }
}

/// Problems of the data itself (not of a rulebook fact), each with its file and line.
#[test]
fn malformed_data_is_named_with_its_file_and_line() {
    let cases: Vec<(Vec<Change>, &str)> = vec![
        (
            vec![("board.csv", "d4,", "d4,4,4,Radzymin,no,yes,warsaw,P1A,rulebook")],
            "board.csv:41: landmark = warsaw appears twice (first at d4)",
        ),
        (
            vec![("board.csv", "d4,", "d4,4,4,Radzymin,no,yes,radzymin,P9A,rulebook")],
            "board.csv:32: start_unit \"P9A\" is not in units.csv",
        ),
        (
            vec![("board.csv", "c4,", "c4,3,4,Łomianki,no,no,,P1A,reconstructed")],
            "board.csv:32: unit P1A already starts at c4",
        ),
        (
            vec![("board.csv", "a1,", "a1,4,4,Sierpc,no,no,,,reconstructed")],
            "board.csv:32: space \"d4\" repeats the label or position of \"a1\"",
        ),
        (
            vec![("units.csv", "P3A,", "P3A,1 Armia,polish,red,no,reconstructed")],
            "units.csv:10: name \"1 Armia\" repeats the unit P1A of the same side",
        ),
        (
            vec![("units.csv", "P3A,", "R3A,3 Armia,polish,red,no,reconstructed")],
            "units.csv:10: code \"R3A\" repeats the unit of 3 Armia",
        ),
        (
            vec![("units.csv", "P3A,", "P03,3 Armia,polish,red,no,reconstructed")],
            "units.csv:10: code \"P03\" looks like a card token",
        ),
        (
            vec![("cards.csv", "red,30,", "red,29,Brygada Kursantów,white,1,,reconstructed")],
            "cards.csv:31: red card number 29 appears twice (first on line 30)",
        ),
        (
            vec![("cards.csv", "red,30,", "red,30,Brygada Kursantów,white,1,,guessed")],
            "cards.csv:31: provenance \"guessed\" is not one of rulebook, reconstructed, printed",
        ),
        (
            vec![("edition.csv", "id,", "id,moja edycja")],
            "edition.csv:2: id \"moja edycja\" may use only letters a-z, digits, - and _ (at most 60)",
        ),
    ];
    for (changes, expected) in cases {
        let all = errors(&mutate(&changes));
        assert!(all.0.iter().any(|e| e.to_string() == expected), "expected {expected:?} in:\n{all}");
        assert!(all.0.iter().all(|e| !e.message_pl.is_empty() && e.message_pl != e.message), "{all}");
    }
    // A blocked side between spaces that do not touch.
    let files = with(shipped(), "blocked.csv", |c| format!("{c}a1,i7,reconstructed\n"));
    assert_eq!(errors(&files).to_string(), "blocked.csv:7: a1 and i7 are not adjacent");
}

/// An edition stored before the Red-card facts were checked may break them; the games recorded on it
/// keep validating, so it still loads as stored, while an upload of it is refused. Any other fact
/// still refuses a stored edition.
#[test]
fn an_edition_stored_before_the_red_card_facts_still_loads_as_stored() {
    for changes in [assault_in_the_polish_deck(), elite_troops_in_the_polish_deck(), blue_elite_troops()] {
        let files = mutate(&changes);
        let fact = errors(&files).facts().next().expect("a broken fact");
        assert!(fact.checked_since_editions_were_stored(), "{fact:?}");
        let stored = Edition::load_stored(&files).unwrap_or_else(|all| panic!("{fact:?}: {all}"));
        assert_eq!(stored.cards(Side::Red).count() + stored.cards(Side::Polish).count(), 60);
    }
    let older = mutate(&[("units.csv", "R16A,", "R16A,16 Armia,red,blue,no,rulebook")]);
    let all = Edition::load_stored(&older).expect_err("a fact checked from the start");
    assert_eq!(all.facts().collect::<Vec<_>>(), vec![RulebookFact::SixteenthArmyGreen]);
    let only_new: Vec<RulebookFact> =
        RulebookFact::all().into_iter().filter(|f| f.checked_since_editions_were_stored()).collect();
    assert_eq!(
        only_new,
        vec![
            RulebookFact::AssaultIsRed,
            RulebookFact::EliteTroopsAreRed,
            RulebookFact::EliteTroopsMatchGreen
        ]
    );
}
