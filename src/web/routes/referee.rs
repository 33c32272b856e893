//! Referee pages (organisers may use them too): the tables of the current round, the deck check, and
//! result entry per game, typed or filled from a validated move log.

use super::{render, see_other, tournament};
use crate::outcome::{Side, Termination};
use crate::store::games::ResultEntry;
use crate::store::rounds::{Round, Status};
use crate::store::tournaments::{Role, Tournament};
use crate::store::{self, Db, GameId, MatchId};
use crate::web::auth::{self, LoggedIn};
use crate::web::csrf::CsrfForm;
use crate::web::ctx::Ctx;
use crate::web::error::WebError;
use crate::web::form;
use crate::web::league_view::Loaded;
use crate::web::lines::{MatchLine, match_line};
use actix_web::{HttpResponse, web};
use askama::Template;
use serde::Deserialize;

async fn refereed(db: &Db, user: &LoggedIn, id: i64) -> Result<(Tournament, bool), WebError> {
    let t = tournament(db, id).await?;
    auth::require(db, &user.0, t.id, Role::Referee).await?;
    let organiser = store::tournaments::has_role(db, t.id, user.0.id, Role::Organiser).await?;
    Ok((t, organiser))
}

#[derive(Template)]
#[template(path = "referee/tables.html")]
struct TablesPage<'a> {
    ctx: &'a Ctx,
    t: &'a Tournament,
    round: Option<Round>,
    lines: Vec<MatchLine>,
}

/// The tables of the current (latest published) round.
pub async fn tables(
    ctx: Ctx,
    user: LoggedIn,
    db: web::Data<Db>,
    path: web::Path<i64>,
) -> Result<HttpResponse, WebError> {
    let (t, _) = refereed(&db, &user, path.into_inner()).await?;
    let data = Loaded::load(&db, t).await?;
    let round = data.rounds.iter().rev().find(|r| r.status() == Status::Published).cloned();
    let lines = match &round {
        Some(r) => {
            data.matches_of_round(r).filter(|m| m.player_b.is_some()).map(|m| match_line(&data, m)).collect()
        }
        None => Vec::new(),
    };
    render(&TablesPage { ctx: &ctx, t: &data.t, round, lines })
}

#[derive(Template)]
#[template(path = "referee/match.html")]
struct MatchForm<'a> {
    ctx: &'a Ctx,
    t: &'a Tournament,
    line: MatchLine,
    terminations: Vec<&'static str>,
    editable: bool,
    saved: bool,
}

#[derive(Deserialize)]
pub struct Saved {
    saved: Option<String>,
}

/// Result forms for every game of a match.
pub async fn match_form(
    ctx: Ctx,
    user: LoggedIn,
    db: web::Data<Db>,
    path: web::Path<(i64, i64)>,
    query: web::Query<Saved>,
) -> Result<HttpResponse, WebError> {
    let (tid, mid) = path.into_inner();
    let (t, organiser) = refereed(&db, &user, tid).await?;
    let data = Loaded::load(&db, t).await?;
    let m = data.matches.iter().find(|m| m.id == MatchId(mid)).ok_or(WebError::NotFound)?;
    let status = crate::store::rounds::Status::parse(&m.round_status).unwrap_or(Status::Draft);
    let editable = status == Status::Published || (organiser && status == Status::Locked);
    let page = MatchForm {
        ctx: &ctx,
        t: &data.t,
        line: match_line(&data, m),
        terminations: Termination::ALL.iter().map(|t| t.as_str()).collect(),
        editable,
        saved: query.saved.is_some(),
    };
    render(&page)
}

#[derive(Deserialize)]
pub struct ResultForm {
    version: String,
    #[serde(default)]
    winner: String,
    #[serde(default)]
    termination: String,
    #[serde(default)]
    red_points: String,
    #[serde(default)]
    red_clock: String,
    #[serde(default)]
    polish_clock: String,
}

/// Save one game's result (typed), with the version the referee loaded.
pub async fn enter_result(
    ctx: Ctx,
    user: LoggedIn,
    db: web::Data<Db>,
    path: web::Path<(i64, i64)>,
    form: CsrfForm<ResultForm>,
) -> Result<HttpResponse, WebError> {
    let (tid, gid) = path.into_inner();
    let (t, organiser) = refereed(&db, &user, tid).await?;
    let (game, _) = store::games::get(&db, GameId(gid)).await?.ok_or(WebError::NotFound)?;
    let m = store::rounds::get_match(&db, t.id, game.match_id).await?.ok_or(WebError::NotFound)?;
    match Status::parse(&m.round_status) {
        Some(Status::Published) => {}
        Some(Status::Locked) if organiser => {}
        _ => return Err(WebError::BadRequest(ctx.t("round_not_open").to_string())),
    }
    let f = &form.value;
    let lang = ctx.lang;
    let version = form::int(lang, "version", &f.version, 0, i64::MAX)?;
    let winner: Side = f
        .winner
        .parse()
        .map_err(|_| WebError::BadRequest(format!("{}: {}", ctx.t("winner"), ctx.t("choose_one"))))?;
    let termination: Termination = f
        .termination
        .parse()
        .map_err(|_| WebError::BadRequest(format!("{}: {}", ctx.t("termination"), ctx.t("choose_one"))))?;
    if termination.fixed_winner().is_some_and(|w| w != winner) {
        return Err(WebError::BadRequest(format!(
            "{}: {} ≠ {}",
            ctx.t(termination.as_str()),
            ctx.t("winner"),
            ctx.t(winner.as_str())
        )));
    }
    let entry = ResultEntry {
        winner: Some(winner.as_str().to_string()),
        termination: Some(termination.as_str().to_string()),
        red_points: Some(form::int(lang, "red_points", &f.red_points, 0, 500)?),
        red_clock_secs: form::opt_int(lang, "red_clock", &f.red_clock, 0, 36_000)?,
        polish_clock_secs: form::opt_int(lang, "polish_clock", &f.polish_clock, 0, 36_000)?,
        log_text: None,
        log_status: "none".to_string(),
        log_message: String::new(),
    };
    store::games::save_result(&db, t.id, game.id, version, &entry, user.0.id).await?;
    tracing::info!(tournament = %t.id, game = %game.id, by = %user.0.username, "result saved");
    Ok(see_other(&format!("/ref/t/{}/match/{}?saved=1", t.id, m.id)))
}
