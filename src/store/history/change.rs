//! What a history row records, as a typed [`Change`]: made by the store's writes, described in
//! words by `web::text::history`. A change is kept in the columns rows have always had (`entity`,
//! `entity_id`, `action`, and the values before and after as JSON, in the shapes the writes have
//! always stored), so a row written by an older release reads as the same change and says the same
//! sentence; no migration rewrote a row. This file is the one place that knows those columns: a
//! row it cannot read (an unknown entity or action, a value of another shape, an unknown stored
//! name inside it) is an error, never a guess, as `stored_as_text!` treats an unknown stored name.

use crate::store::deck_checks::NewDeckCheck;
use crate::store::games::ResultEntry;
use crate::store::players::{NewPlayer, PlayerChange};
use crate::store::rounds::{Forfeit, NewMatch, Phase, Status};
use crate::store::tournaments::TournamentConfig;
use crate::store::{GameId, MatchId, PlayerId, RoundId, StoredText, TournamentId, UserId};
use chrono::NaiveDate;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// What a history row is about (its `entity` column). The row's `entity_id` is that row's id: a
/// match's for [`Entity::Pairing`] and [`Entity::DeckCheck`], a game's for [`Entity::Recording`],
/// the first player's for [`Entity::ForbiddenPair`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Entity {
    Game,
    Match,
    Pairing,
    DeckCheck,
    Round,
    Player,
    ForbiddenPair,
    Tournament,
    Recording,
}

impl Entity {
    pub const ALL: [Entity; 9] = [
        Entity::Game,
        Entity::Match,
        Entity::Pairing,
        Entity::DeckCheck,
        Entity::Round,
        Entity::Player,
        Entity::ForbiddenPair,
        Entity::Tournament,
        Entity::Recording,
    ];

    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Entity::Game => "game",
            Entity::Match => "match",
            Entity::Pairing => "pairing",
            Entity::DeckCheck => "deck-check",
            Entity::Round => "round",
            Entity::Player => "player",
            Entity::ForbiddenPair => "forbidden-pair",
            Entity::Tournament => "tournament",
            Entity::Recording => "recording",
        }
    }
}

impl StoredText for Entity {
    const ALL: &'static [Entity] = &Entity::ALL;
    fn as_str(self) -> &'static str {
        Entity::as_str(self)
    }
}

stored_as_text!(Entity);

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
    #[serde(with = "stored_name")]
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

    fn read(json: &str) -> Result<Settings, serde_json::Error> {
        Ok(Settings { json: json.to_string(), fields: serde_json::from_str(json)? })
    }

    /// One setting by its stored name. The engine's switches sit in `rules` since they are stored
    /// as one JSON column; rows written before keep them at the top level: both read alike.
    #[must_use]
    pub fn setting(&self, name: &str) -> Option<&Value> {
        self.fields.get(name).or_else(|| self.fields.get("rules").and_then(|r| r.get(name)))
    }
}

/// A change's stored columns.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Columns {
    pub entity: Entity,
    pub entity_id: i64,
    pub action: &'static str,
    pub old_value: String,
    pub new_value: String,
}

/// A history row that does not read as a [`Change`].
#[derive(Debug, thiserror::Error)]
#[error("unreadable history row ({entity} {action:?}): {reason}")]
pub struct Unreadable {
    entity: &'static str,
    action: String,
    reason: String,
}

/// The stored values of a walkover row.
#[derive(Serialize, Deserialize)]
struct ForfeitValue {
    #[serde(with = "stored_name_or_null")]
    forfeit: Option<Forfeit>,
}

#[derive(Serialize, Deserialize)]
struct Lot {
    red: PlayerId,
    seed: u64,
    at: String,
}

#[derive(Serialize, Deserialize)]
struct Started {
    edition: String,
    time_control_ms: i64,
}

#[derive(Serialize, Deserialize)]
struct Step {
    step: i64,
    line: String,
}

/// What an erasure row says was erased (always these three).
#[derive(Serialize, Deserialize)]
struct Erased {
    erased: Vec<String>,
}

const ERASED: [&str; 3] = ["name", "birth_date", "club"];

#[derive(Serialize, Deserialize)]
struct Pseudonym {
    name: String,
}

const REGISTER: &str = "register";
const REGISTER_AGE_OVERRIDE: &str = "register (age override)";

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

    /// The row's columns as the store writes them.
    ///
    /// # Errors
    /// A value cannot be encoded.
    pub fn columns(&self) -> Result<Columns, serde_json::Error> {
        use Entity as E;
        let none = || Ok("null".to_string());
        let (entity, entity_id, action, old_value, new_value) = match self {
            Change::ResultEntered { game, before, after } => {
                (E::Game, game.0, "enter", json(before), json(after))
            }
            Change::ResultCorrected { game, before, after } => {
                (E::Game, game.0, "correct", json(before), json(after))
            }
            Change::ExtraGameDrawn { game, red, seed, at } => (
                E::Game,
                game.0,
                "extra-game lot",
                none(),
                json(&Lot { red: *red, seed: *seed, at: at.clone() }),
            ),
            Change::ForfeitChanged { match_id, before, after } => (
                E::Match,
                match_id.0,
                "forfeit",
                json(&ForfeitValue { forfeit: *before }),
                json(&ForfeitValue { forfeit: *after }),
            ),
            Change::DeckChecked { match_id, check } => {
                (E::DeckCheck, match_id.0, "check", none(), json(check))
            }
            Change::MatchPaired { match_id, pairing } => {
                (E::Pairing, match_id.0, "pair", none(), json(pairing))
            }
            Change::PairingDiscarded { match_id, table_no, player_a, player_b } => {
                (E::Pairing, match_id.0, "discard", json(&(table_no, player_a, player_b)), none())
            }
            Change::PlayersSwapped { match_id, before, after } => {
                (E::Pairing, match_id.0, "override", json(before), json(after))
            }
            Change::DraftDiscarded { round, draft } => (E::Round, round.0, "discard", json(draft), none()),
            Change::RoundAdvanced { round, from, to } => {
                (E::Round, round.0, to.as_str(), json(from), json(to))
            }
            Change::RefereesAssigned { round, before, after } => {
                (E::Round, round.0, "assign referee", json(before), json(after))
            }
            Change::PlayerRegistered { player, registration } => {
                let action = if registration.age_override { REGISTER_AGE_OVERRIDE } else { REGISTER };
                (E::Player, player.0, action, none(), json(registration))
            }
            Change::PlayerWithdrawn { player, before, after } => {
                (E::Player, player.0, "withdraw", json(before), json(after))
            }
            Change::PlayerReadmitted { player, before, after } => {
                (E::Player, player.0, "re-admit", json(before), json(after))
            }
            Change::PlayerChanged { player, before, after } => {
                (E::Player, player.0, "update", json(before), json(after))
            }
            Change::PlayerErased { player, pseudonym } => (
                E::Player,
                player.0,
                "erase personal data",
                json(&Erased { erased: ERASED.map(str::to_string).to_vec() }),
                json(&Pseudonym { name: pseudonym.clone() }),
            ),
            Change::PairForbidden { before, after } => {
                (E::ForbiddenPair, after.player_a.0, "forbid", json(before), json(after))
            }
            Change::PairAllowed { player_a, player_b } => {
                (E::ForbiddenPair, player_a.0, "allow", json(&(player_a, player_b)), none())
            }
            Change::ConfigChanged { tournament, before, after } => {
                (E::Tournament, tournament.0, "configure", Ok(before.json.clone()), Ok(after.json.clone()))
            }
            Change::RecordingStarted { game, edition, time_control_ms } => (
                E::Recording,
                game.0,
                "start",
                none(),
                json(&Started { edition: edition.clone(), time_control_ms: *time_control_ms }),
            ),
            Change::LineTakenBack { game, step, line } => {
                (E::Recording, game.0, "undo", json(&Step { step: *step, line: line.clone() }), none())
            }
        };
        Ok(Columns { entity, entity_id, action, old_value: old_value?, new_value: new_value? })
    }

    /// The change a stored row records.
    ///
    /// # Errors
    /// [`Unreadable`]: the entity and action name no change, or a value is not of its change's shape.
    pub fn read(
        entity: Entity,
        entity_id: i64,
        action: &str,
        old: &str,
        new: &str,
    ) -> Result<Change, Unreadable> {
        use Entity as E;
        let row = Row { entity, action, old, new };
        let (game, match_id, round, player) =
            (GameId(entity_id), MatchId(entity_id), RoundId(entity_id), PlayerId(entity_id));
        Ok(match (entity, action) {
            (E::Game, "enter") => Change::ResultEntered { game, before: row.old()?, after: row.new()? },
            (E::Game, "correct") => Change::ResultCorrected { game, before: row.old()?, after: row.new()? },
            (E::Game, "extra-game lot") => {
                row.old::<()>()?;
                let Lot { red, seed, at } = row.new()?;
                Change::ExtraGameDrawn { game, red, seed, at }
            }
            (E::Match, "forfeit") => {
                let (ForfeitValue { forfeit: before }, ForfeitValue { forfeit: after }) =
                    (row.old()?, row.new()?);
                Change::ForfeitChanged { match_id, before, after }
            }
            (E::DeckCheck, "check") => {
                row.old::<()>()?;
                Change::DeckChecked { match_id, check: row.new()? }
            }
            (E::Pairing, "pair") => {
                row.old::<()>()?;
                Change::MatchPaired { match_id, pairing: row.new()? }
            }
            (E::Pairing, "discard") => {
                row.new::<()>()?;
                let (table_no, player_a, player_b) = row.old()?;
                Change::PairingDiscarded { match_id, table_no, player_a, player_b }
            }
            (E::Pairing, "override") => {
                Change::PlayersSwapped { match_id, before: row.old()?, after: row.new()? }
            }
            (E::Round, "discard") => {
                row.new::<()>()?;
                Change::DraftDiscarded { round, draft: row.old()? }
            }
            (E::Round, "assign referee") => {
                Change::RefereesAssigned { round, before: row.old()?, after: row.new()? }
            }
            (E::Round, status) => {
                let (from, to): (Status, Status) = (row.old()?, row.new()?);
                if Status::parse(status) != Some(to) {
                    return Err(row.unreadable(format!("the round moved to {to:?}")));
                }
                Change::RoundAdvanced { round, from, to }
            }
            (E::Player, REGISTER | REGISTER_AGE_OVERRIDE) => {
                row.old::<()>()?;
                let registration: Registration = row.new()?;
                if registration.age_override != (action == REGISTER_AGE_OVERRIDE) {
                    return Err(row.unreadable("the age override disagrees with the action".into()));
                }
                Change::PlayerRegistered { player, registration }
            }
            (E::Player, "withdraw") => {
                Change::PlayerWithdrawn { player, before: row.old()?, after: row.new()? }
            }
            (E::Player, "re-admit") => {
                Change::PlayerReadmitted { player, before: row.old()?, after: row.new()? }
            }
            (E::Player, "update") => Change::PlayerChanged { player, before: row.old()?, after: row.new()? },
            (E::Player, "erase personal data") => {
                let Erased { erased } = row.old()?;
                if erased != ERASED {
                    return Err(row.unreadable(format!("erased {erased:?}")));
                }
                let Pseudonym { name } = row.new()?;
                Change::PlayerErased { player, pseudonym: name }
            }
            (E::ForbiddenPair, "forbid") => Change::PairForbidden { before: row.old()?, after: row.new()? },
            (E::ForbiddenPair, "allow") => {
                row.new::<()>()?;
                let (player_a, player_b) = row.old()?;
                Change::PairAllowed { player_a, player_b }
            }
            (E::Tournament, "configure") => Change::ConfigChanged {
                tournament: TournamentId(entity_id),
                before: Settings::read(old).map_err(|e| row.invalid(old, &e))?,
                after: Settings::read(new).map_err(|e| row.invalid(new, &e))?,
            },
            (E::Recording, "start") => {
                row.old::<()>()?;
                let Started { edition, time_control_ms } = row.new()?;
                Change::RecordingStarted { game, edition, time_control_ms }
            }
            (E::Recording, "undo") => {
                row.new::<()>()?;
                let Step { step, line } = row.old()?;
                Change::LineTakenBack { game, step, line }
            }
            _ => return Err(row.unreadable("no such change".into())),
        })
    }
}

/// A stored row being read.
struct Row<'a> {
    entity: Entity,
    action: &'a str,
    old: &'a str,
    new: &'a str,
}

impl Row<'_> {
    fn unreadable(&self, reason: String) -> Unreadable {
        Unreadable { entity: self.entity.as_str(), action: self.action.to_string(), reason }
    }

    fn invalid(&self, json: &str, e: &serde_json::Error) -> Unreadable {
        self.unreadable(format!("{e} in {json}"))
    }

    /// The value before, as `T` (`()`: none, stored as `null`).
    fn old<T: DeserializeOwned>(&self) -> Result<T, Unreadable> {
        serde_json::from_str(self.old).map_err(|e| self.invalid(self.old, &e))
    }

    /// The value after, as `T`.
    fn new<T: DeserializeOwned>(&self) -> Result<T, Unreadable> {
        serde_json::from_str(self.new).map_err(|e| self.invalid(self.new, &e))
    }
}

fn json<T: Serialize + ?Sized>(value: &T) -> Result<String, serde_json::Error> {
    serde_json::to_string(value)
}

/// The stored name of an enum stored as text (`swiss`, `absent-b`) in a JSON value; an unknown
/// name is an error.
mod stored_name {
    use crate::store::StoredText;
    use serde::de::Error;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<T: StoredText, S: Serializer>(value: &T, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(value.as_str())
    }

    pub fn deserialize<'de, T: StoredText, D: Deserializer<'de>>(d: D) -> Result<T, D::Error> {
        let name = String::deserialize(d)?;
        named(&name).ok_or_else(|| D::Error::custom(format!("unknown stored name {name:?}")))
    }

    pub fn named<T: StoredText>(name: &str) -> Option<T> {
        T::ALL.iter().copied().find(|v| v.as_str() == name)
    }
}

/// [`stored_name`], or `null`.
mod stored_name_or_null {
    use crate::store::StoredText;
    use serde::de::Error;
    use serde::{Deserialize, Deserializer, Serializer};

    #[allow(clippy::ref_option)] // serde's `with` hands the field by reference
    pub fn serialize<T: StoredText, S: Serializer>(value: &Option<T>, s: S) -> Result<S::Ok, S::Error> {
        match value {
            Some(v) => s.serialize_str(v.as_str()),
            None => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, T: StoredText, D: Deserializer<'de>>(d: D) -> Result<Option<T>, D::Error> {
        match Option::<String>::deserialize(d)? {
            None => Ok(None),
            Some(name) => super::stored_name::named(&name)
                .map(Some)
                .ok_or_else(|| D::Error::custom(format!("unknown stored name {name:?}"))),
        }
    }
}
