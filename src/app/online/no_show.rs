//! The no-show of an online match: a player who has not opened their personal link within the
//! organiser's waiting time loses the match by no-show (`league::no_show`), claimed by the player
//! present or by the referee, and recorded as the typed walkover is (`results::check_forfeit`, the
//! league's word on the walkover; `store::online::claim_no_show`, the same write and history row as
//! `results::set_forfeit`, in one transaction that checks the match's state first).

use crate::app::AppResult;
use crate::app::results::{check_forfeit, open_statuses};
use crate::league::no_show::{self, Waiting};
use crate::store::online::Presence;
use crate::store::rounds::{Forfeit, MatchRow, Status};
use crate::store::tournaments::{Role, Tournament};
use crate::store::{self, PlayerId, Store, UserId};

/// Who claims: the player present through their link, or a referee (or organiser) of the tournament.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Claimant {
    Player,
    Official(Role),
}

/// The match's presence and where its waiting stands now (`None`: the match is not online).
///
/// # Errors
/// The database fails.
pub async fn waiting(db: &Store, t: &Tournament, m: &MatchRow) -> AppResult<Option<(Presence, Waiting)>> {
    let Some(p) = store::online::presence(db, m.id).await? else { return Ok(None) };
    let w = no_show::waiting(p.present(), p.waited_secs(chrono::Utc::now()), t.no_show_wait_mins);
    Ok(Some((p, w)))
}

/// `player` (present) claims the match by the opponent's no-show; returns the walkover recorded.
///
/// # Errors
/// [`crate::app::Refusal::Online`] (both present, the claimant absent, too early, a game started),
/// [`crate::app::Refusal::MatchForfeited`], `RoundNotOpen`, `KnockoutNeedsAWinner`; the database fails.
pub async fn claim(
    db: &Store,
    t: &Tournament,
    m: &MatchRow,
    player: PlayerId,
    who: Claimant,
    by: UserId,
) -> AppResult<Forfeit> {
    // The walkover the claim would record (the opponent absent): the league's word on it first.
    let forfeit = if player == m.player_a { Forfeit::AbsentB } else { Forfeit::AbsentA };
    check_forfeit(m, Some(forfeit))?;
    let open: &[Status] = match who {
        Claimant::Player => &[Status::Published],
        Claimant::Official(role) => open_statuses(role),
    };
    let now = chrono::Utc::now();
    let wait = t.no_show_wait_mins;
    Ok(store::online::claim_no_show(db, t.id, m.id, player, wait, now, open, by).await?)
}
