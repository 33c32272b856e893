//! English: the rulebook's section names and words (it is the English rendering the project has).

use super::{clock, list};
use crate::engine::edition::CardEffect;
use crate::engine::error::{Awaited, DrawOccasion, Kind, Place, Rule, Section, Seen, Slot, Syntax};
use crate::engine::ids::Colour;
use crate::engine::situation::{Detail, Situation};
use crate::engine::state::Status;
use crate::outcome::Side;
use std::fmt::Write as _;

fn side(s: Side) -> &'static str {
    s.as_str()
}

/// A side named as a sentence's subject names it ("the Polish side").
fn the_side(s: Side) -> &'static str {
    match s {
        Side::Red => "the Red side",
        Side::Polish => "the Polish side",
    }
}

fn cards(n: impl Into<u64>) -> String {
    let n = n.into();
    if n == 1 { "1 card".into() } else { format!("{n} cards") }
}

fn place(p: Place) -> &'static str {
    match p {
        Place::Deck => "in the deck",
        Place::Reserve => "in the reserve",
        Place::DiscardPile => "in the discard pile",
        Place::Combat => "in the combat",
    }
}

fn kind(k: Kind) -> &'static str {
    match k {
        Kind::Draw => "drawing a card",
        Kind::ExtraMarkers => "placing Red's extra markers",
        Kind::Pass => "passing",
        Kind::Pillage => "Pillage",
        Kind::March => "a march",
        Kind::Attack => "an attack",
        Kind::Halt => "ending a command",
        Kind::Play => "playing an action card",
        Kind::Resolve => "choosing an attack to resolve",
        Kind::Select => "selecting cards",
        Kind::SetAside => "setting a card aside",
        Kind::Pull => "drawing one of the opponent's cards",
        Kind::FieldFortifications => "Field fortifications",
        Kind::Strength => "comparing strengths",
        Kind::Retreat => "a retreat",
        Kind::Advance => "an advance",
        Kind::Hold => "holding",
        Kind::Resign => "resigning",
    }
}

fn occasion(o: DrawOccasion) -> &'static str {
    match o {
        DrawOccasion::Setup => "opening hand",
        DrawOccasion::Pillage => "Pillage",
        DrawOccasion::AfterCombat => "after the combat",
        DrawOccasion::Cleanup => "clean-up",
    }
}

fn awaited(a: &Awaited) -> String {
    match a {
        Awaited::Draw { side: s, left, occasion: o } => {
            let card = if *left == 1 { "card" } else { "cards" };
            format!("{} to draw {left} more {card} ({})", side(*s), occasion(*o))
        }
        Awaited::ExtraMarkers => "Red's 2 additional command markers".into(),
        Awaited::Action { side: s } => format!("an action by {}", the_side(*s)),
        Awaited::Command { side: s, unit } => {
            format!("{} to continue or end the command of {unit}", side(*s))
        }
        Awaited::ChooseAttack { side: s } => format!("{} to choose the next attack to resolve", side(*s)),
        Awaited::Select { side: s } => format!("{} to select cards", side(*s)),
        Awaited::SetAside { side: s } => format!("{} to set a selected card aside", side(*s)),
        Awaited::Pull { side: s } => format!("{} to draw one of the opponent's face-down cards", side(*s)),
        Awaited::FieldFortifications { side: s } => format!("{}'s Field fortifications choice", side(*s)),
        Awaited::Strength { .. } => "the combat strengths".into(),
        Awaited::Retreat { unit, .. } => format!("the retreat of {unit}"),
        Awaited::Advance { unit, .. } => format!("{unit} to advance or hold"),
        Awaited::Nothing => "nothing (the game is over)".into(),
    }
}

fn seen(w: Seen) -> &'static str {
    match w {
        Seen::SetAside => "a card set aside is seen by both players",
        Seen::FieldFortifications => "the card Field fortifications returns is face up",
        Seen::Played => "a played card is seen by both players",
        Seen::Revealed => "a revealed card is seen by both players",
        Seen::Discarded => "a discarded card is seen by both players",
    }
}

fn slot(s: Slot) -> &'static str {
    match s {
        Slot::Side => "the side",
        Slot::Verb => "a verb",
        Slot::PillagingUnit => "the pillaging unit",
        Slot::CardDrawn => "the card drawn",
        Slot::CommandedUnit => "the commanded unit",
        Slot::AttackedUnit => "the attacked unit",
        Slot::CardPlayed => "the card played",
        Slot::Effect => "the card's effect",
        Slot::AttackingUnit => "the attacking unit",
        Slot::DefendingUnit => "the defending unit",
        Slot::CardSetAside => "the card set aside",
        Slot::CardDrawnBack => "the card drawn back",
        Slot::CardReturned => "the card returned",
        Slot::AttackerStrength => "the attacker's strength",
        Slot::DefenderStrength => "the defender's strength",
        Slot::RetreatSpace => "the retreat space",
        Slot::TargetUnit => "the target unit",
        Slot::DiscardedCard => "the discarded card",
        Slot::Unit => "a unit",
        Slot::AssaultedUnit => "the assaulted unit",
        Slot::RetreatSpaceOrNone => "the retreat space or none",
    }
}

fn colour(c: Colour) -> &'static str {
    c.as_str()
}

fn syntax(s: &Syntax) -> String {
    match s {
        Syntax::TagAfterEvents => "header tags come before the first event".into(),
        Syntax::TagShape => "a header tag is written [Name \"value\"]".into(),
        Syntax::TagNoValue => "a header tag needs a value".into(),
        Syntax::TagNotQuoted => "the tag value must be in double quotes".into(),
        Syntax::TagBackslashAtEnd => "a backslash ends the value".into(),
        Syntax::TagQuoteInside => "a quote inside a tag value must be written \\\"".into(),
        Syntax::TagName { name } => format!("tag name \"{name}\" must be letters and digits"),
        Syntax::Clock { text } => format!("clock \"{text}\" is not m:ss or h:mm:ss"),
        Syntax::ClockLineWithoutReading => {
            "a clock line needs a reading (the remaining time in braces at the end of the line)".into()
        }
        Syntax::UnmatchedBrace => "a clock reading is closed but not opened (a brace is missing)".into(),
        Syntax::Missing { what } => format!("expected {} at the end of the line", slot(*what)),
        Syntax::Expected { word, found } if found.is_empty() => {
            format!("expected `{word}` at the end of the line")
        }
        Syntax::Expected { word, found } => format!("expected `{word}`, found \"{found}\""),
        Syntax::Unexpected { token } => format!("unexpected \"{token}\" at the end of the event"),
        Syntax::NotANumber { what, token } => format!("{} \"{token}\" is not a number", slot(*what)),
        Syntax::TooLong { token } => format!("\"{token}\" is longer than 15 characters"),
        Syntax::UnknownSide { token } => format!("an event starts with red or polish, not \"{token}\""),
        Syntax::UnknownVerb { token } => format!("unknown verb \"{token}\""),
        Syntax::UnknownEffect { token } => format!("unknown action card effect \"{token}\""),
        Syntax::Json { line, column, data: true } => {
            format!("the JSON form does not follow the notation at line {line}, column {column}")
        }
        Syntax::Json { line, column, data: false } => format!("invalid JSON at line {line}, column {column}"),
    }
}

pub(super) fn rule(r: &Rule) -> String {
    match r {
        Rule::NotYourDecision { to_act, side: s } => {
            format!("it is {}'s decision, not {}'s", side(*to_act), side(*s))
        }
        Rule::NotNow { attempted, awaited: a } => {
            format!("{} is not possible now: the game awaits {}", kind(*attempted), awaited(a))
        }
        Rule::GameOver => "the game is already over".into(),
        Rule::LogEndsEarly => "the log ends before the game is over".into(),
        Rule::Syntax(s) => syntax(s),
        Rule::UnknownCard { token } => format!("\"{token}\" is not a card (R01..R30, P01..P30)"),
        Rule::UnknownUnit { token, edition } => format!("\"{token}\" is not a unit of edition {edition}"),
        Rule::UnknownSpace { token, edition } => format!("\"{token}\" is not a space of edition {edition}"),
        Rule::Ambiguous { token } => {
            format!(
                "\"{token}\" matches more than one name when case is ignored: write it as the edition does"
            )
        }
        Rule::ListedTwice { token } => format!("{token} is listed twice"),
        Rule::UnitCount { expected, got } => format!("the line names {expected} units, not {got}"),
        Rule::DrawNamesNoCard => "a draw names the cards drawn (? for a card nobody saw)".into(),
        Rule::CommandDoesNothing => "a command marches, attacks, or both".into(),
        Rule::NotAscending => "list the units in ascending order".into(),
        Rule::NotInEdition => "the action names a unit, space or card the edition does not have".into(),
        Rule::UnseenMustBeNamed { what } => {
            format!("{}: name it (? stands only for a card nobody at the table saw)", seen(*what))
        }
        Rule::ResolveNamesAnotherDefender { attacker, defends, written } => {
            format!("{attacker} attacks {defends}, not {written}")
        }
        Rule::NoActionNoReading => "the event has neither an action nor a clock reading".into(),
        Rule::EditionDiffers { log, checked } => {
            format!("the log is for edition {log}, but it is checked against edition {checked}")
        }
        Rule::RulesDiffer { log, checked } => {
            format!("the log was played under the rules \"{log}\", but it is checked against \"{checked}\"")
        }
        Rule::RulesUnknownWord { value } => format!(
            "Rules lists the switches away from the standard rules, or \"standard\"; \"{value}\" has an unknown word"
        ),
        Rule::TimeControlUnreadable { value } => {
            format!("TimeControl is seconds per player, e.g. \"900\"; \"{value}\" is not")
        }
        Rule::TimeControlDiffers { log, league } => format!(
            "the log gives each player {} of thinking time, but the league plays {}",
            clock(i32::try_from(*log).unwrap_or(i32::MAX)),
            clock(i32::try_from(*league).unwrap_or(i32::MAX))
        ),
        Rule::WrongDeck { card, side: s } => {
            format!("{} is a {} card, not in the {} deck", card.token(), side(card.side()), side(*s))
        }
        Rule::NotInDeck { card, side: s, place: p } => {
            format!("{} is not in the {} deck any more (it is {})", card.token(), side(*s), place(*p))
        }
        Rule::NotInReserve { card, side: s, place: p } => {
            format!("{} is not in the {} reserve (it is {})", card.token(), side(*s), place(*p))
        }
        Rule::SelectedNotInReserve { side: s, cards } => {
            let bad: Vec<String> =
                cards.iter().map(|(c, p)| format!("{} ({})", c.token(), place(*p))).collect();
            format!("selected cards must come from the {} reserve: {}", side(*s), bad.join(", "))
        }
        Rule::SelectCount { side: s, need, got } => format!(
            "a player must select 4 cards, or all if fewer: {} must select {need}, not {got}",
            side(*s)
        ),
        Rule::TooManyUnseenSelected { side: s, unseen } => format!(
            "at most one selected card may be written ?: only the card the opponent draws back stays unseen ({} wrote {unseen})",
            side(*s)
        ),
        Rule::SetAsideNotSelected { card, side: s } => {
            format!("{} is not among the cards {} selected", card.token(), side(*s))
        }
        Rule::PullNotFaceDown { side: s, owner, card, set_aside } => format!(
            "{} can draw only one of {}'s face-down selected cards; {} is not{}",
            side(*s),
            side(*owner),
            card.token(),
            if *set_aside { " (it was set aside)" } else { "" }
        ),
        Rule::PullMustTakeTheUnseen { side: s, owner } => format!(
            "the card written ? in {}'s selection is never revealed, so it is the card {} draws back: write pull ?",
            side(*owner),
            side(*s)
        ),
        Rule::PullUnseenButAllNamed { side: s, owner } => format!(
            "every card {} selected is named, so the card {} draws back is known: name it",
            side(*owner),
            side(*s)
        ),
        Rule::NotFaceUp { card } => format!("{} is not a face-up card in this battle", card.token()),
        Rule::NotYourUnit { unit, side: s } => format!("{unit} is not a {} unit", side(*s)),
        Rule::Eliminated { unit } => format!("{unit} has been eliminated"),
        Rule::DefendersNoMarkers => "the Warsaw Defenders never receive command markers".into(),
        Rule::DefendersNeverMove => "the Warsaw Defenders never move or attack".into(),
        Rule::OneUnitPerAction { commanding } => {
            format!("markers may be discarded from only one unit per action; {commanding} is being commanded")
        }
        Rule::Engaged { unit } => format!("{unit} is engaged in combat (an attack marker touches it)"),
        Rule::AttackedThisRound { unit } => {
            format!("{unit} attacked this round: attacking ends a unit's actions for the round")
        }
        Rule::NoMarkerLeft { unit } => format!("{unit} has no command marker left"),
        Rule::NotAdjacent { to, from } => {
            format!("{to} is not adjacent to {from} (or the hex side is blocked)")
        }
        Rule::Occupied { occupant, space } => {
            format!("a unit cannot enter a space occupied by another unit ({occupant} is in {space})")
        }
        Rule::NotAnEnemy { unit } => format!("{unit} is not an enemy unit"),
        Rule::TargetNotAdjacent { target, target_space, unit, space } => {
            format!("{target} in {target_space} is not adjacent to {unit} in {space}")
        }
        Rule::PillageRedOnly => "only the Red player may pillage".into(),
        Rule::PillageMarkers { unit, markers } => {
            format!("{unit} has {markers} command marker(s); Pillage discards 2")
        }
        Rule::PillageEngaged { unit } => {
            format!("{unit} is engaged in combat; this league allows Pillage only by free units")
        }
        Rule::PillageAttacked { unit } => {
            format!("{unit} attacked this round; this league allows Pillage only by free units")
        }
        Rule::NoAttackToResolve { unit } => format!("{unit} has no attack marker to resolve"),
        Rule::Strengths { attacker, defender, claimed_attacker, claimed_defender } => format!(
            "the combat strengths are {attacker} (attacker) and {defender} (defender), not {claimed_attacker} and {claimed_defender}"
        ),
        Rule::RetreatTo { unit, options } => {
            let options: Vec<String> = options.iter().map(ToString::to_string).collect();
            format!(
                "{unit} must retreat away from the attacker to an empty adjacent space: {}",
                list(&options, "or")
            )
        }
        Rule::MustAdvance => "the winning attacker must advance into the vacated space (league rule)".into(),
        Rule::NotAnActionCard { card, name } => format!("{} ({name}) is not an Akcja card", card.token()),
        Rule::WrongEffect { card, name, effect, claimed } => {
            format!("{} is {name} ({}), not {}", card.token(), effect.as_str(), claimed.as_str())
        }
        Rule::EscadrilleReveal { opponent, count } => {
            format!("{} must reveal {} of their reserve", side(*opponent), cards(*count))
        }
        Rule::EscadrilleDiscard { opponent, count } => {
            format!("{} must be discarded from {}'s unexposed reserve", cards(*count), side(*opponent))
        }
        Rule::ArtilleryNotAdjacent { target, side: s } => {
            format!("{target} is not adjacent to a {} unit", side(*s))
        }
        Rule::ArtilleryDiscard { card, colour: c } => {
            format!("{} is not a {} or white card of strength 2 or more", card.token(), colour(*c))
        }
        Rule::RadioSameUnit => "markers move to another unit".into(),
        Rule::CipherLook { opponent, count } => format!(
            "{} of the {} reserve are looked at (? for each one the table did not see)",
            cards(*count),
            side(*opponent)
        ),
        Rule::AssaultDefenders => "Szturm cannot target the Warsaw Defenders".into(),
        Rule::AssaultNoMarker { by, target } => format!("{by} has no attack marker against {target}"),
        Rule::AssaultMustRetreat { target } => format!("{target} can retreat, so it must"),
        Rule::AssaultRetreatTo { target, to } => {
            format!("{target} cannot retreat to {to} (it must retreat away from the attacker if possible)")
        }
        Rule::ClockRises { side: s, was, reading } => format!(
            "the mover's clock never rises: {} was at {}, the reading is {}",
            side(*s),
            clock(*was),
            clock(*reading)
        ),
        Rule::ClockNotRunning { side: s, running } => match running {
            Some(r) => format!(
                "a reading alone is only for the clock that runs: it is {}'s clock that runs, not {}'s",
                side(*r),
                side(*s)
            ),
            None => "the game is already over".into(),
        },
    }
}

fn effect_name(e: CardEffect) -> &'static str {
    e.polish_name()
}

pub(super) fn section(s: Section) -> String {
    match s {
        Section::GamePreparation => "Game Preparation".into(),
        Section::SequenceOfPlay => "Sequence of Play".into(),
        Section::OperationalPhase => "Operational Phase".into(),
        Section::Pillage => "Pillage".into(),
        Section::CommandAUnit => "Command a Unit".into(),
        Section::AttackMarkers => "Attack Markers".into(),
        Section::PlayAnActionCard => "Play an Akcja (Action) Card".into(),
        Section::CombatPhase => "Combat Phase".into(),
        Section::AttackResolution => "Attack Resolution".into(),
        Section::CleanupPhase => "Cleanup Phase".into(),
        Section::EndOfTheGame => "End of the Game".into(),
        Section::Fortifications => "Fortifications".into(),
        Section::FlankAttacks => "Flank Attacks".into(),
        Section::ActionCard(e) => format!("Action Cards: {}", effect_name(e)),
        Section::CombatCard(e) => format!("Combat Cards: {}", effect_name(e)),
        Section::LeagueThinkingTime => "League rules: thinking time".into(),
        Section::LeagueRules => "League rules".into(),
        Section::Notation => "Notation".into(),
    }
}

fn reserve_size(r: &crate::engine::situation::Reserve) -> String {
    match r.unseen {
        0 => cards(r.size() as u64),
        u => format!("{} ({u} unseen)", cards(r.size() as u64)),
    }
}

pub(super) fn situation(s: &Situation, detail: Detail) -> String {
    let mut out = format!("round {}, awaiting {}", s.round, awaited(&s.awaited));
    if let Some((a, d)) = &s.combat {
        let _ = write!(out, "; resolving the attack of {a} on {d}");
    }
    let _ = write!(
        out,
        "; reserves: red {}, polish {}",
        reserve_size(&s.reserves.red),
        reserve_size(&s.reserves.polish)
    );
    if detail == Detail::Short {
        return out;
    }
    let units: Vec<String> = s
        .units
        .iter()
        .map(|u| match u.space {
            None => format!("{} eliminated", u.code),
            Some(h) => format!(
                "{} {h} {}m{}",
                u.code,
                u.markers,
                if u.status == Status::Dispersed { " dispersed" } else { "" }
            ),
        })
        .collect();
    let _ = write!(out, "; units: {}", units.join(", "));
    if !s.attacks.is_empty() {
        let attacks: Vec<String> = s.attacks.iter().map(|(a, d)| format!("{a} on {d}")).collect();
        let _ = write!(out, "; attacks: {}", attacks.join(", "));
    }
    for (side_, r, deck, time) in [
        (Side::Red, &s.reserves.red, s.decks.red, s.clocks.red),
        (Side::Polish, &s.reserves.polish, s.decks.polish, s.clocks.polish),
    ] {
        let mut known: Vec<String> = r.known.iter().map(|c| c.token()).collect();
        if r.unseen > 0 {
            known.push(format!("{} unseen", r.unseen));
        }
        let _ = write!(
            out,
            "; {} reserve: {}, deck {deck}, clock {}",
            side(side_),
            if known.is_empty() { "empty".to_string() } else { known.join(" ") },
            clock(time)
        );
    }
    out
}
