//! Why a use case said no: one typed value per rule, with the data the message needs (a round's
//! number, the log's outcome), and never a sentence. `web/text::refusals` says each in the page's
//! language; `web/error` gives each its status, in one place. The store's own refusals (checked
//! inside its transactions) become the variants of the same name.

use crate::engine::LogError;
use crate::league::{Impossible, KnockoutError, PairingError};
use crate::outcome::{Side, Termination};
use crate::store::{self, GameId, PlayerId, StoreError};

/// A rule of the tournament day refused the request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    // Rounds.
    /// The last round (this one) must be locked before another is paired.
    LockFirst { round: i64 },
    /// Every Swiss round is paired (or the knockout began).
    SwissDone,
    /// A round is paired only for at least 2 active players (issue 37: an empty or one-player
    /// tournament pairs nothing); `active`: how many there are.
    TooFewPlayers { active: usize },
    /// A round with no table is never published.
    EmptyRound,
    /// The league finds no pairing for the next round (it never makes a silent rematch).
    NoPairing(PairingError),
    /// A round is locked only when every match of it is decided.
    ResultsMissing { round: i64 },
    /// The two players to swap are not both in the draft, or sit at one table.
    SwapInvalid,
    /// Tables go to a referee (or organiser) of this tournament only.
    NotAReferee,
    /// The range of tables holds no table of the round.
    NoTablesInRange,
    /// A locked round opens again only while no later round is paired.
    NextRoundPaired,
    /// Opening a locked round again needs the organiser's reason (it goes into the history).
    ReasonRequired,

    // The knockout.
    /// The tournament has no knockout (its size is below 2).
    NoKnockout,
    /// The knockout starts after the last Swiss round.
    SwissNotDone,
    /// The league refuses the bracket (its seeding or a stored result).
    Bracket(KnockoutError),
    /// The final is decided: there is nothing left to pair.
    KnockoutOver,
    /// The next knockout matches wait for results.
    KnockoutWaiting,

    // Results.
    /// Results go into published rounds; an organiser also corrects locked ones.
    RoundNotOpen,
    /// Game results on a match recorded as a walkover or withdrawal (clear that first).
    MatchForfeited,
    /// Deck checks are recorded only on published rounds.
    RoundNotPublished,
    /// A bye has no opponent: nobody can be absent from it.
    Bye,
    /// A knockout match cannot end with both players absent: someone must go on.
    KnockoutNeedsAWinner,
    /// The match needs no extra game (it is decided, or not level yet).
    NoExtraGame,
    /// Someone drew the extra game's lot first.
    ExtraGameDrawnMeanwhile,
    /// A typed result needs every field; `true` for each one missing.
    ResultIncomplete { winner: bool, termination: bool, red_points: bool },
    /// This ending is a win for one side only.
    WinsOnly { termination: Termination, winner: Side },
    /// The typed result is one no game can end with (the league's points table, the clocks): every
    /// impossible part, each naming its field.
    ImpossibleResult(Vec<Impossible>),
    /// The typed fields disagree with the validated log: the log's value of each field that does.
    Contradicts { winner: Option<Side>, termination: Option<Termination>, red_points: Option<u32> },
    /// The move log does not validate (its first illegal event).
    InvalidLog(Box<LogError>),
    /// Missing cards listed for a deck counted at its full size or above.
    DeckMissingButNotShort { side: Side },
    /// More cards listed as missing than the count lacks.
    DeckMoreMissingThanShort { side: Side, short: u32, listed: u32 },
    /// A short deck was counted without saying which set replaced it or which cards it lacks.
    SwapNeeded,

    // The digital table.
    /// A typed result for a game being recorded at the table: the recording writes the result (the
    /// organiser may end the recording first).
    BeingRecorded { game: GameId },
    /// A typed result for a game whose recording ended where a result already stood: which stands
    /// is chosen on the recorder first.
    RecordingAwaitsChoice { game: GameId },
    /// A recording of a game that has a result already (it would silently replace it).
    ResultStands,
    /// Only an organiser ends a recording before the game ends.
    OrganisersEndRecordings,
    /// A step of a recorded game (a line, an undo, a pause, a move online) refused.
    Recording(RecordingRefusal),

    // Stages (issue 19).
    /// A step of the stages taken out of order, or refused by the league's rules.
    Stage(StageRefusal),

    // Online matches (issue 25).
    /// An online match's step refused (not online, a bye, not this match's player, an earlier game first).
    Online(store::online::OnlineRefusal),

    // Entries from schools (issue 39).
    /// An entry's step refused (the deadline, a cap of schools, a duplicate, a consent given twice).
    Entry(store::entries::EntryRefusal),

    // Registration.
    /// Personal data is erased only after the tournament's last day.
    SeasonNotOver,
    /// A forbidden pair needs two different players.
    SamePlayer,
    /// No such player in this tournament.
    NoSuchPlayer { player: PlayerId },

    // Persons.
    /// A person merged into themselves.
    SamePerson,
    /// A person merged into another or erased.
    PersonGone,
    /// Two persons with entries in one tournament are two people.
    PersonsInOneTournament,
    /// A merge undone already.
    MergeUndone,
    /// Neither person of a merge has an entry in the tournament it was asked from.
    PersonNotHere,
    /// Both persons of a merge hold an open or accepted invitation into one event (or one is
    /// invited where the other plays): merged, one person would be invited twice.
    InvitedTwice,
    /// The actor has no right over an object the request names (`app::authority`): a person with
    /// entries in events they do not run, a proposal of seasons they do not coordinate.
    NotYours,
    /// The proposal was confirmed or refused already.
    ProposalDecided,
    /// No such merge (or none that concerns this tournament or season).
    NoSuchMerge,
    /// The tournament is an event of a season already (this one or another).
    AlreadyAnEvent,

    // Seasons.
    /// The season as typed cannot be kept.
    Season(crate::league::season::SeasonError),
    /// A level or region of another season.
    NotThisSeason,
    /// Every event but the final's is in a region.
    RegionNeeded,
    /// The final is the whole country's: it has no region.
    FinalHasNoRegion,
    /// An event below the final qualifies at least one player.
    NoQualifyingPlaces,
    /// The tournament is no event of a season.
    NotAnEvent,
    /// An event closes once it is played: Swiss rounds or the knockout still to play.
    EventNotOver,
    /// An event without entrants has no ranking to close with.
    NoEntrants,
    /// An event that opens with groups closes once the groups stage is closed (its ranking
    /// frozen): the final ranking is made from it.
    GroupsNotClosed,
    /// An event closes once every match is decided: one of this round is not.
    MatchUndecided { round: i64 },
    /// The event is closed already (its ranking frozen): reopen it first.
    EventClosed,
    /// Players share the place `place` of the final ranking and the qualification's cut falls
    /// among them: the organiser draws the lot before the event closes (issue 34).
    QualifyingTieLot { place: u32 },
    /// No shared place of the final ranking decides a qualifying place: there is no lot to draw.
    NoQualifyingTie,
    /// The event's lot was drawn already (it is drawn once; its seed is recorded).
    LotDrawnAlready,
    /// The event was reopened for a correction that changes invitations: the season's coordinator
    /// confirms it (seeing first what changes).
    CorrectionToConfirm,
    /// The event is not reopened for a correction: there is nothing to confirm.
    NoCorrection,
    /// The invitation's source event is being corrected: it is answered once that event closes
    /// again.
    SourceBeingCorrected,
    /// The level above has no event for this region (the coordinator adds it first).
    NoNextEvent,
    /// The level above has several open events for this region and none was chosen for this
    /// event's qualifiers (the coordinator chooses one on the season's page).
    NextEventToChoose,
    /// The chosen next event is not one of the level above for this event's region.
    NotTheNextLevel,
    /// The event is closed (its final ranking stored): no result, round or entry of it changes
    /// until it is reopened.
    EventFrozen,
    /// The invitation was accepted, declined or withdrawn meanwhile.
    InvitationNotOpen,
    /// The person has an open or accepted invitation to this event already.
    InvitedAlready,
    /// The season's eligibility does not admit the person.
    NotEligible(crate::league::season::Ineligible),
    /// Only the season's coordinators do this.
    NotACoordinator,
}

/// Why a step of a recorded game was refused (`app::recording`): one value per reason, never a
/// sentence. The engine's reason for an illegal line travels apart ([`RecordingRefusal::Illegal`]),
/// so that each edge says what it may: the recorder (whose scribe sees the whole table) the rule
/// broken, a player online only what depends on nothing hidden (`web/text/recording`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RecordingRefusal {
    /// Nothing is recorded yet: the recording starts first.
    NotStarted,
    /// The recording is over (the game ended, or an organiser ended it).
    Finished,
    /// The device decided on a recording that moved on meanwhile (another device wrote first).
    Overtaken,
    /// The flag fell on the server's clock before the step: the game ended on time.
    TimeUp,
    /// No line was given.
    Empty,
    /// The text is not one line of the notation (several, or too long).
    NotOneLine,
    /// The rules refuse the line: the engine's reason, with its rulebook section. The online edge
    /// decides whether a player is told it.
    Illegal(crate::engine::Refusal),
    /// Nothing to take back.
    NothingToUndo,
    /// The tablet is the clock: it is paused on the clock itself.
    TabletKeepsTime,
    /// An online game's lines are its players' (the referee pauses it or ends it with a decision).
    PlayersWriteOnline,
    /// Not among the events the player's page offers now (online, the offers are the whole
    /// interface): refused unjudged, whoever is to act and whatever it names, so that the refusal
    /// depends on nothing hidden (issue 35).
    NotOffered,
    /// The referee paused the game.
    Paused,
    /// A flag said to fall on a side whose clock does not run, or runs far from 0:00 by the
    /// server's reckoning (`remaining_secs`; -1: the side is not to act): the table's reading first.
    FlagNotOut { remaining_secs: i64 },
    /// The game is not over by a flag or a resignation: there is no end to confirm.
    NotOver,
}

/// Why a step of the stages was refused (`app::stages`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StageRefusal {
    /// The league refuses the sequence of stages (its rule).
    Invalid(crate::league::stages::StagesError),
    /// The format is fixed once a round is paired or the groups are drawn.
    FormatFixed,
    /// The groups' tiebreak order is fixed once a group round is paired.
    TiebreaksFixed,
    /// The step belongs to groups and this tournament opens with a Swiss (or the reverse).
    NotGroups,
    /// A Swiss round in a tournament that opens with groups.
    NotSwiss,
    /// The groups are drawn already (a draw is fixed once).
    AlreadyDrawn,
    /// Group rounds wait for the draw.
    NotDrawn,
    /// The league cannot draw these players into these groups.
    Draw(crate::league::round_robin::seeding::SeedingError),
    /// Every round of the groups' schedule is paired.
    GroupsDone,
    /// Group `group` (0 for A) still has matches to play.
    GroupUnfinished { group: u32 },
    /// Group `group` has no tie at a qualifying place for a lot to decide, or its lot is drawn.
    NoTieToDraw { group: u32 },
    /// A tie at a qualifying place of group `group` waits for the organiser's lot.
    LotPending { group: u32 },
    /// The stage is closed (its ranking frozen): open it again first.
    StageClosed,
    /// Qualification takes the frozen ranking: close the stage first.
    StageOpen,
    /// The knockout started: the stage before it stays closed.
    KnockoutStarted,
    /// The league refuses the qualification or the bracket.
    Qualification(crate::league::qualification::QualificationError),
    /// A groups tournament's knockout starts by qualification (`app::stages::qualify`).
    QualifyFirst,
}

impl From<StageRefusal> for Refusal {
    fn from(r: StageRefusal) -> Self {
        Refusal::Stage(r)
    }
}

impl From<StageRefusal> for AppError {
    fn from(r: StageRefusal) -> Self {
        AppError::Refused(Refusal::Stage(r))
    }
}

impl From<RecordingRefusal> for Refusal {
    fn from(r: RecordingRefusal) -> Self {
        Refusal::Recording(r)
    }
}

impl From<RecordingRefusal> for AppError {
    fn from(r: RecordingRefusal) -> Self {
        AppError::Refused(Refusal::Recording(r))
    }
}

impl From<store::Refusal> for Refusal {
    fn from(r: store::Refusal) -> Self {
        match r {
            store::Refusal::MatchForfeited => Refusal::MatchForfeited,
            store::Refusal::RoundNotPublished => Refusal::RoundNotPublished,
            store::Refusal::SeasonNotOver => Refusal::SeasonNotOver,
            store::Refusal::RoundNotOpen => Refusal::RoundNotOpen,
            store::Refusal::NextRoundPaired => Refusal::NextRoundPaired,
            store::Refusal::StageClosed => Refusal::Stage(StageRefusal::StageClosed),
            store::Refusal::BeingRecorded { game } => Refusal::BeingRecorded { game },
            store::Refusal::RecordingAwaitsChoice { game } => Refusal::RecordingAwaitsChoice { game },
            store::Refusal::ResultStands => Refusal::ResultStands,
            store::Refusal::SamePerson => Refusal::SamePerson,
            store::Refusal::PersonGone => Refusal::PersonGone,
            store::Refusal::PersonsInOneTournament => Refusal::PersonsInOneTournament,
            store::Refusal::MergeUndone => Refusal::MergeUndone,
            store::Refusal::PersonNotHere => Refusal::PersonNotHere,
            store::Refusal::InvitedTwice => Refusal::InvitedTwice,
            store::Refusal::EventFrozen => Refusal::EventFrozen,
            store::Refusal::Online(r) => Refusal::Online(r),
            store::Refusal::Entry(r) => Refusal::Entry(r),
        }
    }
}

/// What a use case fails with: a rule's refusal, or the store's failure (a conflict, a row not
/// found, the database).
#[derive(Debug, thiserror::Error)]
pub enum AppError {
    #[error("refused: {0:?}")]
    Refused(Refusal),
    #[error(transparent)]
    Store(StoreError),
    /// Something broke that is neither a rule nor the database (a hashing thread).
    #[error("{0}")]
    Internal(String),
}

impl From<StoreError> for AppError {
    /// The store's refusals are the use cases' refusals; everything else stays the store's.
    fn from(e: StoreError) -> Self {
        match e {
            StoreError::Refused(r) => AppError::Refused(r.into()),
            other => AppError::Store(other),
        }
    }
}

impl From<Refusal> for AppError {
    fn from(r: Refusal) -> Self {
        AppError::Refused(r)
    }
}

impl AppError {
    /// The refusal, if this is one.
    #[must_use]
    pub fn refusal(&self) -> Option<&Refusal> {
        match self {
            AppError::Refused(r) => Some(r),
            AppError::Store(_) | AppError::Internal(_) => None,
        }
    }

    /// Whether the store refused the write as an edit conflict (someone saved first).
    #[must_use]
    pub fn is_conflict(&self) -> bool {
        matches!(self, AppError::Store(StoreError::Conflict))
    }
}

/// A use case's result.
pub type AppResult<T> = Result<T, AppError>;
