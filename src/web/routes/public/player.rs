//! A player's page: rank, match points and Red-side points as the standings count them, the place
//! in the final ranking, and every match in a public round with its games.

use crate::store::PlayerId;
use crate::store::players::Player;
use crate::store::tournaments::Tournament;
use crate::web::error::WebError;
use crate::web::extract::ctx::Ctx;
use crate::web::extract::public_page::PublicPage;
use crate::web::read_model::lines::{LogShown, MatchLine};
use crate::web::text::names::Named;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;

#[derive(Template)]
#[template(path = "public/player.html")]
struct PlayerPage<'a> {
    ctx: &'a Ctx,
    t: &'a Tournament,
    player: &'a Player,
    /// The match of the latest public round, when the player is paired in it.
    current: Option<&'a MatchLine>,
    /// The other matches, latest round first.
    earlier: Vec<&'a MatchLine>,
    red_total: i64,
    rank: Option<u32>,
    match_points: String,
    after_round: Option<i64>,
    /// The place in the final ranking, once the knockout is over.
    final_place: Option<&'a str>,
    /// The person the entry is, whose page lists every event they entered.
    person: Option<crate::store::PersonId>,
    /// The organiser may erase the player's personal data here (issue 37: only on this page, after
    /// the tournament's last day, behind a confirmation; not on every card of the overview).
    erase: bool,
}

pub async fn player(
    req: HttpRequest,
    ctx: Ctx,
    db: web::Data<crate::store::Store>,
    mut page: PublicPage,
    path: web::Path<(i64, i64)>,
) -> Result<HttpResponse, WebError> {
    if let Some(hit) = page.cached() {
        return Ok(hit);
    }
    let view = &page.view;
    let player = view.player(PlayerId(path.1)).ok_or(WebError::NotFound)?;
    // Red-side points as the standings count them: the league's scorecard, flag rule applied
    // (a Red commander who ran out of time scores 0 whatever was typed).
    let row = view.standing_of(player.id);
    let mut earlier: Vec<&MatchLine> = view.public_lines_of_player(player.id).collect();
    earlier.reverse();
    let latest_round = view.visible_rounds(false).map(|r| r.number).max();
    let current = match earlier.first() {
        Some(l) if Some(l.round) == latest_round => Some(earlier.remove(0)),
        _ => None,
    };
    // A merge or unmerge moves the tournament's change counter, so a cached page never links a
    // person the entry left.
    let person = crate::app::persons::of_player(&db, player.id).await?;
    // A logged-in visitor's page is never shared, so the organiser's part is never kept for others.
    let erase = !page.is_stale()
        && !player.erased()
        && crate::app::registration::season_over(view.t().last_day, chrono::Utc::now().date_naive())
        && super::roles(&ctx, &db, view.t()).await?.0;
    page.render(
        &req,
        &PlayerPage {
            ctx: &ctx,
            t: view.t(),
            player,
            current,
            earlier,
            red_total: row.map_or(0, |r| i64::from(r.red_side_points)),
            rank: row.map(|r| r.rank),
            match_points: row.map(|r| ctx.lang.decimal(&r.match_points)).unwrap_or_default(),
            after_round: view.scope().after_round,
            final_place: view.final_line_of(player.id).map(|f| f.place.as_str()),
            person,
            erase,
        },
    )
}
