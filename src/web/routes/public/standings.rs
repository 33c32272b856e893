//! The standings with every tiebreak column (and, after the knockout, the final ranking above them),
//! computed by the league once per change (the read model). A tournament that opens with groups
//! has no Swiss table: its standings are each group's, linked to the group's page.

use crate::league::Tiebreak;
use crate::store::tournaments::Tournament;
use crate::web::error::WebError;
use crate::web::extract::ctx::Ctx;
use crate::web::extract::public_page::PublicPage;
use crate::web::read_model::groups::Groups;
use crate::web::read_model::lines::{FinalLines, StandingLine};
use crate::web::read_model::view::StandingsScope;
use crate::web::text::names::{Explained, Named};
use actix_web::{HttpRequest, HttpResponse};
use askama::Template;

#[derive(Template)]
#[template(path = "public/standings.html")]
struct StandingsPage<'a> {
    ctx: &'a Ctx,
    t: &'a Tournament,
    columns: &'a [Tiebreak],
    lines: &'a [StandingLine],
    scope: &'a StandingsScope,
    finals: Option<&'a FinalLines>,
    /// The opening groups (`None` for a Swiss tournament, or groups not drawn yet).
    groups: Option<&'a Groups>,
}

pub async fn standings(req: HttpRequest, ctx: Ctx, mut page: PublicPage) -> Result<HttpResponse, WebError> {
    if let Some(hit) = page.cached() {
        return Ok(hit);
    }
    let view = &page.view;
    page.render(
        &req,
        &StandingsPage {
            ctx: &ctx,
            t: view.t(),
            columns: view.standing_columns(),
            lines: view.standing_lines(),
            scope: view.scope(),
            finals: view.final_lines(),
            groups: Some(view.groups()).filter(|g| !g.groups.is_empty()),
        },
    )
}
