//! What a history row records, as a typed [`Change`]: made by the store's writes (one variant per
//! kind of write, with the values it replaced), said in words by `web::text::history`. How a change
//! is stored is `columns.rs`'s business.

use crate::store::values::deck_checks::NewDeckCheck;
use crate::store::values::games::ResultEntry;
use crate::store::values::players::{NewPlayer, PlayerChange};
use crate::store::values::rounds::{Forfeit, NewMatch, Phase, Status};
use crate::store::values::stages::StageEvent;
use crate::store::values::tournaments::TournamentConfig;
use crate::store::{GameId, MatchId, MergeId, PersonId, PlayerId, RoundId, TournamentId, UserId};
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// (match, player A, player B): a match's players, as a swap keeps them.
pub type Seating = (MatchId, PlayerId, Option<PlayerId>);

/// One recorded change: what the store's write did, with the values it replaced.
#[derive(Debug, Clone, PartialEq)]
pub enum Change {
    /// A game's first result (`game`, `enter`); `before` is the game without one (it may hold a
    /// refused log).
    ResultEntered { game: GameId, before: ResultEntry, after: ResultEntry },
    /// A game's result changed (`game`, `correct`).
    ResultCorrected { game: GameId, before: ResultEntry, after: ResultEntry },
    /// The knockout's extra game added, its Red side drawn by lot (`game`, `extra-game lot`): the
    /// player drawn, the lot's seed and when it was drawn.
    ExtraGameDrawn { game: GameId, red: PlayerId, seed: u64, at: String },
    /// A walkover or withdrawal recorded on a match, changed or cleared (`match`, `forfeit`).
    ForfeitChanged { match_id: MatchId, before: Option<Forfeit>, after: Option<Forfeit> },
    /// A deck check before a match's games (`deck-check`, `check`).
    DeckChecked { match_id: MatchId, check: NewDeckCheck },
    /// A pairing of a new round, or a bye (`pairing`, `pair`).
    MatchPaired { match_id: MatchId, pairing: NewMatch },
    /// A pairing deleted with its draft round (`pairing`, `discard`).
    PairingDiscarded { match_id: MatchId, table_no: i64, player_a: PlayerId, player_b: Option<PlayerId> },
    /// Two players swapped between two matches of a draft (`pairing`, `override`; the row is the
    /// first match's).
    PlayersSwapped { match_id: MatchId, before: Vec<Seating>, after: Vec<Seating> },
    /// A draft round thrown away, with everything deleted with it (`round`, `discard`).
    DraftDiscarded { round: RoundId, draft: DiscardedDraft },
    /// A round published or locked (`round`, the new status's name).
    RoundAdvanced { round: RoundId, from: Status, to: Status },
    /// A locked round opened again for corrections, back to published (`round`, `unlock`), with the
    /// organiser's reason.
    RoundUnlocked { round: RoundId, reason: String },
    /// Referees assigned to a round's tables (`round`, `assign referee`): (table, referee) before
    /// and after, for the tables the assignment covered.
    RefereesAssigned { round: RoundId, before: Vec<(i64, UserId)>, after: Vec<(i64, UserId)> },
    /// A player registered (`player`, `register`, or `register (age override)` when the organiser
    /// accepted them outside the age range).
    PlayerRegistered { player: PlayerId, registration: Registration },
    /// A player withdrawn (`player`, `withdraw`).
    PlayerWithdrawn { player: PlayerId, before: PlayerChange, after: PlayerChange },
    /// A withdrawn player re-admitted (`player`, `re-admit`).
    PlayerReadmitted { player: PlayerId, before: PlayerChange, after: PlayerChange },
    /// Another change to a player: their knowledge-test score (`player`, `update`).
    PlayerChanged { player: PlayerId, before: PlayerChange, after: PlayerChange },
    /// A player's personal data erased, their results kept under `pseudonym` (`player`, `erase
    /// personal data`).
    PlayerErased { player: PlayerId, pseudonym: String },
    /// Two players forbidden from meeting, or the limit of a forbidden pair changed (`forbidden-pair`,
    /// `forbid`); `before` is the pair as it was forbidden before, if it was.
    PairForbidden { before: Option<ForbiddenPair>, after: ForbiddenPair },
    /// A forbidden pair lifted (`forbidden-pair`, `allow`).
    PairAllowed { player_a: PlayerId, player_b: PlayerId },
    /// The tournament's configuration changed (`tournament`, `configure`).
    ConfigChanged { tournament: TournamentId, before: Settings, after: Settings },
    /// A game's live recording started (`recording`, `start`).
    RecordingStarted { game: GameId, edition: String, time_control_ms: i64 },
    /// The last line of a live recording taken back (`recording`, `undo`): its step and text.
    LineTakenBack { game: GameId, step: i64, line: String },
    /// A live recording ended by the organiser before the game ended, with `steps` lines kept
    /// (`recording`, `end`): a result may be typed now.
    RecordingEnded { game: GameId, steps: i64 },
    /// A recording ended where a result already stood, and the result that stood was kept
    /// (`recording`, `set aside`): the recorded log and result, kept here.
    RecordedResultSetAside { game: GameId, recorded: ResultEntry },
    /// Something done to a stage (`stage`, the event's action; the row's id is the stage's
    /// position): stages chosen, groups drawn, a lot, the withdrawal rule, closed, reopened.
    StageChanged { position: i64, event: StageEvent },
    /// Two persons confirmed one by the organiser of this tournament (`player`, `merge persons`;
    /// the row's id is the tournament's entrant): `merged` went into `kept`, undone by `merge`.
    PersonsMerged { player: PlayerId, merge: MergeId, kept: PersonId, merged: PersonId },
    /// A merge undone from this tournament's persons page (`player`, `unmerge persons`).
    PersonsUnmerged { player: PlayerId, merge: MergeId, kept: PersonId, merged: PersonId },
    /// Two persons said to be different people from this tournament's persons page (`player`,
    /// `keep persons apart`; lower id first): the pair is not asked about again.
    PersonsKeptApart { player: PlayerId, a: PersonId, b: PersonId },
    /// A confirmed entry from a school not checked in when round 1's players were seated
    /// (`tournament`, `entry absent`; issue 39): withdrawn from round 1, the pupil and school named.
    EntryAbsent { tournament: TournamentId, entry: i64, name: String, school: String },
}

/// A registration as its history row keeps it: [`NewPlayer`], with the birth date gone once the
/// player's personal data is erased (erasure rewrites the player's rows: name, birth date, club).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Registration {
    pub name: String,
    pub birth_date: Option<NaiveDate>,
    pub club: String,
    pub knowledge_score: Option<i64>,
    pub age_override: bool,
}

impl From<&NewPlayer> for Registration {
    fn from(p: &NewPlayer) -> Registration {
        Registration {
            name: p.name.clone(),
            birth_date: Some(p.birth_date),
            club: p.club.clone(),
            knowledge_score: p.knowledge_score,
            age_override: p.age_override,
        }
    }
}

/// A forbidden pair (lower id first), in every round (`until_round` `None`) or in rounds 1 to
/// `until_round`; stored as `[a, b, until]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "(PlayerId, PlayerId, Option<i64>)", into = "(PlayerId, PlayerId, Option<i64>)")]
pub struct ForbiddenPair {
    pub player_a: PlayerId,
    pub player_b: PlayerId,
    pub until_round: Option<i64>,
}

impl From<(PlayerId, PlayerId, Option<i64>)> for ForbiddenPair {
    fn from((player_a, player_b, until_round): (PlayerId, PlayerId, Option<i64>)) -> ForbiddenPair {
        ForbiddenPair { player_a, player_b, until_round }
    }
}

impl From<ForbiddenPair> for (PlayerId, PlayerId, Option<i64>) {
    fn from(p: ForbiddenPair) -> Self {
        (p.player_a, p.player_b, p.until_round)
    }
}

/// What discarding a draft deleted.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DiscardedDraft {
    pub number: i64,
    #[serde(with = "super::columns::stored_name")]
    pub phase: Phase,
    /// (match, table, player A, player B)
    pub matches: Vec<(MatchId, i64, PlayerId, Option<PlayerId>)>,
    /// (match, set label, Red count, Polish count, swapped to, missing cards as stored)
    pub deck_checks: Vec<(MatchId, String, i64, i64, String, String)>,
    /// (table, referee)
    pub table_referees: Vec<(i64, UserId)>,
}

/// A tournament's configuration as a history row keeps it: the settings by the names they had when
/// the row was written. Kept as the stored JSON object rather than as today's configuration type,
/// because the configuration grows (a row from before a setting existed has no value for it, which
/// is not the setting's default) and changed shape (the engine's switches moved into `rules`).
#[derive(Debug, Clone, PartialEq)]
pub struct Settings {
    json: String,
    fields: Map<String, Value>,
}

impl Settings {
    /// The configuration as it is stored.
    ///
    /// # Errors
    /// The configuration cannot be encoded.
    pub fn of(cfg: &TournamentConfig) -> Result<Settings, serde_json::Error> {
        Settings::read(&serde_json::to_string(cfg)?)
    }

    pub(super) fn read(json: &str) -> Result<Settings, serde_json::Error> {
        Ok(Settings { json: json.to_string(), fields: serde_json::from_str(json)? })
    }

    /// The stored JSON object.
    pub(super) fn json(&self) -> &str {
        &self.json
    }

    /// One setting by its stored name. The engine's switches sit in `rules` since they are stored
    /// as one JSON column; rows written before keep them at the top level: both read alike.
    #[must_use]
    pub fn setting(&self, name: &str) -> Option<&Value> {
        self.fields.get(name).or_else(|| self.fields.get("rules").and_then(|r| r.get(name)))
    }
}

impl Change {
    /// A result saved over `before`: entered if the game had none, corrected if it had one.
    #[must_use]
    pub fn result(game: GameId, before: ResultEntry, after: ResultEntry) -> Change {
        if before.winner.is_some() {
            Change::ResultCorrected { game, before, after }
        } else {
            Change::ResultEntered { game, before, after }
        }
    }

    /// A player's state changed from `before` to `after`: a withdrawal, a re-admission, or another
    /// change.
    #[must_use]
    pub fn player_changed(player: PlayerId, before: PlayerChange, after: PlayerChange) -> Change {
        match (before.withdrawn, after.withdrawn) {
            (false, true) => Change::PlayerWithdrawn { player, before, after },
            (true, false) => Change::PlayerReadmitted { player, before, after },
            _ => Change::PlayerChanged { player, before, after },
        }
    }
}
