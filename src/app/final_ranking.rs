//! An event's final ranking from its snapshot, for every format (issue 34): the public standings
//! page shows it and closing a season's event stores it, both through [`of`], so the stored
//! ranking is the public one place for place (league `final_ranking::of_event`).

use super::Refusal;
use super::snapshot::{Loaded, MatchState, opens_with_groups, swiss_left};
use super::stages;
use crate::league::final_ranking::{self, EventResults};
use crate::league::{FinalPlace, StandingRow};

/// The event's final ranking once it is played: every match decided, and the Swiss rounds over
/// (Swiss only), the groups stage closed (groups only), or the knockout's final (and third-place
/// match) decided.
///
/// # Errors
/// [`Refusal::NoEntrants`], [`Refusal::EventNotOver`] (no round yet, Swiss rounds left, the
/// knockout not started or not over), [`Refusal::MatchUndecided`], [`Refusal::GroupsNotClosed`],
/// [`Refusal::Bracket`].
pub fn of(data: &Loaded) -> Result<Vec<FinalPlace>, Refusal> {
    if data.players.is_empty() {
        return Err(Refusal::NoEntrants);
    }
    if data.rounds.is_empty() {
        return Err(Refusal::EventNotOver);
    }
    for round in &data.rounds {
        if data
            .matches_of_round(round)
            .any(|m| !matches!(data.state(m), MatchState::Bye | MatchState::Decided(_)))
        {
            return Err(Refusal::MatchUndecided { round: round.number });
        }
    }
    let knockout = data.knockout_bracket().transpose().map_err(Refusal::Bracket)?;
    let ranking = if opens_with_groups(data) {
        let groups = stages::frozen(data).map_err(|_| Refusal::GroupsNotClosed)?;
        let has_knockout = stages::stages_of(data)?.knockout().is_some();
        match (&knockout, has_knockout) {
            (Some(bracket), _) => {
                final_ranking::of_event(EventResults::GroupsKnockout { groups: &groups, bracket })
            }
            (None, true) => None,
            (None, false) => final_ranking::of_event(EventResults::Groups { groups: &groups }),
        }
    } else {
        if swiss_left(&data.rounds, data.t.swiss_rounds) {
            return Err(Refusal::EventNotOver);
        }
        let standings: Vec<StandingRow> = data.standings();
        match (&knockout, data.t.knockout_size > 1) {
            (Some(bracket), _) => {
                final_ranking::of_event(EventResults::SwissKnockout { standings: &standings, bracket })
            }
            (None, true) => None,
            (None, false) => final_ranking::of_event(EventResults::Swiss { standings: &standings }),
        }
    };
    ranking.ok_or(Refusal::EventNotOver)
}
