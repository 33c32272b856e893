//! The change history as sentences, newest first, a page at a time, filtered by round and by
//! player; move logs kept in a change are linked (`history_log`), never inlined.

use crate::store::history::{self, Filter, Side};
use crate::store::rounds::Round;
use crate::store::tournaments::Tournament;
use crate::store::{self, PlayerId, Store};
use crate::web::error::WebError;
use crate::web::extract::ctx::Ctx;
use crate::web::extract::role::{Organising, Refereeing};
use crate::web::routes::render;
use crate::web::text::history::{HistoryLine, Names, describe};
use actix_web::{HttpResponse, web};
use askama::Template;
use serde::Deserialize;

/// Rows per page.
pub const PAGE: i64 = 50;

/// The names a tournament's history sentences need.
///
/// # Errors
/// The database fails.
pub async fn names(db: &Store, t: &Tournament) -> Result<Names, WebError> {
    let players = store::players::list(db, t.id).await?.into_iter().map(|p| (p.id.0, p.name)).collect();
    let users = store::users::all_names(db).await?.into_iter().collect();
    Ok(Names { players, users })
}

/// A page of history rows in words.
///
/// # Errors
/// The database fails.
pub async fn lines(
    ctx: &Ctx,
    db: &Store,
    t: &Tournament,
    filter: Filter,
    offset: i64,
    limit: i64,
) -> Result<Vec<HistoryLine>, WebError> {
    let names = names(db, t).await?;
    let rows = history::page(db, t.id, filter, offset, limit).await?;
    Ok(rows.iter().map(|e| describe(ctx.lang, &names, e)).collect())
}

#[derive(Template)]
#[template(path = "admin/history.html")]
struct HistoryPage<'a> {
    ctx: &'a Ctx,
    t: Tournament,
    lines: Vec<HistoryLine>,
    /// The filter's choices: (round number, chosen).
    rounds: Vec<(i64, bool)>,
    /// (player, name, chosen).
    players: Vec<(PlayerId, String, bool)>,
    page: i64,
    more: bool,
    /// The query string of this filter (for the page links).
    query: String,
}

#[derive(Deserialize)]
pub struct HistoryQuery {
    #[serde(default)]
    round: String,
    #[serde(default)]
    player: String,
    #[serde(default)]
    page: String,
}

pub async fn history(
    ctx: Ctx,
    org: Organising,
    db: web::Data<Store>,
    query: web::Query<HistoryQuery>,
) -> Result<HttpResponse, WebError> {
    let t = org.t;
    let number = |s: &str| s.trim().parse::<i64>().ok().filter(|&n| n > 0);
    let (round, player) = (number(&query.round), number(&query.player));
    let page = number(&query.page).unwrap_or(1);
    let filter = Filter { round, player: player.map(PlayerId), match_id: None };
    let mut lines = lines(&ctx, &db, &t, filter, (page - 1).saturating_mul(PAGE), PAGE + 1).await?;
    let more = lines.len() > usize::try_from(PAGE).unwrap_or(usize::MAX);
    lines.truncate(usize::try_from(PAGE).unwrap_or(usize::MAX));
    let mut query = String::new();
    if let Some(r) = round {
        query.push_str(&format!("round={r}&"));
    }
    if let Some(p) = player {
        query.push_str(&format!("player={p}&"));
    }
    render(&HistoryPage {
        ctx: &ctx,
        rounds: store::rounds::list(&db, t.id)
            .await?
            .iter()
            .map(|r: &Round| (r.number, round == Some(r.number)))
            .collect(),
        players: store::players::list(&db, t.id)
            .await?
            .into_iter()
            .map(|p| (p.id, p.name, player == Some(p.id.0)))
            .collect(),
        t,
        lines,
        page,
        more,
        query,
    })
}

/// The move log kept in one side of a history row, as plain text (the log as it was then).
/// Referees see a match's history too, so they may open its logs.
pub async fn history_log(
    referee: Refereeing,
    db: web::Data<Store>,
    path: web::Path<(i64, i64, String)>,
) -> Result<HttpResponse, WebError> {
    let (_, id, side) = path.into_inner();
    let t = referee.t;
    let side = match side.as_str() {
        "old" => Side::Old,
        "new" => Side::New,
        _ => return Err(WebError::NotFound),
    };
    let log = history::log_of(&db, t.id, id, side).await?.ok_or(WebError::NotFound)?;
    Ok(HttpResponse::Ok()
        .content_type("text/plain; charset=utf-8")
        .insert_header((
            "Content-Disposition",
            format!("inline; filename=\"log-{id}-{}.txt\"", if side == Side::Old { "old" } else { "new" }),
        ))
        .body(log))
}
