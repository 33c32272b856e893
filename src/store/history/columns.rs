//! How a [`Change`] is stored: in the columns history rows have always had (`entity`, `entity_id`,
//! `action`, and the values before and after as JSON, in the shapes the writes have always stored),
//! so a row written by an older release reads as the same change and says the same sentence; no
//! migration rewrote a row. This file is the one place that knows those columns: a row it cannot
//! read (an unknown entity or action, a value of another shape, an unknown stored name inside it)
//! is an error, never a guess, as `stored_as_text!` treats an unknown stored name.

use super::change::{Change, Registration, Settings};
use crate::store::values::rounds::{Forfeit, Status};
use crate::store::values::stages::StageEvent;
use crate::store::{GameId, MatchId, MergeId, PersonId, PlayerId, RoundId, StoredText, TournamentId};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

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
    Stage,
}

impl Entity {
    pub const ALL: [Entity; 10] = [
        Entity::Game,
        Entity::Match,
        Entity::Pairing,
        Entity::DeckCheck,
        Entity::Round,
        Entity::Player,
        Entity::ForbiddenPair,
        Entity::Tournament,
        Entity::Recording,
        Entity::Stage,
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
            Entity::Stage => "stage",
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

/// The value after of a round's unlock row: the status it went back to, and why.
#[derive(Serialize, Deserialize)]
struct Unlocked {
    status: Status,
    reason: String,
}

/// The value of an extra game's lot row.
#[derive(Serialize, Deserialize)]
struct Lot {
    red: PlayerId,
    seed: u64,
    at: String,
}

/// The value of a recording's start row.
#[derive(Serialize, Deserialize)]
struct Started {
    edition: String,
    time_control_ms: i64,
}

/// The value before of a recording's undo row: the line taken back.
#[derive(Serialize, Deserialize)]
struct Step {
    step: i64,
    line: String,
}

/// The value after of a recording's end row: the lines it kept.
#[derive(Serialize, Deserialize)]
struct Ended {
    steps: i64,
}

/// What an erasure row says was erased (always these three).
#[derive(Serialize, Deserialize)]
struct Erased {
    erased: Vec<String>,
}

const ERASED: [&str; 3] = ["name", "birth_date", "club"];

/// The value after of an erasure row.
/// A merge of two persons as its history row keeps it.
#[derive(Serialize, Deserialize)]
struct PersonMerge {
    merge: MergeId,
    kept: PersonId,
    merged: PersonId,
}

/// An entry from a school found absent when round 1's players were seated.
#[derive(Serialize, Deserialize)]
struct AbsentEntry {
    entry: i64,
    name: String,
    school: String,
}

pub(crate) const ENTRY_ABSENT: &str = "entry absent";

/// An "entry absent" row's `new_value` with the pupil's name replaced by `pseudonym`, if the row is
/// about `entry` (a withdrawn consent erases the pupil, the history line too); `None` otherwise.
///
/// # Errors
/// The value is not an absent entry's.
pub(crate) fn absent_entry_renamed(
    new_value: &str,
    entry: i64,
    pseudonym: &str,
) -> Result<Option<String>, serde_json::Error> {
    let mut absent: AbsentEntry = serde_json::from_str(new_value)?;
    if absent.entry != entry {
        return Ok(None);
    }
    absent.name = pseudonym.to_string();
    serde_json::to_string(&absent).map(Some)
}

#[derive(Serialize, Deserialize)]
struct Pseudonym {
    name: String,
}

const REGISTER: &str = "register";
const REGISTER_AGE_OVERRIDE: &str = "register (age override)";

impl Change {
    /// The row's columns as the store writes them.
    ///
    /// # Errors
    /// A value cannot be encoded.
    pub fn columns(&self) -> Result<Columns, serde_json::Error> {
        use Entity as E;
        let none = || Ok("null".to_string());
        let (entity, entity_id, action, old_value, new_value) = match self {
            Change::StageChanged { position, event } => {
                (E::Stage, *position, event.action(), none(), json(event))
            }
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
            Change::RoundUnlocked { round, reason } => (
                E::Round,
                round.0,
                "unlock",
                json(&Status::Locked),
                json(&Unlocked { status: Status::Published, reason: reason.clone() }),
            ),
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
            Change::PersonsMerged { player, merge, kept, merged } => (
                E::Player,
                player.0,
                "merge persons",
                none(),
                json(&PersonMerge { merge: *merge, kept: *kept, merged: *merged }),
            ),
            Change::PersonsUnmerged { player, merge, kept, merged } => (
                E::Player,
                player.0,
                "unmerge persons",
                json(&PersonMerge { merge: *merge, kept: *kept, merged: *merged }),
                none(),
            ),
            Change::PersonsKeptApart { player, a, b } => {
                (E::Player, player.0, "keep persons apart", none(), json(&(a, b)))
            }
            Change::EntryAbsent { tournament, entry, name, school } => (
                E::Tournament,
                tournament.0,
                ENTRY_ABSENT,
                none(),
                json(&AbsentEntry { entry: *entry, name: name.clone(), school: school.clone() }),
            ),
            Change::PairForbidden { before, after } => {
                (E::ForbiddenPair, after.player_a.0, "forbid", json(before), json(after))
            }
            Change::PairAllowed { player_a, player_b } => {
                (E::ForbiddenPair, player_a.0, "allow", json(&(player_a, player_b)), none())
            }
            Change::ConfigChanged { tournament, before, after } => (
                E::Tournament,
                tournament.0,
                "configure",
                Ok(before.json().to_string()),
                Ok(after.json().to_string()),
            ),
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
            Change::RecordingEnded { game, steps } => {
                (E::Recording, game.0, "end", none(), json(&Ended { steps: *steps }))
            }
            Change::RecordedResultSetAside { game, recorded } => {
                (E::Recording, game.0, "set aside", none(), json(recorded))
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
            (E::Game, "enter") => Change::ResultEntered { game, before: row.before()?, after: row.after()? },
            (E::Game, "correct") => {
                Change::ResultCorrected { game, before: row.before()?, after: row.after()? }
            }
            (E::Game, "extra-game lot") => {
                row.before::<()>()?;
                let Lot { red, seed, at } = row.after()?;
                Change::ExtraGameDrawn { game, red, seed, at }
            }
            (E::Match, "forfeit") => {
                let (ForfeitValue { forfeit: before }, ForfeitValue { forfeit: after }) =
                    (row.before()?, row.after()?);
                Change::ForfeitChanged { match_id, before, after }
            }
            (E::DeckCheck, "check") => {
                row.before::<()>()?;
                Change::DeckChecked { match_id, check: row.after()? }
            }
            (E::Pairing, "pair") => {
                row.before::<()>()?;
                Change::MatchPaired { match_id, pairing: row.after()? }
            }
            (E::Pairing, "discard") => {
                row.after::<()>()?;
                let (table_no, player_a, player_b) = row.before()?;
                Change::PairingDiscarded { match_id, table_no, player_a, player_b }
            }
            (E::Pairing, "override") => {
                Change::PlayersSwapped { match_id, before: row.before()?, after: row.after()? }
            }
            (E::Round, "discard") => {
                row.after::<()>()?;
                Change::DraftDiscarded { round, draft: row.before()? }
            }
            (E::Round, "unlock") => {
                let (from, Unlocked { status, reason }): (Status, Unlocked) = (row.before()?, row.after()?);
                if (from, status) != (Status::Locked, Status::Published) {
                    return Err(row.unreadable(format!("the round moved from {from:?} to {status:?}")));
                }
                Change::RoundUnlocked { round, reason }
            }
            (E::Round, "assign referee") => {
                Change::RefereesAssigned { round, before: row.before()?, after: row.after()? }
            }
            // A round's move to a status is named after the status.
            (E::Round, status) if Status::parse(status).is_some() => {
                let (from, to): (Status, Status) = (row.before()?, row.after()?);
                if Status::parse(status) != Some(to) {
                    return Err(row.unreadable(format!("the round moved to {to:?}")));
                }
                Change::RoundAdvanced { round, from, to }
            }
            (E::Player, REGISTER | REGISTER_AGE_OVERRIDE) => {
                row.before::<()>()?;
                let registration: Registration = row.after()?;
                if registration.age_override != (action == REGISTER_AGE_OVERRIDE) {
                    return Err(row.unreadable("the age override disagrees with the action".into()));
                }
                Change::PlayerRegistered { player, registration }
            }
            (E::Player, "withdraw") => {
                Change::PlayerWithdrawn { player, before: row.before()?, after: row.after()? }
            }
            (E::Player, "re-admit") => {
                Change::PlayerReadmitted { player, before: row.before()?, after: row.after()? }
            }
            (E::Player, "update") => {
                Change::PlayerChanged { player, before: row.before()?, after: row.after()? }
            }
            (E::Player, "erase personal data") => {
                let Erased { erased } = row.before()?;
                if erased != ERASED {
                    return Err(row.unreadable(format!("erased {erased:?}")));
                }
                let Pseudonym { name } = row.after()?;
                Change::PlayerErased { player, pseudonym: name }
            }
            (E::Player, "merge persons") => {
                row.before::<()>()?;
                let PersonMerge { merge, kept, merged } = row.after()?;
                Change::PersonsMerged { player, merge, kept, merged }
            }
            (E::Player, "unmerge persons") => {
                row.after::<()>()?;
                let PersonMerge { merge, kept, merged } = row.before()?;
                Change::PersonsUnmerged { player, merge, kept, merged }
            }
            (E::Tournament, ENTRY_ABSENT) => {
                row.before::<()>()?;
                let AbsentEntry { entry, name, school } = row.after()?;
                Change::EntryAbsent { tournament: TournamentId(entity_id), entry, name, school }
            }
            (E::Player, "keep persons apart") => {
                row.before::<()>()?;
                let (a, b) = row.after()?;
                Change::PersonsKeptApart { player, a, b }
            }
            (E::ForbiddenPair, "forbid") => {
                Change::PairForbidden { before: row.before()?, after: row.after()? }
            }
            (E::ForbiddenPair, "allow") => {
                row.after::<()>()?;
                let (player_a, player_b) = row.before()?;
                Change::PairAllowed { player_a, player_b }
            }
            (E::Tournament, "configure") => Change::ConfigChanged {
                tournament: TournamentId(entity_id),
                before: Settings::read(old).map_err(|e| row.invalid(old, &e))?,
                after: Settings::read(new).map_err(|e| row.invalid(new, &e))?,
            },
            (E::Recording, "start") => {
                row.before::<()>()?;
                let Started { edition, time_control_ms } = row.after()?;
                Change::RecordingStarted { game, edition, time_control_ms }
            }
            (E::Recording, "undo") => {
                row.after::<()>()?;
                let Step { step, line } = row.before()?;
                Change::LineTakenBack { game, step, line }
            }
            (E::Recording, "end") => {
                row.before::<()>()?;
                let Ended { steps } = row.after()?;
                Change::RecordingEnded { game, steps }
            }
            (E::Recording, "set aside") => {
                row.before::<()>()?;
                Change::RecordedResultSetAside { game, recorded: row.after()? }
            }
            (E::Stage, action) if StageEvent::ACTIONS.contains(&action) => {
                row.before::<()>()?;
                let event: StageEvent = row.after()?;
                if event.action() != action {
                    return Err(row.unreadable(format!("a {} event", event.action())));
                }
                Change::StageChanged { position: entity_id, event }
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
    fn before<T: DeserializeOwned>(&self) -> Result<T, Unreadable> {
        serde_json::from_str(self.old).map_err(|e| self.invalid(self.old, &e))
    }

    /// The value after, as `T`.
    fn after<T: DeserializeOwned>(&self) -> Result<T, Unreadable> {
        serde_json::from_str(self.new).map_err(|e| self.invalid(self.new, &e))
    }
}

fn json<T: Serialize + ?Sized>(value: &T) -> Result<String, serde_json::Error> {
    serde_json::to_string(value)
}

/// The stored name of an enum stored as text (`swiss`, `absent-b`) in a JSON value; an unknown
/// name is an error.
pub(super) mod stored_name {
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
