//! Creating and configuring a tournament: the defaults of a new one, the one mapping from its
//! stored configuration to the engine's rule switches, and the writes (a repeated save of the same
//! configuration is a success, not a conflict). The tiebreak order is stored typed
//! (`league::TiebreakOrder`): an unknown name is an error when the row loads.

use super::AppResult;
use crate::engine::{Edition, RuleOptions};
use crate::league::TiebreakOrder;
use crate::store::tournaments::{Role, Tournament, TournamentConfig};
use crate::store::{self, Store, StoreError, TournamentId, UserId};
use chrono::NaiveDate;

/// The edition a tournament plays unless the organiser chooses another: the one compiled in.
#[must_use]
pub fn default_edition() -> &'static str {
    Edition::builtin().id()
}

/// The engine's options for a tournament's games (stored as they are: one JSON column). The demo,
/// the referee's log validation and the digital table all go through here; a switch the engine adds
/// later keeps its default until it is stored.
#[must_use]
pub fn rule_options(cfg: &TournamentConfig) -> RuleOptions {
    cfg.rules
}

/// The defaults of a new tournament played on `today`: league scoring (win 1, draw ½, loss 0,
/// bye 1, in half-points) and tiebreaks, the built-in edition, the rulebook's Additional Rules on.
#[must_use]
pub fn default_config(today: NaiveDate) -> TournamentConfig {
    TournamentConfig {
        name: String::new(),
        venue: String::new(),
        first_day: today,
        last_day: today,
        swiss_rounds: 5,
        knockout_size: 8,
        third_place: true,
        score_win: 2,
        score_draw: 1,
        score_loss: 0,
        score_bye: 2,
        tiebreaks: TiebreakOrder::standard(),
        edition: default_edition().to_string(),
        rules: RuleOptions::default(),
        table_clock: crate::store::tournaments::TableClock::Players,
        no_show_wait_mins: crate::store::tournaments::NO_SHOW_WAIT_MINS,
    }
}

/// Create a tournament organised by `by`.
///
/// # Errors
/// The edition is not stored, or the database fails.
pub async fn create(db: &Store, cfg: &TournamentConfig, by: UserId) -> AppResult<TournamentId> {
    Ok(store::tournaments::create(db, cfg, by).await?)
}

/// Save the configuration if it is still at `version` (the version the form was loaded with).
/// Saving the same configuration again (a double click) is a success.
///
/// # Errors
/// [`StoreError::Conflict`] if someone saved another configuration first; the database fails.
pub async fn configure(
    db: &Store,
    t: TournamentId,
    version: i64,
    cfg: &TournamentConfig,
    by: UserId,
) -> AppResult<()> {
    match store::tournaments::update(db, t, version, cfg, by).await {
        Err(StoreError::Conflict) => {
            let now = current(db, t).await?;
            if now.config() == *cfg { Ok(()) } else { Err(StoreError::Conflict.into()) }
        }
        other => Ok(other?),
    }
}

/// Give `user` a role in the tournament (a referee, a co-organiser).
///
/// # Errors
/// The database fails.
pub async fn grant(db: &Store, t: TournamentId, user: UserId, role: Role) -> AppResult<()> {
    Ok(store::tournaments::grant(db, t, user, role).await?)
}

/// The tournament as stored now.
///
/// # Errors
/// [`StoreError::NotFound`]; the database fails.
pub async fn current(db: &Store, t: TournamentId) -> AppResult<Tournament> {
    Ok(store::tournaments::get(db, t).await?.ok_or(StoreError::NotFound)?)
}
