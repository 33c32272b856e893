//! A group's page (issue 19): the crosstable (the grid of match results, the games' score in each
//! cell), the standings with the qualifying places marked "awans" and the tiebreaks named, and the
//! schedule by round with the tables. From the read model's groups (`web::read_model::groups`).

use crate::league::Tiebreak;
use crate::store::tournaments::Tournament;
use crate::web::error::WebError;
use crate::web::extract::ctx::Ctx;
use crate::web::extract::public_page::PublicPage;
use crate::web::read_model::groups::{self, Group, TieNote};
use crate::web::read_model::lines::MatchLine;
use crate::web::text::names::{Explained, Named};
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;

#[derive(Template)]
#[template(path = "public/group.html")]
struct GroupPage<'a> {
    ctx: &'a Ctx,
    t: &'a Tournament,
    group: &'a Group,
    /// Every group's letter (the switcher).
    letters: Vec<&'a str>,
    columns: &'a [Tiebreak],
    per_group: u32,
    frozen: bool,
    annul_under_half: bool,
    knockout: bool,
    /// The schedule: each group round's number and this group's matches in it.
    rounds: Vec<(i64, Vec<&'a MatchLine>)>,
}

pub async fn group(
    req: HttpRequest,
    ctx: Ctx,
    mut page: PublicPage,
    path: web::Path<(i64, String)>,
) -> Result<HttpResponse, WebError> {
    if let Some(hit) = page.cached() {
        return Ok(hit);
    }
    let view = &page.view;
    let all = view.groups();
    let group = groups::index_of(&path.1).and_then(|g| all.groups.get(g)).ok_or(WebError::NotFound)?;
    let rounds = group
        .schedule
        .iter()
        .map(|(n, at)| (*n, at.iter().filter_map(|&i| view.line_at(i)).collect()))
        .collect();
    page.render(
        &req,
        &GroupPage {
            ctx: &ctx,
            t: view.t(),
            group,
            letters: all.groups.iter().map(|g| g.letter.as_str()).collect(),
            columns: &all.columns,
            per_group: all.per_group,
            frozen: all.frozen,
            annul_under_half: all.annul_under_half,
            knockout: all.knockout,
            rounds,
        },
    )
}
