//! What the organiser can do next with the rounds, decided by the same checks the use cases make, so
//! that a page offers only a step that would be accepted (never "pair the next knockout round" after
//! the final): the next pairing, which published rounds may be locked, which locked round may be
//! opened again. A tournament that opens with groups goes draw, group rounds, (a lot where a tie
//! decides a qualifying place), close, qualify into the knockout, then the knockout as after a
//! Swiss.

use super::knockout::{bracket_now, ready_matches};
use super::rounds::{MIN_PLAYERS, active_for};
use super::snapshot::{Loaded, check_last_round_locked, opens_with_groups, swiss_left};
use super::stages::{self, close, group_round, qualify};
use super::{AppResult, Refusal, StageRefusal};
use crate::store::rounds::Phase;
use crate::store::rounds::Status;
use crate::store::stages::StageStatus;
use crate::store::{Store, TournamentId};

/// The next pairing the tournament accepts now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NextStep {
    /// Pair the next Swiss round.
    PairSwiss,
    /// Start the knockout (seed the bracket from the Swiss standings).
    StartKnockout,
    /// Pair the knockout's next round.
    NextKnockoutRound,
    /// Draw the groups (on the stages page, after a preview).
    DrawGroups,
    /// Pair the groups' next round (every group's next round of its Berger table).
    PairGroupRound,
    /// Draw the organiser's lot for a tie at a qualifying place of this group (0 for A).
    DrawLot(u32),
    /// Close the groups stage, freezing its ranking.
    CloseGroups,
    /// Qualify from the frozen groups ranking into the knockout and pair its first round.
    QualifyKnockout,
    /// A pairing is due but refused for now, and why (a round to lock, results the bracket waits for).
    Blocked(Refusal),
    /// Nothing is left to pair: the Swiss is over without a knockout, or the final is decided.
    Over,
}

/// The rounds' next steps.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundsPlan {
    pub next: NextStep,
    /// Published rounds whose every match is decided: locking them would be accepted.
    pub lockable: Vec<i64>,
    /// The locked round that may be opened again: the last round, if it is locked.
    pub reopenable: Option<i64>,
}

impl RoundsPlan {
    /// Whether locking round `number` would be accepted (by reference: templates pass one).
    #[must_use]
    pub fn can_lock(&self, number: &i64) -> bool {
        self.lockable.contains(number)
    }

    /// Whether round `number` may be opened again.
    #[must_use]
    pub fn can_reopen(&self, number: &i64) -> bool {
        self.reopenable == Some(*number)
    }
}

/// The next pairing, by the checks of [`super::rounds::pair_next_swiss_round`] and
/// [`super::knockout::pair_next_round`] (the Swiss pairing itself is not computed: a round the
/// league cannot pair is refused when asked).
#[must_use]
pub fn next_step(data: &Loaded) -> NextStep {
    if opens_with_groups(data) {
        return groups_next(data);
    }
    if swiss_left(&data.rounds, data.t.swiss_rounds) {
        let round = super::snapshot::swiss_paired(&data.rounds) + 1;
        let active = active_for(data, i64::try_from(round).unwrap_or(i64::MAX));
        return match check_last_round_locked(data) {
            Ok(()) if active < MIN_PLAYERS => NextStep::Blocked(Refusal::TooFewPlayers { active }),
            Ok(()) => NextStep::PairSwiss,
            Err(r) => NextStep::Blocked(r),
        };
    }
    if data.t.knockout_size < 2 {
        return NextStep::Over;
    }
    knockout_next(data)
}

/// The knockout's next step once it may start (the lots' seed does not change which matches are
/// ready).
fn knockout_next(data: &Loaded) -> NextStep {
    let ready = bracket_now(data, 0)
        .and_then(|(bracket, seeding)| ready_matches(data, &bracket).map(|_| seeding.is_some()));
    match ready {
        Ok(true) => NextStep::StartKnockout,
        Ok(false) => NextStep::NextKnockoutRound,
        Err(Refusal::KnockoutOver) => NextStep::Over,
        Err(r) => NextStep::Blocked(r),
    }
}

/// The next step of a tournament that opens with groups, by the checks of `stages::draw::fix`,
/// `group_round::pair_next`, `lot::draw`, `close::close` and `qualify::start_knockout`.
fn groups_next(data: &Loaded) -> NextStep {
    let Ok((row, _)) = stages::groups_stage(data) else { return NextStep::Over };
    if row.status == StageStatus::Open {
        if stages::drawn_groups(data).is_empty() {
            return NextStep::DrawGroups;
        }
        match group_round::decide(data) {
            Ok(_) => return NextStep::PairGroupRound,
            Err(Refusal::Stage(StageRefusal::GroupsDone)) => {}
            Err(r) => return NextStep::Blocked(r),
        }
        return match close::closable(data) {
            Ok(_) => NextStep::CloseGroups,
            Err(Refusal::Stage(StageRefusal::LotPending { group })) => NextStep::DrawLot(group),
            Err(r) => NextStep::Blocked(r),
        };
    }
    if stages::stages_of(data).ok().and_then(|s| s.knockout().copied()).is_none() {
        return NextStep::Over;
    }
    if data.rounds.iter().any(|r| r.phase() == Phase::Knockout) {
        return knockout_next(data);
    }
    match check_last_round_locked(data).and_then(|()| qualify::bracket(data, 0)) {
        Ok(_) => NextStep::QualifyKnockout,
        Err(r) => NextStep::Blocked(r),
    }
}

/// The rounds' next steps on a snapshot.
#[must_use]
pub fn plan_of(data: &Loaded) -> RoundsPlan {
    let lockable = data
        .rounds
        .iter()
        .filter(|r| r.status() == Status::Published && data.round_complete(r))
        .map(|r| r.number)
        .collect();
    let reopenable = data.rounds.last().filter(|r| r.status() == Status::Locked).map(|r| r.number);
    RoundsPlan { next: next_step(data), lockable, reopenable }
}

/// The rounds' next steps now.
///
/// # Errors
/// The tournament is not found; the database fails.
pub async fn plan(db: &Store, t: TournamentId) -> AppResult<RoundsPlan> {
    Ok(plan_of(&Loaded::load_id(db, t).await?))
}
