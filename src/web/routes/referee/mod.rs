//! Referee pages (organisers may use them too), one file per resource: the tables of the current
//! round (here); the match page in the order of the day (`page`: deck check, game 1, game 2, then
//! a walkover or withdrawal); deck checks (`deck_checks`); game results, typed or from a move log,
//! and the extra game's lot (`results`); walkovers and withdrawals (`forfeits`). A refused form
//! comes back on the same page with what was typed kept and each problem beside its field.

mod deck_checks;
mod forfeits;
mod page;
mod results;

pub use deck_checks::{CardView, checklist, deck_check};
pub use forfeits::forfeit;
pub use page::match_form;
pub use results::{LOG_MAX_BYTES, enter_result, extra_game, upload_result};

use super::{render, tournament};
use crate::store::rounds::{MatchRow, Round, Status};
use crate::store::tournaments::{Role, Tournament};
use crate::store::{self, Store};
use crate::web::error::WebError;
use crate::web::extract::ctx::Ctx;
use crate::web::read_model::lines::{MatchLine, match_line};
use crate::web::read_model::loaded::Loaded;
use crate::web::security::auth::{self, LoggedIn};
use actix_web::{HttpResponse, web};
use askama::Template;

/// The tournament, if `user` referees (or organises) it; and whether they organise it.
async fn refereed(db: &Store, user: &LoggedIn, id: i64) -> Result<(Tournament, bool), WebError> {
    let t = tournament(db, id).await?;
    auth::require(db, &user.0, t.id, Role::Referee).await?;
    let organiser = store::tournaments::has_role(db, t.id, user.0.id, Role::Organiser).await?;
    Ok((t, organiser))
}

/// Whether results may be entered on a match of this round: a published round, or a locked one
/// for an organiser (corrections).
fn open_for(m: &MatchRow, organiser: bool) -> bool {
    match m.round_status {
        Status::Published => true,
        Status::Locked => organiser,
        Status::Draft => false,
    }
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
}

/// The tables of the current (latest published) round: the referee's own tables first, then the
/// rest.
pub async fn tables(
    ctx: Ctx,
    user: LoggedIn,
    db: web::Data<Store>,
    path: web::Path<i64>,
) -> Result<HttpResponse, WebError> {
    let (t, _) = refereed(&db, &user, path.into_inner()).await?;
    let data = Loaded::load(&db, t).await?;
    let round = data.rounds.iter().rev().find(|r| r.status() == Status::Published).cloned();
    let (mut mine, mut others) = (Vec::new(), Vec::new());
    let mut assigned = false;
    if let Some(r) = &round {
        let assignments = store::assignments::of_round(&db, r.id).await?;
        assigned = !assignments.is_empty();
        let own = |table: i64| assignments.iter().any(|a| a.table_no == table && a.user_id == user.0.id);
        for m in data.matches_of_round(r).filter(|m| m.player_b.is_some()) {
            if own(m.table_no) { &mut mine } else { &mut others }.push(match_line(&data, m));
        }
    }
    render(&TablesPage { ctx: &ctx, t: &data.t, round, mine, others, assigned })
}
