//! Referee pages (organisers may use them too), one file per resource: the tables of the current
//! round (here); the match page in the order of the day (`page`: deck check, game 1, game 2, then
//! a walkover or withdrawal); deck checks (`deck_checks`); game results, typed or from a move log,
//! and the extra game's lot (`results`); walkovers and withdrawals (`forfeits`). A refused form
//! comes back on the same page with what was typed kept and each problem beside its field.

mod cards;
mod deck_checks;
mod forfeits;
mod page;
mod results;

pub use cards::{CardView, checklist};
pub use deck_checks::deck_check;
pub use forfeits::forfeit;
pub use page::match_form;
pub use results::{LOG_MAX_BYTES, enter_result, extra_game, upload_result};

use super::render;
use crate::app::snapshot::{Loaded, MatchState};
use crate::store::rounds::{MatchRow, Round, Status};
use crate::store::tournaments::{Role, Tournament};
use crate::store::{self, Store};
use crate::web::error::WebError;
use crate::web::extract::ctx::Ctx;
use crate::web::extract::role::Refereeing;
use crate::web::read_model::lines::{MatchLine, match_line};
use crate::web::text::names::Named;
use actix_web::{HttpResponse, web};
use askama::Template;

/// Whether results may be entered on this match by an organiser (`true`) or a referee: the use
/// cases' rule (`app::results::open_for`).
fn open_for(m: &MatchRow, organiser: bool) -> bool {
    let role = if organiser { Role::Organiser } else { Role::Referee };
    crate::app::results::open_for(m.round_status, role)
}

#[derive(Template)]
#[template(path = "referee/tables.html")]
struct TablesPage<'a> {
    ctx: &'a Ctx,
    t: &'a Tournament,
    round: Option<Round>,
    /// Tables assigned to this referee.
    mine: Vec<MatchLine>,
    /// The rest of the round (referees help each other on a small day).
    others: Vec<MatchLine>,
    /// Whether anyone has tables assigned this round (otherwise every table is listed as one).
    assigned: bool,
    /// What the round is, in the knockout.
    stage: Option<crate::league::BracketRound>,
    /// The check-in desk is open to this visitor (the organiser let the referees in, issue 39) and
    /// still of use: its list not closed, or latecomers may still join round 1.
    desk: bool,
}

/// The tables of the current (latest published) round: the referee's own tables first, then the
/// rest.
pub async fn tables(ctx: Ctx, referee: Refereeing, db: web::Data<Store>) -> Result<HttpResponse, WebError> {
    let user = referee.user;
    let data = Loaded::load(&db, referee.t).await?;
    let round = data.rounds.iter().rev().find(|r| r.status() == Status::Published).cloned();
    let (mut mine, mut others) = (Vec::new(), Vec::new());
    let mut assigned = false;
    if let Some(r) = &round {
        let assignments = store::assignments::of_round(&db, r.id).await?;
        assigned = !assignments.is_empty();
        let own = |table: i64| assignments.iter().any(|a| a.table_no == table && a.user_id == user.id);
        for m in data.matches_of_round(r).filter(|m| m.player_b.is_some()) {
            if own(m.table_no) { &mut mine } else { &mut others }.push(match_line(&data, m));
        }
    }
    // The tables still to finish first, each part by table.
    for list in [&mut mine, &mut others] {
        list.sort_by_key(|l| (matches!(l.state, MatchState::Decided(_)), l.table));
    }
    let stage = round.as_ref().and_then(|r| data.stage_of_round(r));
    let desk = match crate::app::entries::open::rules(&db, data.t.id).await? {
        Some(o) if referee.organiser || o.rules.desk_referees => {
            !o.seated || crate::app::registration::next_round(&db, data.t.id).await? == 1
        }
        _ => false,
    };
    render(&TablesPage { ctx: &ctx, t: &data.t, round, mine, others, assigned, stage, desk })
}
