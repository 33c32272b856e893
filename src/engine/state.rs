//! The validated game state. Fields are private to the engine; it is built only by [`GameState::new`]
//! (or [`GameState::from_setup`]) and changed only through [`GameState::apply`] and
//! [`GameState::apply_event`] (which the recording and the replay use), so every state reachable is one
//! the rules allow. A refused change hands the state back untouched in a [`PlayError`].

use super::edition::Edition;
use super::error::{Awaited, DrawOccasion, Refusal, Rule, Section};
use super::ids::{BySide, CardId, CardSet, HexId, MAX_HEXES, UNIT_COUNT, UnitId};
use super::ledger::Ledger;
use super::notation::Tok;
pub use super::options::RuleOptions;
use crate::outcome::{GameOutcome, Side, Termination};
use serde::{Deserialize, Serialize};

/// Unit status (rulebook "Unit Status").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    GoodOrder,
    Dispersed,
    Eliminated,
}

impl Status {
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Status::GoodOrder => "good order",
            Status::Dispersed => "dispersed",
            Status::Eliminated => "eliminated",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct UnitState {
    pub hex: Option<HexId>,
    pub status: Status,
    pub markers: u8,
}

/// What happens once a draw is done.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum AfterDraw {
    /// Red's opening hand is done: the Poles draw theirs.
    SetupPolish,
    /// The Poles' opening hand was dealt first (the rulebook's order): Red draws next.
    SetupRed,
    SetupMarkers,
    Resume(Side),
    CombatPolish,
    CombatDone,
    CleanupRed,
    NewRound,
}

impl AfterDraw {
    pub(crate) fn occasion(self) -> DrawOccasion {
        match self {
            AfterDraw::SetupPolish | AfterDraw::SetupRed | AfterDraw::SetupMarkers => DrawOccasion::Setup,
            AfterDraw::Resume(_) => DrawOccasion::Pillage,
            AfterDraw::CombatPolish | AfterDraw::CombatDone => DrawOccasion::AfterCombat,
            AfterDraw::CleanupRed | AfterDraw::NewRound => DrawOccasion::Cleanup,
        }
    }
}

/// Cards in an opening hand (rulebook "Game Preparation": Red 10, Polish 7).
pub(crate) fn opening_hand(side: Side) -> u8 {
    match side {
        Side::Red => 10,
        Side::Polish => 7,
    }
}

/// A step of attack resolution, with the side that decides it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Stage {
    Select(Side),
    SetAside(Side),
    Pull(Side),
    FieldFortifications(Side),
    Strength,
    Retreat,
    Advance,
}

/// Whose decision is awaited, and of what kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Pending {
    Draw { side: Side, left: u8, then: AfterDraw },
    ExtraMarkers,
    Operational { side: Side },
    Commanding { side: Side, unit: UnitId },
    ChooseCombat { side: Side },
    Combat(Stage),
    Over,
}

/// The attack being resolved (its cards are in the ledger).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct Combat {
    pub attacker: Option<UnitId>,
    pub defender: Option<UnitId>,
    pub aside: BySide<Option<CardId>>,
    /// The defender was under two or more attacks when this one was chosen (Grupa pościgowa).
    pub encircled: bool,
    pub fortified: bool,
    pub flank: bool,
    pub revealed: bool,
    /// The defender lost the comparison (it retreats if it survived).
    pub defender_lost: bool,
    /// The defender's space before it retreated or was eliminated.
    pub vacated: Option<HexId>,
}

/// A game in progress or finished.
#[derive(Debug, Clone, Copy)]
pub struct GameState<'e> {
    pub(crate) edition: &'e Edition,
    pub(crate) options: RuleOptions,
    pub(crate) round: u8,
    pub(crate) pending: Pending,
    pub(crate) units: [UnitState; UNIT_COUNT],
    pub(crate) occupant: [u8; MAX_HEXES],
    /// The attack marker of each attacking unit: attacker to defender.
    pub(crate) attack_of: [Option<UnitId>; UNIT_COUNT],
    /// Units that attacked this round (attacking ends a unit's actions for the round).
    pub(crate) attacked: u16,
    pub(crate) passed: BySide<bool>,
    /// Where every card is, with the unseen ones counted.
    pub(crate) cards: Ledger,
    pub(crate) combat: Combat,
    pub(crate) next_chooser: Side,
    pub(crate) defenders_fell: Option<u8>,
    pub(crate) cipher_combat: Option<Side>,
    pub(crate) cipher_next_round: Option<Side>,
    pub(crate) outcome: Option<(Side, Termination)>,
    pub(crate) flagged: Option<Side>,
    /// Each side's remaining thinking time in seconds, as last read (league time control at the start).
    pub(crate) clocks: BySide<i32>,
}

pub(crate) const EMPTY: u8 = u8::MAX;

/// Two positions are equal when everything the rules see is equal, on the same edition (by address):
/// the recorder asks for a march's path only when two paths to a space leave different positions.
impl PartialEq for GameState<'_> {
    fn eq(&self, other: &Self) -> bool {
        // Destructured so that a new field cannot be left out of the comparison.
        let GameState {
            edition,
            options,
            round,
            pending,
            units,
            occupant,
            attack_of,
            attacked,
            passed,
            cards,
            combat,
            next_chooser,
            defenders_fell,
            cipher_combat,
            cipher_next_round,
            outcome,
            flagged,
            clocks,
        } = self;
        std::ptr::eq(*edition, other.edition)
            && *options == other.options
            && *round == other.round
            && *pending == other.pending
            && *units == other.units
            && *occupant == other.occupant
            && *attack_of == other.attack_of
            && *attacked == other.attacked
            && *passed == other.passed
            && *cards == other.cards
            && *combat == other.combat
            && *next_chooser == other.next_chooser
            && *defenders_fell == other.defenders_fell
            && *cipher_combat == other.cipher_combat
            && *cipher_next_round == other.cipher_next_round
            && *outcome == other.outcome
            && *flagged == other.flagged
            && *clocks == other.clocks
    }
}

impl<'e> GameState<'e> {
    /// The position before setup: units on their starting spaces with 1 marker each (not the Warsaw
    /// Defenders), both decks full; the first decision is Red's opening draw of 10 (rulebook "Game Preparation").
    #[must_use]
    pub fn new(edition: &'e Edition, options: RuleOptions) -> GameState<'e> {
        let start = i32::try_from(options.time_control_secs).unwrap_or(i32::MAX);
        let mut units = [UnitState { hex: None, status: Status::GoodOrder, markers: 0 }; UNIT_COUNT];
        let mut occupant = [EMPTY; MAX_HEXES];
        for u in edition.units() {
            let hex = edition.start_of(u.id);
            if let Some(h) = hex {
                occupant[h.0 as usize] = u.id.0;
            }
            units[u.id.0 as usize] =
                UnitState { hex, status: Status::GoodOrder, markers: u8::from(!u.is_defenders) };
        }
        GameState {
            edition,
            options,
            round: 1,
            pending: Pending::Draw {
                side: Side::Red,
                left: opening_hand(Side::Red),
                then: AfterDraw::SetupPolish,
            },
            units,
            occupant,
            attack_of: [None; UNIT_COUNT],
            attacked: 0,
            passed: BySide::default(),
            cards: Ledger::new(),
            combat: Combat::default(),
            next_chooser: Side::Red,
            defenders_fell: None,
            cipher_combat: None,
            cipher_next_round: None,
            outcome: None,
            flagged: None,
            clocks: BySide { red: start, polish: start },
        }
    }

    #[must_use]
    pub fn edition(&self) -> &'e Edition {
        self.edition
    }
    #[must_use]
    pub fn options(&self) -> RuleOptions {
        self.options
    }
    /// Round 1 to 5 (August 13 to 17).
    #[must_use]
    pub fn round(&self) -> u8 {
        self.round
    }
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.pending == Pending::Over
    }
    /// The side whose decision is awaited (`None` when the game is over).
    #[must_use]
    pub fn to_act(&self) -> Option<Side> {
        Some(match self.pending {
            Pending::Draw { side, .. }
            | Pending::Operational { side }
            | Pending::Commanding { side, .. }
            | Pending::ChooseCombat { side } => side,
            Pending::ExtraMarkers => Side::Red,
            Pending::Combat(stage) => match stage {
                Stage::Select(s) | Stage::SetAside(s) | Stage::Pull(s) | Stage::FieldFortifications(s) => s,
                Stage::Strength | Stage::Advance => self.side_of(self.combat.attacker?),
                Stage::Retreat => self.side_of(self.combat.defender?),
            },
            Pending::Over => return None,
        })
    }
    /// Where a unit stands (`None` once eliminated).
    #[must_use]
    pub fn position(&self, u: UnitId) -> Option<HexId> {
        self.units[u.0 as usize].hex
    }
    #[must_use]
    pub fn status(&self, u: UnitId) -> Status {
        self.units[u.0 as usize].status
    }
    #[must_use]
    pub fn markers(&self, u: UnitId) -> u8 {
        self.units[u.0 as usize].markers
    }
    #[must_use]
    pub fn occupant(&self, h: HexId) -> Option<UnitId> {
        let o = self.occupant[h.0 as usize];
        (o != EMPTY).then_some(UnitId(o))
    }
    /// The known cards of a side's reserve (hand); see [`GameState::hand_size`] for the unseen ones too.
    #[must_use]
    pub fn hand(&self, side: Side) -> CardSet {
        self.cards.hand(side)
    }
    /// Cards in a side's reserve, seen or not.
    #[must_use]
    pub fn hand_size(&self, side: Side) -> u32 {
        self.cards.hand_size(side)
    }
    /// Cards in a side's reserve that the log wrote as `?` and has not named since.
    #[must_use]
    pub fn hand_unseen(&self, side: Side) -> u8 {
        self.cards.hand_unseen(side)
    }
    /// Cards left in a side's deck.
    #[must_use]
    pub fn deck_size(&self, side: Side) -> u8 {
        self.cards.deck_size(side)
    }
    /// Cards of a side whose place the log does not know: its deck and its reserve's unseen cards. In
    /// a fully named game this is exactly the deck.
    #[must_use]
    pub fn unplaced(&self, side: Side) -> CardSet {
        self.cards.unplaced(side)
    }
    #[must_use]
    pub fn discard_pile(&self, side: Side) -> CardSet {
        self.cards.discard().intersect(CardSet::full_deck(side))
    }
    /// Cards committed to the combat being resolved (named ones; a selected `?` stays in its reserve).
    #[must_use]
    pub fn in_combat(&self) -> CardSet {
        self.cards.combat()
    }
    /// A side's remaining thinking time in seconds, as last read.
    #[must_use]
    pub fn clock(&self, side: Side) -> i32 {
        *self.clocks.get(side)
    }
    /// The attack markers on the board: (attacker, defender).
    pub fn attacks(&self) -> impl Iterator<Item = (UnitId, UnitId)> + '_ {
        self.attack_of.iter().enumerate().filter_map(|(a, d)| d.map(|d| (UnitId(a as u8), d)))
    }
    pub(crate) fn side_of(&self, u: UnitId) -> Side {
        self.edition.unit(u).side
    }
    pub(crate) fn unit(&self, u: UnitId) -> &UnitState {
        &self.units[u.0 as usize]
    }
    pub(crate) fn unit_mut(&mut self, u: UnitId) -> &mut UnitState {
        &mut self.units[u.0 as usize]
    }
    /// Units of a side still on the map.
    pub(crate) fn units_of(&self, side: Side) -> impl Iterator<Item = UnitId> + '_ {
        self.edition
            .units()
            .filter(move |u| u.side == side)
            .map(|u| u.id)
            .filter(|u| self.unit(*u).hex.is_some())
    }
    /// Has an attack marker touching it (rulebook "Command a Unit": engaged in combat).
    pub(crate) fn engaged(&self, u: UnitId) -> bool {
        self.attack_of[u.0 as usize].is_some() || self.attack_of.contains(&Some(u))
    }

    /// Red-side points of the current position (league table; rulebook "Playing a Match for Points").
    #[must_use]
    pub fn red_points(&self) -> u32 {
        let e = self.edition;
        let mut points = 0;
        for u in self.units_of(Side::Red) {
            let Some(h) = self.unit(u).hex else { continue };
            points += if h == e.warsaw() {
                21
            } else if h == e.radzymin() {
                10
            } else if h == e.modlin() {
                7
            } else if !e.hex(h).red_shading {
                4
            } else {
                0
            };
        }
        let eliminated_polish = e
            .units()
            .filter(|u| u.side == Side::Polish && self.unit(u.id).status == Status::Eliminated)
            .count();
        points + 2 * eliminated_polish as u32
    }

    /// The result, once the game is over: time forfeits carry the league's consequence (0 points if Red
    /// flagged; the position's points if the Polish player flagged).
    #[must_use]
    pub fn outcome(&self) -> Option<GameOutcome> {
        let (winner, termination) = self.outcome?;
        let red_points = if self.flagged == Some(Side::Red) { 0 } else { self.red_points() };
        Some(GameOutcome { winner, termination, red_points })
    }

    /// Every card is in exactly one place (deck, reserve, discard pile or the combat), and the cards
    /// whose place is unknown exactly fill the decks and the unseen cards of the reserves.
    #[must_use]
    pub fn cards_accounted_for(&self) -> bool {
        self.cards.consistent()
    }

    /// The decision the game waits for.
    #[must_use]
    pub fn awaited(&self) -> Awaited {
        let code = |u: Option<UnitId>| {
            u.map_or_else(Tok::default, |u| Tok::new(&self.edition.unit(u).code).unwrap_or_default())
        };
        match self.pending {
            Pending::Draw { side, left, then } => Awaited::Draw { side, left, occasion: then.occasion() },
            Pending::ExtraMarkers => Awaited::ExtraMarkers,
            Pending::Operational { side } => Awaited::Action { side },
            Pending::Commanding { side, unit } => Awaited::Command { side, unit: code(Some(unit)) },
            Pending::ChooseCombat { side } => Awaited::ChooseAttack { side },
            Pending::Combat(stage) => {
                let attacker = self.combat.attacker.map_or(Side::Red, |a| self.side_of(a));
                match stage {
                    Stage::Select(side) => Awaited::Select { side },
                    Stage::SetAside(side) => Awaited::SetAside { side },
                    Stage::Pull(side) => Awaited::Pull { side },
                    Stage::FieldFortifications(side) => Awaited::FieldFortifications { side },
                    Stage::Strength => Awaited::Strength { side: attacker },
                    Stage::Retreat => {
                        Awaited::Retreat { side: attacker.opponent(), unit: code(self.combat.defender) }
                    }
                    Stage::Advance => Awaited::Advance { side: attacker, unit: code(self.combat.attacker) },
                }
            }
            Pending::Over => Awaited::Nothing,
        }
    }
}

/// An action or clock reading the rules refuse: the rule, its section, and the state it was tried in,
/// handed back untouched.
#[derive(Debug, Clone)]
pub struct PlayError<'e> {
    pub refusal: Refusal,
    /// Boxed: errors are rare, and the `Ok` path stays small.
    state: Box<GameState<'e>>,
}

impl<'e> PlayError<'e> {
    pub(crate) fn new(refusal: Refusal, state: GameState<'e>) -> PlayError<'e> {
        PlayError { refusal, state: Box::new(state) }
    }
    #[must_use]
    pub fn rule(&self) -> &Rule {
        &self.refusal.rule
    }
    #[must_use]
    pub fn section(&self) -> Section {
        self.refusal.section
    }
    /// The state the refused event was tried in.
    #[must_use]
    pub fn state(&self) -> &GameState<'e> {
        &self.state
    }
    #[must_use]
    pub fn into_state(self) -> GameState<'e> {
        *self.state
    }
}

impl std::error::Error for PlayError<'_> {}
