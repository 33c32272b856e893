//! Typed refusals: the rule a decision breaks (with its detail) and the rulebook section; the state that
//! made it illegal comes back untouched beside them in `state::PlayError` (as shakmaty's). The words live
//! in the message catalogue (`messages`), in Polish and English; nothing here is meant to be shown as it
//! is, and nothing here needs the state or the words (they build on this module, not it on them).

use super::action::Action;
use super::edition::CardEffect;
use super::ids::{CardId, Colour};
use super::notation::Tok;
use crate::outcome::Side;

/// A section of the rulebook (or of the league rules, or of the notation) that a refusal cites.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Section {
    GamePreparation,
    SequenceOfPlay,
    OperationalPhase,
    Pillage,
    CommandAUnit,
    AttackMarkers,
    PlayAnActionCard,
    CombatPhase,
    AttackResolution,
    CleanupPhase,
    EndOfTheGame,
    Fortifications,
    FlankAttacks,
    /// "Summary of Cards: Action Cards", the card named.
    ActionCard(CardEffect),
    /// "Summary of Cards: Combat Cards", the card named.
    CombatCard(CardEffect),
    /// League rules: 15 minutes per player, a player whose time runs out loses.
    LeagueThinkingTime,
    /// League rules (a switch a league set, e.g. the compulsory advance).
    LeagueRules,
    /// The move-log notation (`docs/notation.md`).
    Notation,
}

/// Where a card is, as far as the log knows (for "it is in the discard pile").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Place {
    Deck,
    Reserve,
    DiscardPile,
    Combat,
}

/// Why a draw happens: the section of a refused draw follows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DrawOccasion {
    /// The opening hands (rulebook "Game Preparation").
    Setup,
    /// Pillage.
    Pillage,
    /// Each player draws 1 after an attack is resolved.
    AfterCombat,
    /// The clean-up draws.
    Cleanup,
}

impl DrawOccasion {
    #[must_use]
    pub fn section(self) -> Section {
        match self {
            DrawOccasion::Setup => Section::GamePreparation,
            DrawOccasion::Pillage => Section::Pillage,
            DrawOccasion::AfterCombat => Section::AttackResolution,
            DrawOccasion::Cleanup => Section::CleanupPhase,
        }
    }
}

/// The decision the game waits for, in words a referee knows (the state's phase, for messages).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Awaited {
    Draw { side: Side, left: u8, occasion: DrawOccasion },
    ExtraMarkers,
    Action { side: Side },
    Command { side: Side, unit: Tok },
    ChooseAttack { side: Side },
    Select { side: Side },
    SetAside { side: Side },
    Pull { side: Side },
    FieldFortifications { side: Side },
    Strength { side: Side },
    Retreat { side: Side, unit: Tok },
    Advance { side: Side, unit: Tok },
    Nothing,
}

/// The kind of decision a refused action attempted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    Draw,
    ExtraMarkers,
    Pass,
    Pillage,
    March,
    Attack,
    Halt,
    Play,
    Resolve,
    Select,
    SetAside,
    Pull,
    FieldFortifications,
    Strength,
    Retreat,
    Advance,
    Hold,
    Resign,
}

impl Kind {
    #[must_use]
    pub fn of(a: &Action) -> Kind {
        match a {
            Action::Draw { .. } => Kind::Draw,
            Action::ExtraMarkers { .. } => Kind::ExtraMarkers,
            Action::Pass => Kind::Pass,
            Action::Pillage { .. } => Kind::Pillage,
            Action::March { .. } => Kind::March,
            Action::Attack { .. } => Kind::Attack,
            Action::Halt => Kind::Halt,
            Action::Play { .. } => Kind::Play,
            Action::Resolve { .. } => Kind::Resolve,
            Action::Select { .. } => Kind::Select,
            Action::SetAside { .. } => Kind::SetAside,
            Action::Pull { .. } => Kind::Pull,
            Action::FieldFortifications { .. } => Kind::FieldFortifications,
            Action::Strength { .. } => Kind::Strength,
            Action::Retreat { .. } => Kind::Retreat,
            Action::Advance { advance: true } => Kind::Advance,
            Action::Advance { advance: false } => Kind::Hold,
            Action::Resign { .. } => Kind::Resign,
        }
    }

    /// Where the rulebook describes this kind of decision: the section of "not possible now".
    #[must_use]
    pub fn section(self) -> Section {
        match self {
            Kind::Draw => Section::SequenceOfPlay,
            Kind::ExtraMarkers => Section::GamePreparation,
            Kind::Pass => Section::OperationalPhase,
            Kind::Pillage => Section::Pillage,
            Kind::March | Kind::Attack | Kind::Halt => Section::CommandAUnit,
            Kind::Play => Section::PlayAnActionCard,
            Kind::Resolve => Section::CombatPhase,
            Kind::Select
            | Kind::SetAside
            | Kind::Pull
            | Kind::FieldFortifications
            | Kind::Strength
            | Kind::Retreat
            | Kind::Advance
            | Kind::Hold => Section::AttackResolution,
            Kind::Resign => Section::EndOfTheGame,
        }
    }
}

/// What a card seen at the table is, when a `?` stands where it must be named.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Seen {
    SetAside,
    FieldFortifications,
    Played,
    Revealed,
    Discarded,
}

/// A part of an event line the reader expected.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Slot {
    Side,
    Verb,
    PillagingUnit,
    CardDrawn,
    CommandedUnit,
    AttackedUnit,
    CardPlayed,
    Effect,
    AttackingUnit,
    DefendingUnit,
    CardSetAside,
    CardDrawnBack,
    CardReturned,
    AttackerStrength,
    DefenderStrength,
    RetreatSpace,
    TargetUnit,
    DiscardedCard,
    Unit,
    AssaultedUnit,
    RetreatSpaceOrNone,
}

/// A line that is not valid notation, before any rule is looked at.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Syntax {
    TagAfterEvents,
    TagShape,
    TagNoValue,
    TagNotQuoted,
    TagBackslashAtEnd,
    TagQuoteInside,
    TagName {
        name: String,
    },
    Clock {
        text: String,
    },
    ClockLineWithoutReading,
    UnmatchedBrace,
    Missing {
        what: Slot,
    },
    Expected {
        word: &'static str,
        found: String,
    },
    Unexpected {
        token: String,
    },
    NotANumber {
        what: Slot,
        token: String,
    },
    TooLong {
        token: String,
    },
    UnknownSide {
        token: String,
    },
    UnknownVerb {
        token: String,
    },
    UnknownEffect {
        token: String,
    },
    /// The JSON form could not be read (serde's position; its English text is not shown to people).
    Json {
        line: usize,
        column: usize,
        data: bool,
    },
}

/// The rule an event breaks, with the detail of this case. Every variant has an English and a Polish
/// sentence in the message catalogue.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Rule {
    // --- Order of play ---
    /// Another side decides now.
    NotYourDecision {
        to_act: Side,
        side: Side,
    },
    /// This kind of decision is not the one the game waits for.
    NotNow {
        attempted: Kind,
        awaited: Awaited,
    },
    GameOver,
    LogEndsEarly,
    // --- Notation: names and shapes ---
    Syntax(Syntax),
    UnknownCard {
        token: Tok,
    },
    UnknownUnit {
        token: Tok,
        edition: String,
    },
    UnknownSpace {
        token: Tok,
        edition: String,
    },
    Ambiguous {
        token: Tok,
    },
    ListedTwice {
        token: Tok,
    },
    UnitCount {
        expected: u8,
        got: usize,
    },
    DrawNamesNoCard,
    CommandDoesNothing,
    NotAscending,
    NotInEdition,
    /// A `?` where the card is seen at the table.
    UnseenMustBeNamed {
        what: Seen,
    },
    ResolveNamesAnotherDefender {
        attacker: Tok,
        defends: Tok,
        written: Tok,
    },
    NoActionNoReading,
    // --- Header ---
    EditionDiffers {
        log: String,
        checked: String,
    },
    RulesDiffer {
        log: String,
        checked: String,
    },
    RulesUnknownWord {
        value: String,
    },
    TimeControlUnreadable {
        value: String,
    },
    TimeControlDiffers {
        log: u32,
        league: u32,
    },
    // --- The card ledger ---
    WrongDeck {
        card: CardId,
        side: Side,
    },
    NotInDeck {
        card: CardId,
        side: Side,
        place: Place,
    },
    NotInReserve {
        card: CardId,
        side: Side,
        place: Place,
    },
    SelectedNotInReserve {
        side: Side,
        cards: Vec<(CardId, Place)>,
    },
    SelectCount {
        side: Side,
        need: u32,
        got: u32,
    },
    TooManyUnseenSelected {
        side: Side,
        unseen: u8,
    },
    SetAsideNotSelected {
        card: CardId,
        side: Side,
    },
    PullNotFaceDown {
        side: Side,
        owner: Side,
        card: CardId,
        set_aside: bool,
    },
    PullMustTakeTheUnseen {
        side: Side,
        owner: Side,
    },
    PullUnseenButAllNamed {
        side: Side,
        owner: Side,
    },
    NotFaceUp {
        card: CardId,
    },
    // --- Units and commands ---
    NotYourUnit {
        unit: Tok,
        side: Side,
    },
    Eliminated {
        unit: Tok,
    },
    DefendersNoMarkers,
    DefendersNeverMove,
    OneUnitPerAction {
        commanding: Tok,
    },
    Engaged {
        unit: Tok,
    },
    AttackedThisRound {
        unit: Tok,
    },
    NoMarkerLeft {
        unit: Tok,
    },
    NotAdjacent {
        to: Tok,
        from: Tok,
    },
    Occupied {
        occupant: Tok,
        space: Tok,
    },
    NotAnEnemy {
        unit: Tok,
    },
    TargetNotAdjacent {
        target: Tok,
        target_space: Tok,
        unit: Tok,
        space: Tok,
    },
    PillageRedOnly,
    PillageMarkers {
        unit: Tok,
        markers: u8,
    },
    PillageEngaged {
        unit: Tok,
    },
    PillageAttacked {
        unit: Tok,
    },
    // --- Combat ---
    NoAttackToResolve {
        unit: Tok,
    },
    Strengths {
        attacker: u8,
        defender: u8,
        claimed_attacker: u8,
        claimed_defender: u8,
    },
    RetreatTo {
        unit: Tok,
        options: Vec<Tok>,
    },
    MustAdvance,
    // --- Action cards ---
    NotAnActionCard {
        card: CardId,
        name: String,
    },
    WrongEffect {
        card: CardId,
        name: String,
        effect: CardEffect,
        claimed: CardEffect,
    },
    EscadrilleReveal {
        opponent: Side,
        count: u32,
    },
    EscadrilleDiscard {
        opponent: Side,
        count: u32,
    },
    ArtilleryNotAdjacent {
        target: Tok,
        side: Side,
    },
    ArtilleryDiscard {
        card: CardId,
        colour: Colour,
    },
    RadioSameUnit,
    CipherLook {
        opponent: Side,
        count: u32,
    },
    AssaultDefenders,
    AssaultNoMarker {
        by: Tok,
        target: Tok,
    },
    AssaultMustRetreat {
        target: Tok,
    },
    AssaultRetreatTo {
        target: Tok,
        to: Tok,
    },
    // --- Clocks ---
    ClockRises {
        side: Side,
        was: i32,
        reading: i32,
    },
    ClockNotRunning {
        side: Side,
        running: Option<Side>,
    },
}

/// A rule broken and the section that states it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Refusal {
    pub rule: Rule,
    pub section: Section,
}

impl Refusal {
    #[must_use]
    pub fn new(section: Section, rule: Rule) -> Refusal {
        Refusal { rule, section }
    }
}

pub(crate) type Checked<T = ()> = Result<T, Refusal>;

/// Refuse with the rule.
pub(crate) fn refuse<T>(section: Section, rule: Rule) -> Checked<T> {
    Err(Refusal { rule, section })
}

/// Check a condition, or refuse with the rule (built only when refused).
pub(crate) fn require(ok: bool, section: Section, rule: impl FnOnce() -> Rule) -> Checked {
    if ok { Ok(()) } else { refuse(section, rule()) }
}
